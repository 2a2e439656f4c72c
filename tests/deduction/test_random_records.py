"""Random game records checked against brute force and a SAT solver."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from deduction_refs import SatReference, all_deals, consistent

from cluedo.deduction import ENVELOPE, HasNone, HasOneOf, Notebook, Observation
from cluedo.deduction.simulate import random_record

SMALL = {"suspect": ["s1", "s2", "s3"], "weapon": ["w1", "w2", "w3"], "room": ["r1", "r2", "r3"]}


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("seed", range(3))
def test_small_games_match_brute_force(players: int, seed: int) -> None:
    rng = random.Random(seed * 10 + players)
    rec = random_record(rng, players, categories=SMALL, suggestions=8, accusation_rate=0.15)
    nb = Notebook(rec.setup)
    deals = list(all_deals(rec.setup))
    assert len(deals) == nb.deals
    for event in rec.events:
        nb.observe_all(event)
        deals = [d for d in deals if all(consistent(d, o) for o in event)]
        assert nb.deals == len(deals)
        for card in rec.setup.cards:
            where = Counter(d[card] for d in deals)
            for loc in rec.setup.locations:
                assert nb.count(card, loc) == where[loc], (card, loc)
        env = Counter(tuple(c for c in rec.setup.cards if d[c] == ENVELOPE) for d in deals)
        assert nb.envelope_counts() == dict(env)
        assert nb.envelope_distribution() == {k: Fraction(v, len(deals)) for k, v in env.items()}


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_classic_games_facts_match_sat(players: int) -> None:
    rng = random.Random(100 + players)
    rec = random_record(rng, players, suggestions=14)
    nb = Notebook(rec.setup)
    sat = SatReference(rec.setup)
    for event in rec.events:
        nb.observe_all(event)
        for obs in event:
            sat.add(obs)
        mine = {(f.card, f.location, f.holds) for f in nb.facts()}
        assert mine == sat.facts()
        for card, loc, holds in mine:
            assert (rec.deal[card] == loc) == holds


@pytest.mark.parametrize(
    ("categories", "players", "piles"),
    [
        ({"a": ["a1", "a2", "a3"], "b": ["b1", "b2"]}, [("x", 1), ("y", 2)], {}),
        (
            {"a": ["a1", "a2"], "b": ["b1", "b2"], "c": ["c1", "c2"], "d": ["d1", "d2"]},
            [("x", 2), ("y", 1)],
            {"pile": 1},
        ),
        ({"a": ["a1", "a2", "a3", "a4"], "b": ["b1", "b2", "b3"]}, [("x", 2), ("y", 2)], {}),
    ],
)
def test_other_card_sets_and_piles_match_brute_force(
    categories: dict[str, list[str]], players: list[tuple[str, int]], piles: dict[str, int]
) -> None:
    nb = Notebook.create(categories, players, piles)
    deals = list(all_deals(nb.setup))
    rng = random.Random(len(deals))
    truth = rng.choice(deals)
    names = [p for p, _ in players]
    for _ in range(6):
        who = rng.choice(names)
        cards = tuple(rng.sample(nb.setup.cards, 2))
        if any(truth[c] == who for c in cards):
            obs: Observation = HasOneOf(who, cards)
        else:
            obs = HasNone(who, cards)
        nb.observe(obs)
        deals = [d for d in deals if consistent(d, obs)]
        assert nb.deals == len(deals)
        for card in nb.setup.cards:
            where = Counter(d[card] for d in deals)
            assert {loc: nb.count(card, loc) for loc in nb.locations} == {
                loc: where[loc] for loc in nb.locations
            }
        env = Counter(tuple(c for c in nb.setup.cards if d[c] == ENVELOPE) for d in deals)
        assert nb.envelope_counts() == dict(env)


def test_python_int_path_matches_int64_path(monkeypatch: pytest.MonkeyPatch) -> None:
    # Huge card sets overflow int64; force the Python-int arrays on a normal game.
    from cluedo.deduction import counting
    from cluedo.deduction import notebook as notebook_module

    rec = random_record(random.Random(3), 4, suggestions=10, accusation_rate=0.2)
    fast = Notebook(rec.setup)
    for event in rec.events:
        fast.observe_all(event)
    monkeypatch.setattr(counting, "_INT64_LIMIT", 0)
    counting._count_reduced.cache_clear()
    notebook_module._count_cached.cache_clear()
    slow = Notebook(rec.setup)
    for event in rec.events:
        slow.observe_all(event)
        assert slow.summary.deals > 0
    counting._count_reduced.cache_clear()
    notebook_module._count_cached.cache_clear()
    assert slow.summary == fast.summary
