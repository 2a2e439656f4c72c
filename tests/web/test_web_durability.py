"""Nothing is accepted that is not stored: a move the database refuses is taken
back, the seat is told, and the table goes on once the database answers again;
only one server may use a database at a time; a slow write stalls no other table."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError
from starlette.testclient import TestClient
from web_kit import make_client, next_update, open_table, server_of, sit, until_turn

from cluedo.web.store import DatabaseInUse, Store
from cluedo.web.tables import Table


@pytest.fixture
def db(database_url: str) -> str:
    """Every test here runs on SQLite and on a real PostgreSQL server."""
    return database_url


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with make_client(db) as c:
        yield c


class FailingWrites:
    """Stand-in for Store.add_action that fails like a locked database ``times`` times."""

    def __init__(self, store: Store, times: int, after: int = 0) -> None:
        self.real = store.add_action
        self.left = times
        self.after = after
        """Writes that go through before the failures begin."""

    def __call__(self, *args: Any, **kwargs: Any) -> None:
        if self.after > 0:
            self.after -= 1
        elif self.left > 0:
            self.left -= 1
            raise OperationalError("INSERT", {}, Exception("database is locked"))
        self.real(*args, **kwargs)


def error_frame(ws: Any) -> dict[str, Any]:
    while True:
        frame: dict[str, Any] = ws.receive_json()
        if frame["type"] == "error":
            return frame


def test_a_move_the_database_refuses_is_taken_back_and_the_seat_is_told(
    client: TestClient, db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    code = open_table(client, rules="classic", players=3, shuffle=3)
    _, token = sit(client, code)
    table = server_of(client).tables[code]
    with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
        frame = until_turn(ws)
        assert table.game is not None
        before = (table.game.save(), list(table.record.actions), table.record.status)
        monkeypatch.setattr(table.store, "add_action", FailingWrites(table.store, 1))
        ws.send_json({"type": "act", "action": frame["legal"][0]})
        error = error_frame(ws)
        assert error["rule"] == "not-stored" and "try again" in error["error"]
        # Nothing changed: not in memory, not in the record.
        assert (table.game.save(), table.record.actions, table.record.status) == before
        # The database answers again: the same move goes through, stored without a gap.
        ws.send_json({"type": "act", "action": frame["legal"][0]})
        assert next_update(ws)["view"]["log_end"] > frame["view"]["log_end"]
        played = list(table.record.actions)
    monkeypatch.undo()
    # A restart finds exactly the game that was played.
    client.__exit__(None, None, None)
    stored = {r.code: r for r in Store(db).load_all()}[code]
    assert stored.actions == played
    assert Table(stored, Store(db)).game is not None


def test_a_bot_whose_move_is_refused_tries_again(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("cluedo.web.tables.STORE_RETRY", 0.01)
    code = open_table(client, rules="classic", players=3, shuffle=4)
    table = server_of(client).tables[code]
    _, token = sit(client, code)
    # The person's move is stored; the bots' next three writes fail.
    failing = FailingWrites(table.store, 3, after=1)
    monkeypatch.setattr(table.store, "add_action", failing)
    with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
        frame = until_turn(ws)
        after = frame["view"]["log_end"]
        ws.send_json({"type": "act", "action": random.Random(0).choice(frame["legal"])})
        # The bots' failed writes were retried: the person's turn comes round again
        # (or the game ends), and then the table is still.
        frame = until_turn(ws, after=after)
        assert table.game is not None
        assert len(table.game.actions) == len(table.record.actions) > 1
    assert failing.left == 0


def test_a_second_server_on_the_same_database_file_refuses_to_start(db: str) -> None:
    first = Store(db)
    first.claim()
    second = Store(db)  # reading is for anyone (cluedo verify, a backup)
    try:
        with pytest.raises(DatabaseInUse, match="another cluedo server is using"):
            second.claim()
        with pytest.raises(DatabaseInUse), make_client(db):
            pass  # a whole server refuses at start-up
    finally:
        first.close()
    # Once the first has stopped, the database is free again.
    second.claim()
    second.close()


def test_a_server_that_stops_lets_go_of_the_database_itself(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # PostgreSQL frees a closed session's advisory lock only once it has ended the
    # session, a moment after the connection goes: a server started at once was told
    # "in use" (seen once in a whole test run). Stopping lets go of the lock itself,
    # so even with its connection left open the next server gets the database.
    first = Store(db)
    first.claim()
    dispose = first.engine.dispose
    monkeypatch.setattr(first.engine, "dispose", lambda *args, **kwargs: None)
    try:
        first.close()
        second = Store(db)
        second.claim()
        second.close()
    finally:
        dispose()


def test_cluedo_serve_on_a_database_in_use_says_so_and_exits_2(db: str, tmp_path: Path) -> None:
    import subprocess
    import sys

    first = Store(db)
    first.claim()
    try:
        run = subprocess.run(
            [
                sys.executable,
                "-c",
                "from cluedo.cli import main; main()",
                "serve",
                "--database",
                db,
                "--port",
                "0",
            ],
            capture_output=True,
            text=True,
            timeout=120,
            cwd=tmp_path,
        )
    finally:
        first.close()
    assert run.returncode == 2, run.stderr
    assert "another cluedo server is using" in run.stderr and "Traceback" not in run.stderr


# -- a record that cannot be trusted is put aside; the others start ------------------


def _two_tables_with_moves(db: str) -> tuple[str, str]:
    """Two tables, each with at least three moves stored; the server then stops."""
    codes = []
    with make_client(db) as client:
        for shuffle in (21, 22):
            code = open_table(client, rules="classic", players=3, shuffle=shuffle)
            _, token = sit(client, code)
            table = server_of(client).tables[code]
            with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
                frame = until_turn(ws)
                while len(table.record.actions) < 3:
                    legal = [a for a in frame["legal"] if a["kind"] != "accuse"]
                    ws.send_json({"type": "act", "action": legal[0]})
                    frame = until_turn(ws, after=frame["view"]["log_end"])
            codes.append(code)
    return codes[0], codes[1]


def _sql(db: str, statement: str, **params: Any) -> None:
    """Change the database behind the server's back, as a person with a SQL shell could."""
    from sqlalchemy import create_engine, text

    engine = create_engine(db.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as conn:
        conn.execute(text(statement), params)
    engine.dispose()


DAMAGES = [
    (
        "DELETE FROM web_actions WHERE code = :code AND idx = "
        "(SELECT MAX(idx) FROM web_actions WHERE code = :code)",
        "a row was deleted",
    ),
    (
        "UPDATE web_actions SET action = :other WHERE code = :code AND idx = 0",
        "a row was changed",
    ),
    ("DELETE FROM web_actions WHERE code = :code AND idx = 0", "missing"),
    ("UPDATE web_tables SET options = 'not json' WHERE code = :code", "cannot be read"),
]
"""Ways a person with a SQL shell could damage a table's record, and what the server says."""


@pytest.mark.parametrize(
    ("damage", "said"), DAMAGES, ids=["last-deleted", "changed", "first-deleted", "unreadable"]
)
def test_a_damaged_record_puts_its_table_aside_and_the_others_start(
    db: str, damage: str, said: str, caplog: pytest.LogCaptureFixture
) -> None:
    bad, good = _two_tables_with_moves(db)
    other = '{"seat": 0, "kind": "end_turn"}'
    _sql(db, damage, **{"code": bad, "other": other} if ":other" in damage else {"code": bad})
    with caplog.at_level("ERROR", logger="cluedo.web"), make_client(db) as client:
        server = server_of(client)
        assert good in server.tables and bad not in server.tables
        answer = client.get(f"/api/tables/{bad}")
        assert answer.status_code == 410
        assert "is put aside because" in answer.json()["error"] and said in answer.json()["error"]
        assert client.get(f"/api/tables/{good}").status_code == 200
    assert any(f"table {bad} is put aside" in r.getMessage() for r in caplog.records)


def test_a_record_whose_actions_no_longer_replay_is_put_aside(db: str) -> None:
    bad, good = _two_tables_with_moves(db)
    # An action that is not legal there, written with a matching checksum (as a bug
    # in an older server would have): the chain holds, the replay does not.

    from cluedo.web.store import CHAIN_START, chain_step

    text = '{"seat": 0, "kind": "fly"}'
    _sql(db, "DELETE FROM web_actions WHERE code = :code", code=bad)
    _sql(db, "INSERT INTO web_actions (code, idx, action) VALUES (:code, 0, :a)", code=bad, a=text)
    _sql(
        db,
        "UPDATE web_tables SET chain = :chain, action_count = 1 WHERE code = :code",
        chain=chain_step(CHAIN_START, text),
        code=bad,
    )
    with make_client(db) as client:
        server = server_of(client)
        assert good in server.tables and "do not replay" in server.put_aside[bad]


def test_a_database_from_before_the_checksums_gets_them_and_loads(tmp_path: Path) -> None:
    from alembic import command
    from sqlalchemy import create_engine

    from cluedo.web.store import alembic_config

    db = f"sqlite:///{tmp_path / 'old.sqlite'}"
    engine = create_engine(db)
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0002")
    engine.dispose()
    # A table and its actions as the server before this change stored them.
    new, _ = _two_tables_with_moves(f"sqlite:///{tmp_path / 'new.sqlite'}")
    import sqlite3

    src = sqlite3.connect(tmp_path / "new.sqlite")
    dst = sqlite3.connect(tmp_path / "old.sqlite")
    columns = (
        "code, rules, players, seed, options, seats, settings, status, created, secret, commitment"
    )
    for row in src.execute(f"SELECT {columns} FROM web_tables WHERE code = ?", (new,)):
        dst.execute(f"INSERT INTO web_tables ({columns}) VALUES ({', '.join('?' * 11)})", row)
    for row in src.execute("SELECT code, idx, action FROM web_actions WHERE code = ?", (new,)):
        dst.execute("INSERT INTO web_actions (code, idx, action) VALUES (?, ?, ?)", row)
    dst.commit()
    src.close()
    dst.close()
    with make_client(db) as client:  # the Store upgrades the old database first
        server = server_of(client)
        assert new in server.tables and not server.put_aside
        assert len(server.tables[new].record.actions) >= 1


# -- finished games are loaded on demand ----------------------------------------------


def _finish_a_game(client: TestClient, shuffle: int) -> str:
    code = open_table(client, rules="classic", players=3, shuffle=shuffle)
    _, token = sit(client, code)
    with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
        from web_kit import play_seat

        play_seat(ws, random.Random(shuffle), accuse_after=6)
    return code


def test_finished_games_wait_in_the_store_until_someone_asks_for_one(db: str) -> None:
    with make_client(db) as client:
        done = [_finish_a_game(client, shuffle) for shuffle in (31, 32)]
        live = open_table(client, rules="classic", players=3, shuffle=33)
        server = server_of(client)
        # A new table let the finished games nobody watches go.
        assert not set(done) & set(server.tables) and live in server.tables
        replay = client.get(f"/api/tables/{done[0]}/replay")
        assert replay.status_code == 200
    with make_client(db) as client:
        server = server_of(client)
        # A restart loads only the game still being played...
        assert set(server.tables) == {live} and not server.finished
        # ...and a finished one comes back when it is asked for, as it was.
        info = client.get(f"/api/tables/{done[1]}")
        assert info.status_code == 200 and info.json()["status"] == "finished"
        assert set(server.finished) == {done[1]}
        assert client.get(f"/api/tables/{done[0]}/replay").json() == replay.json()
        # A new table never takes the code of a finished one.
        assert set(done) <= server.codes


class HeldWrites:
    """Stand-in for Store.add_action that waits, in its thread, until released."""

    def __init__(self, store: Store, code: str) -> None:
        self.real = store.add_action
        self.code = code
        self.started = threading.Event()
        self.release = threading.Event()
        self.done = threading.Event()

    def __call__(self, code: str, *args: Any, **kwargs: Any) -> None:
        if code == self.code:
            self.started.set()
            assert self.release.wait(30)
        self.real(code, *args, **kwargs)
        if code == self.code:
            self.done.set()


def test_a_slow_write_at_one_table_holds_up_no_other_and_shows_nothing_early(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    slow = open_table(client, rules="classic", players=3, shuffle=41)
    fast = open_table(client, rules="classic", players=3, shuffle=42)
    _, slow_token = sit(client, slow)
    _, fast_token = sit(client, fast)
    server = server_of(client)
    held = HeldWrites(server.store, slow)
    monkeypatch.setattr(server.store, "add_action", held)
    with (
        client.websocket_connect(f"/ws/{slow}?token={slow_token}") as a,
        client.websocket_connect(f"/ws/{fast}?token={fast_token}") as b,
    ):
        frame_a, frame_b = until_turn(a), until_turn(b)
        a.send_json({"type": "act", "action": frame_a["legal"][0]})
        assert held.started.wait(30)  # the slow table's write is under way...
        # ...and meanwhile the other table plays, and answers a ping.
        b.send_json({"type": "act", "action": frame_b["legal"][0]})
        until_turn(b, after=frame_b["view"]["log_end"])  # its move came back, applied
        b.send_json({"type": "ping", "id": 1})
        while (pong := b.receive_json())["type"] != "pong":
            pass
        # Nobody sees the slow table's action before it is stored.
        with client.websocket_connect(f"/ws/{slow}?spectate=1") as watcher:
            seen = next_update(watcher)
            assert seen["view"]["log_end"] == frame_a["view"]["log_end"]
        held.release.set()
        assert (
            until_turn(a, after=frame_a["view"]["log_end"])["view"]["log_end"]
            > (frame_a["view"]["log_end"])
        )
    assert pong == {"type": "pong", "id": 1}


def test_a_bot_thinking_holds_up_no_other_table(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    thinking, done = threading.Event(), threading.Event()
    slow = open_table(client, rules="classic", players=3, shuffle=51)
    other = open_table(client, rules="classic", players=3, shuffle=52)
    _, slow_token = sit(client, slow)
    _, other_token = sit(client, other)
    server = server_of(client)
    slow_table = server.tables[slow]
    for agent in slow_table.agents.values():
        plain = agent.choose

        def held(view: Any, legal: Any, plain: Any = plain) -> Any:
            thinking.set()
            assert done.wait(30)
            return plain(view, legal)

        monkeypatch.setattr(agent, "choose", held)
    with (
        client.websocket_connect(f"/ws/{slow}?token={slow_token}") as a,
        client.websocket_connect(f"/ws/{other}?token={other_token}") as b,
    ):
        frame_a, frame_b = until_turn(a), until_turn(b)
        # Play the person's seat at the slow table until a bot must think there.
        while not thinking.is_set():
            a.send_json({"type": "act", "action": frame_a["legal"][0]})
            if thinking.wait(0.5):
                break
            frame_a = until_turn(a, after=frame_a["view"]["log_end"])
        # The bot is thinking: the other table plays on and answers.
        b.send_json({"type": "act", "action": frame_b["legal"][0]})
        until_turn(b, after=frame_b["view"]["log_end"])
        b.send_json({"type": "ping", "id": 2})
        while (pong := b.receive_json())["type"] != "pong":
            pass
        done.set()
    assert pong == {"type": "pong", "id": 2}


def test_a_finished_game_whose_status_was_lost_is_marked_finished_at_the_next_start(
    db: str,
) -> None:
    with make_client(db) as client:
        done = _finish_a_game(client, 34)
    _sql(db, "UPDATE web_tables SET status = 'playing' WHERE code = :code", code=done)
    with make_client(db) as client:  # replayed, found finished, and written so
        assert server_of(client).tables[done].status == "finished"
    with make_client(db) as client:
        assert done not in server_of(client).tables
        assert client.get(f"/api/tables/{done}").json()["status"] == "finished"


def test_a_server_stopping_waits_for_the_write_under_way_which_reaches_the_game(
    db: str,
) -> None:
    # Only then may its database be let go (and another server take it).
    client = make_client(db).__enter__()
    code = open_table(client, rules="classic", players=3, shuffle=61)
    _, token = sit(client, code)
    server = server_of(client)
    held = HeldWrites(server.store, code)
    server.store.add_action = held  # type: ignore[method-assign]
    closing = server.store.close
    written_before_close: list[bool] = []

    def close() -> None:
        written_before_close.append(held.done.is_set())
        closing()

    server.store.close = close  # type: ignore[method-assign]
    with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
        frame = until_turn(ws)
        ws.send_json({"type": "act", "action": frame["legal"][0]})
        assert held.started.wait(30)
    threading.Timer(0.5, held.release.set).start()
    client.__exit__(None, None, None)
    assert written_before_close == [True]
    # The browser left during the write, and still the game took the stored action.
    game = server.tables[code].game
    assert game is not None and len(game.actions) == 1
    stored = {r.code: r for r in Store(db).load_all()}[code]
    assert len(stored.actions) == 1 and stored.damage is None
