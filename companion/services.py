"""Use cases: load the ledger, decide, append, fold. Views call exactly one of these."""

from __future__ import annotations

import bisect
import hashlib
import logging
import re
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine
from sqlalchemy.exc import IntegrityError

from companion import cards, history
from companion.db import database_name
from companion.games import kinds
from companion.games.contract import (
    N_,
    Control,
    Event,
    Game,
    Move,
    Player,
    RuleError,
    Scoreboard,
    Setup,
    check_payload,
    evolve,
    has_control_characters,
    relevant_options,
    resolve_options,
)
from companion.games.mechanics.catalogue import Catalogue, parse_catalogue_file
from companion.games.mechanics.randomness import new_seed, seed_hash
from companion.games.registry import get_game
from companion.games.scenario import MAX_NAME, MAX_PLAYERS, parse_scenario, replay, scenario_of, scenario_setup
from companion.games.scenario import PLAYER_COLOURS as PLAYER_COLOURS  # the new-table form lists them
from companion.games.scenario import all_options as all_options  # the new-table form lists them
from companion.games.table import (
    TableState,
    decide,
    describe,
    extend,
    fold,
    moves,
    score,
    undoable,
    viewer,
)
from companion.ledger import store
from companion.ledger.store import Appended, TableInfo
from companion.live import Broker
from companion.results import (
    FORMER_PLAYER,
    BarChart,
    BreakdownRow,
    PlayResult,
    SeatResult,
    bar_chart,
    breakdown,
    play_result,
)

log = logging.getLogger(__name__)

COLOUR_NAMES = dict(
    zip(
        PLAYER_COLOURS,
        (
            N_("Orange"),
            N_("Sky blue"),
            N_("Green"),
            N_("Yellow"),
            N_("Blue"),
            N_("Vermilion"),
            N_("Purple"),
            N_("Grey"),
        ),
        strict=True,
    )
)


_LOOKUP = re.compile(r"[A-Za-z0-9_-]{1,64}", re.ASCII)  # table codes, join and watch tokens


class NotFound(Exception):
    """No table with that code or link."""


class KeyReused(Exception):
    """A form's idempotency key came again with another entry: the first one stays, this one is refused."""


class SeatNotHeld(Exception):
    """The phone's seat was given to another phone (or freed): it only watches now."""


@dataclass(frozen=True)
class PlayerEntry:
    """A player as typed into the new-table form."""

    name: str
    colour: str


OPTIONS_SHOWN = "options-shown"  # the new-table form sends it once its options have been shown


def form_options(slug: str, form: Mapping[str, str]) -> tuple[tuple[Any, ...], dict[str, str]]:
    """Return the options the new-table form shows and the form values to show them with.

    Until the phone has seen the options (no ``options-shown`` field), every option is shown;
    afterwards only those that apply given the values chosen (an unreadable value counts as the
    default, and an unticked box as false).
    """
    options = all_options(slug)
    values = dict(form)
    if OPTIONS_SHOWN not in form:
        return options, values
    chosen: dict[str, Any] = {}
    for option in options:
        field = f"option-{option.key}"
        if option.kind == "bool" and field not in form:
            values[field] = "false"
        try:
            chosen[option.key] = option.coerce(values[field]) if field in values else option.default
        except RuleError:
            chosen[option.key] = option.default
    return relevant_options(options, chosen), values


def make_setup(slug: str, players: Sequence[PlayerEntry], options: Mapping[str, Any], seed: str) -> Setup:
    """Return a checked setup, or raise RuleError with what is wrong."""
    game = get_game(slug)
    named = [p for p in players if p.name.strip()]
    if not 1 <= len(named) <= MAX_PLAYERS:
        raise RuleError(N_("A table has 1 to {maximum} players."), maximum=MAX_PLAYERS)
    names = [p.name.strip() for p in named]
    if any(len(name) > MAX_NAME or has_control_characters(name) for name in names):
        raise RuleError(N_("Names are at most {limit} characters."), limit=MAX_NAME)
    if len({name.casefold() for name in names}) != len(names):
        raise RuleError(N_("Each player needs a different name."))
    if any(p.colour not in PLAYER_COLOURS for p in named):
        raise RuleError(N_("Choose each player's colour from the list."))
    if len({p.colour for p in named}) != len(named):
        raise RuleError(N_("Each player needs a different colour."))
    setup = Setup(
        game=slug,
        players=tuple(
            Player(seat, name, p.colour) for seat, (name, p) in enumerate(zip(names, named, strict=True), start=1)
        ),
        options=resolve_options(all_options(slug), options),
        seed=seed,
    )
    game.check_setup(setup)
    return setup


def create_table(engine: Engine, *, slug: str, players: Sequence[PlayerEntry], options: Mapping[str, Any]) -> TableInfo:
    """Create a table with a fresh secret seed."""
    return store.insert_table(engine, setup=make_setup(slug, players, options, new_seed()))


def find_table(
    engine: Engine,
    *,
    code: str | None = None,
    join_token: str | None = None,
    watch_token: str | None = None,
    results_token: str | None = None,
) -> TableInfo:
    """Return the table, or raise NotFound (at once for anything that cannot be a code or a link)."""
    given = [value for value in (code, join_token, watch_token, results_token) if value is not None]
    if not given or not all(_LOOKUP.fullmatch(value) for value in given):
        raise NotFound  # PostgreSQL would refuse a NUL byte with an error, not an empty answer
    table = store.find_table(
        engine, code=code, join_token=join_token, watch_token=watch_token, results_token=results_token
    )
    if table is None:
        raise NotFound
    return table


def tables_by_code(engine: Engine, codes: Sequence[str]) -> list[TableInfo]:
    """Return the existing tables among ``codes``."""
    return store.tables_by_code(engine, codes)


STATES_KEPT = 256  # tables whose folded state this process keeps (the most recently used)


class _States:
    """The folded states of the tables used lately, each brought up to date with what was stored since.

    A table not kept here is folded from its first entry: 10,000 entries in tens of milliseconds
    (docs/benchmarks.md). An undo folds the table again from its first entry.
    """

    def __init__(self, size: int = STATES_KEPT) -> None:
        self._tables: OrderedDict[tuple[str, int], TableState] = OrderedDict()
        self._lock = threading.Lock()
        self._size = size

    def state(self, engine: Engine, table: TableInfo, load_after: Callable[[int], list[Event]]) -> TableState:
        """Return the table's state, folding only the entries stored since the kept one."""
        game = get_game(table.setup.game)
        with self._lock:
            kept = self._tables.get((database_name(engine), table.id))
        if kept is None:
            state = fold(game, table.setup, load_after(0))
        else:
            new = load_after(kept.last_seq)
            if not new:
                return kept
            state = extend(game, kept, new)
        self.keep(engine, table, state)
        return state

    def keep(self, engine: Engine, table: TableInfo, state: TableState) -> None:
        """Keep ``state`` for the table, unless a newer one is kept already."""
        key = (database_name(engine), table.id)
        with self._lock:
            kept = self._tables.get(key)
            if kept is None or kept.last_seq <= state.last_seq:
                self._tables[key] = state
            self._tables.move_to_end(key)
            while len(self._tables) > self._size:
                self._tables.popitem(last=False)


_states = _States()


def table_state(engine: Engine, table: TableInfo) -> TableState:
    """Return the fold of the table's ledger."""
    return _states.state(engine, table, lambda after: store.load_events(engine, table.id, after))


def record(
    engine: Engine,
    table: TableInfo,
    *,
    kind: str,
    payload: Mapping[str, Any],
    author: int | None,
    by_host: bool,
    idempotency_key: str,
    broker: Broker | None = None,
    joining: bool = False,
    device: str | None = None,
) -> Appended:
    """Append a move if its record and the rules allow it (once per idempotency key), then tell the table.

    One straight pipeline: a write transaction holds the table's row; a key already stored gets
    the first answer again (or :class:`KeyReused` for another entry); the kept state is brought up
    to date and the move decided on it through its record; the entry is inserted and committed;
    the state it leads to is kept for the next screen; the table's phones are told. Raises
    RuleError (and stores nothing) when the move is refused. ``device`` is the phone that claims
    ``author``'s seat, checked on the ledger as it is (a host whose seat was freed records as the
    host; anyone else gets :class:`SeatNotHeld`).
    """
    game = get_game(table.setup.game)
    sent = Event(seq=0, kind=kind, payload=dict(payload), author=author, by_host=by_host)
    try:
        with store.appending(engine, table.id) as ledger:
            first = ledger.stored(idempotency_key)
            if first is not None:
                return _answered_before(game, first, sent)
            before = _states.state(engine, table, ledger.events_after)
            numbered = evolve(sent, seq=ledger.last_seq + 1, at=datetime.now(UTC))
            if device is not None and numbered.author is not None and before.claims.get(numbered.author) != device:
                if not numbered.by_host:
                    raise SeatNotHeld
                numbered = evolve(numbered, author=None)
            checked, after = decide(game, before, numbered, joining=joining)
            ledger.append(checked, idempotency_key)
    except IntegrityError:  # the same key, stored meanwhile by a request that was sent twice
        first = store.stored_event(engine, table.id, idempotency_key)
        if first is None:
            raise
        return _answered_before(game, first, sent)
    _states.keep(engine, table, after)
    if _remembers(game, kind):
        _remembered.pop((database_name(engine), game.slug), None)
    if kind == kinds.TABLE_END and after.ended:
        keep_play(engine, table, after)
    if broker is not None:
        broker.publish(table.id, checked.seq)
    return Appended(checked, created=True)


def _answered_before(game: Game, first: Event, sent: Event) -> Appended:
    """A form sent again: the first answer, or :class:`KeyReused` if its key now carries another entry."""
    if not _same_entry(game, first, sent):
        raise KeyReused
    return Appended(first, created=False)


def _same_entry(game: Game, stored: Event, sent: Event) -> bool:
    """True when ``sent`` is the entry stored under its key again (its fields as its record checks them)."""
    if stored.kind != sent.kind:
        return False
    try:
        return check_payload(moves(game)[sent.kind], sent.payload) == stored.payload
    except (KeyError, RuleError):
        return False


def new_key() -> str:
    """Return a fresh idempotency key for a form: 32 hex digits, the time in milliseconds first.

    The ledger's unique index of (table, key) then grows at the end of each table's part, as the
    entries do, instead of at random places (a small saving per entry, measured in the README).
    The 80 random bits that follow keep two forms' keys apart.
    """
    return f"{time.time_ns() // 1_000_000:012x}{secrets.token_hex(10)}"


def take_seat(
    engine: Engine,
    table: TableInfo,
    *,
    seat: int,
    device: str,
    key: str,
    by_host: bool = False,
    broker: Broker | None = None,
) -> Appended:
    """Give ``seat`` to the phone ``device`` (refused if another phone holds it, or if ``by_host`` and
    another phone has held it: the host never reaches a seat's secrets)."""
    return record(
        engine,
        table,
        broker=broker,
        kind=kinds.SEAT_CLAIM,
        payload={"seat": seat, "device": device},
        author=seat,
        by_host=by_host,
        idempotency_key=key,
        joining=True,
    )


@dataclass(frozen=True)
class TallyCell:
    """One player's counter in one category."""

    seat: int
    count: int
    points: int
    editable: bool


@dataclass(frozen=True)
class TallyRow:
    """One category of the tally sheet across the table."""

    key: str
    label: str
    scores: bool
    cells: tuple[TallyCell, ...]


def tally_view(state: TableState, controls: Mapping[str, Control]) -> list[TallyRow]:
    """Return the tally sheet as rows of cells, marking the ones this phone may change."""
    if kinds.TALLY_ADD not in controls:
        return []  # a modelled game keeps its points in its own state: no tally sheet
    editable = set(controls[kinds.TALLY_ADD].seats)
    rows = []
    for category in state.tally.categories:
        cells = tuple(
            TallyCell(
                seat=player.seat,
                count=state.tally.count(player.seat, category.key),
                points=category.points(state.tally.count(player.seat, category.key)),
                editable=player.seat in editable,
            )
            for player in state.setup.players
        )
        rows.append(TallyRow(category.key, category.label, category.scores, cells))
    return rows


@dataclass(frozen=True)
class SeatView:
    """What one phone sees and may do at a table: its controls and the game's panel."""

    controls: Mapping[str, Control]
    panel: Any
    panel_template: str | None
    tally: list[TallyRow]


REMEMBERED_PER_MOVE = 24
REMEMBERED_FROM_FILES = 240  # more cards than a game prints (Space Base: 60 starting ships, 132 ships)
REMEMBERED_SECONDS = 30.0


@dataclass(frozen=True)
class Remembered:
    """What the server remembers for re-entry, by move kind, and a short fingerprint of it.

    The fingerprint is part of the rendered-board cache's key: made once per look-up of the
    database (a repr of a full imported catalogue took 1.3 ms, on every board served).
    """

    by_move: dict[str, tuple[dict[str, Any], ...]]
    fingerprint: str = ""


NOTHING_REMEMBERED = Remembered({})
_remembered: dict[tuple[str, str], tuple[float, Remembered]] = {}


def _remembering(game: Game) -> tuple[Move, ...]:
    """The game's moves whose typed fields the server remembers for re-entry."""
    found = _REMEMBERING.get(game.slug)
    if found is None:
        found = _REMEMBERING[game.slug] = tuple(move for move in game.moves if move.remember)
    return found


_REMEMBERING: dict[str, tuple[Move, ...]] = {}


def _remembers(game: Game, kind: str) -> bool:
    return any(move.kind == kind for move in _remembering(game))


def remembered(engine: Engine, slug: str) -> Remembered:
    """Return, per move that remembers fields, the distinct values the server knows, newest first.

    The values typed at this server's tables come first (the newest few), then the cards of the
    catalogue files imported here (see :func:`import_catalogue`). Kept for a few seconds per
    process (and dropped when this process records such a move or imports a catalogue).
    """
    game = get_game(slug)
    moves_remembering = _remembering(game)
    if not moves_remembering:
        return NOTHING_REMEMBERED
    key = (database_name(engine), slug)
    cached = _remembered.get(key)
    if cached is not None and time.monotonic() - cached[0] < REMEMBERED_SECONDS:
        return cached[1]
    from_files = _cards_from_files(engine, game)
    found: dict[str, tuple[dict[str, Any], ...]] = {}
    for move in moves_remembering:
        kinds_sharing = [m.kind for m in moves_remembering if m.remember == move.remember]
        required = [spec.name for spec in move.fields if spec.required and spec.name in move.remember]
        typed = [
            {name: payload[name] for name in move.remember if name in payload}
            for payload in store.recent_payloads(engine, kinds=kinds_sharing, limit=REMEMBERED_PER_MOVE * 8)
            if all(name in payload for name in required)
        ]
        imported = [facts for kind in kinds_sharing for facts in from_files.get(kind, ())]
        found[move.kind] = _distinct([*_distinct(typed)[:REMEMBERED_PER_MOVE], *imported[:REMEMBERED_FROM_FILES]])
    fingerprint = hashlib.sha256(repr(sorted(found.items())).encode()).hexdigest()[:16] if any(found.values()) else ""
    known = Remembered(found, fingerprint)
    _remembered[key] = (time.monotonic(), known)
    return known


def _distinct(values: Sequence[dict[str, Any]]) -> tuple[dict[str, Any], ...]:
    """Return ``values`` without repeats (the first of equal ones kept), in order."""
    seen: dict[tuple[Any, ...], dict[str, Any]] = {}
    for fields in values:
        seen.setdefault(tuple(sorted(fields.items())), fields)
    return tuple(seen.values())


def _cards_from_files(engine: Engine, game: Game) -> dict[str, list[dict[str, Any]]]:
    """The cards of the catalogue files imported on this server, by the move whose fields they are."""
    if game.catalogue is None:
        return {}
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for kind, facts in cards.stored_cards(engine, game=game.slug):
        by_kind.setdefault(kind, []).append(facts)
    return by_kind


def seat_view(
    state: TableState, seat: int | None, host: bool, known: Mapping[str, tuple[Mapping[str, Any], ...]] | None = None
) -> SeatView:
    """Return what the phone of ``seat`` (or the host, or a spectator) sees and may do."""
    game = get_game(state.setup.game)
    phone = viewer(game, state, seat, host, known)
    panel = game.view(state.setup, state.game, phone)
    template = f"{game.slug}/_panel.html" if game.templates and panel is not None else None
    return SeatView(phone.controls, panel, template, tally_view(state, phone.controls))


@dataclass(frozen=True)
class LogLine:
    """One row of the log page."""

    event: Event
    author: str
    text: Any
    voided: bool
    skipped: Any
    undoable: bool


LOG_PAGE = 50


@dataclass(frozen=True)
class LogPage:
    """One page of the log, newest first, and where the next (older) page starts."""

    lines: list[LogLine]
    older: int | None


def log_page(state: TableState, seat: int | None, host: bool, before: int | None = None) -> LogPage:
    """Return up to :data:`LOG_PAGE` entries in plain words, newest first, from the one before ``before``.

    Undo is offered where this phone may undo. ``older`` is the ``before`` of the next page, or
    None on the last one. Only the page's entries are described: a long ledger costs no more.
    """
    game = get_game(state.setup.game)
    names = {p.seat: p.name for p in state.setup.players}
    events = state.events
    end = len(events) if before is None else bisect.bisect_left(events, before, key=lambda e: e.seq)
    start = max(0, end - LOG_PAGE)
    lines = []
    for index in range(end - 1, start - 1, -1):
        event = events[index]
        author = names.get(event.author, "") if event.author is not None else ""
        lines.append(
            LogLine(
                event=event,
                author=author,
                text=describe(game, state, event),
                voided=event.seq in state.voided,
                skipped=state.skipped.get(event.seq),
                undoable=undoable(game, state, event, seat, host),
            )
        )
    return LogPage(lines, events[start].seq if start > 0 else None)


def latest_news(state: TableState) -> Any:
    """Return the newest entry in plain words (for the screen-reader announcement), or None."""
    if not state.events:
        return None
    return describe(get_game(state.setup.game), state, state.events[-1])


def scoreboard(state: TableState) -> Scoreboard:
    """Return the game's scoreboard for the table."""
    return score(get_game(state.setup.game), state)


def public_seed_hash(state: TableState) -> str:
    """Return the hash of the seed in force (safe to show at any time; after an import, the server's fresh one)."""
    return seed_hash(state.setup.seed)


# -- Card catalogues ---------------------------------------------------------------------------

# An export reads the newest entries of the moves that make cards, at every table of this server:
# a game of Space Base makes about 50, so this is a few hundred games.
CATALOGUE_SCAN = 20_000


@dataclass(frozen=True)
class ServerCatalogue:
    """The cards this server knows of a game, as the catalogue file to download."""

    game: Game
    file: dict[str, Any]
    imported: int  # cards kept from imported files (some may have been typed here too)

    @property
    def count(self) -> int:
        """How many cards the file holds."""
        return len(self.file["cards"])


def _catalogue(game: Game) -> Catalogue:
    if game.catalogue is None:
        raise RuleError(N_("This game keeps no card catalogue."))
    return game.catalogue


def server_catalogue(engine: Engine, game: Game) -> ServerCatalogue:
    """Return the catalogue of ``game`` on this server: the cards typed at its tables, newest first, then
    the imported ones; each card once, card facts only (a typed card the checks now refuse is left out)."""
    catalogue = _catalogue(game)
    card_move = next(move for move in game.moves if move.kind == catalogue.kind)
    kinds_sharing = [move.kind for move in _remembering(game) if move.remember == card_move.remember]
    typed = []
    for payload in store.recent_payloads(engine, kinds=kinds_sharing, limit=CATALOGUE_SCAN):
        try:
            typed.append(catalogue.facts(payload))
        except RuleError:
            continue
    imported = [facts for kind, facts in cards.stored_cards(engine, game=game.slug) if kind == catalogue.kind]
    known = _distinct([*typed, *imported])[: catalogue.limit]
    return ServerCatalogue(game, catalogue.write(known), len(imported))


def import_catalogue(engine: Engine, game: Game, data: bytes) -> int:
    """Keep the cards of a catalogue file for ``game`` (each checked, all or none); return how many were new.

    The file is read with :func:`parse_catalogue_file` (size, depth, UTF-8) and the game's
    catalogue (every card checked as a purchase checks it); RuleError says what is wrong, and
    nothing is stored then.
    """
    catalogue = _catalogue(game)
    facts = catalogue.read(parse_catalogue_file(data))
    try:
        added = cards.add_cards(engine, game=game.slug, kind=catalogue.kind, cards=facts, limit=catalogue.limit)
    except cards.CatalogueFull:
        raise RuleError(
            N_("This server keeps at most {limit} cards of a game from catalogue files."), limit=catalogue.limit
        ) from None
    _remembered.pop((database_name(engine), game.slug), None)
    return added


# -- Scenarios ---------------------------------------------------------------------------------


def import_scenario(engine: Engine, data: bytes) -> TableInfo:
    """Recreate the table of a scenario file under a new code and new links; return it.

    The file is read with :func:`parse_scenario` (size, depth, UTF-8 with or without a BOM) and
    checked by replaying it: every entry by its move's record, as a phone's entry is (RuleError
    says what is wrong; nothing is stored then). Its seed and events are kept as they are, so the
    new table folds to the same state and scores; seats claimed in the file stay claimed by its
    phones (``phone-1``…), which the host can free.
    """
    scenario = parse_scenario(data)
    state, _board = replay(scenario)
    table = store.insert_table(engine, setup=scenario_setup(scenario), imported=True)
    store.insert_ledger(engine, table.id, state.events, key_prefix="import-")
    if not state.ended:  # the file chose its seed: what is drawn from here on is drawn from one of ours
        record(
            engine,
            table,
            kind=kinds.TABLE_RESEED,
            payload={"seed": new_seed()},
            author=None,
            by_host=False,
            idempotency_key="import-fresh-seed",
            joining=True,
        )
    return table


def export_scenario(engine: Engine, table: TableInfo) -> dict[str, Any]:
    """Return the table's ledger as a scenario (see docs/scenarios.md)."""
    events = store.load_events(engine, table.id)
    return scenario_of(table.setup, events)


# -- Results, history, profiles, host recovery -------------------------------------------------


def keep_play(engine: Engine, table: TableInfo, state: TableState) -> PlayResult:
    """Keep the result of an ended table for the history (once; later calls return the kept one)."""
    ended_at = next((e.at for e in reversed(state.events) if e.kind == kinds.TABLE_END and e.at), None)
    play = play_result(table.code, table.setup, scoreboard(state), state.claims, ended_at or table.created_at)
    play = replace(play, imported=table.imported)
    history.save_play(engine, table_id=table.id, play=play)
    return kept_play(engine, table) or play


def kept_play(engine: Engine, table: TableInfo) -> PlayResult | None:
    """Return the kept result of a table, if it has ended."""
    found = history.plays(engine, table_id=table.id, limit=1)
    return found[0] if found else None


def finished_plays(engine: Engine, *, device: str, hosted: Sequence[str] = ()) -> list[PlayResult]:
    """Return the finished tables a phone played (its device held a seat) or hosted (by code), newest first."""
    return history.plays(engine, device=device, codes=hosted)


def player_stats(
    engine: Engine, profile: history.Profile
) -> tuple[list[PlayResult], list[history.GameStats], list[history.HeadToHead]]:
    """Return a profile's plays, its statistics per game, and its head-to-head records."""
    mine = history.plays(engine, device=profile.device, limit=1000)
    games, heads = history.stats(mine, profile.device)
    return mine, games, heads


ProfileExists = history.ProfileExists


def create_profile(engine: Engine, *, name: str, device: str, seats: Mapping[str, int]) -> tuple[history.Profile, str]:
    """Create this phone's profile and link the seats it holds (``seats``: code → seat); return it and its token.

    Raises :class:`ProfileExists` when the phone has one already (its token stays the one it has).
    """
    clean = name.strip()
    if not 1 <= len(clean) <= MAX_NAME or has_control_characters(clean):
        raise RuleError(N_("Names are at most {limit} characters."), limit=MAX_NAME)
    token = history.new_token()
    profile = history.create_profile(engine, name=clean, device=device, token=token)
    for table in store.tables_by_code(engine, list(seats)):
        if table_state(engine, table).claims.get(seats[table.code]) == device:
            history.link_seat(engine, profile_id=profile.id, table_id=table.id, seat=seats[table.code])
    return profile, token


def find_profile(engine: Engine, token: str | None) -> history.Profile | None:
    """Return the profile of a token, or None."""
    return history.find_profile(engine, token=token) if token else None


def link_seat(engine: Engine, profile: history.Profile | None, table: TableInfo, seat: int) -> None:
    """Remember a seat that a profile's phone has just taken."""
    if profile is not None:
        history.link_seat(engine, profile_id=profile.id, table_id=table.id, seat=seat)


def restore_profile(
    engine: Engine, profile: history.Profile, *, device: str, broker: Broker | None = None
) -> tuple[str, list[tuple[TableInfo, int]]]:
    """Move a profile and the seats its phone holds to the phone ``device``; return its new token and the seats.

    A move, not a copy: each seat still held by the profile's old phone is moved by a ``seat.move``
    entry that every phone at the table sees in the log, the old phone only watches from then on,
    and the old restore link stops working (the profile gets a new token). Raises
    :class:`ProfileExists` if ``device`` has a profile of its own.
    """
    token = history.new_token()
    moved = history.move_profile(engine, profile=profile, device=device, token=token)
    seats = dict(history.linked_seats(engine, profile_id=profile.id))
    restored = []
    for table in store.tables_by_ids(engine, list(seats)):
        seat = seats[table.id]
        state = table_state(engine, table)
        if state.claims.get(seat) == profile.device and not state.ended:
            record(
                engine,
                table,
                kind=kinds.SEAT_MOVE,
                payload={"seat": seat, "device": moved.device},
                author=seat,
                by_host=False,
                idempotency_key=f"move-{secrets.token_hex(12)}",
                broker=broker,
                joining=True,
            )
        if table_state(engine, table).claims.get(seat) == moved.device:
            restored.append((table, seat))
    return token, restored


def delete_profile(engine: Engine, profile: history.Profile) -> int:
    """Delete a profile and its name from every kept result."""
    return history.delete_profile(engine, profile=profile)


def new_host_key(engine: Engine, table: TableInfo) -> str:
    """Return a new host recovery token for a table (only its hash is kept: it is shown once)."""
    token = history.new_token()
    history.add_host_key(engine, table_id=table.id, token=token)
    return token


def host_key_table(engine: Engine, token: str) -> TableInfo:
    """Return the table a host recovery token restores, or raise NotFound."""
    table_id = history.host_key_table(engine, token=token)
    tables = store.tables_by_ids(engine, [table_id]) if table_id is not None else []
    if not tables:
        raise NotFound
    return tables[0]


@dataclass(frozen=True)
class ResultsView:
    """What the results page shows, computed here so that the template only displays."""

    board: Scoreboard
    seats: tuple[SeatResult, ...]  # in rank order, names as shown
    winners: tuple[str, ...]
    rows: tuple[BreakdownRow, ...]
    chart: BarChart
    ended: bool


def results_view(engine: Engine, table: TableInfo, state: TableState, translate: Callable[[str], str]) -> ResultsView:
    """Return the results of a table: ranks, winners, breakdown rows and chart, names of forgotten players replaced."""
    board = scoreboard(state)
    play = play_result(table.code, table.setup, board, {}, table.created_at)
    if state.ended:
        keep_play(engine, table, state)  # kept when the table ended; this heals a table that ended before
        forgotten = history.forgotten_seats(engine, table_id=table.id)
        play = replace(
            play,
            seats=tuple(
                replace(seat, name=translate(FORMER_PLAYER), forgotten=True) if seat.seat in forgotten else seat
                for seat in play.seats
            ),
        )
    rows = breakdown(play.seats)
    return ResultsView(
        board=board,
        seats=play.seats,
        winners=tuple(seat.name for seat in play.winners),
        rows=rows,
        chart=bar_chart(play.seats, rows),
        ended=state.ended,
    )


def export_play(engine: Engine, table: TableInfo) -> PlayResult:
    """Return the kept result of an ended table (for the CSV and BG Stats exports), or raise NotFound."""
    play = kept_play(engine, table)
    if play is None:
        state = table_state(engine, table)
        if not state.ended:
            raise NotFound
        play = keep_play(engine, table, state)
    return play
