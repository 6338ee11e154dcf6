"""Schema migrations with Alembic, driven from Python (``companion db upgrade``)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

MIGRATIONS = Path(__file__).parent.parent / "migrations"


def alembic_config(url: str) -> Config:
    """Return an Alembic config for the database at ``url``."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade(url: str) -> None:
    """Bring the database at ``url`` to the newest schema."""
    command.upgrade(alembic_config(url), "head")
