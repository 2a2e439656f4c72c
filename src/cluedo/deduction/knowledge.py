"""One seat's knowledge of where the cards are: the notebook every part uses.

:class:`CardKnowledge` follows a seat's log through its rule set's
:class:`~cluedo.deduction.reading.EventReader` and keeps two views of the same
observations:

- the sound :class:`~cluedo.deduction.propagator.Propagator`, always up to
  date, which answers "where may this card be?" in microseconds (bots ask it
  at every decision);
- the exact counting :class:`~cluedo.deduction.notebook.Notebook`, fed the
  same observations but counting only when asked, which knows *every* certain
  fact and the exact probability of every place.

When the exact engine cannot follow a model (cards handed over on a kill, more
unseen histories than it tracks), the knowledge says so (:attr:`why_estimated`)
and answers from the propagator: every certainty is still sound, and the
probabilities are the documented estimate of :meth:`Propagator.estimate`.

>>> from cluedo.deduction.reading import EventReader
>>> cats = {"suspect": ("a", "b"), "weapon": ("c", "d"), "room": ("e", "f")}
>>> book = CardKnowledge(EventReader(0, cats))
>>> book.observe_event({"kind": "setup", "hand_sizes": [2, 1]})
>>> book.observe_event({"kind": "dealt", "seat": 0, "hand": ["a", "c"]})
>>> book.possible("b"), book.possible("e"), book.status("e", 1), round(book.probability("e", "envelope"), 3)
(frozenset({'envelope'}), frozenset({1, 'envelope'}), None, 0.5)
>>> book.observe_event({"kind": "suggestion", "suspect": "a", "weapon": "c", "room": "e"})
>>> book.observe_event({"kind": "card_shown", "seat": 1, "to": 0, "card": "e"})
>>> book.solution()
('b', 'd', 'f')
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cluedo.deduction.errors import DeductionError
from cluedo.deduction.notebook import Notebook
from cluedo.deduction.observations import Observation, Shown
from cluedo.deduction.places import Layout, Place, place_name, place_of
from cluedo.deduction.propagator import Propagator
from cluedo.deduction.reading import EventReader
from cluedo.deduction.setup import ENVELOPE


class NotStarted(DeductionError):
    """A question asked before the cards were dealt (no set-up event yet)."""


class CardKnowledge:
    """What one seat knows about every card: certainties, probabilities, samples."""

    NEARLY_SOLVED = 4
    """Ask the exact engine for a certain envelope once at most this many remain."""

    def __init__(self, reader: EventReader, layout: Layout | None = None) -> None:
        self.reader = reader
        self.seat = reader.seat
        self.categories = reader.categories
        self.layout: Layout | None = None
        self.fast: Propagator | None = None
        self._exact: Notebook | None = None
        self._pending: list[Observation] = []
        self.why_estimated: str | None = "the cards have not been dealt"
        """Why probabilities are estimated rather than counted (None: they are exact)."""
        self._solved: tuple[str, ...] | None = None
        self._stale = True
        if layout is not None:
            self.start(layout)

    # -- following the log ------------------------------------------------------------

    def start(self, layout: Layout) -> None:
        """Begin (or begin again) with the cards laid out as ``layout`` says."""
        self.layout = layout
        self.fast = Propagator(layout)
        self._pending = []
        self._solved = None
        self._stale = True
        if layout.setup is None:
            self._exact = None
            self.why_estimated = "the exact count does not cover this game's cards"
        else:
            self._exact = Notebook(layout.setup)
            self.why_estimated = None

    def observe_event(self, event: Mapping[str, Any]) -> None:
        """Take in one event of the seat's log, in order."""
        for item in self.reader.read(event):
            if isinstance(item, Layout):
                self.start(item)
            else:
                self.observe(item)

    def observe_events(self, events: Iterable[Mapping[str, Any]]) -> None:
        for event in events:
            self.observe_event(event)

    def observe(self, obs: Observation) -> None:
        """Take in one observation (the exact engine counts it when next asked)."""
        self._fast().observe(obs)
        if self._exact is not None:
            self._pending.append(obs)
            self._stale = True

    def _fast(self) -> Propagator:
        if self.fast is None:
            raise NotStarted("the cards have not been dealt yet")
        return self.fast

    @property
    def started(self) -> bool:
        return self.fast is not None

    def exact_notebook(self) -> Notebook | None:
        """The exact notebook brought up to date, or None where it cannot count."""
        if self._exact is not None and self._pending:
            try:
                self._exact.observe_all(self._pending)
            except DeductionError as err:
                self._exact = None
                self.why_estimated = f"the exact count gave up: {err}"
            self._pending = []
        return self._exact

    @property
    def exact(self) -> bool:
        """Whether probabilities are exact counts (else estimates, certainties sound)."""
        return self.exact_notebook() is not None

    # -- questions every bot asks (fast) --------------------------------------------

    @property
    def places(self) -> tuple[Place, ...]:
        return self._fast().layout.places

    def possible(self, card: str) -> frozenset[Place]:
        """The places ``card`` may be, by the sound eliminations."""
        return self._fast().possible(card)

    def where(self, card: str) -> Place | None:
        return self._fast().where(card)

    def envelope_candidates(self, category: str) -> list[str]:
        return self._fast().envelope_candidates(category)

    def combinations(self) -> int:
        """How many envelopes the sound eliminations leave."""
        out = 1
        for category in self.categories:
            out *= len(self.envelope_candidates(category))
        return out

    def solution(self) -> tuple[str, ...] | None:
        """The envelope once certain: from the sound eliminations, or - once few
        envelopes remain - from the exact count, which may prove it sooner."""
        found = self._fast().solution()
        if found is not None or self.combinations() > self.NEARLY_SOLVED:
            return found
        if self._stale:
            self._stale = False  # count again only after new observations
            book = self.exact_notebook()
            self._solved = book.certain_envelope() if book is not None else None
        return self._solved

    # -- the complete picture (counts when it can) -----------------------------------

    def status(self, card: str, place: Place) -> bool | None:
        """True if ``card`` is certainly at ``place``, False if certainly not, None if unknown."""
        book = self.exact_notebook()
        if book is not None:
            return book.status(card, place_name(place))
        possible = self.possible(card)
        if place not in possible:
            return False
        return True if len(possible) == 1 else None

    def distribution(self, card: str) -> dict[Place, float]:
        """Probability of ``card`` at each place it may be (places at 0 left out)."""
        book = self.exact_notebook()
        if book is None:
            return self._fast().estimate(card)
        return {
            place_of(loc): float(p) for loc, p in book.card_distribution(card).items() if p > 0
        }

    def probability(self, card: str, place: Place) -> float:
        return self.distribution(card).get(place, 0.0)

    def certain_envelope(self) -> tuple[str, ...] | None:
        """The envelope if every consistent deal agrees on it (exact where it counts)."""
        book = self.exact_notebook()
        if book is not None:
            return book.certain_envelope()
        return self._fast().solution()

    def envelope_status(self, card: str) -> bool | None:
        """True if ``card`` must be in the envelope, False if it cannot be, None if unknown."""
        return self.status(card, ENVELOPE)

    def most_likely_envelope(self) -> tuple[tuple[str, ...], float]:
        """The most probable envelope and its probability (estimated where not counted:
        the likeliest card of each category, their probabilities multiplied)."""
        book = self.exact_notebook()
        if book is not None:
            combo, p = book.most_likely_envelope()
            return combo, float(p)
        best: list[str] = []
        chance = 1.0
        for category in self.categories:
            odds = {c: self.probability(c, ENVELOPE) for c in self.envelope_candidates(category)}
            card = max(odds, key=lambda c: (odds[c], c))
            best.append(card)
            chance *= odds[card]
        return tuple(best), chance

    # -- sampling hidden deals ----------------------------------------------------------

    def sample(self, rng: random.Random) -> dict[str, Place]:
        """A placement of every card consistent with everything the seat saw.

        Where the exact engine counts, the placement is drawn exactly uniformly
        among the consistent deals (each card's place drawn from its exact count
        given the places drawn before it). Elsewhere each card's place is drawn
        from the estimate and checked by the sound eliminations, starting again
        on a dead end: consistent with every sound fact, but not exactly uniform.
        """
        book = self.exact_notebook()
        if book is not None:
            return self._sample_exact(book, rng)
        return self._sample_estimated(rng)

    def _sample_exact(self, book: Notebook, rng: random.Random) -> dict[str, Place]:
        book = book.copy()
        out: dict[str, Place] = {}
        for card in self._fast().cards:
            pick = rng.randrange(book.deals)
            for loc in book.locations:
                pick -= book.count(card, loc)
                if pick < 0:
                    break
            out[card] = place_of(loc)
            book.observe(Shown(loc, card))
        return out

    def _sample_estimated(self, rng: random.Random, tries: int = 1000) -> dict[str, Place]:
        base = self._fast()
        for _ in range(tries):
            book = base.copy()
            order = list(base.cards)
            rng.shuffle(order)
            try:
                for card in order:
                    odds = book.estimate(card)
                    places = sorted(odds, key=str)
                    place = rng.choices(places, [odds[p] for p in places])[0]
                    book.observe(Shown(place_name(place), card))
            except DeductionError:
                continue
            placed = {card: book.where(card) for card in base.cards}
            return {card: place for card, place in placed.items() if place is not None}
        raise DeductionError(f"no consistent placement found in {tries} tries")


def knowledge_for(
    reader: EventReader | None, events: Sequence[Mapping[str, Any]] = ()
) -> CardKnowledge | None:
    """A seat's knowledge after ``events``, or None for a rule set without a notebook."""
    if reader is None:
        return None
    book = CardKnowledge(reader)
    book.observe_events(events)
    return book
