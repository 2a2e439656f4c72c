"""Pendragon through the JSON-lines protocol: a whole game matches the library, and a
save made mid-game loads and plays on to the same end (the engine in process)."""

from __future__ import annotations

import json
import random
from typing import Any

from cluedo.content import load_board
from cluedo.engine import Action, Game, new_game
from cluedo.protocol.schema import problems
from cluedo.protocol.server import Engine


def ok(engine: Engine, cmd: str, **fields: Any) -> dict[str, Any]:
    reply = engine.handle({"cmd": cmd, **fields})
    assert problems(reply, "reply") == [], reply
    assert reply["ok"] is True, reply
    return reply


def loc(to: Any) -> Any:
    return to if isinstance(to, str) else tuple(to)


def test_a_whole_pendragon_game_through_the_protocol_matches_the_library() -> None:
    engine = Engine()
    hello = ok(engine, "hello")
    pendragon = next(r for r in hello["rules"] if r["name"] == "pendragon")
    assert (pendragon["min_players"], pendragon["max_players"]) == (3, 8)
    gid = ok(engine, "new", rules="pendragon", players=5, seed=21)["game"]
    local = new_game("pendragon", players=5, seed=21)
    rng = random.Random(2)
    board = load_board("pendragon")
    stairs = board.distances_from(board.node("staircase"))
    cursor = {s: 0 for s in range(5)}
    saved: dict[str, Any] | None = None
    for step in range(3000):
        status = ok(engine, "to_act", game=gid)
        if status["finished"]:
            break
        seat = status["to_act"][0]
        legal = ok(engine, "legal", game=gid, seat=seat)["actions"]
        assert legal == [a.to_json() for a in local.legal_actions(seat)]
        view = ok(engine, "view", game=gid, seat=seat, log_since=cursor[seat])["view"]
        assert view == json.loads(json.dumps(local.view(seat, cursor[seat])))
        cursor[seat] = view["log_end"]
        accusations = [a for a in legal if a["kind"] == "accuse"]
        moves = [a for a in legal if a["kind"] == "move"]
        if accusations:
            action = rng.choice(accusations)
        elif moves and rng.random() < 0.5:
            action = min(moves, key=lambda a: stairs[board.node(loc(a["to"]))])
        else:
            action = rng.choice(legal)
        ok(engine, "apply", game=gid, action=action)
        local.apply(Action.from_json(action))
        if step == 40:
            saved = ok(engine, "save", game=gid)["save"]
    assert local.finished
    final = ok(engine, "view", game=gid, seat=None)["view"]
    assert final["report"]["mystery"]["outcome"] == local.state.outcome
    assert saved is not None
    resumed = Game.load(saved)
    resumed.replay(local.save()["actions"][len(saved["actions"]) :])
    assert resumed.full_log() == local.full_log()
