"""A bot that plays like a careful person.

It keeps a notebook (by default :class:`~cluedo.agents.exact_knowledge.HybridCaseFile`:
fast simple eliminations, with the exact engine to close the case; or any
:class:`~cluedo.agents.knowledge.Knowledge`), walks toward rooms it still
needs to learn about, suggests the cards it knows least about (using its own
cards to pin the rest), shows the card that gives away least, and accuses only
when the notebook is certain - so it never accuses wrongly.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cluedo.agents.base import Agent
from cluedo.agents.exact_knowledge import HybridCaseFile
from cluedo.agents.knowledge import ENVELOPE, Knowledge
from cluedo.content.board import Board, load_board
from cluedo.content.cards import load_card_set
from cluedo.engine.actions import Action

KnowledgeFactory = Callable[[int, Mapping[str, Sequence[str]]], Knowledge]


class SensibleAgent(Agent):
    name = "sensible"

    def __init__(
        self,
        seat: int,
        seed: int | None = None,
        knowledge: KnowledgeFactory = HybridCaseFile,
    ) -> None:
        super().__init__(seat, seed)
        self._make_knowledge = knowledge
        self.book: Knowledge | None = None
        self.board: Board | None = None
        self.categories: dict[str, tuple[str, ...]] = {}
        self.asked: set[tuple[str, str, str]] = set()
        """Suggestions this seat has made: a summoned bot never repeats one."""
        self.shown: dict[str, set[int]] = {}
        """Cards this seat has shown, and to whom."""

    # -- following the game ---------------------------------------------------------

    def _follow(self, view: Mapping[str, Any]) -> Knowledge:
        if self.book is None:
            cards = load_card_set("classic")
            self.categories = cards.by_category()
            self.board = load_board(view.get("board", "classic"))
            self.book = self._make_knowledge(self.seat, self.categories)
        for event in view["log"]:
            self.book.observe(event)
            if event["kind"] == "card_shown" and event["seat"] == self.seat and "card" in event:
                self.shown.setdefault(event["card"], set()).add(event["to"])
        return self.book

    # -- choosing -------------------------------------------------------------------

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        book = self._follow(view)
        # Accusations are most of the list; they are only ever made from the notebook's
        # solution, so they are noted rather than collected.
        kinds: dict[str, list[Action]] = {}
        for action in legal:
            kind = action.kind
            if kind == "accuse":
                kinds["accuse"] = []
            else:
                kinds.setdefault(kind, []).append(action)
        if "show" in kinds:
            return self._show(kinds["show"], view["pending"]["suggester"])
        solution = book.solution()
        if solution is not None and "accuse" in kinds:
            suspect, weapon, room = solution
            return Action(
                self.seat, "accuse", (("room", room), ("suspect", suspect), ("weapon", weapon))
            )
        if "move" in kinds:
            return self._move(view, kinds["move"])
        if "suggest" in kinds:
            here = view["positions"][view["characters"][self.seat]]
            choice = self._suggest(book, kinds["suggest"], here)
            # At the start of a turn a summoned player may suggest at once instead of
            # moving. Only when the room's own place is still open and the question is
            # new: otherwise players who summon each other could suggest in a ring forever.
            start = view["pending"].get("stage") == "start"
            if not start or (
                self._room_value(here) >= 2.0 and self._question(choice, here) not in self.asked
            ):
                self.asked.add(self._question(choice, here))
                return choice
        if "passage" in kinds:
            here = view["positions"][view["characters"][self.seat]]
            assert self.board is not None
            target = self.board.passages[here]
            if self._room_value(target) >= max(self._room_value(r) for r in self._rooms()):
                return kinds["passage"][0]
        for kind in ("roll", "end_turn"):
            if kind in kinds:
                return kinds[kind][0]
        # Nothing sensible is left (cannot happen in the classic rules): take any legal action
        # that is not a guess at the envelope.
        safe = [a for a in legal if a.kind != "accuse"]
        return (safe or list(legal))[0]

    def _rooms(self) -> tuple[str, ...]:
        return self.categories["room"]

    def _room_value(self, room: Any) -> float:
        """How much a suggestion in ``room`` can teach: rooms still unplaced are best."""
        if not isinstance(room, str) or room not in self.categories["room"]:
            return 0.0
        assert self.book is not None
        places = self.book.possible(room)
        if len(places) > 1:
            return 2.0
        # A room whose place is known still lets us test suspects and weapons,
        # best if it is our own card (then nobody else can refute on the room).
        return 1.0 if places == frozenset({self.seat}) else 0.5

    def _move(self, view: Mapping[str, Any], moves: Sequence[Action]) -> Action:
        board = self.board
        assert board is not None
        here = view["positions"][view["characters"][self.seat]]
        current_room = here if isinstance(here, str) else None
        targets = [r for r in self._rooms() if r != current_room]
        best_value = max(self._room_value(r) for r in targets)
        goals = [r for r in targets if self._room_value(r) == best_value]
        best: Action = moves[0]
        best_score = float("-inf")
        for action in moves:
            to = action["to"]
            if isinstance(to, str):
                score = 100.0 * self._room_value(to) + 50.0
            else:
                node = board.node_of_square[to]
                distance = min(board.distances_from(board.node(g))[node] for g in goals)
                score = -float(distance)
            score += self.rng.random() * 0.01  # break ties without a fixed bias
            if score > best_score:
                best, best_score = action, score
        return best

    @staticmethod
    def _question(action: Action, room: str) -> tuple[str, str, str]:
        return (action["suspect"], action["weapon"], room)

    def _suggest(self, book: Knowledge, options: Sequence[Action], room: str) -> Action:
        def card_value(card: str) -> float:
            places = book.possible(card)
            if ENVELOPE in places and len(places) > 1:
                return 3.0 + len(places) * 0.1
            if places == frozenset({self.seat}):
                return 1.0  # our own card: pins the question on the other two
            if places == frozenset({ENVELOPE}):
                return 0.9
            return 0.0

        named = (*self.categories["suspect"], *self.categories["weapon"])
        value = {c: card_value(c) for c in named}
        best: Action = options[0]
        best_score = float("-inf")
        for action in options:
            # A card outside the notebook (face up for all) pins the question like our own.
            score = value.get(action["suspect"], 1.0) + value.get(action["weapon"], 1.0)
            if (action["suspect"], action["weapon"], room) in self.asked:
                score -= 1.0  # a repeated question rarely teaches anything new
            score += self.rng.random() * 0.01
            if score > best_score:
                best, best_score = action, score
        return best

    def _show(self, options: Sequence[Action], suggester: int) -> Action:
        """Show the card that gives away least: one the suggester has already seen,
        else one already shown to others, else a room (there are more rooms, so
        one room card tells less than one suspect or weapon)."""

        def cost(action: Action) -> tuple[int, int, float]:
            card = action["card"]
            seen_by = self.shown.get(card, set())
            if suggester in seen_by:
                return (0, 0, 0.0)
            category_size = (
                next(len(cards) for cards in self.categories.values() if card in cards)
                if self.categories
                else 1
            )
            return (1, -len(seen_by), -category_size + self.rng.random() * 0.01)

        return min(options, key=cost)
