"""imported tables are marked; the results link has a token of its own

``game_table.imported`` marks a table recreated from a scenario file (shown wherever the table
is); ``play_result.imported`` carries the mark into the history. ``game_table.results_token``
is the read-only results link's own token: the watch link's token let anyone holding a results
link follow the table live. Existing tables get a fresh random results token each.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-26 10:40:00.000000
"""
import secrets
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '0005'
down_revision: str | None = '0004'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('game_table', schema=None) as batch_op:
        batch_op.add_column(sa.Column('imported', sa.Boolean(), nullable=False, server_default=sa.false()))
        batch_op.add_column(sa.Column('results_token', sa.String(length=64), nullable=True))
    with op.batch_alter_table('play_result', schema=None) as batch_op:
        batch_op.add_column(sa.Column('imported', sa.Boolean(), nullable=False, server_default=sa.false()))
    connection = op.get_bind()
    tables = sa.table('game_table', sa.column('id', sa.Integer()), sa.column('results_token', sa.String()))
    for (table_id,) in connection.execute(sa.select(tables.c.id)).all():
        connection.execute(
            tables.update().where(tables.c.id == table_id).values(results_token=secrets.token_urlsafe(24))
        )
    with op.batch_alter_table('game_table', schema=None) as batch_op:
        batch_op.alter_column('results_token', existing_type=sa.String(length=64), nullable=False)
        batch_op.create_index(batch_op.f('ix_game_table_results_token'), ['results_token'], unique=True)


def downgrade() -> None:
    with op.batch_alter_table('play_result', schema=None) as batch_op:
        batch_op.drop_column('imported')
    with op.batch_alter_table('game_table', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_table_results_token'))
        batch_op.drop_column('results_token')
        batch_op.drop_column('imported')
