"""The Pendragon knight bot: it wins games, never accuses wrongly when it need not,
and beats random play."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from cluedo.agents import make_agent
from cluedo.agents.match import play_out
from cluedo.content import load_board
from cluedo.deduction import ENVELOPE
from cluedo.deduction.knowledge import CardKnowledge
from cluedo.engine import Action, new_game
from cluedo.rules.pendragon.bots import KnightAgent
from cluedo.rules.pendragon.reading import PendragonReader


@pytest.mark.parametrize("players", [3, 5, 8])
def test_knights_solve_the_mystery_and_accuse_only_at_the_staircase(players: int) -> None:
    for seed in range(3):
        game = new_game("pendragon", players=players, seed=seed)
        agents = {
            s: make_agent("sensible", s, seed * 10 + s, rules="pendragon") for s in range(players)
        }
        assert all(isinstance(a, KnightAgent) for a in agents.values())
        play_out(game, agents)
        assert game.state.outcome == "solved"
        wrong = [e for e in game.events if e.kind == "accusation" and not e.data["correct"]]
        assert wrong == []


def test_a_knight_beats_random_players() -> None:
    wins = 0
    for seed in range(6):
        game = new_game("pendragon", players=3, seed=100 + seed)
        agents = {
            0: make_agent("knight", 0, seed, rules="pendragon"),
            1: make_agent("random", 1, seed, rules="pendragon"),
            2: make_agent("random", 2, seed, rules="pendragon"),
        }
        play_out(game, agents, limit=20_000)
        wins += game.state.winners == (0,)
    assert wins >= 5


def test_a_knight_rolls_its_best_weapon_skill_in_the_barracks() -> None:
    game = new_game("pendragon", players=3, seed=3, options={"rewards": False})
    state: Any = game.state
    seat = state.current
    state.positions[seat] = load_board("pendragon").doors_of("barracks")[0].corridor
    game.rng = random.Random(0)
    knight = KnightAgent(seat, 1)
    game.apply(Action.make(seat, "roll"))
    game.apply(Action.make(seat, "move", to="barracks"))
    choice = knight.choose(game.view(seat), game.legal_actions(seat))
    weapons = state.sheets[seat].weapons
    assert (
        choice.kind == "roll_skill" and choice["skill"] == f"weapon:{max(weapons, key=weapons.get)}"
    )


def _knights_notebook(categories: Mapping[str, Sequence[str]]) -> CardKnowledge:
    """A knight's notebook over small made-up cards, reading as Pendragon reads."""
    return CardKnowledge(PendragonReader(0, categories))


def test_a_card_left_face_up_says_nothing_in_a_suggestion_or_accusation() -> None:
    # "up" lies face up and is no card of the notebook: naming it tells nothing about it.
    cats = {"suspect": ("a", "b"), "weapon": ("c", "d"), "room": ("e", "f")}
    book = _knights_notebook(cats)
    events: list[dict[str, Any]] = [
        {"kind": "setup", "hand_sizes": [1, 2]},
        {"kind": "dealt", "seat": 0, "hand": ["a"]},
        {"kind": "suggestion", "seat": 0, "suspect": "b", "weapon": "up", "room": "e"},
        {"kind": "card_shown", "seat": 1, "to": 0},  # one of b, e (never "up")
        {
            "kind": "accusation",
            "seat": 1,
            "suspect": "b",
            "weapon": "up",
            "room": "e",
            "correct": False,
        },
        {"kind": "suggestion", "seat": 0, "suspect": "b", "weapon": "c", "room": "up"},
        {"kind": "cannot_refute", "seat": 1, "suggester": 0},
    ]
    book.observe_events(events)
    # Seat 1 lacks b, so it showed e; both the fast eliminations and the count see it.
    assert book.possible("b") == frozenset({ENVELOPE})
    assert book.possible("e") == frozenset({1})
    assert book.exact and set(book.distribution("b")) == {ENVELOPE}


def test_the_knights_notebook_puts_face_up_cards_in_the_face_up_pile() -> None:
    cats = {"suspect": ("a", "b", "up"), "weapon": ("c", "d"), "room": ("e", "f", "g")}
    book = _knights_notebook(cats)  # 8 cards: 3 in the envelope, 2 + 2 dealt, 1 face up
    book.observe_event({"kind": "setup", "hand_sizes": [2, 2], "face_up": ["up"]})
    book.observe_event({"kind": "dealt", "seat": 0, "hand": ["a", "c"]})
    assert book.possible("up") == frozenset({"face_up"})  # neither a seat's nor the envelope's
    assert book.possible("b") == frozenset({ENVELOPE})  # the one suspect left for the envelope
    assert book.possible("e") == frozenset({1, ENVELOPE})
    assert book.probability("up", "face_up") == 1.0
