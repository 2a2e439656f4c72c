"""``cluedo engine`` driven as a client program drives it: a subprocess speaking JSON lines.

Every reply is checked against docs/protocol.schema.json (with the package's own
small validator, as ``jsonschema`` is not a dependency).
"""

from __future__ import annotations

import json
import os
import random
import select
import shutil
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pytest

from cluedo.engine import Action, new_game
from cluedo.engine.registry import ENTRY_POINT_GROUP, rules_class
from cluedo.protocol.schema import problems, schema, schema_text, shipped_rules
from cluedo.protocol.server import COMMANDS, ERROR_CODES, MAX_LINE_BYTES, Engine

ROOT = Path(__file__).resolve().parents[2]
SCHEMA_FILE = ROOT / "docs" / "protocol.schema.json"
REPLY_TIMEOUT = 20.0


def cluedo_command() -> str:
    """The installed ``cluedo`` next to this interpreter (the project's venv)."""
    found = shutil.which("cluedo", path=str(Path(sys.executable).parent))
    assert found, f"no cluedo command next to {sys.executable}; install the package"
    return found


class Client:
    """A scripted client of one ``cluedo engine`` process."""

    def __init__(self, *args: str) -> None:
        self.proc = subprocess.Popen(
            [cluedo_command(), "engine", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self.buffer = b""
        self.sent = 0
        self.stderr = ""

    def send_raw(self, data: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def read_line(self) -> bytes:
        """One reply line, or fail after REPLY_TIMEOUT (never hang the suite)."""
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buffer:
            ready, _, _ = select.select([fd], [], [], REPLY_TIMEOUT)
            assert ready, f"no reply within {REPLY_TIMEOUT} s"
            chunk = os.read(fd, 1 << 16)
            assert chunk, "the engine closed its output"
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line

    def raw(self, data: bytes) -> dict[str, Any]:
        """Send raw bytes (one line), return the checked reply."""
        self.send_raw(data)
        return checked(json.loads(self.read_line()))

    def __call__(self, cmd: str, **fields: Any) -> dict[str, Any]:
        self.sent += 1
        request = {"cmd": cmd, "id": self.sent, **fields}
        reply = self.raw(json.dumps(request).encode() + b"\n")
        assert reply["id"] == self.sent and reply["cmd"] == cmd
        return reply

    def ok(self, cmd: str, **fields: Any) -> dict[str, Any]:
        request = {"cmd": cmd, **fields}
        assert problems(request, "request") == [], request  # the schema allows what works
        reply = self(cmd, **fields)
        assert reply["ok"] is True, reply
        return reply

    def error(self, cmd: str, code: str, **fields: Any) -> dict[str, Any]:
        reply = self(cmd, **fields)
        assert reply["ok"] is False and reply["error"]["code"] == code, reply
        return reply["error"]  # type: ignore[no-any-return]

    def close(self) -> int:
        assert self.proc.stdin is not None
        if not self.proc.stdin.closed:
            self.proc.stdin.close()
        code = self.proc.wait(timeout=REPLY_TIMEOUT)
        assert self.proc.stdout is not None and self.proc.stderr is not None
        self.stderr = self.proc.stderr.read().decode()
        self.proc.stdout.close()
        self.proc.stderr.close()
        return code


def checked(reply: Any) -> dict[str, Any]:
    found = problems(reply, "reply")
    assert found == [], f"reply does not match the schema: {found}\n{json.dumps(reply)[:500]}"
    if reply["ok"] is False:
        assert reply["error"]["code"] in ERROR_CODES
        assert len(reply["error"]["message"]) > 10
    return reply  # type: ignore[no-any-return]


@pytest.fixture
def client() -> Any:
    c = Client()
    yield c
    if c.proc.poll() is None:
        c.close()


def snapshot(client: Client, game: str, players: int) -> list[Any]:
    """Everything a client can observe of a game, to see that an error changed nothing."""
    seats: list[int | None] = [None, *range(players)]
    out: list[Any] = [client.ok("save", game=game)["save"], client.ok("to_act", game=game)]
    for seat in seats:
        out.append(client.ok("view", game=game, seat=seat)["view"])
        if seat is not None:
            out.append(client.ok("legal", game=game, seat=seat)["actions"])
    for item in out:
        if isinstance(item, dict):
            item.pop("id", None)
    return out


# -- a policy that ends games quickly, used through the protocol and in process ----------


def pick(rng: random.Random, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
    """Seeded random play; after turn 12, accuse something not in one's own hand."""
    accusations = [a for a in legal if a["kind"] == "accuse"]
    if accusations and view["turn"] > 12:
        hand = set(view["hand"])
        plausible = [a for a in accusations if not hand & {a["suspect"], a["weapon"], a["room"]}]
        return rng.choice(plausible or accusations)
    others = [a for a in legal if a["kind"] != "accuse"]
    return rng.choice(others or legal)


def test_a_whole_game_through_the_protocol_matches_the_library(client: Client) -> None:
    hello = client.ok("hello")
    assert hello["protocol"] == 1 and hello["engine"] == "cluedo"
    classic = next(r for r in hello["rules"] if r["name"] == "classic")
    assert (classic["min_players"], classic["max_players"]) == (3, 6)
    assert classic["options"]["movement"]["default"] == "exact"
    assert set(hello["commands"]) == set(COMMANDS)

    seed, players = 11, 4
    opened = client.ok("new", rules="classic", players=players, seed=seed)
    gid = opened["game"]
    assert opened["to_act"] == [0] and opened["seed"] == seed and not opened["finished"]
    local = new_game("classic", players=players, seed=seed)  # the same game, in process
    rng = random.Random(5)
    cursor = {s: 0 for s in range(players)}
    kinds: set[str] = set()
    for _ in range(3000):
        status = client.ok("to_act", game=gid)
        if status["finished"]:
            break
        seat = status["to_act"][0]
        legal = client.ok("legal", game=gid, seat=seat)["actions"]
        assert legal == [a.to_json() for a in local.legal_actions(seat)]
        view = client.ok("view", game=gid, seat=seat, log_since=cursor[seat])["view"]
        expected = local.view(seat, cursor[seat])
        assert view == json.loads(json.dumps(expected))
        cursor[seat] = view["log_end"]
        action = pick(rng, view, legal)
        kinds.add(action["kind"])
        if rng.random() < 0.5:
            reply = client.ok("apply", game=gid, action=action)
        else:
            reply = client.ok("apply", game=gid, seat=seat, index=legal.index(action))
        events = local.apply(Action.from_json(action))
        assert reply["action"] == action
        assert reply["events"] == [e.for_seat(seat) for e in events if e.visible_to(seat)]
        assert reply["to_act"] == list(local.to_act())
        assert reply["log_end"] == len(local.events)
    else:
        pytest.fail("the game did not end")
    assert local.finished and {"roll", "move", "accuse", "end_turn"} <= kinds
    final = client.ok("to_act", game=gid)
    assert final["to_act"] == [] and final["outcome"] in ("solved", "no-winner")
    assert final["winners"] == list(local.state.winners)
    spectator = client.ok("view", game=gid, seat=None)["view"]
    assert spectator["finished"] and spectator["envelope"] is not None
    assert client.ok("legal", game=gid, seat=0)["actions"] == []
    assert (
        client.error("apply", "illegal-action", game=gid, action={"seat": 0, "kind": "roll"})[
            "rule"
        ]
        == "game-over"
    )

    save = client.ok("save", game=gid)["save"]
    assert save == json.loads(json.dumps(local.save()))
    loaded = client.ok("load", save=save)
    assert loaded["game"] != gid and loaded["finished"]
    again = client.ok("view", game=loaded["game"], seat=None)["view"]
    assert again == spectator
    assert client.close() == 0


def test_errors_are_replies_and_leave_the_game_unchanged(client: Client) -> None:
    gid = client.ok("new", players=3, seed=3)["game"]
    client.ok("apply", game=gid, action={"seat": 0, "kind": "roll"})
    before = snapshot(client, gid, 3)
    legal = client.ok("legal", game=gid, seat=0)["actions"]
    assert legal[0]["kind"] == "move"

    # Lines that are not requests at all.
    for line, code in [
        (b"this is not json\n", "bad-json"),
        (b'{"cmd": "hello"\n', "bad-json"),
        (b'{"cmd": "hello", "x": NaN}\n', "bad-json"),
        (b'\xff\xfe{"cmd": "hello"}\n', "bad-json"),
        (b"[" * 100_000 + b"\n", "bad-json"),
        (b"[1, 2]\n", "bad-request"),
        (b'{"id": 1}\n', "unknown-command"),
        (b'{"cmd": "fly"}\n', "unknown-command"),
        (b'{"cmd": "hello", "id": [1]}\n', "bad-request"),
    ]:
        reply = client.raw(line)
        assert reply["ok"] is False and reply["error"]["code"] == code, (line[:40], reply)
    assert "commands: hello" in client.raw(b'{"cmd": "fly"}\n')["error"]["message"]

    # Requests with bad fields.
    assert "needs 'game'" in client.error("legal", "bad-request", seat=0)["message"]
    message = client.error("legal", "bad-request", game=gid, seat="zero")["message"]
    assert "'seat' must be an integer" in message and "got a string" in message
    assert "'seet'" in client.error("legal", "bad-request", game=gid, seat=0, seet=1)["message"]
    assert "0 to 2" in client.error("view", "bad-request", game=gid, seat=3)["message"]
    client.error("view", "bad-request", game=gid, seat=True)
    client.error("view", "bad-request", game=gid, log_since=-1)
    assert f"open games: {gid}" in client.error("view", "unknown-game", game="g99")["message"]

    # Actions the rules refuse: each names the rule.
    illegal = [
        ({"seat": 0, "kind": "roll"}, "one-roll"),
        ({"seat": 1, "kind": "roll"}, "not-your-turn"),
        ({"seat": 7, "kind": "roll"}, "no-such-seat"),
        ({"seat": 0, "kind": "move", "to": "nowhere"}, "movement"),
        ({"seat": 0, "kind": "fly"}, "unknown-action"),
        ({"seat": 0, "kind": "move", "to": {"row": 1}}, "malformed-action"),
        ({"seat": "0", "kind": "roll"}, "malformed-action"),
        ({"kind": "roll"}, "malformed-action"),
    ]
    for action, rule in illegal:
        error = client.error("apply", "illegal-action", game=gid, action=action)
        assert error["rule"] == rule, (action, error)
    error = client.error(
        "apply", "illegal-action", game=gid, action={"seat": 0, "kind": "end_turn"}
    )
    assert error["rule"] == "must-move" and error["allowed"] == "roll"
    assert (
        "0 to" in client.error("apply", "illegal-action", game=gid, seat=0, index=10**6)["message"]
    )
    client.error("apply", "illegal-action", game=gid, seat=1, index=0)  # seat 1 has no actions
    client.error("apply", "bad-request", game=gid, action=legal[0], index=0)
    client.error("apply", "bad-request", game=gid, index=0)
    client.error("apply", "bad-request", game=gid)

    # Bad games to open and corrupt saves.
    assert "3 to 6 players" in client.error("new", "bad-options", players=9)["message"]
    assert "Allowed options" in client.error("new", "bad-options", options={"speed": 2})["message"]
    client.error("new", "bad-options", options={"movement": "teleport"})
    client.error("new", "bad-options", rules="chess")
    client.error("new", "bad-request", seed=1.5)
    client.error("new", "bad-options", options={"board": "no-such-board"})
    save = client.ok("save", game=gid)["save"]
    tampered = {**save, "actions": [*save["actions"], {"seat": 0, "kind": "accuse"}]}
    if "chance" in save:  # a step of chance outcomes for each action
        tampered["chance"] = [*save["chance"], []]
    assert "action 1" in client.error("load", "bad-save", save=tampered)["message"]
    client.error("load", "bad-save", save={**save, "format": "chess"})
    client.error("load", "bad-save", save={**save, "players": 99})
    client.error("load", "bad-save", save="{not json")
    client.error("load", "bad-request", save=[1, 2])

    # An over-long line is refused without reading it all into a request.
    client.send_raw(b'{"cmd": "hello", "pad": "' + b"x" * (MAX_LINE_BYTES + 10) + b'"}\n')
    reply = checked(json.loads(client.read_line()))
    assert reply["error"]["code"] == "line-too-long"
    assert str(MAX_LINE_BYTES) in reply["error"]["message"]
    # Blank lines get no reply; the next request is answered in order.
    client.send_raw(b"\n   \n")

    assert snapshot(client, gid, 3) == before
    assert client.ok("apply", game=gid, action=legal[0])["events"][0]["kind"] == "moved"
    client.ok("quit")
    assert client.close() == 0


def test_several_games_at_once_and_closing() -> None:
    client = Client("--max-games", "2")
    try:
        a = client.ok("new", players=3, seed=1)["game"]
        b = client.ok("new", players=6, seed=1, options={"edition": "uk"})["game"]
        assert a != b and client.ok("games")["games"] == [a, b]
        assert client.ok("info")["limits"]["max_games"] == 2
        assert "close one" in client.error("new", "too-many-games")["message"]
        client.ok("apply", game=b, action={"seat": 0, "kind": "roll"})
        assert client.ok("view", game=a, seat=None)["view"]["log_end"] == 5
        hand_b = client.ok("view", game=b, seat=2)["view"]["hand"]
        assert client.ok("view", game=b, seat=None)["view"]["hand"] == []
        assert len(hand_b) == 3
        assert client.ok("close", game=a)["closed"] is True
        client.error("close", "unknown-game", game=a)
        client.error("legal", "unknown-game", game=a, seat=0)
        c = client.ok("new", players=3, seed=2)["game"]
        assert c not in (a, b) and client.ok("games")["games"] == [b, c]
        client.ok("quit")
        assert client.proc.wait(timeout=REPLY_TIMEOUT) == 0  # quit ends the engine
    finally:
        client.close()


def test_end_of_input_stops_the_engine_quietly(client: Client) -> None:
    client.ok("new", players=3)
    assert client.close() == 0
    assert client.stderr == ""


def test_the_schema_file_is_current_and_the_command_prints_it() -> None:
    # The file is generated from the declarations of the rule sets this package ships;
    # the command prints the schema of the rule sets installed.
    assert SCHEMA_FILE.read_text() == schema_text(shipped_rules()), (
        "run: cluedo engine --schema > " + str(SCHEMA_FILE.relative_to(ROOT))
    )
    printed = subprocess.run(
        [cluedo_command(), "engine", "--schema"], capture_output=True, timeout=30, check=True
    )
    installed = sorted({rules_class(p.name).name for p in entry_points(group=ENTRY_POINT_GROUP)})
    assert printed.stdout.decode() == schema_text(installed)
    loaded = json.loads(SCHEMA_FILE.read_text())
    assert loaded["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert set(COMMANDS) == {
        k.removeprefix("request_") for k in loaded["$defs"] if k.startswith("request_")
    }


def test_the_validator_rejects_what_the_schema_forbids() -> None:
    # The checks above rely on this validator; make sure it can say no.
    good = {
        "ok": True,
        "cmd": "to_act",
        "game": "g1",
        "to_act": [0],
        "finished": False,
        "outcome": None,
        "winners": [],
        "log_end": 5,
    }
    assert problems(good, "reply") == []
    for bad in [
        {**good, "to_act": [-1]},
        {**good, "finished": "no"},
        {**good, "extra": 1},
        {k: v for k, v in good.items() if k != "log_end"},
        {**good, "ok": False},
        {"ok": False, "error": {"code": "oops", "message": "something went wrong"}},
        {"ok": False, "error": {"code": "bad-json"}},
        {**good, "winners": [True]},
    ]:
        assert problems(bad, "reply") != [], bad
    assert problems({"cmd": "new", "players": 3}, "request") == []
    assert problems({"cmd": "new", "players": "3"}, "request") != []
    assert problems({"cmd": "legal", "game": "g1"}, "request") != []
    with pytest.raises(ValueError, match="unsupported"):
        problems(1, "x", {"$defs": {"x": {"pattern": "a"}}})
    assert schema()["$defs"]["reply"]["oneOf"][0] == {"$ref": "#/$defs/error_reply"}


def test_an_engine_bug_costs_one_error_reply_not_the_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    engine = Engine()
    gid = engine.handle_line('{"cmd": "new", "seed": 4}')["game"]
    before = engine.games[gid].save()

    def broken(*args: object, **kwargs: object) -> dict[str, Any]:
        raise RuntimeError("boom")

    # The rules' part of every view (the engine's Game may be compiled and unpatchable).
    monkeypatch.setattr(type(engine.games[gid].rules), "view", broken)
    reply = engine.handle_line(f'{{"cmd": "view", "game": "{gid}", "id": "x"}}')
    assert reply["ok"] is False and reply["id"] == "x"
    assert reply["error"]["code"] == "internal-error" and "boom" in reply["error"]["message"]
    assert problems(reply, "reply") == []
    monkeypatch.undo()
    assert engine.games[gid].save() == before
    assert engine.handle_line(f'{{"cmd": "to_act", "game": "{gid}"}}')["ok"] is True


def test_a_bot_in_another_process_plays_a_whole_game_through_the_engine() -> None:
    example = ROOT / "examples" / "external_bot.py"
    engine = f"{cluedo_command()} engine"
    done = subprocess.run(
        [sys.executable, str(example), "--engine", engine, "--players", "4", "--seed", "3"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("game over: solved, winners [")
    # The same seed gives the same game.
    local = new_game("classic", players=4, seed=3)
    envelope = list(local.state.envelope)  # type: ignore[attr-defined]
    assert f"envelope {envelope}" in done.stdout


def test_built_in_bots_play_the_other_seats_through_go(client: Client) -> None:
    gid = client.ok("new", players=4, seed=21)["game"]
    rng = random.Random(2)
    bots_used: set[str] = set()
    for _ in range(3000):
        status = client.ok("to_act", game=gid)
        if status["finished"]:
            break
        seat = status["to_act"][0]
        if seat == 0:
            view = client.ok("view", game=gid, seat=0)["view"]
            action = pick(rng, view, client.ok("legal", game=gid, seat=0)["actions"])
        else:
            chosen = client.ok("go", game=gid, seat=seat)
            bots_used.add(chosen["bot"])
            action = chosen["action"]
            assert action["seat"] == seat
        client.ok("apply", game=gid, action=action)
    else:
        pytest.fail("the game did not end")
    assert bots_used == {"sensible"}
    assert client.error("go", "bad-request", game=gid, seat=1)["message"].endswith(
        "the game is over"
    )
    gid = client.ok("new", players=3, seed=1)["game"]
    assert client.ok("go", game=gid, seat=0, bot="random")["bot"] == "random"
    # A request may not start programs: only built-in bots are offered.
    message = client.error("go", "bad-request", game=gid, seat=0, bot="cmd:ls")["message"]
    assert "random" in message and "sensible" in message
    assert "seats to act: 0" in client.error("go", "bad-request", game=gid, seat=2)["message"]
    assert client.ok("close", game=gid)["closed"]


def test_hello_describes_every_rule_set_truthfully(client: Client) -> None:
    rules = client.ok("info")["rules"]
    assert {r["name"] for r in rules} >= {"classic"}
    for info in rules:
        defaults = {key: option["default"] for key, option in info["options"].items()}
        for players in (info["min_players"], info["max_players"]):
            opened = client.ok("new", rules=info["name"], players=players, options=defaults)
            assert opened["options"] == defaults
            client.ok("close", game=opened["game"])
        for players in (info["min_players"] - 1, info["max_players"] + 1):
            client.error("new", "bad-options", rules=info["name"], players=players)
        for alias in info["aliases"]:
            assert (
                client.ok("new", rules=alias, players=info["min_players"])["rules"] == info["name"]
            )
