"""Append and load ledger events; convert storage rows to domain values.

Appends are serialised per table: SQLite takes the write lock at BEGIN (IMMEDIATE), PostgreSQL
locks the table's row (``FOR UPDATE``). Inside that lock the next sequence number is
``last_seq + 1`` and an idempotency key already used returns the first answer.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select

from companion.db import read_session, write_session
from companion.games.base import Event, Player, Setup
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


def _event(record: EventRecord) -> Event:
    return Event(
        seq=record.seq,
        kind=record.kind,
        payload=dict(record.payload),
        author=record.author_seat,
        at=_utc(record.created_at),
        by_host=record.by_host,
    )


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
    """Return the table with the given code or token, or None."""
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
        return _table_info(record) if record else None


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
    with read_session(engine) as session:
        return _events(session, table_id, after)


def _events(session: Any, table_id: int, after: int) -> list[Event]:
    query = (
        select(EventRecord)
        .where(EventRecord.table_id == table_id, EventRecord.seq > after)
        .order_by(col(EventRecord.seq))
    )
    return [_event(r) for r in session.exec(query).all()]


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
    with write_session(engine) as session:
        table = session.exec(select(TableRecord).where(TableRecord.id == table_id).with_for_update()).one()
        existing = session.exec(
            select(EventRecord).where(EventRecord.table_id == table_id, EventRecord.idempotency_key == idempotency_key)
        ).first()
        if existing is not None:
            return Appended(_event(existing), created=False)
        numbered = replace(event, seq=table.last_seq + 1)
        accepted = decide(lambda after: _events(session, table_id, after), numbered)
        table.last_seq = numbered.seq
        record = EventRecord(
            table_id=table_id,
            seq=numbered.seq,
            kind=accepted.kind,
            payload=dict(accepted.payload),
            author_seat=accepted.author,
            by_host=accepted.by_host,
            idempotency_key=idempotency_key,
        )
        session.add(table)
        session.add(record)
        session.flush()
        return Appended(_event(record), created=True)
