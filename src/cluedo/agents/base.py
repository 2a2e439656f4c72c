"""The bot interface: a bot sees a seat's view and its legal actions, never the state."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cluedo.engine.actions import Action

if TYPE_CHECKING:
    from cluedo.deduction.knowledge import CardKnowledge

ENVELOPE = "envelope"
"""The envelope's place in a notebook (:data:`cluedo.deduction.ENVELOPE`), named here
because loading :mod:`cluedo.deduction` loads numpy, which a bot needs only once it
plays."""


class Agent(ABC):
    """A player that is not a person.

    ``choose`` is called whenever the agent's seat must act, with the seat's
    current view (see :meth:`cluedo.engine.Game.view`) and the legal actions.
    The view's ``log`` holds the events the seat saw since the agent's previous
    call (from ``log_cursor`` on), so following a game costs time in proportion
    to its length; an agent that wants history keeps it. It must return one of
    ``legal``.
    """

    name: str = "agent"

    def __init__(self, seat: int, seed: int | None = None) -> None:
        self.seat = seat
        self.log_cursor = 0
        """Index into the game's event list up to which this agent has been shown events."""
        # Each bot owns its generator: bots never touch the module-level `random`.
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        """Pick one of ``legal``."""

    def close(self) -> None:  # noqa: B027 - optional hook, most bots hold nothing
        """Release resources (external bots stop their process)."""


def card_knowledge(view: Mapping[str, Any], seat: int) -> CardKnowledge:
    """A fresh notebook for ``seat``: the one knowledge layer of :mod:`cluedo.deduction`,
    reading the events of the view's rule set with the view's options (so its cards
    are the table's own)."""
    from cluedo.deduction.knowledge import CardKnowledge  # loads numpy: on first use only
    from cluedo.engine.registry import make_rules

    reader = make_rules(view["rules"], view.get("options")).card_reader(seat)
    if reader is None:
        raise ValueError(f"{view['rules']} keeps no card notebook")
    return CardKnowledge(reader)
