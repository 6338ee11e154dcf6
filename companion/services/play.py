"""Play: a table's folded state, recording a move through one straight pipeline, and what each phone sees."""

from __future__ import annotations

import bisect
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Engine
from sqlalchemy.exc import IntegrityError

from companion.games import kinds
from companion.games.contract import Event, Game, evolve
from companion.games.mechanics.randomness import seed_hash
from companion.games.moves import Control, Viewer
from companion.games.payloads import check_payload
from companion.games.registry import get_game
from companion.games.scores import Scoreboard
from companion.games.table import HOLD, decide, describe, score, skip_reason, undoable, viewer
from companion.games.table_moves import moves
from companion.games.table_state import TableState
from companion.games.words import RuleError
from companion.results import PlayResult, play_result
from companion.services import catalogues, states
from companion.storage import history, store
from companion.storage.live import Broker
from companion.storage.store import Appended, TableInfo


class KeyReused(Exception):
    """A form's idempotency key came again with another entry: the first one stays, this one is refused."""


class SeatNotHeld(Exception):
    """The phone's seat was given to another phone (or freed): it only watches now."""


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
    hold: timedelta = HOLD,
) -> Appended:
    """Append a move if its record and the rules allow it (once per idempotency key), then tell the table.

    One straight pipeline: a write transaction holds the table's row; the kept state is brought up
    to date (the ledger is read only when the row is ahead of it) and the move decided on it
    through its record; the entry is inserted and committed; the state it leads to is kept for
    the next screen; the table's phones are told. A key already stored is a unique-key violation
    (or, when the move no longer fits, found after its refusal): the same entry gets the first
    answer again, another entry :class:`KeyReused`. Raises
    RuleError (and stores nothing) when the move is refused. ``device`` is the phone that claims
    ``author``'s seat, checked on the ledger as it is (a host whose seat was freed records as the
    host; anyone else gets :class:`SeatNotHeld`). ``hold``: how long an advancing move waits after
    the table moved on (one step per burst of taps).
    """
    game = get_game(table.setup.game)
    sent = Event(seq=0, kind=kind, payload=dict(payload), author=author, by_host=by_host)
    try:
        with store.appending(engine, table.id) as ledger:
            before = states.current(engine, table, ledger.events_after, ledger.last_seq)
            numbered = evolve(sent, seq=ledger.last_seq + 1, at=datetime.now(UTC))
            try:
                if device is not None and numbered.author is not None and before.claims.get(numbered.author) != device:
                    if not numbered.by_host:
                        raise SeatNotHeld
                    numbered = evolve(numbered, author=None)
                checked, after = decide(game, before, numbered, joining=joining, hold=hold)
            except (RuleError, SeatNotHeld):
                first = ledger.stored(idempotency_key)  # sent again after it was stored (and the table moved on)
                if first is None:
                    raise
                return _answered_before(game, first, sent)
            ledger.append(checked, idempotency_key)
    except IntegrityError:  # the same key: a form sent again (or twice at once)
        first = store.stored_event(engine, table.id, idempotency_key)
        if first is None:
            raise
        return _answered_before(game, first, sent)
    states.keep(engine, table, after)
    catalogues.forget(engine, game, kind)
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
    profile_token: str | None = None,
) -> Appended:
    """Give ``seat`` to the phone ``device`` (refused if another phone holds it, or if ``by_host`` and
    another phone has held it: the host never reaches a seat's secrets); the phone's profile, if it
    has one, remembers the seat for its history."""
    appended = record(
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
    profile = history.find_profile(engine, token=profile_token) if profile_token and appended.created else None
    if profile is not None:
        history.link_seat(engine, profile_id=profile.id, table_id=table.id, seat=seat)
    return appended


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
    viewer: Viewer


def seat_view(
    state: TableState, seat: int | None, host: bool, known: Mapping[str, tuple[Mapping[str, Any], ...]] | None = None
) -> SeatView:
    """Return what the phone of ``seat`` (or the host, or a spectator) sees and may do."""
    game = get_game(state.setup.game)
    phone = viewer(game, state, seat, host, known)
    panel = game.view(state.setup, state.game, phone)
    template = f"{game.slug}/_panel.html" if game.templates and panel is not None else None
    return SeatView(phone.controls, panel, template, tally_view(state, phone.controls), phone)


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
                text=describe(game, state, event, seat),
                voided=event.seq in state.voided,
                skipped=skip_reason(game, state, event, seat),
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
