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
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from cluedo.agents.base import ENVELOPE, Agent, card_knowledge
from cluedo.content.board import Board, load_board
from cluedo.engine.actions import Action

if TYPE_CHECKING:
    from cluedo.deduction.knowledge import CardKnowledge
    from cluedo.deduction.places import Place


_kind = attrgetter("kind")

_TIE_BREAK = 1e-3
"""The largest tie-breaking amount added to a card's worth (a random fraction of it)."""


CONTENDERS_ONLY = True
"""Weigh only the cards close enough to the best for the tie-breaking amounts to matter
(the same choices as weighing every card, which the tests do with this off)."""


_Level = tuple[tuple[float, ...], tuple[str, ...], tuple[tuple[int, float, str], ...]]
"""At one level, the cards a question may name with what each teaches, and the cards
that may win there as (index of their tie-breaking draw, worth, card)."""
_Choices = tuple[int, tuple[_Level, ...]]
"""A category's choices at every level, with how many draws they take in all."""


_Described = tuple[int, tuple[int, ...] | None, tuple[float, ...]]

_DESCRIBED: dict[tuple[tuple[int, ...], frozenset[Place]], _Described] = {}
"""What :meth:`SensibleAgent._describe` said about a set of places, by answer order:
the same for every bot of every game (it depends on nothing else)."""
_CHOICES_SEEN: dict[
    tuple[tuple[int, ...], str, tuple[str, ...], tuple[frozenset[Place] | None, ...]], _Choices
] = {}
"""What :meth:`SensibleAgent._list_choices` said, by answer order, category, cards and
their places (all it depends on), for every bot of every game."""
_SEEN_LIMIT = 1 << 14
"""Either table is emptied when it grows this large (a long simulation meets new ones)."""


class _ActionSorter:
    """Sorts legal actions by kind. Accusations are most of the list and only noted
    (an empty list): a bot makes them only from the notebook's solution. The rule
    sets list them last and hand out the same accusation objects every time, so a
    list ending in the accusations seen before is sorted without reading them."""

    def __init__(self) -> None:
        self.accusations: list[Action] = []
        """The accusations that closed the last legal list that had them all at its end."""

    def __call__(self, legal: Sequence[Action]) -> dict[str, list[Action]]:
        tail = self.accusations
        n = len(tail)
        rest: Sequence[Action]
        if n and len(legal) >= n and legal[-1] is tail[-1] and legal[-n:] == tail:
            rest, accusations = legal[:-n], n
        else:
            kinds = list(map(_kind, legal))
            accusations = kinds.count("accuse")
            rest = legal
            if accusations:
                first = kinds.index("accuse")
                if first + accusations == len(kinds):  # all at the end
                    rest = legal[:first]
                    self.accusations = list(legal[first:])
                else:
                    rest = [a for a in legal if a.kind != "accuse"]
        out: dict[str, list[Action]] = {}
        for action in rest:
            out.setdefault(action.kind, []).append(action)
        if accusations:
            out.setdefault("accuse", []).clear()
        return out


_FORCED = frozenset({"end_turn", "show", "roll"})
"""Kinds of action taken without thought when they are the only one legal (see
:meth:`SensibleAgent._forced`): choosing them draws nothing, or (showing) one number."""


# The other bots extend it; compiled (cluedo.compiled), it must allow that.
@mypyc_attr(allow_interpreted_subclasses=True)
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
        self._questions: dict[str, tuple[float, str, str]] = {}
        self._worth: dict[str, tuple[float, ...]] = {}
        """What asking about each unknown card teaches, by level (see _card_worth)."""
        self._targets: list[tuple[str, float, tuple[int, ...]]] | None = None
        self._pairs: list[tuple[float, str, str]] | None = None
        self._pairs_upto: list[tuple[float, str, str]] = []
        self._snapshot_of: object = None
        self._choices_by_category: dict[str, _Choices] = {}
        """Per category and level, the cards a question may name there and their worth."""
        self._by_kind = _ActionSorter()
        self._category_size: dict[str, int] = {}
        """How many cards each card's category holds, for ``_sized`` (see _show)."""
        self._unread: list[Mapping[str, Any]] = []
        """Events of the log not yet read into the notebook (see :meth:`_forced`)."""
        self._sized: object = None
        self._cards: tuple[str, ...] = ()
        """Every card of :attr:`categories`, for ``_cards_of`` (see _all_places)."""
        self._cards_of: object = None

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
        log = view["log"]
        self._note_shown(log)
        if self._unread:  # what came before the forced moves since the last choice
            log = [*self._unread, *log]
            self._unread = []
        self._read(log)
        return self.book

    def _read(self, log: Sequence[Mapping[str, Any]]) -> None:
        """Read what happened since the last choice into the notebook, in one batch."""
        assert self.book is not None
        self.book.catch_up(log)

    def _note_shown(self, log: Sequence[Mapping[str, Any]]) -> None:
        for event in log:
            if event["kind"] == "card_shown" and event["seat"] == self.seat and "card" in event:
                self.shown.setdefault(event["card"], set()).add(event["to"])

    def _forced(self, view: Mapping[str, Any], only: Action) -> Action:
        """The one legal action (ending the turn, showing the only card held), without
        reading the log into the notebook now: it waits for the next real choice, and
        the notebook reads it then in one batch (:meth:`CardKnowledge.catch_up` comes to
        the same places either way). A quarter of a classic game's decisions are forced.
        The same draws are made as on the long way (a card to show is weighed, with its
        tie-break, as :meth:`_show` weighs every card), so the game is the same."""
        log = view["log"]
        self._unread += log
        self._note_shown(log)
        if only.kind == "show":
            return self._show([only], view["pending"]["suggester"])
        return only

    def _possible(self, card: str) -> frozenset[Place]:
        """The places ``card`` may be, as this bot reckons them (the sound eliminations)."""
        assert self.book is not None
        return self.book.possible(card)

    # -- choosing -------------------------------------------------------------------

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        # A bot that reads the log its own way (forgetting some of it, say) reads it
        # at every call; a lone move or question is weighed as usual (with its draws).
        if (
            len(legal) == 1
            and legal[0].kind in _FORCED
            and type(self)._follow is SensibleAgent._follow
        ):
            return self._forced(view, legal[0])
        book = self._follow(view)
        # Accusations are most of the list; they are only ever made from the notebook's
        # solution, so they are noted rather than collected.
        kinds = self._by_kind(legal)
        if "show" in kinds:
            return self._show(kinds["show"], view["pending"]["suggester"])
        # Asked only when an accusation may be made: the notebook counts exactly when
        # asked, and counting what arrived meanwhile later gives the same answer.
        solution = book.solution() if "accuse" in kinds else None
        if solution is not None:
            suspect, weapon, room = solution
            return Action(
                self.seat, "accuse", (("room", room), ("suspect", suspect), ("weapon", weapon))
            )
        if "move" in kinds:
            self._begin_decision(view)
            return self._move(view, kinds["move"])
        here = view["positions"][view["characters"][self.seat]]
        # Rolling needs no thought: the notebook's snapshot waits for a real choice.
        if "suggest" in kinds:
            self._begin_decision(view)
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
            if "suggest" not in kinds:
                self._begin_decision(view)
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
        """Take a snapshot of the notebook for this decision (questions read it often).

        What each card's places say is kept until the notebook's answers change.
        """
        assert self.book is not None
        players = int(view.get("players") or len(view["characters"]))
        order = tuple((self.seat + k) % players for k in range(1, players))
        if order != self._order:
            self._order = order
            self._snapshot_of = None
            self._places = {}
        key = self._snapshot_key()
        if key is None or key != self._snapshot_of:
            self._snapshot_of = key
            old = self._places
            new = self._places = self._all_places()
            self._choices_by_category = {}
            if old.keys() != new.keys():  # the first snapshot (or other cards): all afresh
                old = {}
                self._block, self._positions, self._worth = {}, {}, {}
            block, positions, worth = self._block, self._positions, self._worth
            seen = _DESCRIBED
            for card, places in new.items():
                if old.get(card) == places:
                    continue  # what a card's places say changes only with its places
                about = seen.get((order, places))
                if about is None:
                    if len(seen) >= _SEEN_LIMIT:
                        seen.clear()
                    about = seen[order, places] = self._describe(places)
                block[card], seats, worth_at = about
                if seats is not None:
                    positions[card] = seats
                    worth[card] = worth_at
                else:
                    positions.pop(card, None)
                    worth.pop(card, None)
        self._levels = {}
        self._pairs = None
        self._room_values = {}
        self._questions = {}
        self._targets = None

    def _all_places(self) -> dict[str, frozenset[Place]]:
        """Where each card may be, as this bot reckons it (see :meth:`_possible`)."""
        assert self.book is not None
        every = self.book.every_possible()
        categories = self.categories
        if self._cards_of is not categories:
            self._cards = tuple(c for cs in categories.values() for c in cs)
            self._cards_of = categories
        if tuple(every) == self._cards:  # the notebook's cards, in the same order
            return every
        return {c: every[c] for c in self._cards}

    def _snapshot_key(self) -> object:
        """What the snapshot of :meth:`_begin_decision` depends on (None: take it anew)."""
        assert self.book is not None
        return self.book.version

    def _describe(self, places: frozenset[Place]) -> _Described:
        """A card that may be at ``places``: its block level, and if unknown, the answer
        positions that may hold it and what asking about it teaches at each level.

        Cards with the same places are alike here, so decisions look this up by places
        (in a table every bot shares: what it says depends only on the order and places).
        """
        position: dict[Place, int] = {seat: i for i, seat in enumerate(self._order)}
        last = len(self._order)
        if len(places) == 1:
            (only,) = places
            return position.get(only, last), None, ()
        seats = tuple(sorted(position[p] for p in places if p in position))
        # Where a card outside the envelope lies helps only through later deductions.
        weight = 3.0 + 0.1 * len(places) if ENVELOPE in places else 0.25
        worth = [
            weight * (sum(1 for s in seats if s < level) / (len(places) - 1))
            for level in range(last)
        ]
        worth.append(weight * 1.0)  # every place is tested: somebody shows it, or nobody has it
        return last, seats, tuple(worth)

    def _card_worth(self, card: str, level: int) -> float:
        """What asking about ``card`` teaches when the first sure answer comes at ``level``."""
        worth = self._worth.get(card)
        if worth is None:
            return 0.0  # known, or outside the notebook: a filler, nothing to learn
        return worth[level] if level < len(worth) else worth[-1]

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
        return self._best_of(category)[level]

    def _best_of(self, category: str) -> list[tuple[float, str]]:
        """:meth:`_best_at` at every level (kept for this decision).

        Small random amounts break ties without a fixed bias: one draw of the bot's
        generator per card that may be named at each level, in order. Only the cards
        whose worth is close enough to the best for the amounts to matter are looked at.
        """
        per_level = self._levels.get(category)
        if per_level is None:
            draws, choices = self._choices_of(category)
            draw = self.rng.random
            if CONTENDERS_ONLY:
                amounts = [draw() for _ in range(draws)]
                per_level = []
                for _, _, contenders in choices:
                    if len(contenders) == 1:
                        ((k, worth, card),) = contenders
                        per_level.append((worth + amounts[k] * 1e-3, card))
                    else:
                        per_level.append(
                            max([(w + amounts[k] * 1e-3, c) for k, w, c in contenders])
                        )
            else:
                per_level = [
                    max(zip([w + draw() * 1e-3 for w in worth], cards, strict=True))
                    for worth, cards, _ in choices
                ]
            self._levels[category] = per_level
        return per_level

    def _choices_of(self, category: str) -> _Choices:
        """For each level, the cards of ``category`` a question cut off there may name
        (those not held before it), with what each teaches, and those that may win
        once the tie-breaking amounts are added; kept with the snapshot."""
        found = self._choices_by_category.get(category)
        if found is None:
            cards = (*self.categories[category], *self.fillers.get(category, ()))
            # The same places for the category's cards give the same choices: most
            # new facts are about other categories.
            key = (self._order, category, cards, tuple(self._places.get(c) for c in cards))
            found = _CHOICES_SEEN.get(key)
            if found is None:
                if len(_CHOICES_SEEN) >= _SEEN_LIMIT:
                    _CHOICES_SEEN.clear()
                found = _CHOICES_SEEN[key] = self._list_choices(category, cards)
            self._choices_by_category[category] = found
        return found

    def _list_choices(self, category: str, cards: tuple[str, ...]) -> _Choices:
        last = len(self._order)
        block, worths = self._block, self._worth
        # Known cards and cards outside the notebook teach nothing (see _card_worth).
        nothing = (0.0,) * (last + 1)
        blocks = []
        rows = []
        for c in cards:
            w = worths.get(c) or nothing
            if len(w) <= last:  # as _card_worth reads it past the end
                w = w + (w[-1],) * (last + 1 - len(w))
            blocks.append(block.get(c, last))
            rows.append(w)
        if not cards:
            raise ValueError(f"no card of {category} can be asked about")
        columns = list(zip(*rows, strict=True))  # each level's worth of every card
        lowest = min(blocks)
        found = []
        start = 0  # the first draw of this level
        limit = 2 * _TIE_BREAK
        for level in range(last + 1):
            names: tuple[str, ...]
            worth: tuple[float, ...]
            if level <= lowest:  # no card is held before this level: all may be named
                names, worth = cards, columns[level]
            else:
                keep = [i for i, b in enumerate(blocks) if b >= level]
                if not keep:
                    raise ValueError(f"no card of {category} can be asked about")
                column = columns[level]
                names = tuple([cards[i] for i in keep])
                worth = tuple([column[i] for i in keep])
            top = max(worth)
            # Any other card ends below the best whatever the tie-breaking amounts
            # (each is less than _TIE_BREAK).
            contenders = tuple(
                [(start + i, w, names[i]) for i, w in enumerate(worth) if top - w <= limit]
            )
            found.append((worth, names, contenders))
            start += len(names)
        return start, tuple(found)

    def _best_question(self, room: str) -> tuple[float, str, str]:
        """The most informative (value, suspect, weapon) to ask in ``room``."""
        best = self._questions.get(room)
        if best is not None:
            return best
        top = self._block.get(room, len(self._order))
        pairs = self._pairs
        if pairs is None:
            pairs = self._pairs = self._best_pairs()
        worth = self._worth.get(room)
        if worth is None:  # a known room adds nothing: the best pair up to its level
            best = self._pairs_upto[top]
        else:
            best = (-1.0, "", "")
            for level in range(top + 1):
                value, suspect, weapon = pairs[level]
                value += worth[level]
                if value > best[0]:
                    best = (value, suspect, weapon)
        self._questions[room] = best
        return best

    def _best_pairs(self) -> list[tuple[float, str, str]]:
        """The best suspect and weapon at each level with their worth together; and in
        ``_pairs_upto``, the best of those at this level or below."""
        suspects = self._best_of("suspect")
        weapons = self._best_of("weapon")
        pairs = [
            (s_value + w_value, suspect, weapon)
            for (s_value, suspect), (w_value, weapon) in zip(suspects, weapons, strict=True)
        ]
        best = (-1.0, "", "")
        self._pairs_upto = []
        for pair in pairs:
            if pair[0] > best[0]:
                best = pair
            self._pairs_upto.append(best)
        return pairs

    def _question_value(self, room: Any) -> float:
        """What the best question in ``room`` can teach (0: nothing at all)."""
        value = self._room_values.get(room) if isinstance(room, str) else None
        if value is not None:
            return value
        if not isinstance(room, str) or (
            room not in self._rooms() and room not in self.fillers.get("room", ())
        ):
            return 0.0
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

    def _room_targets(self) -> list[tuple[str, float, tuple[int, ...]]]:
        """The rooms worth asking in, with their question values and every node's walk
        to each (kept for this decision)."""
        targets = self._targets
        if targets is None:
            board = self.board
            assert board is not None
            targets = self._targets = []
            for room in self._rooms():
                value = self._question_value(room)
                if value > 0.0:
                    targets.append((room, value, board.distances_from(board.node(room))))
        return targets

    def _prospect(self, location: Any, exclude: Any = None) -> float:
        """The best question value reachable from ``location``, less the walk to it."""
        board = self.board
        assert board is not None
        node = board.node(location if isinstance(location, str) else tuple(location))
        targets = self._room_targets()
        step = self.STEP_COST
        if exclude is None:  # every move considered
            scores = [value - step * distances[node] for _, value, distances in targets]
        else:
            scores = [
                value - step * distances[node]
                for room, value, distances in targets
                if room != exclude
            ]
        return max(scores) if scores else 0.0

    def _worth_staying(self, room: Any, here: Any) -> bool:
        """Ask in ``room`` this turn (by a passage, or where we were summoned) rather than
        roll and walk elsewhere: only when that question teaches something, and not
        clearly less than a room within reach would."""
        value = self._question_value(room)
        if value <= 0.0:
            return False
        return value + self.ASK_NOW >= self._prospect(here, exclude=here)

    def _move(self, view: Mapping[str, Any], moves: Sequence[Action]) -> Action:
        """The move whose end has the best :meth:`_prospect`, with :attr:`ASK_NOW` added
        for a room with a question (the prospect worked out here for all moves at once)."""
        board = self.board
        assert board is not None
        reach = [(value, distances) for _, value, distances in self._room_targets()]
        step, ask_now = self.STEP_COST, self.ASK_NOW
        rooms, squares = board.node_of_room, board.node_of_square
        question_value, draw = self._question_value, self.rng.random
        best: Action = moves[0]
        best_score = float("-inf")
        for action in moves:
            to = action["to"]
            # Only a room has a question (a square is worth 0.0 without asking).
            if type(to) is str:
                node = rooms[to]
                bonus = ask_now if question_value(to) > 0.0 else 0.0
            else:
                node = squares[to if type(to) is tuple else tuple(to)]
                bonus = 0.0
            score = (
                max([value - step * distances[node] for value, distances in reach])
                if reach
                else 0.0
            )
            score += bonus
            score += draw() * 0.01  # break ties without a fixed bias
            if score > best_score:
                best, best_score = action, score
        return best

    def _suggest(self, book: CardKnowledge, options: Sequence[Action], room: str) -> Action:
        """The question that can teach most, with fillers that cannot spoil it."""
        _, suspect, weapon = self._best_question(room)
        params = (("suspect", suspect), ("weapon", weapon))
        wanted = Action(self.seat, "suggest", params)
        # Compared by their parameters first: the list holds dozens of questions.
        for option in options:
            if option.params == params and option == wanted:
                return wanted
        return options[0]

    def _size_of_category(self, card: str) -> int:
        """How many cards the first category of :attr:`categories` naming ``card`` holds."""
        if self._sized is not self.categories:  # bots of other rule sets set their own
            sizes: dict[str, int] = {}
            for cards in reversed(self.categories.values()):  # the first naming a card wins
                for name in cards:
                    sizes[name] = len(cards)
            self._category_size, self._sized = sizes, self.categories
        size = self._category_size.get(card)
        if size is None:
            return next(len(cards) for cards in self.categories.values() if card in cards)
        return size

    def _show(self, options: Sequence[Action], suggester: int) -> Action:
        """Show the card that gives away least: one the suggester has already seen,
        else one already shown to others, else a room (there are more rooms, so
        one room card tells less than one suspect or weapon)."""

        def cost(action: Action) -> tuple[int, int, float]:
            card = action["card"]
            seen_by = self.shown.get(card, set())
            if suggester in seen_by:
                return (0, 0, 0.0)
            category_size = self._size_of_category(card) if self.categories else 1
            return (1, -len(seen_by), -category_size + self.rng.random() * 0.01)

        return min(options, key=cost)
