"""A bot that plays like a careful person.

It keeps the seat's :class:`~cluedo.deduction.knowledge.CardKnowledge` (fast sound
eliminations, with the exact count to close the case), walks toward the rooms where a
question can teach it most, asks about the cards it knows least about (naming
known cards that nobody asked before can hold, to pin the answer on the rest),
shows the card that gives away least, and accuses only when the notebook is
certain - so it never accuses wrongly. It heads only for rooms (and takes a
passage only to a room) where some question narrows the notebook whatever the
answer, so even alone at the table it always moves on to the solution.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cluedo.agents.base import ENVELOPE, Agent, card_knowledge
from cluedo.content.board import Board, load_board
from cluedo.engine.actions import Action

if TYPE_CHECKING:
    from cluedo.deduction.knowledge import CardKnowledge
    from cluedo.deduction.places import Place


class SensibleAgent(Agent):
    name = "sensible"

    NEARLY_SOLVED = 2
    """Ask the exact count for a certain envelope once at most this many remain: it
    closes a case a few questions sooner, and counting earlier costs more than it wins."""

    def __init__(self, seat: int, seed: int | None = None) -> None:
        super().__init__(seat, seed)
        self.book: CardKnowledge | None = None
        self.board: Board | None = None
        self.categories: dict[str, tuple[str, ...]] = {}
        self.shown: dict[str, set[int]] = {}
        """Cards this seat has shown, and to whom."""
        self.fillers: dict[str, tuple[str, ...]] = {}
        """Cards outside the notebook that a question may name (face up for all), by
        category: nobody holds them, so they never spoil a question."""
        # A snapshot of the notebook, taken at each decision (see _begin_decision).
        self._order: tuple[int, ...] = ()
        self._places: dict[str, frozenset[Place]] = {}
        self._block: dict[str, int] = {}
        self._positions: dict[str, tuple[int, ...]] = {}
        self._levels: dict[str, list[tuple[float, str]]] = {}
        self._room_values: dict[str, float] = {}

    # -- following the game ---------------------------------------------------------

    def _new_book(self, view: Mapping[str, Any]) -> CardKnowledge:
        book = card_knowledge(view, self.seat)
        book.NEARLY_SOLVED = self.NEARLY_SOLVED
        return book

    def _follow(self, view: Mapping[str, Any]) -> CardKnowledge:
        if self.book is None:
            self.book = self._new_book(view)
            self.categories = dict(self.book.categories)
            self.board = load_board(view.get("board", "classic"))
        for event in view["log"]:
            self.book.observe_event(event)
            if event["kind"] == "card_shown" and event["seat"] == self.seat and "card" in event:
                self.shown.setdefault(event["card"], set()).add(event["to"])
        return self.book

    def _possible(self, card: str) -> frozenset[Place]:
        """The places ``card`` may be, as this bot reckons them (the sound eliminations)."""
        assert self.book is not None
        return self.book.possible(card)

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
        self._begin_decision(view)
        if "move" in kinds:
            return self._move(view, kinds["move"])
        here = view["positions"][view["characters"][self.seat]]
        if "suggest" in kinds:
            choice = self._suggest(book, kinds["suggest"], here)
            # At the start of a turn a summoned player may suggest at once instead of
            # moving: worth it only when the question here teaches as much as walking
            # elsewhere would. An informative question always narrows the notebook, so
            # players who summon each other cannot suggest in a ring for ever.
            start = view["pending"].get("stage") == "start"
            if not start or self._worth_staying(here, here):
                return choice
        if "passage" in kinds:
            assert self.board is not None
            if self._worth_staying(self.board.passages[here], here):
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

    # -- what a question can teach ----------------------------------------------------
    #
    # A question is answered by the first player to the asker's left holding a named
    # card. A named card whose holder is known ("a filler": our own card, a known
    # envelope card, a card outside the notebook) pins the question on the others -
    # unless its holder is asked before anyone who may hold an unknown card: then that
    # holder answers with the card we already know, and we learn nothing. So each card
    # gets a "block" level: the position in the answer order of the player known to
    # hold it (or past the end, if nobody asked holds it), and a question is worth what
    # it can teach about its unknown cards from the players asked before its lowest
    # block. Such a question always narrows the notebook, whatever the answer.

    def _begin_decision(self, view: Mapping[str, Any]) -> None:
        """Take a snapshot of the notebook for this decision (questions read it often)."""
        assert self.book is not None
        players = int(view.get("players") or len(view["characters"]))
        self._order = tuple((self.seat + k) % players for k in range(1, players))
        position: dict[Place, int] = {seat: i for i, seat in enumerate(self._order)}
        last = len(self._order)
        self._places = {c: self._possible(c) for cs in self.categories.values() for c in cs}
        self._block = {}
        self._positions = {}
        for card, places in self._places.items():
            if len(places) == 1:
                (only,) = places
                self._block[card] = position.get(only, last)
            else:
                self._block[card] = last
                self._positions[card] = tuple(sorted(position[p] for p in places if p in position))
        self._levels = {}
        self._room_values = {}

    def _card_worth(self, card: str, level: int) -> float:
        """What asking about ``card`` teaches when the first sure answer comes at ``level``."""
        seats = self._positions.get(card)
        if seats is None:
            return 0.0  # known, or outside the notebook: a filler, nothing to learn
        places = self._places[card]
        if level >= len(self._order):
            covered = 1.0  # every place is tested: somebody shows it, or nobody has it
        else:
            covered = sum(1 for s in seats if s < level) / (len(places) - 1)
        if ENVELOPE in places:
            return (3.0 + 0.1 * len(places)) * covered
        # Where a card outside the envelope lies helps only through later deductions.
        return 0.25 * covered

    def _question_worth(self, named: Sequence[str]) -> float:
        """What asking about ``named`` (suspect, weapon, room) can teach."""
        last = len(self._order)
        level = min(self._block.get(c, last) for c in named)
        return sum(self._card_worth(c, level) for c in named)

    def _filler(self, category: str) -> str | None:
        """The known card of ``category`` that spoils a question least: one whose
        holder is asked last, or never (ours, the envelope's, a face-up card)."""
        last = len(self._order)
        known = [
            c
            for c in (*self.categories[category], *self.fillers.get(category, ()))
            if c not in self._positions
        ]
        if not known:
            return None
        return max(known, key=lambda c: (self._block.get(c, last), self.rng.random()))

    def _best_at(self, category: str, level: int) -> tuple[float, str]:
        """The card of ``category`` worth most in a question cut off at ``level``."""
        per_level = self._levels.get(category)
        if per_level is None:
            per_level = []
            last = len(self._order)
            cards = (*self.categories[category], *self.fillers.get(category, ()))
            for lv in range(last + 1):
                # Small random amounts break ties without a fixed bias.
                per_level.append(
                    max(
                        (self._card_worth(c, lv) + self.rng.random() * 1e-3, c)
                        for c in cards
                        if self._block.get(c, last) >= lv
                    )
                )
            self._levels[category] = per_level
        return per_level[level]

    def _best_question(self, room: str) -> tuple[float, str, str]:
        """The most informative (value, suspect, weapon) to ask in ``room``."""
        top = self._block.get(room, len(self._order))
        best = (-1.0, "", "")
        for level in range(top + 1):
            s_value, suspect = self._best_at("suspect", level)
            w_value, weapon = self._best_at("weapon", level)
            value = s_value + w_value + self._card_worth(room, level)
            if value > best[0]:
                best = (value, suspect, weapon)
        return best

    def _question_value(self, room: Any) -> float:
        """What the best question in ``room`` can teach (0: nothing at all)."""
        if not isinstance(room, str) or (
            room not in self._rooms() and room not in self.fillers.get("room", ())
        ):
            return 0.0
        value = self._room_values.get(room)
        if value is None:
            value = self._best_question(room)[0]
            # Below the smallest real worth is only the tie-breaking noise.
            value = self._room_values[room] = value if value >= 0.01 else 0.0
        return value

    def _room_value(self, room: Any) -> float:
        """How much a suggestion in ``room`` can teach: rooms still unplaced are best.

        The coarse placement scale the knight plans with; this bot itself weighs
        rooms by :meth:`_question_value`.
        """
        if not isinstance(room, str) or room not in self.categories["room"]:
            return 0.0
        places = self._possible(room)
        if len(places) > 1:
            return 2.0
        # A room whose place is known still lets us test suspects and weapons,
        # best if it is our own card (then nobody else can refute on the room).
        return 1.0 if places == frozenset({self.seat}) else 0.5

    # -- moving -----------------------------------------------------------------------

    STEP_COST = 0.4
    """Question value one more square of walking is worth (about 1.4 a turn)."""
    ASK_NOW = 3.0
    """Bonus for a question this turn rather than after more walking."""

    def _prospect(self, location: Any, exclude: Any = None) -> float:
        """The best question value reachable from ``location``, less the walk to it."""
        board = self.board
        assert board is not None
        node = board.node(location if isinstance(location, str) else tuple(location))
        best = float("-inf")
        for room in self._rooms():
            value = self._question_value(room)
            if value <= 0.0 or room == exclude:
                continue
            distance = board.distances_from(board.node(room))[node]
            best = max(best, value - self.STEP_COST * distance)
        return best if best > float("-inf") else 0.0

    def _worth_staying(self, room: Any, here: Any) -> bool:
        """Ask in ``room`` this turn (by a passage, or where we were summoned) rather than
        roll and walk elsewhere: only when that question teaches something, and not
        clearly less than a room within reach would."""
        value = self._question_value(room)
        if value <= 0.0:
            return False
        return value + self.ASK_NOW >= self._prospect(here, exclude=here)

    def _move(self, view: Mapping[str, Any], moves: Sequence[Action]) -> Action:
        best: Action = moves[0]
        best_score = float("-inf")
        for action in moves:
            to = action["to"]
            score = self._prospect(to)
            if self._question_value(to) > 0.0:
                score += self.ASK_NOW
            score += self.rng.random() * 0.01  # break ties without a fixed bias
            if score > best_score:
                best, best_score = action, score
        return best

    def _suggest(self, book: CardKnowledge, options: Sequence[Action], room: str) -> Action:
        """The question that can teach most, with fillers that cannot spoil it."""
        _, suspect, weapon = self._best_question(room)
        wanted = Action(self.seat, "suggest", (("suspect", suspect), ("weapon", weapon)))
        return wanted if wanted in options else options[0]

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
