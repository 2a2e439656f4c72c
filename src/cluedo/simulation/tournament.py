"""Tournaments: bots against each other in round-robin line-ups, with ratings.

Each line-up is a simulation run (:mod:`cluedo.simulation.core`): seeded games with
the seats rotated, so every bot sits in every seat equally often. By default every
bot plays alone against each other bot filling the remaining seats (the line-up
``A, B, B, ...``), which asks the question a person asks - how does this bot do at a
table of those? - and, when there are at least two bots and no more than seats, one
mixed table seating them in turn.

Every game also updates a rating per bot with the Plackett-Luce model of the
openskill library: each seat is a player with its bot's rating, the winner beats
each other seat in turn (the losers are not ranked among themselves: sharing last
place with a strong player would lift a weak one), and a bot's new rating is the
average of its seats' (copies of one bot at a table are rated as separate players
of the same skill). A game without a winner changes no rating. The order of the
games is fixed, so a tournament is reproducible. The rating is reported as ``mu``,
``sigma`` and the conservative ``mu - 3 sigma``.

A table with two bots or more also says by how much each bot beat each other
one there (:class:`Margin`): game by game, the share of its seats that won minus
the other bot's share, averaged, with a 95% interval. Both shares come from the
same games, so the interval is drawn from the per-game differences, not from two
separate win rates.

>>> round_robin(["a", "b"], players=3)
[('a', 'b', 'b'), ('b', 'a', 'a'), ('a', 'b', 'a')]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from cluedo.simulation.core import (
    Z_95,
    Backend,
    GameRecord,
    Rate,
    SimulationConfig,
    run_games,
)


def round_robin(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The line-ups of a round robin of ``bots`` at tables of ``players``: each bot
    alone against each other one, then (for 2 to ``players`` bots) one mixed table."""
    names = list(dict.fromkeys(bots))
    if not names:
        raise ValueError("a tournament needs at least one bot")
    if players < 2:
        raise ValueError(f"a table needs at least two seats, got {players}")
    lineups = [
        (alone, *(other,) * (players - 1)) for alone in names for other in names if other != alone
    ]
    if 2 <= len(names) <= players:
        lineups.append(tuple(names[seat % len(names)] for seat in range(players)))
    return lineups or [tuple(names[0] for _ in range(players))]


def mixed_table(bots: Sequence[str], players: int) -> tuple[str, ...]:
    """One table seating ``bots`` in turn, repeated to fill it: the line-up that
    compares them head to head.

    >>> mixed_table(["strong", "sensible"], players=4)
    ('strong', 'sensible', 'strong', 'sensible')
    """
    names = list(dict.fromkeys(bots))
    if not names:
        raise ValueError("a tournament needs at least one bot")
    if len(names) > players:
        raise ValueError(f"{len(names)} bots do not fit at a table of {players}")
    return tuple(names[seat % len(names)] for seat in range(players))


@dataclass(frozen=True)
class Margin:
    """How much more often ``bot`` won than ``other`` at the same table: the share
    of its seats that won minus the other's, averaged over the games, with a 95%
    interval from the per-game differences."""

    bot: str
    other: str
    difference: float
    low: float
    high: float
    games: int

    @classmethod
    def of(cls, bot: str, other: str, differences: Sequence[float]) -> Margin:
        """The margin from each game's difference of shares.

        >>> m = Margin.of("a", "b", [1.0, 0.0, 1.0, -1.0])
        >>> m.difference, round(m.low, 3), round(m.high, 3)
        (0.25, -0.688, 1.0)
        """
        n = len(differences)
        if n == 0:
            return cls(bot, other, 0.0, -1.0, 1.0, 0)
        mean = sum(differences) / n
        if n == 1:
            return cls(bot, other, mean, -1.0, 1.0, 1)
        variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
        half = Z_95 * math.sqrt(variance / n)
        return cls(bot, other, mean, max(-1.0, mean - half), min(1.0, mean + half), n)

    @property
    def clear(self) -> bool:
        """The interval excludes zero: one bot truly won more often."""
        return self.low > 0 or self.high < 0


@dataclass(frozen=True)
class Rating:
    """A bot's skill by the Plackett-Luce model: mean, uncertainty, and ``mu - 3 sigma``."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3.0 * self.sigma


@dataclass(frozen=True)
class BotResult:
    """How one bot did over every line-up of the tournament."""

    bot: str
    wins: Rate
    """Seats it filled that won, out of all the seats it filled."""
    wrong_accusations: int
    rating: Rating


@dataclass(frozen=True)
class LineupResult:
    """One line-up's games: each bot's wins out of the seats it filled."""

    lineup: tuple[str, ...]
    games: int
    wins: Mapping[str, Rate]
    fair_share: Mapping[str, float]
    """The share of its seats each bot would win if every seat were equally strong."""
    errors: int = 0
    margins: tuple[Margin, ...] = ()
    """Each pair of bots at this table (in seating order): how much the first beat the second."""


@dataclass(frozen=True)
class TournamentResult:
    rules: str
    players: int
    games: int
    """Games per line-up."""
    seed: int
    lineups: tuple[LineupResult, ...]
    bots: tuple[BotResult, ...]
    """Best rated first."""
    options: Mapping[str, Any] = field(default_factory=dict)

    def report(self) -> str:
        """The tournament as plain text: the bots by rating, then each line-up."""
        lines = [
            f"Tournament: {self.rules}, {self.players} players, {self.games} games per "
            f"line-up (seats rotated), seed {self.seed}",
            "",
            f"{'bot':<16} {'rating':>7} {'mu':>6} {'sigma':>6}  wins of its seats (95% interval)",
        ]
        for b in self.bots:
            lines.append(
                f"{b.bot:<16} {b.rating.ordinal:7.2f} {b.rating.mu:6.2f} {b.rating.sigma:6.2f}  "
                f"{_rate(b.wins)}, wrong accusations {b.wrong_accusations}"
            )
        for result in self.lineups:
            lines += ["", f"line-up {', '.join(result.lineup)}: {result.games} games"]
            for bot, rate in result.wins.items():
                lines.append(f"  {bot:<14} {_rate(rate)} (fair share {result.fair_share[bot]:.1%})")
            for m in result.margins:
                lines.append(f"  {m.bot} beat {m.other} by {_margin(m)}")
            if result.errors:
                lines.append(f"  {result.errors} games ended in an error and are left out")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        """The result as plain data (for ``--json``); the same tournament gives the
        same data."""
        return {
            "rules": self.rules,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "options": dict(self.options),
            "bots": [
                {
                    "bot": b.bot,
                    "wins": b.wins.wins,
                    "seats": b.wins.trials,
                    "win_rate": b.wins.rate,
                    "low": b.wins.low,
                    "high": b.wins.high,
                    "wrong_accusations": b.wrong_accusations,
                    "mu": b.rating.mu,
                    "sigma": b.rating.sigma,
                    "ordinal": b.rating.ordinal,
                }
                for b in self.bots
            ],
            "lineups": [
                {
                    "lineup": list(r.lineup),
                    "games": r.games,
                    "errors": r.errors,
                    "wins": {
                        bot: {"wins": rate.wins, "seats": rate.trials, "win_rate": rate.rate}
                        for bot, rate in r.wins.items()
                    },
                    "fair_share": dict(r.fair_share),
                    "margins": [asdict(m) for m in r.margins],
                }
                for r in self.lineups
            ],
        }


def _margin(m: Margin) -> str:
    return f"{m.difference:+.1%} ({m.low:+.1%} to {m.high:+.1%}) over {m.games} games"


def _rate(rate: Rate) -> str:
    return (
        f"{rate.rate:6.1%} ({rate.low:.1%}-{rate.high:.1%}) of {rate.trials}"
        if rate.trials
        else "no games"
    )


def run_tournament(
    bots: Sequence[str],
    *,
    rules: str = "classic",
    players: int = 4,
    games: int = 600,
    seed: int = 1,
    lineups: Sequence[Sequence[str]] | None = None,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
    backend: Backend | None = None,
    on_record: Callable[[GameRecord], None] | None = None,
) -> TournamentResult:
    """Play every line-up (default :func:`round_robin` of ``bots``) for ``games`` games
    each with seats rotated, and rate the bots (see the module doc).

    Every line-up uses the same base ``seed``, so line-ups meet the same deals.
    Raises ``ValueError`` for a line-up of the wrong length or an unknown bot.
    """
    chosen = [tuple(lineup) for lineup in lineups] if lineups else round_robin(bots, players)
    configs = [
        SimulationConfig(
            rules=rules,
            players=players,
            bots=lineup,
            games=games,
            seed=seed,
            options=dict(options or {}),
        )
        for lineup in chosen
    ]
    for config in configs:
        config.validate()
    names = list(dict.fromkeys(bot for lineup in chosen for bot in lineup))
    ratings = _Ratings(names)
    seats: dict[str, int] = dict.fromkeys(names, 0)
    won: dict[str, int] = dict.fromkeys(names, 0)
    wrong: dict[str, int] = dict.fromkeys(names, 0)
    results: list[LineupResult] = []
    for config in configs:
        records = run_games(config, workers=workers, on_record=on_record, backend=backend)
        played = [r for r in records if r.outcome != "error"]
        line_seats: dict[str, int] = dict.fromkeys(config.bots, 0)
        line_wins: dict[str, int] = dict.fromkeys(config.bots, 0)
        pairs = [(a, b) for i, a in enumerate(line_seats) for b in list(line_seats)[i + 1 :]]
        differences: dict[tuple[str, str], list[float]] = {pair: [] for pair in pairs}
        for record in played:
            share = _shares(record)
            for a, b in pairs:
                differences[a, b].append(share[a] - share[b])
            for seat, bot in enumerate(record.bots):
                line_seats[bot] += 1
                line_wins[bot] += seat in record.winners
                wrong[bot] += record.wrong_accusations[seat]
            ratings.rate(record.bots, record.winners)
        for bot in line_seats:
            seats[bot] += line_seats[bot]
            won[bot] += line_wins[bot]
        results.append(
            LineupResult(
                config.bots,
                len(played),
                {bot: Rate.of(line_wins[bot], line_seats[bot]) for bot in line_seats},
                dict.fromkeys(line_seats, 1.0 / players),
                len(records) - len(played),
                tuple(Margin.of(a, b, differences[a, b]) for a, b in pairs),
            )
        )
    table = [
        BotResult(bot, Rate.of(won[bot], seats[bot]), wrong[bot], ratings.of(bot)) for bot in names
    ]
    table.sort(key=lambda b: -b.rating.ordinal)
    return TournamentResult(
        rules, players, games, seed, tuple(results), tuple(table), dict(options or {})
    )


def _shares(record: GameRecord) -> dict[str, float]:
    """Each bot's share of its seats that won this game."""
    seats: dict[str, int] = {}
    won: dict[str, int] = {}
    for seat, bot in enumerate(record.bots):
        seats[bot] = seats.get(bot, 0) + 1
        won[bot] = won.get(bot, 0) + (seat in record.winners)
    return {bot: won[bot] / seats[bot] for bot in seats}


class _Ratings:
    """Plackett-Luce ratings per bot (openskill), updated game by game."""

    def __init__(self, bots: Sequence[str]) -> None:
        try:
            from openskill.models import PlackettLuce
        except ImportError as err:  # pragma: no cover - the dependency is declared
            raise RuntimeError(
                "ratings need the openskill package (pip install openskill)"
            ) from err
        self.model = PlackettLuce()
        start = self.model.rating()
        self.current: dict[str, tuple[float, float]] = {
            bot: (float(start.mu), float(start.sigma)) for bot in bots
        }

    def rate(self, seated: Sequence[str], winners: Sequence[int]) -> None:
        """Rate one game: each winner beat each other seat (games without a winner
        say nothing). Losers are not ranked among themselves: a tie with a strong
        player would lift a weak one."""
        if not winners:
            return
        seats = [self.model.rating(*self.current[bot]) for bot in seated]
        for winner in winners:
            for loser in range(len(seated)):
                if loser in winners:
                    continue
                (seats[winner],), (seats[loser],) = self.model.rate(
                    [[seats[winner]], [seats[loser]]], ranks=[1, 2]
                )
        sums: dict[str, list[float]] = {}
        for bot, rating in zip(seated, seats, strict=True):
            total = sums.setdefault(bot, [0.0, 0.0, 0.0])
            total[0] += float(rating.mu)
            total[1] += float(rating.sigma)
            total[2] += 1
        for bot, (mu, sigma, n) in sums.items():
            self.current[bot] = (mu / n, sigma / n)

    def of(self, bot: str) -> Rating:
        mu, sigma = self.current[bot]
        return Rating(mu, sigma)
