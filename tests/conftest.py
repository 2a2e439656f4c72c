"""Shared fixtures for the engine, content, rules and golden tests.

Plain helpers that several test folders need live here and are handed out as
fixtures, because test folders are not packages and cannot import each other.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from cluedo.engine import Action, Game

Policy = Callable[[Game, random.Random], Action]


def scripted_choice(game: Game, rng: random.Random) -> Action:
    """A simple, seeded policy that plays whole games in a few hundred actions.

    Uniform over the legal actions except accusations, which are rare (so games
    last long enough to exercise movement, suggestions and refutations): a random
    accusation now and then, and after many turns the correct one - tests may
    read the state, and this makes some games end "solved" and others not.
    """
    seat = game.to_act()[0]
    legal = game.legal_actions(seat)
    accusations = [a for a in legal if a.kind == "accuse"]
    others = [a for a in legal if a.kind != "accuse"]
    if accusations:
        if game.state.turn > 60 and rng.random() < 0.3:
            envelope = game.state.envelope  # type: ignore[attr-defined]
            return Action.make(
                seat, "accuse", suspect=envelope[0], weapon=envelope[1], room=envelope[2]
            )
        if rng.random() < 0.03 or not others:
            return accusations[rng.randrange(len(accusations))]
    return others[rng.randrange(len(others))]


def play_to_end(
    game: Game,
    rng: random.Random,
    policy: Policy = scripted_choice,
    on_step: Callable[[Game], Any] | None = None,
    limit: int = 5000,
) -> Game:
    """Play ``game`` to its end with ``policy``; call ``on_step`` before every action."""
    for _ in range(limit):
        if game.finished:
            return game
        if on_step is not None:
            on_step(game)
        game.apply(policy(game, rng))
    raise AssertionError(f"no end after {limit} actions")


@pytest.fixture
def play() -> Callable[..., Game]:
    """``play(game, rng, on_step=None)``: play a game to its end with the scripted policy."""
    return play_to_end
