"""The server against hostile or broken input: names, bodies, messages, origins, floods.

One test per fault found by probing the server, named after what it protects,
then fuzzing of the HTTP API and of websocket messages with three invariants:
never a 500, never a connection dropped without an error frame, and a refused
request or message changes nothing.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient, WebSocketTestSession
from starlette.websockets import WebSocketDisconnect
from web_kit import (
    alive,
    error_of,
    make_client,
    next_update,
    open_table,
    people_table,
    post,
    receive,
    server_of,
    sit,
    snapshot,
    until_turn,
)

import cluedo.web.app as web_app
from cluedo.web.app import create_app
from cluedo.web.command import served_names
from cluedo.web.guard import TokenBucket, host_allowed, origin_allowed
from cluedo.web.lobby import CODE_ALPHABET
from cluedo.web.store import Store, TableRecord

Frame = dict[str, Any]


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.sqlite'}"


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with make_client(db) as c:
        yield c


def roomy_client(db: str, **defaults: Any) -> TestClient:
    """A server whose per-address limits are out of the way (and ``defaults`` on top)."""
    limits = {"table_burst": 10**6, "sockets_per_address": 10**6, "lookup_burst": 10**6}
    limits.update(defaults)
    app = create_app(store=Store(db), bot_delay=0, defaults=limits)
    return TestClient(app, raise_server_exceptions=False)


# -- names -----------------------------------------------------------------------------


def test_names_are_normalised_and_refused_when_they_could_mislead(client: TestClient) -> None:
    code = people_table(client, 6)
    before = snapshot(client, code)
    refused = [
        "x\ud800",  # a lone surrogate: this one broke the table for good
        "Ann\u200b",  # zero-width space
        "\u202eAnn",  # right-to-left override
        "Ann\u2066x\u2069",  # an isolate
        "Ann\tB",
        "Ann\x00",
        "Ann\u2028B",
        "\u3164",  # a filler that shows as nothing
        "sensible bot",
        "Sensible BOT",
        "[bot] Ann",
        "random",
        "Detective",
        "ｓｅｎｓｉｂｌｅ ｂｏｔ",  # fullwidth letters fold to "sensible bot"
        "x" * 41,
    ]
    for name in refused:
        response = post(client, f"/api/tables/{code}/join", {"name": name})
        assert response.status_code == 400, name
        error = response.json()
        assert error["type"] == "error" and error["error"], name
        assert error["rule"] in ("bad-name", "bad-text"), (name, error)
        if error["rule"] == "bad-name":
            assert "letters" in error["allowed"], error
    assert snapshot(client, code) == before
    # NFC: a decomposed accent is stored composed; spaces are tidied.
    seat, _ = sit(client, code, "Zoe\u0301   Q")
    assert server_of(client).tables[code].record.seats[seat]["name"] == "Zo\u00e9 Q"
    for name in ("Robot Ann", "Abbott", "Ann-Bot2", "Łukasz 李"):
        sit(client, code, name)
    info = client.get(f"/api/tables/{code}")
    assert info.status_code == 200
    assert [s["name"] for s in info.json()["seats"]][:5] == [
        "Zo\u00e9 Q",
        "Robot Ann",
        "Abbott",
        "Ann-Bot2",
        "Łukasz 李",
    ]


def test_a_stored_name_that_cannot_be_sent_does_not_break_the_table(db: str) -> None:
    # A record written before names were checked (as the lone surrogate was).
    seats = [
        {"kind": "person", "name": "x\ud800\u202e", "token_hash": None, "character": None},
        {"kind": "person", "name": "", "token_hash": None, "character": None},
        {"kind": "bot", "bot": "random", "name": "random bot", "character": None},
    ]
    store = Store(db)
    record = TableRecord(
        code="OLDONE",
        rules="classic",
        players=3,
        seed=1,
        options={},
        seats=seats,
        settings={"bot_delay": 0},
        status="lobby",
    )
    store.create(record)
    store.add_chat("OLDONE", 0, {"seat": 0, "name": "x\u202e", "text": "hi\u200b", "at": 1.0})
    store.close()
    with make_client(db) as client:
        response = client.get("/api/tables/OLDONE")
        assert response.status_code == 200
        assert response.json()["seats"][0]["name"] == "x\ufffd\ufffd"
        with client.websocket_connect("/ws/OLDONE?spectate=1") as ws:
            frame = next_update(ws)
            assert frame["table"]["seats"][0]["name"] == "x\ufffd\ufffd"
            assert frame["chat"][0]["text"] == "hi\ufffd"
            # The table still takes people and starts.
            sit(client, "OLDONE", "Bea")
            sit(client, "OLDONE", "Cy")
            while next_update(ws)["view"] is None:
                pass


# -- request bodies ----------------------------------------------------------------------


def _asgi_post(app: Any, headers: list[tuple[bytes, bytes]], chunks: int) -> tuple[int, int]:
    """POST /api/tables straight through ASGI: the status, and how many body chunks were read."""
    read = 0
    status = 0
    piece = b" " * 65536

    async def receive_body() -> dict[str, Any]:
        nonlocal read
        read += 1
        return {"type": "http.request", "body": piece, "more_body": read < chunks}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/api/tables",
        "raw_path": b"/api/tables",
        "root_path": "",
        "query_string": b"",
        "headers": [(b"host", b"testserver"), *headers],
        "client": ("127.0.0.1", 5000),
        "server": ("testserver", 80),
    }
    asyncio.run(app(scope, receive_body, send))
    return status, read


def test_oversize_bodies_are_refused_without_reading_them(db: str) -> None:
    app = create_app(store=Store(db), bot_delay=0)
    # Declared too large: refused before a byte is read.
    status, read = _asgi_post(app, [(b"content-length", b"300000000")], chunks=4600)
    assert (status, read) == (413, 0)
    # Not declared (chunked): counted as it arrives, refused at the first chunk over.
    status, read = _asgi_post(app, [], chunks=1000)
    assert status == 413 and read <= 1
    with TestClient(app) as client:
        response = client.post("/api/tables", content=b"{" + b" " * 9000 + b"}")
        assert response.status_code == 413 and response.json()["rule"] == "too-large"
        bad = client.post("/api/tables", content=b"{}", headers={"content-length": "x"})
        assert bad.status_code == 400
        assert server_of(client).tables == {}


# -- malformed requests ----------------------------------------------------------------------


def test_malformed_requests_get_a_4xx_error_never_a_500(db: str) -> None:
    with roomy_client(db) as client:
        create = [
            b'{"options": [1]}',
            b'{"options": "x"}',
            b'{"rules": ["classic"]}',
            b'{"players": true}',
            b'{"players": 3.0}',
            b'{"players": 3, "seats": [1, 2, 3]}',
            b'{"players": 3, "seats": [{"kind": "bot", "bot": [1]}, {"kind": "person"}, 1]}',
            b'{"players": 3, "seats": {"kind": "person"}}',
            b'{"settings": [1]}',
            b'{"settings": {"spectator_chat": 1}}',
            b'{"settings": {"bot_delay": NaN}}',
            b'{"seed": true}',
            b'{"seed": 1e400}',
            b"[" * 3000 + b"]" * 3000,
            b'{"a":' * 20 + b"1" + b"}" * 20,
            b"\xff\xfe{}",
            b'"just a string"',
        ]
        for body in create:
            response = client.post("/api/tables", content=body)
            assert 400 <= response.status_code < 500, (body[:60], response.text)
            assert response.json()["type"] == "error" and response.json()["error"]
        assert server_of(client).tables == {}
        code = people_table(client)
        before = snapshot(client, code)
        join = [
            {"name": "Ann", "seat": 1.0},
            {"name": "Ann", "seat": True},
            {"name": "Ann", "seat": "1"},
            {"name": "Ann", "seat": [1]},
            {"name": "Ann", "seat": 99},
            {"name": "Ann", "character": ["plum"]},
            {"name": "Ann", "character": {"plum": 1}},
            {"name": ["Ann"]},
            {"name": "Ann", "extra": 1},
            [{"name": "Ann"}],
        ]
        for request in join:
            response = post(client, f"/api/tables/{code}/join", request)
            assert 400 <= response.status_code < 500, (request, response.text)
            assert response.json()["error"]
        assert snapshot(client, code) == before


# -- websocket messages ------------------------------------------------------------------


def test_a_malformed_message_gets_an_error_frame_and_keeps_the_connection(
    client: TestClient,
) -> None:
    code = open_table(client, rules="classic", players=3, shuffle=5)
    _, token = sit(client, code)
    with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
        until_turn(ws)
        before = snapshot(client, code)
        probes = [
            ("[" * 4000 + "]" * 4000, "too-deep"),
            (
                json.dumps(
                    {"type": "act", "action": {"kind": [[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]}}
                ),
                "too-deep",
            ),
            (json.dumps({"type": "chat", "text": "hi \ud800"}), "bad-text"),
            ('{"type": "chat", "text": "hi \ud800"}', "bad-text"),  # raw, not escaped
            (json.dumps({"type": "chat", "text": "x", "junk": {"\udfff": 1}}), "bad-text"),
            ('{"type": "ping", "n": NaN}', "bad-json"),
        ]
        for text, rule in probes:
            ws.send_text(text)
            assert error_of(ws)["rule"] == rule, text
            alive(ws)
        assert snapshot(client, code) == before


# -- chat ------------------------------------------------------------------------------


def chat_lines(ws: WebSocketTestSession) -> list[Frame]:
    """Chat lines arriving before the next pong."""
    return [line for f in alive(ws) if f["type"] == "update" for line in f["chat"]]


def test_chat_is_normalised_checked_and_limited(client: TestClient) -> None:
    code = open_table(client, rules="classic", players=3)
    _, token = sit(client, code)
    with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
        alive(ws)
        before = snapshot(client, code)
        for text in ["a\u200bb", "\u202eevil", "two\nlines", "bell\x07", "x" * 501]:
            ws.send_json({"type": "chat", "text": text})
            error = error_of(ws)
            assert error["rule"] == "bad-chat", text
            assert error["error"]
        assert snapshot(client, code) == before
        ws.send_json({"type": "chat", "text": "  cafe\u0301  "})
        ws.send_json({"type": "chat", "text": "y" * 500})
        lines = chat_lines(ws)
        while len(lines) < 2:
            lines += chat_lines(ws)
        assert [line["text"] for line in lines] == ["caf\u00e9", "y" * 500]


def test_spectators_chat_only_where_the_table_allows(client: TestClient) -> None:
    quiet = open_table(client, rules="classic", players=3)
    with client.websocket_connect(f"/ws/{quiet}?spectate=1") as ws:
        alive(ws)
        before = snapshot(client, quiet)
        ws.send_json({"type": "chat", "text": "hello"})
        assert error_of(ws)["rule"] == "spectator-chat"
        assert snapshot(client, quiet) == before
    chatty = open_table(
        client, rules="classic", players=3, settings={"bot_delay": 0, "spectator_chat": True}
    )
    assert client.get(f"/api/tables/{chatty}").json()["settings"]["spectator_chat"] is True
    with client.websocket_connect(f"/ws/{chatty}?spectate=1") as ws:
        alive(ws)
        ws.send_json({"type": "chat", "text": "hello"})
        lines = chat_lines(ws)
        while not lines:
            lines = chat_lines(ws)
        assert lines[0]["name"] == "spectator" and lines[0]["seat"] is None
    bad = client.post("/api/tables", json={"settings": {"spectator_chat": "yes"}})
    assert bad.status_code == 400 and "spectator_chat" in bad.json()["error"]


def test_chat_history_is_bounded_and_survives_a_restart(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(web_app, "RATE_BURST", 10**6)  # this test sends many messages at once
    kept = 200
    with make_client(db) as client:
        code = open_table(client, rules="classic", players=3)
        _, token = sit(client, code)
        with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
            for i in range(kept + 10):
                ws.send_json({"type": "chat", "text": f"line {i}"})
            alive(ws)
            assert len(server_of(client).tables[code].record.chat) == kept
        with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
            lines = next_update(ws)["chat"]
        assert [line["text"] for line in lines] == [f"line {i}" for i in range(10, kept + 10)]
    with make_client(db) as client:
        assert len(server_of(client).tables[code].record.chat) == kept
        with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
            first = next_update(ws)["chat"]
            assert first[-1]["text"] == f"line {kept + 9}"
            ws.send_json({"type": "chat", "text": "after the restart"})
            lines = chat_lines(ws)
            while not lines:
                lines = chat_lines(ws)
            assert lines == [dict(lines[0], text="after the restart")]
    # Every line is in the store, numbered on from before the restart.
    store = Store(db)
    try:
        (record,) = store.load_all()
        assert len(record.chat) == kept + 11
    finally:
        store.close()


# -- headers ---------------------------------------------------------------------------


class _PageScan(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.inline: list[str] = []
        self.loads: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        for key in named:
            if key == "style" or key.startswith("on"):
                self.inline.append(f"<{tag} {key}>")
        if tag == "style" or (tag == "script" and not named.get("src")):
            self.inline.append(f"<{tag}>")
        for key in ("src", "href"):
            value = named.get(key)
            if value and tag in ("script", "link", "img", "iframe"):
                self.loads.append(value)


def test_every_response_carries_the_security_headers(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken() -> None:
        raise RuntimeError("a bug")

    with roomy_client(db) as client:
        code = open_table(client, rules="classic", players=3)
        responses = [
            client.get("/"),
            client.get(f"/t/{code}"),
            client.get("/static/app.js"),
            client.get("/static/nothing.js"),
            client.get("/api/rules"),
            client.get("/api/tables/NOPE"),
            client.post("/api/tables", content=b"{"),
            client.get("/no/such/page"),
        ]
        monkeypatch.setattr(web_app, "rules_catalog", broken)
        responses.append(client.get("/api/rules"))
    assert responses[-1].status_code == 500
    for response in responses:
        headers = response.headers
        assert headers["x-frame-options"] == "DENY", response.url
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
        csp = headers["content-security-policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
        assert "unsafe-inline" not in csp
    # The policy fits the page: nothing inline, everything loaded from this server.
    scan = _PageScan()
    scan.feed((resources.files("cluedo.web") / "static" / "index.html").read_text())
    assert scan.inline == []
    assert scan.loads and all(src.startswith("/static/") for src in scan.loads)
    script = (resources.files("cluedo.web") / "static" / "app.js").read_text()
    assert not re.search(r"innerHTML|setAttribute\(\s*[\"']style|\beval\(|new Function", script)


# -- websocket origin ----------------------------------------------------------------------


def test_a_websocket_from_another_sites_page_is_refused(client: TestClient) -> None:
    code = open_table(client, rules="classic", players=3)
    with client.websocket_connect(
        f"/ws/{code}?spectate=1", headers={"origin": "http://evil.example"}
    ) as ws:
        assert receive(ws)["rule"] == "bad-origin"
        with pytest.raises(WebSocketDisconnect) as closed:
            receive(ws)
        assert closed.value.code == 1008
    for origin in ("http://testserver", "http://TESTSERVER:80", None):
        headers = {"origin": origin} if origin else {}
        with client.websocket_connect(f"/ws/{code}?spectate=1", headers=headers) as ws:
            assert receive(ws)["type"] == "hello"
    assert origin_allowed("https://cluedo.example", "cluedo.example:443")
    assert not origin_allowed("https://cluedo.example", "cluedo.example:8000")
    assert not origin_allowed("http://cluedo.example.evil", "cluedo.example")
    assert not origin_allowed("null", "cluedo.example")
    assert not origin_allowed("http://cluedo.example:x", "cluedo.example")


# -- the Host header ---------------------------------------------------------------------


def test_a_request_for_a_name_the_server_does_not_answer_to_is_refused(db: str) -> None:
    """A stranger's domain pointed at this machine (DNS rebinding) gets nothing: its
    pages would otherwise pass the websocket's origin check as this server's own."""
    app = create_app(store=Store(db), bot_delay=0, defaults={"allowed_hosts": ["cluedo.example"]})
    with TestClient(app, base_url="http://evil.example") as client:
        refused = client.get("/api/rules")
        assert refused.status_code == 400 and refused.json()["rule"] == "bad-host"
        assert "--allowed-host" in refused.json()["error"]
        assert refused.headers["x-frame-options"] == "DENY"
        assert client.post("/api/tables", json={}).status_code == 400
        assert server_of(client).tables == {}
        with client.websocket_connect("/ws/ANY", headers={"origin": "http://evil.example"}) as ws:
            assert receive(ws)["rule"] == "bad-host"
            with pytest.raises(WebSocketDisconnect) as closed:
                receive(ws)
            assert closed.value.code == 1008
        for host in (
            "cluedo.example",
            "CLUEDO.example:8000",
            "127.0.0.1:8000",
            "[::1]:80",
            "192.168.1.20",
            "localhost:8000",
        ):
            assert client.get("/api/rules", headers={"host": host}).status_code == 200, host
    assert not host_allowed("cluedo.example.evil", ["cluedo.example"])
    assert not host_allowed(None, [])
    assert not host_allowed("x:y:z", [])
    # `cluedo serve` always checks: --host if it is a name, and each --allowed-host.
    assert served_names("0.0.0.0", []) == []
    assert served_names("game.lan", ["cluedo.example"]) == ["cluedo.example", "game.lan"]


def test_cluedo_serve_answers_only_to_its_names(
    db: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import uvicorn
    from typer.testing import CliRunner

    from cluedo.cli import app as cli_app

    served: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **_kw: served.append(app))
    args = ["serve", "--database", db, "--host", "0.0.0.0"]
    args += ["--allowed-host", "cluedo.example", "--allowed-host", "game.lan"]
    result = CliRunner().invoke(cli_app, args)
    assert result.exit_code == 0, result.output
    (app,) = served
    with TestClient(app, base_url="http://cluedo.example") as client:
        assert client.get("/api/rules").status_code == 200
        assert client.get("/api/rules", headers={"host": "game.lan:8000"}).status_code == 200
        assert client.get("/api/rules", headers={"host": "10.0.0.5:8000"}).status_code == 200
        assert client.get("/api/rules", headers={"host": "evil.example"}).status_code == 400


# -- invite codes --------------------------------------------------------------------------


def test_invite_codes_cannot_be_guessed_at_the_rate_limit(client: TestClient) -> None:
    now = [1000.0]
    server = server_of(client)
    server.lookups.clock = lambda: now[0]
    code = open_table(client, rules="classic", players=3)
    assert len(code) == 8 and set(code) <= set(CODE_ALPHABET)  # 32**8: about 10**12 codes
    # Existing codes cost nothing; each code that names no table takes from the bucket.
    for _ in range(40):
        assert client.get(f"/api/tables/{code}").status_code == 200
    for guess in range(30):
        assert client.get(f"/api/tables/ZZZZ{guess:04d}").status_code == 404
    # Then every lookup is refused, existing tables too: the answer tells a guesser nothing.
    for path in (f"/api/tables/{code}", "/api/tables/ZZZZ9999", f"/api/tables/{code}/replay"):
        refused = client.get(path)
        assert refused.status_code == 429 and refused.json()["rule"] == "rate-limited", path
    assert post(client, f"/api/tables/{code}/join", {"name": "Ann"}).status_code == 429
    with client.websocket_connect(f"/ws/{code}?spectate=1") as ws:
        assert receive(ws)["rule"] == "rate-limited"
        with pytest.raises(WebSocketDisconnect) as closed:
            receive(ws)
        assert closed.value.code == 4429
    now[0] += 2  # one more guess every two seconds
    assert client.get(f"/api/tables/{code}").status_code == 200
    assert client.get("/api/tables/ZZZZ9999").status_code == 404
    assert client.get(f"/api/tables/{code}").status_code == 429


# -- limits per address --------------------------------------------------------------------


def test_one_address_cannot_open_tables_without_limit(client: TestClient, tmp_path: Path) -> None:
    now = [1000.0]
    server_of(client).new_tables.clock = lambda: now[0]
    for _ in range(10):
        open_table(client, rules="classic", players=3)
    refused = client.post("/api/tables", json={"rules": "classic"})
    assert refused.status_code == 429 and refused.json()["rule"] == "rate-limited"
    assert int(refused.headers["retry-after"]) == 6
    assert len(server_of(client).tables) == 10
    now[0] += 6
    open_table(client, rules="classic", players=3)
    assert client.post("/api/tables", json={}).status_code == 429
    # Buckets are per address; other addresses have their own.
    bucket = TokenBucket(2, 6, clock=lambda: now[0])
    assert [bucket.take("a"), bucket.take("a"), bucket.take("b")] == [0, 0, 0]
    assert bucket.take("a") == 6
    # The server's defaults set the limit (tests and the load benchmark raise it).
    with roomy_client(f"sqlite:///{tmp_path / 'roomy.sqlite'}") as roomy:
        for _ in range(30):
            open_table(roomy, rules="classic", players=3)


def test_one_address_cannot_hold_too_many_websockets(db: str) -> None:
    with roomy_client(db, sockets_per_address=3) as client:
        code = open_table(client, rules="classic", players=3)
        url = f"/ws/{code}?spectate=1"
        with client.websocket_connect(url) as a, client.websocket_connect(url):
            with client.websocket_connect(url) as c:
                for ws in (a, c):
                    assert receive(ws)["type"] == "hello"
                with client.websocket_connect(url) as d:
                    assert receive(d)["rule"] == "too-many-connections"
                    with pytest.raises(WebSocketDisconnect) as closed:
                        receive(d)
                    assert closed.value.code == 4429
                alive(c)  # the others are untouched
            # One closed: there is room for one more.
            with client.websocket_connect(url) as e:
                assert receive(e)["type"] == "hello"
        assert server_of(client).sockets == {}


# -- fuzzing -------------------------------------------------------------------------------

NASTY = ["\ud800", "\udfff", "\u202e", "\u200b", "\x00", "\n", "\u2066", "\ufeff", "bot", "é"]
nasty_text = st.lists(st.one_of(st.text(max_size=8), st.sampled_from(NASTY)), max_size=4).map(
    "".join
)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    nasty_text,
)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(
            st.one_of(nasty_text, st.sampled_from(["kind", "seat", "to"])), inner, max_size=4
        ),
    ),
    max_leaves=12,
)


def deep(n: int) -> str:
    return "[" * n + "]" * n


def fields(keys: list[str]) -> st.SearchStrategy[Any]:
    """Objects with (some of) the endpoint's own fields holding any JSON, and stray ones."""
    return st.dictionaries(st.sampled_from([*keys, "x"]), json_values, max_size=len(keys) + 1)


CREATE = ["rules", "players", "options", "seats", "settings"]
request_bodies = st.one_of(
    fields(CREATE).map(lambda d: json.dumps(d).encode()),
    fields(["name", "seat", "character"]).map(lambda d: json.dumps(d).encode()),
    json_values.map(lambda v: json.dumps(v).encode()),
    st.integers(1, 5000).map(lambda n: deep(n).encode()),
    st.binary(max_size=40),
)


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_fuzzed_http_requests_never_get_a_500_and_refusals_change_nothing(db: str) -> None:
    with roomy_client(db) as client:
        server = server_of(client)

        @settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
        @given(body=request_bodies, target=st.sampled_from(["create", "join", "get"]))
        def run(body: bytes, target: str) -> None:
            if target == "create":
                count = len(server.tables)
                response = client.post("/api/tables", content=body)
                assert len(server.tables) == count + (response.status_code == 200)
            elif target == "join":
                code = people_table(client)
                before = snapshot(client, code)
                response = client.post(f"/api/tables/{code}/join", content=body)
                if response.status_code != 200:
                    assert snapshot(client, code) == before
            else:
                response = client.get(f"/api/tables/{quote(body, safe='') or 'x'}")
            assert response.status_code < 500, (target, body, response.text)
            if response.status_code >= 400 and target != "get":  # the router's 404s are text
                error = response.json()
                assert error["type"] == "error" and error["error"] and error["rule"]

        run()


ACTION_KINDS = ["roll", "move", "suggest", "show", "accuse", "end", "pass", "fly"]
messages = st.one_of(
    st.fixed_dictionaries(
        {"type": st.sampled_from(["act", "chat", "notebook", "note", "ping", "dance"])},
        optional={
            "action": st.one_of(
                json_values,
                st.fixed_dictionaries(
                    {"kind": st.sampled_from(ACTION_KINDS)}, optional={"to": json_values}
                ),
            ),
            "text": st.one_of(nasty_text, json_values),
            "card": st.one_of(st.sampled_from(["plum", "rope", "hall"]), json_values),
            "place": st.one_of(st.sampled_from([0, 2, 3, "envelope", "pile"]), json_values),
        },
    ).map(json.dumps),
    json_values.map(json.dumps),
    nasty_text,
    st.integers(1, 4000).map(deep),
    st.just("x" * 9000),
    st.binary(max_size=20),
)


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_fuzzed_websocket_messages_keep_the_connection_and_refusals_change_nothing(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(web_app, "RATE_BURST", 10**6)  # the fuzzing sends fast
    with roomy_client(db) as client:
        # Three people and no bots: nothing changes the table but this connection.
        code = people_table(client)
        _, token = sit(client, code, "Ann")
        sit(client, code, "Bob")
        sit(client, code, "Cy")
        seated, watching = f"/ws/{code}?token={token}", f"/ws/{code}?spectate=1"

        # A connection per example: a message that kills one cannot fail the next.
        @settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
        @given(message=messages, spectator=st.booleans())
        def run(message: str | bytes, spectator: bool) -> None:
            with client.websocket_connect(watching if spectator else seated) as ws:
                alive(ws)
                before = snapshot(client, code)
                if isinstance(message, bytes):
                    ws.send_bytes(message)
                else:
                    ws.send_text(message)
                frames = alive(ws, seconds=5)  # fails if the connection was dropped
                errors = [f for f in frames if f["type"] == "error"]
                if errors:
                    assert all(e["error"] and e["rule"] != "server" for e in errors), errors
                    assert snapshot(client, code) == before, message

        run()


def test_a_stored_record_never_makes_the_server_start_a_program(db: str, tmp_path: Path) -> None:
    """A record naming a ``cmd:`` bot (written by hand into the database) is put
    aside, and its command never runs; other tables still start."""
    marker = tmp_path / "ran"
    store = Store(db)
    seats = [
        {"kind": "bot", "bot": f"cmd:touch {marker}", "name": "x bot", "character": None},
        {"kind": "bot", "bot": "random", "name": "random bot", "character": None},
        {"kind": "bot", "bot": "random", "name": "random bot", "character": None},
    ]
    record = TableRecord(
        code="EVILONE",
        rules="classic",
        players=3,
        seed=1,
        options={},
        seats=seats,
        settings={"bot_delay": 0},
        status="playing",
    )
    store.create(record)
    store.close()
    with make_client(db) as client:
        put_aside = client.get("/api/tables/EVILONE")
        assert put_aside.status_code == 410 and "not a built-in bot" in put_aside.json()["error"]
        assert client.get("/api/rules").status_code == 200
    assert not marker.exists()


def test_the_page_has_an_icon_so_no_request_fails(db: str) -> None:
    with make_client(db) as client:
        page = client.get("/").text
        assert 'rel="icon"' in page and "/static/favicon.svg" in page
        for path in ("/static/favicon.svg", "/favicon.ico"):
            response = client.get(path)
            assert response.status_code == 200
            assert response.headers["content-type"].startswith("image/svg+xml")
