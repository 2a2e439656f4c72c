"""What a game designer reads off a simulation summary: which rates stand out, and why.

Everything here is drawn from a :class:`~cluedo.simulation.core.Summary`
(the numbers the console summary prints); nothing is counted again. The
balance report (:mod:`cluedo.simulation.balance_report`) plots these series and
``cluedo sweep`` (:mod:`cluedo.simulation.sweep`) tabulates them per cell, so
the page, the table and the console agree by construction.

A rate *stands out* when its 95% Wilson interval lies wholly above or below the
*fair share*, the win rate every seat would have if no seat had an edge
(:attr:`Summary.fair_share <cluedo.simulation.core.Summary.fair_share>`).

>>> from cluedo.simulation.core import Rate
>>> verdict(Rate.of(60, 100), 1 / 3), verdict(Rate.of(35, 100), 1 / 3)
('high', None)
>>> ordinal(1), ordinal(2), ordinal(3), ordinal(11), ordinal(22)
('1st', '2nd', '3rd', '11th', '22nd')
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from cluedo.simulation.core import GameRecord, Rate, Summary
from cluedo.simulation.tally import Spread, Tally

TURN_ORDER = "turn order"
"""A rule set's grouping by this name says the same as :attr:`Summary.per_turn`."""


def verdict(rate: Rate, fair_share: float) -> str | None:
    """``"high"`` or ``"low"`` when the rate's 95% interval excludes the fair share, else None."""
    if rate.trials == 0:
        return None
    if rate.low > fair_share:
        return "high"
    if rate.high < fair_share:
        return "low"
    return None


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def slug(text: str) -> str:
    """A file-name-safe form of ``text``.

    >>> slug("Win rate by start square")
    'win-rate-by-start-square'
    """
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "figure"


def pct(value: float) -> str:
    """A share as a percentage with one decimal: ``0.4567`` -> ``45.7%``."""
    return f"{100 * value:.1f}%"


def interval(rate: Rate) -> str:
    """The 95% interval of a rate in percent: ``41.2-49.9%``."""
    return f"{100 * rate.low:.1f}-{100 * rate.high:.1f}%"


@dataclass(frozen=True)
class RateSeries:
    """One plot of win rates: a rate per label, against one fair share."""

    name: str
    """A short key, also the plot's file name (without extension)."""
    title: str
    axis: str
    """What the labels are, in words (the x axis)."""
    labels: tuple[str, ...]
    rates: tuple[Rate, ...]
    fair_share: float
    note: str = ""
    """How to read it, for the page."""
    grouping: str | None = None
    """The rule set's grouping plotted, or None for seats and turn order."""

    def verdicts(self) -> tuple[str | None, ...]:
        return tuple(verdict(r, self.fair_share) for r in self.rates)


def groupings(summary: Summary) -> list[str]:
    """The rule set's groupings, in its order, less a turn order the summary has anyway."""
    names = list(dict.fromkeys(g.grouping for g in summary.groups))
    if summary.per_turn:
        names = [n for n in names if n != TURN_ORDER]
    return names


def rate_series(summary: Summary) -> list[RateSeries]:
    """The win-rate plots of a run: by seat, by turn order, by each of the rule set's groupings.

    Seats are named from 1 ("seat 1" is the first seat at the table, index 0);
    places in the turn order are "plays 1st", "plays 2nd" ... A grouping's rate
    is a seat's own chance (``GroupStats.seats``): seats with the label that
    won, out of all seats with it, comparable with the fair share.
    """
    fair = summary.fair_share
    out = [
        RateSeries(
            "win-rate-by-seat",
            "Win rate by seat",
            "seat at the table",
            tuple(f"seat {s + 1}" for s in range(len(summary.per_seat))),
            summary.per_seat,
            fair,
            "Bots change seats every game, so a difference between seats comes from the "
            "seat, not from the bot in it.",
        )
    ]
    if summary.per_turn:
        out.append(
            RateSeries(
                "win-rate-by-turn-order",
                "Win rate by turn order",
                "place in the turn order",
                tuple(f"plays {ordinal(k + 1)}" for k in range(len(summary.per_turn))),
                summary.per_turn,
                fair,
                "Who took the first turn of the game, who the second, and so on.",
            )
        )
    names = [s.name for s in out]
    for grouping in groupings(summary):
        rows = [g for g in summary.groups if g.grouping == grouping]
        name = f"win-rate-by-{slug(grouping)}"
        while name in names:
            name += "-2"
        names.append(name)
        out.append(
            RateSeries(
                name,
                f"Win rate by {grouping}",
                grouping,
                tuple(g.label for g in rows),
                tuple(g.seats for g in rows),
                fair,
                f"A seat's own chance: seats with this {grouping} that won, out of all "
                f"seats with it, as the rule set labels them.",
                grouping,
            )
        )
    return out


@dataclass(frozen=True)
class Flag:
    """A rate whose 95% interval excludes the fair share."""

    what: str
    """e.g. "seat 2", "plays 1st", "role: accomplice"."""
    rate: Rate
    direction: str
    """"high" or "low"."""
    fair_share: float

    def __str__(self) -> str:
        """e.g. "plays 3rd: 28.6% (95% interval 24.8-32.7%), below the fair share of 33.3%"."""
        side = "above" if self.direction == "high" else "below"
        return (
            f"{self.what}: {pct(self.rate.rate)} (95% interval {interval(self.rate)}), "
            f"{side} the fair share of {pct(self.fair_share)}"
        )


def flags(summary: Summary) -> list[Flag]:
    """Every seat, place in the turn order and group label whose rate stands out."""
    out: list[Flag] = []
    for series in rate_series(summary):
        for label, rate, direction in zip(
            series.labels, series.rates, series.verdicts(), strict=True
        ):
            if direction is not None:
                what = f"{series.grouping}: {label}" if series.grouping else label
                out.append(Flag(what, rate, direction, series.fair_share))
    return out


def spread(records: Iterable[GameRecord]) -> Spread:
    """How uncertain the summary's mean game length and ``game_stats`` means are."""
    listed = list(records)
    return Tally.of(listed, len(listed[0].bots) if listed else 0).spread()
