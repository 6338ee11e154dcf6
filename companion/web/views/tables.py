"""Home, a new table (from the form or a scenario file), joining by link, watching, the language and theme."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import current_app, redirect, render_template, request, session, url_for
from flask.typing import ResponseReturnValue

from companion.games.registry import GAMES, catalogue_games, get_game
from companion.games.scenario import MAX_SCENARIO_BYTES
from companion.games.time_zones import ZONE_FIELD, known_zone
from companion.games.words import N_, Message, RuleError
from companion.network import shared_origin
from companion.policy import Action
from companion.services import tables as new_tables
from companion.services.table import Table, new_key
from companion.web.door import Blueprint
from companion.web.errors import refuse
from companion.web.extensions import broker, engine, tables
from companion.web.forms import checked_key, safe_next, sequence_number, uploaded
from companion.web.htmx import wants_fragment
from companion.web.i18n import LANGUAGE_KEY, THEME_KEY, THEMES
from companion.web.membership import device_id, joined_codes, membership, profile_token, remember

bp = Blueprint("tables", __name__)

NEW_TABLE_PLAYERS = 6


@bp.app_template_global()
def shared_url(endpoint: str, **values: Any) -> str:
    """Return the address of ``endpoint`` for another phone to open (a QR code, a link to share).

    ``COMPANION_PUBLIC_URL`` names it when set; a page opened through 127.0.0.1 or localhost gets
    this machine's LAN address and the same port instead (see :mod:`companion.network`).
    """
    path = url_for(endpoint, **values)
    public_url = current_app.config.get("PUBLIC_URL")
    if public_url:  # the proxy's address stands for this app's root
        return str(public_url) + path[len(request.script_root) :]
    base = shared_origin(
        public_url=None,
        scheme=request.scheme,
        host=request.host,
        server_port=sequence_number(request.environ.get("SERVER_PORT")),
    )
    return base + path


@bp.get("/", action=Action.USE_SITE)
def home() -> ResponseReturnValue:
    """List the tables this phone has joined."""
    tables = new_tables.tables_by_code(engine(), joined_codes())
    return render_template("home.html", tables=tables, games=GAMES, catalogues=catalogue_games())


def _new_table_context(slug: str, form: Mapping[str, str], error: Message | None) -> dict[str, Any]:
    options, values = new_tables.form_options(slug, form)
    play_as, play_as_chosen = new_tables.play_as_choices(form, NEW_TABLE_PLAYERS)
    return {
        "games": GAMES,
        "slug": slug,
        "game": get_game(slug),
        # The choices that set the game up stay in view; yes/no fine points and tables of printed
        # numbers (right by default) wait behind one disclosure, so the defaults fit one screen.
        "options": [option for option in options if option.kind == "choice"],
        "fine_points": [option for option in options if option.kind != "choice"],
        "options_shown": new_tables.OPTIONS_SHOWN,
        "play_as_field": new_tables.PLAY_AS,
        "play_as": play_as,
        "play_as_chosen": play_as_chosen,
        "only_host": new_tables.ONLY_HOST,
        "colours": new_tables.COLOUR_NAMES,
        "colour_order": new_tables.PLAYER_COLOURS,
        "rows": NEW_TABLE_PLAYERS,
        "values": values,
        "error": error,
    }


@bp.get("/new", action=Action.CREATE_TABLE)
def new_table() -> ResponseReturnValue:
    """Show the new-table form with the options that apply to the values chosen (its choices alone for htmx)."""
    context = _new_table_context(request.args.get("game") or next(iter(GAMES)), request.args.to_dict(), None)
    if wants_fragment():
        return render_template("partials/_options.html", **context)
    return render_template("tables/new.html", **context)


@bp.post("/new", action=Action.CREATE_TABLE)
def create_table() -> ResponseReturnValue:
    """Create a table; this phone becomes its host and, unless it only hosts, takes the seat chosen."""
    form = request.form
    slug = form.get("game", "")
    get_game(slug)
    players = [
        new_tables.PlayerEntry(form.get(f"name-{i}", ""), form.get(f"colour-{i}", ""))
        for i in range(1, NEW_TABLE_PLAYERS + 1)
    ]
    options = {
        option.key: form.get(f"option-{option.key}", "false" if option.kind == "bool" else "")
        for option in new_tables.all_options(slug)
        if f"option-{option.key}" in form or option.kind == "bool"
    }
    try:
        new = new_tables.start_table(
            tables(),
            slug=slug,
            players=players,
            options=options,
            play_as=form.get(new_tables.PLAY_AS),
            device=device_id(),
            broker=broker(),
            profile_token=profile_token(),
            time_zone=known_zone(form.get(ZONE_FIELD)),
        )
    except RuleError as error:
        return render_template("tables/new.html", **_new_table_context(slug, form.to_dict(), error.message)), 422
    remember(new.table.code, host=True)
    if new.seat is not None:
        remember(new.table.code, seat=new.seat)
    return redirect(url_for("play.table", code=new.table.code), 303)


@bp.get("/import", action=Action.IMPORT_TABLE)
def import_form() -> ResponseReturnValue:
    """Show the form that recreates a table from a scenario file."""
    return render_template("import.html", error=None)


@bp.post("/import", action=Action.IMPORT_TABLE)
def import_scenario() -> ResponseReturnValue:
    """Recreate a table from a scenario file; this phone becomes its host (limited like creating a table)."""
    data = uploaded("scenario", MAX_SCENARIO_BYTES)
    try:
        if not data:
            raise RuleError(N_("Choose a scenario file (at most {limit} MB)."), limit=MAX_SCENARIO_BYTES // 2**20)
        table = new_tables.import_scenario(tables(), data, known_zone(request.form.get(ZONE_FIELD)))
    except RuleError as error:
        return render_template("import.html", error=error.message), 422
    device_id()
    remember(table.code, host=True)
    return redirect(url_for("play.table", code=table.code), 303)


@bp.route("/join/<token>", methods=["GET", "POST"], action=Action.JOIN)
def join(token: str) -> ResponseReturnValue:
    """Pick a free seat at the table behind a join link; this phone keeps it."""
    table = tables().find(join_token=token)
    state = table.state
    current = membership(table.code)
    if current is not None and current.seat is not None and state.claims.get(current.seat) == device_id():
        return redirect(url_for("play.table", code=table.code), 303)  # it holds its seat: nothing to choose
    if request.method == "POST":
        return take_seat_from_form(table)
    free = [p for p in table.info.setup.players if p.seat not in state.claims]
    page = render_template("tables/join.html", table=table.info, state=state, free=free, key=new_key())
    return page, (200 if free else 409)  # a full table: the page offers the watch link


def take_seat_from_form(table: Table) -> ResponseReturnValue:
    """Give this phone the seat chosen in the form, then show the table."""
    seat = sequence_number(request.form.get("seat"))
    if seat is None:
        raise refuse(400, N_("Choose a seat."))
    key = checked_key(request.form.get("key", ""))
    current = membership(table.code)
    host = current is not None and current.host
    table.take_seat(
        seat=seat,
        device=device_id(),
        key=key,
        by_host=host,
        broker=broker(),
        profile_token=profile_token(),
        time_zone=known_zone(request.form.get(ZONE_FIELD)),
    )
    remember(table.code, seat=seat)
    return redirect(url_for("play.table", code=table.code), 303)


@bp.get("/watch/<token>", action=Action.WATCH)
def watch(token: str) -> ResponseReturnValue:
    """Follow a table read-only."""
    table = tables().find(watch_token=token)
    remember(table.code, watcher=True)
    return redirect(url_for("play.table", code=table.code), 303)


@bp.post("/theme", action=Action.USE_SITE)
def theme() -> ResponseReturnValue:
    """Switch between the system's colours, light and dark; go back."""
    chosen = request.form.get("theme", "")
    if chosen in THEMES:
        session[THEME_KEY] = chosen
    return redirect(safe_next(request.form.get("next"), url_for("tables.home")), 303)


@bp.post("/language", action=Action.USE_SITE)
def language() -> ResponseReturnValue:
    """Switch the page language and go back."""
    chosen = request.form.get("lang", "")
    if chosen in ("en", "ja"):
        session[LANGUAGE_KEY] = chosen
    return redirect(safe_next(request.form.get("next"), url_for("tables.home")), 303)
