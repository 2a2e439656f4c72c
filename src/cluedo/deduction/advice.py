"""How much a suggestion would teach: expected drop in envelope entropy."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from cluedo.deduction.errors import ContradictionError
from cluedo.deduction.model import apply_branches
from cluedo.deduction.notebook import Notebook, deal_total, envelope_tally
from cluedo.deduction.observations import (
    HasNone,
    HasOneOf,
    Observation,
    Shown,
    suggestion_observations,
)


@dataclass(frozen=True)
class SuggestionAdvice:
    """A candidate suggestion and the information it is expected to give (bits)."""

    cards: tuple[str, ...]
    expected_drop: float


def envelope_entropy(notebook: Notebook) -> float:
    """Shannon entropy (bits) of the envelope distribution."""
    return _entropy(notebook.deals, [(n, 1) for n in notebook.summary.envelope.values()])


def _entropy(deals: int, counts: list[tuple[int, int]]) -> float:
    """The entropy (bits) of envelopes with these deal counts (deals, how many
    envelopes have that many), out of ``deals``.

    Added up from the likeliest down, each probability rounded once from its exact
    value: the same number, bit for bit, as summing over the exact distribution.
    """
    counts.sort(reverse=True)
    terms = []
    for n, times in counts:
        if n > 0:
            p = n / deals  # float(Fraction(n, deals)), correctly rounded
            terms.append(itertools.repeat(p * math.log2(p), times))
    return -sum(itertools.chain.from_iterable(terms))


def _after(notebook: Notebook, observations: Iterable[Observation]) -> Notebook | None:
    nb = notebook.copy()
    try:
        nb.observe_all(observations)
    except ContradictionError:
        return None
    return nb


def _outcome(
    notebook: Notebook, observations: Iterable[Observation]
) -> tuple[int, list[tuple[int, int]]] | None:
    """Deals and envelope counts once ``observations`` are added, None if no deal fits.

    The notebook's own update would also name the observation that leaves no
    deal; a question's outcome only needs to know there is none.
    """
    branches = notebook.branches
    try:
        for obs in observations:
            branches = apply_branches(branches, obs)
    except ContradictionError:
        return None
    deals, counts = envelope_tally(branches)
    return (deals, counts) if deals else None


def _deals(notebook: Notebook, observations: Iterable[Observation]) -> int:
    """How many deals remain once ``observations`` are added (0 if none fits)."""
    branches = notebook.branches
    try:
        for obs in observations:
            branches = apply_branches(branches, obs)
    except ContradictionError:
        return 0
    return deal_total(branches)


def _answers(
    notebook: Notebook, suggester: str, cards: Sequence[str], nobody: int
) -> dict[str, int] | None:
    """How many deals have each other player answer the question (``nobody``: the
    deals where nobody can); None where cards have moved unseen.

    The k-th player asked answers in (deals where none of the first k - 1 holds a
    named card) - (deals where none of the first k does): counts of deals only,
    cheaper than counting each answer with its probabilities.
    """
    branches = notebook.branches
    if len(branches) != 1 or branches[0][0].overrides:
        return None
    order = list(notebook.setup.player_names)
    start = order.index(suggester)
    asking = [order[(start + k) % len(order)] for k in range(1, len(order))]
    triple = tuple(cards)
    out: dict[str, int] = {}
    passed = notebook.deals
    for k, player in enumerate(asking):
        if passed == 0:
            out[player] = 0
            continue
        if k == len(asking) - 1:
            rest = nobody
        else:
            rest = _deals(notebook, [HasNone(p, triple) for p in asking[: k + 1]])
        out[player] = passed - rest
        passed = rest
    return out


def expected_entropy_drop(
    notebook: Notebook,
    suggester: str,
    cards: Sequence[str],
    observer: str | None = None,
    *,
    beat: float | None = None,
) -> float:
    """Expected drop in envelope entropy (bits) if ``suggester`` suggests ``cards``.

    Outcomes are weighted by their exact probability under the notebook.
    When ``observer`` is the suggester they see the card shown; which card a
    refuter holding several shows is taken to be proportional to the number
    of deals in which each is held (a modelling assumption).

    With ``beat``, counting stops as soon as the drop cannot be larger than
    ``beat`` (each outcome only takes away from it), and a number no larger than
    ``beat`` is returned: enough to pick the best of several questions.
    """
    order = notebook.setup.player_names
    base = envelope_entropy(notebook)
    total = notebook.deals
    expected = 0.0
    nobody = _outcome(notebook, suggestion_observations(order, suggester, cards, None))
    answers = None
    if observer == suggester:  # who answers is all an answer tells besides the card
        answers = _answers(notebook, suggester, cards, nobody[0] if nobody else 0)
    for refuter in [None, *(p for p in order if p != suggester)]:
        if refuter is not None and refuter == observer:
            continue  # the observer refuting learns nothing about the envelope
        obs = suggestion_observations(order, suggester, cards, refuter)
        if refuter is None or answers is None:
            after = nobody if refuter is None else _outcome(notebook, obs)
            if after is None:
                continue
            p_refuter = Fraction(after[0], total)
            if refuter is None or observer != suggester:
                expected += float(p_refuter) * _entropy(*after)
                if beat is not None and base - expected <= beat:
                    return base - expected
                continue
        else:
            if not answers[refuter]:
                continue
            p_refuter = Fraction(answers[refuter], total)
        shown: list[tuple[int, list[tuple[int, int]]]] = []
        for card in cards:
            if notebook.count(card, refuter) == 0:
                continue  # never there: this answer cannot be given
            seen = [o if not isinstance(o, HasOneOf) else Shown(refuter, card) for o in obs]
            outcome = _outcome(notebook, seen)
            if outcome is not None:
                shown.append(outcome)
        weight = sum(n for n, _ in shown)
        for n, counts in shown:
            expected += float(p_refuter * Fraction(n, weight)) * _entropy(n, counts)
        if beat is not None and base - expected <= beat:
            return base - expected
    if observer is not None and observer != suggester:
        # Outcomes where the observer refutes: they know their own hand already.
        obs = suggestion_observations(order, suggester, cards, observer)
        after = _outcome(notebook, obs)
        if after is not None:
            expected += float(Fraction(after[0], total)) * _entropy(*after)
    return base - expected


def alike_cards(notebook: Notebook) -> dict[str, int]:
    """Cards nothing observed tells apart, by class: two cards of one category share a
    class when they may be in the same places and every "holds one of" fact names
    both or neither, so swapping them changes nothing. Questions that differ only by
    such cards teach exactly as much. (After unseen moves, every card is its own.)
    """
    branches = notebook.branches
    record = branches[0][0]
    cards = record.cards
    if len(branches) != 1 or record.overrides:
        return {card: c for c, card in enumerate(cards)}
    named = {c for triple in record.wrong for c in triple}
    member: dict[int, list[int]] = {}
    for i, (_, members) in enumerate(sorted(record.clauses, key=lambda x: (x[0], sorted(x[1])))):
        for c in members:
            member.setdefault(c, []).append(i)
    setup = notebook.setup
    classes: dict[tuple[object, ...], int] = {}
    out: dict[str, int] = {}
    for c, card in enumerate(cards):
        if c in named:
            key: tuple[object, ...] = ("alone", c)
        else:
            key = (setup.category_of(card), record.allowed[c], tuple(member.get(c, ())))
        out[card] = classes.setdefault(key, len(classes))
    return out


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
