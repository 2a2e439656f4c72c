"""The detective: the exact notebook everywhere, suggestions chosen for information.

It plays like the sensible bot, but its notebook is the exact engine of
:mod:`cluedo.deduction` (complete as well as sound, so it accuses the moment the
case is certain), and it picks each suggestion by the expected drop in the
entropy of the envelope distribution. It thinks for milliseconds per decision
rather than microseconds: the bot for a strong opponent, not for bulk
simulation.
"""

from __future__ import annotations

from collections.abc import Sequence

from cluedo.agents.exact_knowledge import ExactCaseFile
from cluedo.agents.knowledge import Knowledge
from cluedo.agents.sensible import SensibleAgent
from cluedo.engine.actions import Action


class DetectiveAgent(SensibleAgent):
    name = "detective"

    PER_CATEGORY = 3
    """Most uncertain suspects and weapons tried per suggestion (3 x 3 candidates)."""

    def __init__(self, seat: int, seed: int | None = None) -> None:
        super().__init__(seat, seed, knowledge=ExactCaseFile)

    def _suggest(self, book: Knowledge, options: Sequence[Action], room: str) -> Action:
        from cluedo.deduction import best_suggestions

        assert isinstance(book, ExactCaseFile)
        notebook = book.notebook_now()
        advice = best_suggestions(
            notebook, str(self.seat), rooms=[room], top=1, per_category=self.PER_CATEGORY
        )
        if advice:
            suspect, weapon, _ = advice[0].cards
            wanted = Action(self.seat, "suggest", (("suspect", suspect), ("weapon", weapon)))
            if wanted in options:
                return wanted
        return super()._suggest(book, options, room)
