"""host recovery links close: used once, revoked, replaced or expired

A host recovery link works for one phone, once, for a day: ``closed_at`` says when it stopped
working (used, revoked by the host, or replaced by a newer link). Links made before have none and
expire a day after they were made.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-28 10:10:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = '0010'
down_revision: str | None = '0009'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('host_recovery', schema=None) as batch_op:
        batch_op.add_column(sa.Column('closed_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('host_recovery', schema=None) as batch_op:
        batch_op.drop_column('closed_at')
