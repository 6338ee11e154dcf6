"""The host's recovery link: made at the table, shown once, opened on another phone to host from it."""

from __future__ import annotations

from flask import Blueprint, Response, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from companion import services
from companion.games.words import N_
from companion.policy import Action, require
from companion.web.membership import device_id, membership, remember
from companion.web.requests import engine, qr_data_uri, refuse
from companion.web.views.play import member
from companion.web.views.tables import shared_url

bp = Blueprint("host", __name__)


@bp.post("/t/<code>/recovery")
def host_recovery(code: str) -> ResponseReturnValue:
    """Make a host recovery link and show it once, as a QR code to photograph."""
    table, role = member(code)
    require(Action.MAKE_HOST_KEY, role.roles)
    link = shared_url("host.recover_host", token=services.new_host_key(engine(), table))
    response = Response(render_template("host_recovery.html", table=table, link=link, qr=qr_data_uri(link)))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.route("/host/<token>", methods=["GET", "POST"])
def recover_host(token: str) -> ResponseReturnValue:
    """Give this phone the host's powers at the table of a recovery link."""
    try:
        table = services.host_key_table(engine(), token)
    except services.NotFound:
        raise refuse(404, N_("This host recovery link is not valid.")) from None
    if request.method == "GET":
        current = membership(table.code)
        return render_template("host_restore.html", table=table, already=current is not None and current.host)
    device_id()
    remember(table.code, host=True)
    return redirect(url_for("play.table", code=table.code), 303)
