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

A model the exact engine does not count may bring its own exact count: a reader
with an ``exact_counter()`` method (Clussassin's, whose cards are dealt one per
slot and whose slots change hands in public) hands one over, and it answers the
complete questions instead. When nothing can count a model (more unseen
histories than the engine tracks, say), the knowledge says so
(:attr:`why_estimated`) and answers from the propagator: every certainty is
still sound, and the probabilities are the documented estimate of
:meth:`Propagator.estimate`.

>>> from cluedo.deduction.reading import EventReader
>>> cats = {"suspect": ("a", "b"), "weapon": ("c", "d"), "room": ("e", "f")}
>>> book = CardKnowledge(EventReader(0, cats))
>>> book.observe_event({"kind": "setup", "hand_sizes": [2, 1]})
>>> book.observe_event({"kind": "dealt", "seat": 0, "hand": ["a", "c"]})
>>> sorted(book.possible("b"), key=str), sorted(book.possible("e"), key=str), book.status("e", 1)
(['envelope'], [1, 'envelope'], None)
>>> round(book.probability("e", "envelope"), 3)
0.5
>>> book.observe_event({"kind": "suggestion", "suspect": "a", "weapon": "c", "room": "e"})
>>> book.observe_event({"kind": "card_shown", "seat": 1, "to": 0, "card": "e"})
>>> book.solution()
('b', 'd', 'f')
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Protocol, cast

from cluedo.deduction.errors import DeductionError
from cluedo.deduction.model import Branches, apply_branches, room_left
from cluedo.deduction.notebook import Notebook
from cluedo.deduction.observations import (
    Draw,
    FaceUp,
    Hand,
    HasNone,
    HasOneOf,
    Observation,
    Shown,
    Transfer,
    WrongAccusation,
)
from cluedo.deduction.places import Layout, Place, place_name, place_of
from cluedo.deduction.propagator import Propagator
from cluedo.deduction.reading import EventReader
from cluedo.deduction.setup import ENVELOPE
from cluedo.deduction.slots import SlotDeal
from cluedo.engine.ruleset import CardReader


def count_states(branches: Branches) -> int:
    """How large the exact count's table would be: the combinations of room left in
    the hand slots once the plain deductions are made, summed over the branches."""
    total = 0
    for record, _ in branches:
        room = room_left(record)
        if room is None:
            continue  # no deal: nothing to count
        states = 1
        for left in room:
            states *= left + 1
        total += states
    return total


_FACTS = frozenset({Hand, Shown, HasOneOf, HasNone, FaceUp, WrongAccusation})
"""Observations that only rule places out (no card moves): taken in any order, they
lead the sound eliminations to the same places."""


class ExactCounter(Protocol):
    """A rule set's own exact count, following the same log (see the module doc)."""

    def observe_event(self, event: Mapping[str, Any]) -> None: ...

    @property
    def deal(self) -> SlotDeal: ...


class NotStarted(DeductionError):
    """A question asked before the cards were dealt (no set-up event yet)."""


class CardKnowledge:
    """What one seat knows about every card: certainties, probabilities, samples."""

    NEARLY_SOLVED = 4
    """Ask the exact engine for a certain envelope once at most this many remain."""

    COUNT_LIMIT = 1 << 15
    """The largest count table worked through (in hand states; a classic game needs at
    most about 8,000, a count of two million states takes minutes)."""

    def __init__(self, reader: CardReader, layout: Layout | None = None) -> None:
        self.reader = reader
        self.seat = reader.seat
        self.categories = reader.categories
        self.layout: Layout | None = None
        self.fast: Propagator | None = None
        self._exact: Notebook | None = None
        self._counter: ExactCounter | None = None
        self._pending: list[Observation] = []
        self._atoms_dealt = 0
        """The exact record's hand slots at the deal (more only after unseen moves)."""
        self._deferred_at = -1
        """How many observations were waiting when the count was last put off as too
        large (see :meth:`exact_notebook`); -1 when it is not put off."""
        self.why_estimated: str | None = "the cards have not been dealt"
        """Why probabilities are estimated rather than counted (None: they are exact)."""
        self._solved: tuple[str, ...] | None = None
        self._stale = True
        self._starts = 0
        if layout is not None:
            self.start(layout)

    # -- following the log ------------------------------------------------------------

    def start(self, layout: Layout) -> None:
        """Begin (or begin again) with the cards laid out as ``layout`` says."""
        self.layout = layout
        self.fast = Propagator(layout)
        self._starts += 1
        self._pending = []
        self._deferred_at = -1
        self._solved = None
        self._stale = True
        self._counter = None
        if layout.setup is None:
            self._exact = None
            make_counter = getattr(self.reader, "exact_counter", None)
            if callable(make_counter):
                self._counter = make_counter()
                self.why_estimated = None
            else:
                self.why_estimated = "the exact count does not cover this game's cards"
        else:
            self._exact = Notebook(layout.setup)
            self._atoms_dealt = len(self._exact.record.atoms)
            self.why_estimated = None

    def observe_event(self, event: Mapping[str, Any]) -> None:
        """Take in one event of the seat's log, in order."""
        for item in self.reader.read(event):
            if isinstance(item, Layout):
                self.start(item)
            else:
                self.observe(item)
        if self._counter is not None:
            self._feed_counter(event)

    def _feed_counter(self, event: Mapping[str, Any]) -> None:
        assert self._counter is not None
        try:
            self._counter.observe_event(event)
        except DeductionError as err:
            self._counter = None
            self.why_estimated = f"the exact count gave up: {err}"

    def _readings(
        self, events: Iterable[Mapping[str, Any]]
    ) -> Iterator[tuple[Mapping[str, Any], Iterable[Any]]]:
        """Each event with what the reader makes of it (observations and layouts). A
        plain :class:`EventReader`'s reader for the event's kind is called directly,
        so the many kinds it says nothing about cost only a look-up."""
        reader = self.reader
        if isinstance(reader, EventReader) and type(reader).read is EventReader.read:
            readers = reader.readers
            for event in events:
                if reader.holding:  # facts kept back: the reader sees to them
                    yield event, reader.read(event)
                    continue
                by_kind = readers.get(event["kind"])
                yield event, (by_kind(event) if by_kind is not None else ())
        else:
            read = reader.read
            for event in events:
                yield event, read(event)

    def observe_events(self, events: Iterable[Mapping[str, Any]]) -> None:
        """Take in events of the seat's log, in order: what :meth:`observe_event` does
        for each."""
        for event, items in self._readings(events):
            for item in items:
                if isinstance(item, Layout):
                    self.start(item)
                else:
                    self.observe(item)
            if self._counter is not None:
                self._feed_counter(event)

    def catch_up(self, events: Iterable[Mapping[str, Any]]) -> None:
        """Take in events of the seat's log, in order, drawing the conclusions once
        per run of facts rather than after each one.

        The places every card may be come out the same as with :meth:`observe_events`:
        facts only ever rule places out, and the eliminations reach the same
        conclusions whatever order they are taken in. A card moving (a draw, a
        transfer) is not such a fact - what was known before it moved decides what
        is known after - so the facts before it are worked through first and it is
        taken on its own. Meant for a reader that catches up on several events at
        once (the bots between their turns, the learning environment); on a
        contradiction the whole run is left out, not only the fact that caused it.
        """
        batch: list[Observation] = []
        for event, items in self._readings(events):
            for item in items:
                if type(item) in _FACTS:
                    batch.append(cast(Observation, item))
                    continue
                if batch:
                    self._observe_all(batch)
                    batch = []
                if isinstance(item, Layout):
                    self.start(item)
                else:
                    self.observe(item)
            if self._counter is not None:
                if batch:  # the count may fail and change why_estimated: keep the order
                    self._observe_all(batch)
                    batch = []
                self._feed_counter(event)
        if batch:
            self._observe_all(batch)

    def _observe_all(self, batch: list[Observation]) -> None:
        self._fast().observe_all(batch)
        if self._exact is not None:
            self._pending += batch
            self._stale = True

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

    @property
    def version(self) -> tuple[int, int]:
        """Changes whenever the fast answers (:meth:`possible` and the rest) may have
        changed: a bot may keep what it worked out from them until then."""
        return self._starts, self.fast.version if self.fast is not None else 0

    def exact_notebook(self) -> Notebook | None:
        """The exact notebook brought up to date, or None where it cannot count now.

        A count whose table would be too large to finish quickly (many unseen
        draws, each a hand slot of its own) is put off: the observations wait,
        the answers are estimates meanwhile, and the count is tried again after
        the next observations, which may make it small again (a shown hand, the
        envelope revealed).
        """
        if self._exact is None or not self._pending:
            return self._exact
        if self._deferred_at == len(self._pending):
            return None  # still too large, and nothing new since it was measured
        try:
            # Only cards moving unseen make hand slots of their own, and only they can
            # make the table large: without them no measuring is needed.
            moving = len(self._exact.record.atoms) > self._atoms_dealt or any(
                isinstance(obs, Draw | Transfer) for obs in self._pending
            )
            states = 0
            if moving:
                branches = self._exact.branches
                for obs in self._pending:
                    branches = apply_branches(branches, obs)
                states = count_states(branches)
            if states > self.COUNT_LIMIT:
                self._deferred_at = len(self._pending)
                self.why_estimated = (
                    f"counting exactly would take too long now ({states:,} hand states "
                    "to go through); the odds are estimates until fewer remain"
                )
                return None
            self._exact.observe_all(self._pending)
        except DeductionError as err:
            self._exact = None
            self.why_estimated = f"the exact count gave up: {err}"
            return None
        finally:
            if self._deferred_at != len(self._pending):
                self._pending = []
        self._deferred_at = -1
        self.why_estimated = None
        return self._exact

    @property
    def exact(self) -> bool:
        """Whether probabilities are exact counts (else estimates, certainties sound)."""
        return self._counter is not None or self.exact_notebook() is not None

    # -- questions every bot asks (fast) --------------------------------------------

    @property
    def places(self) -> tuple[Place, ...]:
        return self._fast().layout.places

    def possible(self, card: str) -> frozenset[Place]:
        """The places ``card`` may be, by the sound eliminations."""
        return self._fast().possible(card)

    def every_possible(self) -> dict[str, frozenset[Place]]:
        """:meth:`possible` for every card at once."""
        return self._fast().every_possible()

    def where(self, card: str) -> Place | None:
        return self._fast().where(card)

    def envelope_candidates(self, category: str) -> list[str]:
        return self._fast().envelope_candidates(category)

    def combinations(self) -> int:
        """How many envelopes the sound eliminations leave."""
        fast = self._fast()
        out = 1
        for category in self.categories:
            out *= fast.envelope_count(category)
        return out

    def solution(self) -> tuple[str, ...] | None:
        """The envelope once certain: from the sound eliminations, or - once few
        envelopes remain - from the exact count, which may prove it sooner."""
        fast = self._fast()
        found = fast.solution()
        if found is not None or not fast.layout.has_envelope:
            return found
        if self.combinations() > self.NEARLY_SOLVED:
            return None
        if self._stale:
            self._stale = False  # count again only after new observations
            book = self.exact_notebook()
            self._solved = book.certain_envelope() if book is not None else None
        return self._solved

    # -- the complete picture (counts when it can) -----------------------------------

    def status(self, card: str, place: Place) -> bool | None:
        """True if ``card`` is certainly at ``place``, False if certainly not, None if unknown."""
        if self._counter is not None:
            return self._counter.deal.status(card, place)
        book = self.exact_notebook()
        if book is not None:
            return book.status(card, place_name(place))
        return self._fast().status(card, place)

    def distribution(self, card: str) -> dict[Place, float]:
        """Probability of ``card`` at each place it may be (places at 0 left out)."""
        if self._counter is not None:
            return {p: float(x) for p, x in self._counter.deal.distribution(card).items()}
        book = self.exact_notebook()
        if book is None:
            return self._fast().estimate(card)
        return {place_of(loc): float(p) for loc, p in book.card_distribution(card).items() if p > 0}

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
        if not self._fast().layout.has_envelope:
            raise DeductionError("this game has no envelope")
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
        if self._counter is not None:
            return self._counter.deal.sample(rng)
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
                here = book.count(card, loc)
                pick -= here
                if pick < 0:
                    break
            out[card] = place_of(loc)
            if here < book.deals:  # a certain place needs no recount
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
    reader: CardReader | None, events: Sequence[Mapping[str, Any]] = ()
) -> CardKnowledge | None:
    """A seat's knowledge after ``events``, or None for a rule set without a notebook."""
    if reader is None:
        return None
    book = CardKnowledge(reader)
    book.observe_events(events)
    return book
