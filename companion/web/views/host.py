"""The host's recovery link: made at the table, shown once, opened on another phone to host from it.

A link works for one phone, once, for a day (:data:`~companion.storage.host_links.HOST_LINK_LIFETIME`)
while the table runs; a newer link or the host's revoke stops it, and its use is written in the log.
"""

from __future__ import annotations

from flask import Response, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from companion.games.words import N_
from companion.policy import Action
from companion.services import profiles
from companion.services.table import NotFound
from companion.web.door import Blueprint, this_table
from companion.web.errors import refuse
from companion.web.extensions import broker, engine, tables
from companion.web.membership import device_id, membership, remember
from companion.web.qr import qr_data_uri
from companion.web.views.tables import shared_url

bp = Blueprint("host", __name__)

NOT_VALID = N_(
    "This host recovery link does not work: it was used, revoked or replaced, it is over a day old, or its table"
    " has ended. Ask the host for a new one."
)


@bp.post("/t/<code>/recovery", action=Action.MAKE_HOST_KEY)
def host_recovery(code: str) -> ResponseReturnValue:
    """Make a host recovery link (any earlier one stops working) and show it once, as a QR code to photograph."""
    table = this_table().info
    link = shared_url("host.recover_host", token=profiles.new_host_key(engine(), table))
    live = profiles.live_host_key(engine(), table)
    page = render_template("host_recovery.html", table=table, link=link, qr=qr_data_uri(link), live=live)
    response = Response(page)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/t/<code>/recovery/revoke", action=Action.MAKE_HOST_KEY)
def revoke_host_recovery(code: str) -> ResponseReturnValue:
    """Stop the table's host recovery link from working."""
    table = this_table().info
    profiles.revoke_host_keys(engine(), table)
    return redirect(url_for("play.table", code=table.code), 303)


@bp.route("/host/<token>", methods=["GET", "POST"], action=Action.RECOVER_HOST)
def recover_host(token: str) -> ResponseReturnValue:
    """Give this phone the host's powers at the table of a working recovery link (spent as it is used)."""
    try:
        table = profiles.host_key_table(tables(), token)
        current = membership(table.code)
        already = current is not None and current.host
        if request.method == "GET":
            return render_template("host_restore.html", table=table, already=already)
        if not already:  # a phone that hosts already leaves the link for the phone it was made for
            table = profiles.use_host_key(tables(), token, broker())
    except NotFound:
        raise refuse(404, NOT_VALID) from None
    device_id()
    remember(table.code, host=True)
    return redirect(url_for("play.table", code=table.code), 303)
