"""SIGKILL at random moments of play: a real ``cluedo serve`` process is killed
again and again while a person and bots play, and started again on the same
database (SQLite and PostgreSQL). No action any browser was told of is ever lost:
after each restart the game is at least where the last frame before the kill
said it was, and it goes on from there."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from browser_kit import LiveServer
from websockets.sync.client import ClientConnection, connect

KILLS = 12
"""Kills per database (24 in the suite); benchmarks/soak_web_kill.py does hundreds."""


def read_until_mine(ws: ClientConnection, seen: int) -> tuple[dict[str, Any], int]:
    """Frames until this seat may act or the game is over; the latest log_end seen."""
    while True:
        frame = json.loads(ws.recv(timeout=30))
        if frame["type"] != "update" or frame["view"] is None:
            continue
        seen = max(seen, frame["view"]["log_end"])
        if frame["legal"] or frame["view"]["finished"]:
            return frame, seen


def kill_and_restart_while_playing(
    server: LiveServer, code: str, token: str, kills: int, rng: random.Random
) -> list[int]:
    """Play, kill at a random moment, restart, check; the log_end found after each restart."""
    told = 0  # the furthest point of the game any frame has shown
    found: list[int] = []
    ws_url = f"ws://127.0.0.1:{server.port}/ws/{code}?token={token}"
    for _ in range(kills):
        with connect(ws_url, open_timeout=30) as ws:
            frame, seen = read_until_mine(ws, 0)
            # Nothing lost: the restarted server is at least where it last said it was.
            assert seen >= told, f"the game went back from event {told} to {seen}"
            found.append(seen)
            told = seen
            for _ in range(rng.randint(0, 3)):
                if frame["view"]["finished"]:
                    break
                calm = [a for a in frame["legal"] if a["kind"] != "accuse"] or frame["legal"]
                ws.send(json.dumps({"type": "act", "action": rng.choice(calm)}))
                frame, told = read_until_mine(ws, told)
            if not frame["view"]["finished"]:
                calm = [a for a in frame["legal"] if a["kind"] != "accuse"] or frame["legal"]
                ws.send(json.dumps({"type": "act", "action": rng.choice(calm)}))
                # Read what arrives in a random moment, then kill mid-flight.
                deadline = time.monotonic() + rng.uniform(0, 0.05)
                while time.monotonic() < deadline:
                    try:
                        message = json.loads(ws.recv(timeout=max(0.0, deadline - time.monotonic())))
                    except TimeoutError:
                        break
                    if message["type"] == "update" and message["view"] is not None:
                        told = max(told, message["view"]["log_end"])
            server.kill()
        server.start()
    with connect(ws_url, open_timeout=30) as ws:
        _, seen = read_until_mine(ws, 0)
        assert seen >= told
        found.append(seen)
    return found


def test_sigkill_at_random_moments_loses_no_accepted_action(
    database_url: str, tmp_path: Path
) -> None:
    server = LiveServer(database_url, files=tmp_path / "server").start()
    try:
        created = server.post(
            "/api/tables", {"rules": "classic", "players": 3, "settings": {"bot_delay": 0}}
        )
        joined = server.post(f"/api/tables/{created['code']}/join", {"name": "Ann"})
        found = kill_and_restart_while_playing(
            server, created["code"], joined["token"], KILLS, random.Random(7)
        )
    finally:
        server.kill()
    # The game moved on across the kills (each restart found it further along or as far).
    assert found == sorted(found) and found[-1] > found[0]


@pytest.mark.parametrize("rules", ["pendragon", "killer-kloo-doo"])
def test_a_variant_table_survives_a_kill_too(rules: str, tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "web.sqlite").start()
    try:
        created = server.post(
            "/api/tables", {"rules": rules, "players": 3, "settings": {"bot_delay": 0}}
        )
        joined = server.post(f"/api/tables/{created['code']}/join", {"name": "Ann"})
        kill_and_restart_while_playing(
            server, created["code"], joined["token"], 2, random.Random(3)
        )
    finally:
        server.kill()
