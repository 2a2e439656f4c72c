"""Draws from hidden piles and transfers between hands, against brute force."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from cluedo.deduction import (
    Draw,
    HasNone,
    HasOneOf,
    Notebook,
    Shown,
    Transfer,
    UnsupportedObservationError,
)

CATS = {"s": ["s1", "s2"], "w": ["w1", "w2"], "r": ["r1", "r2", "r3"]}


def _worlds() -> list[tuple[dict[str, str], tuple[str, ...]]]:
    """Every deal (a 1, b 1, pile 2) with every pile order."""
    cards = [c for v in CATS.values() for c in v]
    out = []
    for env in itertools.product(*CATS.values()):
        rest = [c for c in cards if c not in env]
        for a in itertools.combinations(rest, 1):
            left = [c for c in rest if c not in a]
            for b in itertools.combinations(left, 1):
                pile = [c for c in left if c not in b]
                for order in itertools.permutations(pile):
                    deal = dict.fromkeys(a, "a") | dict.fromkeys(b, "b")
                    deal |= dict.fromkeys(env, "envelope")
                    out.append((deal, order))
    return out


def test_unseen_draw_matches_enumeration_over_pile_orders() -> None:
    nb = Notebook.create(CATS, [("a", 1), ("b", 1)], {"pile": 2})
    assert nb.setup.pile_names == ("pile",)
    worlds = _worlds()
    nb.observe(HasNone("b", ("s1", "w1", "r1")))
    worlds = [w for w in worlds if all(w[0].get(c) != "b" for c in ("s1", "w1", "r1"))]
    nb.observe(Draw("b", "pile"))
    # After the draw, b holds its card plus the pile's top card.
    now = []
    for deal, order in worlds:
        d = dict(deal)
        d[order[0]] = "b"
        now.append(d)
    nb.observe(HasOneOf("b", ("s1", "w2", "r2")))
    now = [d for d in now if any(d.get(c) == "b" for c in ("s1", "w2", "r2"))]
    total = len(now)
    for card in [c for v in CATS.values() for c in v]:
        where = Counter(d.get(card, "pile") for d in now)
        for loc in nb.locations:
            assert nb.exact_probability(card, loc) == Fraction(where[loc], total), (card, loc)
    assert nb.hand_size("b") == 2
    assert nb.hand_size("pile") == 1


def test_seen_transfer_moves_the_card() -> None:
    nb = Notebook.create(CATS, [("a", 2), ("b", 2)])
    nb.observe(Transfer("a", "b", "s1"))
    assert nb.probability("s1", "b") == 1
    assert nb.hand_size("a") == 1 and nb.hand_size("b") == 3
    nb.observe(HasNone("a", ("s2",)))
    assert nb.exact_probability("s2", "a") == 0


def test_unseen_transfer_from_a_fresh_hand() -> None:
    nb = Notebook.create(CATS, [("a", 2), ("b", 2)])
    nb.observe(Shown("a", "s1"))
    nb.observe(Transfer("a", "b"))
    assert nb.exact_probability("s1", "b") == Fraction(1, 2)
    assert nb.exact_probability("s1", "a") == Fraction(1, 2)


def test_unseen_transfer_after_a_seen_arrival_is_refused() -> None:
    nb = Notebook.create(CATS, [("a", 2), ("b", 2)])
    nb.observe(Transfer("a", "b", "s1"))
    with pytest.raises(UnsupportedObservationError):
        nb.observe(Transfer("b", "a"))


def test_seen_draw_and_round_trip() -> None:
    nb = Notebook.create(CATS, [("a", 1), ("b", 1)], {"pile": 2})
    nb.observe(Draw("a", "pile", "r3"))
    assert nb.probability("r3", "a") == 1
    assert nb.hand_size("a") == 2 and nb.hand_size("pile") == 1
    nb.observe(Draw("b", "pile"))
    assert nb.exact_probability("r3", "b") == 0
    clone = Notebook.from_dict(nb.to_dict())
    assert clone.summary == nb.summary
    assert clone.observations == (Draw("a", "pile", "r3"), Draw("b", "pile"))
