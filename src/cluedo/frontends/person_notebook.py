"""The person's detective notebook: filled in from what their seat saw, and editable.

Shared by the terminal game and the browser (``cluedo.web.notebook``).

For every card and every seat the notebook holds a mark: the seat has the card,
does not have it, or nobody knows yet; and for every card whether it is in the
envelope. It is rebuilt from the seat's own log (the engine has already hidden
what the seat may not see) with the eliminations a careful person makes, so it
never knows more than the person could. The person's own notes sit beside the
automatic marks and are never overwritten by them.

>>> from cluedo.content.cards import load_card_set
>>> book = Notebook(load_card_set("classic", "us"), seat=0, players=3)
>>> book.update([
...     {"kind": "setup", "hand_sizes": [6, 6, 6]},
...     {"kind": "dealt", "seat": 0, "hand": ["rope", "knife", "hall", "study", "plum", "green"]},
...     {"kind": "suggestion", "seat": 0, "suspect": "white", "weapon": "wrench", "room": "hall"},
...     {"kind": "cannot_refute", "seat": 1, "suggester": 0},
...     {"kind": "card_shown", "seat": 2, "to": 0, "card": "wrench"},
... ])
>>> book.mark("rope", 0), book.mark("white", 1), book.mark("wrench", 2), book.mark("wrench", 1)
('has', 'not', 'has', 'not')
>>> book.in_envelope("rope"), book.in_envelope("white")
(False, None)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal

from cluedo.content.cards import CardSet

Mark = Literal["has", "not", "unknown"]


class Notebook:
    """Marks per (card, seat) and envelope status per card, plus the person's notes."""

    def __init__(self, cards: CardSet, seat: int | None, players: int) -> None:
        self.cards = cards
        self.seat = seat
        self.players = players
        self.notes: dict[str, str] = {}
        """The person's own note per card (any short text)."""
        self.cell_notes: dict[tuple[str, int], str] = {}
        """The person's own mark for a card and a seat, shown instead of the automatic one."""
        self._reset([0] * players)

    def _reset(self, hand_sizes: list[int]) -> None:
        self.hand_sizes = hand_sizes
        self._has: dict[str, int] = {}
        self._not: set[tuple[str, int]] = set()
        self._envelope: dict[str, bool] = {}
        self._one_of: list[tuple[int, frozenset[str]]] = []
        self._wrong: list[frozenset[str]] = []
        self._face_up: set[str] = set()
        """Leftover cards lying face up (Pendragon): nobody holds them, nor the envelope."""

    # -- queries --------------------------------------------------------------------

    def mark(self, card: str, seat: int) -> Mark:
        if self._has.get(card) == seat:
            return "has"
        if (card, seat) in self._not:
            return "not"
        return "unknown"

    def in_envelope(self, card: str) -> bool | None:
        """True if the card must be in the envelope, False if it cannot be, None if unknown."""
        return self._envelope.get(card)

    def holder(self, card: str) -> int | None:
        return self._has.get(card)

    def solution(self) -> list[str]:
        """The cards known to be in the envelope."""
        return [c for c in self.cards.ids if self._envelope.get(c) is True]

    # -- editing --------------------------------------------------------------------

    def set_note(self, card: str, text: str, seat: int | None = None) -> None:
        """Set (or with empty text, clear) the person's note on a card or on one seat's cell."""
        text = text.strip()
        if seat is None:
            if text:
                self.notes[card] = text
            else:
                self.notes.pop(card, None)
        elif text:
            self.cell_notes[(card, seat)] = text
        else:
            self.cell_notes.pop((card, seat), None)

    def notes_json(self) -> dict[str, Any]:
        return {
            "notes": dict(self.notes),
            "cells": [[c, s, t] for (c, s), t in self.cell_notes.items()],
        }

    def load_notes(self, data: Mapping[str, Any]) -> None:
        """Restore notes saved by :meth:`notes_json`, skipping entries that do not fit."""
        known = set(self.cards.ids)
        for card, text in dict(data.get("notes") or {}).items():
            if card in known and isinstance(text, str):
                self.notes[card] = text
        for entry in data.get("cells") or []:
            if (
                isinstance(entry, list)
                and len(entry) == 3
                and entry[0] in known
                and isinstance(entry[1], int)
                and 0 <= entry[1] < self.players
                and isinstance(entry[2], str)
            ):
                self.cell_notes[(entry[0], entry[1])] = entry[2]

    # -- deduction from the log -----------------------------------------------------

    def update(self, log: Iterable[Mapping[str, Any]]) -> None:
        """Rebuild every automatic mark from the seat's whole log."""
        self._reset([0] * self.players)
        last: frozenset[str] = frozenset()
        for event in log:
            kind = event["kind"]
            if kind == "setup":
                self.hand_sizes = list(event["hand_sizes"])
                self._face_up = set(event.get("face_up") or ())
                for card in self._face_up:
                    self._envelope[card] = False
                    self._not.update((card, s) for s in range(self.players))
            elif kind == "dealt" and "hand" in event and event["seat"] == self.seat:
                hand = set(event["hand"])
                for card in self.cards.ids:
                    if card in hand:
                        self._set_has(card, event["seat"])
                    else:
                        self._not.add((card, event["seat"]))
            elif kind == "suggestion":
                last = frozenset((event["suspect"], event["weapon"], event["room"]))
            elif kind == "cannot_refute":
                self._not.update((card, event["seat"]) for card in last)
            elif kind == "card_shown":
                if "card" in event:
                    self._set_has(event["card"], event["seat"])
                else:
                    self._one_of.append((event["seat"], last))
            elif kind == "glimpse" and "card" in event:  # a card seen by a reward's effect
                self._set_has(event["card"], event["target"])
            elif kind == "accusation" and not event["correct"]:
                self._wrong.append(frozenset((event["suspect"], event["weapon"], event["room"])))
            elif kind in ("envelope_seen", "game_over") and "envelope" in event:
                for card in event["envelope"]:
                    self._envelope[card] = True
        self._propagate()

    def _set_has(self, card: str, seat: int) -> None:
        self._has[card] = seat
        self._envelope[card] = False

    def _propagate(self) -> None:
        """Apply the simple eliminations until nothing more follows."""
        seats = range(self.players)
        categories = [self.cards.category(c) for c in self.cards.categories]
        for _ in range(64):  # each pass only adds marks; a few passes always suffice
            before = (len(self._has), len(self._not), len(self._envelope), len(self._one_of))
            for card, holder in self._has.items():
                self._not.update((card, s) for s in seats if s != holder)
            for card, known_inside in self._envelope.items():
                if known_inside:
                    self._not.update((card, s) for s in seats)
            for s in seats:
                size = self.hand_sizes[s] if s < len(self.hand_sizes) else 0
                held = [c for c, h in self._has.items() if h == s]
                open_cards = [
                    c for c in self.cards.ids if c not in self._has and (c, s) not in self._not
                ]
                if size and len(held) == size:
                    self._not.update((c, s) for c in open_cards)
                elif size and open_cards and len(held) + len(open_cards) == size:
                    for c in open_cards:
                        self._set_has(c, s)
            for card in self.cards.ids:
                if card in self._face_up:
                    continue
                if card not in self._has and all((card, s) in self._not for s in seats):
                    self._envelope[card] = True
            for cards in categories:
                inside = [c for c in cards if self._envelope.get(c) is True]
                if inside:
                    for c in cards:
                        if c not in inside:
                            self._envelope[c] = False
                maybe = [c for c in cards if self._envelope.get(c) is not False]
                if len(maybe) == 1:
                    self._envelope[maybe[0]] = True
            for card in self.cards.ids:
                if card in self._face_up:
                    continue
                if self._envelope.get(card) is False and card not in self._has:
                    left = [s for s in seats if (card, s) not in self._not]
                    if len(left) == 1:
                        self._set_has(card, left[0])
            remaining = []
            for s, cards_ in self._one_of:
                if any(self._has.get(c) == s for c in cards_):
                    continue
                left_cards = [c for c in cards_ if (c, s) not in self._not]
                if len(left_cards) == 1:
                    self._set_has(left_cards[0], s)
                    continue
                remaining.append((s, cards_))
            self._one_of = remaining
            for triple in self._wrong:
                unsure = [c for c in triple if self._envelope.get(c) is not True]
                if len(unsure) == 1:
                    self._envelope[unsure[0]] = False
            after = (len(self._has), len(self._not), len(self._envelope), len(self._one_of))
            if after == before:
                return
