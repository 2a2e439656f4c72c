"""A seat's detective notebook for the page: marks, odds and the person's own marks.

The notebook is the knowledge layer's
:class:`~cluedo.deduction.person.PersonNotebook`, fed the seat's own log
(``Game.log_for``), which the engine has already cut down to what that seat
may see: the page's notebook can never know more than the person, and it is
the same notebook the terminal and the library show for that seat. This
module only turns it into the panel's data, with a person's words for every
card and place (player names as the page shows them, "Envelope", "Clue
pile" ...), and checks the person's own marks before they are kept.

What the table's "notebook odds" setting changes:

- allowed: the marks are *complete* - every certainty that follows from what
  the seat saw, found by the exact count - and each card has the probability
  of each place (exact counts, or a stated estimate where the game's cards
  cannot be counted);
- not allowed: no odds, and the marks are the sound eliminations a careful
  person makes from what they saw (``complete=False``). The deeper
  certainties only a full count finds are an aid, like the odds; a table that
  turns the aid off leaves that reasoning to the players.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from typing import Any

from cluedo.content.cards import CardSet
from cluedo.deduction.person import PersonNotebook
from cluedo.deduction.places import Place
from cluedo.deduction.reading import EventReader
from cluedo.deduction.setup import ENVELOPE, FACE_UP
from cluedo.engine.game import Game
from cluedo.web.guard import WebError
from cluedo.web.messages import Note

log = logging.getLogger("cluedo.web")

PLACE_LABELS: dict[str, str] = {
    ENVELOPE: "Envelope",
    "pile": "Clue pile",
    "middle": "Middle",
    FACE_UP: "Face up",
    "unused": "Unused",
}
"""A person's word for the places that are not seats (others: their id in words)."""

CATEGORY_LABELS = {"suspect": "Suspects", "weapon": "Weapons", "room": "Rooms"}

ENVELOPE_WORDS = {"has": "in", "not": "out", "unknown": "unknown"}
"""A card's envelope mark, as the panel's ``envelope`` says it."""


def card_set_of(rules: Any) -> CardSet | None:
    """The card set a rule set plays with, whatever attribute holds it."""
    cards = getattr(rules, "cards", None)
    if isinstance(cards, CardSet):
        return cards
    return next((v for v in vars(rules).values() if isinstance(v, CardSet)), None)


def in_words(key: str) -> str:
    """An id as words, for anything without a name of its own: ``lead_pipe`` -> ``Lead pipe``."""
    text = key.replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def card_names(game: Game) -> dict[str, str]:
    """The display name of every card of the game's card set."""
    cards = card_set_of(game.rules)
    return {} if cards is None else {c: cards.name(c) for c in cards.ids}


def seat_labels(seats: Sequence[Mapping[str, Any]], names: Mapping[str, str]) -> list[str]:
    """Each seat as the page names it: "Ann (Miss Scarlet)", "Seat 2" while unnamed."""
    out = []
    for seat, info in enumerate(seats):
        who = str(info.get("name") or f"Seat {seat + 1}")
        character = info.get("character")
        played = isinstance(character, str) and character
        if info.get("kind") == "bot":
            # A bot is known by its character, as on the page ("sensible bot" is no name).
            if played:
                out.append(names.get(str(character)) or in_words(str(character)))
            else:
                out.append(f"{str(info.get('bot') or 'a').capitalize()} bot")
            continue
        if played:
            who += f" ({names.get(str(character)) or in_words(str(character))})"
        out.append(who)
    return out


def place_label(place: Place, seats: Sequence[str], names: Mapping[str, str]) -> str:
    """A person's word for a place: a player, the envelope, a pile, a character.

    >>> seats, names = ["Ann (Miss Scarlet)", "Seat 2"], {"plum": "Professor Plum"}
    >>> [place_label(p, seats, names) for p in (1, "pile", "plum", "spare_cards")]
    ['Seat 2', 'Clue pile', 'Professor Plum', 'Spare cards']
    """
    if isinstance(place, int):
        return seats[place] if 0 <= place < len(seats) else f"Seat {place + 1}"
    return PLACE_LABELS.get(place) or names.get(place) or in_words(place)


def new_notebook(
    game: Game, seat: int, complete: bool, notes: Mapping[str, Any] | None = None
) -> PersonNotebook | None:
    """A fresh notebook for ``seat`` (own marks restored from ``notes``), or None when
    the rule set keeps no card notebook."""
    reader = game.rules.card_reader(seat)
    if not isinstance(reader, EventReader):
        return None
    book = PersonNotebook(reader, complete=complete)
    if notes:
        book.load_notes(notes)
    return book


def unavailable(why: str) -> dict[str, Any]:
    return {"available": False, "why": why}


def no_notebook(game: Game) -> dict[str, Any]:
    title = getattr(game.rules, "title", None) or in_words(game.rules_name)
    return unavailable(f"{title} has no detective notebook.")


def panel(
    book: PersonNotebook,
    seats: Sequence[str],
    names: Mapping[str, str],
    with_odds: bool,
) -> dict[str, Any]:
    """The notebook panel's data: cards, places, marks, envelope, odds and own marks.

    Per card, ``marks``, ``odds`` and ``own`` are lists in the order of
    ``places``; ``odds`` is there only when the table allows it. A certainty is
    exactly 1 or 0.
    """
    if not book.started:
        return unavailable("The cards have not been dealt yet.")
    places = book.places
    cards = book.cards
    with_envelope = ENVELOPE in places
    out: dict[str, Any] = {
        "available": True,
        "seat": book.seat,
        "places": [
            {
                "place": p,
                "label": place_label(p, seats, names),
                "kind": "seat" if isinstance(p, int) else p if p == ENVELOPE else "other",
                "you": p == book.seat,
            }
            for p in places
        ],
        "categories": [
            {"id": c, "label": CATEGORY_LABELS.get(c) or in_words(c)} for c in book.categories
        ],
        "cards": [
            {"id": c, "name": names.get(c) or in_words(c), "category": category}
            for category, members in book.categories.items()
            for c in members
        ],
        "marks": {c: [book.mark(c, p) for p in places] for c in cards},
        "complete": book.complete,
        "odds_allowed": with_odds,
        "odds": None,
        "exact": None,
        "estimate_note": None,
    }
    if with_envelope:
        column = places.index(ENVELOPE)
        out["envelope"] = {c: ENVELOPE_WORDS[out["marks"][c][column]] for c in cards}
        out["solution"] = [c for c in cards if out["envelope"][c] == "in"]
    else:
        out["envelope"] = None
        out["solution"] = []
    if with_odds:
        out["odds"] = {c: _odds(book.odds(c), places) for c in cards}
        out["exact"] = book.exact
        if not book.exact:
            out["estimate_note"] = _estimate_note(book.why_estimated)
    out["own"] = own_marks(book)
    return out


def _odds(odds: Mapping[Place, float], places: Sequence[Place]) -> list[float]:
    return [round(float(odds.get(p, 0.0)), 4) for p in places]


def _estimate_note(why: str | None) -> str:
    """Why the odds are estimates, for a person (the knowledge layer says why)."""
    reason = f": {why.strip().rstrip('.')}" if why else ""
    return f"The odds are estimates{reason}. The ✓ and ✗ marks are still certain."


def own_marks(book: PersonNotebook) -> dict[str, Any]:
    """The person's own marks: per card, one text per place ("" for none), and notes."""
    places = book.places
    cells: dict[str, list[str]] = {}
    for (card, place), text in book.cell_notes.items():
        if place in places and not isinstance(place, bool):
            row = cells.setdefault(card, [""] * len(places))
            row[places.index(place)] = text
    return {"cells": cells, "notes": dict(book.notes)}


def checked_note(book: PersonNotebook, note: Note) -> tuple[str, Place | None, str]:
    """The card, place (None: the card's note) and text of a ``note`` message, or
    :class:`WebError` if this notebook has no such card or place (the message's
    shape and text were checked by :class:`cluedo.web.messages.Note`)."""
    if note.card not in book.cards:
        raise WebError(f"no card {note.card!r} in this notebook", "bad-note", "a card's id")
    if note.place is not None and note.place not in book.places:
        allowed = ", ".join(map(str, book.places))
        raise WebError(f"no place {note.place!r} in this notebook", "bad-note", allowed)
    return note.card, note.place, note.text


class SeatNotebook:
    """One seat's notebook at a table, following the game's log a few events at a time.

    Everything that reads or changes :attr:`book` runs under :attr:`lock`, so the
    panel may be drawn in a worker thread while the table plays on.
    """

    def __init__(self, seat: int, book: PersonNotebook | None, why: str | None = None) -> None:
        self.seat = seat
        self.book = book
        self.why = why
        """Why there is no notebook to show (None while there is one)."""
        self.log: list[dict[str, Any]] = []
        """The seat's own log as far as read."""
        self.read = 0
        """How many of the game's events the log covers."""
        self.lock = asyncio.Lock()
        self.drawn: tuple[int, dict[str, Any]] | None = None
        """The last panel drawn and the number of game events it knew."""

    def draw(
        self,
        new: Sequence[dict[str, Any]],
        upto: int,
        seats: Sequence[str],
        names: Mapping[str, str],
        with_odds: bool,
    ) -> dict[str, Any]:
        """Read ``new`` (the seat's events up to the game's ``upto``-th), then the panel."""
        if self.book is None or self.why is not None:
            return unavailable(self.why or "This game has no detective notebook.")
        try:
            self.log.extend(new)
            self.read = upto
            self.book.update(self.log)
            data = {**panel(self.book, seats, names, with_odds), "log_end": upto}
        except Exception:  # a fault in the notebook must not cost the seat its game
            log.exception("seat %s: the notebook could not follow the game", self.seat)
            self.why = (
                "The notebook could not follow this game (a fault in the notebook; "
                "the game itself is not affected)."
            )
            return unavailable(self.why)
        self.drawn = (upto, data)
        return data
