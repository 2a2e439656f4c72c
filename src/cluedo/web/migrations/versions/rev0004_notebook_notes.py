"""The person's own notebook marks: one row per seat that has written any.

A seat's marks and notes are one JSON document (``PersonNotebook.notes_json``);
they live beside the game, not in it, so writing them never touches the
actions or their checksum.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "web_notes",
        sa.Column("code", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("notes", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("web_notes")
