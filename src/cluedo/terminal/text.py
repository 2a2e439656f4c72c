"""Names for the terminal's panel and menus: who is who, cards, token letters and colours.

Sentences (the log, the questions over menus) come from the presentation layer
(:mod:`cluedo.presentation`); these are the short names the terminal's own
lines need: a seat by its character, a seat with its player, a card with its
article.

>>> from cluedo.content.cards import load_card_set
>>> names = Names(load_card_set("classic", "us"), ["scarlet", "mustard", "white"],
...               ["Ann", "bot (random)", "bot (random)"], viewer=0)
>>> names.seat(1), names.seat_long(0), names.the("rope"), names.the("plum")
('Colonel Mustard', 'Miss Scarlet (Ann)', 'the Rope', 'Professor Plum')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cluedo.content.cards import CardSet, CardSetError

TOKEN_COLOURS = {
    "red": "bold red1",
    "yellow": "bold yellow1",
    "white": "bold bright_white",
    "green": "bold green3",
    "blue": "bold dodger_blue1",
    "magenta": "bold magenta",
}
"""Rich styles for the card set's suspect colours (bright enough on a dark terminal)."""


def token_letters(cards: CardSet) -> dict[str, str]:
    """A distinct capital letter for every suspect, from its id (plum -> L after peacock)."""
    taken: set[str] = set()
    out: dict[str, str] = {}
    for suspect in cards.category("suspect"):
        for ch in suspect.upper() + "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
            if ch.isalpha() and ch not in taken:
                out[suspect] = ch
                taken.add(ch)
                break
    return out


def token_style(cards: CardSet, suspect: str) -> str:
    colour = cards.card(suspect).color
    return TOKEN_COLOURS.get(colour or "", "bold")


def location_name(cards: CardSet, location: Any) -> str:
    """A room's display name, or a corridor square as 'the corridor'."""
    if isinstance(location, str):
        return cards.name(location)
    return "the corridor"


class Names:
    """How seats and cards are called on screen, seen from ``viewer``'s seat."""

    def __init__(
        self,
        cards: CardSet | None,
        characters: Sequence[str],
        players: Sequence[str],
        viewer: int | None,
    ) -> None:
        self.cards = cards
        self.characters = list(characters)
        self.players = list(players)
        self.viewer = viewer

    def seat(self, seat: int) -> str:
        """A seat as its character's name ('Miss Scarlet'), or its player's without one."""
        if seat < len(self.characters):
            return self.card(self.characters[seat])
        return self.players[seat] if seat < len(self.players) else f"seat {seat + 1}"

    def seat_long(self, seat: int) -> str:
        """A seat with who plays it: 'Miss Scarlet (Ann)'."""
        if seat >= len(self.characters) or seat >= len(self.players):
            return self.seat(seat)
        return f"{self.seat(seat)} ({self.players[seat]})"

    def card(self, card: str) -> str:
        """A card's name; a piece that is not a card (a knight, say) by its id."""
        if self.cards is None:
            return card.replace("_", " ")
        try:
            return self.cards.name(card)
        except CardSetError:
            return card.replace("_", " ")

    def the(self, card: str) -> str:
        """A card with the article a sentence needs ('the Rope', 'Mr. Green').

        A name that starts with its own article keeps it in lower case inside a
        sentence ('the Green Knight'); a caller starting a sentence capitalises.
        """
        name = self.card(card)
        if name.startswith("The "):
            return "the " + name[4:]
        if self.cards is None or card not in self.cards.ids:
            return name
        return name if self.cards.category_of(card) == "suspect" else f"the {name}"
