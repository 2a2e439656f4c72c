"""Reading a seat's events as observations: the shared part of every rule set.

The events of a suggestion, a refutation, an accusation and the deal are made
by the shared mechanics and mean the same in every rule set that uses them, so
:class:`EventReader` reads them once. A rule set with cards of its own kind
(a clue pile, cards that change hands) extends it with readers for its own
events; it is the only place where that rule set's events become facts.

The reader sees one seat's log, which the engine has already cut down to what
that seat may know, so nothing it produces can say more than the seat saw.

>>> reader = EventReader(0, {"suspect": ("a", "b"), "weapon": ("c", "d"), "room": ("e", "f")})
>>> reader.read({"kind": "setup", "hand_sizes": [2, 1]})[0].places
(0, 1, 'envelope')
>>> reader.read({"kind": "suggestion", "seat": 0, "suspect": "a", "weapon": "c", "room": "e"})
[]
>>> reader.read({"kind": "cannot_refute", "seat": 1})
[HasNone(player='1', cards=('a', 'c', 'e'))]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from cluedo.deduction.observations import (
    FaceUp,
    Hand,
    HasNone,
    HasOneOf,
    Observation,
    Shown,
    WrongAccusation,
)
from cluedo.deduction.places import Layout
from cluedo.deduction.setup import ENVELOPE, DealSetup

Reading = Observation | Layout
"""What a reader yields: a layout when the cards are (re)dealt, else observations."""

Event = Mapping[str, Any]

_MADE: dict[tuple[str, str, tuple[str, ...]], Observation] = {}
"""The answers to questions already read, by kind, player and cards: every seat's
notebook reads the same passes and answers (the learning environment's six, each
bot's), and an observation is a frozen value, so one object serves them all; making
one costs more than finding it."""

_MADE_LIMIT = 4096
"""Answers kept at most (past it, all are dropped)."""


def _answer(kind: str, player: str, cards: tuple[str, ...]) -> Observation:
    """The observation that ``player`` holds none of ``cards`` (kind ``none``), one of
    them (``one``) or the one card in ``cards`` (``shown``), made once."""
    key = (kind, player, cards)
    found = _MADE.get(key)
    if found is None:
        if len(_MADE) >= _MADE_LIMIT:
            _MADE.clear()
        if kind == "none":
            found = HasNone(player, cards)
        elif kind == "one":
            found = HasOneOf(player, cards)
        else:
            found = Shown(player, cards[0])
        _MADE[key] = found
    return found


# Each rule set's reader extends this one; compiled (cluedo.compiled), it must allow that.
@mypyc_attr(allow_interpreted_subclasses=True)
class EventReader:
    """Turns one seat's events into observations; rule sets add their own events.

    ``seat`` is None for a spectator (who holds no hand).
    """

    def __init__(self, seat: int | None, categories: Mapping[str, Sequence[str]]) -> None:
        self.seat = seat
        self.categories = {name: tuple(cards) for name, cards in categories.items()}
        self.known = {c for cards in self.categories.values() for c in cards}
        """Cards in the notebook; others (face up for all) say nothing."""
        self.named: tuple[str, ...] = ()
        """The notebook's cards named by the suggestion being answered."""
        self.players = 0
        self.holding = False
        """Whether facts are kept back now (see :meth:`release`) for the next event not
        of a kind in ``holding_through``: whoever shows this reader only the kinds of
        event it reads must show it that event too, whatever its kind."""
        self.holding_through: frozenset[str] = frozenset()
        self.readers: dict[str, Callable[[Event], list[Reading]]] = {
            "setup": self.on_setup,
            "dealt": self.on_dealt,
            "suggestion": self.on_suggestion,
            "cannot_refute": self.on_cannot_refute,
            "card_shown": self.on_card_shown,
            "accusation": self.on_accusation,
            "envelope_seen": self.on_envelope,
            "game_over": self.on_envelope,
        }

    def read(self, event: Event) -> list[Reading]:
        """The observations ``event`` gives this seat (often none)."""
        kind = event["kind"]
        reader = self.readers.get(kind)
        if self.holding and kind not in self.holding_through:
            held = self.release()
            return held + reader(event) if reader is not None else held
        return reader(event) if reader is not None else []

    def release(self) -> list[Reading]:
        """The facts kept back, given with the event that ends the wait (a reader that
        learns something only once a run of events is over sets ``holding``)."""
        self.holding = False
        return []

    # -- the deal -------------------------------------------------------------------

    def on_setup(self, event: Event) -> list[Reading]:
        sizes = [int(n) for n in event["hand_sizes"]]
        self.players = len(sizes)
        setup = DealSetup.create(
            self.categories, [(str(p), n) for p, n in enumerate(sizes)], self.piles(event)
        )
        out: list[Reading] = [Layout.of_setup(setup)]
        face_up = tuple(c for c in event.get("face_up") or () if c in self.known)
        if face_up:
            out.append(FaceUp(face_up))
        return out

    def piles(self, event: Event) -> dict[str, int]:
        """The hidden piles the set-up makes besides hands and envelope (none here)."""
        return {}

    def on_dealt(self, event: Event) -> list[Reading]:
        if "hand" not in event or event.get("seat") != self.seat:
            return []
        return [Hand(str(event["seat"]), tuple(c for c in event["hand"] if c in self.known))]

    # -- questions and answers ------------------------------------------------------

    def on_suggestion(self, event: Event) -> list[Reading]:
        named = (event["suspect"], event["weapon"], event["room"])
        self.named = tuple(c for c in named if c in self.known)
        return []

    def on_cannot_refute(self, event: Event) -> list[Reading]:
        return [_answer("none", str(event["seat"]), self.named)] if self.named else []

    def on_card_shown(self, event: Event) -> list[Reading]:
        if "card" in event:
            return [_answer("shown", str(event["seat"]), (event["card"],))]
        return [_answer("one", str(event["seat"]), self.named)] if self.named else []

    def on_accusation(self, event: Event) -> list[Reading]:
        if event.get("correct", True):
            return []
        accused = (event["suspect"], event["weapon"], event["room"])
        if not all(c in self.known for c in accused):
            return []  # names a card outside the notebook: says nothing new
        return [WrongAccusation(accused)]

    def on_envelope(self, event: Event) -> list[Reading]:
        inside = event.get("envelope")
        if not isinstance(inside, list | tuple):
            return []
        return [Shown(ENVELOPE, c) for c in inside if c in self.known]
