"""Play: recording a move through one straight pipeline, taking a seat, and keeping an ended table's result."""

from __future__ import annotations

import secrets
import time
from collections.abc import Mapping
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Engine
from sqlalchemy.exc import IntegrityError

from companion.games import kinds
from companion.games.contract import Event, Game, evolve
from companion.games.payloads import check_payload
from companion.games.registry import get_game
from companion.games.table import HOLD, decide, score
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
    if kind == kinds.TABLE_END and after.ended:
        keep_play(engine, table, after)
    catalogues.forget(engine, game, kind)
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


def keep_play(engine: Engine, table: TableInfo, state: TableState) -> PlayResult:
    """Keep the result of an ended table for the history (once; later calls return the kept one)."""
    ended_at = next((e.at for e in reversed(state.events) if e.kind == kinds.TABLE_END and e.at), None)
    board = score(get_game(table.setup.game), state)
    play = play_result(table.code, table.setup, board, state.claims, ended_at or table.created_at)
    play = replace(play, imported=table.imported)
    history.save_play(engine, table_id=table.id, play=play)
    return kept_play(engine, table) or play


def kept_play(engine: Engine, table: TableInfo) -> PlayResult | None:
    """Return the kept result of a table, if it has ended."""
    found = history.plays(engine, table_id=table.id, limit=1)
    return found[0] if found else None
