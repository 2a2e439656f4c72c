"""The environment's notebooks read lazily and in batches: only when a seat's
observation is asked for, only the kinds of event their reader uses, all new events
at once with the eliminations drawn once. None of that may change what a seat's
notebook knows, nor any number of an observation, over whole games."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from test_env import RULE_SETS, _plain_observation, _PlainSeat

from cluedo.deduction.knowledge import CardKnowledge
from cluedo.engine import Game, new_game
from cluedo.env import configuration
from cluedo.env.encoding import ActionNumbers, Encoder

CAP = 1200
"""Actions at most per game: random play ends classic, Clue or Cruel and Clussassin
games well before; Pendragon's and Killer Kloo Doo's run on for thousands."""

ACCUSE = 0.1
"""How often a random choice may be an accusation."""


def _choose(legal: list[Any], rng: random.Random) -> Any:
    # Mostly without accusing (random accusations end a game within a few turns), now
    # and then anything legal, so that games end by accusations too.
    calm = [a for a in legal if a.kind != "accuse"]
    return rng.choice(legal if not calm or rng.random() < ACCUSE else calm)


def _played(rules: str, players: int, seed: int) -> Game:
    game = new_game(rules, players=players, seed=seed)
    rng = random.Random(seed)
    while not game.finished and len(game.actions) < CAP:
        game.apply(_choose(game.legal_actions(game.to_act()[0]), rng))
    return game


@pytest.mark.parametrize("rules", RULE_SETS)
def test_reading_new_events_in_batches_knows_what_reading_each_event_knows(rules: str) -> None:
    # Every seat's log of a whole game cut into runs of random length (a seat that is
    # asked now and then); after each run the places of every card are the same as
    # when each event is taken in on its own.
    game = _played(rules, 4, seed=5)
    rng = random.Random(5)
    compared = 0
    for seat in range(4):
        reader = game.rules.card_reader(seat)
        assert reader is not None
        log = game.log_for(seat)
        again = game.rules.card_reader(seat)
        assert again is not None
        eager, batched = CardKnowledge(reader), CardKnowledge(again)
        at = 0
        while at < len(log):
            run = log[at : at + rng.randrange(1, 40)]
            for event in run:
                eager.observe_event(event)
            batched.catch_up(run)
            at += len(run)
            if eager.started:
                assert batched.every_possible() == eager.every_possible(), (seat, at)
                assert batched.solution() == eager.solution()
                compared += 1
    assert compared > 20


@pytest.mark.parametrize("rules", RULE_SETS)
def test_lazy_observations_equal_eager_ones_over_a_whole_game(rules: str) -> None:
    # A whole seeded game (the first CAP actions of the longest): each acting seat's
    # observation (its notebook read lazily, in batches, of the kinds its reader uses)
    # against one built from nothing by a notebook that reads every event of the seat's
    # log as it comes.
    players = 3
    game = new_game(rules, players=players, seed=11)
    catalog, layout = configuration(rules, players)
    encoder = Encoder(game, catalog, layout)
    eager = [_PlainSeat(game, seat) for seat in range(players)]
    rng = random.Random(11)
    steps = 0
    while not game.finished and steps < CAP:
        seat = game.to_act()[0]
        # The eager notebooks read every event as soon as it is logged.
        for s, plain in enumerate(eager):
            if s != seat:
                plain.follow(game, s)
        vector, mask = encoder.observe(seat)
        legal = encoder.legal(seat)
        np.testing.assert_array_equal(
            vector,
            _plain_observation(game, layout, seat, eager[seat], legal),
            err_msg=f"{rules}, action {steps}, seat {seat}",
        )
        assert sorted(np.flatnonzero(mask)) == sorted({catalog.index(a) for a in legal})
        game.apply(_choose(legal, rng))
        steps += 1
    assert game.finished or rules in ("pendragon", "killer-kloo-doo"), f"{rules}: no end"


@pytest.mark.parametrize("rules", ["classic", "pendragon"])
def test_masks_stay_right_when_the_memory_of_action_numbers_fills(rules: str) -> None:
    # The numbers of action objects are remembered until the memory fills mostly with
    # objects met once (Pendragon makes most afresh), then worked out each time; a
    # small memory is dropped within a few hundred actions. No mask may change.
    game = new_game(rules, players=3, seed=2)
    catalog, _ = configuration(rules, 3)
    numbers = ActionNumbers(catalog)
    numbers.KNOWN = 16
    rng = random.Random(2)
    for _ in range(300):
        if game.finished:
            break
        legal = game.legal_actions(game.to_act()[0])
        mask, kinds = numbers.mask(legal)
        assert sorted(np.flatnonzero(mask)) == sorted({catalog.index(a) for a in legal})
        assert kinds == {a.kind for a in legal}
        game.apply(_choose(legal, rng))
