"""The propagator as first written (sets of places per card), kept as a slow reference.

``cluedo.deduction.propagator`` keeps the same facts in bitmasks and fills places
without rebuilding every list; the tests require both to draw exactly the same
conclusions from the same observations.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cluedo.deduction.errors import ContradictionError, UnknownNameError
from cluedo.deduction.observations import (
    Draw,
    FaceUp,
    Hand,
    HandOver,
    HasNone,
    HasOneOf,
    Observation,
    Shown,
    Transfer,
    WrongAccusation,
)
from cluedo.deduction.places import Layout, Place, place_of
from cluedo.deduction.setup import ENVELOPE, FACE_UP

Clause = tuple[frozenset[Place], frozenset[str]]
"""At least one of the cards is in one of the places."""


class ReferencePropagator:
    """Places each card may be, kept sound through every observation."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.category_of = {c: cat for cat, cards in layout.categories for c in cards}
        self.cards = layout.cards
        self.sizes: dict[Place, int] = dict(layout.sizes)
        self.per_category: dict[Place, dict[str, int]] = {
            p: dict(counts) for p, counts in layout.per_category.items()
        }
        every = frozenset(layout.places)
        self._possible: dict[str, set[Place]] = {c: set(every) for c in self.cards}
        for place, counts in self.per_category.items():  # no room for other categories
            for card, cat in self.category_of.items():
                if counts.get(cat, 0) == 0:
                    self._possible[card].discard(place)
        self._clauses: list[Clause] = []
        self._wrong: list[frozenset[str]] = []
        self._dirty = True
        """Something was learnt since the last propagation (many observations teach nothing)."""
        self.propagate()

    # -- observing ------------------------------------------------------------------

    def observe(self, obs: Observation) -> None:
        """Take in one observation and draw every simple conclusion.

        All or nothing: on a :class:`ContradictionError` (or a name it does not
        know) the propagator is left as it was.
        """
        self.observe_all((obs,))

    def observe_all(self, observations: Iterable[Observation]) -> None:
        before = self._state()
        try:
            for obs in observations:
                self._take(obs)
            if self._dirty:
                self.propagate()
        except Exception:
            self._restore(before)
            raise

    def _state(self) -> tuple[Any, ...]:
        return (
            dict(self.sizes),
            {p: dict(c) for p, c in self.per_category.items()},
            {c: set(p) for c, p in self._possible.items()},
            list(self._clauses),
            list(self._wrong),
        )

    def _restore(self, state: tuple[Any, ...]) -> None:
        self.sizes, self.per_category, self._possible, self._clauses, self._wrong = state
        self._dirty = True

    def _take(self, obs: Observation) -> None:
        if isinstance(obs, Hand):
            seat = self._place(obs.player)
            hand = set(obs.cards)
            for card in self.cards:
                if card in hand:
                    self._put(card, seat)
                else:
                    self._exclude(card, seat)
        elif isinstance(obs, Shown):
            self._put(self._card(obs.card), self._place(obs.player))
        elif isinstance(obs, HasOneOf):
            cards = frozenset(self._card(c) for c in obs.cards)
            self._clauses.append((frozenset({self._place(obs.player)}), cards))
            self._dirty = True
        elif isinstance(obs, HasNone):
            seat = self._place(obs.player)
            for card in obs.cards:
                self._exclude(self._card(card), seat)
        elif isinstance(obs, FaceUp):
            for card in obs.cards:
                self._put(self._card(card), FACE_UP)
        elif isinstance(obs, WrongAccusation):
            self._wrong.append(frozenset(self._card(c) for c in obs.cards))
            self._dirty = True
        elif isinstance(obs, Draw):
            self._move(self._place(obs.pile), self._place(obs.player), obs.card, None)
        elif isinstance(obs, Transfer):
            source, target = self._place(obs.source), self._place(obs.target)
            self._move(source, target, obs.card, obs.category)
        elif isinstance(obs, HandOver):
            self._hand_over(self._place(obs.source), self._place(obs.target))
        else:
            raise TypeError(f"not an observation: {obs!r}")

    def _card(self, card: str) -> str:
        if card not in self._possible:
            raise UnknownNameError(f"unknown card {card!r}")
        return card

    def _place(self, name: str) -> Place:
        place = place_of(name)
        if place not in self.sizes:
            places = ", ".join(str(p) for p in self.layout.places)
            raise UnknownNameError(f"unknown place {name!r}; places: {places}")
        return place

    def _put(self, card: str, place: Place) -> None:
        if place not in self._possible[card]:
            raise ContradictionError(None, f"{card} cannot be at {place}")
        if len(self._possible[card]) > 1:
            self._possible[card] = {place}
            self._dirty = True

    def _exclude(self, card: str, place: Place) -> None:
        places = self._possible[card]
        if place in places:
            if len(places) == 1:
                raise ContradictionError(None, f"{card} has nowhere left to be")
            places.discard(place)
            self._dirty = True

    def _resize(self, place: Place, change: int, category: str | None) -> None:
        self._dirty = True
        self.sizes[place] += change
        if self.sizes[place] < 0:
            raise ContradictionError(None, f"{place} has no card to give")
        counts = self.per_category.get(place)
        if counts is None:
            return
        if category is None:  # which category moved is unknown: the count no longer holds
            del self.per_category[place]
        else:
            counts[category] = counts.get(category, 0) + change

    def _move(self, source: Place, target: Place, card: str | None, category: str | None) -> None:
        if card is not None:
            category = self.category_of[self._card(card)]
        self._resize(source, -1, category)
        self._resize(target, +1, category)
        self._widen_clauses(source, target)
        if card is not None:
            if source not in self._possible[card]:
                raise ContradictionError(None, f"{card} left {source}, where it cannot be")
            self._possible[card] = {target}
            return
        for other, places in self._possible.items():
            if source in places and (category is None or self.category_of[other] == category):
                places.add(target)

    def _hand_over(self, source: Place, target: Place) -> None:
        self._dirty = True
        moved = self.sizes[source]
        self.sizes[target] += moved
        self.sizes[source] = 0
        counts = self.per_category.pop(source, None)
        if target in self.per_category:
            if counts is None:
                del self.per_category[target]
            else:
                for cat, n in counts.items():
                    self.per_category[target][cat] = self.per_category[target].get(cat, 0) + n
        self._widen_clauses(source, target)
        self._clauses = [
            (frozenset(p for p in places if p != source), cards) for places, cards in self._clauses
        ]
        for places in self._possible.values():
            if source in places:
                places.discard(source)
                places.add(target)

    def _widen_clauses(self, source: Place, target: Place) -> None:
        # The card that made "source holds one of" true may be the one that left.
        self._clauses = [
            (places | {target} if source in places else places, cards)
            for places, cards in self._clauses
        ]

    # -- propagation ----------------------------------------------------------------

    def propagate(self) -> None:
        """Apply the simple eliminations until nothing changes.

        Raises :class:`ContradictionError` when the observations cannot all be
        true - which for a seat's own log means a bug in a rule set's reading.
        """
        self._dirty = False
        changed = True
        while changed:
            changed = self._fill_places()
            changed = self._use_clauses() or changed
            changed = self._use_wrong_accusations() or changed

    def _fill_places(self) -> bool:
        """A place whose known cards fill it holds nothing else; a place that can
        hold only as many cards as it has room for holds them all. Likewise for
        each category of a place that holds a fixed number of that category."""
        changed = False
        # One pass over the cards: which may be, and which surely are, at each place.
        known: dict[Place, list[str]] = {}
        maybe: dict[Place, list[str]] = {}
        for card, places in self._possible.items():
            for place in places:
                maybe.setdefault(place, []).append(card)
            if len(places) == 1:
                for place in places:
                    known.setdefault(place, []).append(card)
        groups = [(p, n, known.get(p, []), maybe.get(p, [])) for p, n in self.sizes.items()]
        for place, counts in self.per_category.items():
            for cat, _ in self.layout.categories:
                of_cat = self.category_of
                k = [c for c in known.get(place, ()) if of_cat[c] == cat]
                m = [c for c in maybe.get(place, ()) if of_cat[c] == cat]
                groups.append((place, counts.get(cat, 0), k, m))
        # The lists may go stale as cards are placed below; stale, they only say less
        # (known shrinks, maybe grows), and the loop in propagate runs again.
        for place, size, k, m in groups:
            if len(m) < size or len(k) > size:
                raise ContradictionError(None, f"{place} cannot hold {size} of these cards")
            if len(k) == size and len(m) > size:
                for card in m:
                    if self._possible[card] != {place}:
                        self._exclude(card, place)
                changed = True
            elif len(m) == size and len(k) < size:
                for card in m:
                    self._put(card, place)
                changed = True
        return changed

    def _use_clauses(self) -> bool:
        """Drop the cards a clause's places cannot hold; one card left must be there."""
        changed = False
        kept: list[Clause] = []
        for places, cards in self._clauses:
            if any(self._possible[c] <= places for c in cards):
                continue  # certainly true already
            left = frozenset(c for c in cards if self._possible[c] & places)
            if not left:
                raise ContradictionError(None, f"none of {sorted(cards)} can be at {places}")
            if len(left) == 1:
                (card,) = left
                self._possible[card] &= places
                changed = True
                continue
            kept.append((places, left))
        self._clauses = kept
        return changed

    def _use_wrong_accusations(self) -> bool:
        """If all but one card of a wrong accusation are in the envelope, that one is not."""
        changed = False
        for triple in self._wrong:
            unsure = [c for c in triple if self._possible[c] != {ENVELOPE}]
            if not unsure:
                raise ContradictionError(None, "a wrong accusation names the envelope")
            if len(unsure) == 1 and ENVELOPE in self._possible[unsure[0]]:
                self._exclude(unsure[0], ENVELOPE)
                changed = True
        return changed

    # -- questions ------------------------------------------------------------------

    def possible(self, card: str) -> frozenset[Place]:
        """The places where ``card`` may be now."""
        return frozenset(self._possible[card])

    def where(self, card: str) -> Place | None:
        """The place ``card`` is certainly in, or None."""
        places = self._possible[card]
        return next(iter(places)) if len(places) == 1 else None

    def status(self, card: str, place: Place) -> bool | None:
        """True if ``card`` is surely at ``place``, False if surely not, None if unknown."""
        places = self._possible[card]
        if place not in places:
            return False
        return True if len(places) == 1 else None

    def envelope_candidates(self, category: str) -> list[str]:
        """Cards of ``category`` that may be in the envelope."""
        return [c for c in dict(self.layout.categories)[category] if ENVELOPE in self._possible[c]]

    def solution(self) -> tuple[str, ...] | None:
        """The envelope, one card per category, once every one is certain."""
        if not self.layout.has_envelope:
            return None
        out = []
        for category, _ in self.layout.categories:
            maybe = self.envelope_candidates(category)
            if len(maybe) != 1 or self._possible[maybe[0]] != {ENVELOPE}:
                return None
            out.append(maybe[0])
        return tuple(out)

    def estimate(self, card: str) -> dict[Place, float]:
        """An estimate of where ``card`` is, for models the exact engine does not count.

        Each place the card may be gets weight (room left there) / (cards that may
        still fill it), never quite 0; certainties stay exactly 1 and 0.
        """
        places = self._possible[card]
        if len(places) == 1:
            return {next(iter(places)): 1.0}
        weights: dict[Place, float] = {}
        for place in places:
            known = sum(1 for c in self.cards if self._possible[c] == {place})
            open_ = sum(1 for c in self.cards if place in self._possible[c]) - known
            room = self.sizes[place] - known
            counts = self.per_category.get(place)
            if counts is not None:
                cat = self.category_of[card]
                pool = dict(self.layout.categories)[cat]
                known = sum(1 for c in pool if self._possible[c] == {place})
                open_ = sum(1 for c in pool if place in self._possible[c]) - known
                room = counts.get(cat, 0) - known
            # A place the card may be in keeps some weight: 0 would read as a certainty.
            weights[place] = max(room / open_ if open_ else 0.0, 1e-6)
        total = sum(weights.values())
        return {p: w / total for p, w in weights.items()}

    def copy(self) -> ReferencePropagator:
        other = ReferencePropagator.__new__(ReferencePropagator)
        other.layout = self.layout
        other.category_of = self.category_of
        other.cards = self.cards
        other._restore(self._state())
        return other
