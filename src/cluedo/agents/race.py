"""Accusing as a race: guess now, or wait a round while the others close in.

A wrong accusation puts a player out, so the sensible bot waits until it is
certain. But at a full table someone else usually solves the case within a
round or two of the first player reaching even odds. This module weighs the
two bets:

- accuse now and win with the chance ``p`` that the likeliest envelope is
  right;
- wait, and win only if no opponent accuses correctly before our next turn
  (chance ``survive``), then with the better odds we will have by then.

How close an opponent is to the solution is read from deals drawn from what
this seat knows: in each drawn deal we know the opponent's hand and which card
each answer showed it, so we can rebuild its notebook (the public facts plus
its own) and count the cards it still has to rule out. :data:`SOLVES_NEXT_TURN`
turns that count into the chance it accuses correctly at its next turn,
measured on sensible bots' games.

What the round of waiting is worth: the odds grow by a share :data:`GAIN` of
what is missing to certainty. The share is a judgement, not a fitted value: a
round usually brings one answer of our own, and waiting one more round stays
possible. The win rates in docs/bots.md ("The strong classic bot") are with 0.2.

>>> accuse_now(0.5, survive=0.5)
True
>>> accuse_now(0.5, survive=0.95)
False
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cluedo.agents.opponent_model import Question
from cluedo.content.board import Board
from cluedo.mechanics.dice import reach_chance

SOLVES_NEXT_TURN: tuple[float, ...] = (
    1.0,
    0.24,
    0.10,
    0.068,
    0.040,
    0.033,
    0.022,
    0.017,
    0.012,
    0.006,
    0.004,
    0.003,
    0.002,
)
"""Chance that an opponent accuses correctly at its next turn (given it gets one),
by how many cards its notebook still has to rule out at the start of our turn (the
envelope candidates of each category, less one), on sensible bots' games with the
true deal. Checked with ``benchmarks/bench_strong_bot.py solves``: on 150 such
games at six and at three players every entry was within 1.5 points of what
happened, but for one card to rule out at six (27.6% against 24%). Beyond its
end: the last value."""

GAIN = 0.2
"""The share of what is missing to certainty that waiting a round is worth."""


def solves_next_turn(distance: int) -> float:
    """See :data:`SOLVES_NEXT_TURN`."""
    return SOLVES_NEXT_TURN[min(max(distance, 0), len(SOLVES_NEXT_TURN) - 1)]


def waiting(p: float, survive: float, gain: float = GAIN) -> float:
    """What waiting a round with odds ``p`` is worth: surviving it, then holding
    odds grown by ``gain`` of what is missing to certainty."""
    return survive * (p + gain * (1.0 - p))


def accuse_now(p: float, survive: float, gain: float = GAIN) -> bool:
    """Whether accusing with odds ``p`` beats waiting a round."""
    return p >= waiting(p, survive, gain)


def reach(board: Board, location: Any, summoned: bool) -> float:
    """The chance a player standing at ``location`` may ask a question at its next
    turn: certain if a question brought it into its room or a passage leads on to
    another room, else the share of die rolls that reach some other room (other
    tokens left out).

    >>> from cluedo.content.board import load_board
    >>> board = load_board("classic")
    >>> reach(board, "kitchen", summoned=False)
    1.0
    >>> reach(board, "hall", summoned=True)
    1.0
    """
    in_room = isinstance(location, str)
    if in_room and (summoned or location in board.passages):
        return 1.0
    node = board.node(location if in_room else tuple(location))
    steps = min(
        board.distances_from(board.node(room))[node] for room in board.rooms if room != location
    )
    return reach_chance(steps, dice=1)


class Contradiction(Exception):
    """The facts cannot all hold (a drawn deal always fits them; kept for safety)."""


class QuickNotebook:
    """A player's sound eliminations in bit masks: the propagator of
    :mod:`cluedo.deduction.propagator` cut down to the classic deal (hands and an
    envelope of one card per category), fast enough to rebuild an opponent's
    notebook on every drawn deal.

    ``possible[c]`` has bit ``p`` set when card ``c`` may be with seat ``p``; bit
    ``players`` stands for the envelope.
    """

    def __init__(self, sizes: Sequence[int], categories: Sequence[Sequence[int]]) -> None:
        self.sizes = tuple(sizes)
        self.players = len(sizes)
        self.categories = [tuple(c) for c in categories]
        every = (1 << (self.players + 1)) - 1
        self.possible = [every] * sum(len(c) for c in categories)
        self.clauses: list[tuple[int, tuple[int, ...]]] = []
        self.wrong: list[tuple[int, ...]] = []

    def copy(self) -> QuickNotebook:
        other = QuickNotebook.__new__(QuickNotebook)
        other.sizes, other.players, other.categories = self.sizes, self.players, self.categories
        other.possible = list(self.possible)
        other.clauses = list(self.clauses)
        other.wrong = self.wrong
        return other

    def has_none(self, seat: int, cards: Iterable[int]) -> None:
        for c in cards:
            self.possible[c] &= ~(1 << seat)

    def has_one_of(self, seat: int, cards: Iterable[int]) -> None:
        self.clauses.append((seat, tuple(cards)))

    def holds(self, seat: int, card: int) -> None:
        self.possible[card] &= 1 << seat

    def hand(self, seat: int, cards: Iterable[int]) -> None:
        mine = set(cards)
        for c in range(len(self.possible)):
            if c in mine:
                self.possible[c] &= 1 << seat
            else:
                self.possible[c] &= ~(1 << seat)

    def propagate(self) -> None:
        """Apply the simple eliminations until nothing changes."""
        possible = self.possible
        groups: list[tuple[int, int, Sequence[int]]] = [
            (1 << p, size, range(len(possible))) for p, size in enumerate(self.sizes)
        ]
        envelope = 1 << self.players
        groups += [(envelope, 1, cards) for cards in self.categories]
        changed = True
        while changed:
            changed = False
            for bit, size, cards in groups:
                maybe = [c for c in cards if possible[c] & bit]
                known = [c for c in maybe if possible[c] == bit]
                if len(maybe) < size or len(known) > size:
                    raise Contradiction
                if len(known) == size and len(maybe) > size:
                    for c in maybe:
                        if possible[c] != bit:
                            possible[c] &= ~bit
                    changed = True
                elif len(maybe) == size and len(known) < size:
                    for c in maybe:
                        possible[c] = bit
                    changed = True
            kept = []
            for seat, cards in self.clauses:
                bit = 1 << seat
                if any(possible[c] == bit for c in cards):
                    continue
                left = [c for c in cards if possible[c] & bit]
                if not left:
                    raise Contradiction
                if len(left) == 1:
                    possible[left[0]] = bit
                    changed = True
                    continue
                kept.append((seat, tuple(left)))
            self.clauses = kept
            for triple in self.wrong:
                inside = [c for c in triple if possible[c] == envelope]
                if len(inside) == len(triple) - 1:
                    (last,) = (c for c in triple if possible[c] != envelope)
                    if possible[last] & envelope:
                        possible[last] &= ~envelope
                        changed = True

    def candidates(self, category: int) -> list[int]:
        """The cards of a category (by its index) that may be in the envelope."""
        envelope = 1 << self.players
        return [c for c in self.categories[category] if self.possible[c] & envelope]

    def distance(self) -> int:
        """Cards still to rule out: the envelope candidates of each category, less one."""
        envelope = 1 << self.players
        return sum(
            sum(1 for c in cards if self.possible[c] & envelope) - 1 for cards in self.categories
        )


class PublicNotebook:
    """What every player at the table knows: the answers to questions, without
    the cards shown to this seat (each player adds its own hand and the cards
    shown to it), as a :class:`QuickNotebook`."""

    def __init__(
        self, cards: Sequence[str], sizes: Sequence[int], categories: Sequence[Sequence[str]]
    ) -> None:
        self.index = {c: i for i, c in enumerate(cards)}
        self.cards = tuple(cards)
        self.book = QuickNotebook(sizes, [[self.index[c] for c in cat] for cat in categories])
        self.named: tuple[int, ...] = ()
        self.room_first = False
        """Whether a hidden answer is taken to show the room when the answerer holds it
        (as careful players do; else one of the named cards it holds at random)."""

    def observe_event(self, event: Mapping[str, Any]) -> None:
        """Take in one event of the seat's log (what it shows only this seat is left out)."""
        kind = event["kind"]
        if kind == "suggestion":
            named = (event["suspect"], event["weapon"], event["room"])
            self.named = tuple(self.index[c] for c in named if c in self.index)
        elif kind == "cannot_refute":
            self.book.has_none(int(event["seat"]), self.named)
        elif kind == "card_shown":
            self.book.has_one_of(int(event["seat"]), self.named)
        elif kind == "accusation" and not event.get("correct", True):
            named = (event["suspect"], event["weapon"], event["room"])
            self.book.wrong = [*self.book.wrong, tuple(self.index[c] for c in named)]

    def settled(self) -> QuickNotebook:
        """The public facts with their eliminations drawn."""
        book = self.book.copy()
        book.propagate()
        self.book = book
        return book

    def notebook_of(
        self,
        base: QuickNotebook,
        seat: int,
        holder: Sequence[int],
        questions: Iterable[Question],
        rng: random.Random,
        room_first: bool | None = None,
    ) -> QuickNotebook | None:
        """``seat``'s notebook if ``holder`` (the seat holding each card, by index) is
        the deal; ``base`` is :meth:`settled`. None if the facts clash (a drawn deal
        never makes them).

        The answers ``seat`` received show, in the deal, one of the named cards the
        answerer holds; unless this seat saw which, it is chosen as careful players
        do: one shown to ``seat`` before, else the room (if ``room_first``, by default
        :attr:`room_first`), else one drawn at random.
        """
        if room_first is None:
            room_first = self.room_first
        book = base.copy()
        book.hand(seat, [c for c, h in enumerate(holder) if h == seat])
        seen: set[int] = set()
        for q in questions:
            if q.asker != seat or q.answerer is None:
                continue
            if q.shown is not None and q.shown in self.index:
                card = self.index[q.shown]
            else:
                held = [
                    i
                    for i in (self.index.get(c) for c in q.cards)
                    if i is not None and holder[i] == q.answerer
                ]
                if not held:
                    continue
                again = [c for c in held if c in seen]
                room = self.index.get(q.cards[2])
                if again:
                    card = again[0]
                elif (room_first and room in held) or len(held) == 1:
                    card = room if room_first and room in held else held[0]
                else:
                    card = rng.choice(held)
            seen.add(card)
            book.holds(q.answerer, card)
        try:
            book.propagate()
        except Contradiction:
            return None
        return book

    def distance(
        self,
        base: QuickNotebook,
        seat: int,
        holder: Sequence[int],
        questions: Iterable[Question],
        rng: random.Random,
    ) -> int:
        """How many cards ``seat`` still has to rule out if ``holder`` is the deal
        (see :meth:`notebook_of`)."""
        book = self.notebook_of(base, seat, holder, questions, rng)
        return 0 if book is None else book.distance()


def survival(
    public: PublicNotebook,
    holders: Sequence[Sequence[int]],
    questions: Sequence[Question],
    opponents: Sequence[int],
    rng: random.Random,
) -> float:
    """The chance that none of ``opponents`` accuses correctly at its next turn,
    averaged over drawn deals (``holders``: the seat holding each card, by index)."""
    if not opponents or not holders:
        return 1.0
    base = public.settled()
    total = 0.0
    for holder in holders:
        alive = 1.0
        for seat in opponents:
            alive *= 1.0 - solves_next_turn(public.distance(base, seat, holder, questions, rng))
            if alive == 0.0:
                break
        total += alive
    return total / len(holders)
