"""The detective: the exact notebook everywhere, suggestions chosen for information.

It plays like the sensible bot, but its notebook is the exact engine of
:mod:`cluedo.deduction` (complete as well as sound, so it accuses the moment the
case is certain), and it picks each suggestion by the expected drop in the
entropy of the envelope distribution. It thinks for milliseconds per decision
rather than microseconds: the bot for a strong opponent, not for bulk
simulation.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from cluedo.agents.exact_knowledge import ENVELOPE_NAME, ExactCaseFile
from cluedo.agents.knowledge import Knowledge
from cluedo.agents.sensible import SensibleAgent
from cluedo.engine.actions import Action


class DetectiveAgent(SensibleAgent):
    name = "detective"

    PER_CATEGORY = 3
    """Suspects and weapons tried per suggestion (3 x 3 candidates at most): the most
    uncertain, and a filler when fewer are still unknown."""

    def __init__(self, seat: int, seed: int | None = None) -> None:
        super().__init__(seat, seed, knowledge=ExactCaseFile)

    def _suggest(self, book: Knowledge, options: Sequence[Action], room: str) -> Action:
        """The question with the largest expected drop in envelope entropy.

        Tried: the most uncertain suspects and weapons and, in a category with
        fewer unknown cards than that, also the known card that spoils a question
        least (our own, the envelope's, or one held late in the answer order):
        once a category is solved, or nearly, such a filler is what pins the
        answer on the unknown cards. Questions that cannot teach anything whatever the answer (see
        :meth:`SensibleAgent._question_worth`) are not counted at all; when none
        is left, or none is expected to teach, the sensible bot's question is asked.
        """
        from cluedo.deduction import expected_entropy_drop

        assert isinstance(book, ExactCaseFile)
        notebook = book.notebook_now()
        pools: list[list[str]] = []
        for category in ("suspect", "weapon"):
            unknown = [c for c in self.categories[category] if c in self._positions]
            unknown.sort(key=lambda c: abs(notebook.probability(c, ENVELOPE_NAME) - 0.5))
            pool = unknown[: self.PER_CATEGORY]
            filler = self._filler(category) if len(pool) < self.PER_CATEGORY else None
            if filler is not None:
                pool.append(filler)
            pools.append(pool)
        best: tuple[float, str, str] | None = None
        for suspect, weapon in itertools.product(*pools):
            named = (suspect, weapon, room)
            if self._question_worth(named) <= 0.0:
                continue
            # Cards outside the notebook (face up for all) are nobody's: leave them out.
            cards = tuple(c for c in named if c in self._places)
            drop = expected_entropy_drop(notebook, str(self.seat), cards, str(self.seat))
            if best is None or drop > best[0]:
                best = (drop, suspect, weapon)
        if best is not None and best[0] > 1e-9:
            wanted = Action(self.seat, "suggest", (("suspect", best[1]), ("weapon", best[2])))
            if wanted in options:
                return wanted
        return super()._suggest(book, options, room)
