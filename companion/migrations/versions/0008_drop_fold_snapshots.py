"""drop the fold snapshots

A table's state is folded from its ledger and kept in memory only: 10,000 entries fold in tens
of milliseconds and 50,000 within the cold-board target (docs/benchmarks.md), so the stored
snapshots (84 % of one long table's database) are no longer worth their rows and writes.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-26 11:30:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = '0008'
down_revision: str | None = '0007'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('fold_snapshot', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_fold_snapshot_table_id'))
    op.drop_table('fold_snapshot')


def downgrade() -> None:
    op.create_table('fold_snapshot',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('rule_version', sa.Integer(), nullable=False),
    sa.Column('format', sa.Integer(), nullable=False),
    sa.Column('voided', sa.Text(), nullable=False),
    sa.Column('voided_digest', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('state', sa.Text(), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['game_table.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('table_id', 'rule_version', 'format', 'seq', 'voided_digest', name='uq_fold_snapshot')
    )
    with op.batch_alter_table('fold_snapshot', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_fold_snapshot_table_id'), ['table_id'], unique=False)
