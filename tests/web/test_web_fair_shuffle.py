"""A shuffle nobody can choose and everyone can check: the seed comes from a secret the
server draws, its commitment is public from the start, the secret only at the end;
``cluedo verify`` checks a replay; the schema that holds it is migrated by Alembic."""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, inspect, text
from starlette.testclient import TestClient
from typer.testing import CliRunner
from web_kit import Frame, fixed_secret, make_client, open_table, play_seat, server_of, sit

from cluedo.cli import app as cli_app
from cluedo.web.fairness import commitment_of, seed_of
from cluedo.web.lobby import create_table
from cluedo.web.store import Store, TableRecord, metadata
from cluedo.web.tables import WebError


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'fair.sqlite'}"


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with make_client(db) as c:
        yield c


def finished_game(client: TestClient, seen: list[Frame] | None = None, shuffle: int = 7) -> str:
    """A three-seat game (one person, two bots) played to its end; returns its code."""
    code = open_table(client, rules="classic", players=3, shuffle=shuffle)
    _, token = sit(client, code)
    with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
        last = play_seat(ws, random.Random(shuffle), accuse_after=4, on_frame=(seen or []).append)
    assert last["view"]["finished"]
    return code


# -- 1. nobody chooses the seed ------------------------------------------------------


def test_a_request_that_names_a_seed_is_refused(client: TestClient) -> None:
    for seed in (1, 0, None, "1"):
        response = client.post("/api/tables", json={"rules": "classic", "seed": seed})
        assert response.status_code == 400, response.text
        error = response.json()
        assert "unknown fields ['seed']" in error["error"]
        assert "nobody chooses" in error["error"]
        assert "seed" not in error["allowed"]
    assert server_of(client).tables == {}
    with pytest.raises(WebError, match="seed"):
        create_table({"rules": "classic", "seed": 5}, {}, {})


# -- 2. a secret per table, its commitment public, the secret only at the end --------


def test_each_table_draws_a_secret_and_its_seed_and_commitment_come_from_it(
    client: TestClient,
) -> None:
    codes = [open_table(client, rules="classic", players=3) for _ in range(3)]
    records = [server_of(client).tables[code].record for code in codes]
    assert len({r.secret for r in records}) == 3
    for code, record in zip(codes, records, strict=True):
        assert record.secret is not None and len(record.secret) == 64
        secret = bytes.fromhex(record.secret)
        assert record.seed == seed_of(secret)
        assert record.commitment == commitment_of(secret)
        assert record.commitment != record.secret
        shuffle = client.get(f"/api/tables/{code}").json()["shuffle"]
        assert shuffle == {"commitment": record.commitment, "secret": None, "seed": None}


def test_the_commitment_and_the_seed_use_different_tags() -> None:
    secret = fixed_secret(1)
    assert commitment_of(secret) != commitment_of(fixed_secret(2))
    digest = bytes.fromhex(commitment_of(secret))
    assert seed_of(secret) != int.from_bytes(digest[:8], "big") >> 2
    assert 0 <= seed_of(secret) < 2**62


def test_nothing_gives_the_shuffle_away_before_the_end(client: TestClient) -> None:
    code = open_table(client, rules="classic", players=3, shuffle=3)
    record = server_of(client).tables[code].record
    assert record.secret is not None
    needles = [record.secret, str(record.seed)]
    early: list[str] = [
        client.get(f"/api/tables/{code}").text,
        client.get(f"/api/tables/{code}/replay").text,
    ]
    _, token = sit(client, code)
    seen: list[Frame] = []
    with (
        client.websocket_connect(f"/ws/{code}?spectate=1") as watcher,
        client.websocket_connect(f"/ws/{code}?token={token}") as ws,
    ):
        ws.send_json({"type": "notebook"})
        early.append(client.get(f"/api/tables/{code}").text)
        last = play_seat(ws, random.Random(3), accuse_after=4, on_frame=seen.append)
        watched: list[Frame] = []
        while not watched or watched[-1].get("view", {}).get("finished") is not True:
            watched.append(watcher.receive_json())
    frames = [*seen, *watched]
    assert any(f["type"] == "notebook" for f in frames)
    live = [f for f in frames if not (f.get("view") or {}).get("finished")]
    assert len(live) > 5
    for text_ in early + [json.dumps(f) for f in live]:
        for needle in needles:
            assert needle not in text_, f"{needle} was sent before the game ended"
    # At the end it is shown: in the last frame, the table's info and the replay.
    assert last["table"]["shuffle"]["secret"] == record.secret
    info = client.get(f"/api/tables/{code}").json()["shuffle"]
    assert info == {"commitment": record.commitment, "secret": record.secret, "seed": record.seed}
    replay = client.get(f"/api/tables/{code}/replay").json()
    assert replay["shuffle"] == info and replay["save"]["seed"] == record.seed


# -- 3. cluedo verify ----------------------------------------------------------------


def run_verify(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli_app, ["verify", *args])
    return result.exit_code, result.output


@pytest.fixture
def replay(client: TestClient) -> dict[str, Any]:
    code = finished_game(client)
    data: dict[str, Any] = client.get(f"/api/tables/{code}/replay").json()
    return data


def write(tmp_path: Path, data: Any, name: str = "replay.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_verify_accepts_a_downloaded_replay(replay: dict[str, Any], tmp_path: Path) -> None:
    status, output = run_verify(write(tmp_path, replay))
    assert status == 0, output
    assert "verified: the shuffle matches its commitment" in output
    commitment = replay["shuffle"]["commitment"]
    assert run_verify(write(tmp_path, replay), "--commitment", commitment.upper())[0] == 0
    status, output = run_verify(write(tmp_path, replay), "--commitment", "ab" * 32)
    assert status == 1 and "not the one you were shown" in output


def tampered(replay: dict[str, Any], how: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(replay))
    if how == "secret":
        secret = data["shuffle"]["secret"]
        data["shuffle"]["secret"] = ("0" if secret[0] != "0" else "1") + secret[1:]
    elif how == "pair":  # a consistent secret and commitment, but not this game's seed
        data["shuffle"]["secret"] = fixed_secret(99).hex()
        data["shuffle"]["commitment"] = commitment_of(fixed_secret(99))
        data["table"]["shuffle"]["commitment"] = commitment_of(fixed_secret(99))
    elif how == "seed":
        data["save"]["seed"] += 1
    elif how == "hand":
        dealt = next(e for e in data["events"] if e["kind"] == "dealt")
        dealt["hand"] = list(reversed(dealt["hand"]))
    elif how == "actions":
        data["save"]["actions"] = data["save"]["actions"][:-1]
        if "chance" in data["save"]:  # a chance step per action (saves of version 2)
            data["save"]["chance"] = data["save"]["chance"][:-1]
    elif how == "unrevealed":
        data["shuffle"]["secret"] = None
    elif how == "old":
        data["shuffle"] = {"commitment": None, "secret": None, "seed": None}
    elif how == "table":
        data["table"]["shuffle"]["commitment"] = "ab" * 32
    return data


@pytest.mark.parametrize(
    ("how", "says"),
    [
        ("secret", "does not match the commitment"),
        ("pair", "does not come from the secret"),
        ("seed", "does not come from the secret"),
        ("hand", "differs"),
        ("actions", "events"),
        ("unrevealed", "not revealed"),
        ("old", "no commitment (the table was created before verifiable shuffles)"),
        ("table", "the table's commitment and the replay's differ"),
    ],
)
def test_verify_names_the_first_mismatch(
    replay: dict[str, Any], tmp_path: Path, how: str, says: str
) -> None:
    status, output = run_verify(write(tmp_path, tampered(replay, how)))
    assert status == 1, output
    assert "NOT VERIFIED" in output and says in output
    assert "verified: the shuffle" not in output


def test_verify_refuses_what_is_not_a_replay(tmp_path: Path) -> None:
    (tmp_path / "junk.json").write_text("{not json", encoding="utf-8")
    for source in (
        write(tmp_path, [1, 2], "list.json"),
        write(tmp_path, {"save": 1}, "save.json"),
        str(tmp_path / "junk.json"),
        str(tmp_path / "missing.json"),
        "http://example.com/replay/ABCDEF",  # not this machine: never fetched
        "ftp://127.0.0.1/replay.json",
    ):
        status, output = run_verify(source)
        assert status == 2, (source, output)
        assert "not a replay" in output


def test_verify_fetches_a_replay_from_a_loopback_url(replay: dict[str, Any]) -> None:
    code = replay["table"]["code"]
    asked: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            asked.append(self.path)
            body = json.dumps(replay).encode()
            self.send_response(200 if self.path == f"/api/tables/{code}/replay" else 404)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *_args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        port = httpd.server_address[1]
        status, output = run_verify(f"http://127.0.0.1:{port}/replay/{code}")
        assert status == 0, output
        assert run_verify(f"http://localhost:{port}/api/tables/{code}/replay")[0] == 0
        status, output = run_verify(f"http://127.0.0.1:{port}/api/tables/NOPE/replay")
        assert status == 2 and "404" in output
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert asked[0] == f"/api/tables/{code}/replay"


# -- 4. migrations -------------------------------------------------------------------

OLD_SCHEMA = [
    """CREATE TABLE web_tables (
        code VARCHAR(32) NOT NULL, rules VARCHAR(64) NOT NULL, players INTEGER NOT NULL,
        seed BIGINT NOT NULL, options TEXT NOT NULL, seats TEXT NOT NULL,
        settings TEXT NOT NULL, status VARCHAR(16) NOT NULL, created FLOAT NOT NULL,
        PRIMARY KEY (code))""",
    """CREATE TABLE web_actions (
        code VARCHAR(32) NOT NULL, idx INTEGER NOT NULL, action TEXT NOT NULL,
        PRIMARY KEY (code, idx))""",
    """CREATE TABLE web_chat (
        code VARCHAR(32) NOT NULL, idx INTEGER NOT NULL, seat INTEGER, name VARCHAR(64) NOT NULL,
        text TEXT NOT NULL, at FLOAT NOT NULL, PRIMARY KEY (code, idx))""",
]
"""The schema as ``metadata.create_all`` made it before migrations (and shuffle secrets)."""


def columns(db: str, table: str) -> set[str]:
    engine = create_engine(db)
    try:
        return {c["name"] for c in inspect(engine).get_columns(table)}
    finally:
        engine.dispose()


NEWEST = "0004"
"""The newest migration (0004 keeps each seat's own notebook marks)."""


def version(db: str) -> str:
    engine = create_engine(db)
    try:
        with engine.connect() as conn:
            return str(conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one())
    finally:
        engine.dispose()


def test_a_database_made_before_migrations_is_upgraded_and_its_tables_still_load(
    db: str,
) -> None:
    engine = create_engine(db)
    seats = [{"kind": "person", "name": "", "token_hash": None, "character": None}]
    seats += [{"kind": "bot", "bot": "random", "name": "random bot", "character": None}] * 2
    with engine.begin() as conn:
        for statement in OLD_SCHEMA:
            conn.execute(text(statement))
        conn.execute(
            text(
                "INSERT INTO web_tables VALUES "
                "('OLDONE', 'classic', 3, 12, '{}', :seats, :s, 'lobby', 1.0)"
            ),
            {"seats": json.dumps(seats), "s": json.dumps({"bot_delay": 0})},
        )
        conn.execute(text("INSERT INTO web_chat VALUES ('OLDONE', 0, 0, 'Ann', 'hello', 2.0)"))
    engine.dispose()
    assert "secret" not in columns(db, "web_tables")
    store = Store(db)
    [record] = store.load_all()
    store.close()
    assert (record.code, record.seed, record.secret, record.commitment) == (
        "OLDONE",
        12,
        None,
        None,
    )
    assert record.chat[0]["text"] == "hello"
    assert {"secret", "commitment"} <= columns(db, "web_tables")
    assert version(db) == NEWEST
    with make_client(db) as client:
        info = client.get("/api/tables/OLDONE").json()
        assert info["shuffle"] == {"commitment": None, "secret": None, "seed": None}
        code = open_table(client, rules="classic", players=3)  # new tables still work
        assert client.get(f"/api/tables/{code}").json()["shuffle"]["commitment"]


def test_a_fresh_database_gets_the_new_columns_and_keeps_them_across_restarts(db: str) -> None:
    Store(db).close()
    assert {"secret", "commitment"} <= columns(db, "web_tables")
    assert version(db) == NEWEST
    with make_client(db) as client:
        code = finished_game(client)
        replay = client.get(f"/api/tables/{code}/replay").json()
    with make_client(db) as client:  # opened again: no migration runs twice, nothing lost
        assert client.get(f"/api/tables/{code}/replay").json()["shuffle"] == replay["shuffle"]
        assert replay["shuffle"]["secret"] == fixed_secret(7).hex()
    assert version(db) == NEWEST


def test_the_migrations_make_the_schema_the_store_uses(db: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    Store(db).close()
    engine = create_engine(db)
    try:
        with engine.connect() as conn:
            differences = compare_metadata(MigrationContext.configure(conn), metadata)
    finally:
        engine.dispose()
    assert differences == []


def test_a_record_keeps_its_secret_through_the_store(db: str) -> None:
    store = Store(db)
    secret = fixed_secret(5)
    store.create(
        TableRecord(
            code="KEPT",
            rules="classic",
            players=3,
            seed=seed_of(secret),
            options={},
            seats=[],
            settings={},
            status="lobby",
            secret=secret.hex(),
            commitment=commitment_of(secret),
        )
    )
    [record] = store.load_all()
    store.close()
    assert record.secret == secret.hex() and record.commitment == commitment_of(secret)
