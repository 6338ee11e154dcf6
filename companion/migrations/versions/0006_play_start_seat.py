"""keep the start player of a finished table

A finished table's result keeps who started (when the game knows it), for the BG Stats export's
``startPlayer``. Older results have none.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-26 10:45:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '0006'
down_revision: str | None = '0005'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('play_result', schema=None) as batch_op:
        batch_op.add_column(sa.Column('start_seat', sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('play_result', schema=None) as batch_op:
        batch_op.drop_column('start_seat')
