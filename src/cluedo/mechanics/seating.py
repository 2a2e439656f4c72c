"""Who sits where and plays whom, and whose turn is next: shared by every rule set
played with the mansion's characters (and the tables such a game is played with,
:class:`MansionTables`).

>>> assign_characters(None, ("scarlet", "mustard", "white"), 2)
['scarlet', 'mustard']
>>> first_seat(["white", "mustard"], ("scarlet", "mustard", "white"))
1
>>> next_seat(2, 4, out=lambda s: s == 3)
0
>>> from cluedo.engine.state import GameState
>>> state = GameState(players=3, current=2, turn=5)
>>> pass_turn(state, 0, Decision("turn", (0,))).data, state.decisions.to_act()
({'seat': 0, 'turn': 6}, (0,))
>>> first_turn(state, 1, turn_at_start(1)).data, state.decisions.top.context
({'seat': 1, 'turn': 1}, {'stage': 'start'})
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal, Protocol

from pydantic import Field, field_validator

from cluedo.content.board import Board, Square, load_board, shipped_boards
from cluedo.content.cards import CardSet, load_card_set
from cluedo.engine.decisions import Decision
from cluedo.engine.errors import OptionsError
from cluedo.engine.events import Event
from cluedo.engine.ruleset import RuleOptions
from cluedo.engine.state import GameState
from cluedo.mechanics.movement import location_json


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


class TableState(Protocol):
    """What a view of the table reads in a game played with the mansion's characters."""

    players: int
    current: int
    turn: int
    characters: list[str]

    @property
    def positions(self) -> Mapping[str, str | Square]:
        """Where each character's token stands: a room id or a corridor square."""
        ...


class MansionTables:
    """The board and the classic cards a rule set played in the mansion loads once
    per instance, with the cards' three categories; and the part of a view every such
    game shows."""

    board: Board
    cards: CardSet
    suspects: tuple[str, ...]
    weapon_ids: tuple[str, ...]
    rooms: tuple[str, ...]

    def load_tables(self, options: MansionOptions) -> None:
        self.board = load_board(options.board)
        self.cards = load_card_set("classic", options.edition)
        self.suspects = self.cards.category("suspect")
        self.weapon_ids = self.cards.category("weapon")
        self.rooms = self.cards.category("room")

    def table_view(self, state: TableState) -> dict[str, Any]:
        """Board, card names, players, who plays whom, whose turn, and where tokens are."""
        return {
            "board": self.board.id,
            "edition": self.cards.edition,
            "players": state.players,
            "characters": list(state.characters),
            "current": state.current,
            "turn": state.turn,
            "positions": {
                p: loc if type(loc) is str else location_json(loc)
                for p, loc in state.positions.items()
            },
        }


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


def turn_at_start(seat: int) -> Decision:
    """A seat's turn decision at its first stage, ``start``."""
    return Decision("turn", (seat,), {"stage": "start"})


def first_turn(state: GameState, seat: int, decision: Decision) -> Event:
    """Give the first turn to ``seat``: push its turn ``decision`` and announce turn 1."""
    state.current = seat
    state.turn = 1
    state.decisions.push(decision)
    return Event("turn", {"seat": seat, "turn": 1})


def pass_turn(state: GameState, seat: int, decision: Decision) -> Event:
    """Give the next turn to ``seat``: count it, push its turn ``decision`` and
    announce it (the ``turn`` event)."""
    state.current = seat
    state.turn += 1
    state.decisions.push(decision)
    return Event("turn", {"seat": seat, "turn": state.turn})
