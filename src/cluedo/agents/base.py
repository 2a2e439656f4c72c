"""The bot interface: a bot sees a seat's view and its legal actions, never the state."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from cluedo.engine.actions import Action


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
