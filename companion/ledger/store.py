"""Append and load ledger events; convert storage rows to domain values.

Appends are serialised per table: SQLite takes the write lock at BEGIN (IMMEDIATE), PostgreSQL
locks the table's row (``FOR UPDATE``). Inside that lock the next sequence number is
``last_seq + 1`` and an idempotency key already used returns the first answer.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy import Connection, Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select

from companion.db import WRITE, read_session, write_session
from companion.games.base import Event, Player, RuleError, Setup
from companion.models import EventRecord, TableRecord

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L


@dataclass(frozen=True)
class TableInfo:
    """A stored table as the rest of the app sees it."""

    id: int
    code: str
    join_token: str
    watch_token: str
    setup: Setup
    created_at: datetime


@dataclass(frozen=True)
class Appended:
    """The result of an append: the stored event, and whether this call stored it."""

    event: Event
    created: bool


def _table_info(record: TableRecord) -> TableInfo:
    assert record.id is not None
    players = tuple(Player(p["seat"], p["name"], p["colour"]) for p in record.players)
    return TableInfo(
        id=record.id,
        code=record.code,
        join_token=record.join_token,
        watch_token=record.watch_token,
        setup=Setup(record.game, players, dict(record.options), record.seed),
        created_at=_utc(record.created_at),
    )


def _utc(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def new_code() -> str:
    """Return a short table code that is easy to read aloud."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))


def insert_table(engine: Engine, *, setup: Setup) -> TableInfo:
    """Store a new table and return it (retrying on the rare code collision)."""
    players = [{"seat": p.seat, "name": p.name, "colour": p.colour} for p in setup.players]
    for _attempt in range(10):
        record = TableRecord(
            code=new_code(),
            join_token=secrets.token_urlsafe(24),
            watch_token=secrets.token_urlsafe(24),
            game=setup.game,
            players=players,
            options=_jsonable(setup.options),
            seed=setup.seed,
        )
        try:
            with write_session(engine) as session:
                session.add(record)
                session.flush()
                return _table_info(record)
        except IntegrityError:
            continue
    raise RuntimeError("could not find a free table code")


def _jsonable(options: Any) -> dict[str, Any]:
    return {key: list(value) if isinstance(value, tuple) else value for key, value in options.items()}


def find_table(
    engine: Engine, *, code: str | None = None, join_token: str | None = None, watch_token: str | None = None
) -> TableInfo | None:
    """Return the table with the given code or token, or None (rows never change: cached by code)."""
    if code is not None:
        cached = _tables.get((str(engine.url), code.upper()))
        if cached is not None:
            return cached
    query = select(TableRecord)
    if code is not None:
        query = query.where(TableRecord.code == code.upper())
    elif join_token is not None:
        query = query.where(TableRecord.join_token == join_token)
    elif watch_token is not None:
        query = query.where(TableRecord.watch_token == watch_token)
    else:
        return None
    with read_session(engine) as session:
        record = session.exec(query).first()
        if record is None:
            return None
        table = _table_info(record)
    if len(_tables) > 4096:
        _tables.clear()
    _tables[(str(engine.url), table.code)] = table
    return table


# A table's row never changes after creation (its ledger lives in other rows), so it can be cached.
_tables: dict[tuple[str, str], TableInfo] = {}


def tables_by_code(engine: Engine, codes: Sequence[str]) -> list[TableInfo]:
    """Return the tables among ``codes`` that exist, newest first."""
    if not codes:
        return []
    query = select(TableRecord).where(col(TableRecord.code).in_(list(codes)))
    with read_session(engine) as session:
        records = session.exec(query.order_by(col(TableRecord.created_at).desc())).all()
        return [_table_info(r) for r in records]


def load_events(engine: Engine, table_id: int, after: int = 0) -> list[Event]:
    """Return the table's events with ``seq > after``, in order."""
    with engine.connect() as connection:
        return _events(connection, table_id, after)


_EVENTS = EventRecord.__table__  # type: ignore[attr-defined]
_TABLES = TableRecord.__table__  # type: ignore[attr-defined]


# Statements built once (the hot path of every entry); values are bound per call.
_EVENT_COLUMNS = (
    _EVENTS.c.seq,
    _EVENTS.c.kind,
    _EVENTS.c.payload,
    _EVENTS.c.author_seat,
    _EVENTS.c.created_at,
    _EVENTS.c.by_host,
)
_EVENTS_AFTER = (
    sa.select(*_EVENT_COLUMNS)
    .where(_EVENTS.c.table_id == sa.bindparam("tid"), _EVENTS.c.seq > sa.bindparam("after"))
    .order_by(_EVENTS.c.seq)
)
_EVENT_BY_KEY = sa.select(*_EVENT_COLUMNS).where(
    _EVENTS.c.table_id == sa.bindparam("tid"), _EVENTS.c.idempotency_key == sa.bindparam("key")
)
# Taking the next number locks the table's row (PostgreSQL) inside the write transaction (SQLite).
_NEXT_SEQ = (
    _TABLES.update()
    .where(_TABLES.c.id == sa.bindparam("tid"))
    .values(last_seq=_TABLES.c.last_seq + 1)
    .returning(_TABLES.c.last_seq)
)
_INSERT_EVENT = _EVENTS.insert()


def _events(connection: Connection, table_id: int, after: int) -> list[Event]:
    return [_row_event(row) for row in connection.execute(_EVENTS_AFTER, {"tid": table_id, "after": after})]


def _row_event(row: Any) -> Event:
    return Event(
        seq=row.seq,
        kind=row.kind,
        payload=dict(row.payload),
        author=row.author_seat,
        at=_utc(row.created_at),
        by_host=row.by_host,
    )


def append_event(
    engine: Engine,
    *,
    table_id: int,
    event: Event,
    idempotency_key: str,
    decide: Callable[[Callable[[int], list[Event]], Event], Event],
) -> Appended:
    """Append ``event`` after ``decide`` accepts it against the ledger, once per key.

    ``decide`` receives a loader of events after a given seq (inside the lock) and the event;
    it returns the event to store or raises. Nothing is written when it raises.
    """
    with _process_write_lock, engine.connect() as connection:
        connection = connection.execution_options(**{WRITE: True})
        try:
            with connection.begin():
                seq = connection.execute(_NEXT_SEQ, {"tid": table_id}).scalar_one()
                last_seq = seq - 1

                def load_after(after: int) -> list[Event]:
                    # Nothing to read when the caller already holds everything up to last_seq.
                    return _events(connection, table_id, after) if after < last_seq else []

                numbered = replace(event, seq=seq, at=datetime.now(UTC))
                accepted = decide(load_after, numbered)
                connection.execute(
                    _INSERT_EVENT,
                    {
                        "table_id": table_id,
                        "seq": accepted.seq,
                        "kind": accepted.kind,
                        "payload": dict(accepted.payload),
                        "author_seat": accepted.author,
                        "by_host": accepted.by_host,
                        "idempotency_key": idempotency_key,
                        "created_at": accepted.at,
                    },
                )
            return Appended(accepted, created=True)
        except (IntegrityError, RuleError) as error:
            # A key already used (a double tap, a retry) answers with the first event, even when
            # the repeat would now be refused by the rules.
            existing = connection.execute(_EVENT_BY_KEY, {"tid": table_id, "key": idempotency_key}).first()
            connection.rollback()
            if existing is not None:
                return Appended(_row_event(existing), created=False)
            raise error from None


# One writer per process at a time: waiting here is cheap (and cooperative under gevent), while
# waiting inside SQLite's busy handler would stall every request of a gevent worker.
_process_write_lock = threading.Lock()
