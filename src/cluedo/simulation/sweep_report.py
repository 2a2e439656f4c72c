"""The page of ``cluedo sweep --report DIR``: each figure plotted against the swept values.

The x axis is the first swept dimension (the player count when it varies);
every other combination of swept values is a *series*. Win rates get one
panel per series with a line per seat, place or label, their 95% Wilson
intervals as whiskers and the fair share as a dashed line; means (game length,
the rule set's per-game numbers) get a line per series with their 95%
interval. A point whose interval excludes the fair share is ringed.

The data of every plot comes from :func:`sweep_figures`, built from the
cells' summaries only, so the plots and the table say the same.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.ticker import PercentFormatter

from cluedo.engine.registry import rules_class
from cluedo.simulation.balance import verdict
from cluedo.simulation.balance_report import (
    PALETTE,
    Plot,
    describe_bots,
    esc,
    figure,
    new_figure,
    page,
    reproduce_section,
    save,
    table,
)
from cluedo.simulation.core import Rate
from cluedo.simulation.simulate import simulate_command
from cluedo.simulation.sweep import (
    PLAYERS,
    Cell,
    Grid,
    group_labels,
    group_rate,
    show,
    stat_mean,
    stat_names,
    sweep_rows,
)

CELLS_PER_TABLE = 5
"""At most this many cells side by side in one table of the page (more run off the page)."""

RING = "#000000"
"""The ring round a point that stands out (black: apart from the lines' colours)."""


@dataclass(frozen=True)
class Point:
    """A value with its 95% interval; ``verdict`` says if it stands out from the fair share."""

    value: float
    low: float
    high: float
    verdict: str | None = None


@dataclass(frozen=True)
class Line:
    name: str
    points: tuple[Point | None, ...]
    """One per x tick; None where the cell has no such figure."""


@dataclass(frozen=True)
class Panel:
    title: str
    lines: tuple[Line, ...]
    fair: tuple[float, ...] | None = None
    """The fair share at each x tick, for win rates."""


@dataclass(frozen=True)
class SweepFigure:
    name: str
    title: str
    xlabel: str
    ylabel: str
    ticks: tuple[str, ...]
    panels: tuple[Panel, ...]
    percent: bool


def _rate_point(rate: Rate | None, fair: float) -> Point | None:
    if rate is None or rate.trials == 0:
        return None
    return Point(rate.rate, rate.low, rate.high, verdict(rate, fair))


def _axis_name(name: str) -> str:
    return "Players" if name == PLAYERS else f"Option: {words(name)}"


def words(name: str) -> str:
    """An option key in words: ``bluffs_to_win`` -> ``bluffs to win``."""
    return name.replace("_", " ")


def sweep_figures(grid: Grid, cells: Sequence[Cell]) -> list[SweepFigure]:
    """What each plot of the sweep page shows, point by point, from the cells' summaries."""
    varying = grid.varying()
    x = varying[0] if varying else PLAYERS
    others = [n for n in varying if n != x]
    ticks = tuple(f"{v}" if x == PLAYERS else show(v) for v in grid.values(x))
    by_key = {tuple(show(c.point[n]) for n in (x, *others)): c for c in cells}
    series_keys = sorted(
        {tuple(show(c.point[n]) for n in others) for c in cells},
        key=lambda key: [
            [show(v) for v in grid.values(n)].index(k) for n, k in zip(others, key, strict=True)
        ],
    )

    def series_name(key: tuple[str, ...]) -> str:
        return ", ".join(
            f"{k} players" if n == PLAYERS else f"{words(n)}: {k}"
            for n, k in zip(others, key, strict=True)
        )

    def column(key: tuple[str, ...]) -> list[Cell | None]:
        return [by_key.get((tick, *key)) for tick in ticks]

    figures: list[SweepFigure] = []

    def rate_panels(lines_of: Any) -> tuple[Panel, ...]:
        panels = []
        for key in series_keys:
            col = column(key)
            fair = tuple(c.summary.fair_share if c else math.nan for c in col)
            panels.append(Panel(series_name(key), tuple(lines_of(col)), fair))
        return tuple(panels)

    def first_lines(col: list[Cell | None]) -> list[Line]:
        lines = [
            Line(
                "seat 1",
                tuple(
                    _rate_point(c.summary.per_seat[0], c.summary.fair_share) if c else None
                    for c in col
                ),
            )
        ]
        if any(c and c.summary.per_turn for c in col):
            lines.append(
                Line(
                    "plays 1st",
                    tuple(
                        _rate_point(c.summary.per_turn[0], c.summary.fair_share)
                        if c and c.summary.per_turn
                        else None
                        for c in col
                    ),
                )
            )
        return lines

    figures.append(
        SweepFigure(
            "first-seat",
            "Win rate of seat 1 and of the first player",
            _axis_name(x),
            "Win rate (share of games won)",
            ticks,
            rate_panels(first_lines),
            True,
        )
    )
    labels = group_labels(cells)
    for grouping in dict.fromkeys(g for g, _ in labels):

        def group_lines(col: list[Cell | None], grouping: str = grouping) -> list[Line]:
            return [
                Line(
                    label,
                    tuple(
                        _rate_point(group_rate(c.summary, grouping, label), c.summary.fair_share)
                        if c
                        else None
                        for c in col
                    ),
                )
                for g, label in labels
                if g == grouping
            ]

        figures.append(
            SweepFigure(
                f"win-rate-by-{'-'.join(grouping.split())}",
                f"Win rate by {grouping}",
                _axis_name(x),
                "Win rate of a seat (share of games won)",
                ticks,
                rate_panels(group_lines),
                True,
            )
        )

    def mean_line(key: tuple[str, ...], name: str | None) -> Line:
        points: list[Point | None] = []
        for c in column(key):
            if c is None:
                points.append(None)
                continue
            if name is None:
                mean, half = c.summary.mean_turns, c.spread.turns
            else:
                found = stat_mean(c.summary, name)
                if found is None:
                    points.append(None)
                    continue
                mean, half = found, c.spread.stats.get(name, 0.0)
            points.append(Point(mean, mean - half, mean + half))
        return Line(series_name(key) or "mean", tuple(points))

    figures.append(
        SweepFigure(
            "game-length",
            "Game length",
            _axis_name(x),
            "Turns per game (mean)",
            ticks,
            (Panel("", tuple(mean_line(key, None) for key in series_keys)),),
            False,
        )
    )
    names = stat_names(cells)
    if names:
        figures.append(
            SweepFigure(
                "per-game-numbers",
                "The rule set's figures per game",
                _axis_name(x),
                "Mean per game",
                ticks,
                tuple(
                    Panel(name, tuple(mean_line(key, name) for key in series_keys))
                    for name in names
                ),
                False,
            )
        )
    return figures


def plot_sweep(fig_data: SweepFigure, context: str) -> Figure:
    """Panels side by side (two to a row), x the swept value, whiskers the 95% intervals."""
    n = len(fig_data.panels)
    # Two panels to a row keep a figure within the page at its own size (text stays legible).
    ncols = min(2, n)
    nrows = math.ceil(n / ncols)
    panel_width = max(3.6, min(5.0, 1.6 + 0.5 * len(fig_data.ticks)))
    fig = new_figure(max(6.4, ncols * panel_width), 1.4 + 3.2 * nrows)
    axes: list[Axes] = list(fig.subplots(nrows, ncols, sharey=fig_data.percent, squeeze=False).flat)
    fig.suptitle(fig_data.title, fontsize=14, fontweight="bold")
    xs = list(range(len(fig_data.ticks)))
    most_lines = max(len(p.lines) for p in fig_data.panels)
    step = min(0.12, 0.6 / max(1, most_lines))
    ringed = False
    for ax, panel in zip(axes, fig_data.panels, strict=False):
        for k, line in enumerate(panel.lines):
            shift = (k - (len(panel.lines) - 1) / 2) * step
            colour = PALETTE[k % len(PALETTE)]
            marker = "osD^v<>p"[(k // len(PALETTE)) % 8]
            pts = [(x + shift, p) for x, p in zip(xs, line.points, strict=True) if p is not None]
            if not pts:
                continue
            ax.errorbar(
                [x for x, _ in pts],
                [p.value for _, p in pts],
                yerr=[
                    [max(0.0, p.value - p.low) for _, p in pts],
                    [max(0.0, p.high - p.value) for _, p in pts],
                ],
                color=colour,
                marker=marker,
                markersize=5,
                capsize=3,
                linewidth=1.3,
                label=line.name,
                zorder=3,
            )
            flagged = [(x, p) for x, p in pts if p.verdict]
            if flagged:
                ringed = True
                ax.scatter(
                    [x for x, _ in flagged],
                    [p.value for _, p in flagged],
                    s=140,
                    facecolors="none",
                    edgecolors=RING,
                    linewidths=1.6,
                    zorder=4,
                )
        if panel.fair is not None:
            ax.plot(xs, panel.fair, linestyle="--", color="#222222", linewidth=1.1, zorder=2)
        if panel.title:
            ax.set_title(panel.title, fontsize=10)
        ax.set_xticks(xs, fig_data.ticks)
        ax.set_xlim(-0.5, len(xs) - 0.5)
        ax.grid(axis="y", color="#dddddd", zorder=0)
        ax.set_axisbelow(True)
        if fig_data.percent:
            ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    if fig_data.percent:
        # Set once all panels are drawn: the panels share it and no whisker is cut.
        tops = [
            p.high for panel in fig_data.panels for line in panel.lines for p in line.points if p
        ] + [f for panel in fig_data.panels for f in panel.fair or () if not math.isnan(f)]
        axes[0].set_ylim(0, min(1.04, max(tops, default=1.0) * 1.08 + 0.01))
    for k, ax in enumerate(axes):
        if k >= n:
            ax.set_visible(False)
            continue
        # Each panel names its axes (a shared label would collide with the legend).
        ax.set_xlabel(fig_data.xlabel)
        if k % ncols == 0:
            ax.set_ylabel(fig_data.ylabel)
    handles, names = axes[0].get_legend_handles_labels()
    extra: list[Line2D] = []
    if fig_data.percent:
        extra.append(Line2D([], [], color="#222222", linestyle="--", label="fair share"))
    if ringed:
        extra.append(
            Line2D(
                [],
                [],
                marker="o",
                markersize=11,
                markerfacecolor="none",
                markeredgecolor=RING,
                linestyle="none",
                label="95% interval excludes the fair share",
            )
        )
    fig.legend(
        handles=[*handles, *extra],
        labels=[*names, *(h.get_label() for h in extra)],
        loc="outside lower center",
        ncols=min(4, len(handles) + len(extra)),
        fontsize=9,
        frameon=False,
        title=context,
        title_fontsize=9,
    )
    return fig


def write_sweep_report(directory: Path, grid: Grid, cells: Sequence[Cell], command: str) -> Path:
    """Write ``index.html`` and every plot's PNG and SVG into ``directory``; return the page."""
    directory.mkdir(parents=True, exist_ok=True)
    first = cells[0].config
    title = rules_class(grid.rules).title
    varying = grid.varying()
    swept = (
        " and ".join("players" if n == PLAYERS else f"option {n}" for n in varying)
        or "a single cell"
    )
    fixed = ", ".join(
        f"{v} players" if k == PLAYERS else f"{k}={show(v)}" for k, v in grid.fixed().items()
    )
    context = f"{title}, {first.games} games per cell, seed {first.seed}; whiskers: 95% intervals"
    sections = [
        f"<h1>{esc(title)}: sweep over {esc(swept)}</h1>",
        f'<p class="sub">{len(cells)} cells · {first.games} games each · seed {first.seed} '
        f"(game <i>i</i> of every cell has the same seed and seating) · bots: "
        f"{esc(describe_bots(first.lineup()))}"
        + (f" · in every cell: {esc(fixed)}" if fixed else "")
        + "</p>",
    ]
    marked = [c for c in cells if c.flags()]
    if marked:
        items = "".join(
            f"<li><b>{esc(grid.cell_name(c.point))}</b>: "
            + "; ".join(esc(f) for f in c.flags())
            + "</li>"
            for c in marked
        )
        sections.append(
            '<div class="box"><b>Cells where a rate stands out</b> (its 95% interval lies '
            f"wholly above or below the fair share):<ul>{items}</ul><small>Among many fair "
            "rates about one in twenty is flagged by chance.</small></div>"
        )
    else:
        sections.append(
            '<p class="box calm"><b>Nothing stands out.</b> In no cell does a seat, place '
            "in the turn order or group win more or less than the fair share beyond chance "
            "(95% intervals).</p>"
        )
    sections.append("<h2>The cells side by side</h2>")
    sections.append(
        "<p>Win rates with their 95% Wilson interval in brackets (▲ above, ▼ below the fair "
        "share: the win rate of a seat with no edge); means ± the half-width of their 95% "
        "interval.</p>"
    )
    rows = sweep_rows(cells)
    # As few tables as fit the page, the cells shared evenly between them.
    per_table = math.ceil(len(cells) / math.ceil(len(cells) / CELLS_PER_TABLE))
    for first_cell in range(0, len(cells), per_table):
        chunk = range(first_cell, min(first_cell + per_table, len(cells)))
        sections.append(
            table(
                ("figure", *(grid.cell_name(cells[k].point) for k in chunk)),
                [(r.name, *(r.texts[k] for k in chunk)) for r in rows],
                [("", *(r.verdicts[k] or "" for k in chunk)) for r in rows],
            )
        )
    sections.append("<h2>Plots</h2>")
    captions = {
        "first-seat": "Seat 1 is the first seat at the table; the first player is whoever "
        "took the first turn.",
        "game-length": "Turns per game, every player's turn counting one.",
        "per-game-numbers": "The rule set's own numbers (its <code>game_stats</code>).",
    }
    for fig_data in sweep_figures(grid, cells):
        plot: Plot = save(plot_sweep(fig_data, context), directory, fig_data.name, fig_data.title)
        caption = captions.get(
            fig_data.name, "A seat's own chance with each label, as the rule set labels seats."
        )
        sections.append(figure(plot, f"<b>{esc(fig_data.title)}.</b> {caption}"))
    commands = "\n".join(
        f"# {grid.cell_name(c.point)}\n{simulate_command(c.config)}" for c in cells
    )
    sections.append(
        reproduce_section(
            command,
            first.seed,
            "<p>Each cell is one <code>cluedo simulate</code> run; add <code>--report "
            "DIR</code> to its command for the cell's own balance report.</p>\n"
            f"<details><summary>The command of each cell</summary><pre>{esc(commands)}</pre>"
            "</details>",
        )
    )
    path = directory / "index.html"
    path.write_text(page(f"{title} sweep", "\n".join(sections)), encoding="utf-8")
    return path
