"""Content: boards and card sets, shipped as data files and loaded with validation."""

from cluedo.content.board import Board, BoardFormatError, Door, Room, Square, load_board
from cluedo.content.cards import Card, CardSet, CardSetError, load_card_set

__all__ = [
    "Board",
    "BoardFormatError",
    "Card",
    "CardSet",
    "CardSetError",
    "Door",
    "Room",
    "Square",
    "load_board",
    "load_card_set",
]
