"""A knight that plays Pendragon to win.

It keeps the sensible bot's notebook (read the Pendragon way, so it learns from
Squire's Gossip and Stern Questioning too) and its way of asking and answering,
and adds what the castle needs: it names the face-up cards only as fillers in
its questions, plans routes (through the staircase chamber, as the rules allow)
to the rooms that teach most or still hold a reward, uses its kept rewards when
they save a long walk, and heads for the chamber with the Staircase - where
alone it may accuse - once the notebook is certain.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cluedo.agents.base import ENVELOPE
from cluedo.agents.lapses import with_lapses
from cluedo.agents.random_bot import RandomAgent
from cluedo.agents.registry import BotList
from cluedo.agents.sensible import SensibleAgent
from cluedo.content.board import load_board
from cluedo.engine.actions import Action
from cluedo.mechanics.movement import distances

if TYPE_CHECKING:
    from cluedo.deduction.knowledge import CardKnowledge

STAIRCASE = "staircase"
REWARD_VALUE = 1.5
"""A face-down reward is worth about as much as a room that may still hide the crime."""
LONG_WALK = 7
"""Use a kept reward that moves you when the walk it saves is longer than this."""
PATIENCE = 120
"""Turns of the game after which an unsolved knight accuses its best guess."""


class KnightAgent(SensibleAgent):
    name = "knight"

    def __init__(self, seat: int, seed: int | None = None) -> None:
        super().__init__(seat, seed)
        self._distances: dict[str, list[int]] = {}
        self.view: Mapping[str, Any] = {}

    # -- following the game ---------------------------------------------------------

    def _follow(self, view: Mapping[str, Any]) -> CardKnowledge:
        self.view = view
        if self.book is None:
            self.book = self._new_book(view)
            # The cards lying face up are nobody's: fillers for questions, not for asking.
            face_up = set(view["face_up"])
            by_category = self.book.categories.items()
            self.categories = {
                cat: tuple(c for c in cards if c not in face_up) for cat, cards in by_category
            }
            self.fillers = {
                cat: tuple(c for c in cards if c in face_up) for cat, cards in by_category
            }
            self.board = load_board(view["board"])
        for event in view["log"]:
            self.book.observe_event(event)
            if event["kind"] == "card_shown" and event["seat"] == self.seat and "card" in event:
                self.shown.setdefault(event["card"], set()).add(event["to"])
        return self.book

    def _here(self) -> Any:
        return self.view["positions"][self.view["characters"][self.seat]]

    def _dist(self, room: str) -> list[int]:
        """Steps from every node to ``room``, walking through the staircase chamber."""
        cached = self._distances.get(room)
        if cached is None:
            board = self.board
            assert board is not None
            cached = distances(board, board.node(room), (board.node(STAIRCASE),))
            self._distances[room] = cached
        return cached

    def _steps_to(self, room: str, location: Any) -> int:
        assert self.board is not None
        node = self.board.node(location if isinstance(location, str) else tuple(location))
        return self._dist(room)[node]

    # -- what is worth going for ----------------------------------------------------

    def _goals(self) -> dict[str, float]:
        """Each room worth walking to, with what it is worth."""
        book = self.book
        assert book is not None
        if book.solution() is not None or self._impatient():
            return {STAIRCASE: 100.0}
        rewards = set(self.view["reward_rooms"])
        here = self._here()
        return {
            # The room we stand in teaches less than a new one: we have just asked there.
            room: self._room_value(room)
            + (REWARD_VALUE if room in rewards else 0.0)
            - (1.0 if room == here else 0.0)
            for room in self._rooms()
        }

    def _room_value(self, room: Any) -> float:
        if room in self.view["face_up"]:
            return 1.0  # nobody can answer on the room: as good as our own room card
        return super()._room_value(room)

    def _impatient(self) -> bool:
        return int(self.view["turn"]) > PATIENCE * max(1, int(self.view["players"])) // 4

    def _score(self, location: Any, goals: Mapping[str, float], arrived: bool) -> float:
        if arrived and isinstance(location, str) and location in goals:
            return 10.0 * goals[location] + 5.0
        return max(10.0 * value - self._steps_to(room, location) for room, value in goals.items())

    # -- choosing -------------------------------------------------------------------

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        book = self._follow(view)
        self._begin_decision(view)
        kinds: dict[str, list[Action]] = {}
        for action in legal:
            kinds.setdefault(action.kind, []).append(action)
        if "show" in kinds:
            return self._show(kinds["show"], view["pending"]["suggester"])
        if "accuse" in kinds:
            return self._accuse(book, kinds)
        if "roll_skill" in kinds:
            sheet = view["sheets"][self.seat]
            return max(kinds["roll_skill"], key=lambda a: self._stat(sheet, a["skill"]))
        if "glimpse" in kinds:
            return max(kinds["glimpse"], key=lambda a: self._unknown_cards(a["target"]))
        if "suggest" in kinds:
            room = self._here()
            return self._suggest(book, kinds["suggest"], room)
        if "move" in kinds or "stay" in kinds:
            return self._move_knight(kinds.get("move", []), kinds["stay"][0])
        if "roll" in kinds:
            return self._start(kinds)
        return kinds.get("end_turn", list(legal))[0]

    @staticmethod
    def _stat(sheet: Mapping[str, Any], stat: str) -> int:
        kind, _, name = stat.partition(":")
        table = {"weapon": "weapons", "play": "instruments"}.get(kind)
        if table is None:
            return 0
        return int(sheet[table].get(name, 0))

    def _unknown_cards(self, target: int) -> int:
        book = self.book
        assert book is not None
        cards = [c for cs in self.categories.values() for c in cs]
        return sum(1 for c in cards if target in book.possible(c) and len(book.possible(c)) > 1)

    def _accuse(self, book: CardKnowledge, kinds: Mapping[str, list[Action]]) -> Action:
        solution = book.solution()
        if solution is None and "end_turn" in kinds and not self._impatient():
            return kinds["end_turn"][0]
        if solution is None:
            solution = tuple(self._best_guess(book, cat) for cat in ("suspect", "weapon", "room"))
        suspect, weapon, room = solution
        return Action(
            self.seat, "accuse", (("room", room), ("suspect", suspect), ("weapon", weapon))
        )

    def _best_guess(self, book: CardKnowledge, category: str) -> str:
        candidates = book.envelope_candidates(category)
        return max(candidates, key=lambda c: book.probability(c, ENVELOPE))

    def _start(self, kinds: Mapping[str, list[Action]]) -> Action:
        goals = self._goals()
        here = self._here()
        best_room = max(goals, key=lambda r: goals[r] * 10 - self._steps_to(r, here))
        for action in kinds.get("use_reward", []):
            if action["to"] == best_room and self._steps_to(best_room, here) > LONG_WALK:
                return action
        if "passage" in kinds:
            assert self.board is not None
            target = self.board.passages[here]
            if target in goals and goals[target] >= goals.get(best_room, 0.0) - 0.01:
                return kinds["passage"][0]
        return kinds["roll"][0]

    def _move_knight(self, moves: Sequence[Action], stay: Action) -> Action:
        goals = self._goals()
        best, best_score = stay, self._score(self._here(), goals, arrived=False) - 0.5
        for action in moves:
            score = self._score(action["to"], goals, arrived=True)
            score += self.rng.random() * 0.01  # break ties without a fixed bias
            if score > best_score:
                best, best_score = action, score
        return best


ODDS_WAYS = 24
"""Weigh the envelope's odds (the exact count) only once this few combinations remain."""

ODDS_SHARE = 1.6
"""The strong knight sets out for the Staircase, and accuses there, once the
likeliest envelope is right this many times a fair share (one in the number of
players) of the time: 40% at four players, 53% at three, 27% at six. The more
opponents, the sooner one of them solves the case: waiting costs more."""


class StrongKnightAgent(KnightAgent):
    """The knight, timing the Staircase on the odds.

    Only at the Staircase may a knight accuse, and the walk there costs turns. The
    careful knight sets out only once certain; this one sets out as soon as one
    envelope is likely enough for the size of the table (:data:`ODDS_SHARE`; it
    keeps asking on the way, and a kept reward that moves it takes it there at
    once), and at the Staircase accuses the likeliest envelope on those odds
    rather than walk away.
    """

    name = "strong"

    def _odds(self) -> tuple[tuple[str, ...], float] | None:
        book = self.book
        assert book is not None
        if book.combinations() > ODDS_WAYS:
            return None
        return book.most_likely_envelope()

    def _needed(self) -> float:
        """The odds worth walking to the Staircase for, and accusing on there."""
        return min(1.0, ODDS_SHARE / max(2, int(self.view["players"])))

    def _goals(self) -> dict[str, float]:
        goals = super()._goals()
        if STAIRCASE not in goals:
            odds = self._odds()
            if odds is not None and odds[1] >= self._needed():
                return {STAIRCASE: 100.0}
        return goals

    def _accuse(self, book: CardKnowledge, kinds: Mapping[str, list[Action]]) -> Action:
        if book.solution() is None and not self._impatient():
            odds = self._odds()
            if odds is not None and odds[1] >= self._needed():
                suspect, weapon, room = odds[0]
                return Action(
                    self.seat, "accuse", (("room", room), ("suspect", suspect), ("weapon", weapon))
                )
        return super()._accuse(book, kinds)


BOTS = BotList(
    {
        "random": RandomAgent,
        "sensible": KnightAgent,
        "knight": KnightAgent,
        "strong": StrongKnightAgent,
        "casual": with_lapses(KnightAgent, "casual", forget=0.0, slip_kinds=("move", "suggest")),
    },
    default="sensible",
    strongest="strong",
    levels={"easy": "casual", "medium": "sensible", "hard": "strong"},
    descriptions={
        "casual": "easy: misses some answers and now and then walks or asks less well "
        "than it could",
        "sensible": "medium: a careful knight who goes to the Staircase once certain",
        "knight": "the same careful knight",
        "strong": "hard: sets out for the Staircase on good odds and accuses there on them",
    },
)
"""This rule set's bots and the levels a person chooses from."""
