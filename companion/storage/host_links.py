"""Host recovery links: the hash of each, when it was made, and when it was closed.

A link opens the host's powers to one phone, once: using it closes it, and so do the host's
revoke, a newer link of the same table and the end of :data:`HOST_LINK_LIFETIME`. Closing is one
conditional UPDATE, so of three phones opening the same link at once exactly one becomes host.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import ColumnElement, Engine, and_, update
from sqlmodel import col, select

from companion.storage.db import read_session, write_session
from companion.storage.models import HostKeyRecord, utcnow
from companion.storage.profiles import token_hash

HOST_LINK_LIFETIME = timedelta(hours=24)  # a game night, with the morning after to spare


@dataclass(frozen=True)
class LiveHostLink:
    """The host recovery link of a table that still works: when it was made and until when it works."""

    created_at: datetime
    expires_at: datetime


def _open(now: datetime) -> ColumnElement[bool]:
    """The condition of a link that still works at ``now``."""
    return and_(col(HostKeyRecord.closed_at).is_(None), col(HostKeyRecord.created_at) > now - HOST_LINK_LIFETIME)


def add_host_link(engine: Engine, *, table_id: int, token: str) -> None:
    """Store the hash of a new host recovery link of a table; the table's earlier links stop working."""
    now = utcnow()
    with write_session(engine) as session:
        session.exec(
            update(HostKeyRecord)
            .where(col(HostKeyRecord.table_id) == table_id, col(HostKeyRecord.closed_at).is_(None))
            .values(closed_at=now)
        )
        session.add(HostKeyRecord(table_id=table_id, token_hash=token_hash(token), created_at=now))


def host_link_table(engine: Engine, *, token: str) -> int | None:
    """Return the id of the table whose working link this is, or None (unknown, used, revoked or expired)."""
    query = select(HostKeyRecord.table_id).where(HostKeyRecord.token_hash == token_hash(token), _open(utcnow()))
    with read_session(engine) as session:
        return session.exec(query).first()


def use_host_link(engine: Engine, *, token: str) -> int | None:
    """Close a working link as it is used; return its table's id if this call closed it, else None."""
    now = utcnow()
    with write_session(engine) as session:
        closed = session.exec(
            update(HostKeyRecord)
            .where(col(HostKeyRecord.token_hash) == token_hash(token), _open(now))
            .values(closed_at=now)
        )
        if closed.rowcount != 1:
            return None
        return session.exec(select(HostKeyRecord.table_id).where(HostKeyRecord.token_hash == token_hash(token))).one()


def revoke_host_links(engine: Engine, *, table_id: int) -> int:
    """Close every working link of a table; return how many were closed."""
    now = utcnow()
    with write_session(engine) as session:
        closed = session.exec(
            update(HostKeyRecord).where(col(HostKeyRecord.table_id) == table_id, _open(now)).values(closed_at=now)
        )
        return int(closed.rowcount)


def live_host_link(engine: Engine, *, table_id: int) -> LiveHostLink | None:
    """Return the table's working link, if it has one."""
    query = select(HostKeyRecord.created_at).where(HostKeyRecord.table_id == table_id, _open(utcnow()))
    with read_session(engine) as session:
        created = session.exec(query.order_by(col(HostKeyRecord.created_at).desc())).first()
    if created is None:
        return None
    created = created if created.tzinfo else created.replace(tzinfo=UTC)
    return LiveHostLink(created, created + HOST_LINK_LIFETIME)
