"""The database engine: SQLite (WAL, immediate write transactions) or PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.pool import StaticPool
from sqlmodel import Session

WRITE = "companion_write"


def make_engine(url: str) -> Engine:
    """Return an engine for ``url``; SQLite gets WAL, a busy timeout and BEGIN IMMEDIATE writes."""
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

    @event.listens_for(engine, "begin")
    def _begin(connection: Connection) -> None:
        # A read-then-append must hold the write lock from the start, or two appends race.
        immediate = connection.get_execution_options().get(WRITE, False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine


@contextmanager
def write_session(engine: Engine) -> Iterator[Session]:
    """Yield a session in one write transaction (committed on success, rolled back on error)."""
    with engine.connect() as connection:
        connection = connection.execution_options(**{WRITE: True})
        with connection.begin(), Session(bind=connection, expire_on_commit=False) as session:
            yield session
            session.flush()


@contextmanager
def read_session(engine: Engine) -> Iterator[Session]:
    """Yield a session for reading."""
    with Session(engine, expire_on_commit=False) as session:
        yield session
