"""How a game's seats, characters, cards and places are called, seen from one viewer.

:class:`Names` is the grammar every rule set's words share: the viewer is
"you" (with verbs that agree: "you show", "Miss Scarlet shows"), other seats
are their character's name (or their player's name where there are no
characters), cards have the names of the rule set's card set in its edition,
rooms that are not cards (a staircase chamber) are named from the board, and
playing cards read as "Queen of Hearts (13)". Nothing here ever shows a seat's
number or a raw id.

>>> from cluedo.content.cards import load_card_set
>>> names = Names(load_card_set("classic", "us"), ["scarlet", "mustard"], viewer=0)
>>> names.subject(0), names.subject(1), names.verb(0, "show"), names.verb(1, "show")
('You', 'Colonel Mustard', 'show', 'shows')
>>> names.the("rope"), names.the("plum"), names.room("lounge")
('the Rope', 'Professor Plum', 'the Lounge')
>>> names.playing_card("QH"), names.listing(["a", "b", "c"])
('Queen of Hearts (13)', 'a, b and c')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cluedo.content.board import Board, BoardFormatError, Door, Square, load_board
from cluedo.content.cards import CardSet, CardSetError, load_card_set
from cluedo.mechanics.playing_cards import SUIT_NAMES, is_card, rank, suit, value

RANK_NAMES = {
    "2": "Two",
    "3": "Three",
    "4": "Four",
    "5": "Five",
    "6": "Six",
    "7": "Seven",
    "8": "Eight",
    "9": "Nine",
    "10": "Ten",
    "J": "Jack",
    "Q": "Queen",
    "K": "King",
    "A": "Ace",
}
NUMBER_WORDS = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
)
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def capital(text: str) -> str:
    """The text with its first letter made a capital (the rest untouched).

    >>> capital("the Rope is moved"), capital("")
    ('The Rope is moved', '')
    """
    return text[:1].upper() + text[1:]


def humanise(key: str) -> str:
    """An id or key made readable when nothing better is known: ``lead_pipe`` -> ``lead pipe``.

    >>> humanise("billiard_room"), humanise("per-card")
    ('billiard room', 'per card')
    """
    return key.replace("_", " ").replace("-", " ").replace(":", " ").strip()


def plural(count: int, one: str, many: str | None = None) -> str:
    """A count with its noun: ``1 square``, ``3 squares``.

    >>> plural(1, "square"), plural(3, "box", "boxes"), plural(0, "card")
    ('1 square', '3 boxes', '0 cards')
    """
    return f"{count} {one if count == 1 else (many or one + 's')}"


def third_person(plain: str) -> str:
    """A verb as a third person uses it: ``show`` -> ``shows``, ``try`` -> ``tries``.

    >>> [third_person(v) for v in ("show", "try", "miss", "reach", "go", "have", "are")]
    ['shows', 'tries', 'misses', 'reaches', 'goes', 'has', 'is']
    """
    irregular = {"have": "has", "are": "is", "be": "is", "do": "does", "go": "goes"}
    if plain in irregular:
        return irregular[plain]
    if plain.endswith(("s", "sh", "ch", "x", "z", "o")):
        return plain + "es"
    if plain.endswith("y") and plain[-2:-1] not in ("a", "e", "i", "o", "u"):
        return plain[:-1] + "ies"
    return plain + "s"


class Names:
    """The names of one game's seats, cards and places, as ``viewer`` reads them.

    ``cards`` is the rule set's card set (None: a game without one);
    ``characters`` the character (a card id, or already a name) each seat plays;
    ``players`` the players' own names, used where a seat has no character and
    in :meth:`seat_long`; ``viewer`` the seat reading (None: a spectator);
    ``board`` names rooms that are not cards and describes corridor squares;
    ``named`` gives names for ids that are no card (a rule set's own places);
    ``bare`` lists the ids named without an article ("with Black Magic").
    """

    def __init__(
        self,
        cards: CardSet | None,
        characters: Sequence[str],
        players: Sequence[str] = (),
        viewer: int | None = None,
        board: Board | None = None,
        named: Mapping[str, str] | None = None,
        bare: frozenset[str] = frozenset(),
    ) -> None:
        self.cards = cards
        self.characters = list(characters)
        self.players = list(players)
        self.viewer = viewer
        self.board = board
        self.named = dict(named or {})
        self.bare = bare

    @classmethod
    def from_view(
        cls,
        view: Mapping[str, Any],
        viewer: int | None,
        players: Sequence[str] = (),
        named: Mapping[str, str] | None = None,
        bare: frozenset[str] = frozenset(),
    ) -> Names:
        """Names read from any view of the game (its ``characters``, ``card_set``,
        ``edition`` and ``board``); ``players`` are the people's names, if known."""
        return cls(
            card_set_of(view),
            [str(c) for c in view.get("characters") or []],
            players,
            viewer,
            board_of(view),
            named,
            bare,
        )

    def seen_by(self, viewer: int | None) -> Names:
        """The same names read by another seat (or a spectator)."""
        return Names(
            self.cards, self.characters, self.players, viewer, self.board, self.named, self.bare
        )

    # -- seats ------------------------------------------------------------------------

    def seat(self, seat: int) -> str:
        """A seat by its character's name ('Miss Scarlet') or its player's name."""
        if 0 <= seat < len(self.characters):
            return self.card(self.characters[seat])
        if 0 <= seat < len(self.players):
            return self.players[seat]
        word = ORDINALS[seat] if 0 <= seat < len(ORDINALS) else "next"
        return f"the {word} player"

    def seat_long(self, seat: int) -> str:
        """A seat with who plays it: 'Miss Scarlet (Ann)'; just the name if they are one."""
        name = self.seat(seat)
        if 0 <= seat < len(self.players) and self.players[seat] != name:
            return f"{name} ({self.players[seat]})"
        return name

    def is_viewer(self, seat: Any) -> bool:
        return isinstance(seat, int) and seat == self.viewer

    def subject(self, seat: int) -> str:
        """A seat starting a sentence: 'You' or 'Miss Scarlet'."""
        return "You" if seat == self.viewer else capital(self.seat(seat))

    def object(self, seat: int) -> str:
        """A seat after a verb: 'you' or 'Miss Scarlet'."""
        return "you" if seat == self.viewer else self.seat(seat)

    def possessive(self, seat: int, start: bool = False) -> str:
        """Whose: 'your' ('Your' to start a sentence) or "Miss Scarlet's"."""
        if seat == self.viewer:
            return "Your" if start else "your"
        name = self.seat(seat)
        return capital(name) + "'s" if start else name + "'s"

    def verb(self, seat: int | None, plain: str, third: str | None = None) -> str:
        """The verb agreeing with a seat: 'show' for you, 'shows' for anyone else."""
        if seat is not None and seat == self.viewer:
            return "are" if plain == "be" else plain
        return third or third_person(plain)

    def says(self, seat: int, plain: str, rest: str = "", third: str | None = None) -> str:
        """A whole clause: subject, agreeing verb and the rest ('You show the Rope').

        >>> Names(None, [], ["Ann", "Bo"], viewer=0).says(1, "try", "to grab a weapon")
        'Bo tries to grab a weapon'
        """
        clause = f"{self.subject(seat)} {self.verb(seat, plain, third)}"
        return f"{clause} {rest}" if rest else clause

    def seat_of(self, character: str) -> int | None:
        """The seat playing a character, or None if nobody does."""
        try:
            return self.characters.index(character)
        except ValueError:
            return None

    def person(self, character: str) -> str:
        """A character after a verb: 'you' if it is the viewer's own, else its name."""
        seat = self.seat_of(character)
        return "you" if seat is not None and seat == self.viewer else self.card(character)

    def person_subject(self, character: str) -> str:
        """A character starting a sentence: 'You' or its name."""
        return capital(self.person(character)).replace("You's", "Your")

    def person_says(
        self, character: str, plain: str, rest: str = "", third: str | None = None
    ) -> str:
        """A clause about a character, verb agreeing: 'You attack', 'Mrs White attacks'."""
        seat = self.seat_of(character)
        if seat is not None:
            return self.says(seat, plain, rest, third)
        return self.card_says(character, plain, rest, third)

    def card_says(self, card: str, plain: str, rest: str = "", third: str | None = None) -> str:
        """A clause whose subject is a card or an unplayed character: 'The Rope is moved'."""
        clause = f"{capital(self.the(card))} {third or third_person(plain)}"
        return f"{clause} {rest}" if rest else clause

    def person_possessive(self, character: str, start: bool = False) -> str:
        seat = self.seat_of(character)
        if seat is not None:
            return self.possessive(seat, start)
        name = self.card(character) + "'s"
        return capital(name) if start else name

    # -- cards and places -------------------------------------------------------------

    def card(self, card: str) -> str:
        """A card's name in the edition played (a name that is no card stays as it is)."""
        if card in self.named:
            return self.named[card]
        if self.cards is not None:
            try:
                return self.cards.name(card)
            except CardSetError:
                pass
        if self.board is not None and card in self.board.rooms:
            return room_title(card)
        return card if " " in card or card[:1].isupper() else humanise(card)

    def category(self, card: str) -> str | None:
        if self.cards is None:
            return None
        try:
            return self.cards.category_of(card)
        except CardSetError:
            return None

    def the(self, card: str) -> str:
        """A card as a sentence needs it: 'the Rope', 'Miss Scarlet', 'the Lounge'."""
        name = self.card(card)
        if name.startswith("The "):
            return "the " + name[4:]
        if card in self.bare or self.category(card) == "suspect" or card in self.characters:
            return name
        if name.startswith("the "):
            return name
        return f"the {name}"

    def room(self, room: str) -> str:
        """A room with its article: 'the Lounge', 'the chamber with the Staircase'."""
        return self.the(room)

    def cards_named(self, cards: Iterable[str], article: bool = False) -> str:
        """Cards as a list in words: 'Rope, Lounge and Miss Scarlet' ('nothing' if none);
        with ``article``: 'the Rope, the Lounge and Miss Scarlet'."""
        names = [self.the(c) if article else _lower_the(self.card(c)) for c in cards]
        return self.listing(names) if names else "nothing"

    def a_card(self, card: str) -> str:
        """A card as a thing held or shown: 'the Rope', 'the Miss Scarlet card'.

        A character's card is called a card, so that "Colonel Mustard shows Miss
        Scarlet the Miss Scarlet card" cannot be misread.
        """
        if self.category(card) == "suspect" or card in self.characters:
            return f"the {_lower_the(self.card(card))} card".replace("the the ", "the ")
        return self.the(card)

    def cards_held(self, cards: Iterable[str]) -> str:
        """Cards held or shown, as a list: 'the Rope and the Miss Scarlet card'."""
        names = [self.a_card(c) for c in cards]
        return self.listing(names) if names else "nothing"

    def location(self, where: Any) -> str:
        """Where a token stands: 'the Lounge', or a corridor square near a room."""
        if isinstance(where, str):
            return self.room(where)
        if isinstance(where, (list, tuple)) and len(where) == 2:
            return self.square(where)
        return "somewhere on the board"

    def square(self, square: Sequence[int], precise: bool = False) -> str:
        """A corridor square in words: 'the corridor by the Lounge'.

        ``precise`` tells it apart from every other square, for a menu: 'the
        corridor 2 squares north and 1 east of the Lounge door', counted from
        the corridor square in front of the nearest door.
        """
        here = (int(square[0]), int(square[1]))
        door = self.nearest_door(here)
        if door is None:
            return "a corridor square"
        room = self.room(door.room)
        if not precise:
            return f"the corridor by {room}"
        rows, cols = here[0] - door.corridor[0], here[1] - door.corridor[1]
        steps = [
            f"{plural(abs(rows), 'square')} {'south' if rows > 0 else 'north'}" if rows else "",
            f"{plural(abs(cols), 'square')} {'east' if cols > 0 else 'west'}" if cols else "",
        ]
        away = " and ".join(s for s in steps if s)
        if not away:
            return f"the corridor at {room} door"
        return f"the corridor {away} of {room} door"

    def nearest_door(self, square: Square) -> Door | None:
        """The door whose corridor square is nearest a square (as the crow flies)."""
        board = self.board
        if board is None or not board.doors:
            return None
        return min(
            board.doors,
            key=lambda d: (
                abs(d.corridor[0] - square[0]) + abs(d.corridor[1] - square[1]),
                d.room,
                d.corridor,
            ),
        )

    def nearest_room(self, square: Square) -> str | None:
        """The room whose door is nearest a corridor square."""
        door = self.nearest_door(square)
        return door.room if door is not None else None

    @staticmethod
    def playing_card(card: str) -> str:
        """A playing card by name with its value: 'Queen of Hearts (13)'."""
        if not is_card(card):
            return humanise(card)
        r = rank(card)
        return f"{RANK_NAMES.get(r, r)} of {SUIT_NAMES[suit(card)].title()} ({value(card)})"

    def playing_cards(self, cards: Iterable[str], article: bool = False) -> str:
        """Playing cards as a list in words ('the Two of Clubs (2) and ...' with ``article``)."""
        names = [("the " if article else "") + self.playing_card(c) for c in cards]
        return self.listing(names) if names else "nothing"

    @staticmethod
    def listing(items: Sequence[str], last: str = "and") -> str:
        """Words joined as people write them: 'a', 'a and b', 'a, b and c'."""
        items = list(items)
        if not items:
            return ""
        if len(items) == 1:
            return items[0]
        return f"{', '.join(items[:-1])} {last} {items[-1]}"

    @staticmethod
    def count(count: int, one: str, many: str | None = None) -> str:
        """A small count in words: 'one clue card', 'three gems', 'no cards' (13 up in digits)."""
        noun = one if count == 1 else (many or one + "s")
        word = NUMBER_WORDS[count] if 0 <= count < len(NUMBER_WORDS) else str(count)
        return f"{word} {noun}"


def _lower_the(name: str) -> str:
    """A name inside a sentence: 'The Green Knight' -> 'the Green Knight'."""
    return "the " + name[4:] if name.startswith("The ") else name


def room_title(room: str) -> str:
    """A room that is no card, by its id: ``staircase`` -> ``Staircase``."""
    return humanise(room).title()


def card_set_of(view: Mapping[str, Any]) -> CardSet | None:
    """The view's card set (``card_set``, by default the classic set) in its ``edition``."""
    if not any(k in view for k in ("card_set", "edition", "board")):
        return None
    name = view.get("card_set") if isinstance(view.get("card_set"), str) else "classic"
    edition = view.get("edition") if isinstance(view.get("edition"), str) else None
    try:
        return load_card_set(str(name), edition)
    except CardSetError:
        try:
            return load_card_set(str(name))
        except CardSetError:
            return None


_BOARDS: dict[str, Board | None] = {}


def board_of(view: Mapping[str, Any]) -> Board | None:
    """The view's board, if it names one shipped in the package."""
    name = view.get("board")
    if not isinstance(name, str):
        return None
    if name not in _BOARDS:
        try:
            _BOARDS[name] = load_board(name)
        except (BoardFormatError, OSError, ValueError):
            _BOARDS[name] = None
    return _BOARDS[name]
