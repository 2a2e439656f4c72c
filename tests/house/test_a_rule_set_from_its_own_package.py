"""A rule set published as its own package plays everywhere, with no edit to cluedo.

``tiny_rules`` (beside this file) is installed as an entry point for these tests
(``conftest.py``); the engine finds it, its bots come from its own ``bots`` module,
and the simulator, the JSON protocol, the terminal and the web play it through
their generic parts.
"""

from __future__ import annotations

import builtins
import io
import json
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from starlette.testclient import TestClient
from typer.testing import CliRunner

from cluedo.agents import make_agent
from cluedo.agents.match import play_out
from cluedo.agents.registry import bots_for, default_bot
from cluedo.cli import app
from cluedo.engine import available, new_game
from cluedo.terminal.session import Session
from cluedo.web.app import create_app
from cluedo.web.store import Store

SRC = Path(__file__).resolve().parents[2] / "src" / "cluedo"


@pytest.fixture(autouse=True)
def _installed(tiny_env: dict[str, str]) -> None:
    """Every test here runs with the tiny rule set installed."""


def test_the_engine_finds_the_installed_rule_set_and_its_bots() -> None:
    assert "tiny" in available()
    assert default_bot("tiny") == "careful" and set(bots_for("tiny")) == {"careful", "random"}
    game = new_game("tiny", players=3, seed=4)
    agents = {s: make_agent("careful", s, s, rules="tiny") for s in range(3)}
    play_out(game, agents, limit=500)
    assert game.finished and game.state.outcome == "solved"


def test_nothing_in_the_package_names_the_test_rule_set() -> None:
    for path in SRC.rglob("*"):
        if path.suffix in (".py", ".toml", ".js", ".html"):
            assert "tiny_rules" not in path.read_text(encoding="utf-8"), path


def test_the_simulator_plays_it(tmp_path: Path) -> None:
    out = tmp_path / "games.json"
    args = ["simulate", "--rules", "tiny", "--players", "3", "--games", "12", "--seed", "2"]
    result = CliRunner().invoke(app, [*args, "--json", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["summary"]["games"] == 12 and data["summary"]["errors"] == 0
    assert all(r["finished"] and r["bots"] == ["careful"] * 3 for r in data["records"])


def test_the_protocol_engine_in_a_new_process_finds_and_plays_it(tiny_env: dict[str, str]) -> None:
    # The game the client will play, worked out here first: the engine replays it.
    game = new_game("tiny", players=2, seed=5)
    moves = []
    while not game.finished:
        legal = game.legal_actions(game.to_act()[0])
        moves.append(legal[0 if len(moves) % 4 else -1])  # now and then an accusation
        game.apply(moves[-1])
    requests: list[dict[str, Any]] = [
        {"cmd": "hello"},
        {"cmd": "new", "rules": "tiny", "players": 2, "seed": 5},
        {"cmd": "apply", "game": "g1", "action": {"seat": 0, "kind": "fly"}},
        {"cmd": "go", "game": "g1", "seat": 0},
        *({"cmd": "apply", "game": "g1", "action": a.to_json()} for a in moves),
    ]
    lines = "".join(json.dumps({**r, "id": i}) + "\n" for i, r in enumerate(requests))
    hello, new, refused, bot, *played = _engine(lines, tiny_env)
    assert any(r["name"] == "tiny" for r in hello["rules"])
    assert new["ok"] and bot["ok"] and bot["bot"] == "careful", (new, bot)
    assert not refused["ok"] and refused["error"]["code"] == "illegal-action"
    assert "'fly' is not possible now" in refused["error"]["message"]
    assert all(r["ok"] for r in played), [r for r in played if not r["ok"]][:1]
    assert played[-1]["finished"]


def _engine(lines: str, env: dict[str, str]) -> list[dict[str, Any]]:
    """Replies of a ``cluedo engine`` process to ``lines``, one per request line."""
    command = [sys.executable, "-c", "from cluedo.cli import main; main()", "engine"]
    done = subprocess.run(
        command, input=lines.encode(), capture_output=True, env=env, timeout=120, check=True
    )
    return [json.loads(line) for line in done.stdout.decode().splitlines()]


@pytest.fixture
def typed(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """What the person types; the end of input once it runs out."""
    answers: list[str] = []

    def fake_input(prompt: str = "") -> str:
        if not answers:
            raise EOFError
        return answers.pop(0)

    monkeypatch.setattr(builtins, "input", fake_input)
    yield answers


def test_a_person_plays_it_to_the_end_in_the_terminal(typed: list[str]) -> None:
    game = new_game("tiny", players=2, seed=7)
    out = io.StringIO()
    console = Console(file=out, width=100, height=40, force_terminal=False)
    # The person always takes the first option offered (and the first choice within
    # it); the careful bot across the table finishes the case.
    typed += ["1"] * 400
    bot = make_agent("careful", 1, 1, rules="tiny")
    session = Session(game, {0: "Ann"}, {1: bot}, {1: "careful"}, console, 0.0)
    assert session.run() == 0
    assert game.finished
    assert "GAME OVER" in out.getvalue()


def test_a_person_plays_it_in_the_browser_against_its_bot(tmp_path: Path) -> None:
    with TestClient(create_app(store=Store(f"sqlite:///{tmp_path / 'web.sqlite'}"))) as client:
        lobby = client.get("/api/rules").json()
        assert "tiny" in json.dumps(lobby)
        response = client.post(
            "/api/tables",
            json={
                "rules": "tiny",
                "players": 2,
                "seats": [{"kind": "person"}, {"kind": "bot", "bot": "careful"}],
                "settings": {"bot_delay": 0},
            },
        )
        assert response.status_code == 200, response.text
        code = response.json()["code"]
        joined = client.post(f"/api/tables/{code}/join", json={"name": "Ann"}).json()
        rng = random.Random(3)
        with client.websocket_connect(f"/ws/{code}?token={joined['token']}") as ws:
            view = _play_seat(ws, rng)
    assert view["finished"] and view["envelope"]


def _play_seat(ws: Any, rng: random.Random) -> dict[str, Any]:
    """Answer every turn of this seat with a random legal action until the game ends."""
    after = -1
    for _ in range(300):
        frame = ws.receive_json()
        assert frame["type"] != "error", frame
        if frame["type"] != "update" or frame["view"] is None:
            continue
        view = frame["view"]
        if view["finished"]:
            return view  # type: ignore[no-any-return]
        if frame["legal"] and view["log_end"] > after:
            ws.send_json({"type": "act", "action": rng.choice(frame["legal"])})
            after = view["log_end"]
    raise AssertionError("the game did not end")
