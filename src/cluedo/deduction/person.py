"""The person's detective notebook: filled in from what their seat saw, and their own marks.

One notebook for the terminal and the browser, over every rule set with cards:
for every card and every place (each seat, the envelope, and the rule set's
other places such as the clue pile or the middle of the board) it holds an
automatic mark - the card is there, is not, or nobody can tell yet - and, when
the table allows odds, the probability of each place. The marks come from the
seat's :class:`~cluedo.deduction.knowledge.CardKnowledge`, rebuilt from the
seat's own log (the engine has already hidden what the seat may not see), so
they never know more than the person could. The person's own marks and notes
sit beside the automatic ones and are never overwritten by them.

With ``complete=True`` the marks are every certainty that follows from what
the seat saw (the exact count, where the game's cards allow one); with
``complete=False`` they are the sound eliminations a careful person makes.

>>> from cluedo.deduction.reading import EventReader
>>> cats = {"suspect": ("a", "b"), "weapon": ("c", "d"), "room": ("e", "f")}
>>> book = PersonNotebook(EventReader(0, cats))
>>> book.update([{"kind": "setup", "hand_sizes": [2, 1]},
...              {"kind": "dealt", "seat": 0, "hand": ["a", "c"]}])
>>> book.mark("a", 0), book.mark("a", 1), book.mark("e", 1), book.in_envelope("b")
('has', 'not', 'unknown', True)
>>> book.set_note("e", "1", place=1)
>>> book.mark("e", 1), book.own_mark("e", 1)
('unknown', '1')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal

from cluedo.deduction.knowledge import CardKnowledge
from cluedo.deduction.places import Place
from cluedo.deduction.setup import ENVELOPE
from cluedo.engine.ruleset import CardReader

Mark = Literal["has", "not", "unknown"]

NOTE_LIMIT = 40
"""The longest note kept (a notebook cell, not an essay)."""


class PersonNotebook:
    """Automatic marks and odds per (card, place), plus the person's own notes."""

    def __init__(self, reader: CardReader, complete: bool = True) -> None:
        self.reader = reader
        self.seat = reader.seat
        self.complete = complete
        self.categories = reader.categories
        self.cards = tuple(c for cards in self.categories.values() for c in cards)
        self.knowledge = CardKnowledge(reader)
        self.notes: dict[str, str] = {}
        """The person's own note per card (any short text)."""
        self.cell_notes: dict[tuple[str, Place], str] = {}
        """The person's own mark for a card and a place, shown beside the automatic one."""
        self._events = 0

    # -- following the log ----------------------------------------------------------

    def update(self, log: Iterable[Mapping[str, Any]]) -> None:
        """Bring the marks up to date with the seat's whole log so far.

        The log only grows, so only the events not read before are read; a log
        shorter than the one already read belongs to another game.
        """
        events = list(log)
        if len(events) < self._events:
            raise ValueError(
                f"this log has {len(events)} events but {self._events} were read already: "
                "a notebook follows one game (make a new one for another)"
            )
        for event in events[self._events :]:
            self.knowledge.observe_event(event)
            self._events += 1  # counted one by one: a retry after an error reads no event twice

    @property
    def started(self) -> bool:
        """Whether the cards have been dealt (before that there is nothing to mark)."""
        return self.knowledge.started

    @property
    def places(self) -> tuple[Place, ...]:
        """Every place a card can be: seats, the envelope, then the other places."""
        return self.knowledge.places if self.started else ()

    @property
    def exact(self) -> bool:
        """Whether the odds are exact counts (else estimates; the marks stay sound)."""
        return self.started and self.knowledge.exact

    @property
    def why_estimated(self) -> str | None:
        return self.knowledge.why_estimated

    # -- the automatic marks --------------------------------------------------------

    def _status(self, card: str, place: Place) -> bool | None:
        if not self.started:
            return None
        if self.complete:
            return self.knowledge.status(card, place)
        return self.knowledge.fast.status(card, place) if self.knowledge.fast else None

    def mark(self, card: str, place: Place) -> Mark:
        """``has`` if ``card`` is certainly at ``place``, ``not`` if certainly not."""
        status = self._status(card, place)
        return "unknown" if status is None else "has" if status else "not"

    def in_envelope(self, card: str) -> bool | None:
        """True if the card must be in the envelope, False if it cannot be, None if unknown."""
        if self.started and ENVELOPE not in self.places:
            return False
        return self._status(card, ENVELOPE)

    def holder(self, card: str) -> Place | None:
        """The place ``card`` is certainly in, or None."""
        for place in self.places:
            if self._status(card, place):
                return place
        return None

    def solution(self) -> list[str]:
        """The cards known to be in the envelope."""
        return [c for c in self.cards if self.in_envelope(c) is True]

    def odds(self, card: str) -> dict[Place, float]:
        """Probability of each place for ``card`` (places at 0 left out)."""
        return self.knowledge.distribution(card) if self.started else {}

    # -- the person's own marks -----------------------------------------------------

    def own_mark(self, card: str, place: Place) -> str | None:
        return self.cell_notes.get((card, place))

    def set_note(self, card: str, text: str, place: Place | None = None) -> None:
        """Set (or with empty text, clear) the person's note on a card or on one cell."""
        if card not in self.cards:
            raise ValueError(f"unknown card {card!r}")
        text = text.strip()[:NOTE_LIMIT]
        if place is None:
            if text:
                self.notes[card] = text
            else:
                self.notes.pop(card, None)
        elif text:
            self.cell_notes[(card, place)] = text
        else:
            self.cell_notes.pop((card, place), None)

    def notes_json(self) -> dict[str, Any]:
        """The person's notes as JSON data (cells as [card, place, text])."""
        return {
            "notes": dict(self.notes),
            "cells": [[c, p, t] for (c, p), t in self.cell_notes.items()],
        }

    def load_notes(self, data: Mapping[str, Any]) -> None:
        """Restore notes saved by :meth:`notes_json`, skipping entries that do not fit
        (a cell for a place this game does not have, once the cards are dealt)."""
        for card, text in dict(data.get("notes") or {}).items():
            if card in self.cards and isinstance(text, str):
                self.notes[card] = text[:NOTE_LIMIT]
        places = set(self.places)
        for entry in data.get("cells") or []:
            if (
                isinstance(entry, list)
                and len(entry) == 3
                and entry[0] in self.cards
                and isinstance(entry[1], int | str)
                and not isinstance(entry[1], bool)
                and (not places or entry[1] in places)
                and isinstance(entry[2], str)
            ):
                self.cell_notes[(entry[0], entry[1])] = entry[2][:NOTE_LIMIT]
