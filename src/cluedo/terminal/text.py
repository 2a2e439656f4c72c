"""Words for the terminal game: who is who, and each logged event as a sentence.

Everything here works from what a seat's view shows (its log entries are
already redacted by the engine), so it cannot reveal more than the seat knows.

>>> from cluedo.content.cards import load_card_set
>>> names = Names(load_card_set("classic", "us"), ["scarlet", "mustard", "white"],
...               ["Ann", "bot (random)", "bot (random)"], viewer=0)
>>> names.describe({"kind": "roll", "seat": 1, "roll": 4})
'Colonel Mustard rolled 4.'
>>> names.describe({"kind": "card_shown", "seat": 2, "to": 0, "card": "rope"})
'Mrs. White showed you the Rope.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
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

    # -- a seat in a sentence: "you" for the viewer, the character's name for others --

    def subject(self, seat: int) -> str:
        """A seat at the start of a sentence: 'You' or 'Miss Scarlet'."""
        return "You" if seat == self.viewer else self.seat(seat)

    def object(self, seat: int) -> str:
        """A seat after a verb: 'you' or 'Miss Scarlet'."""
        return "you" if seat == self.viewer else self.seat(seat)

    def possessive(self, seat: int | None, start: bool = False) -> str:
        """Whose: 'your' (or 'Your' to start a sentence) or "Miss Scarlet's"."""
        if seat is None:
            return "Their" if start else "their"
        if seat == self.viewer:
            return "Your" if start else "your"
        return f"{self.seat(seat)}'s"

    def verb(self, seat: int | None, plain: str, third: str | None = None) -> str:
        """The verb agreeing with the seat: 'roll' for you, 'rolls' for another seat."""
        if seat == self.viewer:
            return plain
        if third is not None:
            return third
        if plain.endswith(("s", "sh", "ch", "x", "z")):
            return plain + "es"
        if plain.endswith("y") and plain[-2:-1] not in "aeiou":
            return plain[:-1] + "ies"
        return plain + "s"

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
        """A card with the article a sentence needs ('the Rope', 'Mr. Green')."""
        name = self.card(card)
        if self.cards is None or card not in self.cards.ids:
            return name
        return name if self.cards.category_of(card) == "suspect" else f"the {name}"

    def _to(self, seat: int) -> str:
        return "you" if seat == self.viewer else self.seat(seat)

    def describe(
        self,
        event: Mapping[str, Any],
        other: Callable[[Mapping[str, Any], int | None], str] | None = None,
    ) -> str | None:
        """One event as a sentence, or None for book-keeping events not worth a line.

        ``other`` words the events this list does not know (a variant's own).
        """
        kind = event["kind"]
        seat = event.get("seat")
        who = self.subject(seat) if isinstance(seat, int) else ""
        if kind == "setup":
            return "The game begins: the weapons are hidden in the rooms."
        if kind == "dealt":
            if "hand" not in event:
                return None
            return "You were dealt: " + ", ".join(self.card(c) for c in event["hand"]) + "."
        if kind == "turn":
            return f"-- Turn {event['turn']}: {self.seat_long(event['seat'])} --"
        if kind == "roll":
            return f"{who} rolled {event['roll']}."
        if kind == "blocked":
            return f"{who} rolled {event['roll']} but cannot move."
        if kind == "moved":
            to = event["to"]
            if isinstance(to, str):
                return f"{who} went into the {self.card(to)}."
            steps = event["steps"]
            return f"{who} moved {steps} square{'s' if steps != 1 else ''}."
        if kind == "passage":
            return (
                f"{who} took the secret passage from the {self.card(event['from'])} "
                f"to the {self.card(event['to'])}."
            )
        if kind == "suggestion":
            return (
                f"{who} {self.verb(seat, 'suggest')} {self.the(event['suspect'])} with "
                f"{self.the(event['weapon'])} in the {self.card(event['room'])}."
            )
        if kind == "token_moved":
            to = event["to"]
            if not isinstance(to, str):  # a square: back to a start square, say
                why = " after a wrong bluff call" if event.get("reason") == "wrong-call" else ""
                return f"{self.card(event['piece'])} goes back to square {to[0]},{to[1]}{why}."
            why = " (off the doorway)" if event.get("reason") == "off-doorway" else ""
            return f"{self.card(event['piece'])} is moved to the {self.card(to)}{why}."
        if kind == "weapon_moved":
            weapon = self.the(event["weapon"])
            return f"{weapon[0].upper()}{weapon[1:]} is moved to the {self.card(event['to'])}."
        if kind == "must_refute":
            return None
        if kind == "cannot_refute":
            return f"{who} cannot refute."  # "cannot" agrees with every subject
        if kind == "not_refuted":
            return "Nobody could refute the suggestion."
        if kind == "card_shown":
            if "card" in event:
                if event["to"] == self.viewer:
                    return f"{who} showed you {self.the(event['card'])}."
                return f"{who} showed {self.the(event['card'])} to {self.seat(event['to'])}."
            return f"{who} showed {self._to(event['to'])} a card."
        if kind == "accusation":
            out = "you are" if seat == self.viewer else "is"
            verdict = "right!" if event["correct"] else f"wrong, and {out} out of the game."
            return (
                f"{who} {self.verb(seat, 'accuse').upper()} {self.the(event['suspect'])} with "
                f"{self.the(event['weapon'])} in the {self.card(event['room'])}: {verdict}"
            )
        if kind == "envelope_seen":
            if "envelope" not in event:
                return None
            return (
                "You look in the envelope: "
                + ", ".join(self.card(c) for c in event["envelope"])
                + "."
            )
        if kind == "game_over":
            if event["outcome"] == "solved":
                winners = ", ".join(self.seat_long(s) for s in event["winners"])
                return f"Game over: {winners} solved the case."
            if event.get("winners"):
                winners = ", ".join(self.seat_long(s) for s in event["winners"])
                return f"Game over: {winners} won ({str(event['outcome']).replace('-', ' ')})."
            return "Game over: nobody solved the case."
        return other(event, self.viewer) if other is not None else f"({kind})"
