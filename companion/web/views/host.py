"""The host's recovery link: made at the table, shown once, opened on another phone to host from it.

A link works for one phone, once, for a day (:data:`~companion.storage.host_links.HOST_LINK_LIFETIME`)
while the table runs; a newer link or the host's revoke stops it, and its use is written in the log.
"""

from __future__ import annotations

from flask import Blueprint, Response, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from companion import services
from companion.games.words import N_
from companion.policy import Action, require
from companion.web.membership import device_id, membership, remember
from companion.web.requests import broker, engine, qr_data_uri, refuse
from companion.web.views.play import member
from companion.web.views.tables import shared_url

bp = Blueprint("host", __name__)

NOT_VALID = N_(
    "This host recovery link does not work: it was used, revoked or replaced, it is over a day old, or its table"
    " has ended. Ask the host for a new one."
)


@bp.post("/t/<code>/recovery")
def host_recovery(code: str) -> ResponseReturnValue:
    """Make a host recovery link (any earlier one stops working) and show it once, as a QR code to photograph."""
    table, role = member(code)
    require(Action.MAKE_HOST_KEY, role.roles)
    link = shared_url("host.recover_host", token=services.new_host_key(engine(), table))
    live = services.live_host_key(engine(), table)
    page = render_template("host_recovery.html", table=table, link=link, qr=qr_data_uri(link), live=live)
    response = Response(page)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/t/<code>/recovery/revoke")
def revoke_host_recovery(code: str) -> ResponseReturnValue:
    """Stop the table's host recovery link from working."""
    table, role = member(code)
    require(Action.MAKE_HOST_KEY, role.roles)
    services.revoke_host_keys(engine(), table)
    return redirect(url_for("play.table", code=table.code), 303)


@bp.route("/host/<token>", methods=["GET", "POST"])
def recover_host(token: str) -> ResponseReturnValue:
    """Give this phone the host's powers at the table of a working recovery link (spent as it is used)."""
    try:
        table = services.host_key_table(engine(), token)
        current = membership(table.code)
        already = current is not None and current.host
        if request.method == "GET":
            return render_template("host_restore.html", table=table, already=already)
        if not already:  # a phone that hosts already leaves the link for the phone it was made for
            table = services.use_host_key(engine(), token, broker())
    except services.NotFound:
        raise refuse(404, NOT_VALID) from None
    device_id()
    remember(table.code, host=True)
    return redirect(url_for("play.table", code=table.code), 303)
