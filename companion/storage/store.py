"""The tables and their ledgers in the database, through SQLModel: storage rows in, domain values out.

Appends are serialised per table (:func:`appending`): SQLite takes the write lock at BEGIN
(IMMEDIATE), PostgreSQL locks the table's row (``FOR UPDATE``). Rows of the ledger are only ever
inserted.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine, Text, cast, insert, update
from sqlalchemy import select as columns
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select

from companion.games.contract import Event, Player, Setup
from companion.storage.db import read_session, write_session, write_transaction
from companion.storage.models import EventRecord, TableRecord, utcnow

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L


@dataclass(frozen=True)
class TableInfo:
    """A stored table as the rest of the app sees it."""

    id: int
    code: str
    join_token: str
    watch_token: str
    results_token: str
    setup: Setup
    created_at: datetime
    imported: bool = False
    last_seq: int = 0  # the number of its last entry when it was read (a request reads it once)
    time_zone: str | None = None  # the players' IANA zone (None: no phone sent one; shown in UTC)


def _table_info(record: Any) -> TableInfo:
    """Return a stored table (a ``TableRecord`` or a row of its columns) as the app sees it."""
    assert record.id is not None
    players = tuple(Player(p["seat"], p["name"], p["colour"]) for p in record.players)
    return TableInfo(
        id=record.id,
        code=record.code,
        join_token=record.join_token,
        watch_token=record.watch_token,
        results_token=record.results_token,
        setup=Setup(record.game, players, dict(record.options), record.seed),
        created_at=_utc(record.created_at),
        imported=record.imported,
        last_seq=record.last_seq,
        time_zone=record.time_zone,
    )


def _utc(moment: datetime) -> datetime:
    """The time in UTC: SQLite keeps it without a zone, PostgreSQL in the connection's."""
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment if moment.tzinfo is UTC else moment.astimezone(UTC)


def _utc_text(text: str) -> datetime:
    """Return a stored time read as text, in UTC: SQLite keeps UTC without an offset, PostgreSQL writes its own."""
    if "+" in text[19:] or "-" in text[19:]:
        moment = datetime.fromisoformat(text)
        return moment if moment.tzinfo is UTC else moment.astimezone(UTC)
    return datetime.fromisoformat(f"{text}+00:00")


def new_code() -> str:
    """Return a short table code that is easy to read aloud."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))


def insert_table(engine: Engine, *, setup: Setup, imported: bool = False, time_zone: str | None = None) -> TableInfo:
    """Store a new table and return it (retrying on the rare code collision); ``time_zone``: the host phone's."""
    players = [{"seat": p.seat, "name": p.name, "colour": p.colour} for p in setup.players]
    for _attempt in range(10):
        record = TableRecord(
            code=new_code(),
            join_token=secrets.token_urlsafe(24),
            watch_token=secrets.token_urlsafe(24),
            results_token=secrets.token_urlsafe(24),
            game=setup.game,
            players=players,
            options=_jsonable(setup.options),
            seed=setup.seed,
            imported=imported,
            time_zone=time_zone,
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
    engine: Engine,
    *,
    code: str | None = None,
    join_token: str | None = None,
    watch_token: str | None = None,
    results_token: str | None = None,
) -> TableInfo | None:
    """Return the table with the given code or token, or None."""
    given = {"code": code.upper() if code else None, "join_token": join_token}
    given |= {"watch_token": watch_token, "results_token": results_token}
    name, value = next(((name, value) for name, value in given.items() if value is not None), (None, None))
    if name is None:
        return None
    with engine.connect() as connection:  # a row of columns: every request looks its table up
        row = connection.execute(select(TableRecord).where(getattr(TableRecord, name) == value)).first()
        return None if row is None else _table_info(row)


def keep_time_zone(engine: Engine, *, table_id: int, time_zone: str) -> bool:
    """Give a table that has no time zone yet this one (a joining phone's); a known zone is kept. True if set.

    The one column of a row written after it was made, once: a page already read shows the table
    in UTC until its next entry (which the join that sends it makes); the exports read it here.
    """
    query = update(TableRecord).where(col(TableRecord.id) == table_id, col(TableRecord.time_zone).is_(None))
    with write_transaction(engine) as connection:
        return bool(connection.execute(query.values(time_zone=time_zone)).rowcount)


def table_time_zone(engine: Engine, table_id: int) -> str | None:
    """Return the time zone a table keeps now (None if no phone sent one)."""
    query = columns(col(TableRecord.time_zone)).where(col(TableRecord.id) == table_id)
    with engine.connect() as connection:
        return connection.execute(query).scalar()


def table_position(engine: Engine, *, code: str) -> tuple[int, str, int] | None:
    """Return the id, code and last entry of the table with this code (what changes of a row), or None."""
    query = columns(col(TableRecord.id), col(TableRecord.code), col(TableRecord.last_seq))
    with engine.connect() as connection:
        row = connection.execute(query.where(col(TableRecord.code) == code.upper())).first()
        return None if row is None else (row[0] or 0, row[1], row[2])  # an id is never 0: stored rows have one


def tables_by_code(engine: Engine, codes: Sequence[str]) -> list[TableInfo]:
    """Return the tables among ``codes`` that exist, newest first."""
    if not codes:
        return []
    query = select(TableRecord).where(col(TableRecord.code).in_(list(codes)))
    with read_session(engine) as session:
        records = session.exec(query.order_by(col(TableRecord.created_at).desc())).all()
        return [_table_info(r) for r in records]


def tables_by_ids(engine: Engine, ids: Sequence[int]) -> list[TableInfo]:
    """Return the tables with these ids that exist, newest first."""
    if not ids:
        return []
    query = select(TableRecord).where(col(TableRecord.id).in_(list(ids)))
    with read_session(engine) as session:
        records = session.exec(query.order_by(col(TableRecord.created_at).desc())).all()
        return [_table_info(r) for r in records]


@dataclass(frozen=True)
class Appended:
    """The result of an append: the stored event, and whether this call stored it."""

    event: Event
    created: bool


def _event(record: Any) -> Event:
    """Return a stored row (an ``EventRecord`` or a row of its columns) as the games see it."""
    return Event(
        seq=record.seq,
        kind=record.kind,
        payload=dict(record.payload),
        author=record.author_seat,
        at=_utc(record.created_at),
        by_host=record.by_host,
    )


class Appending:
    """One write transaction that holds a table's row: what an append reads and writes through.

    SQLite takes the database's write lock when the transaction begins (``BEGIN IMMEDIATE``, see
    :mod:`companion.storage.db`); PostgreSQL locks the table's row (``SELECT … FOR UPDATE``). Appends to
    one table are so taken one after the other, and the next entry is numbered ``last_seq + 1``.
    The row and the entries are read and written as statements on the transaction's connection, not
    as ORM objects (docs/benchmarks.md, "An entry's statements").
    """

    def __init__(self, connection: Connection, table_id: int, last_seq: int) -> None:
        self._connection = connection
        self._table_id = table_id
        self._last_seq = last_seq

    @property
    def last_seq(self) -> int:
        """The number of the table's last entry (0 before the first)."""
        return self._last_seq

    def stored(self, key: str) -> Event | None:
        """Return the entry stored under an idempotency key, if there is one."""
        row = self._connection.execute(_by_key(self._table_id, key)).first()
        return None if row is None else _event(row)

    def events_after(self, seq: int) -> list[Event]:
        """Return the table's entries after ``seq``, in order."""
        return _events_after(self._connection, self._table_id, seq)

    def append(self, event: Event, key: str) -> None:
        """Insert ``event`` (numbered ``last_seq + 1``) under ``key``; the commit comes when the transaction ends."""
        assert event.seq == self._last_seq + 1, (event.seq, self._last_seq)
        row = {
            "table_id": self._table_id,
            "seq": event.seq,
            "kind": event.kind,
            "payload": dict(event.payload),
            "author_seat": event.author,
            "by_host": event.by_host,
            "idempotency_key": key,
            "created_at": event.at or utcnow(),
        }
        self._connection.execute(insert(EventRecord), row)
        self._connection.execute(
            update(TableRecord).where(col(TableRecord.id) == self._table_id).values(last_seq=event.seq)
        )
        self._last_seq = event.seq


def _by_key(table_id: int, key: str) -> Any:
    """The entry stored under an idempotency key, as a statement."""
    return columns(EventRecord).where(col(EventRecord.table_id) == table_id, col(EventRecord.idempotency_key) == key)


@contextmanager
def appending(engine: Engine, table_id: int) -> Iterator[Appending]:
    """Yield the table's :class:`Appending` in one write transaction (committed on success).

    A repeated idempotency key is refused by the ledger's unique index (IntegrityError) as the
    entry is inserted, and nothing is stored; :func:`stored_event` then finds the first entry.
    """
    with write_transaction(engine) as connection:
        locked = columns(col(TableRecord.last_seq)).where(col(TableRecord.id) == table_id).with_for_update()
        last_seq = connection.execute(locked).scalar()
        if last_seq is None:
            raise LookupError(f"no table {table_id}")
        yield Appending(connection, table_id, last_seq)


def stored_event(engine: Engine, table_id: int, key: str) -> Event | None:
    """Return the entry stored under an idempotency key, if there is one (outside any append)."""
    with engine.connect() as connection:
        row = connection.execute(_by_key(table_id, key)).first()
        return None if row is None else _event(row)


def _events_after(connection: Connection, table_id: int, after: int) -> list[Event]:
    """The table's entries after ``seq``, read as plain columns: a cold board of a long table reads them all.

    The payloads come as text (cast in SQL: PostgreSQL's driver would decode each itself) and are
    decoded by one ``json.loads`` of them all; the times come as text too (:func:`_utc_text`).
    Kept for the cold board of a long table (docs/benchmarks.md, "Reading a ledger").
    """
    query = (
        columns(
            col(EventRecord.seq),
            col(EventRecord.kind),
            cast(EventRecord.payload, Text),
            col(EventRecord.author_seat),
            cast(EventRecord.created_at, Text),
            col(EventRecord.by_host),
        )
        .where(col(EventRecord.table_id) == table_id, col(EventRecord.seq) > after)
        .order_by(col(EventRecord.seq))
    )
    rows = connection.execute(query).all()
    payloads = json.loads(f"[{','.join([row[2] for row in rows])}]")
    return [
        Event(seq, kind, payload, author, _utc_text(at), by_host)
        for (seq, kind, _text, author, at, by_host), payload in zip(rows, payloads, strict=True)
    ]


def load_events(engine: Engine, table_id: int, after: int = 0) -> list[Event]:
    """Return the table's events with ``seq > after``, in order."""
    with engine.connect() as connection:
        return _events_after(connection, table_id, after)
