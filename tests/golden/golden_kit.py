"""Recording and replaying golden playthroughs, shared by every rule set's golden tests.

A golden record holds a seeded game's save and its full event log. Recording
plays a scripted policy to the end; replaying loads the save and compares the
log event by event, so any change in play shows as the first event that differs.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cluedo.engine import Action, Game, new_game

Policy = Callable[[Game, random.Random, dict[str, Any]], Action]


def record_game(rules: str, spec: dict[str, Any], choose: Policy) -> dict[str, Any]:
    """Play ``spec`` (players, seed, options, policy) to the end and return its record."""
    game = new_game(rules, players=spec["players"], seed=spec["seed"], options=spec["options"])
    rng = random.Random(spec["policy"]["seed"])
    while not game.finished:
        assert len(game.actions) < 20_000, "the scripted game does not end"
        game.apply(choose(game, rng, spec["policy"]))
    return {
        "about": "golden playthrough; regenerate with CLUEDO_REGEN_GOLDEN=1 (see the test)",
        "policy": spec["policy"],
        "outcome": game.state.outcome,
        "winners": list(game.state.winners),
        "turns": game.state.turn,
        "save": game.save(),
        "log": game.full_log(),
    }


def assert_replays(path: Path) -> None:
    """The stored save replays to exactly the stored log, ending, winners and turns."""
    record = json.loads(path.read_text(encoding="utf-8"))
    game = Game.load(record["save"])
    log = json.loads(json.dumps(game.full_log()))  # compare as stored: lists, not tuples
    assert len(log) == len(record["log"])
    for index, (got, want) in enumerate(zip(log, record["log"], strict=True)):
        assert got == want, f"{path.stem}: event {index} differs"
    assert game.finished
    assert game.state.outcome == record["outcome"]
    assert list(game.state.winners) == record["winners"]
    assert game.state.turn == record["turns"]
