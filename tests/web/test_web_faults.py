"""Real faults of the database, on SQLite and on a real PostgreSQL server: a
database locked by another program, a lost connection, an answer lost after its
commit, a store that refuses a new table or a seat, a finished game read while
other tables play. Each time nothing is accepted that is not stored, nothing
stored is lost, and the table plays on once the database answers again."""

from __future__ import annotations

import contextlib
import random
import sqlite3
import threading
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from postgres_kit import PostgresServer
from sqlalchemy.exc import OperationalError
from starlette.testclient import TestClient
from web_kit import (
    alive,
    error_of,
    make_client,
    next_update,
    open_table,
    people_table,
    play_seat,
    server_of,
    sit,
    snapshot,
    until_turn,
)

from cluedo.web.store import DatabaseInUse, Store, TableRecord


@pytest.fixture
def db(database_url: str) -> str:
    return database_url


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with make_client(db) as c:
        yield c


@contextlib.contextmanager
def locked_by_another_program(db: str) -> Iterator[None]:
    """Another program holds a write lock on the tables' actions until the block ends."""
    if db.startswith("sqlite"):
        conn = sqlite3.connect(db.removeprefix("sqlite:///"), isolation_level=None)
        conn.execute("BEGIN EXCLUSIVE")
        try:
            yield
        finally:
            conn.execute("ROLLBACK")
            conn.close()
        return
    with psycopg.connect(db) as pg:  # a transaction, rolled back when the block ends
        pg.execute("LOCK TABLE web_actions IN EXCLUSIVE MODE")
        try:
            yield
        finally:
            pg.rollback()


def stored_actions(db: str, code: str) -> list[dict[str, Any]]:
    store = Store(db)
    try:
        record = store.load(code)
        assert record is not None and record.damage is None
        return record.actions
    finally:
        store.close()


def test_a_database_locked_by_another_program_refuses_the_move_and_plays_on(
    client: TestClient, db: str
) -> None:
    code = open_table(client, rules="classic", players=3, shuffle=3)
    _, token = sit(client, code)
    with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
        frame = until_turn(ws)
        before = snapshot(client, code)
        with locked_by_another_program(db):
            ws.send_json({"type": "act", "action": frame["legal"][0]})
            # Refused within the store's wait (a second), never held for ever.
            error = error_of(ws)
            assert error["rule"] == "not-stored" and "try again" in error["error"]
            assert snapshot(client, code) == before
            alive(ws)
        ws.send_json({"type": "act", "action": frame["legal"][0]})
        until_turn(ws, after=frame["view"]["log_end"])
        played = list(server_of(client).tables[code].record.actions)
    client.__exit__(None, None, None)
    assert stored_actions(db, code) == played


class LostAnswers:
    """Stand-in for Store.add_action: the write is committed, then the answer is lost
    (as when the connection drops just after the commit) ``times`` times; with
    ``unreadable``, reading the store back fails too while it lasts."""

    def __init__(self, store: Store, times: int, unreadable: bool = False) -> None:
        self.real = store.add_action
        self.real_read = store.action_at
        self.left = times
        self.unreadable = unreadable

    def __call__(self, *args: Any, **kwargs: Any) -> None:
        self.real(*args, **kwargs)
        if self.left > 0:
            self.left -= 1
            raise OperationalError("COMMIT", {}, Exception("server closed the connection"))

    def action_at(self, *args: Any) -> Any:
        if self.unreadable and self.left == 0:
            self.unreadable = False
            raise OperationalError("SELECT", {}, Exception("server closed the connection"))
        return self.real_read(*args)


def test_a_move_stored_though_its_answer_was_lost_is_made_not_refused(
    client: TestClient, db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    code = open_table(client, rules="classic", players=3, shuffle=3)
    _, token = sit(client, code)
    table = server_of(client).tables[code]
    lost = LostAnswers(table.store, 1)
    monkeypatch.setattr(table.store, "add_action", lost)
    with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
        frame = until_turn(ws)
        ws.send_json({"type": "act", "action": frame["legal"][0]})
        frame = until_turn(ws, after=frame["view"]["log_end"])  # made: no error frame
        assert lost.left == 0
        # The table is not stuck: the next moves are stored after it, without a gap.
        ws.send_json({"type": "act", "action": frame["legal"][0]})
        until_turn(ws, after=frame["view"]["log_end"])
        played = list(table.record.actions)
    client.__exit__(None, None, None)
    assert stored_actions(db, code) == played


def test_a_move_stored_while_the_store_could_not_say_so_is_made_at_the_next_try(
    client: TestClient, db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Three people, no bots: only this seat changes the table.
    code = people_table(client)
    _, token = sit(client, code, "Ann")
    sit(client, code, "Bob")
    sit(client, code, "Cy")
    table = server_of(client).tables[code]
    lost = LostAnswers(table.store, 1, unreadable=True)
    monkeypatch.setattr(table.store, "add_action", lost)
    monkeypatch.setattr(table.store, "action_at", lost.action_at)
    with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
        frame = until_turn(ws)
        first, second = frame["legal"][0], frame["legal"][-1]
        assert first != second
        ws.send_json({"type": "act", "action": first})
        assert error_of(ws)["rule"] == "not-stored"  # stored, but nobody could tell
        assert table.record.actions == []
        # The seat tries something else: the store has the first move, which is the
        # game's now; the seat is told, and sees it.
        ws.send_json({"type": "act", "action": second})
        error = error_of(ws)
        assert error["rule"] == "not-stored" and "stored after all" in error["error"]
        assert [{k: v for k, v in a.items() if k != "seat"} for a in table.record.actions] == [
            first
        ]
        played = list(table.record.actions)
    client.__exit__(None, None, None)
    assert stored_actions(db, code) == played


def test_a_new_table_or_a_seat_the_store_refuses_is_not_made(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = server_of(client)

    def refuse(*_args: Any) -> None:
        raise OperationalError("INSERT", {}, Exception("database is locked"))

    with monkeypatch.context() as patch:
        patch.setattr(server.store, "create", refuse)
        for seats in ([{"kind": "person"}] * 3, [{"kind": "bot"}] * 3):
            refused = client.post("/api/tables", json={"players": 3, "seats": seats})
            assert refused.status_code == 503 and refused.json()["rule"] == "not-stored"
    assert server.tables == {} and server.codes == set()
    code = people_table(client)
    sit(client, code, "Ann")
    sit(client, code, "Bob")
    before = snapshot(client, code)
    with monkeypatch.context() as patch:
        patch.setattr(server.store, "update", refuse)
        # The last seat: the game would start - it does not, and the seat stays free.
        refused = client.post(f"/api/tables/{code}/join", json={"name": "Cy"})
        assert refused.status_code == 503 and refused.json()["rule"] == "not-stored"
    assert snapshot(client, code) == before
    assert server.tables[code].game is None
    seat, _ = sit(client, code, "Cy")
    assert seat == 2 and server.tables[code].status == "playing"


def test_reading_a_finished_game_holds_up_no_other_table(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    finished = open_table(client, rules="classic", players=3, shuffle=71)
    _, token = sit(client, finished)
    with client.websocket_connect(f"/ws/{finished}?token={token}") as ws:
        play_seat(ws, random.Random(71), accuse_after=6)
    live = open_table(client, rules="classic", players=3, shuffle=72)  # lets the first go
    server = server_of(client)
    assert finished not in server.tables
    reading, release = threading.Event(), threading.Event()
    real_load = server.store.load

    def slow_load(code: str) -> Any:
        reading.set()
        assert release.wait(30)
        return real_load(code)

    monkeypatch.setattr(server.store, "load", slow_load)
    answers: list[int] = []
    asker = threading.Thread(
        target=lambda: answers.append(client.get(f"/api/tables/{finished}").status_code)
    )
    _, live_token = sit(client, live)
    try:
        asker.start()
        assert reading.wait(30)
        with client.websocket_connect(f"/ws/{live}?token={live_token}") as ws:
            next_update(ws)
            alive(ws)  # answered while the finished game is being read
    finally:
        release.set()
        asker.join(30)
    assert answers == [200]


@pytest.mark.postgres
def test_lost_postgresql_connections_are_replaced_before_the_next_move(
    postgres_server: PostgresServer,
) -> None:
    db = postgres_server.new_database()
    with make_client(db) as client:
        code = open_table(client, rules="classic", players=3, shuffle=3)
        _, token = sit(client, code)
        with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
            frame = until_turn(ws)
            # The database server drops every connection but the one holding the claim.
            with psycopg.connect(db, autocommit=True) as pg:
                dropped = pg.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid() "
                    "AND pid NOT IN (SELECT pid FROM pg_locks WHERE locktype = 'advisory')"
                ).fetchall()
            assert dropped
            ws.send_json({"type": "act", "action": frame["legal"][0]})
            after = until_turn(ws, after=frame["view"]["log_end"])  # made at the first try
            assert after["view"]["log_end"] > frame["view"]["log_end"]


def _drop_claim(db: str) -> None:
    """The database server drops the connection that holds a server's claim."""
    with psycopg.connect(db, autocommit=True) as pg:
        dropped = pg.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid() "
            "AND pid IN (SELECT pid FROM pg_locks WHERE locktype = 'advisory')"
        ).fetchall()
    assert dropped


@pytest.mark.postgres
def test_a_postgresql_claim_whose_connection_was_dropped_is_taken_again_or_writing_stops(
    postgres_server: PostgresServer,
) -> None:
    db = postgres_server.new_database()
    first, second = Store(db), Store(db)
    try:
        first.claim()
        _drop_claim(db)
        first.keep_claim()  # nobody took it meanwhile: held again
        with pytest.raises(DatabaseInUse):
            second.claim()
        # Dropped again, and another server starts meanwhile: the first stops writing.
        _drop_claim(db)
        second.claim()
        with pytest.raises(DatabaseInUse):
            first.keep_claim()
        assert first.lost and "another cluedo server" in first.lost
        record = TableRecord(
            code="LATEONE0",
            rules="classic",
            players=3,
            seed=1,
            options={},
            seats=[],
            settings={},
            status="lobby",
        )
        with pytest.raises(DatabaseInUse, match="lost its database"):
            first.create(record)
        second.create(record)  # the server that holds it writes as usual
    finally:
        first.close()
        second.close()
