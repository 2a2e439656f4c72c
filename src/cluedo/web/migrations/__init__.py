"""Alembic migrations of the web server's database; the Store runs them to head on start."""
