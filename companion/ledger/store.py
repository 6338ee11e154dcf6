"""Append and load ledger events; convert storage rows to domain values.

Appends are serialised per table: SQLite takes the write lock at BEGIN (IMMEDIATE), PostgreSQL
locks the table's row (``FOR UPDATE``). Inside that lock the next sequence number is
``last_seq + 1`` and an idempotency key already used returns the first answer.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import threading
import time
import weakref
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, event
from sqlalchemy.exc import IntegrityError
from sqlalchemy.pool import StaticPool
from sqlmodel import col, select

from companion.db import database_name, read_session, unpinged_checkout, write_session
from companion.games.contract import Event, Player, Setup, evolve
from companion.models import EventRecord, TableRecord
from companion.recent import Recent

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
        results_token=record.results_token,
        setup=Setup(record.game, players, dict(record.options), record.seed),
        created_at=_utc(record.created_at),
        imported=record.imported,
    )


def _utc(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def new_code() -> str:
    """Return a short table code that is easy to read aloud."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))


def insert_table(engine: Engine, *, setup: Setup, imported: bool = False) -> TableInfo:
    """Store a new table and return it (retrying on the rare code collision)."""
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
    """Return the table with the given code or token, or None (rows never change: cached by code)."""
    if code is not None:
        cached = _tables.get((database_name(engine), code.upper()))
        if cached is not None:
            return cached
    query = select(TableRecord)
    if code is not None:
        query = query.where(TableRecord.code == code.upper())
    elif join_token is not None:
        query = query.where(TableRecord.join_token == join_token)
    elif watch_token is not None:
        query = query.where(TableRecord.watch_token == watch_token)
    elif results_token is not None:
        query = query.where(TableRecord.results_token == results_token)
    else:
        return None
    with read_session(engine) as session:
        record = session.exec(query).first()
        if record is None:
            return None
        table = _table_info(record)
    if len(_tables) > 4096:
        _tables.clear()
    _tables[(database_name(engine), table.code)] = table
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


def tables_by_ids(engine: Engine, ids: Sequence[int]) -> list[TableInfo]:
    """Return the tables with these ids that exist, newest first."""
    if not ids:
        return []
    query = select(TableRecord).where(col(TableRecord.id).in_(list(ids)))
    with read_session(engine) as session:
        records = session.exec(query.order_by(col(TableRecord.created_at).desc())).all()
        return [_table_info(r) for r in records]


# The ledger's hot path (every tap of every phone) talks to the DB-API connection directly:
# SQLAlchemy's per-transaction bookkeeping cost more than the SQL itself. The SQL is plain and
# the same for SQLite and PostgreSQL but for the placeholder; the schema stays Alembic's.
_EVENT_COLUMNS = "seq, kind, payload, author_seat, created_at, by_host"
_SQL = {
    "set_last_seq": "UPDATE game_table SET last_seq = ? WHERE id = ? AND last_seq = ?",
    "events_after": f"SELECT {_EVENT_COLUMNS} FROM ledger_event WHERE table_id = ? AND seq > ? ORDER BY seq",
    "events_between": f"SELECT {_EVENT_COLUMNS} FROM ledger_event WHERE table_id = ? AND seq > ? AND seq <= ?"
    " ORDER BY seq",
    "snapshot_headers": "SELECT seq, voided, voided_digest FROM fold_snapshot"
    " WHERE table_id = ? AND rule_version = ? AND format = ? ORDER BY seq, id",
    "snapshot_state": "SELECT state FROM fold_snapshot"
    " WHERE table_id = ? AND rule_version = ? AND format = ? AND seq = ? AND voided_digest = ?",
    "snapshot_insert": "INSERT INTO fold_snapshot"
    " (table_id, seq, rule_version, format, voided, voided_digest, state, created_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
}
# The table's last seq with the entries already stored under the keys asked about: one row per
# such entry, else one row.
_TABLE_AND_KEYS = (
    "SELECT t.last_seq, {columns}, e.idempotency_key FROM game_table AS t"
    " LEFT JOIN ledger_event AS e ON e.table_id = t.id AND e.idempotency_key IN ({keys}) WHERE t.id = ?"
)
_INSERT_EVENTS = (
    "INSERT INTO ledger_event (table_id, seq, kind, payload, author_seat, by_host, idempotency_key, created_at)"
    " VALUES {rows}"
)
# PostgreSQL: the entries go in only through the table's row, updated first from the last seq they follow.
_INSERT_EVENTS_AFTER = (
    "WITH new_last AS (UPDATE game_table SET last_seq = %s WHERE id = %s AND last_seq = %s RETURNING id)"
    " INSERT INTO ledger_event (table_id, seq, kind, payload, author_seat, by_host, idempotency_key, created_at)"
    " SELECT new_last.id, entry.* FROM new_last, (VALUES {rows}) AS entry"
)


Loader = Callable[[int], list[Event]]
Decide = Callable[[Loader, Event, Any], tuple[Event, Any]]


class _Ledger:
    """One DB-API connection from the engine's pool (or, ``kept``, taken out of it for good), speaking
    the dialect's placeholders."""

    def __init__(self, engine: Engine, *, kept: bool = False) -> None:
        self.dialect = engine.dialect
        self.sqlite = engine.dialect.name == "sqlite"
        self.integrity_error = engine.dialect.loaded_dbapi.IntegrityError
        self.connection = engine.raw_connection()
        if kept:
            self.connection.detach()  # this process's own from now on: closed, not returned, by close()
        self.cursor = self.connection.cursor()

    def sql(self, name: str) -> str:
        return self.placeholders(_SQL[name])

    def placeholders(self, sql: str) -> str:
        return sql if self.sqlite else sql.replace("?", "%s")

    def table_and_keys(self, table_id: int, keys: Sequence[str], *, lock: bool) -> tuple[int, dict[str, Event]]:
        """Return the table's last seq and the entries stored under ``keys``; ``lock`` its row (PostgreSQL)."""
        unique = list(dict.fromkeys(keys))
        columns = ", ".join(f"e.{name}" for name in _EVENT_COLUMNS.split(", "))
        sql = _TABLE_AND_KEYS.format(columns=columns, keys=", ".join("?" * len(unique)))
        self.cursor.execute(
            self.placeholders(sql if self.sqlite or not lock else sql + " FOR UPDATE OF t"), (*unique, table_id)
        )
        rows = self.cursor.fetchall()
        if not rows:
            raise LookupError(f"no table {table_id}")
        return int(rows[0][0]), {row[-1]: self.event(row[1:-1]) for row in rows if row[-1] is not None}

    def insert_events(self, table_id: int, entries: Sequence[tuple[Event, str]], after: int) -> bool:
        """Insert the entries (each with its idempotency key), numbered from ``after`` + 1, if the
        table's last seq is still ``after``, and move it past them; return whether they were stored.

        PostgreSQL does both in one statement that takes the table's row first (so it waits for an
        append holding the row, and never holds a new seq while waiting); SQLite holds the write
        lock already. A key already stored makes it fail as a whole (IntegrityError).
        """
        new_last = after + len(entries)
        if self.sqlite:
            self.cursor.execute(_SQL["set_last_seq"], (new_last, table_id, after))
            if self.cursor.rowcount != 1:
                return False
            rows = ", ".join(["(" + ", ".join("?" * 8) + ")"] * len(entries))
            values: list[Any] = []
            for event, key in entries:
                values.extend((table_id, *self._row(event, key)))
            self.cursor.execute(_INSERT_EVENTS.format(rows=rows), values)
            return True
        typed = "(%s::integer, %s::text, %s::json, %s::integer, %s::boolean, %s::text, %s::timestamptz)"
        values = [new_last, table_id, after]
        for event, key in entries:
            values.extend(self._row(event, key))
        self.cursor.execute(_INSERT_EVENTS_AFTER.format(rows=", ".join([typed] * len(entries))), values)
        return bool(self.cursor.rowcount == len(entries))

    def _row(self, event: Event, key: str) -> tuple[Any, ...]:
        """An entry's stored values after its table's id: seq, kind, payload, author, by host, key, time."""
        at = self.stored_time(event.at or datetime.now(UTC))
        return (event.seq, event.kind, json.dumps(dict(event.payload)), event.author, event.by_host, key, at)

    def loader(self, table_id: int, last: int) -> Loader:
        """A loader of the table's stored events after a seq, when the table's last entry is ``last``."""
        return lambda after: self.events(table_id, after) if after < last else []

    def events(self, table_id: int, after: int) -> list[Event]:
        self.cursor.execute(self.sql("events_after"), (table_id, after))
        return [self.event(row) for row in self.cursor.fetchall()]

    def event(self, row: Any) -> Event:
        seq, kind, payload, author, created_at, by_host = row
        if isinstance(payload, str):
            payload = json.loads(payload)
        if isinstance(created_at, str):
            created_at = datetime.fromisoformat(created_at)
        return Event(seq=seq, kind=kind, payload=payload, author=author, at=_utc(created_at), by_host=bool(by_host))

    def stored_time(self, moment: datetime) -> Any:
        # SQLAlchemy keeps SQLite times as naive UTC text; PostgreSQL takes the aware datetime.
        if not self.sqlite:
            return moment
        return (moment if moment.tzinfo is UTC else moment.astimezone(UTC)).replace(tzinfo=None).isoformat(" ")

    def dropped(self, error: BaseException) -> bool:
        """True when ``error`` says the server dropped this connection (it cannot be used again)."""
        return isinstance(error, self.dialect.loaded_dbapi.Error) and self.dialect.is_disconnect(
            error, self.connection.dbapi_connection, self.cursor
        )

    def alive(self) -> bool:
        """Ping the server: False when the connection is gone."""
        driver = self.connection.dbapi_connection
        if driver is None:
            return False
        try:
            self.dialect.do_ping(driver)
        except self.dialect.loaded_dbapi.Error:
            return False
        return True

    def idle(self) -> bool:
        """True when no transaction is open on the connection (PostgreSQL's own account of it)."""
        driver = self.connection.dbapi_connection
        return driver is not None and driver.info.transaction_status.name == "IDLE"

    def close(self) -> None:
        try:
            self.cursor.close()
        finally:
            self.connection.close()  # back to the pool (SQLite's kept one, detached: closed)


# The append in progress on this greenlet/thread: reads made while deciding it (a snapshot, older
# entries) go through its connection. A second connection from the pool would wait for the pool
# while every pooled connection waits for this append's row lock.
_appending: ContextVar[tuple[Engine, _Ledger] | None] = ContextVar("companion_appending", default=None)


# SQLite has one writer per database at a time, so this process writes through one connection per
# database file, kept open, under one lock: waiting for that lock is cheap (and cooperative under
# gevent), while waiting inside SQLite's busy handler would stall every request of a gevent worker.
# Reads take the kept connection too when nobody holds it. A pool checkout and its return cost
# about as much as storing a tap. (An in-memory database has a single pooled connection already.)
_sqlite_write_lock = threading.Lock()
_kept: weakref.WeakKeyDictionary[Engine, _Ledger] = weakref.WeakKeyDictionary()


def _keeps_a_connection(engine: Engine) -> bool:
    return engine.dialect.name == "sqlite" and not isinstance(engine.pool, StaticPool)


def _kept_ledger(engine: Engine) -> _Ledger:
    """Return the engine's kept connection, opening it first (the caller holds the lock)."""
    ledger = _kept.get(engine)
    if ledger is None:
        ledger = _kept[engine] = _Ledger(engine, kept=True)
        if not event.contains(engine, "engine_disposed", _close_kept):
            event.listen(engine, "engine_disposed", _close_kept)
    return ledger


def _close_kept(engine: Engine) -> None:
    """Close the engine's kept connection (with the rest of its connections, or after a failed use)."""
    ledger = _kept.pop(engine, None)
    if ledger is not None:
        ledger.close()


@contextmanager
def _on_kept(engine: Engine) -> Iterator[_Ledger]:
    """Yield the kept connection (the caller holds the lock); a failure closes it, the next use opens another."""
    ledger = _kept_ledger(engine)
    try:
        yield ledger
    except BaseException:
        _close_kept(engine)
        raise


class _Dropped(Exception):
    """A tap's kept connection had been dropped by the server: take a pinged one and try again."""


@contextmanager
def _pooled(engine: Engine) -> Iterator[_Ledger]:
    """Yield a connection from the pool; it goes back (rolled back if still in a transaction) after.

    PostgreSQL pings a connection as it leaves the pool (``companion.db``). A connection the
    server dropped meanwhile is thrown away, never returned to the pool.
    """
    ledger = _Ledger(engine)
    try:
        yield ledger
    except Exception as error:
        if ledger.dropped(error):
            ledger.connection.invalidate(error)
        raise
    finally:
        ledger.close()


# PostgreSQL: the taps of this process keep a few of the pool's connections checked out between
# taps, last used first. Taking one and putting it back is a list's pop and append, where a pool
# checkout and return cost about a tenth of a tap's CPU under gevent. They stay counted by the
# pool, which caps how many connections this process opens; taps at once beyond those kept check
# more out, unpinged, and return them after. One kept unused for a while is pinged before a tap
# uses it: a server or a network may have dropped it meanwhile without a word.
KEPT_FOR_TAPS = 4  # per engine
PING_KEPT_AFTER_SECONDS = 30.0


class _KeptForTaps:
    """The connections one engine's taps keep between taps, each with the time it was put back."""

    def __init__(self) -> None:
        self.lock = threading.Lock()  # several threads (or greenlets) tap at once
        self.idle: list[tuple[_Ledger, float]] = []
        self.closed = False

    def take(self) -> _Ledger | None:
        """Return the connection put back last (pinged first if unused for a while), or None."""
        while True:
            with self.lock:
                if not self.idle:
                    return None
                ledger, since = self.idle.pop()
            if time.monotonic() - since < PING_KEPT_AFTER_SECONDS or ledger.alive():
                return ledger
            ledger.connection.invalidate()
            ledger.close()

    def put_back(self, ledger: _Ledger) -> bool:
        """Keep ``ledger`` for the next tap if it is clean and there is room; return whether it was kept."""
        with self.lock:
            if self.closed or len(self.idle) >= KEPT_FOR_TAPS or not ledger.idle():
                return False
            self.idle.append((ledger, time.monotonic()))
            return True

    def close(self) -> None:
        """Close every kept connection (closed at once: the pool they came from may be disposed of)."""
        with self.lock:
            idle, self.idle, self.closed = self.idle, [], True
        for ledger, _since in idle:
            ledger.connection.invalidate()
            ledger.close()


_kept_for_taps: weakref.WeakKeyDictionary[Engine, _KeptForTaps] = weakref.WeakKeyDictionary()
_kept_for_taps_lock = threading.Lock()


def _close_kept_for_taps(engine: Engine) -> None:
    """Close the engine's kept tap connections (with its pool, or once one was found dropped)."""
    kept = _kept_for_taps.pop(engine, None)
    if kept is not None:
        kept.close()


def _kept_for(engine: Engine) -> _KeptForTaps:
    kept = _kept_for_taps.get(engine)
    if kept is None:
        with _kept_for_taps_lock:
            kept = _kept_for_taps.get(engine)
            if kept is None:
                kept = _kept_for_taps[engine] = _KeptForTaps()
                if not event.contains(engine, "engine_disposed", _close_kept_for_taps):
                    event.listen(engine, "engine_disposed", _close_kept_for_taps)
    return kept


@contextmanager
def _tapping(engine: Engine) -> Iterator[_Ledger]:
    """Yield a connection for a tap (PostgreSQL): a kept one, else one checked out unpinged; it is
    kept again after a clean use, else returned to the pool.

    After a failure it is returned (rolled back). If the server had dropped it, it is thrown away
    with the other kept ones (a restart drops them all) and :class:`_Dropped` is raised: the
    caller tries again on a pinged connection.
    """
    kept = _kept_for(engine)
    ledger = kept.take()
    if ledger is None:
        skip_ping = unpinged_checkout.set(True)
        try:
            ledger = _Ledger(engine)
        finally:
            unpinged_checkout.reset(skip_ping)
    try:
        yield ledger
    except BaseException as error:
        if isinstance(error, Exception) and ledger.dropped(error):
            ledger.connection.invalidate(error)
            ledger.close()
            _close_kept_for_taps(engine)
            raise _Dropped from error
        ledger.close()
        raise
    if not kept.put_back(ledger):
        ledger.close()


@contextmanager
def _writing(engine: Engine, *, pinged: bool = True) -> Iterator[_Ledger]:
    """Yield a connection to write with: SQLite's kept one, alone, or on PostgreSQL a pinged pooled
    one, or for a tap (``pinged=False``) a kept one (PostgreSQL orders the appends of a table by its
    row alone: appends to other tables, and reads, go on meanwhile)."""
    if engine.dialect.name != "sqlite":
        with _pooled(engine) if pinged else _tapping(engine) as ledger:
            yield ledger
        return
    with _sqlite_write_lock, (_on_kept if _keeps_a_connection(engine) else _pooled)(engine) as ledger:
        yield ledger


@contextmanager
def _reading(engine: Engine) -> Iterator[_Ledger]:
    """Yield a connection to read with: the append's own when inside one, SQLite's kept one when
    nobody holds it, else a pooled one."""
    current = _appending.get()
    if current is not None and current[0] is engine:
        yield current[1]
        return
    if _keeps_a_connection(engine) and _sqlite_write_lock.acquire(blocking=False):
        try:
            with _on_kept(engine) as ledger:
                yield ledger
                ledger.connection.rollback()
        finally:
            _sqlite_write_lock.release()
        return
    with _pooled(engine) as ledger:
        yield ledger
        ledger.connection.rollback()


def recent_payloads(engine: Engine, *, kinds: Sequence[str], limit: int) -> list[dict[str, Any]]:
    """Return the payloads of the newest events of ``kinds`` at every table of this server, newest first."""
    query = (
        select(EventRecord.payload)
        .where(col(EventRecord.kind).in_(list(kinds)))
        .order_by(col(EventRecord.id).desc())
        .limit(limit)
    )
    with read_session(engine) as session:
        return [dict(payload) for payload in session.exec(query).all()]


def load_events(engine: Engine, table_id: int, after: int = 0) -> list[Event]:
    """Return the table's events with ``seq > after``, in order."""
    with _reading(engine) as ledger:
        return ledger.events(table_id, after)


def load_events_between(engine: Engine, table_id: int, after: int, up_to: int) -> list[Event]:
    """Return the table's events with ``after < seq <= up_to``, in order."""
    with _reading(engine) as ledger:
        ledger.cursor.execute(ledger.sql("events_between"), (table_id, after, up_to))
        return [ledger.event(row) for row in ledger.cursor.fetchall()]


# -- Fold snapshots: a cache of folded states in the database (see ``ledger.snapshots``) ----------


@dataclass(frozen=True)
class SnapshotKey:
    """Which stored snapshot: the table's state through ``seq`` with the entries ``voided`` left out."""

    seq: int
    voided: frozenset[int]

    @property
    def digest(self) -> str:
        """A short name of the voided set (one row per distinct set)."""
        return hashlib.sha256(",".join(map(str, sorted(self.voided))).encode()).hexdigest()[:32]


def snapshot_keys(engine: Engine, *, table_id: int, rule_version: int, format: int) -> list[SnapshotKey]:
    """Return the table's stored snapshots for this rule version and encoding, oldest first."""
    with _reading(engine) as ledger:
        ledger.cursor.execute(ledger.sql("snapshot_headers"), (table_id, rule_version, format))
        return [SnapshotKey(int(seq), frozenset(json.loads(voided))) for seq, voided, _ in ledger.cursor.fetchall()]


def snapshot_state(engine: Engine, *, table_id: int, rule_version: int, format: int, key: SnapshotKey) -> str | None:
    """Return the stored state of one snapshot, or None."""
    with _reading(engine) as ledger:
        ledger.cursor.execute(ledger.sql("snapshot_state"), (table_id, rule_version, format, key.seq, key.digest))
        row = ledger.cursor.fetchone()
        return None if row is None else str(row[0])


def save_snapshots(
    engine: Engine, *, table_id: int, rule_version: int, format: int, snapshots: Sequence[tuple[SnapshotKey, str]]
) -> None:
    """Store snapshots (one already stored under the same key is kept)."""
    if not snapshots:
        return
    with _writing(engine) as ledger:
        if ledger.sqlite:
            ledger.cursor.execute("BEGIN IMMEDIATE")
        now = ledger.stored_time(datetime.now(UTC))
        ledger.cursor.executemany(
            ledger.sql("snapshot_insert"),
            [
                (table_id, key.seq, rule_version, format, json.dumps(sorted(key.voided)), key.digest, state, now)
                for key, state in snapshots
            ],
        )
        ledger.connection.commit()


MAX_BATCH = 64  # entries stored by one transaction at most


@dataclass
class _Waiting:
    """An entry waiting for its table's next append transaction, and then its answer."""

    event: Event
    key: str
    decide: Decide
    answer: Appended | None = None
    error: BaseException | None = None

    @property
    def settled(self) -> bool:
        return self.answer is not None or self.error is not None


class _TableAppends:
    """The entries waiting to be appended to one table of this process, and who is appending them."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.waiting: list[_Waiting] = []
        self.last_seq: int | None = None  # as this process last stored or read it under the lock


# The tables appended to lately (a table forgotten here is only appended to under its lock next time).
_table_appends: Recent[tuple[str, int], _TableAppends] = Recent(4096)


def append_event(engine: Engine, *, table_id: int, event: Event, idempotency_key: str, decide: Decide) -> Appended:
    """Append ``event`` after ``decide`` accepts it against the ledger, once per key.

    ``decide(load_after, numbered, before)`` receives a loader of the stored events after a given
    seq, the event numbered, and ``before``: None, or the second value the previous ``decide`` of
    the same transaction returned (the state its entry led to). It returns the event to store and
    that value, or raises, and then nothing is stored for this entry. It may be called again for
    the same entry (the last call counts) when a first attempt finds the table moved on.

    Group commit: the entries that arrive at a table while one transaction is appending to it
    wait, and the next transaction decides and stores them all, in the order they came, with one
    insert and one commit. A key already stored, or accepted earlier in the same transaction, is
    answered with the first event.
    """
    waiting = _Waiting(event, idempotency_key, decide)
    appends = _table_appends.get_or_add((database_name(engine), table_id), _TableAppends)
    appends.waiting.append(waiting)
    with appends.lock:
        while not waiting.settled:
            batch = appends.waiting[:MAX_BATCH]
            del appends.waiting[: len(batch)]
            _append_batch(engine, appends, table_id, batch)
    if waiting.error is not None:
        raise waiting.error
    assert waiting.answer is not None
    return waiting.answer


@dataclass
class _Decided:
    """What one transaction's entries came to before it is committed."""

    stored: list[tuple[_Waiting, Event]]  # to insert, numbered from the table's last seq + 1
    refused: dict[int, Exception]  # by the entry's index in the batch
    first_answers: dict[str, Event]  # by key: an event stored before, or earlier in this batch

    @property
    def rows(self) -> list[tuple[Event, str]]:
        """The entries to insert, each with its key."""
        return [(accepted, waiting.key) for waiting, accepted in self.stored]


def _decide(batch: list[_Waiting], last: int, load_after: Loader, first_answers: dict[str, Event]) -> _Decided:
    """Decide the batch's entries in order, each on the state the ones accepted before it lead to."""
    decided = _Decided([], {}, dict(first_answers))
    before: Any = None
    now = datetime.now(UTC)
    for index, waiting in enumerate(batch):
        if waiting.key in decided.first_answers:
            continue  # a repeated key: answered with its first event
        numbered = evolve(waiting.event, seq=last + len(decided.stored) + 1, at=now)
        try:
            accepted, before_next = waiting.decide(load_after, numbered, before)
        except Exception as error:  # refused (or failed): this entry only
            decided.refused[index] = error
            continue
        before = before_next
        decided.stored.append((waiting, accepted))
        decided.first_answers[waiting.key] = accepted
    return decided


def _settle(batch: list[_Waiting], decided: _Decided) -> None:
    """Give every entry of a committed batch its answer."""
    created = {id(waiting) for waiting, _ in decided.stored}
    for index, waiting in enumerate(batch):
        if index in decided.refused:
            waiting.error = decided.refused[index]
        else:
            # A key already used (a double tap, a retry) answers with the first event, even when
            # the repeat would now be refused by the rules.
            waiting.answer = Appended(decided.first_answers[waiting.key], created=id(waiting) in created)


def _append_batch(engine: Engine, appends: _TableAppends, table_id: int, batch: list[_Waiting]) -> None:
    """Decide and store ``batch``; every entry in it ends with an answer or an error.

    The first attempt takes a tap's connection without pinging it (PostgreSQL). If the server had
    dropped it (a restart), the batch is decided and stored again, on a pinged connection, under
    the table's lock: entries the first attempt did store are found by their keys, not stored twice.
    """
    try:
        try:
            _store_batch(engine, appends, table_id, batch, pinged=False)
        except _Dropped:
            appends.last_seq = None
            _store_batch(engine, appends, table_id, batch, pinged=True)
    except BaseException as error:
        appends.last_seq = None
        for waiting in batch:
            waiting.answer = None
            waiting.error = error if isinstance(error, Exception) else RuntimeError("the append was interrupted")
        if not isinstance(error, Exception):
            raise


def _store_batch(engine: Engine, appends: _TableAppends, table_id: int, batch: list[_Waiting], *, pinged: bool) -> None:
    """One attempt at ``batch`` on one connection: at once when this process stored the table's last
    entry, else (or when the table moved on meanwhile) under the table's lock; rolled back on failure."""
    with _writing(engine, pinged=pinged) as ledger:
        appending = _appending.set((engine, ledger))
        try:
            if appends.last_seq is None or not _append_at_once(ledger, appends, table_id, batch):
                _append_locked(ledger, appends, table_id, batch)
        except BaseException as error:
            if not ledger.dropped(error):  # a dropped connection has nothing to roll back
                ledger.connection.rollback()
            raise
        finally:
            _appending.reset(appending)


def _append_locked(ledger: _Ledger, appends: _TableAppends, table_id: int, batch: list[_Waiting]) -> None:
    """Lock the table (its row; SQLite: the write lock), read where it is, decide, insert, commit."""
    if ledger.sqlite:
        ledger.cursor.execute("BEGIN IMMEDIATE")
    last, stored_before = ledger.table_and_keys(table_id, [waiting.key for waiting in batch], lock=True)
    decided = _decide(batch, last, ledger.loader(table_id, last), stored_before)
    if decided.stored and not ledger.insert_events(table_id, decided.rows, last):
        raise RuntimeError(f"table {table_id} moved on while its row was locked")
    ledger.connection.commit()
    appends.last_seq = last + len(decided.stored)
    _settle(batch, decided)


def _append_at_once(ledger: _Ledger, appends: _TableAppends, table_id: int, batch: list[_Waiting]) -> bool:
    """When this process stored the table's last entry: decide on the table as it left it, then insert.

    PostgreSQL inserts the entries and moves the table's last seq in one statement, with no lock
    held meanwhile (SQLite: in one write transaction). If another server appended since, the
    first seq is taken and the insert fails as a whole, as it does for a key already stored: the
    batch is then decided again under the lock (returns False). A refusal stands only when the
    table is still where this process left it; a refused entry whose key was stored before is
    answered with that first entry.
    """
    last = appends.last_seq
    assert last is not None
    driver = ledger.connection.dbapi_connection
    assert driver is not None
    if ledger.sqlite:
        ledger.cursor.execute("BEGIN IMMEDIATE")
    else:
        driver.autocommit = True  # the insert is its own transaction
    try:
        decided = _decide(batch, last, ledger.loader(table_id, last), {})
        if decided.refused:
            refused_keys = [batch[index].key for index in decided.refused]
            found_last, stored_before = ledger.table_and_keys(table_id, refused_keys, lock=False)
            for index in [index for index in decided.refused if batch[index].key in stored_before]:
                del decided.refused[index]
                decided.first_answers[batch[index].key] = stored_before[batch[index].key]
            moved_on = found_last != last
        else:
            moved_on = False
        if not moved_on and decided.stored:
            try:
                moved_on = not ledger.insert_events(table_id, decided.rows, last)
            except ledger.integrity_error:  # a key already stored
                moved_on = True
        if moved_on:
            ledger.connection.rollback()
            appends.last_seq = None
            return False
        if ledger.sqlite:
            ledger.connection.commit()
    finally:
        if not ledger.sqlite:
            driver.autocommit = False
    appends.last_seq = last + len(decided.stored)
    _settle(batch, decided)
    return True


# -- Whole tables: importing a scenario, restoring a backup ------------------------------------


def insert_ledger(engine: Engine, table_id: int, events: Sequence[Event], key_prefix: str) -> None:
    """Store ``events`` as they are (their seqs kept) in an empty table's ledger, in one transaction.

    For importing: the events are a replayed ledger, so the fold skips exactly what it skipped
    before (an undone move, say) instead of the rules refusing it now. Keys are ``key_prefix`` + seq.
    """
    with write_session(engine) as session:
        record = session.get(TableRecord, table_id)
        if record is None or record.last_seq != 0:
            raise LookupError(f"table {table_id} is missing or not empty")
        for event in events:
            session.add(
                EventRecord(
                    table_id=table_id,
                    seq=event.seq,
                    kind=event.kind,
                    payload=dict(event.payload),
                    author_seat=event.author,
                    by_host=event.by_host,
                    idempotency_key=f"{key_prefix}{event.seq}",
                    created_at=event.at or datetime.now(UTC),
                )
            )
        record.last_seq = max((event.seq for event in events), default=0)
        session.add(record)


@dataclass(frozen=True)
class Restored:
    """What a restore did: the codes of the tables copied, and of those already there (left alone)."""

    copied: tuple[str, ...]
    skipped: tuple[str, ...]


def copy_tables(source: Engine, target: Engine) -> Restored:
    """Copy every table and its whole ledger (codes, links, seeds, keys, times) from ``source``.

    A table whose code, join or watch link is already in ``target`` is left alone and reported,
    so restoring twice, or into a database in use, never doubles or overwrites anything.
    """
    copied, skipped = [], []
    with read_session(source) as reading:
        tables = reading.exec(select(TableRecord).order_by(col(TableRecord.id))).all()
        for table in tables:
            with write_session(target) as writing:
                clash = writing.exec(
                    select(TableRecord.id).where(
                        (col(TableRecord.code) == table.code)
                        | (col(TableRecord.join_token) == table.join_token)
                        | (col(TableRecord.watch_token) == table.watch_token)
                        | (col(TableRecord.results_token) == table.results_token)
                    )
                ).first()
                if clash is not None:
                    skipped.append(table.code)
                    continue
                fields = table.model_dump(exclude={"id"})
                fresh = TableRecord(**fields)
                writing.add(fresh)
                writing.flush()
                events = reading.exec(
                    select(EventRecord).where(EventRecord.table_id == table.id).order_by(col(EventRecord.seq))
                ).all()
                for row in events:
                    writing.add(EventRecord(**{**row.model_dump(exclude={"id"}), "table_id": fresh.id}))
                copied.append(table.code)
    return Restored(tuple(copied), tuple(skipped))
