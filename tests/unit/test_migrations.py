"""Alembic owns the schema: the migrations build exactly what the models describe."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlmodel import SQLModel

import companion.storage.models  # noqa: F401  (registers the tables)
from companion.storage.db import make_engine
from companion.storage.migrate import upgrade
from tests.conftest import new_postgres_database


def test_migrations_match_the_models(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'schema.sqlite3'}"
    upgrade(url)
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), SQLModel.metadata)
    finally:
        engine.dispose()
    assert differences == []


def test_upgrading_twice_is_harmless(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'twice.sqlite3'}"
    upgrade(url)
    upgrade(url)


@pytest.mark.postgres
def test_migrations_match_the_models_on_postgresql() -> None:
    url = new_postgres_database("migrations")
    upgrade(url)
    upgrade(url)  # a second upgrade is harmless there too
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), SQLModel.metadata)
    finally:
        engine.dispose()
    assert differences == []
