"""A bot that picks uniformly among the legal actions: the baseline for tests and speed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cluedo.agents.base import Agent
from cluedo.engine.actions import Action


class RandomAgent(Agent):
    name = "random"

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]
