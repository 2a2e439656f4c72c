"""Helpers for the web tests: a server in this process (TestClient) and frame readers."""

from __future__ import annotations

import copy
import hashlib
import itertools
import json
import random
from collections.abc import Callable
from typing import Any

import anyio
from starlette.testclient import TestClient, WebSocketTestSession

from cluedo.web.app import Server, create_app
from cluedo.web.store import Store

Frame = dict[str, Any]


def make_client(db_url: str) -> TestClient:
    return TestClient(create_app(store=Store(db_url), bot_delay=0))


def server_of(client: TestClient) -> Server:
    server: Server = client.app.state.server  # type: ignore[attr-defined]
    return server


def fixed_secret(n: int) -> bytes:
    """A known shuffle secret, for tests that need the same game each run."""
    return hashlib.sha256(b"cluedo test shuffle %d" % n).digest()


def open_table(client: TestClient, shuffle: int | None = None, **request: Any) -> str:
    """Open a table through the API; ``shuffle``: a known secret (the server's test hook),
    since nobody may choose the seed through the API itself."""
    request.setdefault("settings", {"bot_delay": 0})
    server = server_of(client)
    drawn = server.draw_secret
    if shuffle is not None:
        server.draw_secret = lambda: fixed_secret(shuffle)
    try:
        response = client.post("/api/tables", json=request)
    finally:
        server.draw_secret = drawn
    assert response.status_code == 200, response.text
    code: str = response.json()["code"]
    return code


def sit(client: TestClient, code: str, name: str = "Ann", **extra: Any) -> tuple[int, str]:
    response = client.post(f"/api/tables/{code}/join", json={"name": name, **extra})
    assert response.status_code == 200, response.text
    data = response.json()
    return data["seat"], data["token"]


def next_update(ws: WebSocketTestSession, seen: list[Frame] | None = None) -> Frame:
    """The next update frame (hello frames skipped); errors fail the test."""
    while True:
        frame: Frame = ws.receive_json()
        if seen is not None:
            seen.append(frame)
        assert frame["type"] != "error", frame
        if frame["type"] == "update":
            return frame


def until_turn(ws: WebSocketTestSession, seen: list[Frame] | None = None, after: int = -1) -> Frame:
    """Read frames until this seat has something to do or the game is over.

    ``after``: skip frames from before the game had more than that many events
    (frames already on their way when this seat acted).
    """
    while True:
        frame = next_update(ws, seen)
        view = frame["view"]
        if view is None or view["log_end"] <= after:
            continue
        if frame["legal"] or view["finished"]:
            return frame


def quick_choice(legal: list[Frame], rng: random.Random, accuse: bool) -> Frame:
    """A short-game policy for a person's seat: no accusation unless asked to."""
    pool = [a for a in legal if a["kind"] != "accuse"] or legal
    if accuse:
        pool = [a for a in legal if a["kind"] == "accuse"] or pool
    return pool[rng.randrange(len(pool))]


def play_seat(
    ws: WebSocketTestSession,
    rng: random.Random,
    accuse_after: int = 30,
    on_frame: Callable[[Frame], None] | None = None,
    start: Frame | None = None,
) -> Frame:
    """Play this seat until the game ends; returns the last frame.

    ``start``: a frame already read that gives this seat its turn.
    """
    frames: list[Frame] = []
    acted = 0
    after = -1
    while True:
        frame = start if start is not None else until_turn(ws, frames, after)
        start = None
        if on_frame is not None:
            for f in frames:
                on_frame(f)
        frames.clear()
        if frame["view"]["finished"]:
            return frame
        action = quick_choice(frame["legal"], rng, acted >= accuse_after)
        ws.send_json({"type": "act", "action": action})
        after = frame["view"]["log_end"]
        acted += 1


# -- hostile-input helpers: frames within a time, liveness, what a request changed ----


def receive(ws: WebSocketTestSession, seconds: float = 20) -> Frame:
    """The next frame; a connection closed, or silent for ``seconds``, fails the test.

    (The test client's own ``receive_json`` would wait for ever on a server that
    dropped the connection without closing it.)
    """

    async def next_message() -> Any:
        with anyio.fail_after(seconds):
            return await ws._send_rx.receive()

    try:
        message = ws.portal.call(next_message)
    except TimeoutError:
        raise AssertionError(f"no frame within {seconds} s: the connection was dropped") from None
    ws._raise_on_close(message)
    frame: Frame = json.loads(message["text"])
    return frame


def error_of(ws: WebSocketTestSession) -> Frame:
    """The next error frame, which must come before the pong of a ping sent now."""
    for frame in alive(ws):
        if frame["type"] == "error":
            return frame
    raise AssertionError("the message was not refused")


_pings = itertools.count()


def alive(ws: WebSocketTestSession, seconds: float = 20) -> list[Frame]:
    """Ping and read up to its pong: the frames before it (the connection must still be open)."""
    ping = f"probe-{next(_pings)}"
    ws.send_json({"type": "ping", "id": ping})
    frames: list[Frame] = []
    while True:
        frame = receive(ws, seconds)
        if frame == {"type": "pong", "id": ping}:
            return frames
        frames.append(frame)


def snapshot(client: TestClient, code: str) -> Any:
    """Everything a request could change about a table: its record and its game."""
    table = server_of(client).tables[code]
    rec = table.record
    game = table.game.save() if table.game is not None else None
    return copy.deepcopy(
        (rec.seats, rec.options, rec.settings, rec.status, rec.actions, rec.chat, rec.notes, game)
    )


def post(client: TestClient, path: str, body: Any) -> Any:
    """POST JSON as a browser's JSON.stringify would send it (lone surrogates escaped)."""
    return client.post(path, content=json.dumps(body), headers={"content-type": "application/json"})


def people_table(client: TestClient, players: int = 3) -> str:
    return open_table(
        client, rules="classic", players=players, seats=[{"kind": "person"}] * players
    )
