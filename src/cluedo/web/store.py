"""Where tables live between server runs: SQLite by default, PostgreSQL by URL.

A game is stored as what it is made of - rules, options, player count, seed
(and the secret it comes from, see :mod:`cluedo.web.fairness`) - plus one row
per accepted action, written before anyone is told of it (and, apart from the
game, each seat's own notebook marks). Loading
replays the actions (the engine's save format), so a server killed at any point
restarts every game from its last accepted action.

The schema is kept by Alembic migrations (:mod:`cluedo.web.migrations`): the
Store brings the database to the newest revision when it opens it.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from alembic import command as alembic_command
from alembic.config import Config
from sqlalchemy import (
    BigInteger,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    event,
    func,
    insert,
    inspect,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine

metadata = MetaData()

tables_t = Table(
    "web_tables",
    metadata,
    Column("code", String(32), primary_key=True),
    Column("rules", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("options", Text, nullable=False),
    Column("seats", Text, nullable=False),
    Column("settings", Text, nullable=False),
    Column("status", String(16), nullable=False),
    Column("created", Float, nullable=False),
    Column("secret", String(64), nullable=True),
    Column("commitment", String(64), nullable=True),
    Column("chain", String(64), nullable=True),
    Column("action_count", Integer, nullable=True),
)

actions_t = Table(
    "web_actions",
    metadata,
    Column("code", String(32), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("action", Text, nullable=False),
)

chat_t = Table(
    "web_chat",
    metadata,
    Column("code", String(32), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=True),
    Column("name", String(64), nullable=False),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
)

notes_t = Table(
    "web_notes",
    metadata,
    Column("code", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("notes", Text, nullable=False),
)


_INSERT_ACTION = actions_t.insert()
_SET_CHAIN = (
    update(tables_t)
    .where(tables_t.c.code == bindparam("c"))
    .values(chain=bindparam("chain"), action_count=bindparam("count"))
)

CHAIN_START = hashlib.sha256(b"cluedo web actions").hexdigest()
"""The hash chain of a table with no actions yet."""


def chain_step(chain: str, action_text: str) -> str:
    """The chain after one more action: SHA-256 of the chain so far and the action as stored.

    A table row keeps the chain over all its actions and their count, written in
    the same transaction as each action, so a changed, missing or extra action
    row no longer matches it.
    """
    return hashlib.sha256(bytes.fromhex(chain) + action_text.encode("utf-8")).hexdigest()


@dataclass
class TableRecord:
    """One table as stored: its set-up, seats, settings and the actions so far."""

    code: str
    rules: str
    players: int
    seed: int
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    settings: dict[str, Any]
    status: str
    created: float = field(default_factory=time.time)
    actions: list[dict[str, Any]] = field(default_factory=list)
    chat: list[dict[str, Any]] = field(default_factory=list)
    secret: str | None = None
    """The shuffle's secret (hex) the seed comes from; shown only when the game ends.
    None for tables made before verifiable shuffles."""
    commitment: str | None = None
    """SHA-256 over a tag and the secret (hex), public from the start."""
    damage: str | None = None
    """Why the stored record cannot be trusted (then the table is put aside), or None."""
    notes: dict[int, dict[str, Any]] = field(default_factory=dict)
    """Each seat's own notebook marks and notes (``PersonNotebook.notes_json``)."""


def default_database_url() -> str:
    """SQLite in the user's data folder (``$XDG_DATA_HOME/cluedo``, else ~/.local/share)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    folder = Path(base) / "cluedo"
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'web.sqlite'}"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL with synchronous=NORMAL: a committed action survives the server being
    # killed (only a power cut could lose the last few), at a fraction of the cost.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


FIRST_REVISION = "0001"
"""The schema made by ``metadata.create_all`` before there were migrations."""


def alembic_config() -> Config:
    """Alembic's configuration, built in code: no alembic.ini is needed to run."""
    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    return config


def upgrade(engine: Engine) -> None:
    """Bring the database to the newest revision.

    A database made before migrations existed (its tables there, no
    ``alembic_version``) is first stamped at :data:`FIRST_REVISION`.
    """
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        names = set(inspect(conn).get_table_names())
        if "web_tables" in names and "alembic_version" not in names:
            alembic_command.stamp(config, FIRST_REVISION)
        alembic_command.upgrade(config, "head")


class DatabaseInUse(RuntimeError):
    """Another server holds the database: two writers would mix their histories."""


LOCK_WAIT = SQLITE_WAIT = 1.0
"""Seconds a write waits for a locked SQLite file, or a locked PostgreSQL table or row,
before it fails (and is not accepted)."""

PG_LOCK_KEY = 0x636C7565646F
"""The PostgreSQL advisory lock a server holds on its database ("cluedo" in hex)."""


class Store:
    """Tables, actions and chat in one database; every write is committed at once.

    Anyone may open a Store to read (``cluedo verify``, tests); a server first
    claims it (:meth:`claim`), and only one server at a time can.
    """

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_database_url()
        if self.url.startswith("postgresql://"):
            # The psycopg 3 driver (the `postgres` extra), not the older psycopg2.
            self.url = "postgresql+psycopg://" + self.url[len("postgresql://") :]
        sqlite = self.url.startswith("sqlite")
        if sqlite:
            connect: dict[str, Any] = {"timeout": SQLITE_WAIT}
        else:
            # A table or row locked by another program fails a write after a second
            # (as SQLite's wait does) instead of holding the table up for ever.
            connect = {"options": f"-c lock_timeout={round(LOCK_WAIT * 1000)}"}
        # pool_pre_ping: a connection the database server dropped is replaced before use.
        self.engine: Engine = create_engine(
            self.url, connect_args=connect, pool_pre_ping=not sqlite
        )
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        upgrade(self.engine)
        self._claim: Any = None
        """What holds the database for this server: a locked file or a connection."""
        self._chains: dict[str, tuple[int, str]] = {}
        """Per table, the count of stored actions and their hash chain, as last written."""
        self.claimed = False
        """Whether this store was claimed by a server (then :meth:`keep_claim` keeps it)."""
        self.lost: str | None = None
        """Why this server may no longer write (another took the database), or None."""

    def claim(self) -> None:
        """Make this the one server on the database, or raise :class:`DatabaseInUse`.

        SQLite: an exclusive lock on ``<file>.lock`` beside the database; PostgreSQL:
        an advisory lock held by a connection of its own. Both end with the process,
        however it ends, so a killed server never leaves the database locked.
        """
        if self._claim is not None:
            return
        name = self.engine.url.database
        if self.engine.dialect.name == "sqlite":
            if not name or name == ":memory:":
                return  # a private database: nobody else can reach it
            handle = open(f"{name}.lock", "a")  # noqa: SIM115 - held for the server's life
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                handle.close()
                raise DatabaseInUse(
                    f"another cluedo server is using {name}; stop it first, or give this "
                    "one another database with --database"
                ) from None
            self._claim = handle
            return
        conn: Connection = self.engine.connect()
        held = conn.execute(select(func.pg_try_advisory_lock(PG_LOCK_KEY))).scalar()
        conn.commit()
        if not held:
            conn.close()
            raise DatabaseInUse(
                f"another cluedo server is using the database {name!r}; stop it first, or "
                "give this one another database with --database"
            )
        self._claim = conn
        self.claimed = True

    def keep_claim(self) -> None:
        """PostgreSQL: check that this server still holds its database.

        The advisory lock lives as long as its connection; if the database server
        dropped that connection, the lock is taken again. If another server took it
        meanwhile, every write is refused from now on (:attr:`lost`) and
        :class:`DatabaseInUse` is raised: two servers must never both write.
        """
        if not self.claimed or self.engine.dialect.name != "postgresql" or self.lost:
            return
        if self._claim is not None:
            try:
                self._claim.execute(select(1))
                self._claim.commit()
                return
            except Exception:
                with contextlib.suppress(Exception):
                    self._claim.close()
                self._claim = None
        try:
            self.claim()
        except DatabaseInUse as err:
            self.lost = str(err)
            raise

    def _writable(self) -> None:
        if self.lost:
            raise DatabaseInUse(f"this server lost its database to another: {self.lost}")

    def close(self) -> None:
        self.claimed = False
        if self._claim is not None:
            if self.engine.dialect.name == "postgresql":
                # Let go of the advisory lock now: closing only hands the connection back
                # to the pool, and the database server frees a closed session's locks a
                # moment later, which a server started at once can beat ("in use").
                with contextlib.suppress(Exception):
                    self._claim.execute(select(func.pg_advisory_unlock(PG_LOCK_KEY)))
                    self._claim.commit()
            self._claim.close()  # releases the file lock (SQLite)
            self._claim = None
        self.engine.dispose()

    def create(self, record: TableRecord) -> None:
        self._writable()
        with self.engine.begin() as conn:
            conn.execute(
                insert(tables_t).values(
                    code=record.code,
                    rules=record.rules,
                    players=record.players,
                    seed=record.seed,
                    options=json.dumps(record.options),
                    seats=json.dumps(record.seats),
                    settings=json.dumps(record.settings),
                    status=record.status,
                    created=record.created,
                    secret=record.secret,
                    commitment=record.commitment,
                    chain=CHAIN_START,
                    action_count=0,
                )
            )
        self._chains[record.code] = (0, CHAIN_START)

    def update(self, record: TableRecord) -> None:
        """Store the table's seats, options and status (not its actions)."""
        self._writable()
        with self.engine.begin() as conn:
            conn.execute(
                update(tables_t)
                .where(tables_t.c.code == record.code)
                .values(
                    options=json.dumps(record.options),
                    seats=json.dumps(record.seats),
                    status=record.status,
                )
            )

    def add_action(self, code: str, index: int, action: dict[str, Any]) -> None:
        """Store one action with the table's new count and chain, in one transaction."""
        self._writable()
        text = json.dumps(action)
        try:
            # Plain statements with bound parameters: compiled once, cached by SQLAlchemy.
            with self.engine.begin() as conn:
                count, chain = self._chains.get(code) or self._read_chain(conn, code)
                if index != count:
                    raise ValueError(f"table {code}: action {index} stored after {count} actions")
                chain = chain_step(chain, text)
                conn.execute(_INSERT_ACTION, {"code": code, "idx": index, "action": text})
                conn.execute(_SET_CHAIN, {"c": code, "chain": chain, "count": index + 1})
        except BaseException:
            # Whether the commit happened is not known (an answer lost with the
            # connection): the next write reads the count and chain again.
            self._chains.pop(code, None)
            raise
        self._chains[code] = (index + 1, chain)

    def action_at(self, code: str, index: int) -> dict[str, Any] | None:
        """The table's stored action number ``index`` (from 0), or None if there is none."""
        with self.engine.connect() as conn:
            text = conn.execute(
                select(actions_t.c.action).where(
                    (actions_t.c.code == code) & (actions_t.c.idx == index)
                )
            ).scalar()
        return None if text is None else dict(json.loads(text))

    def _read_chain(self, conn: Connection, code: str) -> tuple[int, str]:
        row = conn.execute(
            select(tables_t.c.action_count, tables_t.c.chain).where(tables_t.c.code == code)
        ).one()
        return int(row.action_count or 0), str(row.chain or CHAIN_START)

    def add_chat(self, code: str, index: int, line: dict[str, Any]) -> None:
        self._writable()
        with self.engine.begin() as conn:
            conn.execute(
                insert(chat_t).values(
                    code=code,
                    idx=index,
                    seat=line["seat"],
                    name=line["name"],
                    text=line["text"],
                    at=line["at"],
                )
            )

    def set_notes(self, code: str, seat: int, notes: dict[str, Any]) -> None:
        """Store one seat's own notebook marks, replacing what it had."""
        self._writable()
        with self.engine.begin() as conn:
            conn.execute(
                notes_t.delete().where((notes_t.c.code == code) & (notes_t.c.seat == seat))
            )
            conn.execute(insert(notes_t).values(code=code, seat=seat, notes=json.dumps(notes)))

    def codes(self) -> set[str]:
        """The code of every stored table (cheap: no actions are read)."""
        with self.engine.connect() as conn:
            return {row.code for row in conn.execute(select(tables_t.c.code))}

    def load(self, code: str) -> TableRecord | None:
        """One table, as :meth:`load_all` would give it; None if there is none."""
        found = self.load_all(code=code)
        return found[0] if found else None

    def load_all(self, code: str | None = None, finished: bool = True) -> list[TableRecord]:
        """Every table with its actions and chat, in creation order (``finished=False``:
        only those still being played; ``code``: only that one).

        A table whose row cannot be read, or whose action rows do not match their
        count and hash chain (one changed, deleted or added by hand), comes back
        with :attr:`TableRecord.damage` saying why; the others load as usual.
        """
        which = select(tables_t.c.code)
        if code is not None:
            which = which.where(tables_t.c.code == code)
        if not finished:
            which = which.where(tables_t.c.status != "finished")
        with self.engine.connect() as conn:
            rows = (
                conn.execute(
                    select(tables_t).where(tables_t.c.code.in_(which)).order_by(tables_t.c.created)
                )
                .mappings()
                .all()
            )
            actions: dict[str, list[tuple[int, str]]] = {}
            for a in conn.execute(select(actions_t).where(actions_t.c.code.in_(which))).mappings():
                actions.setdefault(a["code"], []).append((a["idx"], a["action"]))
            chat: dict[str, list[tuple[int, dict[str, Any]]]] = {}
            for c in conn.execute(select(chat_t).where(chat_t.c.code.in_(which))).mappings():
                line = {"seat": c["seat"], "name": c["name"], "text": c["text"], "at": c["at"]}
                chat.setdefault(c["code"], []).append((c["idx"], line))
            notes: dict[str, dict[int, dict[str, Any]]] = {}
            for n in conn.execute(select(notes_t).where(notes_t.c.code.in_(which))).mappings():
                # A seat's marks are its own scribbles, not the game: marks that cannot
                # be read are dropped, and the table plays on.
                with contextlib.suppress(ValueError, TypeError):
                    data = json.loads(n["notes"])
                    if isinstance(data, dict):
                        notes.setdefault(n["code"], {})[int(n["seat"])] = data
        out = []
        for row in rows:
            texts = sorted(actions.get(row["code"], []), key=_first)
            try:
                record = TableRecord(
                    code=row["code"],
                    rules=row["rules"],
                    players=row["players"],
                    seed=row["seed"],
                    options=json.loads(row["options"]),
                    seats=json.loads(row["seats"]),
                    settings=json.loads(row["settings"]),
                    status=row["status"],
                    created=row["created"],
                    actions=[json.loads(text) for _, text in texts],
                    chat=[c for _, c in sorted(chat.get(row["code"], []), key=_first)],
                    secret=row["secret"],
                    commitment=row["commitment"],
                )
            except (ValueError, TypeError) as err:
                out.append(_damaged(row, f"its stored row cannot be read ({err})"))
                continue
            record.damage = self._check_chain(row, texts)
            record.notes = notes.get(row["code"], {})
            out.append(record)
        return out

    def _check_chain(self, row: Any, texts: list[tuple[int, str]]) -> str | None:
        """Why the action rows do not match the table's count and chain, or None."""
        code = row["code"]
        if [i for i, _ in texts] != list(range(len(texts))):
            return "its stored actions are not numbered 0, 1, 2... (a row is missing)"
        if row["action_count"] is None or row["chain"] is None:
            return "it has no checksum over its actions"
        chain = CHAIN_START
        for _, text in texts:
            chain = chain_step(chain, text)
        if len(texts) != row["action_count"]:
            return (
                f"{len(texts)} actions are stored where its checksum counts "
                f"{row['action_count']} (a row was deleted or added)"
            )
        if chain != row["chain"]:
            return "its stored actions do not match their checksum (a row was changed)"
        self._chains[code] = (len(texts), chain)
        return None


def _damaged(row: Any, why: str) -> TableRecord:
    return TableRecord(
        code=str(row["code"]),
        rules=str(row["rules"]),
        players=0,
        seed=0,
        options={},
        seats=[],
        settings={},
        status="damaged",
        damage=why,
    )


def _first(pair: tuple[int, Any]) -> int:
    return pair[0]
