"""Home, new table, joining by link, watching, and the language switch."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, redirect, render_template, request, session, url_for
from flask.typing import ResponseReturnValue

from companion import services
from companion.games.registry import GAMES, catalogue_games, get_game
from companion.games.words import N_, Message, RuleError
from companion.htmx import wants_fragment
from companion.i18n import LANGUAGE_KEY, THEME_KEY, THEMES
from companion.ledger.store import TableInfo
from companion.membership import device_id, joined_codes, membership, profile_token, remember
from companion.web import broker, checked_key, engine, refuse, safe_next, sequence_number

bp = Blueprint("tables", __name__)

NEW_TABLE_PLAYERS = 6


@bp.get("/")
def home() -> ResponseReturnValue:
    """List the tables this phone has joined."""
    tables = services.tables_by_code(engine(), joined_codes())
    return render_template("home.html", tables=tables, games=GAMES, catalogues=catalogue_games())


def _new_table_context(slug: str, form: Mapping[str, str], error: Message | None) -> dict[str, Any]:
    options, values = services.form_options(slug, form)
    return {
        "games": GAMES,
        "game": get_game(slug),
        "options": options,
        "options_shown": services.OPTIONS_SHOWN,
        "colours": services.COLOUR_NAMES,
        "colour_order": services.PLAYER_COLOURS,
        "rows": NEW_TABLE_PLAYERS,
        "values": values,
        "error": error,
    }


@bp.get("/new")
def new_table() -> ResponseReturnValue:
    """Show the new-table form (the options part alone for htmx when the game changes)."""
    context = _new_table_context(request.args.get("game") or next(iter(GAMES)), request.args.to_dict(), None)
    if wants_fragment():
        return render_template("partials/_options.html", **context)
    return render_template("tables/new.html", **context)


@bp.post("/new")
def create_table() -> ResponseReturnValue:
    """Create a table; this phone becomes its host."""
    form = request.form
    slug = form.get("game", "")
    get_game(slug)
    players = [
        services.PlayerEntry(form.get(f"name-{i}", ""), form.get(f"colour-{i}", ""))
        for i in range(1, NEW_TABLE_PLAYERS + 1)
    ]
    options = {
        option.key: form.get(f"option-{option.key}", "false" if option.kind == "bool" else "")
        for option in services.all_options(slug)
        if f"option-{option.key}" in form or option.kind == "bool"
    }
    try:
        table = services.create_table(engine(), slug=slug, players=players, options=options)
    except RuleError as error:
        return render_template("tables/new.html", **_new_table_context(slug, form.to_dict(), error.message)), 422
    device_id()
    remember(table.code, host=True)
    return redirect(url_for("play.table", code=table.code), 303)


@bp.route("/join/<token>", methods=["GET", "POST"])
def join(token: str) -> ResponseReturnValue:
    """Pick a free seat at the table behind a join link; this phone keeps it."""
    table = services.find_table(engine(), join_token=token)
    state = services.table_state(engine(), table)
    current = membership(table.code)
    if current is not None and current.seat is not None and state.claims.get(current.seat) == device_id():
        return redirect(url_for("play.table", code=table.code), 303)  # it holds its seat: nothing to choose
    if request.method == "POST":
        return take_seat_from_form(table)
    free = [p for p in table.setup.players if p.seat not in state.claims]
    page = render_template("tables/join.html", table=table, state=state, free=free, key=services.new_key())
    return page, (200 if free else 409)  # a full table: the page offers the watch link


def take_seat_from_form(table: TableInfo) -> ResponseReturnValue:
    """Give this phone the seat chosen in the form, then show the table."""
    seat = sequence_number(request.form.get("seat"))
    if seat is None:
        raise refuse(400, N_("Choose a seat."))
    key = checked_key(request.form.get("key", ""))
    current = membership(table.code)
    host = current is not None and current.host
    services.take_seat(engine(), table, seat=seat, device=device_id(), key=key, by_host=host, broker=broker())
    remember(table.code, seat=seat)
    services.link_seat(engine(), services.find_profile(engine(), profile_token()), table, seat)
    return redirect(url_for("play.table", code=table.code), 303)


@bp.get("/watch/<token>")
def watch(token: str) -> ResponseReturnValue:
    """Follow a table read-only."""
    table = services.find_table(engine(), watch_token=token)
    remember(table.code, watcher=True)
    return redirect(url_for("play.table", code=table.code), 303)


@bp.post("/theme")
def theme() -> ResponseReturnValue:
    """Switch between the system's colours, light and dark; go back."""
    chosen = request.form.get("theme", "")
    if chosen in THEMES:
        session[THEME_KEY] = chosen
    return redirect(safe_next(request.form.get("next"), url_for("tables.home")), 303)


@bp.post("/language")
def language() -> ResponseReturnValue:
    """Switch the page language and go back."""
    chosen = request.form.get("lang", "")
    if chosen in ("en", "ja"):
        session[LANGUAGE_KEY] = chosen
    return redirect(safe_next(request.form.get("next"), url_for("tables.home")), 303)
