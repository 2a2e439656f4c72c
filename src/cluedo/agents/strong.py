"""The strong classic bot: questions, walks and accusations judged on drawn deals.

It keeps the seat's exact notebook like the detective, and draws a few hundred
deals from it at each of its turns (opponent-aware: see
:mod:`cluedo.agents.opponent_model`). On those deals it judges:

- every question it could ask in every room, by the expected drop in the
  envelope's entropy (:mod:`cluedo.agents.inquiry`);
- where to walk, whether to take a passage, and whether to stay and ask where
  someone else's question brought it: the worth of the best question in each
  room, lessened by the turns needed to get there;
- when to accuse: the likeliest envelope's odds now, against waiting a round
  while each opponent - whose notebook it rebuilds on the drawn deals - may
  solve the case first (:mod:`cluedo.agents.race`).

It shows the card that gives away least, and never accuses wrongly when the
notebook is certain; on odds it may, which is the point.
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from cluedo.agents.base import Agent, card_knowledge
from cluedo.agents.inquiry import Draws, holders_of, silence_odds, turn_value
from cluedo.agents.opponent_model import (
    OWN_CARD,
    DealSampler,
    Likelihood,
    QuestionLog,
    aware_odds,
)
from cluedo.agents.race import (
    GAIN,
    Contradiction,
    PublicNotebook,
    QuickNotebook,
    reach,
    solves_next_turn,
    survival,
    waiting,
)
from cluedo.content.board import Board, load_board
from cluedo.engine.actions import Action

if TYPE_CHECKING:
    from cluedo.deduction.knowledge import CardKnowledge

KNOWLEDGE_EVENTS = frozenset({"suggestion", "cannot_refute", "card_shown", "accusation"})


class StrongAgent(Agent):
    name = "strong"

    DRAWS = 200
    """Deals drawn per turn to judge questions and walks."""
    RACE_DRAWS = 24
    """Of those, how many rebuild the opponents' notebooks for the race."""
    KEEP = 0.6
    """A question one turn later is worth this share of the same question now."""
    INFO_WEIGHT = 0.01
    """Race value one bit of information is worth when choosing between questions."""
    PULL = 0.0
    """Bits a question loses for naming an opponent's suspect that is not yet in the
    room: its token is brought here, and that player may ask here at once next turn
    (a turn of walking saved for it)."""
    SHOWN_ROOM = 1.0
    """The opponent-aware ratio for an answerer holding the room when it showed this
    seat a suspect or weapon instead (1 leaves that evidence out; the measured ratio is
    :data:`cluedo.agents.opponent_model.SHOWN_ROOM`, which did not win more games)."""
    ROOM_FIRST = False
    """Whether the opponents' rebuilt notebooks take a hidden answer to show the room
    when the answerer holds it (:attr:`cluedo.agents.race.PublicNotebook.room_first`;
    tried with ``SHOWN_ROOM``, not kept)."""
    GAIN = GAIN
    """The share of what is missing to certainty that waiting a round is worth
    (:data:`cluedo.agents.race.GAIN`)."""
    GAIN_IDLE: float | None = None
    """If set, the share waiting is worth when the bot cannot ask at its next turn
    (no passage, no room within a roll); :attr:`GAIN_ASKING` when it surely can, and
    in between by the share of rolls that reach a room (None: :attr:`GAIN` always)."""
    GAIN_ASKING = 0.3
    """With :attr:`GAIN_IDLE` set: the share waiting is worth when the bot may surely
    ask at its next turn."""
    LOOKAHEAD = 1
    """Turns ahead a room's score looks when choosing where to walk: 1 counts the
    question there and the best one a turn later; more scores those later rooms by
    their own next turn too (so a room with a passage, from which a question can be
    asked every turn, counts for what it brings turn after turn)."""
    OWN_CARD = OWN_CARD
    """The opponent-aware ratio for a player holding a suspect or weapon it named
    (:data:`cluedo.agents.opponent_model.OWN_CARD`)."""
    KNOWN_NAMED = 1.0
    """The likelihood ratio for an opponent naming a suspect or weapon whose place it
    knew, in a category whose envelope card it did not (a careful player asks about
    the cards it cannot place: those are mostly envelope cards late in a game). On each
    drawn deal the opponent's notebook is rebuilt as it stood when it asked (hidden
    answers taken to show the room when they could); the deals are weighed by it, and
    so are the envelope odds. 1 leaves it out."""
    KNOWN_RECENT = 8
    """With :attr:`KNOWN_NAMED`: how many of the opponents' latest questions are read
    (earlier ones were asked knowing less, and each costs a rebuild per deal)."""
    KNOWN_SHRINK = 2.0
    """With :attr:`KNOWN_NAMED`: an envelope's odds are its opponent-aware odds times the
    mean weight of the deals holding it, pulled toward 1 by this many deals' worth."""
    UNSOLVED = 1.0
    """The likelihood ratio for a drawn deal on which an opponent still in the game
    would have known the solution when it last could accuse and did not (a careful
    player accuses as soon as it is sure). Its notebook is rebuilt on the deal as it
    stood then: at the start of its latest turn, or at its end if its own question
    there went unanswered (an answered question bars accusing that turn). 1 leaves
    it out."""
    GIVE = 0.0
    """Bits a question loses per unit of the round's survival it costs: its passes and
    its answerer are public, and an opponent near the solution may rule out its last
    cards with them. Judged on the race's drawn deals, where each opponent's notebook is
    rebuilt and told the question's answer (:meth:`_after_questions`). With it set, the
    race also weighs a question that tests the envelope by the survival after it. 0
    leaves what a question teaches the others out."""
    GIVE_QUESTIONS = 8
    """With :attr:`GIVE`: how many of the most informative questions are weighed for
    what they give away (the others are not chosen)."""
    GIVE_NEAR = 4
    """With :attr:`GIVE`: an opponent with more cards than this to rule out on a drawn
    deal is taken to stay as far from the solution whatever it hears (its chance to
    solve at its next turn is small either way)."""

    def __init__(
        self,
        seat: int,
        seed: int | None = None,
        *,
        aware: bool = True,
        race: bool = True,
    ) -> None:
        super().__init__(seat, seed)
        self.aware = aware
        self.race = race
        self.book: CardKnowledge | None = None
        self.board: Board | None = None
        self.log = QuestionLog(seat)
        self.public: PublicNotebook | None = None
        self.shown: dict[str, set[int]] = {}
        """Cards this seat has shown, and to whom."""
        self._learnt = 0
        """Events that taught the notebook something (the key of the cached judgements)."""
        self._cache_key = -1
        self._draws: Draws | None = None
        self._holders: list[list[int]] = []
        self._chain_ends: list[list[int]] = []
        self._room_worth: dict[str, npt.NDArray[np.float64]] = {}
        self._scores: tuple[dict[str, float], dict[str, float]] | None = None
        self._next: dict[str, float] = {}
        self._envelopes: list[tuple[tuple[str, ...], float]] = []
        self._standing_cache: tuple[int, tuple[tuple[str, ...], float, float] | None] | None = None
        self.trace: list[dict[str, Any]] = []
        """Each weighing of an accusation: odds, survival, expected growth, choice."""
        self._public_at: dict[int, QuickNotebook] = {}
        """The public notebook as each question was asked (by its place in the log)."""
        self._named_ratio: tuple[int, dict[tuple[str, ...], float]] | None = None
        """With KNOWN_NAMED or UNSOLVED: each drawn envelope's weight ratio, for the news
        it was drawn at."""
        self._declined: dict[int, tuple[QuickNotebook, int]] = {}
        """With UNSOLVED: for each opponent, the public notebook and the number of
        questions asked when it last could accuse and did not."""
        self._turn: tuple[int, bool] | None = None
        """With UNSOLVED: whose turn it is, and whether a question of its own went
        unanswered in it (it may accuse after that)."""

    # -- following the game -----------------------------------------------------------

    def _follow(self, view: Mapping[str, Any]) -> CardKnowledge:
        if self.book is None:
            self.book = card_knowledge(view, self.seat)
            self.book.NEARLY_SOLVED = sys.maxsize  # the exact count closes the case
            self.board = load_board(view.get("board", "classic"))
        for event in view["log"]:
            self.book.observe_event(event)
            kind = event["kind"]
            if kind == "setup":
                cats = self.book.categories
                self.public = PublicNotebook(
                    [c for cards in cats.values() for c in cards],
                    [int(n) for n in event["hand_sizes"]],
                    list(cats.values()),
                )
                self.public.room_first = self.ROOM_FIRST
            if kind in KNOWLEDGE_EVENTS:
                self._learnt += 1
                self.log.observe_event(event)
                if self.public is not None:
                    self.public.observe_event(event)
                    if kind == "suggestion" and self.KNOWN_NAMED != 1.0:
                        self._public_at[len(self.log.questions) - 1] = self.public.book.copy()
            if kind == "card_shown" and event["seat"] == self.seat and "card" in event:
                self.shown.setdefault(event["card"], set()).add(event["to"])
            if self.UNSOLVED != 1.0:
                self._note_declined(event)
        return self.book

    def _note_declined(self, event: Mapping[str, Any]) -> None:
        """Keep, for :attr:`UNSOLVED`, where each opponent last let a chance to accuse
        pass: the start of its turn, or the end of one where its question went
        unanswered."""
        kind = event["kind"]
        if self.public is None or (self._turn is None and kind != "turn"):
            return
        if kind == "turn":
            if self._turn is not None:
                seat, unanswered = self._turn
                if unanswered and seat != self.seat:
                    self._declined[seat] = (self.public.book.copy(), len(self.log.questions))
                    self._learnt += 1
            seat = int(event["seat"])
            self._turn = (seat, False)
            if seat != self.seat:
                self._declined[seat] = (self.public.book.copy(), len(self.log.questions))
                self._learnt += 1
        elif kind == "suggestion" and self._turn is not None:
            self._turn = (self._turn[0], int(event["seat"]) == self._turn[0])
        elif kind == "card_shown" and self._turn is not None:
            self._turn = (self._turn[0], False)
        elif kind == "accusation" and not event.get("correct", True):
            self._declined.pop(int(event["seat"]), None)  # out: it accuses no more

    # -- choosing -------------------------------------------------------------------

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        book = self._follow(view)
        kinds: dict[str, list[Action]] = {}
        for action in legal:
            if action.kind == "accuse":
                kinds["accuse"] = []  # made from the notebook, never picked from the list
            else:
                kinds.setdefault(action.kind, []).append(action)
        if "show" in kinds:
            return self._show(view, kinds["show"], view["pending"]["suggester"])
        if "accuse" in kinds:
            solution = book.solution()
            if solution is not None:
                return self._accusation(solution)
        stage = (view.get("pending") or {}).get("stage")
        if "move" in kinds:
            return self._move(view, kinds["move"])
        here = view["positions"][view["characters"][self.seat]]
        if stage == "start":
            # An accusation can wait until after the move (moving teaches nobody
            # anything), where a question may test the envelope first.
            return self._start(view, kinds, here)
        if self.race and "accuse" in kinds:
            raced = self._race(view, book, kinds.get("suggest", ()), here)
            if raced is not None:
                return raced
        if "suggest" in kinds:
            return self._suggest(view, kinds["suggest"], here)
        for kind in ("end_turn", "roll"):
            if kind in kinds:
                return kinds[kind][0]
        safe = [a for a in legal if a.kind != "accuse"]
        return (safe or list(legal))[0]

    def _accusation(self, combo: Sequence[str]) -> Action:
        suspect, weapon, room = combo
        return Action(
            self.seat, "accuse", (("room", room), ("suspect", suspect), ("weapon", weapon))
        )

    # -- judging questions on drawn deals ---------------------------------------------

    def _judge(self, view: Mapping[str, Any]) -> Draws:
        """Deals drawn for this state of knowledge (drawn again only after news)."""
        if self._draws is not None and self._cache_key == self._learnt:
            return self._draws
        book = self.book
        assert book is not None
        players = int(view["players"])
        sampler = DealSampler(
            book, self.seat, self.log.questions, aware=self.aware, likelihood=self._likelihood()
        )
        owners = sampler.draw_owners(
            random.Random(self.rng.random()), self.DRAWS, starts=self._chain_ends
        )
        per_chain = -(-self.DRAWS // 4)
        self._chain_ends = [
            owners[min(k * per_chain + per_chain, len(owners)) - 1] for k in range(4)
        ]
        self._holders = holders_of(owners, sampler.atom_place, players)
        if (self.KNOWN_NAMED != 1.0 or self.UNSOLVED != 1.0) and self.public is not None:
            self._holders = self._weigh_named(self._holders, players)
        index = sampler.index
        categories = [[index[c] for c in cards] for cards in book.categories.values()]
        shown_before = {
            (q.answerer, index[q.shown])
            for q in self.log.questions
            if q.asker == self.seat and q.answerer is not None and q.shown in index
        }
        self._draws = Draws(self._holders, players, categories, shown_before)
        self._index = index
        self._room_worth = {}
        self._scores = None
        self._cache_key = self._learnt
        return self._draws

    def unsolved_weights(self, holders: Sequence[Sequence[int]]) -> list[float]:
        """Each deal's weight by the opponents that have not accused: :attr:`UNSOLVED`
        for every one whose notebook, rebuilt on the deal as it stood when it last let
        a chance to accuse pass, had no card left to rule out."""
        public = self.public
        assert public is not None
        bases: list[tuple[int, QuickNotebook, int]] = []
        for seat, (book, asked) in self._declined.items():
            base = book.copy()
            try:
                base.propagate()
            except Contradiction:
                continue
            bases.append((seat, base, asked))
        if not bases:
            return [1.0] * len(holders)
        questions = self.log.questions
        rng = random.Random(self._learnt * 7919 + self.seat + 3)
        weights = []
        for holder in holders:
            w = 1.0
            for seat, base, asked in bases:
                rebuilt = public.notebook_of(
                    base, seat, holder, questions[:asked], rng, room_first=True
                )
                if rebuilt is not None and rebuilt.distance() == 0:
                    w *= self.UNSOLVED
            weights.append(w)
        return weights

    def named_weights(self, holders: Sequence[Sequence[int]]) -> list[float]:
        """Each deal's weight by what the opponents' latest questions say
        (:attr:`KNOWN_NAMED` for every suspect or weapon named, not the asker's own,
        whose place the asker's notebook rebuilt on the deal knew while its category's
        envelope card was still open)."""
        public = self.public
        assert public is not None
        questions = self.log.questions
        recent = [
            t for t, q in enumerate(questions) if q.asker != self.seat and t in self._public_at
        ]
        recent = recent[-max(self.KNOWN_RECENT, 0) :] if self.KNOWN_RECENT > 0 else []
        if not recent:
            return [1.0] * len(holders)
        bases: dict[int, QuickNotebook] = {}
        for t in recent:
            base = self._public_at[t].copy()
            try:
                base.propagate()
            except Contradiction:
                continue
            bases[t] = base
        log_ratio = math.log(self.KNOWN_NAMED)
        rng = random.Random(self._learnt * 7919 + self.seat + 1)
        weights = []
        for holder in holders:
            total = 0.0
            for t, base in bases.items():
                q = questions[t]
                book = public.notebook_of(
                    base, q.asker, holder, questions[:t], rng, room_first=True
                )
                if book is None:
                    continue
                for k, card in enumerate(q.cards[:2]):
                    c = public.index.get(card)
                    if c is None or holder[c] == q.asker:
                        continue  # its own card: the opponent-aware OWN_CARD weight
                    left = book.candidates(k)
                    if len(left) > 1 and c not in left:
                        total += log_ratio
            weights.append(math.exp(total))
        return weights

    def _weigh_named(self, holders: list[list[int]], players: int) -> list[list[int]]:
        """The drawn deals resampled by :meth:`named_weights` and
        :meth:`unsolved_weights`, those of the settings on (as many, drawn in proportion
        to their weights), and each envelope's weight ratio kept for :meth:`odds`."""
        weights = [1.0] * len(holders)
        if self.KNOWN_NAMED != 1.0:
            weights = self.named_weights(holders)
        if self.UNSOLVED != 1.0:
            weights = [a * b for a, b in zip(weights, self.unsolved_weights(holders), strict=True)]
        total = sum(weights)
        if not holders or total <= 0.0:
            return holders
        mean = total / len(holders)
        assert self.public is not None
        cards = self.public.cards
        by_envelope: dict[tuple[str, ...], list[float]] = {}
        for holder, w in zip(holders, weights, strict=True):
            envelope = tuple(cards[c] for c, h in enumerate(holder) if h == players)
            by_envelope.setdefault(envelope, []).append(w / mean)
        shrink = self.KNOWN_SHRINK
        self._named_ratio = (
            self._learnt,
            {e: (sum(ws) + shrink) / (len(ws) + shrink) for e, ws in by_envelope.items()},
        )
        # Systematic resampling, with its own generator (the bot's other draws stay).
        step = total / len(holders)
        u = random.Random(self._learnt * 7919 + self.seat + 2).random() * step
        out: list[list[int]] = []
        running = 0.0
        for holder, w in zip(holders, weights, strict=True):
            running += w
            while u < running and len(out) < len(holders):
                out.append(holder)
                u += step
        while len(out) < len(holders):
            out.append(holders[-1])
        return out

    def _best_question(self, view: Mapping[str, Any], room: str) -> tuple[float, str, str]:
        """The question worth most in ``room``: (worth in bits, suspect, weapon)."""
        draws = self._judge(view)
        assert self.book is not None
        suspects = self.book.categories["suspect"]
        weapons = self.book.categories["weapon"]
        worths = self._room_worth.get(room)
        if worths is None:
            order = draws.answer_order(self.seat)
            index = self._index
            worths = draws.worths(
                [index[c] for c in suspects], [index[c] for c in weapons], index[room], order
            )
            # Tiny random amounts break ties without a fixed bias.
            worths = worths + np.array(
                [[self.rng.random() * 1e-6 for _ in weapons] for _ in suspects]
            )
            self._room_worth[room] = worths
        if self.PULL:
            # Tokens move without news, so the pull is judged afresh each time.
            worths = worths - self.PULL * self._pulls(view, suspects, room)[:, None]
        i, j = np.unravel_index(int(np.argmax(worths)), worths.shape)
        return (float(worths[i, j]), suspects[int(i)], weapons[int(j)])

    def _chosen_question(self, view: Mapping[str, Any], room: str) -> tuple[str, str]:
        """The question to ask in ``room``: the most informative, or with :attr:`GIVE`,
        among the :attr:`GIVE_QUESTIONS` most informative the one whose bits less what
        it gives away (GIVE times the survival it costs) are worth most."""
        _, suspect, weapon = self._best_question(view, room)
        if not self.GIVE or self.public is None or self.book is None:
            return suspect, weapon
        suspects = self.book.categories["suspect"]
        worths = self._room_worth[room]
        if self.PULL:
            worths = worths - self.PULL * self._pulls(view, suspects, room)[:, None]
        pairs, named = self._best_few(worths)
        now, after = self._after_questions(view, room, named)
        scores = [
            float(worths[i, j]) - self.GIVE * (now - a)
            for (i, j), a in zip(pairs, after, strict=True)
        ]
        return named[int(np.argmax(scores))]

    def _best_few(
        self, scores: npt.NDArray[np.float64]
    ) -> tuple[list[tuple[int, int]], list[tuple[str, str]]]:
        """With :attr:`GIVE`: the :attr:`GIVE_QUESTIONS` best cells of ``scores`` (a
        value per suspect and weapon), as (suspect, weapon) indices and as names."""
        assert self.book is not None
        suspects = self.book.categories["suspect"]
        weapons = self.book.categories["weapon"]
        top = np.argsort(-scores, axis=None)[: max(self.GIVE_QUESTIONS, 1)]
        pairs = [(int(k) // scores.shape[1], int(k) % scores.shape[1]) for k in top]
        return pairs, [(suspects[i], weapons[j]) for i, j in pairs]

    def _after_questions(
        self, view: Mapping[str, Any], room: str, questions: Sequence[tuple[str, str]]
    ) -> tuple[float, npt.NDArray[np.float64]]:
        """The chance no opponent solves the case at its next turn: now, and after the
        table has heard the answer to each of ``questions`` (suspect, weapon) asked in
        ``room`` by this seat, on the race's drawn deals (each opponent's notebook
        rebuilt on the deal, then told who passed and who showed a card)."""
        public = self.public
        assert public is not None
        self._judge(view)
        players = int(view["players"])
        opponents = [s for s in range(players) if s != self.seat and not view["eliminated"][s]]
        holders = self._holders[:: max(1, len(self._holders) // self.RACE_DRAWS)]
        if not holders or not opponents:
            return 1.0, np.ones(len(questions))
        base = public.settled()
        # Its own generator, so that weighing what questions give away leaves the
        # bot's other draws as they were (the same games, but for its choices).
        rng = random.Random(self._learnt * 7919 + self.seat)
        named = [tuple(public.index[c] for c in (s, w, room)) for s, w in questions]
        order = [(self.seat + k) % players for k in range(1, players)]
        now = 0.0
        after = np.zeros(len(questions))
        for holder in holders:
            alive = 1.0
            alive_after = np.ones(len(questions))
            for seat in opponents:
                book = public.notebook_of(base, seat, holder, self.log.questions, rng)
                if book is None:
                    continue
                distance = book.distance()
                chance = solves_next_turn(distance)
                alive *= 1.0 - chance
                if distance > self.GIVE_NEAR:
                    alive_after *= 1.0 - chance
                    continue
                for k, cards in enumerate(named):
                    told = told_distance(book, seat, cards, holder, order)
                    alive_after[k] *= 1.0 - solves_next_turn(told)
            now += alive
            after += alive_after
        return now / len(holders), after / len(holders)

    def _pulls(
        self, view: Mapping[str, Any], suspects: Sequence[str], room: str
    ) -> npt.NDArray[np.float64]:
        """1 for each suspect whose naming in ``room`` brings an opponent still in the
        game into it (a free question for that player), else 0."""
        characters = view["characters"]
        positions = view["positions"]
        eliminated = view["eliminated"]
        players = {c: s for s, c in enumerate(characters)}
        return np.array(
            [
                float(
                    s in players
                    and players[s] != self.seat
                    and not eliminated[players[s]]
                    and positions.get(s) != room
                )
                for s in suspects
            ]
        )

    def _room_value(self, view: Mapping[str, Any], room: str) -> float:
        return max(self._best_question(view, room)[0], 0.0)

    # -- walking ------------------------------------------------------------------------

    def _distances(self, location: Any, exclude: str | None = None) -> dict[str, int]:
        """Steps from ``location`` to each room (``exclude`` left out)."""
        board = self.board
        assert board is not None and self.book is not None
        node = board.node(location if isinstance(location, str) else tuple(location))
        return {
            room: board.distances_from(board.node(room))[node]
            for room in self.book.categories["room"]
            if room != exclude
        }

    def _room_scores(self, view: Mapping[str, Any]) -> tuple[dict[str, float], dict[str, float]]:
        """Each room's question worth now, and its score as a place to end this turn:
        the question now and, a turn later, the better of its passage and a roll
        (those later rooms scored the same way :attr:`LOOKAHEAD` - 1 times more)."""
        self._judge(view)
        if self._scores is not None:
            return self._scores
        assert self.book is not None and self.board is not None
        worth = {room: self._room_value(view, room) for room in self.book.categories["room"]}
        # A room's score is its question now and, a turn later, the best room reached
        # from it; looking further ahead scores those rooms the same way again.
        score = worth
        for _ in range(max(self.LOOKAHEAD, 1)):
            self._next = {}
            for room in worth:
                after = turn_value(self._distances(room, exclude=room), score, self.KEEP)
                passage = self.board.passages.get(room)
                if passage is not None:
                    after = max(after, score[passage])
                self._next[room] = after
            score = {room: worth[room] + self.KEEP * self._next[room] for room in worth}
        self._scores = (worth, score)
        return self._scores

    def _roll_value(self, view: Mapping[str, Any], location: Any) -> float:
        """The worth of rolling from ``location`` (a room cannot be entered again)."""
        worth, score = self._room_scores(view)
        exclude = location if isinstance(location, str) else None
        return turn_value(self._distances(location, exclude), score, self.KEEP, later=worth)

    def _move(self, view: Mapping[str, Any], moves: Sequence[Action]) -> Action:
        worth, score = self._room_scores(view)
        best, best_score = moves[0], float("-inf")
        for action in moves:
            to = action["to"]
            if isinstance(to, str):
                value = score.get(to, 0.0)
            else:
                value = self.KEEP * turn_value(self._distances(to), score, self.KEEP, later=worth)
            value += self.rng.random() * 1e-6
            if value > best_score:
                best, best_score = action, value
        return best

    def _start(
        self, view: Mapping[str, Any], kinds: Mapping[str, list[Action]], here: Any
    ) -> Action:
        """Roll, take the passage, or ask here (when brought here by a question).

        When the odds are already worth an accusation, the accusation waits for
        a room where a question may test the envelope first: asked here when
        brought here, or reached by the passage (moving teaches nobody anything, and
        an accusation is still allowed after the move)."""
        board = self.board
        assert board is not None and self.book is not None
        if self.race and "accuse" in kinds:
            standing = self._standing(view, self.book)
            if standing is not None and standing[1] > waiting(
                standing[1], standing[2], self._gain(view)
            ):
                if "suggest" in kinds:
                    raced = self._race(view, self.book, kinds["suggest"], here)
                    if raced is not None:
                        return raced
                if "passage" in kinds:
                    return kinds["passage"][0]
        worth, score = self._room_scores(view)
        options: list[tuple[float, Action]] = []
        if "roll" in kinds:
            options.append((self._roll_value(view, here), kinds["roll"][0]))
        if "passage" in kinds and isinstance(here, str):
            options.append((score[board.passages[here]], kinds["passage"][0]))
        if "suggest" in kinds and isinstance(here, str):
            suspect, weapon = self._chosen_question(view, here)
            wanted = Action(self.seat, "suggest", (("suspect", suspect), ("weapon", weapon)))
            if wanted in kinds["suggest"]:
                options.append((worth[here] + self.KEEP * self._next[here], wanted))
        if not options:
            return next(iter(kinds.values()))[0]
        return max(options, key=lambda o: o[0])[1]

    def _suggest(self, view: Mapping[str, Any], options: Sequence[Action], room: str) -> Action:
        suspect, weapon = self._chosen_question(view, room)
        wanted = Action(self.seat, "suggest", (("suspect", suspect), ("weapon", weapon)))
        return wanted if wanted in options else options[0]

    # -- answering ----------------------------------------------------------------------

    SHOW_DRAWS = 12
    """Drawn deals on which the asker's notebook is rebuilt to choose a card to show."""

    def _show(self, view: Mapping[str, Any], options: Sequence[Action], asker: int) -> Action:
        """Show the card that teaches the asker least: on drawn deals its notebook is
        rebuilt, and a card it already knows is not in the envelope teaches nothing,
        one among few candidates of its category teaches most (log2 of the candidates
        before and after). Ties: a card the asker has seen from us, then one shown to
        most others, then one of the largest category."""
        assert self.book is not None
        size = {c: len(cards) for cards in self.book.categories.values() for c in cards}
        teaches = self._teaches(view, [a["card"] for a in options], asker)

        def cost(action: Action) -> tuple[float, int, int, float]:
            card = action["card"]
            seen_by = self.shown.get(card, set())
            if asker in seen_by:
                return (0.0, 0, 0, 0.0)
            return (
                round(teaches.get(card, 0.0), 3),
                1,
                -len(seen_by),
                -size.get(card, 1) + self.rng.random() * 0.01,
            )

        return min(options, key=cost)

    def _teaches(
        self, view: Mapping[str, Any], cards: Sequence[str], asker: int
    ) -> dict[str, float]:
        """Bits each card would teach ``asker`` about the envelope, on drawn deals."""
        known = self.book
        if len(cards) < 2 or self.public is None or known is None or known.exact_notebook() is None:
            return {}
        self._judge(view)
        public = self.public
        base = public.settled()
        holders = self._holders[:: max(1, len(self._holders) // self.SHOW_DRAWS)]
        rng = random.Random(self.rng.random())
        out = dict.fromkeys(cards, 0.0)
        for holder in holders:
            book = public.notebook_of(base, asker, holder, self.log.questions, rng)
            if book is None:
                continue
            for card in cards:
                c = public.index[card]
                category = next(k for k, cat in enumerate(book.categories) if c in cat)
                left = book.candidates(category)
                if c in left and len(left) > 1:
                    out[card] += math.log2(len(left)) - math.log2(len(left) - 1)
        return {card: bits / len(holders) for card, bits in out.items()}

    def _likelihood(self) -> Likelihood:
        return Likelihood(own_card=self.OWN_CARD, shown_room=self.SHOWN_ROOM)

    # -- the race -----------------------------------------------------------------------

    def _race_told(
        self,
        view: Mapping[str, Any],
        here: str,
        named: tuple[list[int], list[int], int],
        order: npt.NDArray[np.int64],
        survive: float,
        gain: float,
        silence: tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]],
        p: float,
        value: npt.NDArray[np.float64],
        score: npt.NDArray[np.float64],
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """With :attr:`GIVE`: the race values of the :attr:`GIVE_QUESTIONS` best
        questions judged again with the round's survival after the table has heard
        each one's answer (the others ruled out)."""
        assert self._draws is not None
        pairs, named_cards = self._best_few(score)
        now, after = self._after_questions(view, here, named_cards)
        grid = np.full(score.shape, survive)
        for (i, j), a in zip(pairs, after, strict=True):
            grid[i, j] = survive * (a / now if now > 0 else 1.0)
        told = self._draws.race_values(*named, order, grid, gain, silence, p)
        chosen = np.full(score.shape, False)
        for i, j in pairs:
            chosen[i, j] = True
        new_value = np.where(chosen, told, -np.inf)
        return new_value, np.where(chosen, score - value + told, -np.inf)

    def _gain(self, view: Mapping[str, Any]) -> float:
        """What waiting a round is worth, as a share of what is missing to certainty:
        :attr:`GAIN`, or with :attr:`GAIN_IDLE` set, more the surer the bot is to ask
        at its next turn from where it stands."""
        if self.GAIN_IDLE is None or self.board is None:
            return self.GAIN
        here = view["positions"][view["characters"][self.seat]]
        sure = reach(self.board, here, summoned=False)
        return self.GAIN_IDLE + sure * (self.GAIN_ASKING - self.GAIN_IDLE)

    def odds(self, book: CardKnowledge) -> list[tuple[tuple[str, ...], float]]:
        """Every possible envelope with its odds, likeliest first (opponent-aware if
        so set)."""
        if self.aware:
            odds = aware_odds(book, self.log.questions, self.seat, self._likelihood())
            named = self._named_ratio
            if named is None or named[0] != self._learnt:
                return list(odds.envelopes)
            # Each envelope's odds times the mean weight of the deals holding it (the
            # deals are drawn by the opponent-aware odds: that mean is the evidence's).
            ratio = named[1]
            weighed = [(combo, p * ratio.get(tuple(combo), 1.0)) for combo, p in odds.envelopes]
            total = sum(p for _, p in weighed)
            return sorted(((c, p / total) for c, p in weighed), key=lambda x: -x[1])
        notebook = book.exact_notebook()
        assert notebook is not None
        return [(combo, float(p)) for combo, p in notebook.envelope_distribution().items()]

    def _standing(
        self, view: Mapping[str, Any], book: CardKnowledge
    ) -> tuple[tuple[str, ...], float, float] | None:
        """The likeliest envelope, its odds, and the chance no opponent solves the case
        before our next turn (cached until something new is learnt)."""
        if self._standing_cache is not None and self._standing_cache[0] == self._learnt:
            return self._standing_cache[1]
        standing = None
        if book.exact_notebook() is not None and self.public is not None:
            self._judge(view)  # first: with KNOWN_NAMED the odds read the drawn deals
            envelopes = self.odds(book)
            combo, p = envelopes[0]
            opponents = [
                s
                for s in range(int(view["players"]))
                if s != self.seat and not view["eliminated"][s]
            ]
            survive = survival(
                self.public,
                self._holders[:: max(1, len(self._holders) // self.RACE_DRAWS)],
                self.log.questions,
                opponents,
                random.Random(self.rng.random()),
            )
            standing = (combo, p, survive)
            self._envelopes = envelopes
        self._standing_cache = (self._learnt, standing)
        return standing

    def _race(
        self,
        view: Mapping[str, Any],
        book: CardKnowledge,
        suggestions: Sequence[Action],
        here: Any,
    ) -> Action | None:
        """An accusation, a question that tests the envelope before accusing, or None
        (go on as usual), whichever is the best bet in the race."""
        standing = self._standing(view, book)
        if standing is None:
            return None
        combo, p, survive = standing
        choice: Action | None = None
        gain = self._gain(view)
        wait = waiting(p, survive, gain)
        best_value, kind = wait, "wait"
        if p > best_value:
            best_value, kind = p, "accuse"
            choice = self._accusation(combo)
        if suggestions and isinstance(here, str):
            assert self.book is not None
            draws = self._judge(view)
            suspects = self.book.categories["suspect"]
            weapons = self.book.categories["weapon"]
            index = self._index
            named = ([index[c] for c in suspects], [index[c] for c in weapons], index[here])
            order = draws.answer_order(self.seat)
            mine = set(view.get("hand") or ())
            silence = silence_odds(self._envelopes, suspects, weapons, here, mine)
            value = draws.race_values(*named, order, survive, gain, silence, p)
            # Between questions of about the same worth in the race, the one
            # that teaches most.
            info = draws.worths(*named, order)
            info = info - self.PULL * self._pulls(view, suspects, here)[:, None]
            score = value + self.INFO_WEIGHT * info
            if self.GIVE:
                value, score = self._race_told(
                    view, here, named, order, survive, gain, silence, p, value, score
                )
            i, j = np.unravel_index(int(np.argmax(score)), score.shape)
            if value[i, j] > best_value:
                best_value, kind = float(value[i, j]), "ask"
                wanted = Action(
                    self.seat,
                    "suggest",
                    (("suspect", suspects[int(i)]), ("weapon", weapons[int(j)])),
                )
                choice = wanted if wanted in suggestions else None
        self.trace.append(
            {
                "turn": view["turn"],
                "envelope": combo,
                "p": p,
                "survive": survive,
                "wait": wait,
                "gain": gain,
                "value": best_value,
                "choice": kind,
                "accuse": kind == "accuse",
            }
        )
        return choice


def told_distance(
    book: QuickNotebook,
    seat: int,
    cards: Sequence[int],
    holder: Sequence[int],
    order: Sequence[int],
) -> int:
    """Cards ``seat`` still has to rule out (its notebook ``book``) after hearing a
    question naming ``cards`` answered as the deal ``holder`` makes it: the players
    asked in ``order`` pass until the first holding a named card shows one (which, the
    others do not see). What ``seat`` hears of its own answer it knew already."""
    told = book.copy()
    for player in order:
        holds = any(holder[c] == player for c in cards)
        if player != seat:
            if holds:
                told.has_one_of(player, cards)
            else:
                told.has_none(player, cards)
        if holds:
            break
    try:
        told.propagate()
    except Contradiction:
        return book.distance()
    return told.distance()
