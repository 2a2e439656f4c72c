"""Every card model of the knowledge layer against brute-force enumeration.

Small tables are played out for real: a true deal, then a random story of
questions, draws from a hidden pile, cards passing between hands (seen or
unseen by the watching seat) and whole hands handed over. The watching seat's
observations go into :class:`CardKnowledge`; a brute-force enumeration of
every deal and every history of hidden choices gives the true answer:

- the sound propagator never rules out a place the card may be in;
- where the exact engine counts, every probability equals the enumeration's;
- the sampler draws deals with the enumeration's frequencies.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cluedo.deduction import DealSetup
from cluedo.deduction.knowledge import CardKnowledge
from cluedo.deduction.observations import (
    Draw,
    Hand,
    HandOver,
    HasNone,
    HasOneOf,
    Observation,
    Shown,
    Transfer,
    WrongAccusation,
)
from cluedo.deduction.places import Layout, Place, place_of
from cluedo.deduction.reading import EventReader

CATEGORIES = {"suspect": ("a", "b"), "weapon": ("c", "d"), "room": ("e", "f", "g")}
CARDS = tuple(c for cards in CATEGORIES.values() for c in cards)
ENV = "envelope"

World = tuple[tuple[str, Place], ...]
"""Every card's place, sorted by card: one history of the game."""


def deals(layout: Layout) -> list[dict[str, Place]]:
    """Every deal of CARDS into ``layout``: one card per category in the envelope."""
    out = []
    for envelope in itertools.product(*CATEGORIES.values()):
        rest = [c for c in CARDS if c not in envelope]
        slots: list[Place] = []
        for place in layout.places:
            if place != ENV:
                slots += [place] * layout.sizes[place]
        for order in set(itertools.permutations(slots)):
            world: dict[str, Place] = dict.fromkeys(envelope, ENV)
            world.update(zip(rest, order, strict=True))
            out.append(world)
    return out


def holds(world: dict[str, Place], place: Place) -> list[str]:
    return [c for c in CARDS if world[c] == place]


def apply(worlds: dict[World, Fraction], obs: Observation) -> dict[World, Fraction]:
    """Condition (or branch) every history on one observation."""
    out: dict[World, Fraction] = {}
    for key, weight in worlds.items():
        world = dict(key)
        for new, w in step(world, obs):
            k = tuple(sorted(new.items()))
            out[k] = out.get(k, Fraction(0)) + weight * w
    return out


def step(world: dict[str, Place], obs: Observation) -> list[tuple[dict[str, Place], Fraction]]:
    keep = [(world, Fraction(1))]
    if isinstance(obs, Hand):
        return keep if set(holds(world, place_of(obs.player))) == set(obs.cards) else []
    if isinstance(obs, Shown):
        return keep if world[obs.card] == place_of(obs.player) else []
    if isinstance(obs, HasOneOf):
        return keep if any(world[c] == place_of(obs.player) for c in obs.cards) else []
    if isinstance(obs, HasNone):
        return [] if any(world[c] == place_of(obs.player) for c in obs.cards) else keep
    if isinstance(obs, WrongAccusation):
        return [] if all(world[c] == ENV for c in obs.cards) else keep
    if isinstance(obs, Draw | Transfer):
        source = place_of(obs.pile if isinstance(obs, Draw) else obs.source)
        target = place_of(obs.player if isinstance(obs, Draw) else obs.target)
        there = holds(world, source)
        out = []
        for card in there:
            if obs.card is not None and card != obs.card:
                continue
            new = dict(world)
            new[card] = target
            out.append((new, Fraction(1, len(there))))
        return out
    if isinstance(obs, HandOver):
        new = {
            c: place_of(obs.target) if p == place_of(obs.source) else p for c, p in world.items()
        }
        return [(new, Fraction(1))]
    raise TypeError(obs)


def marginals(worlds: dict[World, Fraction]) -> dict[str, dict[Place, Fraction]]:
    total = sum(worlds.values())
    out: dict[str, dict[Place, Fraction]] = {c: {} for c in CARDS}
    for key, weight in worlds.items():
        for card, place in key:
            out[card][place] = out[card].get(place, Fraction(0)) + weight / total
    return out


def story(
    rng: random.Random, layout: Layout, steps: int, moves: Sequence[str]
) -> tuple[list[Observation], dict[str, Place]]:
    """A random true game watched by seat 0: its observations and the final truth."""
    world = rng.choice(deals(layout))
    seats = list(layout.seats)
    piles = [p for p in layout.places if isinstance(p, str) and p != ENV]
    out: list[Observation] = [Hand("0", tuple(holds(world, 0)))]
    for _ in range(steps):
        kind = rng.choice(["ask", "ask", "accuse", *moves])
        if kind == "ask":
            named = tuple(rng.choice(cards) for cards in CATEGORIES.values())
            who = rng.choice(seats[1:])
            having = [c for c in named if world[c] == who]
            if not having:
                out.append(HasNone(str(who), named))
            elif rng.random() < 0.5:
                out.append(Shown(str(who), rng.choice(having)))
            else:
                out.append(HasOneOf(str(who), named))
        elif kind == "accuse":
            named = tuple(rng.choice(cards) for cards in CATEGORIES.values())
            if any(world[c] != ENV for c in named):
                out.append(WrongAccusation(named))
        elif kind == "draw" and piles and holds(world, piles[0]):
            card = rng.choice(holds(world, piles[0]))
            who = rng.choice(seats)
            world[card] = who
            out.append(Draw(str(who), str(piles[0]), card if who == 0 else None))
        elif kind == "pass":
            source, target = rng.sample(seats, 2)
            if holds(world, source):
                card = rng.choice(holds(world, source))
                world[card] = target
                seen = 0 in (source, target) or rng.random() < 0.3
                out.append(Transfer(str(source), str(target), card if seen else None))
        elif kind == "hand_over":
            source, target = rng.sample(seats[1:], 2) if len(seats) > 2 else (1, 0)
            for card in holds(world, source):
                world[card] = target
            out.append(HandOver(str(source), str(target)))
    return out, world


def follow(layout: Layout, observations: list[Observation]) -> CardKnowledge:
    book = CardKnowledge(EventReader(0, CATEGORIES), layout)
    for obs in observations:
        book.observe(obs)
    return book


def truth(layout: Layout, observations: list[Observation]) -> dict[str, dict[Place, Fraction]]:
    worlds: dict[World, Fraction] = {tuple(sorted(w.items())): Fraction(1) for w in deals(layout)}
    for obs in observations:
        worlds = apply(worlds, obs)
    assert worlds, "the true history is always among the worlds"
    return marginals(worlds)


MODELS = {
    # hands dealt once (classic)
    "dealt hands": (Layout.of_setup(DealSetup.create(CATEGORIES, [("0", 2), ("1", 2)])), ()),
    # dealt hands with cards left face down beside them, and hands passing cards
    "moving cards": (
        Layout.of_setup(DealSetup.create(CATEGORIES, [("0", 2), ("1", 1), ("2", 1)])),
        ("pass",),
    ),
    # hands that start empty and grow from a hidden pile (Clue or Cruel)
    "growing hands": (
        Layout.of_setup(DealSetup.create(CATEGORIES, [("0", 0), ("1", 0)], {"pile": 4})),
        ("draw", "draw"),
    ),
    # a middle pile, draws and passes (Killer Kloo Doo)
    "middle and passes": (
        Layout.of_setup(DealSetup.create(CATEGORIES, [("0", 1), ("1", 1)], {"middle": 2})),
        ("draw", "pass"),
    ),
}


@pytest.mark.parametrize("model", sorted(MODELS))
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 8))
def test_exact_probabilities_equal_brute_force(model: str, seed: int, steps: int) -> None:
    layout, moves = MODELS[model]
    observations, world = story(random.Random(seed), layout, steps, moves)
    book = follow(layout, observations)
    expected = truth(layout, observations)
    assert book.exact, book.why_estimated
    for card in CARDS:
        assert book.possible(card) >= set(expected[card]), card
        assert world[card] in book.possible(card)
        got = book.distribution(card)
        assert set(got) == set(expected[card])
        for place, p in expected[card].items():
            assert got[place] == pytest.approx(float(p), abs=1e-9)


def test_hand_over_keeps_every_certainty_sound() -> None:
    """Whole hands handed over (a Clussassin kill) are not counted exactly; the
    propagator's places still contain every place the enumeration allows."""
    layout = Layout.of_setup(DealSetup.create(CATEGORIES, [("0", 1), ("1", 1), ("2", 2)]))
    for seed in range(40):
        observations, world = story(random.Random(seed), layout, 8, ("hand_over", "pass"))
        book = follow(layout, observations)
        expected = truth(layout, observations)
        for card in CARDS:
            assert book.possible(card) >= set(expected[card]), (seed, card)
            assert world[card] in book.possible(card)
            estimate = book.distribution(card)
            assert sum(estimate.values()) == pytest.approx(1.0)
            assert set(estimate) <= book.possible(card)


@pytest.mark.parametrize("model", ["dealt hands", "growing hands"])
def test_sampler_draws_deals_with_the_counted_frequencies(model: str) -> None:
    layout, moves = MODELS[model]
    observations, _ = story(random.Random(7), layout, 3, moves)
    book = follow(layout, observations)
    expected = truth(layout, observations)
    rng = random.Random(1)
    draws = 1000
    seen: Counter[tuple[str, Place]] = Counter()
    for _ in range(draws):
        deal = book.sample(rng)
        assert set(deal) == set(CARDS)
        for card, place in deal.items():
            assert place in book.possible(card)
            seen[(card, place)] += 1
    for card in CARDS:
        for place, p in expected[card].items():
            # five standard deviations of a binomial count: a wrong sampler fails, chance does not
            spread = 5 * (draws * float(p) * (1 - float(p))) ** 0.5 + 1
            assert abs(seen[(card, place)] - draws * float(p)) <= spread, (card, place)


def test_estimated_sampler_respects_every_sound_fact() -> None:
    layout = Layout.of_setup(DealSetup.create(CATEGORIES, [("0", 1), ("1", 1), ("2", 2)]))
    observations, _ = story(random.Random(3), layout, 6, ("hand_over",))
    observations.append(HandOver("1", "2"))
    book = follow(layout, observations)
    assert not book.exact and book.why_estimated
    deal = book.sample(random.Random(2))
    for card, place in deal.items():
        assert place in book.possible(card)
    assert Counter(deal.values())[ENV] == 3


def test_a_count_too_large_to_finish_quickly_is_put_off_until_it_is_small_again() -> None:
    layout = Layout.of_setup(DealSetup.create(CATEGORIES, [("0", 0), ("1", 0)], {"pile": 4}))
    book = CardKnowledge(EventReader(0, CATEGORIES), layout)
    book.COUNT_LIMIT = 64  # a tiny table, so a few unseen draws make it "too large"
    book.observe(Draw("1", "pile"))
    assert book.exact  # one unseen draw: 64 states
    for _ in range(2):
        book.observe(Draw("1", "pile"))
    assert not book.exact  # three: 128
    assert book.why_estimated is not None and "too long" in book.why_estimated
    estimate = book.distribution("a")
    assert sum(estimate.values()) == pytest.approx(1.0) and set(estimate) <= book.possible("a")
    # Seat 1's whole hand seen: the unseen draws are known, the table small again.
    book.observe(Hand("1", ("d", "e", "f")))
    assert book.exact and book.why_estimated is None
    assert book.status("d", 1) is True and book.probability("a", "envelope") == pytest.approx(0.5)
