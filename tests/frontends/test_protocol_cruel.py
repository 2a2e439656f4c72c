"""Clue or Cruel through ``cluedo engine``: placing gems, bluff calls, roles and the
tally travel over the protocol exactly as the library plays them, and a save replays."""

from __future__ import annotations

import json
from typing import Any

from test_protocol import Client

from cluedo.engine import Action, Game, new_game

RULES = "clue-or-cruel"


def test_a_whole_clue_or_cruel_game_through_the_protocol_matches_the_library() -> None:
    client = Client()
    options = {"gems": "choose", "first_player": 1}
    seed, players = 8, 4
    gid = client.ok("new", rules=RULES, players=players, seed=seed, options=options)["game"]
    local = new_game(RULES, players=players, seed=seed, options=options)
    cursor = dict.fromkeys(range(players), 0)
    kinds: set[str] = set()
    for _ in range(4000):
        status = client.ok("to_act", game=gid)
        if status["finished"]:
            break
        seat = status["to_act"][0]
        view = client.ok("view", game=gid, seat=seat, log_since=cursor[seat])["view"]
        assert view == json.loads(json.dumps(local.view(seat, cursor[seat])))
        cursor[seat] = view["log_end"]
        # Each seat's role and, for the accomplice alone, the tally.
        is_accomplice = seat == local.state.accomplice  # type: ignore[attr-defined]
        assert view["role"] == ("accomplice" if is_accomplice else "guest")
        assert (view["tally"] is not None) == (is_accomplice or local.finished)
        action = client.ok("go", game=gid, seat=seat)["action"]
        kinds.add(action["kind"])
        reply = client.ok("apply", game=gid, action=action)
        events = local.apply(Action.from_json(action))
        assert reply["events"] == [e.for_seat(seat) for e in events if e.visible_to(seat)]
    assert local.finished
    assert {"place_gem", "roll", "move", "suggest", "show"} <= kinds
    final = client.ok("to_act", game=gid)
    assert final["outcome"] == local.state.outcome and final["winners"] == list(local.state.winners)
    save = client.ok("save", game=gid)["save"]
    assert save == json.loads(json.dumps(local.save()))
    loaded = client.ok("load", save=save)["game"]
    spectator: dict[str, Any] = client.ok("view", game=loaded, seat=None)["view"]
    assert spectator == json.loads(json.dumps(local.view(None)))
    assert Game.load(save).full_log() == local.full_log()
    assert client.close() == 0


def test_a_bluff_call_over_the_protocol_is_checked_like_any_action() -> None:
    client = Client()
    gid = client.ok("new", rules=RULES, players=3, seed=2, options={"first_player": 0})["game"]
    legal = client.ok("legal", game=gid, seat=0)["actions"]
    assert {"kind": "call_bluff", "seat": 0, "player": 1, "card": "rope"} in legal
    error = client.error(
        "apply", "illegal-action", game=gid, action={"seat": 0, "kind": "call_bluff", "player": 0}
    )
    assert "call_bluff" in error["message"]
    error = client.error(
        "apply",
        "illegal-action",
        game=gid,
        action={"seat": 0, "kind": "call_bluff", "player": 0, "card": "rope"},
    )
    assert "another player" in error["message"]
    reply = client.ok(
        "apply", game=gid, action={"seat": 0, "kind": "call_bluff", "player": 1, "card": "rope"}
    )
    assert reply["events"][0]["kind"] == "bluff_called"
    assert client.close() == 0
