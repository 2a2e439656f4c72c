"""The fast scoring of a question gives the slow reference's number, bit for bit.

``expected_entropy_drop`` counts each outcome of a question without building a
notebook for it, skips answers that cannot be given and reads the entropy from
the envelope counts. The reference below is the first version: a notebook per
outcome and the exact distribution as fractions. Bots compare these numbers to
pick a question, so they must be the same floats, not merely close ones.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterable, Sequence
from fractions import Fraction

import pytest

from cluedo.deduction import ContradictionError, Notebook, expected_entropy_drop
from cluedo.deduction.advice import alike_cards
from cluedo.deduction.observations import (
    HasOneOf,
    Observation,
    Shown,
    WrongAccusation,
    suggestion_observations,
)
from cluedo.deduction.simulate import random_record

SMALL = {"suspect": ["s1", "s2", "s3", "s4"], "weapon": ["w1", "w2", "w3"], "room": ["r1", "r2"]}


def slow_entropy(notebook: Notebook) -> float:
    return -sum(
        float(p) * math.log2(float(p)) for p in notebook.envelope_distribution().values() if p > 0
    )


def slow_after(notebook: Notebook, observations: Iterable[Observation]) -> Notebook | None:
    nb = notebook.copy()
    try:
        nb.observe_all(observations)
    except ContradictionError:
        return None
    return nb


def slow_drop(notebook: Notebook, suggester: str, cards: Sequence[str], observer: str) -> float:
    """The expected entropy drop as first written (one notebook per outcome)."""
    order = notebook.setup.player_names
    base = slow_entropy(notebook)
    total = notebook.deals
    expected = 0.0
    for refuter in [None, *(p for p in order if p != suggester)]:
        obs = suggestion_observations(order, suggester, cards, refuter)
        if refuter is not None and refuter == observer:
            continue
        nb = slow_after(notebook, obs)
        if nb is None:
            continue
        p_refuter = Fraction(nb.deals, total)
        if refuter is None or observer != suggester:
            expected += float(p_refuter) * slow_entropy(nb)
            continue
        shown: list[tuple[int, Notebook]] = []
        for card in cards:
            seen = [o if not isinstance(o, HasOneOf) else Shown(refuter, card) for o in obs]
            nb_c = slow_after(notebook, seen)
            if nb_c is not None:
                shown.append((nb_c.deals, nb_c))
        weight = sum(n for n, _ in shown)
        for n, nb_c in shown:
            expected += float(p_refuter * Fraction(n, weight)) * slow_entropy(nb_c)
    if observer != suggester:
        nb = slow_after(notebook, suggestion_observations(order, suggester, cards, observer))
        if nb is not None:
            expected += float(Fraction(nb.deals, total)) * slow_entropy(nb)
    return base - expected


def _notebook(
    seed: int, players: int, suggestions: int, categories: dict[str, list[str]] | None = None
) -> Notebook:
    rng = random.Random(seed)
    rec = random_record(rng, players, categories=categories, suggestions=suggestions)
    nb = Notebook(rec.setup)
    for event in rec.events:
        nb.observe_all(event)
    return nb


@pytest.mark.parametrize(("seed", "players", "suggestions"), [(1, 3, 2), (2, 4, 3), (3, 4, 6)])
def test_fast_question_scores_equal_the_reference_bit_for_bit(
    seed: int, players: int, suggestions: int
) -> None:
    nb = _notebook(seed, players, suggestions, SMALL)
    names = nb.setup.player_names
    for cards in itertools.islice(itertools.product(*SMALL.values()), 0, None, 5):
        for suggester, observer in [(names[0], names[0]), (names[1], names[0])]:
            fast = expected_entropy_drop(nb, suggester, cards, observer)
            assert fast == slow_drop(nb, suggester, cards, observer), (cards, suggester)


def test_six_player_question_scores_equal_the_reference() -> None:
    nb = _notebook(7, 6, 8)
    for cards in [("scarlet", "knife", "hall"), ("plum", "rope", "study")]:
        assert expected_entropy_drop(nb, "p0", cards, "p0") == slow_drop(nb, "p0", cards, "p0")


def test_questions_that_differ_by_alike_cards_score_the_same() -> None:
    nb = Notebook.create(SMALL, [("p0", 2), ("p1", 2), ("p2", 2)])
    alike = alike_cards(nb)
    # Nothing seen yet: the cards of a category are all alike, categories never mix.
    assert len({alike[c] for c in SMALL["suspect"]}) == 1
    assert alike["s1"] != alike["w1"]
    nb.observe_all(suggestion_observations(["p0", "p1", "p2"], "p1", ["s1", "w1", "r1"], "p2"))
    alike = alike_cards(nb)
    assert alike["s1"] != alike["s2"]  # s1 is in a "holds one of" fact, s2 is not
    assert alike["s2"] == alike["s3"]
    one = expected_entropy_drop(nb, "p0", ("s2", "w2", "r2"), "p0")
    assert one == expected_entropy_drop(nb, "p0", ("s3", "w2", "r2"), "p0")
    nb.observe(WrongAccusation(("s2", "w2", "r2")))
    assert alike_cards(nb)["s2"] != alike_cards(nb)["s3"]
