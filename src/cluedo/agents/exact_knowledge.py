"""The exact notebook of :mod:`cluedo.deduction`, behind the bots' ``Knowledge`` interface.

Events from a seat's log become deduction observations. They are buffered and
handed to the notebook in one batch when the bot next asks a question, so a
bot pays for one exact count per decision rather than one per event.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cluedo.agents.knowledge import ENVELOPE

if TYPE_CHECKING:
    from cluedo.deduction import Notebook, Observation

# The exact engine (and numpy behind it) is imported on first use, not at start-up:
# most games never need it, and every command would pay for it.
ENVELOPE_NAME = "envelope"


def _deduction() -> Any:
    import cluedo.deduction

    return cluedo.deduction


class ExactCaseFile:
    """A :class:`~cluedo.agents.knowledge.Knowledge` that is complete as well as sound:
    it knows everything that follows from the seat's observations, hand sizes
    included, and the exact probability of every card's place."""

    def __init__(self, seat: int, categories: Mapping[str, Sequence[str]]) -> None:
        self.seat = seat
        self.categories = {cat: tuple(cards) for cat, cards in categories.items()}
        self.notebook: Notebook | None = None
        self._pending: list[Observation] = []
        self._suggestion: tuple[str, ...] = ()
        self._players = 0
        self._known = {c for cards in self.categories.values() for c in cards}
        """Cards in the notebook; others (face up for all) are left out of every observation."""

    # -- following the log ------------------------------------------------------------

    def observe(self, event: Mapping[str, Any]) -> None:
        d = _deduction()
        Hand, HasNone, HasOneOf, Shown = d.Hand, d.HasNone, d.HasOneOf, d.Shown
        kind = event["kind"]
        if kind == "setup":
            sizes = list(event["hand_sizes"])
            self._players = len(sizes)
            self.notebook = d.Notebook.create(
                self.categories, [(str(p), n) for p, n in enumerate(sizes)]
            )
            # Cards left over lie face up (Pendragon): the notebook's face-up pile.
            face_up = tuple(c for c in event.get("face_up") or () if c in self._known)
            if face_up:
                self._pending.append(d.FaceUp(face_up))
        elif kind == "dealt" and "hand" in event:
            self._pending.append(Hand(str(self.seat), tuple(event["hand"])))
        elif kind == "suggestion":
            named = (event["suspect"], event["weapon"], event["room"])
            self._suggestion = tuple(c for c in named if c in self._known)
        elif kind == "cannot_refute":
            self._pending.append(HasNone(str(event["seat"]), self._suggestion))
        elif kind == "card_shown":
            if "card" in event:
                self._pending.append(Shown(str(event["seat"]), event["card"]))
            else:
                self._pending.append(HasOneOf(str(event["seat"]), self._suggestion))
        elif kind == "accusation" and not event["correct"]:
            accused = (event["suspect"], event["weapon"], event["room"])
            if all(c in self._known for c in accused):
                self._pending.append(d.WrongAccusation(accused))
        elif kind == "envelope_seen" and "envelope" in event:
            # Seeing the envelope: nobody holds its cards.
            inside = tuple(event["envelope"])
            self._pending += [HasNone(str(p), inside) for p in range(self._players)]

    def notebook_now(self) -> Notebook:
        """The exact notebook, brought up to date with every event seen so far."""
        return self._book()

    def _book(self) -> Notebook:
        assert self.notebook is not None, "the setup event has not been seen"
        if self._pending:
            self.notebook.observe_all(self._pending)
            self._pending = []
        return self.notebook

    # -- Knowledge --------------------------------------------------------------------

    def _place(self, name: str) -> int:
        return ENVELOPE if name == ENVELOPE_NAME else int(name)

    def possible(self, card: str) -> frozenset[int]:
        book = self._book()
        return frozenset(
            self._place(loc)
            for loc, p in book.card_distribution(card).items()
            if p > 0 and (loc == ENVELOPE_NAME or loc.isdigit())
        )

    def probability(self, card: str, place: int) -> float:
        name = ENVELOPE_NAME if place == ENVELOPE else str(place)
        return self._book().probability(card, name)

    def solution(self) -> tuple[str, ...] | None:
        return self._book().certain_envelope()

    def envelope_candidates(self, category: str) -> list[str]:
        book = self._book()
        return [c for c in self.categories[category] if book.probability(c, ENVELOPE_NAME) > 0]


class HybridCaseFile:
    """Fast everyday eliminations, with the exact engine for the last step.

    :class:`~cluedo.agents.knowledge.CaseFile` answers every question in
    microseconds; once its envelope candidates are down to a handful of
    combinations, the exact notebook (fed the same events all along, counting
    only when asked) is consulted for a certain solution the simple
    eliminations may not see. Sound, because both are; it solves cases sooner
    than the simple notebook alone, at a small cost per game.
    """

    NEARLY_SOLVED = 2
    """Ask the exact engine once at most this many envelope combinations remain."""

    def __init__(self, seat: int, categories: Mapping[str, Sequence[str]]) -> None:
        from cluedo.agents.knowledge import CaseFile

        self.fast = CaseFile(seat, categories)
        self.exact = ExactCaseFile(seat, categories)
        self.categories = self.fast.categories

    def observe(self, event: Mapping[str, Any]) -> None:
        self.fast.observe(event)
        self.exact.observe(event)

    def possible(self, card: str) -> frozenset[int]:
        return self.fast.possible(card)

    def envelope_candidates(self, category: str) -> list[str]:
        return self.fast.envelope_candidates(category)

    def solution(self) -> tuple[str, ...] | None:
        found = self.fast.solution()
        if found is not None:
            return found
        combinations = 1
        for category in self.categories:
            combinations *= len(self.fast.envelope_candidates(category))
        if combinations <= self.NEARLY_SOLVED:
            return self.exact.solution()
        return None
