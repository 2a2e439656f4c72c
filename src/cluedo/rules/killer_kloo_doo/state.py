"""Killer Kloo Doo's options, state and fixed numbers (rule text 000)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import Field

from cluedo.content.board import Square
from cluedo.engine.state import GameState
from cluedo.mechanics.seating import MansionOptions

Location = str | Square
"""A room id, a corridor square (row, col), or TUNNELS."""

TUNNELS = "tunnels"
"""Where a token taking a secret passage spends the turn between the two rooms."""

DEAL = {2: (8, 2), 3: (5, 3), 4: (4, 2), 5: (3, 3), 6: (2, 6)}
"""Players -> (clue cards in each hand, clue cards face down in the middle)."""

RIGHT_ACCUSATION = 60
WRONG_ACCUSATION = -20
REACH = 2
"""Encounters: another token in your room, or within this many steps."""
WITNESS_REACH = 6
"""No attack with another character within this many steps in a passageway."""
WEAPON_POWER = {
    "revolver": 6,
    "knife": 5,
    "lead_pipe": 5,
    "rope": 4,
    "wrench": 4,
    "candlestick": 2,
}
"""A murder weapon's damage: one die times this."""
SEARCH_TARGET = 7
"""Clearing a room needs two dice totalling at least this."""
OBJECTIVES = 3
WEAPON_ROOM = "lounge"
START_ROOM = "study"
CLEANING_ROOM = "kitchen"
DISPOSAL_ROOM = "hall"

Part = Literal["both", "investigation", "survival"]


class KillerKlooDooOptions(MansionOptions):
    edition: Literal["us", "uk"] = Field("uk", description="card names: the text uses UK names")
    parts: Part = Field(
        "both",
        description="play both parts, only Part 1 (the investigation) or only Part 2 "
        "(the escape, every Part 1 score zero)",
    )
    dice: int = Field(2, ge=1, le=2, description="dice rolled for movement")
    movement: Literal["exact", "up_to"] = Field(
        "exact", description="move exactly the roll (as in the classic game), or up to it"
    )
    turn_limit: int = Field(
        300,
        ge=10,
        le=100_000,
        description="turns per part before it is cut short: Part 1 ends without an "
        "accusation, and in Part 2 the police arrive and nobody escapes",
    )


@dataclass
class KillerKlooDooState(GameState):
    part: int = 1
    part_turns: int = 0
    characters: list[str] = field(default_factory=list)
    """The character each seat plays; the others are non-player characters."""
    positions: dict[str, Location] = field(default_factory=dict)
    """Every living character's token."""
    tunnel_exit: dict[str, str] = field(default_factory=dict)
    """Tokens in the tunnels, and the room each comes out in."""
    deck: list[str] = field(default_factory=list)
    """The face-down playing cards, top last."""
    cards: list[list[str]] = field(default_factory=list)
    """Playing cards in each seat's hand."""
    last_room: list[str | None] = field(default_factory=list)
    """The room each seat last entered: entering it again draws no card."""
    skip: list[int] = field(default_factory=list)
    """Turns each seat will miss (drugged or poisoned)."""
    weapons: dict[str, str] = field(default_factory=dict)
    """Weapons lying in rooms."""
    carried: list[list[str]] = field(default_factory=list)
    # -- Part 1 --
    hands: list[list[str]] = field(default_factory=list)
    """Clue cards in each seat's hand."""
    envelope: tuple[str, ...] = ()
    middle_clues: list[str] = field(default_factory=list)
    middle_weapons: list[str] = field(default_factory=list)
    left_behind: list[dict[str, str]] = field(default_factory=list)
    """Per seat: weapon -> the room it was left in after that seat's suggestion. The seat
    may not pick it up until it has been in a different room, however it got there."""
    accuser: int | None = None
    accusation_right: bool = False
    scores: list[int] = field(default_factory=list)
    """Part 1 scores, once Part 1 is over."""
    suggestions: int = 0
    # -- Part 2 --
    survival: dict[str, int] = field(default_factory=dict)
    dead: list[str] = field(default_factory=list)
    objectives: list[list[str]] = field(default_factory=list)
    achieved: list[list[str]] = field(default_factory=list)
    exposed: list[list[str]] = field(default_factory=list)
    """Playing cards a spy turned face up; they stay visible until used."""
    clean: list[str] = field(default_factory=list)
    """Weapons wiped clean in the Kitchen."""
    gone: list[str] = field(default_factory=list)
    """Weapons thrown out of the front door."""
    materials: list[tuple[str, str] | None] = field(default_factory=list)
    """Per seat: (room, court card) while a servant's cleaning materials are in use."""
    escaping: int | None = None
    """The seat on the staircase with every objective done, waiting for its next turn."""
    stats: dict[str, int] = field(default_factory=dict)
    """Counts for the simulator: contests, bribes, kills ..."""
