"""Golden playthroughs of Killer Kloo Doo: seeded games stored with every event.

Like ``test_golden_playthroughs.py``: each ``killer_kloo_doo_*.json`` holds a save
and the full event log; the test replays the save and compares the log entry by
entry, so any change in the deal, the deck, contests, damage or endings shows.
Regenerate after an intended change and review the diff:

    CLUEDO_REGEN_GOLDEN=1 .venv/bin/pytest tests/golden/test_killer_kloo_doo_golden.py

The scripted policy: uniform over the legal actions; in Part 1 the correct
accusation once the part has run ``solve_after`` turns; in Part 2 an attack or
an assault whenever one is possible.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from golden_kit import assert_replays, record_game

from cluedo.engine import Action, Game

HERE = Path(__file__).resolve().parent
REGEN = os.environ.get("CLUEDO_REGEN_GOLDEN") == "1"

GAMES: dict[str, dict[str, Any]] = {
    "killer_kloo_doo_3p_both": {
        "players": 3,
        "seed": 2010,
        "options": {"turn_limit": 120},
        "policy": {"seed": 3, "solve_after": 45},
    },
    "killer_kloo_doo_2p_investigation": {
        "players": 2,
        "seed": 1008,
        "options": {"parts": "investigation", "turn_limit": 60, "edition": "us"},
        "policy": {"seed": 2, "solve_after": 10_000},
    },
    "killer_kloo_doo_5p_survival": {
        "players": 5,
        "seed": 4005,
        "options": {"parts": "survival", "turn_limit": 150, "dice": 1},
        "policy": {"seed": 5, "solve_after": 0},
    },
}


def choose(game: Game, rng: random.Random, policy: dict[str, Any]) -> Action:
    seat = game.to_act()[0]
    legal = game.legal_actions(seat)
    state: Any = game.state
    accusations = [a for a in legal if a.kind == "accuse"]
    if accusations and state.part_turns > policy["solve_after"]:
        suspect, weapon, room = state.envelope
        return Action.make(seat, "accuse", suspect=suspect, weapon=weapon, room=room)
    attacks = [a for a in legal if a.kind in ("attack", "assault")]
    if attacks:
        return attacks[rng.randrange(len(attacks))]
    others = [a for a in legal if a.kind != "accuse"] or legal
    return others[rng.randrange(len(others))]


def generate(name: str) -> dict[str, Any]:
    return record_game("killer-kloo-doo", GAMES[name], choose)


def write(name: str, record: dict[str, Any]) -> None:
    text = json.dumps(record, indent=None, sort_keys=True, separators=(",", ":"))
    # One event per line: diffs stay readable without the files growing huge.
    text = text.replace(',{"', ',\n{"')
    (HERE / f"{name}.json").write_text(text + "\n", encoding="utf-8")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_killer_kloo_doo_golden_playthrough_replays_exactly(name: str) -> None:
    if REGEN:
        write(name, generate(name))
    assert_replays(HERE / f"{name}.json")


def test_killer_kloo_doo_golden_games_cover_both_parts_and_their_endings() -> None:
    records = [json.loads((HERE / f"{n}.json").read_text("utf-8")) for n in sorted(GAMES)]
    kinds = {e["kind"] for r in records for e in r["log"]}
    for kind in ("card_drawn", "part_one_over", "part_two", "attack", "wounded", "killed"):
        assert kind in kinds, f"no golden game has a {kind} event"
    assert len({r["outcome"] for r in records}) >= 2


def test_the_policy_still_plays_the_stored_killer_kloo_doo_games() -> None:
    for name in sorted(GAMES):
        stored = json.loads((HERE / f"{name}.json").read_text("utf-8"))
        assert json.loads(json.dumps(generate(name))) == stored


if __name__ == "__main__":
    for game_name in GAMES:
        write(game_name, generate(game_name))
        print(f"wrote {HERE / game_name}.json")
