"""Killer Kloo Doo through ``cluedo engine``: both parts, contests and offers travel
over the protocol exactly as the library plays them, and a save replays."""

from __future__ import annotations

import json

from test_protocol import Client

from cluedo.engine import Action, Game, new_game

RULES = "killer-kloo-doo"


def test_a_whole_killer_kloo_doo_game_through_the_protocol_matches_the_library() -> None:
    client = Client()
    options = {"parts": "both", "turn_limit": 60}
    seed, players = 6, 3
    gid = client.ok("new", rules=RULES, players=players, seed=seed, options=options)["game"]
    local = new_game(RULES, players=players, seed=seed, options=options)
    cursor = dict.fromkeys(range(players), 0)
    kinds: set[str] = set()
    for _ in range(6000):
        status = client.ok("to_act", game=gid)
        if status["finished"]:
            break
        seat = status["to_act"][0]
        view = client.ok("view", game=gid, seat=seat, log_since=cursor[seat])["view"]
        assert view == json.loads(json.dumps(local.view(seat, cursor[seat])))
        cursor[seat] = view["log_end"]
        action = client.ok("go", game=gid, seat=seat)["action"]
        kinds.add(action["kind"])
        reply = client.ok("apply", game=gid, action=action)
        events = local.apply(Action.from_json(action))
        assert reply["events"] == [e.for_seat(seat) for e in events if e.visible_to(seat)]
    assert local.finished
    assert {"roll", "end_turn"} <= kinds
    assert local.state.part == 2  # type: ignore[attr-defined]
    save = client.ok("save", game=gid)["save"]
    assert save == json.loads(json.dumps(local.save()))
    assert Game.load(save).full_log() == local.full_log()
    assert client.close() == 0


def test_an_illegal_contest_answer_over_the_protocol_is_refused() -> None:
    client = Client()
    gid = client.ok("new", rules=RULES, players=2, seed=2, options={"parts": "survival"})["game"]
    seat = client.ok("to_act", game=gid)["to_act"][0]
    error = client.error(
        "apply", "illegal-action", game=gid, action={"seat": seat, "kind": "accept"}
    )
    assert "accept" in json.dumps(error)
    assert client.close() == 0
