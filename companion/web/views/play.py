"""A table: the board, recording entries, the log, the results, the join QR code, the export."""

from __future__ import annotations

import json
from datetime import timedelta

from flask import Blueprint, Response, current_app, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext

from companion import services
from companion.games import kinds
from companion.games.registry import get_game
from companion.games.table_moves import moves
from companion.games.words import N_
from companion.policy import Action, allows, require
from companion.results import reveal
from companion.storage.store import TableInfo
from companion.web import boards
from companion.web.htmx import wants_fragment
from companion.web.membership import Membership, device_id, membership
from companion.web.notices import notices
from companion.web.requests import (
    broker,
    checked_key,
    engine,
    forget_table_states,
    parse_payload,
    qr_response,
    refuse,
    safe_next,
    sequence_number,
    table_state,
)
from companion.web.views.tables import shared_url, take_seat_from_form

bp = Blueprint("play", __name__, url_prefix="/t/<code>")


def member(code: str, *, seat_checked: bool = True) -> tuple[TableInfo, Membership]:
    """Return the table and this phone's role there; a phone that has not joined gets "no such table".

    The ledger decides who holds a seat: a phone whose seat the host freed is back to watching.
    ``seat_checked=False`` leaves that to the caller (a move checks it when it is appended).
    """
    table = services.find_table(engine(), code=code)
    role = membership(table.code)
    if role is None or not allows(Action.VIEW_TABLE, role.roles):
        raise services.NotFound  # a stranger: the same answer as an unknown code, so codes cannot be guessed
    if seat_checked and role.seat is not None and table_state(table).claims.get(role.seat) != device_id():
        role = Membership(host=role.host, seat=None)
    return table, role


def page_context(table: TableInfo, role: Membership) -> dict[str, object]:
    """Return what the table page needs around the board (the host's seats and invitations)."""
    state = table_state(table)
    key = services.new_key()  # this page's forms' keys, for a phone that posts them without JavaScript
    phone = services.seat_view(state, role.seat, role.host)
    return {
        "board_html": boards.board_markup(table, role, key),
        "controls": phone.controls,
        "viewer": phone.viewer,
        "table": table,
        "role": role,
        "state": state,
        "game": get_game(table.setup.game),
        "key": key,
        "kinds": kinds,
        "host_link": services.live_host_key(engine(), table) if role.host and not state.ended else None,
        # The phone that ended the table loads the page (``?revealed=1``): it gets the reveal the others got as news.
        "reveal_now": reveal(services.scoreboard(state)) if state.ended and request.args.get("revealed") else None,
    }


@bp.get("")
def table(code: str) -> ResponseReturnValue:
    """Show the table (the board alone for htmx; nothing when a poll already shows the last entry)."""
    table, role = member(code)
    if not wants_fragment():
        return render_template("tables/table.html", **page_context(table, role), error=None)
    since = sequence_number(request.args.get("since"))
    if since is not None and since == table_state(table).last_seq:
        return "", 204  # nothing new: the poll keeps what it shows
    # The board (the same for every phone with this view) and what is news for this phone since its last one.
    return boards.board(table, role) + notices(table, role, since)


@bp.post("/events")
def record(code: str) -> ResponseReturnValue:
    """Record one entry (or answer a repeat of it): htmx gets 204 (the phone fetches its board), a form the board."""
    table, role = member(code, seat_checked=False)  # checked on the ledger the move is appended to
    require(Action.RECORD, role.roles)
    form = request.form
    kind_name = form.get("kind", "")
    move = moves(get_game(table.setup.game)).get(kind_name)
    if move is None:
        raise refuse(422, N_("Unknown kind of entry: {kind}."), kind=kind_name[:40])
    services.record(
        engine(),
        table,
        kind=move.kind,
        payload=parse_payload(move, form),
        author=role.seat,
        by_host=role.host,
        idempotency_key=checked_key(form.get("key", "")),
        broker=broker(),
        device=device_id() if role.seat is not None else None,
        hold=timedelta(seconds=float(current_app.config["ADVANCE_HOLD_SECONDS"])),
    )
    forget_table_states()
    if wants_fragment():
        # Stored. The phone clears its messages and fetches its board, as every phone at the table
        # does on the stream's news: the board is rendered once for it, by that fetch, not twice.
        return "", 204
    return redirect(safe_next(form.get("next"), url_for("play.table", code=table.code)), 303)


@bp.post("/seat")
def take_seat(code: str) -> ResponseReturnValue:
    """Let the host (or a watcher holding the join link) take a free seat on this phone."""
    table, role = member(code)
    require(Action.TAKE_SEAT_AS_HOST, role.roles)
    return take_seat_from_form(table)


@bp.get("/log")
def log(code: str) -> ResponseReturnValue:
    """List the entries in plain words, newest first, a page at a time, with undo per row."""
    table, role = member(code)
    state = table_state(table)
    page = services.log_page(state, role.seat, role.host, sequence_number(request.args.get("before")))
    context = {
        "table": table,
        "role": role,
        "state": state,
        "game": get_game(table.setup.game),
        "page": page,
        "controls": services.seat_view(state, role.seat, role.host).controls,
        "kinds": kinds,
        "key": services.new_key(),
    }
    if wants_fragment():
        return render_template("partials/_log_lines.html", **context)
    return render_template("tables/log.html", **context)


@bp.get("/results")
def results(code: str) -> ResponseReturnValue:
    """Show the results: winners, breakdown and chart, tie-breaks, the options that applied, the seed."""
    table, role = member(code)
    return render_template("tables/results.html", **results_context(table), role=role)


def results_context(table: TableInfo) -> dict[str, object]:
    """Return what the results page needs (for a member or through the read-only results link)."""
    view = services.results_view(engine(), table, gettext)
    return {
        "table": table,
        "state": view.state,
        "game": get_game(table.setup.game),
        "view": view,
        "board": view.board,
        "reveal": view.reveal,
        "seed_hash": view.seed_hash,
        "bgstats_link": view.bgstats_link,
        "results_link": shared_url("results.public", token=table.results_token),
    }


@bp.get("/qr.svg")
def join_qr(code: str) -> ResponseReturnValue:
    """Return the join link as an SVG QR code (host only)."""
    table, role = member(code)
    require(Action.SHOW_JOIN_CODE, role.roles)
    return qr_response(shared_url("tables.join", token=table.join_token))


@bp.get("/scenario.json")
def export(code: str) -> ResponseReturnValue:
    """Download the table's ledger as a scenario file."""
    table, role = member(code)
    require(Action.DOWNLOAD_SCENARIO, role.roles, ended=table_state(table).ended)
    body = json.dumps(services.export_scenario(engine(), table), ensure_ascii=False, indent=2)
    return Response(
        body,
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="table-{table.code}.json"'},
    )
