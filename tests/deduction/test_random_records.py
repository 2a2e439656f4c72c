"""Random game records checked against brute force and a SAT solver."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from deduction_refs import SatReference, all_deals, consistent

from cluedo.deduction import ENVELOPE, Notebook
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
