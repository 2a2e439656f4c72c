"""A hash chain over each table's actions, with their count.

Existing tables get the chain of the actions they hold now, so that from here on
a changed, deleted or added action row is found when the server starts.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from cluedo.web.store import CHAIN_START, chain_step

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("web_tables", sa.Column("chain", sa.String(64), nullable=True))
    op.add_column("web_tables", sa.Column("action_count", sa.Integer, nullable=True))
    conn = op.get_bind()
    tables = sa.table(
        "web_tables",
        sa.column("code", sa.String),
        sa.column("chain", sa.String),
        sa.column("action_count", sa.Integer),
    )
    actions = sa.table(
        "web_actions",
        sa.column("code", sa.String),
        sa.column("idx", sa.Integer),
        sa.column("action", sa.Text),
    )
    codes = [row.code for row in conn.execute(sa.select(tables.c.code))]
    for code in codes:
        chain, count = CHAIN_START, 0
        rows = conn.execute(
            sa.select(actions.c.action).where(actions.c.code == code).order_by(actions.c.idx)
        )
        for row in rows:
            chain, count = chain_step(chain, row.action), count + 1
        conn.execute(
            sa.update(tables).where(tables.c.code == code).values(chain=chain, action_count=count)
        )


def downgrade() -> None:
    with op.batch_alter_table("web_tables") as batch:
        batch.drop_column("action_count")
        batch.drop_column("chain")
