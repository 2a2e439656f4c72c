"""What a Clue or Cruel seat knows: hands that start empty and grow from a hidden pile.

:class:`GrowingCaseFile` makes sound eliminations in microseconds;
:class:`CruelCaseFile` adds the exact notebook of :mod:`cluedo.deduction` (fed
the same events as draws from a pile) for the last step of a case, and for the
most likely envelope when a bot must guess.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cluedo.agents.knowledge import ENVELOPE, Contradiction

PILE = -2
"""The clue pile's place number (players are 0..n-1, the envelope -1)."""


class GrowingCaseFile:
    """Sound eliminations when hands start empty and grow by unseen draws.

    Each card keeps the set of places it may be: a seat, the envelope or the pile.
    Cards never leave a hand, so "holds one of" facts last for ever; "holds none
    of" facts last only until the player draws again, which is why an unseen draw
    gives the drawer back every card that may still be in the pile.

    >>> cats = {"suspect": ("a", "b"), "weapon": ("c", "d"), "room": ("e", "f")}
    >>> book = GrowingCaseFile(0, cats)
    >>> book.observe({"kind": "setup", "hand_sizes": [0, 0], "pile_size": 3})
    >>> book.observe({"kind": "gem_taken", "seat": 0, "card": "a", "pile_size": 2})
    >>> book.possible("b")
    frozenset({-1})
    """

    def __init__(self, seat: int, categories: Mapping[str, Sequence[str]]) -> None:
        self.seat = seat
        self.categories = {cat: tuple(cards) for cat, cards in categories.items()}
        self.cards = tuple(c for cards in self.categories.values() for c in cards)
        self.players = 0
        self.hand_sizes: list[int] = []
        self.pile_size = 0
        self.closed: set[int] = set()
        """Seats whose whole hand is known for good (a caught accomplice)."""
        self._possible: dict[str, set[int]] = {}
        self._holds_one: list[tuple[int, frozenset[str]]] = []
        self._not_all: list[frozenset[str]] = []
        self._last: tuple[str, ...] = ()

    def observe(self, event: Mapping[str, Any]) -> None:
        kind = event["kind"]
        if kind == "setup":
            self.hand_sizes = list(event["hand_sizes"])
            self.players = len(self.hand_sizes)
            self.pile_size = int(event["pile_size"])
            self._possible = {c: {ENVELOPE, PILE} for c in self.cards}
        elif kind == "gem_taken":
            seat = event["seat"]
            self.hand_sizes[seat] += 1
            self.pile_size = int(event["pile_size"])
            if "card" in event:
                card = event["card"]
                if PILE not in self._possible[card]:
                    raise Contradiction(f"{card} was drawn but cannot be in the pile")
                self._possible[card] = {seat}
            else:
                for places in self._possible.values():
                    if PILE in places:
                        places.add(seat)
            if self.pile_size == 0:
                for card in self.cards:
                    self._exclude(card, PILE)
        elif kind == "suggestion":
            self._last = (event["suspect"], event["weapon"], event["room"])
        elif kind == "cannot_refute":
            for card in self._last:
                self._exclude(card, event["seat"])
        elif kind in ("card_shown", "clue_shown"):
            if "card" in event:
                self._place(event["card"], event["seat"])
            elif kind == "card_shown":
                self._holds_one.append((event["seat"], frozenset(self._last)))
        elif kind == "accomplice_caught":
            seat = event["seat"]
            for card in event["hand"]:
                self._place(card, seat)
            for card in self.cards:
                if card not in event["hand"]:
                    self._exclude(card, seat)
            self.closed.add(seat)
        elif kind == "accusation" and not event["correct"]:
            self._not_all.append(frozenset((event["suspect"], event["weapon"], event["room"])))
        elif kind == "envelope_seen" and "envelope" in event:
            for card in event["envelope"]:
                self._place(card, ENVELOPE)
        else:
            return
        self._propagate()

    def _place(self, card: str, place: int) -> None:
        if place not in self._possible[card]:
            raise Contradiction(f"{card} cannot be at {place}")
        self._possible[card] = {place}

    def _exclude(self, card: str, place: int) -> None:
        places = self._possible[card]
        if place in places:
            if len(places) == 1:
                raise Contradiction(f"{card} has nowhere left to be")
            places.discard(place)

    def _propagate(self) -> None:
        changed = True
        while changed:
            changed = False
            known: dict[int, list[str]] = {}
            maybe: dict[int, list[str]] = {}
            for card, places in self._possible.items():
                for p in places:
                    maybe.setdefault(p, []).append(card)
                if len(places) == 1:
                    known.setdefault(next(iter(places)), []).append(card)
            sizes = {p: self.hand_sizes[p] for p in range(self.players)}
            sizes[PILE] = self.pile_size
            for p, size in sizes.items():
                k, m = known.get(p, []), maybe.get(p, [])
                if len(k) == size and len(m) > len(k):
                    for card in m:
                        if self._possible[card] != {p}:
                            self._exclude(card, p)
                    changed = True
                elif len(m) == size and len(k) < len(m):
                    for card in m:
                        self._place(card, p)
                    changed = True
                elif len(m) < size:
                    raise Contradiction(f"place {p} cannot hold {size} cards")
            for cards in self.categories.values():
                inside = [c for c in cards if self._possible[c] == {ENVELOPE}]
                could = [c for c in cards if ENVELOPE in self._possible[c]]
                if not could:
                    raise Contradiction("a category has no card left for the envelope")
                if inside and len(could) > 1:
                    for c in could:
                        if c != inside[0]:
                            self._exclude(c, ENVELOPE)
                    changed = True
                elif len(could) == 1 and self._possible[could[0]] != {ENVELOPE}:
                    self._place(could[0], ENVELOPE)
                    changed = True
            left = []
            for p, group in self._holds_one:
                if any(self._possible[c] == {p} for c in group):
                    continue
                options = [c for c in group if p in self._possible[c]]
                if not options:
                    raise Contradiction(f"seat {p} showed a card it cannot hold")
                if len(options) == 1:
                    self._place(options[0], p)
                    changed = True
                    continue
                left.append((p, frozenset(options)))
            self._holds_one = left
            for triple in self._not_all:
                out = [c for c in triple if self._possible[c] != {ENVELOPE}]
                if len(out) == 1 and ENVELOPE in self._possible[out[0]]:
                    self._exclude(out[0], ENVELOPE)
                    changed = True

    def possible(self, card: str) -> frozenset[int]:
        return frozenset(self._possible[card])

    def envelope_candidates(self, category: str) -> list[str]:
        return [c for c in self.categories[category] if ENVELOPE in self._possible[c]]

    def solution(self) -> tuple[str, ...] | None:
        out = []
        for category in self.categories:
            could = self.envelope_candidates(category)
            if len(could) != 1 or self._possible[could[0]] != {ENVELOPE}:
                return None
            out.append(could[0])
        return tuple(out)


class CruelCaseFile:
    """:class:`GrowingCaseFile` for every question, and the exact notebook for the
    last step: once few envelope combinations remain, the exact engine (fed every
    event as it came, counting only when asked) may prove the case sooner.

    The exact engine is also asked for the most likely envelope when a bot must
    guess. It is slow (a tenth of a second a count with six players), so it counts
    at most once per batch of new events, and a bot that finds it contradicted or
    over its limits simply stops asking it.
    """

    NEARLY_SOLVED = 4
    """Ask the exact engine once at most this many envelope combinations remain."""

    def __init__(self, seat: int, categories: Mapping[str, Sequence[str]]) -> None:
        self.fast = GrowingCaseFile(seat, categories)
        self.seat = seat
        self.categories = self.fast.categories
        self._notebook: Any = None
        self._pending: list[Any] = []
        self._last: tuple[str, ...] = ()
        self._solved: tuple[str, ...] | None = None
        self.exact_failed = False
        self.exact_error: Exception | None = None
        """Why the exact notebook gave up, when it did (the sound one carries on)."""
        self._stale = True

    # -- following ------------------------------------------------------------------

    def observe(self, event: Mapping[str, Any]) -> None:
        self.fast.observe(event)
        if not self.exact_failed:
            self._translate(event)
            self._stale = True

    def _translate(self, event: Mapping[str, Any]) -> None:
        from cluedo import deduction as d

        kind = event["kind"]
        if kind == "setup":
            sizes = list(event["hand_sizes"])
            self._notebook = d.Notebook.create(
                self.categories,
                [(str(p), n) for p, n in enumerate(sizes)],
                piles={"pile": int(event["pile_size"])},
            )
        elif kind == "gem_taken":
            self._pending.append(d.Draw(str(event["seat"]), "pile", event.get("card")))
        elif kind == "suggestion":
            self._last = (event["suspect"], event["weapon"], event["room"])
        elif kind == "cannot_refute":
            self._pending.append(d.HasNone(str(event["seat"]), self._last))
        elif kind in ("card_shown", "clue_shown"):
            if "card" in event:
                self._pending.append(d.Shown(str(event["seat"]), event["card"]))
            elif kind == "card_shown":
                self._pending.append(d.HasOneOf(str(event["seat"]), self._last))
        elif kind == "accomplice_caught":
            self._pending.append(d.Hand(str(event["seat"]), tuple(event["hand"])))
        elif kind == "accusation" and not event["correct"]:
            triple = (event["suspect"], event["weapon"], event["room"])
            self._pending.append(d.WrongAccusation(triple))

    def _book(self) -> Any:
        """The exact notebook brought up to date, or None if it cannot be used."""
        if self.exact_failed or self._notebook is None:
            return None
        if self._pending:
            from cluedo.deduction import DeductionError

            try:
                self._notebook.observe_all(self._pending)
            except DeductionError as err:
                self.exact_failed = True
                self.exact_error = err
                return None
            self._pending = []
        return self._notebook

    # -- questions ------------------------------------------------------------------

    def possible(self, card: str) -> frozenset[int]:
        return self.fast.possible(card)

    def envelope_candidates(self, category: str) -> list[str]:
        return self.fast.envelope_candidates(category)

    def combinations(self) -> int:
        out = 1
        for category in self.categories:
            out *= len(self.fast.envelope_candidates(category))
        return out

    def solution(self) -> tuple[str, ...] | None:
        found = self.fast.solution()
        if found is not None or self.combinations() > self.NEARLY_SOLVED:
            return found
        if self._solved is None and self._stale:
            self._stale = False  # count again only after new events
            book = self._book()
            if book is not None:
                self._solved = book.certain_envelope()
        return self._solved

    def best_guess(self) -> tuple[str, ...]:
        """The most likely envelope: exact if the engine can tell, else the first
        remaining candidate of each category."""
        book = self._book()
        if book is not None:
            triple, _ = book.most_likely_envelope()
            return tuple(triple)
        return tuple(self.fast.envelope_candidates(c)[0] for c in self.categories)
