"""Pendragon's kinds of event and action, its decisions and the stages of its turn.

Declared once here (see :mod:`cluedo.engine.contracts`); the shared kinds come from
:mod:`cluedo.mechanics.events`.
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from cluedo.engine.contracts import SECRET, Contracts, Count, Seat
from cluedo.mechanics import events as shared

PendragonDecision = Literal["turn", "refute"]
"""A knight's turn, or a refuter choosing the card to show."""
PendragonStage = Literal["start", "move", "skill", "glimpse", "suggest", "staircase", "done"]
"""``start``: roll, take a passage or use a kept reward; ``move``: move or stay;
``skill``: pick the skill a room's roll asks for; ``glimpse``: pick whose card a
Squire's Gossip shows; ``suggest``: voice the Suspicion; ``staircase``: accuse (or
end the turn); ``done``: end the turn."""
D20 = Annotated[int, Field(ge=1, le=20)]


class PendragonSetupEvent(TypedDict):
    """The castle is set: the knights in seat order, the start square each drew, who
    begins, hand sizes, the cards left face up and the rooms holding a reward."""

    kind: Literal["setup"]
    knights: list[str]
    starts: list[Annotated[int, Field(ge=1)]]
    first: Seat
    hand_sizes: list[Count]
    face_up: list[str]
    reward_rooms: list[str]


class PendragonRollEvent(TypedDict):
    """A knight rolled the die; ``steps`` is the roll with its steed's bonus, when it
    has one."""

    kind: Literal["roll"]
    seat: Seat
    roll: shared.Die
    steps: NotRequired[Count]


class RewardClaimedEvent(TypedDict):
    """The first knight into a room takes the reward card lying there."""

    kind: Literal["reward_claimed"]
    seat: Seat
    room: str
    reward: str


class RewardUsedEvent(TypedDict):
    """A knight used a kept reward card: to go to a room (``to``), or to question
    sternly."""

    kind: Literal["reward_used"]
    seat: Seat
    reward: str
    to: NotRequired[str]


class TraitRollEvent(TypedDict):
    """A d20 roll against a trait or skill (``stat``, of ``value``) on first entering
    a room; ``checked`` says whether its box is ticked."""

    kind: Literal["trait_roll"]
    seat: Seat
    room: str
    stat: str
    value: int
    roll: D20
    result: Literal["critical", "success", "failure", "fumble"]
    checked: bool


class GlimpseEvent(TypedDict):
    """A Squire's Gossip: ``seat`` sees a card of ``target``'s at random; only the two
    of them see which."""

    kind: Literal["glimpse"]
    seat: Seat
    target: Seat
    card: NotRequired[Annotated[str, SECRET]]


class PardonedEvent(TypedDict):
    """A wrong accuser is pardoned by a reward card and stays in the hunt."""

    kind: Literal["pardoned"]
    seat: Seat
    reward: str


class ExtraTurnEvent(TypedDict):
    """The King's Errand: the knight plays another turn straight away."""

    kind: Literal["extra_turn"]
    seat: Seat


class UseRewardAction(TypedDict):
    """Instead of rolling, use a kept reward card to go to a room."""

    seat: Seat
    kind: Literal["use_reward"]
    reward: str
    to: str


class RollSkillAction(TypedDict):
    """Pick the skill (or instrument) a room's roll asks you to choose."""

    seat: Seat
    kind: Literal["roll_skill"]
    skill: str


class GlimpseAction(TypedDict):
    """Pick the player whose card a Squire's Gossip shows you."""

    seat: Seat
    kind: Literal["glimpse"]
    target: Seat


CONTRACTS = Contracts(
    events=(
        PendragonSetupEvent,
        shared.DealtEvent,
        shared.TurnEvent,
        PendragonRollEvent,
        shared.StayedEvent,
        shared.MovedEvent,
        shared.PassageEvent,
        RewardClaimedEvent,
        RewardUsedEvent,
        TraitRollEvent,
        GlimpseEvent,
        *shared.QUESTION_EVENTS,
        shared.AccusationEvent,
        PardonedEvent,
        shared.EnvelopeSeenEvent,
        ExtraTurnEvent,
        shared.GameOverEvent,
    ),
    actions=(
        shared.RollAction,
        shared.PassageAction,
        UseRewardAction,
        shared.MoveAction,
        shared.StayAction,
        RollSkillAction,
        GlimpseAction,
        shared.SuggestAction,
        shared.ShowAction,
        shared.AccuseAction,
        shared.EndTurnAction,
    ),
    decisions=PendragonDecision,
    stages=PendragonStage,
    rare_events={
        "game_over": "knights accuse only in the chamber with the Staircase, which random "
        "play reaches seldom enough that a game takes thousands of actions",
        "pardoned": "a knight must hold the Pardon reward when it accuses wrongly",
    },
)
