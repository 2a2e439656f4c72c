"""Verifiable shuffles: each table's secret and its public commitment.

Tables made before this have neither (NULL): they show "no commitment".

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("web_tables", sa.Column("secret", sa.String(64), nullable=True))
    op.add_column("web_tables", sa.Column("commitment", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("web_tables") as batch:
        batch.drop_column("commitment")
        batch.drop_column("secret")
