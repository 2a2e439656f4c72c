"""Golden playthroughs: seeded full games stored as files and replayed exactly.

Each ``<rules>_*.json`` file beside this one holds a save (rules, options,
players, seed, actions) and the full event log of that game, every secret
included. The test loads the save and compares the replayed log entry by entry,
so any change in set-up, dice, movement, refutation or endings shows up as a
diff.

When a change of behaviour is intended, regenerate the files and review the diff:

    CLUEDO_REGEN_GOLDEN=1 .venv/bin/pytest tests/golden
    # or: .venv/bin/python tests/golden/test_golden_playthroughs.py

The games are played by the small scripted policy below (not by the bots, which
may change for their own reasons): uniform over legal actions except
accusations; now and then a random accusation; after a given turn, the correct
one. In Clussassin: attack whenever possible, otherwise uniform.
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
    # name: how the game is made and played
    "classic_3p": {
        "players": 3,
        "seed": 1949,
        "options": {},
        "policy": {"seed": 7, "wrong_accusation_rate": 0.0, "solve_after_turn": 40},
    },
    "classic_4p": {
        "players": 4,
        "seed": 1986,
        "options": {"movement": "up_to", "edition": "uk"},
        "policy": {"seed": 6, "wrong_accusation_rate": 0.05, "solve_after_turn": 10_000},
    },
    "classic_6p": {
        "players": 6,
        "seed": 2002,
        "options": {"accuse_after_disproved": True},
        "policy": {"seed": 22, "wrong_accusation_rate": 0.01, "solve_after_turn": 60},
    },
    "clussassin_3p": {
        "rules": "clussassin",
        "players": 3,
        "seed": 2003,
        "options": {"escape": "defence_roll"},
        "policy": {"seed": 3},
    },
    "clussassin_4p": {
        "rules": "clussassin",
        "players": 4,
        "seed": 2004,
        "options": {},
        "policy": {"seed": 4},
    },
    "clussassin_6p": {
        "rules": "clussassin",
        "players": 6,
        "seed": 2006,
        "options": {"dice": 3, "witnesses": "players"},
        "policy": {"seed": 6},
    },
    "clue_or_cruel_4p": {
        "rules": "clue-or-cruel",
        "players": 4,
        "seed": 2020,
        "options": {},
        "policy": {
            "seed": 4,
            "wrong_accusation_rate": 0.0,
            "solve_after_turn": 10_000,
            "call_rate": 0.01,
        },
    },
    "clue_or_cruel_6p": {
        "rules": "clue-or-cruel",
        "players": 6,
        "seed": 2023,
        "options": {"gems": "choose", "weapons": "choose", "bluff_count": "distinct_cards"},
        "policy": {
            "seed": 6,
            "wrong_accusation_rate": 0.01,
            "solve_after_turn": 120,
            "call_rate": 0.02,
            "catch_after_turn": 60,
        },
    },
    "pendragon_4p": {
        "rules": "pendragon",
        "players": 4,
        "seed": 2025,
        "options": {},
        "policy": {
            "seed": 4,
            "wrong_accusation_rate": 0.2,
            "solve_after_turn": 80,
            "stairs_after_turn": 50,
        },
    },
    "pendragon_8p": {
        "rules": "pendragon",
        "players": 8,
        "seed": 2028,
        "options": {"staircase": "must_accuse"},
        "policy": {
            "seed": 8,
            "wrong_accusation_rate": 0.5,
            "solve_after_turn": 10_000,
            "stairs_after_turn": 30,
        },
    },
}


def rules_of(name: str) -> str:
    return str(GAMES[name].get("rules", "classic"))


def choose(game: Game, rng: random.Random, policy: dict[str, Any]) -> Action:
    seat = game.to_act()[0]
    legal = game.legal_actions(seat)
    if game.rules_name == "clussassin":
        attacks = [a for a in legal if a.kind == "attack"]
        return attacks[0] if attacks else legal[rng.randrange(len(legal))]
    if game.rules_name == "clue-or-cruel":
        # Bluff calls are many (each player, each card): call now and then, not uniformly.
        calls = [a for a in legal if a.kind == "call_bluff"]
        legal = [a for a in legal if a.kind != "call_bluff"]
        state: Any = game.state
        late = state.turn > policy.get("catch_after_turn", 10**6)
        if calls and state.bluffs and late and seat != state.accomplice:
            return Action.make(seat, "call_bluff", player=state.accomplice, card=state.bluffs[0])
        if calls and rng.random() < policy["call_rate"]:
            return calls[rng.randrange(len(calls))]
    late = game.rules_name == "pendragon" and game.state.turn > policy["stairs_after_turn"]
    if late and rng.random() < 0.5:
        # Late on, wander toward the staircase chamber half the time, or games rarely end.
        moves = [a for a in legal if a.kind == "move"]
        if moves:
            return min(moves, key=lambda a: staircase_steps(game, a["to"]))
    accusations = [a for a in legal if a.kind == "accuse"]
    others = [a for a in legal if a.kind != "accuse"]
    if accusations and game.state.turn > policy["solve_after_turn"]:
        suspect, weapon, room = game.state.envelope  # type: ignore[attr-defined]
        return Action.make(seat, "accuse", suspect=suspect, weapon=weapon, room=room)
    if accusations and (not others or rng.random() < policy["wrong_accusation_rate"]):
        return accusations[rng.randrange(len(accusations))]
    return others[rng.randrange(len(others))]


def staircase_steps(game: Game, to: Any) -> int:
    board: Any = game.rules.board  # type: ignore[attr-defined]
    stairs = board.node("staircase")
    return int(board.distances_from(stairs)[board.node(to)])


def generate(name: str) -> dict[str, Any]:
    return record_game(rules_of(name), GAMES[name], choose)


def write(name: str, record: dict[str, Any]) -> None:
    text = json.dumps(record, indent=1, sort_keys=True)
    (HERE / f"{name}.json").write_text(text + "\n", encoding="utf-8")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough_replays_exactly(name: str) -> None:
    if REGEN:
        write(name, generate(name))
    assert_replays(HERE / f"{name}.json")


def test_golden_games_cover_the_endings() -> None:
    classic = [n for n in sorted(GAMES) if rules_of(n) == "classic"]
    records = [json.loads((HERE / f"{n}.json").read_text("utf-8")) for n in classic]
    assert [r["save"]["players"] for r in records] == [3, 4, 6]
    outcomes = {r["outcome"] for r in records}
    assert outcomes == {"solved", "no-winner"}
    kinds = {e["kind"] for r in records for e in r["log"]}
    for kind in ("card_shown", "not_refuted", "token_moved", "weapon_moved", "passage", "blocked"):
        assert kind in kinds, f"no golden game has a {kind} event"
    assert any(e["kind"] == "accusation" and not e["correct"] for r in records for e in r["log"])
    # Somebody moved by a suggestion suggests at the start of their turn.
    assert any(
        a["kind"] == "turn" and b["kind"] == "suggestion"
        for r in records
        for a, b in zip(r["log"], r["log"][1:], strict=False)
    )


def test_clussassin_golden_games_cover_kills_escapes_and_the_end() -> None:
    names = [n for n in sorted(GAMES) if rules_of(n) == "clussassin"]
    records = [json.loads((HERE / f"{n}.json").read_text("utf-8")) for n in names]
    kinds = {e["kind"] for r in records for e in r["log"]}
    for kind in (
        "attack",
        "defender_revealed",
        "attack_roll",
        "defence_roll",
        "escape_roll",
        "escape",
        "killed",
        "new_target",
        "pickup",
        "passage",
        "game_over",
    ):
        assert kind in kinds, f"no golden Clussassin game has a {kind} event"
    assert {r["outcome"] for r in records} == {"last-alive"}


def test_clue_or_cruel_golden_games_cover_gems_bluffs_calls_and_both_endings() -> None:
    names = [n for n in sorted(GAMES) if rules_of(n) == "clue-or-cruel"]
    records = [json.loads((HERE / f"{n}.json").read_text("utf-8")) for n in names]
    assert [r["save"]["players"] for r in records] == [4, 6]
    kinds = {e["kind"] for r in records for e in r["log"]}
    for kind in (
        "gem_taken",
        "gem_placed",
        "weapon_placed",
        "bluff",
        "bluff_success",
        "bluff_called",
        "accomplice_caught",
        "clue_shown",
        "card_shown",
    ):
        assert kind in kinds, f"no golden Clue or Cruel game has a {kind} event"
    assert {r["outcome"] for r in records} == {"solved", "accomplice-bluffs"}


def test_the_policy_still_plays_the_stored_games() -> None:
    # Regenerating without an engine change gives the same files: the policy is stable.
    for name in sorted(GAMES):
        stored = json.loads((HERE / f"{name}.json").read_text("utf-8"))
        assert json.loads(json.dumps(generate(name))) == stored


if __name__ == "__main__":
    for game_name in GAMES:
        write(game_name, generate(game_name))
        print(f"wrote {HERE / game_name}.json")
