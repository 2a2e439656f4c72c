"""A sound, cheap notebook for Killer Kloo Doo's Part 1, where clue cards move.

Clue cards start in hands, in the envelope or face down in the middle, and then
move: spades dig them out of the middle, bribes and grabs pass them between
players, often unseen by the rest of the table. Each card keeps the set of places
it may be (seats, ENVELOPE, MIDDLE). An unseen move from A to B makes every card
that may be at A possible at B too; "holds one of" facts about a seat are dropped
when it may have lost a card. Every elimination is sound, so an accusation made
from a certain solution is never wrong.

>>> cats = {"suspect": ("a", "b"), "weapon": ("c", "d"), "room": ("e", "f")}
>>> book = MovingCaseFile(0, cats)
>>> book.observe({"kind": "setup", "part": 1, "hand_sizes": [1, 1], "middle": 2})
>>> book.observe({"kind": "dealt", "seat": 0, "hand": ["a"]})
>>> book.possible("b")
frozenset({-1})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cluedo.agents.knowledge import ENVELOPE, Contradiction

MIDDLE = -2
"""The face-down clue cards in the middle of the board."""


class MovingCaseFile:
    def __init__(self, seat: int, categories: Mapping[str, Sequence[str]]) -> None:
        self.seat = seat
        self.categories = {cat: tuple(cards) for cat, cards in categories.items()}
        self.cards = tuple(c for cards in self.categories.values() for c in cards)
        self.sizes: dict[int, int] = {}
        self._possible: dict[str, set[int]] = {}
        self._holds_one: list[tuple[int, frozenset[str]]] = []
        self._last: tuple[str, ...] = ()
        self.shown_to: dict[int, set[str]] = {}
        """Cards this seat has shown or given to each other seat."""

    # -- observing ------------------------------------------------------------------

    def observe(self, event: Mapping[str, Any]) -> None:
        kind = event["kind"]
        if kind == "setup" and event.get("part") == 1:
            sizes = list(event["hand_sizes"])
            self.sizes = {s: n for s, n in enumerate(sizes)}
            self.sizes[MIDDLE] = int(event["middle"])
            self.sizes[ENVELOPE] = len(self.categories)
            places = set(range(len(sizes))) | {ENVELOPE, MIDDLE}
            self._possible = {c: set(places) for c in self.cards}
        elif kind == "dealt" and "hand" in event:
            hand = set(event["hand"])
            for c in self.cards:
                if c in hand:
                    self._place(c, self.seat)
                else:
                    self._exclude(c, self.seat)
        elif kind == "dug_clue":
            self._move(MIDDLE, event["seat"], event.get("card"))
        elif kind == "clue_passed":
            self._move(event["seat"], event["to"], event.get("card"))
            if event["seat"] == self.seat and "card" in event:
                self.shown_to.setdefault(event["to"], set()).add(event["card"])
        elif kind == "suggestion":
            self._last = (event["suspect"], event["weapon"], event["room"])
        elif kind == "cannot_refute":
            for c in self._last:
                self._exclude(c, event["seat"])
        elif kind == "card_shown":
            if "card" in event:
                self._place(event["card"], event["seat"])
                if event["seat"] == self.seat:
                    self.shown_to.setdefault(event["to"], set()).add(event["card"])
            else:
                self._holds_one.append((event["seat"], frozenset(self._last)))
        elif kind == "not_refuted":
            pass
        else:
            return
        self._propagate()

    def _move(self, giver: int, taker: int, card: str | None) -> None:
        self.sizes[giver] -= 1
        self.sizes[taker] += 1
        if card is not None:
            if giver not in self._possible[card]:
                raise Contradiction(f"{card} moved from {giver}, where it cannot be")
            self._possible[card] = {taker}
        else:
            for places in self._possible.values():
                if giver in places:
                    places.add(taker)
        self._holds_one = [(p, cs) for p, cs in self._holds_one if p != giver]

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
            known: dict[int, list[str]] = {p: [] for p in self.sizes}
            maybe: dict[int, list[str]] = {p: [] for p in self.sizes}
            for c, places in self._possible.items():
                for p in places:
                    maybe[p].append(c)
                if len(places) == 1:
                    known[next(iter(places))].append(c)
            for p, size in self.sizes.items():
                if p == ENVELOPE:
                    continue
                if len(known[p]) == size and len(maybe[p]) > size:
                    for c in maybe[p]:
                        if len(self._possible[c]) > 1:
                            self._exclude(c, p)
                    changed = True
                elif len(maybe[p]) == size and len(known[p]) < size:
                    for c in maybe[p]:
                        self._place(c, p)
                    changed = True
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
            remaining = []
            for p, shown in self._holds_one:
                if any(self._possible[c] == {p} for c in shown):
                    continue
                left = [c for c in shown if p in self._possible[c]]
                if not left:
                    raise Contradiction(f"seat {p} showed a card it cannot hold")
                if len(left) == 1:
                    self._place(left[0], p)
                    changed = True
                    continue
                remaining.append((p, frozenset(left)))
            self._holds_one = remaining

    # -- queries --------------------------------------------------------------------

    def possible(self, card: str) -> frozenset[int]:
        return frozenset(self._possible[card])

    def envelope_candidates(self, category: str) -> list[str]:
        return [c for c in self.categories[category] if ENVELOPE in self._possible[c]]

    def solution(self) -> tuple[str, ...] | None:
        out = []
        for category in self.categories:
            could = self.envelope_candidates(category)
            if len(could) != 1:
                return None
            out.append(could[0])
        return tuple(out)
