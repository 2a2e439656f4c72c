"""Alembic's environment: the Store passes its open connection in ``config.attributes``."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - only the Store runs these migrations
    raise RuntimeError("run the migrations through cluedo.web.store.Store (it passes a connection)")
context.configure(connection=connection, target_metadata=None)
with context.begin_transaction():
    context.run_migrations()
