"""Clussassin's kinds of event and action, its decisions and the stages of its turn.

Declared once here (see :mod:`cluedo.engine.contracts`); the shared kinds come from
:mod:`cluedo.mechanics.events`. Characters are named by their suspect id: a
character nobody plays still holds cards, is attacked and dies.
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from typing_extensions import TypedDict

from cluedo.engine.contracts import SECRET, Contracts, Count, Location, Seat, Secret
from cluedo.mechanics import events as shared

ClussassinDecision = Literal["turn", "escape", "swap"]
"""A turn, a defender's run after surviving an attack, and an assassin who drew its
own character card choosing whom to swap target cards with."""
ClussassinStage = Literal["start", "move", "moved"]
"""``start``: attack, pick up a weapon, roll or take a passage; ``move``: move or
stay; ``moved``: attack if not yet this turn, pick up a weapon, end the turn."""


class ClussassinSetupEvent(TypedDict):
    """The table is set: who plays which character, where each weapon lies, the safe
    room (its card face up) and who begins."""

    kind: Literal["setup"]
    characters: list[str]
    weapons: dict[str, str]
    safe_room: str
    first: Seat


class ClussassinDealtEvent(TypedDict):
    """A seat's three cards: its target, its kill zone and its specialty weapon; only
    that seat sees them (a private event)."""

    kind: Literal["dealt"]
    seat: Seat
    hand: NotRequired[Annotated[list[str], SECRET]]
    target: NotRequired[Annotated[str, SECRET]]
    kill_zone: NotRequired[Annotated[str, SECRET]]
    specialty: NotRequired[Annotated[str, SECRET]]


class PickupEvent(TypedDict):
    """A character picked up a weapon, showing the card that lets it (``revealed``)."""

    kind: Literal["pickup"]
    seat: Seat
    character: str
    weapon: str
    revealed: str


class ClussassinAttackEvent(TypedDict):
    """An attack: the attacker shows its target card and its modifier cards
    (``revealed``) and rolls ``dice`` dice."""

    kind: Literal["attack"]
    seat: Seat
    attacker: str
    target: str
    revealed: list[str]
    dice: Count


class DefenderRevealedEvent(TypedDict):
    """The defender shows its modifier cards and will roll ``dice`` dice (``seat`` is
    null for a character nobody plays)."""

    kind: Literal["defender_revealed"]
    seat: Seat | None
    character: str
    revealed: list[str]
    dice: Count


class AttackRollEvent(TypedDict):
    """The attack roll: each die, the best kept, and whether it hits."""

    kind: Literal["attack_roll"]
    character: str
    rolls: list[shared.Die]
    roll: shared.Die
    hit: bool


class DefenceRollEvent(TypedDict):
    """The defence roll against a hit: each die, the best kept, and whether the
    defender survives."""

    kind: Literal["defence_roll"]
    character: str
    rolls: list[shared.Die]
    roll: shared.Die
    survived: bool


class EscapeRollEvent(TypedDict):
    """A defender who survived rolls the movement dice to run."""

    kind: Literal["escape_roll"]
    seat: Seat
    character: str
    dice: list[shared.Die]
    roll: Count


class EscapeEvent(TypedDict):
    """A defender ran to a room or square, or stayed (``to`` null)."""

    kind: Literal["escape"]
    character: str
    to: Location | None


class ClussassinKilledEvent(TypedDict):
    """An assassin killed its target and takes its cards and weapons: the table sees
    how many cards, the assassin sees which."""

    kind: Literal["killed"]
    assassin: str
    victim: str
    cards: Annotated[Count | list[str], Secret(public=Count)]
    weapons: list[str]


class OwnCardDrawnEvent(TypedDict):
    """An assassin inherited its own character card and must swap target cards."""

    kind: Literal["own_card_drawn"]
    character: str


class NewTargetEvent(TypedDict):
    """A character has a new target: secret to those who hold the cards, or open when
    everyone saw the card pass."""

    kind: Literal["new_target"]
    character: str
    target: NotRequired[Annotated[str, Secret(public=str)]]


SwappedEvent = TypedDict(
    "SwappedEvent", {"kind": Literal["swapped"], "character": str, "with": str}
)
SwappedEvent.__doc__ = "An assassin swapped target cards with another character."


class ClussassinGameOverEvent(TypedDict):
    """One character is left alive: its player wins."""

    kind: Literal["game_over"]
    outcome: Literal["last-alive"]
    winners: list[Seat]


class AttackAction(TypedDict):
    """Attack your target, in reach and unwitnessed."""

    seat: Seat
    kind: Literal["attack"]


class PickupAction(TypedDict):
    """Pick up a weapon in your room whose card you hold."""

    seat: Seat
    kind: Literal["pickup"]
    weapon: str


SwapAction = TypedDict("SwapAction", {"seat": Seat, "kind": Literal["swap"], "with": str})
SwapAction.__doc__ = "Swap target cards with another living character."


CONTRACTS = Contracts(
    events=(
        ClussassinSetupEvent,
        ClussassinDealtEvent,
        shared.TurnEvent,
        shared.DiceRollEvent,
        shared.BlockedEvent,
        shared.PassageEvent,
        shared.StayedEvent,
        shared.MovedEvent,
        PickupEvent,
        ClussassinAttackEvent,
        DefenderRevealedEvent,
        AttackRollEvent,
        DefenceRollEvent,
        EscapeRollEvent,
        EscapeEvent,
        ClussassinKilledEvent,
        OwnCardDrawnEvent,
        NewTargetEvent,
        SwappedEvent,
        ClussassinGameOverEvent,
    ),
    actions=(
        AttackAction,
        PickupAction,
        shared.RollAction,
        shared.PassageAction,
        shared.MoveAction,
        shared.StayAction,
        shared.EndTurnAction,
        SwapAction,
    ),
    decisions=ClussassinDecision,
    stages=ClussassinStage,
    rare_events={
        "blocked": "every square a roll could reach must be taken, which random play "
        "seldom arranges",
        "game_over": "random assassins take thousands of actions to leave one alive",
    },
)
