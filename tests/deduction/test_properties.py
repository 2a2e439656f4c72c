"""Property tests: probabilities are distributions, facts are true, errors roll back."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cluedo.deduction import (
    ContradictionError,
    HasNone,
    HasOneOf,
    Notebook,
    Shown,
    UnknownNameError,
    WrongAccusation,
    observation_from_dict,
)
from cluedo.deduction.simulate import random_record

SMALL = {
    "suspect": ["s1", "s2", "s3", "s4"],
    "weapon": ["w1", "w2", "w3"],
    "room": ["r1", "r2", "r3", "r4"],
}


def _played(seed: int, players: int, steps: int) -> tuple[Notebook, dict[str, str]]:
    rec = random_record(random.Random(seed), players, categories=SMALL, suggestions=steps)
    nb = Notebook(rec.setup)
    for event in rec.events:
        nb.observe_all(event)
    return nb, rec.deal


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(3, 6), st.integers(0, 12))
def test_probabilities_sum_to_one_and_facts_hold(seed: int, players: int, steps: int) -> None:
    nb, deal = _played(seed, players, steps)
    for card in nb.setup.cards:
        dist = nb.card_distribution(card)
        assert sum(dist.values()) == 1
        assert dist[deal[card]] > 0  # the truth is never ruled out
    for fact in nb.facts():
        p = nb.exact_probability(fact.card, fact.location)
        assert p == (1 if fact.holds else 0)
        assert (deal[fact.card] == fact.location) == fact.holds
    assert sum(nb.envelope_distribution().values()) == 1
    for loc in nb.locations:
        expected = nb.hand_size(loc) if loc != "envelope" else len(nb.setup.categories)
        assert sum(nb.exact_probability(c, loc) for c in nb.setup.cards) == expected


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(3, 6), st.integers(0, 10), st.data())
def test_contradiction_raises_and_leaves_notebook_unchanged(
    seed: int, players: int, steps: int, data: st.DataObject
) -> None:
    nb, deal = _played(seed, players, steps)
    before = (nb.deals, nb.summary, nb.observations, nb.branches)
    # Claim a card is with a player it certainly is not with (the observer's
    # hand alone gives such facts).
    impossible = [
        (f.card, f.location)
        for f in nb.facts()
        if not f.holds and f.location in nb.setup.player_names
    ]
    card, player = data.draw(st.sampled_from(impossible))
    with pytest.raises(ContradictionError) as err:
        nb.observe(Shown(player, card))
    assert err.value.observation == Shown(player, card)
    assert (nb.deals, nb.summary, nb.observations, nb.branches) == before
    truth = tuple(c for c in nb.setup.cards if deal[c] == "envelope")
    if nb.certain_envelope() == truth:
        with pytest.raises(ContradictionError):
            nb.observe_all([HasNone(player, (card,)), WrongAccusation(truth)])
        assert (nb.deals, nb.summary, nb.observations, nb.branches) == before


def test_contradiction_names_the_offending_observation() -> None:
    nb = Notebook.create(SMALL, [("a", 3), ("b", 3), ("c", 2)])
    nb.observe(Shown("a", "s1"))
    bad = HasNone("a", ("s1", "w1", "r1"))
    with pytest.raises(ContradictionError) as err:
        nb.observe_all([HasOneOf("b", ("s2", "w2", "r2")), bad])
    assert err.value.observation == bad
    assert len(nb.observations) == 1


def test_unknown_names_are_refused() -> None:
    nb = Notebook.create(SMALL, [("a", 3), ("b", 3), ("c", 2)])
    with pytest.raises(UnknownNameError, match="unknown card 'zz'"):
        nb.observe(Shown("a", "zz"))
    with pytest.raises(UnknownNameError, match="unknown player 'q'"):
        nb.observe(Shown("q", "s1"))


def test_undo_and_round_trip() -> None:
    nb, _ = _played(5, 4, 8)
    clone = Notebook.from_dict(nb.to_dict())
    assert clone.summary == nb.summary
    for obs in nb.observations:
        assert observation_from_dict(obs.to_dict()) == obs
    deals = nb.deals
    while len(nb.observations) > len(clone.observations):
        nb.undo()
    assert nb.deals == deals
    nb.undo()
    assert len(nb.observations) == len(clone.observations) - 1
    copy = nb.copy()
    copy.undo()
    assert len(nb.observations) == len(clone.observations) - 1
