"""The kinds of event and action that several rule sets share, declared once.

Rule sets list these in their own :class:`~cluedo.engine.contracts.Contracts`
(``rules/<name>/events.py``) beside the kinds that are theirs alone. Each is the
JSON a seat receives (an event) or sends (an action); see
:mod:`cluedo.engine.contracts` for how they are declared and checked.

>>> from cluedo.engine.contracts import Contracts
>>> shared = Contracts(events=QUESTION_EVENTS, actions=[ShowAction])
>>> shared.event_problems({"kind": "card_shown", "seat": 2, "to": 0})
[]
>>> shared.event_problems({"kind": "card_shown", "seat": 2, "to": 0, "card": 7})
["card_shown: 'card' must be a string, got an integer"]
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from cluedo.engine.contracts import SECRET, Count, Location, Seat

Die = Annotated[int, Field(ge=1, le=6)]
"""One six-sided die."""
Turn = Annotated[int, Field(ge=1)]
"""A turn's number, from 1."""

# -- turns, deals and dice ------------------------------------------------------------


class TurnEvent(TypedDict):
    """A seat's turn begins."""

    kind: Literal["turn"]
    seat: Seat
    turn: Turn


class DealtEvent(TypedDict):
    """A seat is dealt its hand; only that seat sees the cards (a private event)."""

    kind: Literal["dealt"]
    seat: Seat
    hand: NotRequired[Annotated[list[str], SECRET]]


class RollEvent(TypedDict):
    """A seat rolled the die to move."""

    kind: Literal["roll"]
    seat: Seat
    roll: Die


class DiceRollEvent(TypedDict):
    """A seat rolled the movement dice: each die, and their total."""

    kind: Literal["roll"]
    seat: Seat
    dice: list[Die]
    roll: Count


# -- moving -----------------------------------------------------------------------------


class MovedEvent(TypedDict):
    """A seat's token moved to a room or a corridor square, using ``steps`` of its roll."""

    kind: Literal["moved"]
    seat: Seat
    to: Location
    steps: Count


PassageEvent = TypedDict(
    "PassageEvent",
    {"kind": Literal["passage"], "seat": Seat, "from": str, "to": str},
)
PassageEvent.__doc__ = "A seat took the secret passage from one room to another."


class BlockedEvent(TypedDict):
    """A seat's roll reached nowhere it could go."""

    kind: Literal["blocked"]
    seat: Seat
    roll: Count


class StayedEvent(TypedDict):
    """A seat chose not to move."""

    kind: Literal["stayed"]
    seat: Seat


# -- questions and answers -----------------------------------------------------------


class SuggestionEvent(TypedDict):
    """A seat asks the table about a suspect, a weapon and the room it is in."""

    kind: Literal["suggestion"]
    seat: Seat
    suspect: str
    weapon: str
    room: str


class CannotRefuteEvent(TypedDict):
    """``seat`` holds none of the cards ``suggester`` named."""

    kind: Literal["cannot_refute"]
    seat: Seat
    suggester: Seat


class MustRefuteEvent(TypedDict):
    """``seat`` holds a card ``suggester`` named and must show one."""

    kind: Literal["must_refute"]
    seat: Seat
    suggester: Seat


class NotRefutedEvent(TypedDict):
    """Nobody could answer ``seat``'s question."""

    kind: Literal["not_refuted"]
    seat: Seat


class CardShownEvent(TypedDict):
    """``seat`` showed ``to`` a card; only the two of them see which."""

    kind: Literal["card_shown"]
    seat: Seat
    to: Seat
    card: NotRequired[Annotated[str, SECRET]]


QUESTION_EVENTS: tuple[type, ...] = (
    SuggestionEvent,
    CannotRefuteEvent,
    MustRefuteEvent,
    NotRefutedEvent,
    CardShownEvent,
)
"""A question put to the table and its answer (:mod:`cluedo.mechanics.questions`)."""

# -- accusations ------------------------------------------------------------------------


class AccusationEvent(TypedDict):
    """A seat named the three cards it believes are in the envelope."""

    kind: Literal["accusation"]
    seat: Seat
    suspect: str
    weapon: str
    room: str
    correct: bool


class EnvelopeSeenEvent(TypedDict):
    """A wrong accuser looks into the envelope; only it sees the cards."""

    kind: Literal["envelope_seen"]
    seat: Seat
    envelope: NotRequired[Annotated[list[str], SECRET]]


class GameOverEvent(TypedDict):
    """The case is closed: solved by the winner, or nobody is left to accuse."""

    kind: Literal["game_over"]
    outcome: Literal["solved", "no-winner"]
    winners: list[Seat]
    envelope: list[str]


# -- actions ------------------------------------------------------------------------------


class RollAction(TypedDict):
    """Roll to move."""

    seat: Seat
    kind: Literal["roll"]


class PassageAction(TypedDict):
    """Take the secret passage out of the room you are in."""

    seat: Seat
    kind: Literal["passage"]


class MoveAction(TypedDict):
    """Move to a room or a corridor square the roll reaches."""

    seat: Seat
    kind: Literal["move"]
    to: Location


class StayAction(TypedDict):
    """Do not move."""

    seat: Seat
    kind: Literal["stay"]


class SuggestAction(TypedDict):
    """Ask the table about a suspect and a weapon in the room you are in."""

    seat: Seat
    kind: Literal["suggest"]
    suspect: str
    weapon: str


class ShowAction(TypedDict):
    """Answer a question: show one of your cards it names."""

    seat: Seat
    kind: Literal["show"]
    card: str


class AccuseAction(TypedDict):
    """Name the suspect, weapon and room you believe are in the envelope."""

    seat: Seat
    kind: Literal["accuse"]
    suspect: str
    weapon: str
    room: str


class EndTurnAction(TypedDict):
    """End your turn."""

    seat: Seat
    kind: Literal["end_turn"]
