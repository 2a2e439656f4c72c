"""The classic game's kinds of event and action, its decisions and the stages of its turn.

Declared once here (see :mod:`cluedo.engine.contracts`); the shared kinds come from
:mod:`cluedo.mechanics.events`.
"""

from __future__ import annotations

from typing import Literal, NotRequired

from typing_extensions import TypedDict

from cluedo.engine.contracts import Contracts, Count, Seat
from cluedo.mechanics import events as shared

ClassicDecision = Literal["turn", "refute"]
"""A player's turn, or a refuter choosing the card to show."""
ClassicStage = Literal["start", "move", "moved", "done"]
"""``start``: roll, take a passage, or suggest where another's suggestion brought you;
``move``: choose where the roll goes; ``moved``: suggest in the room entered, accuse or
end; ``done``: after the suggestion was answered, accuse or end."""


class ClassicSetupEvent(TypedDict):
    """The table is set: who plays which suspect, where each weapon lies, who begins,
    and how many cards each seat holds."""

    kind: Literal["setup"]
    characters: list[str]
    weapons: dict[str, str]
    first: Seat
    hand_sizes: list[Count]


class TokenMovedEvent(TypedDict):
    """A suspect's token was brought into a room: by a suggestion naming it, or off a
    doorway when its player is out (``reason``)."""

    kind: Literal["token_moved"]
    piece: str
    to: str
    reason: NotRequired[Literal["off-doorway"]]


class WeaponMovedEvent(TypedDict):
    """A suggestion brought its weapon into the room."""

    kind: Literal["weapon_moved"]
    weapon: str
    to: str


CASE_EVENTS: tuple[type, ...] = (
    shared.DealtEvent,
    shared.TurnEvent,
    shared.RollEvent,
    shared.BlockedEvent,
    shared.PassageEvent,
    shared.MovedEvent,
    WeaponMovedEvent,
    *shared.QUESTION_EVENTS,
    shared.AccusationEvent,
    shared.EnvelopeSeenEvent,
)
"""What the classic game and its variants share, besides set-up, tokens and the end."""

CLASSIC_ACTIONS: tuple[type, ...] = (
    shared.RollAction,
    shared.PassageAction,
    shared.MoveAction,
    shared.SuggestAction,
    shared.ShowAction,
    shared.AccuseAction,
    shared.EndTurnAction,
)

CONTRACTS = Contracts(
    events=(ClassicSetupEvent, *CASE_EVENTS, TokenMovedEvent, shared.GameOverEvent),
    actions=CLASSIC_ACTIONS,
    decisions=ClassicDecision,
    stages=ClassicStage,
    rare_events={
        "blocked": "every square a roll could reach must be taken, which random play "
        "seldom arranges",
    },
)
