"""Expected information of a suggestion (for bots and the solve advice)."""

from __future__ import annotations

import random

import pytest

from cluedo.deduction import Hand, Notebook, Shown, best_suggestions, expected_entropy_drop
from cluedo.deduction.advice import envelope_entropy
from cluedo.deduction.simulate import random_record

SMALL = {"suspect": ["s1", "s2", "s3"], "weapon": ["w1", "w2", "w3"], "room": ["r1", "r2", "r3"]}


@pytest.fixture
def notebook() -> Notebook:
    rec = random_record(random.Random(11), 3, categories=SMALL, suggestions=2)
    nb = Notebook(rec.setup)
    for event in rec.events:
        nb.observe_all(event)
    return nb


def test_a_suggestion_with_a_certain_outcome_teaches_nothing() -> None:
    nb = Notebook.create(SMALL, [("p0", 2), ("p1", 2), ("p2", 2)])
    nb.observe(Hand("p0", ("s1", "w1")))
    nb.observe(Shown("p1", "r1"))
    assert expected_entropy_drop(nb, "p0", ["s1", "w1", "r1"], "p0") == pytest.approx(0)
    assert expected_entropy_drop(nb, "p0", ["s2", "w2", "r2"], "p0") > 0


def test_an_exact_bayesian_update_never_adds_entropy(notebook: Notebook) -> None:
    for triple in [("s1", "w1", "r1"), ("s2", "w3", "r2"), ("s3", "w2", "r3")]:
        for suggester in ("p1", "p2"):
            drop = expected_entropy_drop(notebook, suggester, triple, "p0")
            assert drop >= -1e-9
            assert drop <= envelope_entropy(notebook) + 1e-9


def test_best_suggestions_are_sorted_and_positive(notebook: Notebook) -> None:
    advice = best_suggestions(notebook, "p0", top=4, per_category=3)
    assert len(advice) == 4
    drops = [a.expected_drop for a in advice]
    assert drops == sorted(drops, reverse=True)
    assert drops[0] > 0
    only_r2 = best_suggestions(notebook, "p0", rooms=["r2"], top=2)
    assert all(a.cards[2] == "r2" for a in only_r2)
