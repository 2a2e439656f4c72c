"""The detective: the exact count everywhere, suggestions chosen for information.

It plays like the sensible bot, but asks the exact count of its
:class:`~cluedo.deduction.knowledge.CardKnowledge` for every answer (complete as
well as sound, so it accuses the moment the case is certain), and it picks each
suggestion by the expected drop in the entropy of the envelope distribution. It
thinks for milliseconds per decision rather than microseconds: the bot for a
strong opponent, not for bulk simulation.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from cluedo.agents.base import ENVELOPE
from cluedo.agents.sensible import SensibleAgent
from cluedo.engine.actions import Action

if TYPE_CHECKING:
    from cluedo.deduction.knowledge import CardKnowledge
    from cluedo.deduction.places import Place


class DetectiveAgent(SensibleAgent):
    name = "detective"

    NEARLY_SOLVED = sys.maxsize
    """Whenever the fast eliminations leave the envelope open, the exact count decides."""

    PER_CATEGORY = 3
    """Suspects and weapons tried per suggestion (3 x 3 candidates at most): the most
    uncertain, and a filler when fewer are still unknown."""

    def _possible(self, card: str) -> frozenset[Place]:
        """Every place some consistent deal puts ``card`` (the exact count's answer)."""
        assert self.book is not None
        return frozenset(self.book.distribution(card))

    def _all_places(self) -> dict[str, frozenset[Place]]:
        return {c: self._possible(c) for cs in self.categories.values() for c in cs}

    def _snapshot_key(self) -> object:
        return None  # the exact count changes with every observation: look again each time

    def _suggest(self, book: CardKnowledge, options: Sequence[Action], room: str) -> Action:
        """The question with the largest expected drop in envelope entropy.

        Tried: the most uncertain suspects and weapons and, in a category with
        fewer unknown cards than that, also the known card that spoils a question
        least (our own, the envelope's, or one held late in the answer order):
        once a category is solved, or nearly, such a filler is what pins the
        answer on the unknown cards. Questions that cannot teach anything whatever the answer (see
        :meth:`SensibleAgent._question_worth`) are not counted at all; when none
        is left, or none is expected to teach, the sensible bot's question is asked.
        """
        from cluedo.deduction.advice import alike_cards, expected_entropy_drop

        notebook = book.exact_notebook()
        if notebook is None:  # the classic game is always counted; never here
            return super()._suggest(book, options, room)
        pools: list[list[str]] = []
        for category in ("suspect", "weapon"):
            unknown = [c for c in self.categories[category] if c in self._positions]
            unknown.sort(key=lambda c: abs(notebook.probability(c, ENVELOPE) - 0.5))
            pool = unknown[: self.PER_CATEGORY]
            filler = self._filler(category) if len(pool) < self.PER_CATEGORY else None
            if filler is not None:
                pool.append(filler)
            pools.append(pool)
        best: tuple[float, str, str] | None = None
        # A question that differs from one already weighed only by cards nothing tells
        # apart teaches exactly as much: it cannot beat it, so it is not counted.
        alike = alike_cards(notebook)
        weighed: set[tuple[object, object]] = set()
        for suspect, weapon in itertools.product(*pools):
            named = (suspect, weapon, room)
            if self._question_worth(named) <= 0.0:
                continue
            kinds = (alike.get(suspect, suspect), alike.get(weapon, weapon))
            if kinds in weighed:
                continue
            weighed.add(kinds)
            # Cards outside the notebook (face up for all) are nobody's: leave them out.
            cards = tuple(c for c in named if c in self._places)
            drop = expected_entropy_drop(
                notebook, str(self.seat), cards, str(self.seat), beat=best[0] if best else None
            )
            if best is None or drop > best[0]:
                best = (drop, suspect, weapon)
        if best is not None and best[0] > 1e-9:
            wanted = Action(self.seat, "suggest", (("suspect", best[1]), ("weapon", best[2])))
            if wanted in options:
                return wanted
        return super()._suggest(book, options, room)
