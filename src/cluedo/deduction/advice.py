"""How much a suggestion would teach: expected drop in envelope entropy."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from cluedo.deduction.errors import ContradictionError
from cluedo.deduction.notebook import Notebook
from cluedo.deduction.observations import HasOneOf, Observation, Shown, suggestion_observations


@dataclass(frozen=True)
class SuggestionAdvice:
    """A candidate suggestion and the information it is expected to give (bits)."""

    cards: tuple[str, ...]
    expected_drop: float


def envelope_entropy(notebook: Notebook) -> float:
    """Shannon entropy (bits) of the envelope distribution."""
    return -sum(
        float(p) * math.log2(float(p)) for p in notebook.envelope_distribution().values() if p > 0
    )


def _after(notebook: Notebook, observations: Iterable[Observation]) -> Notebook | None:
    nb = notebook.copy()
    try:
        nb.observe_all(observations)
    except ContradictionError:
        return None
    return nb


def expected_entropy_drop(
    notebook: Notebook, suggester: str, cards: Sequence[str], observer: str | None = None
) -> float:
    """Expected drop in envelope entropy (bits) if ``suggester`` suggests ``cards``.

    Outcomes are weighted by their exact probability under the notebook.
    When ``observer`` is the suggester they see the card shown; which card a
    refuter holding several shows is taken to be proportional to the number
    of deals in which each is held (a modelling assumption).
    """
    order = notebook.setup.player_names
    base = envelope_entropy(notebook)
    total = notebook.deals
    expected = 0.0
    for refuter in [None, *(p for p in order if p != suggester)]:
        obs = suggestion_observations(order, suggester, cards, refuter)
        if refuter is not None and refuter == observer:
            continue  # the observer refuting learns nothing about the envelope
        nb = _after(notebook, obs)
        if nb is None:
            continue
        p_refuter = Fraction(nb.deals, total)
        if refuter is None or observer != suggester:
            expected += float(p_refuter) * envelope_entropy(nb)
            continue
        shown: list[tuple[int, Notebook]] = []
        for card in cards:
            seen = [o if not isinstance(o, HasOneOf) else Shown(refuter, card) for o in obs]
            nb_c = _after(notebook, seen)
            if nb_c is not None:
                shown.append((nb_c.deals, nb_c))
        weight = sum(n for n, _ in shown)
        for n, nb_c in shown:
            expected += float(p_refuter * Fraction(n, weight)) * envelope_entropy(nb_c)
    if observer is not None and observer != suggester:
        # Outcomes where the observer refutes: they know their own hand already.
        obs = suggestion_observations(order, suggester, cards, observer)
        nb = _after(notebook, obs)
        if nb is not None:
            expected += float(Fraction(nb.deals, total)) * envelope_entropy(nb)
    return base - expected


def best_suggestions(
    notebook: Notebook,
    suggester: str,
    *,
    rooms: Sequence[str] | None = None,
    room_category: str | None = None,
    top: int = 5,
    per_category: int = 4,
) -> list[SuggestionAdvice]:
    """The ``top`` suggestions by expected entropy drop for ``suggester`` (the observer).

    To stay fast, only the ``per_category`` most uncertain cards of each
    category are tried (the most uncertain are the envelope candidates whose
    envelope probability is nearest 1/2); ``rooms`` limits the last category
    (``room_category``, default the last one) to the rooms reachable now.
    """
    cats = notebook.setup.categories
    room_cat = room_category or cats[-1][0]
    choices: list[list[str]] = []
    for name, cards in cats:
        pool = list(rooms) if rooms is not None and name == room_cat else list(cards)
        pool.sort(key=lambda c: abs(notebook.probability(c, "envelope") - 0.5))
        choices.append(pool[:per_category] if name != room_cat or rooms is None else pool)
    out = [
        SuggestionAdvice(combo, expected_entropy_drop(notebook, suggester, combo, suggester))
        for combo in itertools.product(*choices)
    ]
    out.sort(key=lambda a: -a.expected_drop)
    return out[:top]
