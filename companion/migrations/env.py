"""Alembic environment: the schema is SQLModel's metadata; SQLite uses batch mode."""

from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

import companion.storage.models  # noqa: F401  (registers the tables on the metadata)
from companion.storage.db import make_engine

config = context.config
target_metadata = SQLModel.metadata


def run_migrations_online() -> None:
    """Run the migrations against the configured database."""
    connectable = config.attributes.get("connection")
    if connectable is None:
        engine = make_engine(config.get_main_option("sqlalchemy.url") or "")
        with engine.connect() as connection:
            _run(connection)
        engine.dispose()
    else:
        _run(connectable)


def _run(connection: object) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=True,
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


run_migrations_online()
