"""The Clue or Cruel bot: a guest who collects gems, deduces and calls bluffs, or an
accomplice who bluffs with its own cards - whichever role its view names.

Both follow the seat's log with its :class:`~cluedo.deduction.knowledge.CardKnowledge`
(sound eliminations, and the exact count for the last step of a case).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cluedo.agents.base import ENVELOPE, Agent, card_knowledge
from cluedo.agents.lapses import with_lapses
from cluedo.agents.random_bot import RandomAgent
from cluedo.agents.registry import BotList
from cluedo.content.board import Board, load_board
from cluedo.engine.actions import Action

if TYPE_CHECKING:
    from cluedo.deduction.knowledge import CardKnowledge
    from cluedo.deduction.places import Place

PILE = "pile"
"""The clue pile's place in the notebook (see :mod:`cluedo.rules.clue_or_cruel.reading`)."""

DECAY = 0.7
"""A goal's worth is multiplied by this for every turn (3.5 steps) it lies away."""

MEAN_ROLL = 3.5

STALE_TURNS = 60
"""A guest whose notebook has not changed for this many of its turns guesses the
most likely envelope: a game among bots always ends."""


class Reading:
    """What the bot reads off its notebook at one version of it, kept until the
    notebook changes: each card's places, what naming it may teach, who surely
    holds it, and the worth of each suggestion and room worked out so far (a bot
    asks about the same rooms and triples many times between two changes)."""

    __slots__ = (
        "asked",
        "fillers",
        "info",
        "knowledge",
        "own",
        "possible",
        "rooms",
        "stops",
        "version",
    )

    def __init__(self, agent: CruelAgent, book: CardKnowledge) -> None:
        self.version = book.version
        self.possible = possible = book.every_possible()
        # Seats by the order they are asked to answer this one (a suggestion's round).
        order: dict[Place, int] = {p: i for i, p in enumerate(agent._left)}
        last = len(order)
        self.info: dict[str, float] = {}
        self.asked: dict[str, int] = {}
        """For a card worth naming (its ``info`` above 0), the first seat in the round
        that may hold it, by its place in the order; past every seat for the others."""
        self.stops: dict[str, int] = {}
        """Where the round surely stops at the card: its known holder's place in the order."""
        for card, places in possible.items():
            info = self.info[card] = agent._info_of(places)
            self.asked[card] = (
                min((order[p] for p in places if p in order), default=last) if info > 0 else last
            )
            self.stops[card] = order.get(next(iter(places)), last) if len(places) == 1 else last
        mine = frozenset({agent.seat})
        self.own = [c for c in agent.cards if possible[c] == mine]
        self.knowledge = sum(len(possible[c]) for c in agent.cards)
        self.rooms: dict[str, float] = {}
        """A guest's worth of a suggestion in each room worked out at this version."""
        self.fillers: tuple[list[str], list[str]] | None = None
        """The three suspects and weapons a guest would name anywhere."""


_DECAYS: dict[int, float] = {}
"""``DECAY`` to the power of the turns a number of steps takes, by the steps."""


def _decay(steps: int) -> float:
    """``DECAY`` to the power of the turns ``steps`` take (worked out once per distance)."""
    found = _DECAYS.get(steps)
    if found is None:
        found = _DECAYS[steps] = DECAY ** (steps / MEAN_ROLL)
    return found


class CruelAgent(Agent):
    """Plays the role its view names.

    **Guest.** Walks towards whatever tells it most, each goal discounted by the
    turns it takes to get there: a gem (a clue card nobody else will see) while
    the pile lasts, or a room where a suggestion can still be answered by someone.
    Suggests cards whose place is open and that another player may hold, and fills
    the suggestion with cards it knows (its own, or the envelope's) so the answer
    is sharp. It steers clear of cards other players keep naming (they may be the
    accomplice's bluffs), and skips a suggestion that could tell it nothing. It
    accuses when certain, and calls a bluff on a player whose suggestions keep
    naming cards that player is known to hold.

    **Accomplice.** Collects gems (each one is a card the guests will not see and
    a bluff to come), names its own cards in every suggestion it can - new ones
    first, to lay more lures - goes to rooms whose card it holds, and when
    refuting shows a card it has not bluffed with, so the guests keep believing
    its bluffs may be in the envelope. It never calls a bluff, and accuses (where
    the options let it) only when certain.
    """

    name = "sensible"

    def __init__(self, seat: int, seed: int | None = None, call_after: int = 2) -> None:
        super().__init__(seat, seed)
        self.call_after = call_after
        self.book: CardKnowledge | None = None
        self.broken = False
        """The notebook met a contradiction: stop trusting it (guess only when stuck)."""
        self.board: Board | None = None
        self.categories: dict[str, tuple[str, ...]] = {}
        self.cards: tuple[str, ...] = ()
        self.players = 0
        self.role = "guest"
        self.named_by_others: dict[str, int] = {}
        """card -> suggestions by other seats naming it."""
        self.shown: dict[str, set[int]] = {}
        self.bluffs: list[str] = []
        self.suggested: dict[int, list[tuple[tuple[str, str, str], int, frozenset[str]]]] = {}
        """Every suggestion by each other seat: the cards, the seat's hand size then,
        and which of the cards had certainly left the pile by then."""
        self.stale_turns = 0
        self._last_knowledge = -1
        self._turn_seen = -1
        self._reading: Reading | None = None
        self._left: tuple[int, ...] = ()
        """The other seats in the order they are asked to answer this seat."""

    # -- following ------------------------------------------------------------------

    def _follow(self, view: dict[str, Any]) -> CardKnowledge:
        from cluedo.deduction.errors import DeductionError

        if self.book is None:
            self.book = card_knowledge(view, self.seat)
            self.categories = dict(self.book.categories)
            self.cards = tuple(c for cards in self.categories.values() for c in cards)
            self.players = int(view["players"])
            self.board = load_board(view.get("board", "classic"))
            self._left = tuple((self.seat + step) % self.players for step in range(1, self.players))
        book = self.book
        self.role = view.get("role") or "guest"
        tally = view.get("tally")
        if isinstance(tally, dict):
            self.bluffs = list(tally.get("bluffs", []))
        for event in view["log"]:
            kind = event["kind"]
            if kind == "suggestion" and event["seat"] != self.seat:
                triple = (event["suspect"], event["weapon"], event["room"])
                self.suggested.setdefault(event["seat"], []).append(
                    self._as_evidence(book, event["seat"], triple)
                )
                for card in triple:
                    self.named_by_others[card] = self.named_by_others.get(card, 0) + 1
            if (
                kind in ("card_shown", "clue_shown")
                and event["seat"] == self.seat
                and "card" in event
            ):
                self.shown.setdefault(event["card"], set()).add(event["to"])
            if not self.broken:
                try:
                    book.observe_event(event)
                except DeductionError:
                    self.broken = True
        return book

    def _read(self, book: CardKnowledge) -> Reading:
        """The notebook's reading at its current version (worked out once per version)."""
        reading = self._reading
        if reading is None or reading.version != book.version:
            reading = self._reading = Reading(self, book)
        return reading

    @staticmethod
    def _hand_size(book: CardKnowledge, seat: int) -> int:
        """How many cards ``seat`` holds now (hands grow by one a gem)."""
        return book.fast.sizes[seat] if book.fast is not None else 0

    @classmethod
    def _as_evidence(
        cls, book_now: CardKnowledge, seat: int, triple: tuple[str, str, str]
    ) -> tuple[tuple[str, str, str], int, frozenset[str]]:
        size = cls._hand_size(book_now, seat)
        drawn = frozenset(c for c in triple if PILE not in book_now.possible(c))
        return triple, size, drawn

    def _held_when_named(
        self,
        book: CardKnowledge,
        seat: int,
        card: str,
        size_then: int,
        drawn_then: frozenset[str],
    ) -> bool:
        """The seat surely held ``card`` when it named it: it holds it now, and either
        has drawn nothing since or the card had already left the pile (hands only grow)."""
        if self._read(book).possible[card] != frozenset({seat}):
            return False
        return card in drawn_then or self._hand_size(book, seat) == size_then

    def _own_named(self, book: CardKnowledge, seat: int) -> list[list[str]]:
        """For each suggestion ``seat`` made, the suspect and weapon it named that it
        surely held then (:meth:`_held_when_named` for all of them at once)."""
        possible = self._read(book).possible
        only = frozenset({seat})
        size_now = self._hand_size(book, seat)
        # The room is often forced (a summons, a passage): only the free choices count.
        return [
            [c for c in triple[:2] if possible[c] == only and (c in drawn or size_now == size)]
            for triple, size, drawn in self.suggested.get(seat, ())
        ]

    def _count_turn(self, view: dict[str, Any], book: CardKnowledge) -> None:
        """Track turns in which this seat learnt nothing (for the stuck guess)."""
        if view["turn"] == self._turn_seen:
            return
        self._turn_seen = view["turn"]
        knowledge = self._read(book).knowledge
        if knowledge != self._last_knowledge:
            self.stale_turns = 0
            self._last_knowledge = knowledge
        else:
            self.stale_turns += 1

    # -- choosing -------------------------------------------------------------------

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        book = self._follow(view)
        by_kind: dict[str, list[Action]] = {}
        found = by_kind.get
        for action in legal:
            kind = action.kind
            same = found(kind)
            if same is None:
                by_kind[kind] = [action]
            elif kind != "accuse" and kind != "call_bluff":  # only the first: the lists are long
                same.append(action)
        if "place_weapon" in by_kind or "place_gem" in by_kind:
            options = by_kind.get("place_weapon") or by_kind["place_gem"]
            return options[self.rng.randrange(len(options))]
        if "show" in by_kind:
            return self._show(by_kind["show"], view["pending"]["suggester"])
        if "show_clue" in by_kind:
            return self._show(by_kind["show_clue"], view["pending"]["named"])
        guest = self.role == "guest"
        if guest and view["pending"].get("kind") == "turn":
            self._count_turn(view, book)
        if "accuse" in by_kind:  # an accomplice only where the options allow it
            triple = self._accusation(book) if guest else (None if self.broken else book.solution())
            if triple is not None:
                suspect, weapon, room = triple
                return Action.make(self.seat, "accuse", suspect=suspect, weapon=weapon, room=room)
        if "call_bluff" in by_kind and guest:
            call = self._bluff_call(view, book)
            if call is not None:
                return call
        if "passage" in by_kind and "roll" in by_kind:
            choice = self._passage_or_roll(view, book, by_kind["passage"][0])
            if choice is not None:
                return choice
        if "move" in by_kind:
            return self._move(view, book, by_kind["move"])
        if "suggest" in by_kind:
            here = view["positions"][view["characters"][self.seat]]
            suggestion = self._suggest(book, by_kind["suggest"], here)
            if suggestion is not None:
                return suggestion
        for kind in ("roll", "end_turn"):
            if kind in by_kind:
                return by_kind[kind][0]
        safe = [a for a in legal if a.kind not in ("accuse", "call_bluff")]
        return (safe or list(legal))[0]

    def _accusation(self, book: CardKnowledge) -> tuple[str, ...] | None:
        if not self.broken:
            solution = book.solution()
            if solution is not None:
                return solution
        if self.stale_turns >= STALE_TURNS:
            # Nothing left to learn from: a guess ends the deadlock either way.
            return book.most_likely_envelope()[0]
        return None

    # -- values ---------------------------------------------------------------------

    def _others(self, places: frozenset[Place]) -> bool:
        """Some other player may hold the card (so a suggestion can tell)."""
        return any(isinstance(p, int) and p != self.seat for p in places)

    def _info(self, book: CardKnowledge, card: str) -> float:
        """What naming ``card`` may teach a guest: 1 if its place matters and someone
        could show it, little if only the pile or the envelope can hold it."""
        return self._read(book).info[card]

    def _info_of(self, places: frozenset[Place]) -> float:
        """:meth:`_info` of a card that may be at ``places``."""
        if ENVELOPE in places and len(places) > 1:
            return 1.0 if self._others(places) else 0.0
        return 0.0

    def _answer_worth(self, book: CardKnowledge, named: Sequence[str]) -> float:
        """What the answer to a suggestion naming ``named`` may teach: the open cards
        that some player, asked before anyone sure to hold a named card, might show.

        A player known to hold a named card stops the round and may show that card
        again, so cards only players after it could hold tell nothing.
        """
        return self._worth_of(self._read(book), tuple(named))

    @staticmethod
    def _worth_of(reading: Reading, named: tuple[str, ...]) -> float:
        """:meth:`_answer_worth` from the reading: each open card counts at the first
        seat of the round that may hold it, if no seat before that one surely holds
        a named card (that seat may always show the card it is known to hold).

        Worth ``info / len(named)`` a card, all of them 1: for the three cards of a
        suggestion, adding the thirds seat by seat gives ``count / 3`` to the last bit.
        """
        asked, stops = reading.asked, reading.stops
        if len(named) != 3:
            info, stop = reading.info, min(stops[c] for c in named)
            worth = 0.0
            for step in sorted({asked[c] for c in named if asked[c] < stop}):
                worth += sum(info[c] for c in named if asked[c] == step) / len(named)
            return worth
        a, b, c = named
        stop = min(stops[a], stops[b], stops[c])
        return ((asked[a] < stop) + (asked[b] < stop) + (asked[c] < stop)) / 3

    def _room_worth(self, book: CardKnowledge, room: str) -> float:
        """How much a suggestion in ``room`` is worth, on the gems' scale."""
        reading = self._read(book)
        if self.role == "accomplice":
            if reading.possible[room] == frozenset({self.seat}):
                return 3.0 if room not in self.bluffs else 2.0
            return 1.5 if reading.own else 0.5
        worth = reading.rooms.get(room)
        if worth is None:
            if reading.fillers is None:
                info = reading.info
                reading.fillers = (
                    sorted(self.categories["suspect"], key=lambda c: -info[c])[:3],
                    sorted(self.categories["weapon"], key=lambda c: -info[c])[:3],
                )
            suspects, weapons = reading.fillers
            # The best of the nine suggestions: _worth_of written out, in thirds.
            asked, stops = reading.asked, reading.stops
            room_asked, room_stop = asked[room], stops[room]
            best = 0
            for s in suspects:
                for w in weapons:
                    stop = min(room_stop, stops[s], stops[w])
                    count = (asked[s] < stop) + (asked[w] < stop) + (room_asked < stop)
                    if count > best:
                        best = count
            worth = reading.rooms[room] = 4.0 * (best / 3)
        return worth

    def _gem_worth(self, view: dict[str, Any], book: CardKnowledge) -> float:
        if not view["gems"]:
            return 0.0
        if self.role == "accomplice":
            # Every gem it takes is a card the guests never see, and a bluff to come.
            return 4.0 if len(self._own_cards(book)) < 3 else 2.5
        return 3.5

    def _own_cards(self, book: CardKnowledge) -> list[str]:
        return self._read(book).own

    # -- moving ---------------------------------------------------------------------

    def _goals(self, view: dict[str, Any], book: CardKnowledge) -> list[tuple[int, float]]:
        board = self.board
        assert board is not None
        here = view["positions"][view["characters"][self.seat]]
        goals: list[tuple[int, float]] = []
        gem = self._gem_worth(view, book)
        if gem > 0:
            goals += [(board.node_of_square[(g[0], g[1])], gem) for g in view["gems"]]
        for room in self.categories["room"]:
            if room != here:
                worth = self._room_worth(book, room)
                if worth > 0:
                    goals.append((board.node(room), worth))
        return goals

    def _value_at(self, node: int, goals: Sequence[tuple[int, float]]) -> float:
        board = self.board
        assert board is not None
        return self._value_by(node, [(board.distances_from(g), w) for g, w in goals])

    @staticmethod
    def _value_by(node: int, goals: Sequence[tuple[tuple[int, ...], float]]) -> float:
        """:meth:`_value_at` with each goal's distances to every node at hand."""
        best = 0.0
        decays = _DECAYS
        for distances, worth in goals:
            steps = distances[node]
            decay = decays.get(steps)
            value = worth * (_decay(steps) if decay is None else decay)
            if value > best:
                best = value
        return best

    def _move(self, view: dict[str, Any], book: CardKnowledge, moves: Sequence[Action]) -> Action:
        board = self.board
        assert board is not None
        goals = [(board.distances_from(g), w) for g, w in self._goals(view, book)]
        best, best_score = moves[0], float("-inf")
        for action in moves:
            to = action["to"]
            node = board.node(to if isinstance(to, str) else (to[0], to[1]))
            score = self._value_by(node, goals) + self.rng.random() * 0.001
            if score > best_score:
                best, best_score = action, score
        return best

    def _passage_or_roll(
        self, view: dict[str, Any], book: CardKnowledge, passage: Action
    ) -> Action | None:
        """Take the secret passage when the room at its end is worth more than the
        average place a roll from here would reach (the expected roll's reach)."""
        board = self.board
        assert board is not None
        here = view["positions"][view["characters"][self.seat]]
        if not isinstance(here, str) or here not in board.passages:
            return None
        target = board.passages[here]
        goals = self._goals(view, book)
        worth = self._room_worth(book, target)
        stay = DECAY * self._value_at(board.node(here), goals)
        return passage if worth > stay else None

    # -- suggesting -----------------------------------------------------------------

    def _card_score(self, book: CardKnowledge, card: str) -> float:
        reading = self._read(book)
        places = reading.possible[card]
        if self.role == "accomplice":
            if places == frozenset({self.seat}):
                # Spread the bluffs: a card not yet bluffed with lays a new lure, and
                # one never shown to a guest still looks like a suspect for the envelope.
                fresh = 0.5 if card not in self.bluffs else 0.0
                hidden = 0.3 if card not in self.shown else 0.0
                return 3.0 + fresh + hidden
            return self.rng.random()
        info = reading.info[card]
        if info > 0:
            # Cards others keep naming may be the accomplice's bluffs: prefer others.
            wary = 0.25 * min(self.named_by_others.get(card, 0), 6)
            return 2.0 + info - wary
        if places == frozenset({ENVELOPE}):
            return 1.2  # nobody can show it: the answer is about the other cards
        if places == frozenset({self.seat}):
            # Own cards sharpen the answer too, but a guest who names them looks
            # like the accomplice: only when nothing else will do.
            return 0.0
        return 0.3

    def _suggest(self, book: CardKnowledge, options: Sequence[Action], room: str) -> Action | None:
        score = {c: self._card_score(book, c) for c in self.cards}
        if self.role == "accomplice":
            return max(
                options,
                key=lambda a: score[a["suspect"]] + score[a["weapon"]] + self.rng.random() * 0.01,
            )
        # A guest weighs what the answer may teach first, then how the cards sit
        # (wary of possible bluffs, fillers nobody can show, its own cards last).
        reading = self._read(book)
        mine = frozenset(reading.own)
        best, best_key, best_worth = options[0], (False, False, float("-inf")), 0.0
        for a in options:
            suspect, weapon = a["suspect"], a["weapon"]
            worth = self._worth_of(reading, (suspect, weapon, room))
            # Naming its own cards would make it look like the accomplice to the
            # others: only when no other suggestion can tell anything.
            innocent = suspect not in mine and weapon not in mine
            sharp = worth + 0.15 * (score[suspect] + score[weapon])
            key = (worth > 0, innocent, sharp + self.rng.random() * 0.001)
            if key > best_key:
                best, best_key, best_worth = a, key, worth
        if best_worth <= 0:
            return None  # it could tell nothing, and might feed the accomplice a bluff
        return best

    # -- refuting -------------------------------------------------------------------

    def _show(self, options: Sequence[Action], to: int) -> Action:
        """Show what gives away least: a card the other has seen, then one shown to
        others; the accomplice keeps its bluffs hidden as long as it can."""

        def cost(action: Action) -> tuple[int, int, int, float]:
            card = action["card"]
            seen_by = self.shown.get(card, set())
            hidden_bluff = 1 if card in self.bluffs else 0
            return (hidden_bluff, 0 if to in seen_by else 1, -len(seen_by), self.rng.random())

        return min(options, key=cost)

    # -- calling --------------------------------------------------------------------

    def _bluff_call(self, view: dict[str, Any], book: CardKnowledge) -> Action | None:
        """Call on the player whose suggestions most often name its own cards.

        The accomplice must name its own cards to bluff; a guest seldom does. A
        player is suspect once ``call_after`` of its suggestions named a card it is
        known to hold, and at least half of all its suggestions did; the call names
        the own card it named most.
        """
        if self.broken:
            return None
        best: tuple[int, int, str] | None = None
        for seat, triples in self.suggested.items():
            if view["eliminated"][seat]:
                continue
            own = self._own_named(book, seat)
            hits = sum(1 for cards in own if cards)
            if hits < self.call_after or 2 * hits < len(triples):
                continue
            counts: dict[str, int] = {}
            for cards in own:
                for card in cards:
                    counts[card] = counts.get(card, 0) + 1
            card = max(counts, key=lambda c: (counts[c], c))
            if best is None or hits > best[0]:
                best = (hits, seat, card)
        if best is None:
            return None
        return Action.make(self.seat, "call_bluff", player=best[1], card=best[2])


ODDS_WAYS = 24
"""Weigh the envelope's odds (the exact count) only once this few combinations remain."""

GUEST_ODDS = 0.6
"""A guest accuses once its likeliest envelope is right this often: a wrong guess
puts it out, but waiting lets another guest - or the accomplice's bluffs - win."""

ACCOMPLICE_ODDS = 0.6
"""Where the options let the accomplice accuse, it does at these odds: it has its
bluffs to fall back on, so it needs better odds than a guest."""

CALL_ODDS = 0.6
"""A guest calls a bluff once a player is the accomplice with at least this chance."""

OWN_CARD_IF_ACCOMPLICE = 0.55
OWN_CARD_IF_GUEST = 0.1
"""How often a suggestion names a card its maker is seen to hold, for the
accomplice (who must, to bluff) and for a guest (who names its own cards only
when nothing else will do)."""


class StrongCruelAgent(CruelAgent):
    """The Clue or Cruel bot playing on the odds.

    A guest accuses the likeliest envelope once it is likely enough (not only
    when certain), and calls a bluff on the player most likely to be the
    accomplice, weighing every suggestion each player made: one naming a card its
    maker surely held counts for the accomplice, one that did not counts against.

    The accomplice lays each bluff once - a card counts as a bluff from the first
    suggestion naming it, and every suggestion naming its own cards is evidence
    against it - and otherwise asks like a guest, naming none of its cards. Where
    the options let the accomplice accuse, it accuses on the odds too.
    """

    name = "strong"

    def _odds(self, book: CardKnowledge) -> tuple[tuple[str, ...], float] | None:
        """The likeliest envelope and its chance, once few combinations remain."""
        if self.broken:
            return None
        if book.combinations() > ODDS_WAYS:
            return None
        return book.most_likely_envelope()

    def _accusation(self, book: CardKnowledge) -> tuple[str, ...] | None:
        certain = super()._accusation(book)
        if certain is not None:
            return certain
        odds = self._odds(book)
        if odds is not None and odds[1] >= GUEST_ODDS:
            return odds[0]
        return None

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        if self.role == "accomplice" and self.book is not None:
            accuse = next((a for a in legal if a.kind == "accuse"), None)
            if accuse is not None and view["pending"].get("kind") == "turn":
                book = self._follow(view)
                odds = self._odds(book)
                if odds is not None and odds[1] >= ACCOMPLICE_ODDS:
                    suspect, weapon, room = odds[0]
                    return Action.make(
                        self.seat, "accuse", suspect=suspect, weapon=weapon, room=room
                    )
                return super().choose(dict(view, log=[]), legal)
        return super().choose(view, legal)

    def _suggest(self, book: CardKnowledge, options: Sequence[Action], room: str) -> Action | None:
        if self.role != "accomplice":
            return super()._suggest(book, options, room)
        return self._quiet_bluff(book, options, room)

    def _quiet_bluff(self, book: CardKnowledge, options: Sequence[Action], room: str) -> Action:
        """The accomplice lays each bluff once and otherwise asks like a guest.

        A card counts as a bluff from the first suggestion naming it while held; naming
        it again adds nothing, and every suggestion that names a card it is seen to
        hold is what guests call a bluff on. So it names as many cards it has not yet
        bluffed with as it can, and when it has none (or only the room, which counts
        by itself) it names no card it holds, as a guest would.
        """
        reading = self._read(book)
        mine = frozenset(reading.own)
        fresh = mine - frozenset(self.bluffs)
        best, best_key = options[0], (-1, False, float("-inf"))
        for a in options:
            suspect, weapon = a["suspect"], a["weapon"]
            new = (suspect in fresh) + (weapon in fresh)
            innocent = new == 0 and suspect not in mine and weapon not in mine
            worth = self._worth_of(reading, (suspect, weapon, room))
            key = (new, innocent, worth + self.rng.random() * 0.001)
            if key > best_key:
                best, best_key = a, key
        return best

    def _bluff_call(self, view: dict[str, Any], book: CardKnowledge) -> Action | None:
        if self.broken:
            return None
        weights: dict[int, float] = {}
        cards: dict[int, dict[str, int]] = {}
        for seat in range(self.players):
            if seat == self.seat or view["eliminated"][seat]:
                continue
            weight = 1.0
            counts: dict[str, int] = {}
            for triple, size, drawn in self.suggested.get(seat, []):
                own = [c for c in triple[:2] if self._held_when_named(book, seat, c, size, drawn)]
                if own:
                    weight *= OWN_CARD_IF_ACCOMPLICE / OWN_CARD_IF_GUEST
                    for card in own:
                        counts[card] = counts.get(card, 0) + 1
                else:
                    weight *= (1 - OWN_CARD_IF_ACCOMPLICE) / (1 - OWN_CARD_IF_GUEST)
            weights[seat] = weight
            cards[seat] = counts
        total = sum(weights.values())
        if not total:
            return None
        seat = max(weights, key=lambda s: (weights[s], -s))
        if weights[seat] / total < CALL_ODDS or not cards[seat]:
            return None
        card = max(cards[seat], key=lambda c: (cards[seat][c], c))
        return Action.make(self.seat, "call_bluff", player=seat, card=card)


BOTS = BotList(
    {
        "random": RandomAgent,
        "sensible": CruelAgent,
        "strong": StrongCruelAgent,
        "casual": with_lapses(CruelAgent, "casual", slip_kinds=("move", "suggest", "show")),
    },
    default="sensible",
    strongest="strong",
    levels={"easy": "casual", "medium": "sensible", "hard": "strong"},
    descriptions={
        "casual": "easy: misses some answers, forgets some cards and now and then "
        "walks or asks less well than it could",
        "sensible": "medium: collects gems, deduces carefully and calls a bluff only on proof",
        "strong": "hard: accuses and calls bluffs as soon as the odds are good; as the "
        "accomplice it bluffs with each card once and otherwise asks like a guest",
    },
)
"""This rule set's bots and the levels a person chooses from."""
