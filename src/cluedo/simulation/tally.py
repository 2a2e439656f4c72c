"""Running totals of a simulation: the summary of any number of games in constant memory.

A run's records arrive one by one (from worker processes or a Ray cluster, in
the order games finish). :class:`Tally` folds each record into counts as it
comes and keeps nothing else - only the errored records, which the console
lists one by one - so a run of a million games needs no more memory than a
run of a hundred. Every figure is order-free (counts, exact sums, medians and
spreads from counts of each value), so the summary is the same whatever order
the records came in, and the same as summarising a list of them.

>>> from cluedo.simulation.core import SimulationConfig, run_games
>>> records = run_games(SimulationConfig(players=3, bots=("random",), games=4, seed=2))
>>> forward, backward = Tally(3), Tally(3)
>>> for r in records:
...     forward.add(r)
>>> for r in reversed(records):
...     backward.add(r)
>>> forward.summary() == backward.summary() == summarize(records, 3)
True
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction

from cluedo.simulation.core import (
    ERROR,
    Z_95,
    Backend,
    BotStats,
    GameRecord,
    GroupStats,
    Rate,
    SimulationConfig,
    StatSummary,
    Summary,
)


@dataclass(frozen=True)
class Spread:
    """The 95% half-widths of a run's means (the means themselves are the summary's)."""

    turns: float
    """Of the mean game length in turns."""
    stats: dict[str, float]
    """Of the mean of each of the rule set's per-game numbers."""


class Values:
    """A multiset of numbers kept as counts of each value: exact mean, median and spread.

    Game lengths and the rule sets' per-game numbers take few distinct values
    (turns, kills, points), so the counts stay small however many games are added.

    >>> v = Values()
    >>> for x in (3, 1, 2, 2):
    ...     v.add(x)
    >>> v.count, v.mean(), v.median(), v.low(), v.high(), v.total()
    (4, 2.0, 2.0, 1, 3, 8.0)
    >>> round(v.half_width(), 4)
    0.8002
    """

    def __init__(self) -> None:
        self.counts: Counter[float] = Counter()
        self.count = 0

    def add(self, value: float) -> None:
        self.counts[value] += 1
        self.count += 1

    def each(self) -> Iterator[float]:
        """Every value added, as often as it was added (smallest first)."""
        for value in sorted(self.counts):
            yield from itertools.repeat(value, self.counts[value])

    def total(self) -> float:
        # fsum is exactly rounded, so it equals the sum of the values in any order.
        return math.fsum(self.each())

    def mean(self) -> float:
        return self.total() / self.count if self.count else 0.0

    def median(self) -> float:
        if not self.count:
            return 0.0
        middle = (self.count - 1) // 2, self.count // 2
        found: list[float] = []
        seen = 0
        for value in sorted(self.counts):
            seen += self.counts[value]
            while len(found) < 2 and middle[len(found)] < seen:
                found.append(value)
            if len(found) == 2:
                break
        return float(found[0] + found[1]) / 2

    def low(self) -> float:
        return min(self.counts)

    def high(self) -> float:
        return max(self.counts)

    def half_width(self) -> float:
        """Half the width of the 95% interval of the mean (normal approximation)."""
        n = self.count
        if n < 2:
            return 0.0
        exact = {Fraction(v): c for v, c in self.counts.items()}
        mean = sum((v * c for v, c in exact.items()), Fraction(0)) / n
        squares = sum((c * (v - mean) ** 2 for v, c in exact.items()), Fraction(0))
        return Z_95 * math.sqrt(squares / (n - 1)) / math.sqrt(n)


class Tally:
    """A run's running totals; :meth:`summary` and :meth:`spread` at any time."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.games = 0
        self.errors: list[GameRecord] = []
        """The errored records, in the order they came (few; the console lists them)."""
        self.outcomes: Counter[str] = Counter()
        self.no_winner = 0
        self.unfinished = 0
        self.turns = Values()
        """Turns of each completed game (the game-length plot's numbers)."""
        self.actions = Values()
        self.wrong_accusations = 0
        self.seat_wins = [0] * players
        self.turn_wins = [0] * players
        self.known_first = 0
        self.bot_seats: Counter[str] = Counter()
        self.bot_wins: Counter[str] = Counter()
        self.bot_wrong: Counter[str] = Counter()
        # (grouping, label) -> [games with it, games it won, seats with it, seats that won]
        self.group_counts: dict[tuple[str, str], list[int]] = {}
        self.groupings: dict[str, None] = {}  # first-seen order
        self.stats: dict[str, Values] = {}
        self._stat_order: dict[str, tuple[int, int]] = {}
        """Where each figure first came, as (game index, place in that game's figures):
        a rule set may give some figures only in some games, and games arrive in any
        order, so the summary lists them as the games in index order would."""

    @classmethod
    def of(cls, records: Iterable[GameRecord], players: int) -> Tally:
        tally = cls(players)
        for record in records:
            tally.add(record)
        return tally

    def add(self, r: GameRecord) -> None:
        """Count one game's record."""
        self.games += 1
        self.outcomes[r.outcome] += 1
        if r.outcome == ERROR:
            self.errors.append(r)
            return
        if r.finished and not r.winners:
            self.no_winner += 1
        if not r.finished:
            self.unfinished += 1
        self.turns.add(r.turns)
        self.actions.add(r.actions)
        self.wrong_accusations += sum(r.wrong_accusations)
        for seat, bot in enumerate(r.bots):
            self.bot_seats[bot] += 1
            self.bot_wrong[bot] += r.wrong_accusations[seat]
        for seat in r.winners:
            self.seat_wins[seat] += 1
            self.bot_wins[r.bots[seat]] += 1
            if r.first is not None:
                self.turn_wins[(seat - r.first) % self.players] += 1
        if r.first is not None:
            self.known_first += 1
        self._add_groups(r)
        order = self._stat_order
        for place, (name, value) in enumerate(r.stats.items()):
            self.stats.setdefault(name, Values()).add(value)
            first = (r.index, place)
            if name not in order or first < order[name]:
                order[name] = first

    def _add_groups(self, r: GameRecord) -> None:
        winners = set(r.winners)
        for grouping, labels in r.labels.items():
            self.groupings.setdefault(grouping, None)
            for label in dict.fromkeys(labels):
                seats = [s for s, own in enumerate(labels) if own == label]
                won = sum(1 for s in seats if s in winners)
                c = self.group_counts.setdefault((grouping, label), [0, 0, 0, 0])
                c[0] += 1
                c[1] += 1 if won else 0
                c[2] += len(seats)
                c[3] += won

    @property
    def completed(self) -> int:
        return self.games - len(self.errors)

    def summary(self) -> Summary:
        """Win rates per bot and per seat, turn statistics, wrong accusations and errors."""
        good = self.completed
        return Summary(
            games=self.games,
            completed=good,
            errors=len(self.errors),
            error_seeds=tuple((r.index, r.seed) for r in self.errors),
            # By name: the same summary whatever order the games finished in.
            outcomes=dict(sorted(self.outcomes.items())),
            no_winner=self.no_winner,
            unfinished=self.unfinished,
            mean_turns=self.turns.mean(),
            median_turns=self.turns.median(),
            mean_actions=self.actions.mean(),
            wrong_accusations=self.wrong_accusations,
            per_bot=tuple(
                BotStats(
                    bot,
                    self.bot_seats[bot],
                    Rate.of(self.bot_wins[bot], self.bot_seats[bot]),
                    self.bot_wrong[bot],
                )
                for bot in sorted(self.bot_seats)
            ),
            per_seat=tuple(Rate.of(w, good) for w in self.seat_wins),
            groups=tuple(
                GroupStats(g, label, Rate.of(c[1], c[0]), Rate.of(c[3], c[2]))
                for g in self.groupings
                for (grouping, label), c in sorted(self.group_counts.items())
                if grouping == g
            ),
            stats=tuple(
                StatSummary(name, v.count, v.mean(), v.median(), v.low(), v.high(), v.total())
                for name, v in self._stats_in_order()
            ),
            per_turn=(
                tuple(Rate.of(w, self.known_first) for w in self.turn_wins)
                if self.known_first
                else ()
            ),
        )

    def spread(self) -> Spread:
        """How uncertain the summary's mean game length and ``game_stats`` means are."""
        return Spread(
            self.turns.half_width(), {name: v.half_width() for name, v in self._stats_in_order()}
        )

    def _stats_in_order(self) -> list[tuple[str, Values]]:
        return sorted(self.stats.items(), key=lambda item: self._stat_order[item[0]])


def summarize(records: Iterable[GameRecord], players: int) -> Summary:
    """Win rates per bot and per seat, turn statistics, wrong accusations and errors."""
    return Tally.of(records, players).summary()


def play_and_tally(
    config: SimulationConfig,
    backend: Backend,
    on_record: Callable[[GameRecord], None] | None = None,
) -> Tally:
    """Play the run's games on ``backend``, counting each record as it arrives and
    keeping none; ``on_record`` sees every record first (progress, a results file)."""
    tally = Tally(config.players)
    for record in backend.play(config):
        if on_record is not None:
            on_record(record)
        tally.add(record)
    return tally
