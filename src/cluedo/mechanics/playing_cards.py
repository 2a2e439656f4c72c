"""A deck of 52 playing cards: ids, suits, values, and a draw pile that owns its order.

Cards are ids like ``"10H"`` or ``"QS"``: the rank (2-10, J, Q, K, A) then the
suit (S, H, D, C). Values for comparing cards follow the usual variant scale:
an Ace is the highest card at 20, 2-10 count their number, Jack 12, Queen 13,
King 15.

>>> value("AS"), value("10D"), value("QH")
(20, 10, 13)
>>> suit("QH"), is_court("QH"), is_court("AH")
('H', True, False)
>>> len(full_deck()), full_deck()[:3]
(52, ['2S', '3S', '4S'])
>>> import random
>>> deck = Deck(random.Random(1))
>>> card = deck.draw()
>>> len(deck), card in full_deck()
(51, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

SUITS = ("S", "H", "D", "C")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
COURT = frozenset({"J", "Q", "K"})
VALUES = {**{str(n): n for n in range(2, 11)}, "J": 12, "Q": 13, "K": 15, "A": 20}


def full_deck() -> list[str]:
    """Every card once, suit by suit, in rank order."""
    return [rank + s for s in SUITS for rank in RANKS]


def rank(card: str) -> str:
    return card[:-1]


def suit(card: str) -> str:
    return card[-1]


def value(card: str) -> int:
    """The card's worth when two cards are compared, or a score is counted."""
    return VALUES[card[:-1]]


def is_court(card: str) -> bool:
    """Jack, Queen or King."""
    return card[:-1] in COURT


def is_ace(card: str) -> bool:
    return card[:-1] == "A"


def of_suit(cards: Iterable[str], wanted: str) -> list[str]:
    """The cards of one suit, in the order given."""
    return [c for c in cards if c[-1] == wanted]


def total(cards: Iterable[str]) -> int:
    return sum(value(c) for c in cards)


def label(card: str) -> str:
    """A card as people read it: ``Q♥``."""
    return rank(card) + SUIT_SYMBOLS[suit(card)]


def is_card(text: object) -> bool:
    return isinstance(text, str) and len(text) >= 2 and text[-1] in SUITS and text[:-1] in VALUES


class Deck:
    """A face-down draw pile. Cards played go back in at random places.

    The deck holds its order as a list (top = last element) so that a game's
    state stays plain data; the game's own generator does every shuffle.
    """

    def __init__(self, rng: random.Random, cards: Sequence[str] | None = None) -> None:
        self.cards = list(full_deck() if cards is None else cards)
        rng.shuffle(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def draw(self) -> str | None:
        """The top card, or None if the pile is empty."""
        return self.cards.pop() if self.cards else None

    def shuffle_in(self, cards: Iterable[str], rng: random.Random) -> None:
        """Put ``cards`` back and shuffle the whole pile."""
        self.cards.extend(cards)
        rng.shuffle(self.cards)
