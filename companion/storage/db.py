"""The database engine: SQLite (WAL, immediate write transactions) or PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event, exc
from sqlalchemy.pool import StaticPool
from sqlmodel import Session

from companion.games.words import N_

WRITE = "companion_write"

# Why the database cannot take a write: answered 503 with one of these, never a bare 500.
READ_ONLY = N_("The server cannot store anything right now: its database is read-only. Nothing was stored.")
FULL = N_("The server cannot store anything right now: its database is full. Nothing was stored.")
UNREACHABLE = N_("The server cannot reach its database right now. Try again in a moment.")

_SQLITE_REASONS = {"SQLITE_READONLY": READ_ONLY, "SQLITE_FULL": FULL}
_SQLITE_UNREACHABLE = ("SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_CANTOPEN", "SQLITE_IOERR")
# PostgreSQL's SQLSTATE classes and codes: read-only transaction, disk full / out of memory, and
# the connection exceptions, "operator intervention" (a terminated backend) and "insufficient resources".
_POSTGRES_REASONS = {"25006": READ_ONLY, "53100": FULL}
_POSTGRES_UNREACHABLE_CLASSES = ("08", "57", "53")


def unavailable(error: BaseException) -> str | None:
    """Return why the database cannot serve (a message id), or None if ``error`` is something else."""
    if isinstance(error, exc.DBAPIError) and error.orig is not None:
        error = error.orig
    name = getattr(error, "sqlite_errorname", None)
    if isinstance(name, str):
        for prefix, reason in _SQLITE_REASONS.items():
            if name.startswith(prefix):
                return reason
        return UNREACHABLE if name.startswith(_SQLITE_UNREACHABLE) else None
    module = type(error).__module__
    if module.startswith("psycopg"):
        state = getattr(error, "sqlstate", None) or ""
        if state in _POSTGRES_REASONS:
            return _POSTGRES_REASONS[state]
        if state.startswith(_POSTGRES_UNREACHABLE_CLASSES) or type(error).__name__ == "OperationalError":
            return UNREACHABLE
    return None


def write_problem(engine: Engine) -> str | None:
    """Return why this database cannot take writes (in English, for the log), or None if it can.

    SQLite: a write that is rolled back (``PRAGMA user_version`` set to itself). PostgreSQL: its
    read-only setting and whether it is a standby.
    """
    try:
        with engine.connect() as connection:
            if engine.dialect.name == "sqlite":
                version = connection.exec_driver_sql("PRAGMA user_version").scalar_one()
                connection.exec_driver_sql(f"PRAGMA user_version = {int(version)}")
                connection.rollback()
                return None
            read_only = connection.exec_driver_sql("SHOW transaction_read_only").scalar_one()
            standby = connection.exec_driver_sql("SELECT pg_is_in_recovery()").scalar_one()
            connection.rollback()
            if read_only == "on" or standby:
                return "the database is read-only: entries will be refused (503) until it is writable"
            return None
    except Exception as error:
        reason = unavailable(error)
        if reason == READ_ONLY:
            return "the database is read-only: entries will be refused (503) until it is writable"
        return f"the database cannot be used: {type(error).__name__}: {error}".splitlines()[0]


def make_engine(url: str) -> Engine:
    """Return an engine for ``url``; SQLite gets WAL, a busy timeout and BEGIN IMMEDIATE writes.

    PostgreSQL: SQLAlchemy's pool as shipped, pinging a connection before it is used
    (``pool_pre_ping``), so one the server dropped (a restart, a killed backend) is replaced.
    """
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True)
    memory = url in ("sqlite://", "sqlite:///:memory:")
    engine = create_engine(
        url,
        connect_args={"check_same_thread": False, "timeout": 30},
        poolclass=StaticPool if memory else None,
    )

    @event.listens_for(engine, "connect")
    def _configure(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy's "begin" hook below decide how each transaction starts.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        if not memory:
            cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "handle_error")
    def _replace_after_full(context: Any) -> None:
        # A connection whose write failed for lack of disk space (or an I/O error) is closed, not
        # handed to the next request: whatever it holds (a lock, a half-grown WAL) goes with it,
        # so writes work again as soon as space is freed.
        name = getattr(context.original_exception, "sqlite_errorname", "")
        if isinstance(name, str) and name.startswith(("SQLITE_FULL", "SQLITE_IOERR")):
            context.is_disconnect = True
            context.invalidate_pool_on_disconnect = False

    @event.listens_for(engine, "begin")
    def _begin(connection: Connection) -> None:
        # A read-then-append must hold the write lock from the start, or two appends race.
        immediate = connection.get_execution_options().get(WRITE, False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine


@contextmanager
def write_transaction(engine: Engine) -> Iterator[Connection]:
    """Yield a connection in one write transaction (committed on success, rolled back on error)."""
    with engine.connect() as connection:
        connection.execution_options(**{WRITE: True})
        with connection.begin():
            yield connection


@contextmanager
def write_session(engine: Engine) -> Iterator[Session]:
    """Yield a session in one write transaction (committed on success, rolled back on error)."""
    with write_transaction(engine) as connection, Session(bind=connection, expire_on_commit=False) as session:
        yield session
        session.flush()


@contextmanager
def read_session(engine: Engine) -> Iterator[Session]:
    """Yield a session for reading."""
    with Session(engine, expire_on_commit=False) as session:
        yield session
