"""Restoring a backup: every table of another database copied into this one, whole, never over a table already here."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Engine
from sqlmodel import col, select

from companion.storage.db import read_session, write_session
from companion.storage.models import EventRecord, TableRecord


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
