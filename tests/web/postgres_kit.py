"""A throwaway PostgreSQL server for the tests, on loopback, started and stopped here.

``./scripts/test`` installs Debian's ``postgresql`` package when it is missing; this
module finds its programs (``/usr/lib/postgresql/<version>/bin``), makes a cluster
in a temporary folder, starts it on a free port of 127.0.0.1 (and a socket in that
folder), and hands out one new database per test. PostgreSQL refuses to run as
root, so as root the cluster belongs to the ``postgres`` system user. Each pytest
worker has its own server; it is stopped when the worker's session ends.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path

import psycopg
from browser_kit import free_port


class PostgresUnavailable(RuntimeError):
    pass


def _programs() -> Path:
    named = os.environ.get("CLUEDO_POSTGRES_BIN")
    if named:
        return Path(named)
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        raise PostgresUnavailable(
            "PostgreSQL's programs are not installed: run ./scripts/test (it installs "
            "Debian's postgresql), or apt-get install postgresql, or deselect these tests "
            "with -m 'not postgres'"
        )
    return Path(found[-1]).parent


class PostgresServer:
    """One PostgreSQL cluster in a temporary folder, reachable as ``postgresql://...``."""

    def __init__(self) -> None:
        self.bin = _programs()
        self.folder = Path(tempfile.mkdtemp(prefix="cluedo-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self.as_root = os.geteuid() == 0
        self.user = "postgres" if self.as_root else os.environ.get("USER", "postgres")

    def _run(self, *args: str) -> None:
        command = [str(self.bin / args[0]), *args[1:]]
        if self.as_root:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise PostgresUnavailable(f"{args[0]} failed: {done.stderr.strip()}")

    def start(self) -> PostgresServer:
        if self.as_root:
            shutil.chown(self.folder, "postgres", "postgres")
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", self.user, "--no-sync")
        options = (
            f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder} "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        )
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-o",
            options,
            "-w",
            "-l",
            str(self.folder / "log"),
            "start",
        )
        return self

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A new, empty database; its SQLAlchemy URL."""
        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)
