"""Use cases: load the ledger, decide, append, fold. Views call exactly one of these."""

from __future__ import annotations

import threading
import uuid
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine

from companion.games import kinds
from companion.games.base import N_, Event, Player, RuleError, Scoreboard, Setup, resolve_options
from companion.games.randomness import new_seed, seed_hash
from companion.games.registry import get_game
from companion.games.table import (
    ENTRIES_ANYONE,
    ENTRY_POLICY,
    TABLE_OPTIONS,
    TableState,
    decide,
    describe,
    event_kinds,
    extend,
    fold,
    score,
)
from companion.ledger import store
from companion.ledger.store import Appended, TableInfo
from companion.live import Broker

MAX_PLAYERS = 6
MAX_NAME = 24
# Okabe–Ito colours: distinguishable with the common kinds of colour blindness.
COLOUR_NAMES = {
    "#E69F00": N_("Orange"),
    "#56B4E9": N_("Sky blue"),
    "#009E73": N_("Green"),
    "#F0E442": N_("Yellow"),
    "#0072B2": N_("Blue"),
    "#D55E00": N_("Vermilion"),
    "#CC79A7": N_("Purple"),
    "#999999": N_("Grey"),
}
PLAYER_COLOURS = tuple(COLOUR_NAMES)
SCENARIO_VERSION = 1


class NotFound(Exception):
    """No table with that code or link."""


@dataclass(frozen=True)
class PlayerEntry:
    """A player as typed into the new-table form."""

    name: str
    colour: str


def all_options(slug: str) -> tuple[Any, ...]:
    """Return the table options followed by the game's own rule options."""
    return (*TABLE_OPTIONS, *get_game(slug).options)


def make_setup(slug: str, players: Sequence[PlayerEntry], options: Mapping[str, Any], seed: str) -> Setup:
    """Return a checked setup, or raise RuleError with what is wrong."""
    game = get_game(slug)
    named = [p for p in players if p.name.strip()]
    if not 1 <= len(named) <= MAX_PLAYERS:
        raise RuleError(N_("A table has 1 to {maximum} players."), maximum=MAX_PLAYERS)
    names = [p.name.strip() for p in named]
    if any(len(name) > MAX_NAME for name in names):
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
    engine: Engine, *, code: str | None = None, join_token: str | None = None, watch_token: str | None = None
) -> TableInfo:
    """Return the table, or raise NotFound."""
    table = store.find_table(engine, code=code, join_token=join_token, watch_token=watch_token)
    if table is None:
        raise NotFound
    return table


def tables_by_code(engine: Engine, codes: Sequence[str]) -> list[TableInfo]:
    """Return the existing tables among ``codes``."""
    return store.tables_by_code(engine, codes)


class _StateCache:
    """Folded states of recently used tables; new events are folded onto the cached state."""

    def __init__(self, size: int = 256) -> None:
        self._states: OrderedDict[tuple[str, int], TableState] = OrderedDict()
        self._lock = threading.Lock()
        self._size = size

    def advance(self, database: str, table: TableInfo, before: TableState, event: Event) -> None:
        """Fold a just-stored event onto the state it was decided against, if that is still current."""
        key = (database, table.id)
        with self._lock:
            if self._states.get(key) is not before or before.last_seq != event.seq - 1:
                return
        after = extend(get_game(table.setup.game), before, [event])
        with self._lock:
            if self._states.get(key) is before:
                self._states[key] = after

    def state(self, database: str, table: TableInfo, load_after: Callable[[int], list[Event]]) -> TableState:
        game = get_game(table.setup.game)
        key = (database, table.id)
        with self._lock:
            cached = self._states.get(key)
        if cached is None:
            state = fold(game, table.setup, load_after(0))
        else:
            state = extend(game, cached, load_after(cached.last_seq))
        with self._lock:
            current = self._states.get(key)
            if current is None or current.last_seq <= state.last_seq:
                self._states[key] = state
                self._states.move_to_end(key)
            while len(self._states) > self._size:
                self._states.popitem(last=False)
        return state


_cache = _StateCache()


def table_state(engine: Engine, table: TableInfo) -> TableState:
    """Return the fold of the table's ledger."""
    return _cache.state(str(engine.url), table, lambda after: store.load_events(engine, table.id, after))


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
) -> Appended:
    """Append an event if the rules allow it (once per idempotency key), then tell the table.

    Raises RuleError (and stores nothing) when the rules refuse it.
    """
    game = get_game(table.setup.game)
    event = Event(seq=0, kind=kind, payload=dict(payload), author=author, by_host=by_host)

    decided_on: list[TableState] = []

    def accept(load_after: Callable[[int], list[Event]], numbered: Event) -> Event:
        state = _cache.state(str(engine.url), table, load_after)
        decided_on.append(state)
        return decide(game, state, numbered)

    appended = store.append_event(
        engine, table_id=table.id, event=event, idempotency_key=idempotency_key, decide=accept
    )
    if appended.created:
        _cache.advance(str(engine.url), table, decided_on[-1], appended.event)
    if appended.created and broker is not None:
        broker.publish(table.id, appended.event.seq)
    return appended


def new_key() -> str:
    """Return a fresh idempotency key for a form."""
    return uuid.uuid4().hex


def take_seat(
    engine: Engine, table: TableInfo, *, seat: int, device: str, key: str, broker: Broker | None = None
) -> Appended:
    """Give ``seat`` to the phone ``device`` (refused if another phone holds it)."""
    return record(
        engine,
        table,
        broker=broker,
        kind=kinds.SEAT_CLAIM,
        payload={"seat": seat, "device": device},
        author=seat,
        by_host=False,
        idempotency_key=key,
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


def tally_view(state: TableState, seat: int | None, host: bool) -> list[TallyRow]:
    """Return the tally sheet as rows of cells, marking the ones this phone may change."""
    anyone = state.setup.options.get(ENTRY_POLICY) == ENTRIES_ANYONE
    rows = []
    for category in state.tally.categories:
        cells = tuple(
            TallyCell(
                seat=player.seat,
                count=state.tally.count(player.seat, category.key),
                points=category.points(state.tally.count(player.seat, category.key)),
                editable=not state.ended and (host or player.seat == seat or (anyone and seat is not None)),
            )
            for player in state.setup.players
        )
        rows.append(TallyRow(category.key, category.label, category.scores, cells))
    return rows


@dataclass(frozen=True)
class LogLine:
    """One row of the log page."""

    event: Event
    author: str
    text: Any
    voided: bool
    skipped: Any
    undoable: bool


def log_lines(state: TableState) -> list[LogLine]:
    """Return the ledger in plain words, newest first."""
    game = get_game(state.setup.game)
    names = {p.seat: p.name for p in state.setup.players}
    kinds_by_name = event_kinds(game)
    lines = []
    for event in reversed(state.events):
        voidable = event.kind in kinds_by_name and kinds_by_name[event.kind].voidable
        author = names.get(event.author, "") if event.author is not None else ""
        lines.append(
            LogLine(
                event=event,
                author=author,
                text=describe(game, state, event),
                voided=event.seq in state.voided,
                skipped=state.skipped.get(event.seq),
                undoable=voidable and event.seq not in state.voided and not state.ended,
            )
        )
    return lines


def latest_news(state: TableState) -> Any:
    """Return the newest entry in plain words (for the screen-reader announcement), or None."""
    if not state.events:
        return None
    return describe(get_game(state.setup.game), state, state.events[-1])


def scoreboard(state: TableState) -> Scoreboard:
    """Return the game's scoreboard for the table."""
    return score(get_game(state.setup.game), state)


def public_seed_hash(table: TableInfo) -> str:
    """Return the hash of the table's seed (safe to show at any time)."""
    return seed_hash(table.setup.seed)


# -- Scenarios ---------------------------------------------------------------------------------


def export_scenario(engine: Engine, table: TableInfo) -> dict[str, Any]:
    """Return the table's ledger as a scenario (see docs/scenarios.md)."""
    events = store.load_events(engine, table.id)
    return scenario_of(table.setup, events)


def scenario_of(setup: Setup, events: Sequence[Event]) -> dict[str, Any]:
    """Return a scenario dict for a setup and its events."""
    return {
        "version": SCENARIO_VERSION,
        "game": setup.game,
        "players": [{"seat": p.seat, "name": p.name, "colour": p.colour} for p in setup.players],
        "options": {k: list(v) if isinstance(v, tuple) else v for k, v in setup.options.items()},
        "seed": setup.seed,
        "events": [
            {
                "seq": e.seq,
                "kind": e.kind,
                "payload": dict(e.payload),
                "author": e.author,
                "by_host": e.by_host,
                **({"at": e.at.isoformat()} if e.at else {}),
            }
            for e in events
        ],
    }


def replay(scenario: Mapping[str, Any]) -> tuple[TableState, Scoreboard]:
    """Fold a scenario's events through the engine and score it."""
    if not isinstance(scenario, Mapping):
        raise RuleError(N_("A scenario is a JSON object."))
    slug = str(scenario.get("game", ""))
    game = get_game(slug)
    raw_players = scenario.get("players") or []
    players = tuple(
        Player(
            int(p.get("seat", index)),
            str(p["name"]),
            str(p.get("colour", PLAYER_COLOURS[(index - 1) % len(PLAYER_COLOURS)])),
        )
        for index, p in enumerate(raw_players, start=1)
    )
    if not 1 <= len(players) <= MAX_PLAYERS:
        raise RuleError(N_("A table has 1 to {maximum} players."), maximum=MAX_PLAYERS)
    setup = Setup(
        slug,
        players,
        resolve_options(all_options(slug), scenario.get("options") or {}),
        str(scenario.get("seed") or "0"),
    )
    game.check_setup(setup)
    events = []
    for index, raw in enumerate(scenario.get("events") or [], start=1):
        event = Event(
            seq=int(raw.get("seq", index)),
            kind=str(raw["kind"]),
            payload=dict(raw.get("payload") or {}),
            author=raw.get("author"),
            by_host=bool(raw.get("by_host", raw.get("author") is None)),
        )
        events.append(event)
    state = fold(game, setup, sorted(events, key=lambda e: e.seq))
    return state, score(game, state)
