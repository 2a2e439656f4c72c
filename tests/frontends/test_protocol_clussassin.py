"""A whole Clussassin game through ``cluedo engine`` (the JSON-lines protocol), checked
step by step against the same game played in process: legal actions, views,
events as each seat sees them, decisions of the defender (escape) and of an
assassin who draws their own card (swap), the end, and save and load."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from test_protocol import Client

from cluedo.agents.registry import make_agent
from cluedo.engine import Action, new_game


@pytest.fixture
def client() -> Any:
    c = Client()
    yield c
    if c.proc.poll() is None:
        c.close()


def test_a_whole_clussassin_game_through_the_protocol(client: Client) -> None:
    hello = client.ok("hello")
    info = next(r for r in hello["rules"] if r["name"] == "clussassin")
    assert (info["min_players"], info["max_players"]) == (3, 6)
    assert info["options"]["escape"]["default"] == "move_roll"

    seed, players = 7, 4
    gid = client.ok("new", rules="clussassin", players=players, seed=seed)["game"]
    local = new_game("clussassin", players=players, seed=seed)
    bots = {s: make_agent("sensible", s, s, rules="clussassin") for s in range(players)}
    rng = random.Random(3)
    kinds: set[str] = set()
    decisions: set[str] = set()
    for _ in range(5000):
        status = client.ok("to_act", game=gid)
        if status["finished"]:
            break
        seat = status["to_act"][0]
        legal = client.ok("legal", game=gid, seat=seat)["actions"]
        assert legal == [a.to_json() for a in local.legal_actions(seat)]
        cursor = bots[seat].log_cursor
        view = client.ok("view", game=gid, seat=seat, log_since=cursor)["view"]
        assert view == json.loads(json.dumps(local.view(seat, cursor)))
        bots[seat].log_cursor = view["log_end"]
        decisions.add(view["pending"]["kind"])
        action = bots[seat].choose(view, [Action.from_json(a) for a in legal]).to_json()
        if rng.random() < 0.5:
            reply = client.ok("apply", game=gid, action=action)
        else:
            reply = client.ok("apply", game=gid, seat=seat, index=legal.index(action))
        events = local.apply(Action.from_json(action))
        kinds |= {e.kind for e in events}
        assert reply["events"] == [e.for_seat(seat) for e in events if e.visible_to(seat)]
        assert reply["to_act"] == list(local.to_act())
    else:
        pytest.fail("the game did not end")
    assert local.finished
    assert {"attack", "defender_revealed", "attack_roll", "killed", "game_over"} <= kinds
    assert "turn" in decisions
    final = client.ok("to_act", game=gid)
    assert final["outcome"] == "last-alive" and final["winners"] == list(local.state.winners)
    # A bad action is refused with the rule named, and changes nothing.
    assert (
        client.error("apply", "illegal-action", game=gid, action={"seat": 0, "kind": "attack"})[
            "rule"
        ]
        == "game-over"
    )
    save = client.ok("save", game=gid)["save"]
    assert save == json.loads(json.dumps(local.save()))
    loaded = client.ok("load", save=save)
    assert (
        client.ok("view", game=loaded["game"], seat=None)["view"]
        == client.ok("view", game=gid, seat=None)["view"]
    )
    assert client.close() == 0


def test_escape_and_swap_decisions_through_the_protocol(client: Client) -> None:
    # Seeds whose games (random choices) include an escape and a swap decision.
    seen: set[str] = set()
    for seed in range(40):
        gid = client.ok("new", rules="clussassin", players=3, seed=seed)["game"]
        rng = random.Random(seed)
        for _ in range(3000):
            status = client.ok("to_act", game=gid)
            if status["finished"]:
                break
            seat = status["to_act"][0]
            view = client.ok("view", game=gid, seat=seat, log_since=10**6)["view"]
            pending = view["pending"]["kind"]
            legal = client.ok("legal", game=gid, seat=seat)["actions"]
            attacks = [a for a in legal if a["kind"] == "attack"]
            if pending in ("escape", "swap") and pending not in seen:
                seen.add(pending)
                wrong = {"seat": seat, "kind": "end_turn"}
                error = client.error("apply", "illegal-action", game=gid, action=wrong)
                assert error["rule"] in ("escape", "collecting-your-own-card")
            client.ok("apply", game=gid, action=attacks[0] if attacks else rng.choice(legal))
        client.ok("close", game=gid)
        if seen == {"escape", "swap"}:
            break
    assert seen == {"escape", "swap"}
