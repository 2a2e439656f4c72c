"""The fast propagator draws exactly the reference propagator's conclusions.

:mod:`cluedo.deduction.propagator` keeps each card's places as a bitmask and
fills places from per-place masks; ``propagator_reference`` is the first,
set-based version. Random stories on several card models (hands dealt once,
a hidden pile, moves seen and unseen, moves of a known category, hands handed
over, places with a fixed count per category), with some false observations
mixed in, must leave both with the same places for every card, the same sizes,
and the same refusals (a refused observation leaves both unchanged).
"""

from __future__ import annotations

import random

import pytest
from propagator_reference import ReferencePropagator

from cluedo.deduction import DealSetup
from cluedo.deduction.errors import DeductionError
from cluedo.deduction.observations import (
    Draw,
    FaceUp,
    Hand,
    HandOver,
    HasNone,
    HasOneOf,
    Observation,
    Shown,
    Transfer,
    WrongAccusation,
)
from cluedo.deduction.places import Layout, Place
from cluedo.deduction.propagator import Propagator

CLASSIC = {
    "suspect": tuple(f"s{i}" for i in range(6)),
    "weapon": tuple(f"w{i}" for i in range(6)),
    "room": tuple(f"r{i}" for i in range(9)),
}
SMALL = {"suspect": ("a", "b", "c"), "weapon": ("d", "e"), "room": ("f", "g", "h")}


def _layouts() -> dict[str, Layout]:
    six = DealSetup.create(CLASSIC, [(str(s), 3) for s in range(6)])
    four = DealSetup.create(CLASSIC, [(str(s), 4) for s in range(4)], {"face_up": 2})
    pile = DealSetup.create(SMALL, [("0", 1), ("1", 1), ("2", 0)], {"pile": 2})
    middle = DealSetup.create(SMALL, [("0", 2), ("1", 1)], {"middle": 2})
    one_each = {"suspect": 1, "weapon": 1, "room": 1}
    slots = Layout.create(
        SMALL,
        {0: 3, 1: 2, "envelope": 3},
        {0: one_each, 1: {"suspect": 1, "weapon": 0, "room": 1}, "envelope": one_each},
    )
    return {
        "six hands": Layout.of_setup(six),
        "four hands and face up": Layout.of_setup(four),
        "hidden pile": Layout.of_setup(pile),
        "middle": Layout.of_setup(middle),
        "fixed counts": slots,
    }


LAYOUTS = _layouts()


def _deal(rng: random.Random, layout: Layout) -> dict[str, Place]:
    """A random placement respecting sizes and per-category counts (retries until one fits)."""
    cards = layout.cards
    for _ in range(10_000):
        order = list(cards)
        rng.shuffle(order)
        world: dict[str, Place] = {}
        room = dict(layout.sizes)
        quota = {p: dict(c) for p, c in layout.per_category.items()}
        cat_of = {c: cat for cat, cs in layout.categories for c in cs}
        for card in order:
            fits = [
                p
                for p in layout.places
                if room[p] > 0 and (p not in quota or quota[p].get(cat_of[card], 0) > 0)
            ]
            if not fits:
                break
            place = rng.choice(fits)
            world[card] = place
            room[place] -= 1
            if place in quota:
                quota[place][cat_of[card]] -= 1
        else:
            if not any(room.values()):
                return world
    raise AssertionError("no deal fits the layout")


def _story(rng: random.Random, layout: Layout, steps: int) -> list[Observation]:
    world = _deal(rng, layout)
    cat_of = {c: cat for cat, cs in layout.categories for c in cs}
    seats = list(layout.seats)
    hidden = [p for p in layout.places if isinstance(p, str) and p not in ("envelope", "face_up")]
    cards = list(layout.cards)
    per_seat_fixed = any(isinstance(p, int) for p in layout.per_category)

    def held(place: Place) -> list[str]:
        return [c for c in cards if world[c] == place]

    out: list[Observation] = [Hand("0", tuple(held(0)))]
    if "face_up" in layout.places and held("face_up"):
        out.append(FaceUp(tuple(held("face_up"))))
    for _ in range(steps):
        kind = rng.choice(["ask", "ask", "ask", "accuse", "move", "move", "hand_over", "false"])
        named = tuple(rng.choice(cs) for _, cs in layout.categories)
        if kind == "ask":
            who = rng.choice(seats[1:])
            having = [c for c in named if world[c] == who]
            if not having:
                out.append(HasNone(str(who), named))
            elif rng.random() < 0.4:
                out.append(Shown(str(who), rng.choice(having)))
            else:
                out.append(HasOneOf(str(who), named))
        elif kind == "accuse":
            if any(world[c] != "envelope" for c in named):
                out.append(WrongAccusation(named))
        elif kind == "move" and not per_seat_fixed:
            places: list[Place] = [*seats, *hidden]
            source, target = rng.sample(places, 2)
            if not held(source):
                continue
            card = rng.choice(held(source))
            world[card] = target
            seen = rng.random() < 0.4
            if source in hidden and isinstance(target, int):
                out.append(Draw(str(target), str(source), card if seen else None))
            elif rng.random() < 0.3:
                out.append(Transfer(str(source), str(target), None, cat_of[card]))
            else:
                out.append(Transfer(str(source), str(target), card if seen else None))
        elif kind == "hand_over" and len(seats) > 2 and not per_seat_fixed:
            source, target = rng.sample(seats[1:], 2)
            for card in held(source):
                world[card] = target
            out.append(HandOver(str(source), str(target)))
        elif kind == "false":  # anything at all: often refused, sometimes wrongly believed
            name = str(rng.choice(layout.places))
            card = rng.choice(cards)
            told: list[Observation] = [
                Shown(name, card),
                HasNone(name, named),
                HasOneOf(name, named[:2]),
            ]
            out.append(rng.choice(told))
    return out


def _same(fast: Propagator, slow: ReferencePropagator, where: str) -> None:
    for card in fast.cards:
        assert fast.possible(card) == slow.possible(card), f"{card} after {where}"
        assert fast.where(card) == slow.where(card)
    assert fast.sizes == slow.sizes, where
    assert fast.per_category == slow.per_category, where
    assert fast.solution() == slow.solution(), where
    for category, _ in fast.layout.categories:
        assert fast.envelope_candidates(category) == slow.envelope_candidates(category)


@pytest.mark.parametrize("model", sorted(LAYOUTS))
@pytest.mark.parametrize("seed", range(12))
def test_fast_propagator_concludes_exactly_what_the_reference_does(model: str, seed: int) -> None:
    rng = random.Random(seed)
    layout = LAYOUTS[model]
    fast, slow = Propagator(layout), ReferencePropagator(layout)
    refused = 0
    for step, obs in enumerate(_story(rng, layout, 40)):
        outcome: list[type[BaseException] | None] = []
        for book in (fast, slow):
            try:
                book.observe(obs)
                outcome.append(None)
            except DeductionError as err:
                outcome.append(type(err))
        assert outcome[0] == outcome[1], f"step {step}: {obs}"
        refused += outcome[0] is not None
        _same(fast, slow, f"step {step}: {obs}")
        if step % 7 == 0:  # copies go on alone, and agree too
            twin, twin_slow = fast.copy(), slow.copy()
            twin.observe_all([])
            twin_slow.observe_all([])
            _same(twin, twin_slow, "a copy")


def test_estimates_agree_with_the_reference() -> None:
    rng = random.Random(5)
    layout = LAYOUTS["middle"]
    fast, slow = Propagator(layout), ReferencePropagator(layout)
    for obs in _story(rng, layout, 12):
        try:
            fast.observe(obs)
            slow.observe(obs)
        except DeductionError:
            continue
    for card in fast.cards:
        mine, theirs = fast.estimate(card), slow.estimate(card)
        assert mine.keys() == theirs.keys()
        assert all(abs(mine[p] - theirs[p]) < 1e-12 for p in mine)


@pytest.mark.parametrize("model", sorted(LAYOUTS))
def test_a_copy_and_a_refused_observation_leave_the_original_as_it_was(model: str) -> None:
    """Clauses and wrong accusations are shared between a state saved for undoing, a
    copy and the original (each is replaced, never changed in place): what a copy or a
    refused observation adds must not reach the original."""
    rng = random.Random(3)
    layout = LAYOUTS[model]
    fast, slow = Propagator(layout), ReferencePropagator(layout)
    for step, obs in enumerate(_story(rng, layout, 30)):
        clauses, wrong = list(fast._clauses), list(fast._wrong)
        twin = fast.copy()
        try:
            fast.observe(obs)
        except DeductionError:
            assert (fast._clauses, fast._wrong) == (clauses, wrong), f"step {step}"
        else:
            slow_twin = slow.copy()
            slow.observe(obs)
            for later in _story(random.Random(step), layout, 6):  # the copy goes on alone
                try:
                    twin.observe(later)
                    slow_twin.observe(later)
                except DeductionError:
                    break
        _same(fast, slow, f"step {step}: {obs}")
