"""Draws from hidden piles and transfers between hands, against brute force."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest
from deduction_refs import all_deals, consistent

from cluedo.deduction import (
    DealSetup,
    Draw,
    HasNone,
    HasOneOf,
    Notebook,
    Observation,
    Shown,
    Transfer,
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


def _brute_force(
    setup: DealSetup, events: list[Observation]
) -> tuple[Counter[tuple[str, str]], Counter[tuple[str, ...]], int]:
    """Enumerate (deal, every random choice) worlds; count final card places."""
    worlds = [dict(d) for d in all_deals(setup)]
    for obs in events:
        nxt = []
        for w in worlds:
            if isinstance(obs, (Draw, Transfer)):
                src = obs.pile if isinstance(obs, Draw) else obs.source
                dst = obs.player if isinstance(obs, Draw) else obs.target
                held = [c for c, loc in w.items() if loc == src]
                for c in [obs.card] if obs.card is not None else held:
                    if w[c] == src:
                        nxt.append(w | {c: dst})
            elif consistent(w, obs):
                nxt.append(w)
        worlds = nxt
    places = Counter((c, loc) for w in worlds for c, loc in w.items())
    envs = Counter(tuple(c for c in setup.cards if w[c] == "envelope") for w in worlds)
    return places, envs, len(worlds)


@pytest.mark.parametrize("seed", range(25))
def test_random_draws_and_transfers_match_enumeration(seed: int) -> None:
    rng = random.Random(seed)
    nb = Notebook.create(CATS, [("a", 1), ("b", 1), ("c", 1)], {"pile": 1})
    truth = rng.choice(list(all_deals(nb.setup)))
    events: list[Observation] = []
    players = ["a", "b", "c"]
    for _ in range(7):
        kind = rng.random()
        held = {p: [c for c, loc in truth.items() if loc == p] for p in [*players, "pile"]}
        obs: Observation
        if kind < 0.2 and held["pile"]:
            card = rng.choice(held["pile"])
            who = rng.choice(players)
            truth[card] = who
            obs = Draw(who, "pile", card if rng.random() < 0.3 else None)
        elif kind < 0.55:
            src, dst = rng.sample(players, 2)
            if not held[src]:
                continue
            card = rng.choice(held[src])
            truth[card] = dst
            obs = Transfer(src, dst, card if rng.random() < 0.4 else None)
        else:
            who = rng.choice(players)
            cards = tuple(rng.sample(nb.setup.cards, 2))
            hit = any(truth[c] == who for c in cards)
            obs = HasOneOf(who, cards) if hit else HasNone(who, cards)
        nb.observe(obs)
        events.append(obs)
        places, envs, total = _brute_force(nb.setup, events)
        for card in nb.setup.cards:
            for loc in nb.locations:
                assert nb.exact_probability(card, loc) == Fraction(places[(card, loc)], total), (
                    card,
                    loc,
                    events,
                )
        assert nb.envelope_distribution() == {k: Fraction(v, total) for k, v in envs.items()}
        for loc in players:
            assert nb.hand_size(loc) == sum(1 for v in truth.values() if v == loc)


def test_unseen_transfer_after_a_seen_arrival_branches() -> None:
    nb = Notebook.create(CATS, [("a", 2), ("b", 2)])
    nb.observe(Transfer("a", "b", "s1"))
    nb.observe(Transfer("b", "a"))
    assert len(nb.branches) == 2
    # b held s1 and two dealt cards: s1 left with probability 1/3.
    assert nb.exact_probability("s1", "a") == Fraction(1, 3)


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
