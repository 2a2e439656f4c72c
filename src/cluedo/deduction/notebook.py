"""The detective notebook: observations in, exact facts and probabilities out."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from cluedo.deduction.counting import Counts, Problem, count, count_total
from cluedo.deduction.errors import ContradictionError, UnknownNameError
from cluedo.deduction.model import Branches, Record, apply_branches
from cluedo.deduction.observations import Observation, observation_from_dict
from cluedo.deduction.setup import ENVELOPE, DealSetup

NO_DEAL = "no deal of the cards fits it together with the earlier observations"
"""Why an observation that leaves no consistent deal is refused."""


@dataclass(frozen=True)
class Fact:
    """A certainty: ``card`` is (``holds``) or is not in ``location``."""

    card: str
    location: str
    holds: bool

    def __str__(self) -> str:
        return f"{self.card} {'is' if self.holds else 'is not'} in {self.location}"


@dataclass(frozen=True)
class Summary:
    """Exact counts for one record, by card and current location."""

    deals: int
    counts: dict[str, dict[str, int]]
    """card -> location -> number of consistent deals with the card there."""
    envelope: dict[tuple[str, ...], int]
    """envelope combination (one card per category) -> number of deals."""


@lru_cache(maxsize=512)
def _count_cached(problem: Problem) -> Counts:
    # Hypothetical suggestions (advice) and undo often revisit a problem.
    return count(problem)


def _forced(problem: Problem, combo: tuple[int, ...]) -> Problem:
    """The problem restricted to deals whose envelope is exactly ``combo``."""
    env_atom = {k: a for a, k in enumerate(problem.env_category) if k >= 0}
    env_mask = sum(1 << a for a in env_atom.values())
    allowed = list(problem.allowed)
    for c in range(len(allowed)):
        allowed[c] &= ~env_mask
    for k, c in enumerate(combo):
        allowed[c] = problem.allowed[c] & (1 << env_atom[k])
    return Problem(
        problem.caps, problem.env_category, tuple(allowed), problem.category, problem.clauses
    )


_SetupInfo = tuple[
    DealSetup,
    tuple[str, ...],
    tuple[str, ...],
    tuple[int, ...],
    dict[str, int],
    dict[tuple[int, ...], tuple[str, ...]],
]
_SETUP_INFO: dict[int, _SetupInfo] = {}


def _setup_info(setup: DealSetup) -> _SetupInfo:
    """(setup, cards, locations, category per card, location -> index, names of combos).

    The set-up's properties are rebuilt on every access; an update reads them
    often, so they are kept per set-up object.
    """
    info = _SETUP_INFO.get(id(setup))
    if info is None or info[0] is not setup:
        cat_index = {name: k for k, name in enumerate(setup.category_names)}
        cards = setup.cards
        locations = setup.locations
        category = tuple(cat_index[setup.category_of(c)] for c in cards)
        loc_index = {loc: i for i, loc in enumerate(locations)}
        info = (setup, cards, locations, category, loc_index, {})
        if len(_SETUP_INFO) >= 256:
            _SETUP_INFO.clear()
        _SETUP_INFO[id(setup)] = info
    return info


def _problem(record: Record) -> Problem:
    category = _setup_info(record.setup)[3]
    return Problem(
        caps=tuple(a.size for a in record.atoms),
        env_category=tuple(a.category for a in record.atoms),
        allowed=record.allowed,
        category=category,
        clauses=tuple(sorted(record.clauses, key=lambda x: (x[0], sorted(x[1])))),
    )


def envelope_tally(branches: Branches) -> tuple[int, list[tuple[int, int]]]:
    """The number of deals, and the deals of the possible envelopes as (deals, how
    many envelopes have that many): what :func:`summarise_branches` gives, without
    the counts by card and location (a question's outcomes need only these)."""
    if len(branches) == 1:
        record, weight = branches[0]
        if weight == 1 and not record.wrong:
            counts = _count_cached(_problem(record))
            return counts.total, [(n, k) for n, k in counts.shares() if n]
    summary, _ = summarise_branches(branches)
    return summary.deals, [(n, 1) for n in summary.envelope.values()]


def deal_total(branches: Branches) -> int:
    """Only the number of deals (a count without the probabilities: cheaper)."""
    if len(branches) == 1:
        record, weight = branches[0]
        if weight == 1 and not record.wrong:
            return count_total(_problem(record))
    return summarise_branches(branches)[0].deals


def summarise(record: Record) -> Summary:
    """Count every deal consistent with ``record``, by card and location."""
    _, cards, locations, _, loc_index, names = _setup_info(record.setup)
    problem = _problem(record)
    base = _count_cached(problem)
    total = base.total
    marginal = base.marginal
    joint = base.joint
    if record.wrong:
        marginal = [list(row) for row in marginal]
        joint = dict(joint)
        for combo in record.wrong:
            n = joint.pop(combo, 0)
            if n == 0:
                continue
            sub = _count_cached(_forced(problem, combo))
            total -= sub.total
            for c, row in enumerate(sub.marginal):
                for a, v in enumerate(row):
                    marginal[c][a] -= v
    counts: dict[str, dict[str, int]] = {}
    overrides = dict(record.overrides)
    owner = [loc_index[a.owner] for a in record.atoms]
    n_loc = len(locations)
    for c, card in enumerate(cards):
        row = [0] * n_loc
        if c in overrides:
            row[loc_index[overrides[c]]] = total
        else:
            for a, v in enumerate(marginal[c]):
                if v:
                    row[owner[a]] += v
        counts[card] = dict(zip(locations, row, strict=True))
    for combo in joint.keys() - names.keys():
        names[combo] = tuple(cards[c] for c in combo)
    envelope = {names[combo]: n for combo, n in joint.items() if n}
    return Summary(total, counts, envelope)


def summarise_branches(branches: Branches) -> tuple[Summary, Branches]:
    """The weighted sum of the branches' summaries, and the branches with deals."""
    parts = [(summarise(rec), rec, w) for rec, w in branches]
    if len(parts) == 1 and parts[0][2] == 1:
        return parts[0][0], branches
    kept = tuple((rec, w) for summary, rec, w in parts if summary.deals)
    deals = sum(summary.deals * w for summary, _, w in parts)
    first = parts[0][0]
    counts = {card: dict.fromkeys(row, 0) for card, row in first.counts.items()}
    envelope: dict[tuple[str, ...], int] = {}
    for summary, _, w in parts:
        for card, row in summary.counts.items():
            for loc, n in row.items():
                counts[card][loc] += n * w
        for combo, n in summary.envelope.items():
            envelope[combo] = envelope.get(combo, 0) + n * w
    return Summary(deals, counts, envelope), kept or branches


class Notebook:
    """An exact detective notebook.

    Feed it observations with :meth:`observe`; after each one it knows the
    exact number of deals consistent with the record (uniform prior over
    deals), every card's probability of being in every location, the
    envelope distribution and every certain fact.

    >>> from cluedo.deduction import Hand, HasNone
    >>> nb = Notebook.create({"s": ["a", "b"], "w": ["c", "d"]}, [("p", 1), ("q", 1)])
    >>> nb.deals
    8
    >>> nb.observe(Hand("p", ("a",)))
    >>> nb.observe(HasNone("q", ("c",)))
    >>> nb.certain_envelope()
    ('b', 'c')
    """

    def __init__(self, setup: DealSetup) -> None:
        self.setup = setup
        initial = Record.initial(setup)
        self._branches: Branches = ((initial, 1),)
        self._observations: tuple[Observation, ...] = ()
        self._history: tuple[tuple[Branches, Summary | None], ...] = ()
        self._summary: Summary | None = None
        """Counted when first asked: a notebook fed observations before any question
        never counts the empty record."""

    @classmethod
    def create(
        cls,
        categories: Mapping[str, Sequence[str]],
        players: Sequence[tuple[str, int]] | Mapping[str, int],
        piles: Mapping[str, int] | None = None,
    ) -> Notebook:
        """Shortcut for ``Notebook(DealSetup.create(...))``."""
        return cls(DealSetup.create(categories, players, piles))

    # -- recording ---------------------------------------------------------

    def observe(self, obs: Observation) -> None:
        """Add an observation, or raise and leave the notebook unchanged.

        Raises :class:`ContradictionError` when no deal fits the record with
        ``obs`` added, :class:`UnknownNameError` for unknown names.
        """
        self.observe_all([obs])

    def observe_all(self, observations: Iterable[Observation]) -> None:
        """Add several observations as one update (one recount).

        All or nothing: on an error none is recorded, and the error names the
        first observation that makes the record contradictory.
        """
        batch = list(observations)
        points: list[tuple[Branches, Summary | None]] = []
        branches = self._branches
        for obs in batch:
            # Undo points inside a batch are summarised only if undone to.
            points.append((branches, None if points else self._summary))
            branches = apply_branches(branches, obs)
        if branches == self._branches:
            summary = self._summary  # nothing new: no recount
        else:
            summary, branches = summarise_branches(branches)
            if summary.deals == 0:
                raise self._culprit(batch)
        self._history = (*self._history, *points)
        self._observations = (*self._observations, *batch)
        self._branches = branches
        self._summary = summary

    def _culprit(self, batch: list[Observation]) -> ContradictionError:
        """The error for the first observation of ``batch`` that leaves no deal."""
        branches = self._branches
        for obs in batch:
            branches = apply_branches(branches, obs)
            if summarise_branches(branches)[0].deals == 0:
                return ContradictionError(obs, NO_DEAL)
        return ContradictionError(batch[-1], NO_DEAL)

    def undo(self, count: int = 1) -> list[Observation]:
        """Forget the last ``count`` observations and return them (oldest first)."""
        if not 0 < count <= len(self._observations):
            raise IndexError(f"cannot undo {count} of {len(self._observations)} observations")
        undone = list(self._observations[-count:])
        branches, summary = self._history[-count]
        self._branches = branches
        self._summary = summary
        self._history = self._history[:-count]
        self._observations = self._observations[:-count]
        return undone

    def copy(self) -> Notebook:
        """An independent notebook with the same record (shares immutable parts)."""
        other = Notebook.__new__(Notebook)
        other.setup = self.setup
        other._branches = self._branches
        other._observations = self._observations
        other._history = self._history
        other._summary = self._summary
        return other

    def would_contradict(self, obs: Observation) -> bool:
        """Whether ``obs`` would be rejected, without recording it."""
        try:
            self.copy().observe(obs)
        except ContradictionError:
            return True
        return False

    # -- queries -----------------------------------------------------------

    @property
    def observations(self) -> tuple[Observation, ...]:
        """Every accepted observation, in order."""
        return self._observations

    @property
    def record(self) -> Record:
        """The constraint record (atoms, masks, clauses) of the first branch."""
        return self._branches[0][0]

    @property
    def branches(self) -> Branches:
        """Every (record, weight): more than one only after unseen moves out of
        hands of several parts (see docs/deduction.md)."""
        return self._branches

    @property
    def summary(self) -> Summary:
        """The exact counts for the current record."""
        if self._summary is None:
            self._summary = summarise_branches(self._branches)[0]
        return self._summary

    @property
    def deals(self) -> int:
        """Number of deals consistent with everything observed."""
        return self.summary.deals

    @property
    def locations(self) -> tuple[str, ...]:
        """Players, the envelope, then hidden piles."""
        return self.setup.locations

    def _check(self, card: str, location: str) -> None:
        if card not in self.summary.counts:
            raise UnknownNameError(f"unknown card {card!r}")
        if location not in self.setup.locations:
            raise UnknownNameError(
                f"unknown location {location!r}; locations: {', '.join(self.locations)}"
            )

    def count(self, card: str, location: str) -> int:
        """Number of consistent deals with ``card`` in ``location``."""
        self._check(card, location)
        return self.summary.counts[card][location]

    def exact_probability(self, card: str, location: str) -> Fraction:
        """Exact probability that ``card`` is in ``location``."""
        return Fraction(self.count(card, location), self.deals)

    def probability(self, card: str, location: str) -> float:
        """Probability that ``card`` is in ``location``, as a float."""
        return float(self.exact_probability(card, location))

    def card_distribution(self, card: str) -> dict[str, Fraction]:
        """Exact probability of ``card`` in each location."""
        return {loc: self.exact_probability(card, loc) for loc in self.locations}

    def status(self, card: str, location: str) -> bool | None:
        """True if certainly there, False if certainly not, None if unknown."""
        n = self.count(card, location)
        if n == self.deals:
            return True
        if n == 0:
            return False
        return None

    def facts(self) -> list[Fact]:
        """Every certain fact: each card is or is not in each location."""
        out = []
        for card, row in self.summary.counts.items():
            for loc, n in row.items():
                if n == self.deals:
                    out.append(Fact(card, loc, True))
                elif n == 0:
                    out.append(Fact(card, loc, False))
        return out

    def envelope_counts(self) -> dict[tuple[str, ...], int]:
        """Envelope combination -> number of consistent deals (zeros omitted)."""
        return dict(self.summary.envelope)

    def envelope_distribution(self) -> dict[tuple[str, ...], Fraction]:
        """Envelope combination -> exact probability, most likely first."""
        items = sorted(self.summary.envelope.items(), key=lambda kv: (-kv[1], kv[0]))
        return {combo: Fraction(n, self.deals) for combo, n in items}

    def most_likely_envelope(self) -> tuple[tuple[str, ...], Fraction]:
        """The most probable envelope and its probability."""
        combo, p = next(iter(self.envelope_distribution().items()))
        return combo, p

    def certain_envelope(self) -> tuple[str, ...] | None:
        """The envelope if it is certain, else None."""
        env = self.summary.envelope
        return next(iter(env)) if len(env) == 1 else None

    def hand_size(self, location: str) -> int:
        """How many cards ``location`` holds now."""
        return self._branches[0][0].current_size(location)

    # -- persistence -------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Set-up and observations as JSON-friendly data."""
        return {
            "setup": self.setup.to_dict(),
            "observations": [o.to_dict() for o in self._observations],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Notebook:
        """Rebuild a notebook by replaying :meth:`to_dict` output."""
        nb = cls(DealSetup.from_dict(data["setup"]))
        nb.observe_all(observation_from_dict(o) for o in data["observations"])
        return nb


__all__ = ["ENVELOPE", "Fact", "Notebook", "Summary", "deal_total", "envelope_tally", "summarise"]
