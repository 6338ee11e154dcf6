"""drop the kept folds

A table is folded from its ledger when a process first opens it (50,000 entries in about half a
second, docs/benchmarks.md), and the steps in use are kept in memory only
(``companion.services.table.Tables``): the pickled folds of ``fold_cache`` go.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-28 13:40:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = '0011'
down_revision: str | None = '0010'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.drop_table('fold_cache')


def downgrade() -> None:
    op.create_table('fold_cache',
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('version', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('state', sa.LargeBinary(), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['game_table.id'], ),
    sa.PrimaryKeyConstraint('table_id')
    )
