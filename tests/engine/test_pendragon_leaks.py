"""Pendragon leak test: no view, log entry or action list names a card its seat cannot know.

As in the classic leak test, what each seat knows is worked out from the full
record, independently of the views: its hand; the face-up leftovers (everyone);
cards shown to it or by it, including a Squire's Gossip glimpse; the Crime
Folder once it has accused wrongly, or once the game is over. Reward cards are
secret too: a face-down reward may be named only once it has been claimed.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from cluedo.content import load_card_set
from cluedo.content.rewards import load_rewards
from cluedo.engine import Game, new_game

CARD_IDS = frozenset(load_card_set("pendragon").ids)
REWARD_IDS = frozenset(load_rewards().deck())
SECRET_KEYS = frozenset({"hand", "hands", "card", "cards", "envelope"})
PUBLIC_KEYS = frozenset(
    {
        "suspect",  # Suspicions and accusations name cards without saying where they are
        "weapon",
        "room",
        "to",
        "from",
        "positions",
        "destinations",
        "display",  # the display cards of the last Suspicion in each room
        "face_up",  # leftovers, face up for everyone
        "reward_rooms",  # rooms whose reward still lies face down
        "claimed",
        "rolls",
        "report",
        "knights",
        "sheets",  # character sheets: a weapon skill may share a name with a weapon card
        "weapons",
        "stat",
        "skill",
        "choices",
    }
)
Seat = int | None


def knowledge(game: Game) -> tuple[dict[Seat, set[str]], set[str]]:
    """Cards each seat may know, and the reward cards claimed so far."""
    known: dict[Seat, set[str]] = {s: set() for s in [None, *range(game.players)]}
    claimed: set[str] = set()
    for event in game.full_log():
        kind = event["kind"]
        if kind == "setup":
            for cards in known.values():
                cards |= set(event["face_up"])
        elif kind == "dealt":
            known[event["seat"]] |= set(event["hand"])
        elif kind == "card_shown":
            known[event["seat"]].add(event["card"])
            known[event["to"]].add(event["card"])
        elif kind == "glimpse":
            known[event["seat"]].add(event["card"])
            known[event["target"]].add(event["card"])
        elif kind == "envelope_seen":
            known[event["seat"]] |= set(event["envelope"])
        elif kind == "reward_claimed":
            claimed.add(event["reward"])
        elif kind == "game_over":
            for cards in known.values():
                cards |= set(event["envelope"])
    return known, claimed


def mentions(value: Any, key: str = "") -> Iterator[tuple[str, str]]:
    """(nearest non-card key, id) for every card or reward id, as a string or a dict key."""
    ids = CARD_IDS | REWARD_IDS
    if isinstance(value, dict):
        for k, v in value.items():
            if k in ids:
                yield key, k
                yield from mentions(v, key)
            else:  # knights' names key the positions: still positions
                yield from mentions(v, key if key == "positions" else k)
    elif isinstance(value, list):
        for item in value:
            yield from mentions(item, key)
    elif isinstance(value, str) and value in ids:
        yield key, value


def assert_no_leak(
    payload: Any, seat: Seat, known: set[str], claimed: set[str], where: str
) -> None:
    data = json.loads(json.dumps(payload))
    for key, name in mentions(data):
        if name in REWARD_IDS and name not in CARD_IDS:
            assert name in claimed, f"{where}: seat {seat} is told of face-down reward {name!r}"
        elif key in SECRET_KEYS or key not in PUBLIC_KEYS:
            assert name in known, f"{where}: seat {seat} is shown {name!r} under {key!r}"


def pick(game: Game, rng: random.Random) -> Any:
    legal = game.legal_actions(game.to_act()[0])
    accusations = [a for a in legal if a.kind == "accuse"]
    if accusations and rng.random() < 0.8:
        return rng.choice(accusations)
    moves = [a for a in legal if a.kind == "move" and isinstance(a["to"], str)]
    if moves and rng.random() < 0.7:
        return rng.choice(moves)
    return rng.choice([a for a in legal if a.kind != "accuse"] or legal)


@pytest.mark.parametrize("seed", range(3))
def test_no_view_names_a_card_or_reward_its_seat_cannot_know(seed: int) -> None:
    players = (3, 5, 8)[seed]
    game = new_game("pendragon", players=players, seed=500 + seed)
    rng = random.Random(seed)
    cursors: dict[Seat, int] = {}
    for step in range(4000):
        if game.finished:
            break
        if step % 7:  # views carry every event since the last check, so none is missed
            game.apply(pick(game, rng))
            continue
        known, claimed = knowledge(game)
        for seat in [None, *range(players)]:
            view = game.view(seat, log_since=cursors.get(seat, 0))
            cursors[seat] = view["log_end"]
            assert_no_leak(view, seat, known[seat], claimed, f"step {len(game.actions)}")
            if seat is not None:
                actions = [a.to_json() for a in game.legal_actions(seat)]
                assert_no_leak(actions, seat, known[seat], claimed, "legal actions")
        game.apply(pick(game, rng))
    assert game.finished
    known, claimed = knowledge(game)
    for seat in [None, *range(players)]:
        assert_no_leak(game.view(seat), seat, known[seat], claimed, "final view")


def test_the_check_catches_a_leak() -> None:
    game = new_game("pendragon", players=3, seed=5)
    known, claimed = knowledge(game)
    other = game.state.hands[1]  # type: ignore[attr-defined]
    with pytest.raises(AssertionError, match="under 'hand'"):
        assert_no_leak({"hand": other}, 0, known[0], claimed, "planted")
    hidden = next(iter(game.state.rewards.values()))  # type: ignore[attr-defined]
    with pytest.raises(AssertionError, match="face-down reward"):
        assert_no_leak({"note": hidden}, 0, known[0], claimed, "planted")
