"""Fixtures of the web tests: the databases a server can use."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from postgres_kit import PostgresServer


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A PostgreSQL server on loopback for this test process, stopped at its end."""
    server = PostgresServer().start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database of each kind the server supports."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'web.sqlite'}"
    server: PostgresServer = request.getfixturevalue("postgres_server")
    return server.new_database()
