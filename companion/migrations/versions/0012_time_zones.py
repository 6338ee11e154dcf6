"""keep the players' time zone with a table and its result

A table keeps the IANA time zone of the phone that created it (or of the first phone that joined
with one), and a finished table's result keeps it too: the exports and the pages say the players'
local time. Older tables have none and stay in UTC.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-28 16:50:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("game_table", schema=None) as batch_op:
        batch_op.add_column(sa.Column("time_zone", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True))
    with op.batch_alter_table("play_result", schema=None) as batch_op:
        batch_op.add_column(sa.Column("time_zone", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("play_result", schema=None) as batch_op:
        batch_op.drop_column("time_zone")
    with op.batch_alter_table("game_table", schema=None) as batch_op:
        batch_op.drop_column("time_zone")
