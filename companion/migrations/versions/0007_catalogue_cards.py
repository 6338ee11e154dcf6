"""keep the cards of imported card catalogues

``catalogue_card`` holds the card facts of catalogue files imported on this server (no table,
player or time), each card once per game and move; a phone is offered them with the cards typed
at this server's tables.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-26 11:30:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = '0007'
down_revision: str | None = '0006'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'catalogue_card',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column('kind', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column('facts', sa.JSON(), nullable=False),
        sa.Column('digest', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('game', 'kind', 'digest', name='uq_catalogue_card'),
    )


def downgrade() -> None:
    op.drop_table('catalogue_card')
