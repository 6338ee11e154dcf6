"""A table: the board, recording entries, the log, the results, the join QR code, the export."""

from __future__ import annotations

import json
from datetime import timedelta

from flask import Response, current_app, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext

from companion.games import kinds
from companion.games.table_moves import moves
from companion.games.words import N_
from companion.policy import Action
from companion.results import reveal
from companion.services import profiles, results, tables
from companion.services.table import Table, new_key
from companion.web import boards
from companion.web.door import Blueprint, this_phone, this_table
from companion.web.errors import refuse
from companion.web.extensions import broker, engine
from companion.web.forms import checked_key, parse_payload, safe_next, sequence_number
from companion.web.htmx import wants_fragment
from companion.web.membership import device_id
from companion.web.notices import notices
from companion.web.qr import qr_response
from companion.web.views.tables import shared_url, take_seat_from_form

bp = Blueprint("play", __name__, url_prefix="/t/<code>")


def page_context(table: Table) -> dict[str, object]:
    """Return what the table page needs around the board (the host's seats and invitations)."""
    phone, state = this_phone(), table.state
    key = new_key()  # this page's forms' keys, for a phone that posts them without JavaScript
    view = table.view(phone.seat, phone.host)
    return {
        "board_html": boards.board_markup(table, phone, key),
        "controls": view.controls,
        "viewer": view.viewer,
        "table": table.info,
        "role": phone,
        "state": state,
        "game": table.game,
        "key": key,
        "kinds": kinds,
        "host_link": profiles.live_host_key(engine(), table.info) if phone.host and not state.ended else None,
        # The phone that ended the table loads the page (``?revealed=1``): it gets the reveal the others got as news.
        "reveal_now": reveal(table.scoreboard) if state.ended and request.args.get("revealed") else None,
    }


@bp.get("", action=Action.VIEW_TABLE)
def table(code: str) -> ResponseReturnValue:
    """Show the table (the board alone for htmx; nothing when a poll already shows the last entry)."""
    table = this_table()
    if not wants_fragment():
        return render_template("tables/table.html", **page_context(table), error=None)
    since = sequence_number(request.args.get("since"))
    if since is not None and since == table.state.last_seq:
        return "", 204  # nothing new: the poll keeps what it shows
    # The board (the public board of this step and this phone's own parts) and its news since its last one.
    return boards.board(table, this_phone()) + notices(table, this_phone(), since)


@bp.post("/events", action=Action.RECORD)
def record(code: str) -> ResponseReturnValue:
    """Record one entry (or answer a repeat of it): htmx gets 204 (the phone fetches its board), a form the board."""
    table, phone = this_table(), this_phone()
    form = request.form
    kind_name = form.get("kind", "")
    move = moves(table.game).get(kind_name)
    if move is None:
        raise refuse(422, N_("Unknown kind of entry: {kind}."), kind=kind_name[:40])
    payload = parse_payload(move, form)
    seat = phone.claimed  # the seat its cookie names: checked on the ledger the move is appended to
    table.record(
        kind=move.kind,
        payload=payload,
        author=seat,
        by_host=phone.host,
        idempotency_key=checked_key(form.get("key", "")),
        broker=broker(),
        device=device_id() if seat is not None else None,
        hold=timedelta(seconds=float(current_app.config["ADVANCE_HOLD_SECONDS"])),
    )
    if wants_fragment():
        # Stored. The phone clears its messages and fetches its board, as every phone at the table
        # does on the stream's news: the board is rendered once for it, by that fetch, not twice.
        return "", 204
    return redirect(safe_next(form.get("next"), url_for("play.table", code=table.code)), 303)


@bp.post("/seat", action=Action.TAKE_SEAT_AS_HOST)
def take_seat(code: str) -> ResponseReturnValue:
    """Let the host take a free seat on this phone."""
    return take_seat_from_form(this_table())


@bp.get("/log", action=Action.VIEW_TABLE)
def log(code: str) -> ResponseReturnValue:
    """List the entries in plain words, newest first, a page at a time, with undo per row."""
    table, phone = this_table(), this_phone()
    context = {
        "table": table.info,
        "role": phone,
        "state": table.state,
        "game": table.game,
        "page": table.log_page(phone.seat, phone.host, sequence_number(request.args.get("before"))),
        "controls": table.view(phone.seat, phone.host).controls,
        "kinds": kinds,
        "key": new_key(),
    }
    if wants_fragment():
        return render_template("partials/_log_lines.html", **context)
    return render_template("tables/log.html", **context)


@bp.get("/results", action=Action.VIEW_TABLE, endpoint="results")
def results_page(code: str) -> ResponseReturnValue:
    """Show the results: winners, breakdown and chart, tie-breaks, the options that applied, the seed."""
    return render_template("tables/results.html", **results_context(this_table()), role=this_phone())


def results_context(table: Table) -> dict[str, object]:
    """Return what the results page needs (for a member or through the read-only results link)."""
    view = results.results_view(table, gettext)
    return {
        "table": table.info,
        "state": view.state,
        "game": table.game,
        "view": view,
        "board": view.board,
        "reveal": view.reveal,
        "seed_hash": view.seed_hash,
        "bgstats_link": view.bgstats_link,
        "results_link": shared_url("results.public", token=table.info.results_token),
    }


@bp.get("/qr.svg", action=Action.SHOW_JOIN_CODE)
def join_qr(code: str) -> ResponseReturnValue:
    """Return the join link as an SVG QR code (host only)."""
    return qr_response(shared_url("tables.join", token=this_table().info.join_token))


@bp.get("/scenario.json", action=Action.DOWNLOAD_SCENARIO)
def export(code: str) -> ResponseReturnValue:
    """Download the table's ledger as a scenario file (once the table has ended)."""
    table = this_table()
    body = json.dumps(tables.export_scenario(table), ensure_ascii=False, indent=2)
    return Response(
        body,
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="table-{table.code}.json"'},
    )
