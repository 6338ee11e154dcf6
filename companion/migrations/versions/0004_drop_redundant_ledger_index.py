"""drop the ledger's table_id index

Both unique constraints of ``ledger_event`` start with ``table_id`` and serve every look-up by
table; the separate index only cost one more page write per appended entry.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-22 09:35:00.000000
"""
from collections.abc import Sequence

from alembic import op


revision: str = '0004'
down_revision: str | None = '0003'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('ledger_event', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_ledger_event_table_id'))


def downgrade() -> None:
    with op.batch_alter_table('ledger_event', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_ledger_event_table_id'), ['table_id'], unique=False)
