"""Storing an imported ledger at once: its rows built off the event loop, then one executemany.

A scenario import brings up to 20,000 entries in one request. On a gevent worker, the replay and
the rows are built in a native thread (:func:`off_the_event_loop`), and SQLite's insert runs there
too, so the other phones keep their answers meanwhile (docs/benchmarks.md, "Big imports").
"""

from __future__ import annotations

import gc
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import Engine, update
from sqlalchemy import select as columns
from sqlmodel import col

from companion.games.contract import Event
from companion.storage.db import write_transaction
from companion.storage.models import EventRecord, TableRecord, utcnow

T = TypeVar("T")


def off_the_event_loop(work: Callable[..., T], *args: Any) -> T:
    """Return ``work(*args)``, run in a native thread of gevent's pool when serving on gevent.

    A gevent worker answers every request of its process on one thread: pure Python or C there
    (nothing to wait on) stalls every other phone for as long as it runs. In a native thread, the
    interpreter hands the GIL back every ``sys.getswitchinterval()`` (5 ms), and C that releases
    it (sqlite3 stepping a statement) lets it go sooner, so the event loop keeps answering other
    requests. The cyclic garbage collector waits meanwhile: it holds the GIL for a whole pass, and
    the hundreds of thousands of objects a big file is read into make long passes (the objects
    have no cycles: they are freed as ever). Measured in docs/benchmarks.md ("Big
    imports"). ``work`` must not use gevent, nor the engine's pool or a socket. Elsewhere (the
    tests, the CLI, the development server's threads) it runs here.
    """
    monkey = sys.modules.get("gevent.monkey")
    if monkey is None or not monkey.is_module_patched("threading"):
        return work(*args)
    from gevent import get_hub

    # Counted on the event loop's own thread (its greenlets switch only where they wait, not
    # between these lines): the collector starts again when the last work of this process ends.
    pause = _collector_paused[0] > 0 or gc.isenabled()
    if pause:
        _collector_paused[0] += 1
        gc.disable()
    try:
        result: T = get_hub().threadpool.apply(work, args)
    finally:
        if pause:
            _collector_paused[0] -= 1
            if _collector_paused[0] == 0:
                gc.enable()
    return result


_collector_paused = [0]  # works running off the event loop with the garbage collector paused


# The columns of an imported ledger's rows, in their order (the table's id is written into the statement).
_ROW_COLUMNS = ("seq", "kind", "payload", "author_seat", "by_host", "idempotency_key", "created_at")


@dataclass(frozen=True)
class LedgerRows:
    """A replayed ledger as rows of plain values for one executemany (:func:`insert_rows`)."""

    rows: list[tuple[Any, ...]]
    paramstyle: str
    last_seq: int


def ledger_rows(engine: Engine, events: Sequence[Event], key_prefix: str) -> LedgerRows:
    """Return ``events`` as rows for :func:`insert_rows`, built without the database.

    Keys are ``key_prefix`` + seq, payloads JSON text, times as the engine's driver takes them (an
    event without a time gets the same time as the others). Pure CPU, so an import
    builds them off the event loop.
    """
    dialect = engine.dialect
    at_type = EventRecord.__table__.c.created_at.type  # type: ignore[attr-defined]
    stored_time = at_type.dialect_impl(dialect).bind_processor(dialect) or (lambda moment: moment)
    now = stored_time(utcnow())
    rows = [
        (
            event.seq,
            event.kind,
            json.dumps(dict(event.payload)),
            event.author,
            event.by_host,
            f"{key_prefix}{event.seq}",
            stored_time(event.at) if event.at else now,
        )
        for event in events
    ]
    return LedgerRows(rows, dialect.paramstyle, max((event.seq for event in events), default=0))


def insert_rows(engine: Engine, table_id: int, ledger: LedgerRows) -> None:
    """Store an imported ledger's rows (:func:`ledger_rows`) in an empty table's ledger, in one transaction.

    One executemany of plain values: an ORM object, or a Core insert whose column types encode each
    row, cost seconds at 20,000 entries (docs/benchmarks.md, "Big imports"). PostgreSQL's driver waits on its
    socket through gevent, which answers other requests meanwhile; SQLite's runs in C with
    nothing to wait on, so its whole transaction runs off the event loop (:func:`_insert_sqlite_rows`).
    """
    mark = "?" if ledger.paramstyle == "qmark" else "%s"
    statement = (
        f"INSERT INTO {EventRecord.__tablename__} (table_id, {', '.join(_ROW_COLUMNS)})"
        f" VALUES ({int(table_id)}, {', '.join([mark] * len(_ROW_COLUMNS))})"
    )
    if engine.dialect.name == "sqlite":
        connection = engine.raw_connection()  # taken from the pool and given back here, on the event loop
        try:
            off_the_event_loop(_insert_sqlite_rows, connection.dbapi_connection, table_id, statement, ledger)
        finally:
            connection.close()
        return
    with write_transaction(engine) as transaction:
        locked = columns(col(TableRecord.last_seq)).where(col(TableRecord.id) == table_id).with_for_update()
        if transaction.execute(locked).scalar() != 0:
            raise LookupError(f"table {table_id} is missing or not empty")
        if ledger.rows:
            transaction.exec_driver_sql(statement, ledger.rows)
            transaction.execute(
                update(TableRecord).where(col(TableRecord.id) == table_id).values(last_seq=ledger.last_seq)
            )


def _insert_sqlite_rows(connection: Any, table_id: int, statement: str, ledger: LedgerRows) -> None:
    """One write transaction on a raw sqlite3 connection (``BEGIN IMMEDIATE``, as every write here):
    the rows and the table's last entry, committed, or rolled back on any error.

    Only the driver (C, which lets the GIL go at each step) runs here: it may run in a native
    thread while the event loop answers other requests.
    """
    cursor = connection.cursor()
    try:
        cursor.execute("BEGIN IMMEDIATE")
        try:
            found = cursor.execute(f"SELECT last_seq FROM {TableRecord.__tablename__} WHERE id = ?", (table_id,))
            if found.fetchone() != (0,):
                raise LookupError(f"table {table_id} is missing or not empty")
            if ledger.rows:
                cursor.executemany(statement, ledger.rows)
                cursor.execute(
                    f"UPDATE {TableRecord.__tablename__} SET last_seq = ? WHERE id = ?", (ledger.last_seq, table_id)
                )
        except BaseException:
            connection.rollback()
            raise
        connection.commit()
    finally:
        cursor.close()


def insert_ledger(engine: Engine, table_id: int, events: Sequence[Event], key_prefix: str) -> None:
    """Store ``events`` as they are (their seqs kept) in an empty table's ledger, in one transaction.

    For importing: the events are a replayed ledger, so the fold skips exactly what it skipped
    before (an undone move, say) instead of the rules refusing it now. Keys are ``key_prefix`` + seq.
    (:func:`ledger_rows`, then :func:`insert_rows`.)
    """
    insert_rows(engine, table_id, ledger_rows(engine, events, key_prefix))
