"""What the app holds for its requests: the database engine, the tables it keeps folded, the live broker."""

from __future__ import annotations

from flask import current_app
from sqlalchemy import Engine

from companion.services.table import Tables
from companion.storage.live import Broker

ENGINE_KEY = "companion.engine"
TABLES_KEY = "companion.tables"
BROKER_KEY = "companion.broker"


def engine() -> Engine:
    """Return the app's database engine."""
    return current_app.extensions[ENGINE_KEY]  # type: ignore[no-any-return]


def tables() -> Tables:
    """Return the app's tables: each request opens its table from them (one cache of folded steps)."""
    return current_app.extensions[TABLES_KEY]  # type: ignore[no-any-return]


def broker() -> Broker:
    """Return the app's live-update broker."""
    return current_app.extensions[BROKER_KEY]  # type: ignore[no-any-return]
