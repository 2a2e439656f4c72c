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
    current view (see :meth:`cluedo.engine.Game.view`, its ``log`` holds every
    event the seat has seen so far, oldest first) and the legal actions. The
    agent may keep memory between calls. It must return one of ``legal``.
    """

    name: str = "agent"

    def __init__(self, seat: int, seed: int | None = None) -> None:
        self.seat = seat
        # Each bot owns its generator: bots never touch the module-level `random`.
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        """Pick one of ``legal``."""

    def close(self) -> None:
        """Release resources (external bots stop their process)."""
