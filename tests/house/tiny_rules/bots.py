"""Tiny Parlour's bots: the random bot, and a careful one that keeps the seat's
notebook (:func:`cluedo.agents.base.card_knowledge`) and accuses only when sure."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cluedo.agents.base import Agent, card_knowledge
from cluedo.agents.random_bot import RandomAgent
from cluedo.agents.registry import BotList
from cluedo.engine.actions import Action


class CarefulAgent(Agent):
    """Asks about cards it has not placed, shows the first card it may, and accuses
    once its notebook is certain of the envelope."""

    name = "careful"

    def __init__(self, seat: int, seed: int | None = None) -> None:
        super().__init__(seat, seed)
        self.notebook: Any = None

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        if self.notebook is None:
            self.notebook = card_knowledge(view, self.seat)
        self.notebook.observe_events(view["log"])
        solution = self.notebook.certain_envelope()
        if solution is not None:
            suspect, weapon, room = solution
            for action in legal:
                if action.kind == "accuse" and (
                    action["suspect"],
                    action["weapon"],
                    action["room"],
                ) == (suspect, weapon, room):
                    return action
        calm = [a for a in legal if a.kind != "accuse"]
        unplaced = {c for c in (a.get("suspect") for a in calm) if c is not None}
        unplaced |= {c for c in (a.get("weapon") for a in calm) if c is not None}
        unplaced = {c for c in unplaced if self.notebook.where(c) is None}
        asking = [
            a
            for a in calm
            if a.kind == "suggest" and (a["suspect"] in unplaced or a["weapon"] in unplaced)
        ]
        pool = asking or calm or list(legal)
        return pool[self.rng.randrange(len(pool))]


BOTS = BotList(
    {"random": RandomAgent, "careful": CarefulAgent},
    default="careful",
    strongest="careful",
)
