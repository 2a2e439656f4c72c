"""Who sits where and plays whom, and whose turn is next: shared by every rule set
played with the mansion's characters.

>>> assign_characters(None, ("scarlet", "mustard", "white"), 2)
['scarlet', 'mustard']
>>> first_seat(["white", "mustard"], ("scarlet", "mustard", "white"))
1
>>> next_seat(2, 4, out=lambda s: s == 3)
0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

from pydantic import Field, field_validator

from cluedo.content.board import shipped_boards
from cluedo.engine.errors import OptionsError
from cluedo.engine.ruleset import RuleOptions


class MansionOptions(RuleOptions):
    """Options every game on a board with the classic characters shares."""

    edition: Literal["us", "uk"] = Field("us", description="card names: US or UK edition")
    characters: tuple[str, ...] | None = Field(
        None,
        description="the character each seat plays, in seat order; default: the first "
        "characters in turn order (Scarlet, Mustard, White, Green, Peacock, Plum)",
    )
    board: str = Field("classic", description="name of a board shipped in the package")

    @field_validator("board")
    @classmethod
    def _shipped(cls, value: str) -> str:
        # Only boards shipped in the package: options arrive from saves and from the
        # protocol, and must never make the engine open an arbitrary file.
        boards = shipped_boards()
        if value not in boards:
            raise ValueError(f"unknown board {value!r}; boards: {', '.join(boards)}")
        return value

    @field_validator("characters")
    @classmethod
    def _distinct(cls, value: tuple[str, ...] | None) -> tuple[str, ...] | None:
        if value is not None and len(set(value)) != len(value):
            raise ValueError("each seat needs a different character")
        return value


def assign_characters(
    chosen: Sequence[str] | None, characters: Sequence[str], players: int
) -> list[str]:
    """The character of each seat: as chosen, or the first ones in turn order."""
    if chosen is None:
        return list(characters[:players])
    unknown = [c for c in chosen if c not in characters]
    if len(chosen) != players or unknown:
        raise OptionsError(
            f"characters must name {players} different characters"
            + (f" (unknown: {', '.join(unknown)})" if unknown else "")
            + f"; characters: {', '.join(characters)}"
        )
    return list(chosen)


def first_seat(seated: Sequence[str], turn_order: Sequence[str]) -> int:
    """The seat whose character comes first in turn order (Scarlet, if anyone plays her)."""
    return min(range(len(seated)), key=lambda s: turn_order.index(seated[s]))


def next_seat(current: int, players: int, out: Callable[[int], bool]) -> int:
    """The next seat clockwise (seat order) that is not ``out``; ``current`` if all are."""
    seat = current
    for _ in range(players):
        seat = (seat + 1) % players
        if not out(seat):
            return seat
    return current
