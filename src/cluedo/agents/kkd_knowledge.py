"""A sound, cheap notebook for Killer Kloo Doo's Part 1, where clue cards move.

Clue cards start in hands, in the envelope or face down in the middle, and then
move: spades dig them out of the middle, bribes and grabs pass them between
players, often unseen by the rest of the table. Each card keeps the set of places
it may be (seats, ENVELOPE, MIDDLE) - the bookkeeping and the eliminations of
Clue or Cruel's :class:`~cluedo.agents.cruel_knowledge.GrowingCaseFile`, whose
pile is the middle here. What this adds: an unseen move from A to B makes every
card that may be at A possible at B too, and "holds one of" facts about a seat
are dropped when it may have lost a card. Every elimination stays sound, so an
accusation made from a certain solution is never wrong.

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

from cluedo.agents.cruel_knowledge import PILE, CruelCaseFile, GrowingCaseFile
from cluedo.agents.knowledge import ENVELOPE, Contradiction

MIDDLE = PILE
"""The face-down clue cards in the middle of the board."""


class MovingCaseFile(GrowingCaseFile):
    def __init__(self, seat: int, categories: Mapping[str, Sequence[str]]) -> None:
        super().__init__(seat, categories)
        self.shown_to: dict[int, set[str]] = {}
        """Cards this seat has shown or given to each other seat."""

    def observe(self, event: Mapping[str, Any]) -> None:
        kind = event["kind"]
        if kind in ("suggestion", "cannot_refute", "card_shown"):
            if kind == "card_shown" and event["seat"] == self.seat and "card" in event:
                self.shown_to.setdefault(event["to"], set()).add(event["card"])
            super().observe(event)
            return
        if kind == "setup" and event.get("part") == 1:
            self.hand_sizes = list(event["hand_sizes"])
            self.players = len(self.hand_sizes)
            self.pile_size = int(event["middle"])
            places = set(range(self.players)) | {ENVELOPE, MIDDLE}
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
        else:
            return
        self._propagate()

    def _size(self, place: int, change: int) -> None:
        if place == MIDDLE:
            self.pile_size += change
        else:
            self.hand_sizes[place] += change

    def _move(self, giver: int, taker: int, card: str | None) -> None:
        self._size(giver, -1)
        self._size(taker, +1)
        if card is not None:
            if giver not in self._possible[card]:
                raise Contradiction(f"{card} moved from {giver}, where it cannot be")
            self._possible[card] = {taker}
        else:
            for places in self._possible.values():
                if giver in places:
                    places.add(taker)
        self._holds_one = [(p, cs) for p, cs in self._holds_one if p != giver]


class KlooDooCaseFile(CruelCaseFile):
    """:class:`MovingCaseFile` for every question, and the exact notebook of
    :mod:`cluedo.deduction` for the last step (a certain envelope sooner, and the
    probability of the best guess). The exact engine follows the same events as
    draws from the middle and transfers between hands; it counts only when asked,
    and a bot asks only once few envelope combinations remain."""

    def __init__(self, seat: int, categories: Mapping[str, Sequence[str]]) -> None:
        super().__init__(seat, categories)
        self.fast: MovingCaseFile = MovingCaseFile(seat, categories)
        self.shown_to = self.fast.shown_to

    def _translate(self, event: Mapping[str, Any]) -> None:
        from cluedo import deduction as d

        kind = event["kind"]
        seat = event.get("seat")
        if kind == "setup":
            if event.get("part") == 1:
                self._notebook = d.Notebook.create(
                    self.categories,
                    [(str(p), n) for p, n in enumerate(event["hand_sizes"])],
                    piles={"middle": int(event["middle"])},
                )
        elif kind == "dealt" and "hand" in event:
            self._pending.append(d.Hand(str(seat), tuple(event["hand"])))
        elif kind == "dug_clue":
            self._pending.append(d.Draw(str(seat), "middle", event.get("card")))
        elif kind == "clue_passed":
            self._pending.append(d.Transfer(str(seat), str(event["to"]), event.get("card")))
        elif kind in ("suggestion", "cannot_refute", "card_shown"):
            super()._translate(event)

    def guess(self) -> tuple[tuple[str, ...], float]:
        """The most likely envelope and its probability: exact if the engine can tell,
        else the first remaining candidates, each combination taken as equally likely."""
        book = self._book()
        if book is not None:
            triple, p = book.most_likely_envelope()
            return tuple(triple), float(p)
        cands = [self.fast.envelope_candidates(c) for c in self.categories]
        return tuple(c[0] for c in cands), 1.0 / max(1, self.combinations())
