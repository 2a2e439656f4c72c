"""What a seat knows about where the cards are, from the events it saw.

:class:`CaseFile` is the bot's notebook: it follows a seat's log and keeps, for
every card, the set of places it may still be (a player, or the envelope). It
makes the eliminations a careful person makes - every deduction here is sound,
so a bot that accuses only when :meth:`CaseFile.solution` is known never
accuses wrongly. It is not complete; the exact engine in :mod:`cluedo.deduction`
is. Both offer the :class:`Knowledge` interface, so bots can use either.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

ENVELOPE = -1
"""The envelope's place number; players are 0..n-1."""


class Knowledge(Protocol):
    """What a bot needs from a notebook."""

    def observe(self, event: Mapping[str, Any]) -> None:
        """Take in one event from the seat's log, in order."""

    def possible(self, card: str) -> frozenset[int]:
        """Places (seats, or ENVELOPE) where ``card`` may still be."""

    def solution(self) -> tuple[str, ...] | None:
        """The envelope's cards, one per category, once certain; else None."""

    def envelope_candidates(self, category: str) -> list[str]:
        """Cards of ``category`` that may still be in the envelope."""


class Contradiction(RuntimeError):
    """The events cannot all be true: a bug in the rules or in this notebook."""


class CaseFile:
    """Sound, fast eliminations over a seat's log.

    >>> cats = {"suspect": ("a", "b"), "weapon": ("c", "d"), "room": ("e", "f")}
    >>> book = CaseFile(0, cats)
    >>> book.observe({"kind": "setup", "hand_sizes": [1, 2]})
    >>> book.observe({"kind": "dealt", "seat": 0, "hand": ["a"]})
    >>> book.solution() is None, book.possible("b")
    (True, frozenset({-1}))
    """

    def __init__(self, seat: int, categories: Mapping[str, Sequence[str]]) -> None:
        self.seat = seat
        self.categories = {cat: tuple(cards) for cat, cards in categories.items()}
        self.category_of = {c: cat for cat, cards in self.categories.items() for c in cards}
        self.cards = tuple(self.category_of)
        self.players = 0
        self.hand_sizes: list[int] = []
        self._possible: dict[str, set[int]] = {}
        self._holds_one: list[tuple[int, frozenset[str]]] = []
        self._not_all_in_envelope: list[frozenset[str]] = []
        self._last_suggestion: tuple[str, ...] = ()
        self._dirty = False
        """Something was learned since the last propagation (most events teach nothing)."""

    # -- observing ------------------------------------------------------------------

    def observe(self, event: Mapping[str, Any]) -> None:
        kind = event["kind"]
        if kind == "setup":
            self._start(list(event["hand_sizes"]))
        elif kind == "card_shown" and "card" not in event:
            self._holds_one.append((event["seat"], frozenset(self._last_suggestion)))
            self._dirty = True
        elif kind == "accusation" and not event["correct"]:
            accused = frozenset((event["suspect"], event["weapon"], event["room"]))
            if not accused <= self.category_of.keys():
                return  # names a card outside the notebook (face up): says nothing new
            self._not_all_in_envelope.append(accused)
            self._dirty = True
        elif kind == "dealt" and "hand" in event:
            hand = set(event["hand"])
            for card in self.cards:
                if card in hand:
                    self._place(card, self.seat)
                else:
                    self._exclude(card, self.seat)
        elif kind == "suggestion":
            # Cards outside the notebook (face up for all) can be neither shown nor held.
            named = (event["suspect"], event["weapon"], event["room"])
            self._last_suggestion = tuple(c for c in named if c in self.category_of)
        elif kind == "cannot_refute":
            for card in self._last_suggestion:
                self._exclude(card, event["seat"])
        elif kind == "card_shown":
            self._place(event["card"], event["seat"])
        elif kind == "envelope_seen" and "envelope" in event:
            for card in event["envelope"]:
                self._place(card, ENVELOPE)
        else:
            return
        if self._dirty:
            self._propagate()

    def _start(self, hand_sizes: list[int]) -> None:
        self.players = len(hand_sizes)
        self.hand_sizes = hand_sizes
        places = set(range(self.players)) | {ENVELOPE}
        self._possible = {card: set(places) for card in self.cards}
        self._dirty = True

    def _place(self, card: str, place: int) -> None:
        options = self._possible[card]
        if place not in options:
            raise Contradiction(f"{card} cannot be at {place}")
        if len(options) > 1:
            self._possible[card] = {place}
            self._dirty = True

    def _exclude(self, card: str, place: int) -> None:
        options = self._possible[card]
        if place in options:
            if len(options) == 1:
                raise Contradiction(f"{card} has nowhere left to be")
            options.discard(place)
            self._dirty = True

    def _propagate(self) -> None:
        """Apply the simple eliminations until nothing changes."""
        self._dirty = False
        changed = True
        while changed:
            changed = False
            # A player whose known cards fill their hand holds nothing else; a player
            # who can hold only as many cards as their hand size holds all of them.
            known_of: list[list[str]] = [[] for _ in range(self.players)]
            maybe_of: list[list[str]] = [[] for _ in range(self.players)]
            for c, places in self._possible.items():
                for p in places:
                    if p != ENVELOPE:
                        maybe_of[p].append(c)
                if len(places) == 1:
                    (only,) = places
                    if only != ENVELOPE:
                        known_of[only].append(c)
            for p in range(self.players):
                known, maybe = known_of[p], maybe_of[p]
                if len(known) == self.hand_sizes[p] and len(maybe) > len(known):
                    for c in maybe:
                        if self._possible[c] != {p}:
                            self._exclude(c, p)
                    changed = True
                elif len(maybe) == self.hand_sizes[p] and len(known) < len(maybe):
                    for c in maybe:
                        self._place(c, p)
                    changed = True
            # Exactly one card of each category is in the envelope.
            for cards in self.categories.values():
                inside = [c for c in cards if self._possible[c] == {ENVELOPE}]
                maybe = [c for c in cards if ENVELOPE in self._possible[c]]
                if inside and len(maybe) > 1:
                    for c in maybe:
                        if c != inside[0]:
                            self._exclude(c, ENVELOPE)
                    changed = True
                elif len(maybe) == 1 and self._possible[maybe[0]] != {ENVELOPE}:
                    self._place(maybe[0], ENVELOPE)
                    changed = True
                elif not maybe:
                    raise Contradiction("a category has no card left for the envelope")
            # "p showed one of these": drop the ones p cannot hold; one left means p holds it.
            remaining = []
            for p, shown in self._holds_one:
                if any(self._possible[c] == {p} for c in shown):
                    continue
                left = frozenset(c for c in shown if p in self._possible[c])
                if not left:
                    raise Contradiction(f"seat {p} showed a card it cannot hold")
                if len(left) == 1:
                    self._place(next(iter(left)), p)
                    changed = True
                    continue
                remaining.append((p, left))
            self._holds_one = remaining
            # A wrong accusation: if all but one of its cards are in the envelope, that one is not.
            for triple in self._not_all_in_envelope:
                unknown = [c for c in triple if self._possible[c] != {ENVELOPE}]
                if len(unknown) == 1 and ENVELOPE in self._possible[unknown[0]]:
                    self._exclude(unknown[0], ENVELOPE)
                    changed = True

    # -- queries --------------------------------------------------------------------

    def possible(self, card: str) -> frozenset[int]:
        return frozenset(self._possible[card])

    def owner(self, card: str) -> int | None:
        """The known place of ``card`` (a seat or ENVELOPE), or None if not yet known."""
        places = self._possible[card]
        return next(iter(places)) if len(places) == 1 else None

    def envelope_candidates(self, category: str) -> list[str]:
        return [c for c in self.categories[category] if ENVELOPE in self._possible[c]]

    def solution(self) -> tuple[str, ...] | None:
        out = []
        for category in self.categories:
            maybe = self.envelope_candidates(category)
            if len(maybe) != 1 or self._possible[maybe[0]] != {ENVELOPE}:
                return None
            out.append(maybe[0])
        return tuple(out)
