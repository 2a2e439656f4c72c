"""Tiny Parlour's kinds of event and action (see :mod:`cluedo.engine.contracts`):
the shared kinds of :mod:`cluedo.mechanics.events`, and its own set-up."""

from __future__ import annotations

from typing import Literal

from typing_extensions import TypedDict

from cluedo.engine.contracts import Contracts, Count, Seat
from cluedo.mechanics import events as shared


class TinySetupEvent(TypedDict):
    """The table is set: who begins, and how many cards each seat holds."""

    kind: Literal["setup"]
    first: Seat
    hand_sizes: list[Count]


CONTRACTS = Contracts(
    events=(
        TinySetupEvent,
        shared.DealtEvent,
        shared.TurnEvent,
        shared.MovedEvent,
        *shared.QUESTION_EVENTS,
        shared.AccusationEvent,
        shared.EnvelopeSeenEvent,
        shared.GameOverEvent,
    ),
    actions=(
        shared.MoveAction,
        shared.SuggestAction,
        shared.ShowAction,
        shared.AccuseAction,
        shared.EndTurnAction,
    ),
    decisions=Literal["turn", "refute"],
    stages=Literal["start", "moved", "done"],
)
