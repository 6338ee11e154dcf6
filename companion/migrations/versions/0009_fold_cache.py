"""keep one fold per table

``fold_cache`` holds, for a long table, its folded state up to one entry (one row per table,
overwritten; a cache of the ledger, which stays the source of truth): a cold board of 50,000
entries then folds only the entries after it (docs/benchmarks.md).

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-26 13:40:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = '0009'
down_revision: str | None = '0008'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('fold_cache',
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('version', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('state', sa.LargeBinary(), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['game_table.id'], ),
    sa.PrimaryKeyConstraint('table_id')
    )


def downgrade() -> None:
    op.drop_table('fold_cache')
