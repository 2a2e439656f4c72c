"""The balance report of ``cluedo simulate --report DIR``: plots and tables on one HTML page.

``DIR/index.html`` stands alone (the plots are embedded in it) and every plot
is also saved beside it as PNG and SVG, for slides and documents. The page is
drawn from the run's :class:`~cluedo.simulation.core.Summary`, the
same numbers the console prints (through :mod:`cluedo.simulation.balance`),
and ends with what it takes to make it again: the command, the seed and the
versions of the package, Python and the libraries.

Plots are drawn with matplotlib on its Agg canvas, so no display is needed.
The helpers here (figure saving, the page frame, tables) also serve the sweep
page of :mod:`cluedo.simulation.sweep_report`.
"""

from __future__ import annotations

import base64
import datetime
import html
import io
import json
import platform
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import matplotlib
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.ticker import MaxNLocator, PercentFormatter

from cluedo import compiled
from cluedo.engine.registry import rules_class
from cluedo.presentation.names import humanise
from cluedo.simulation.balance import (
    RateSeries,
    flags,
    interval,
    pct,
    rate_series,
)
from cluedo.simulation.core import SimulationConfig, Summary
from cluedo.simulation.tally import Tally

# Colours that stay apart for colour-blind readers (Okabe and Ito).
HIGH = "#D55E00"
LOW = "#0072B2"
EVEN = "#999999"
ACCENT = "#009E73"
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442")

LIBRARIES = ("matplotlib", "numpy", "typer", "rich", "pydantic")
"""Libraries whose versions the page records."""

VERDICT_WORDS = {
    "high": "interval above the fair share",
    "low": "interval below the fair share",
    None: "interval includes the fair share",
}


# -- figures --------------------------------------------------------------------------


def new_figure(width: float, height: float) -> Figure:
    """A figure on the Agg canvas (no display, no pyplot state)."""
    fig = Figure(figsize=(width, height), layout="constrained", dpi=100)
    FigureCanvasAgg(fig)
    return fig


def heading(fig: Figure, ax: Axes | None, title: str, context: str) -> None:
    """A bold title and, under it, a line saying which run the plot shows.

    With several panels (``ax`` None) the line goes to the legend's title instead.
    """
    fig.suptitle(title, fontsize=14, fontweight="bold")
    if ax is not None:
        ax.set_title(context, fontsize=9, color="#444444", pad=10)


@dataclass(frozen=True)
class Plot:
    """A saved plot: its files beside the page and the PNG to embed."""

    name: str
    title: str
    png: bytes
    files: tuple[str, ...]
    width: int
    """The width to show it at, in CSS pixels: 135 per inch of figure, so that text is the
    same size in every plot of a page."""


def save(fig: Figure, directory: Path, name: str, title: str) -> Plot:
    """Write ``name.png`` and ``name.svg`` into ``directory`` (the same figure, the same SVG)."""
    with matplotlib.rc_context({"svg.hashsalt": "cluedo", "svg.fonttype": "path"}):
        fig.savefig(directory / f"{name}.svg", format="svg", metadata={"Date": None})
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=150)
    png = buffer.getvalue()
    (directory / f"{name}.png").write_bytes(png)
    width = round(fig.get_figwidth() * 135)
    return Plot(name, title, png, (f"{name}.png", f"{name}.svg"), width)


def plot_rates(series: RateSeries, context: str) -> Figure:
    """Bars of win rate with 95% Wilson intervals, a dashed line at the fair share.

    A bar is coloured by where its interval lies: above the fair share, below
    it, or across it (no evidence of an edge).
    """
    n = len(series.labels)
    long_labels = max((len(label) for label in series.labels), default=0) > 11 and n > 4
    fig = new_figure(max(6.4, 0.95 * n + 2.6), 4.9 if long_labels else 4.6)
    ax = fig.add_subplot()
    heading(fig, ax, series.title, context)
    xs = range(n)
    rates = [r.rate for r in series.rates]
    verdicts = series.verdicts()
    colours = [HIGH if v == "high" else LOW if v == "low" else EVEN for v in verdicts]
    ax.bar(xs, rates, width=0.62, color=colours, zorder=2)
    ax.errorbar(
        xs,
        rates,
        # Rounding can put a bound a hair past the rate (0 wins): a whisker is never negative.
        yerr=[
            [max(0.0, r.rate - r.low) for r in series.rates],
            [max(0.0, r.high - r.rate) for r in series.rates],
        ],
        fmt="none",
        ecolor="#222222",
        elinewidth=1.3,
        capsize=6,
        zorder=3,
    )
    for x, r in zip(xs, series.rates, strict=True):
        ax.annotate(
            pct(r.rate),
            (x, r.high),
            xytext=(0, 3),
            textcoords="offset points",
            ha="center",
            va="bottom",
            fontsize=9,
        )
    ax.axhline(series.fair_share, color="#222222", linestyle="--", linewidth=1.2, zorder=4)
    if long_labels:
        ax.set_xticks(list(xs), series.labels, rotation=30, ha="right", fontsize=9)
    else:
        ax.set_xticks(
            list(xs),
            [
                f"{label}\n{r.wins} of {r.trials}"
                for label, r in zip(series.labels, series.rates, strict=True)
            ],
            fontsize=9,
        )
    top = max([r.high for r in series.rates] + [series.fair_share], default=1.0)
    ax.set_ylim(0, min(1.0, top * 1.15 + 0.02) if top < 0.87 else 1.05)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.set_xlabel(series.axis.capitalize())
    ax.set_ylabel("Win rate (share of games won)")
    ax.grid(axis="y", color="#dddddd", zorder=0)
    ax.set_axisbelow(True)
    # Grey bars are the usual case and the whiskers are named above the plot:
    # the legend names only the line and the colours that say something.
    handles: list[Patch | Line2D] = [
        Line2D(
            [], [], color="#222222", linestyle="--", label=f"fair share {pct(series.fair_share)}"
        )
    ]
    for word, colour in (("high", HIGH), ("low", LOW)):
        if word in verdicts:
            handles.append(Patch(color=colour, label=VERDICT_WORDS[word]))
    fig.legend(
        handles=handles,
        loc="outside lower center",
        ncols=min(3, len(handles)),
        fontsize=9,
        frameon=False,
    )
    return fig


def plot_lengths(lengths: Mapping[float, int], summary: Summary, context: str) -> Figure:
    """A histogram of game lengths in turns (``lengths``: games of each length), with
    the summary's mean and median marked."""
    fig = new_figure(7.2, 4.4)
    ax = fig.add_subplot()
    heading(fig, ax, "How long games last", context)
    if lengths:
        low, high = int(min(lengths)), int(max(lengths))
        bins: int | list[float] = (
            [k - 0.5 for k in range(low, high + 2)] if high - low <= 80 else 40
        )
        turns = sorted(lengths)
        ax.hist(
            turns,
            bins=bins,
            weights=[lengths[t] for t in turns],
            color="#56B4E9",
            edgecolor="white",
            linewidth=0.4,
            zorder=2,
        )
    ax.axvline(
        summary.mean_turns,
        color=HIGH,
        linewidth=1.6,
        zorder=3,
        label=f"mean {summary.mean_turns:.1f} turns",
    )
    ax.axvline(
        summary.median_turns,
        color="#222222",
        linestyle="--",
        linewidth=1.4,
        zorder=3,
        label=f"median {summary.median_turns:g} turns",
    )
    ax.set_xlabel("Game length in turns (every player's turn counts one)")
    ax.set_ylabel("Number of games")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.grid(axis="y", color="#dddddd", zorder=0)
    ax.set_axisbelow(True)
    fig.legend(loc="outside lower center", ncols=2, fontsize=9, frameon=False)
    return fig


# -- the page -------------------------------------------------------------------------


STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #222;
       max-width: 1040px; margin: 2em auto; padding: 0 1.2em; line-height: 1.45; }
h1 { font-size: 1.7em; margin-bottom: 0.1em; }
h2 { font-size: 1.3em; margin-top: 2em; border-bottom: 1px solid #ddd; padding-bottom: 0.2em; }
.sub { color: #555; margin-top: 0; }
figure { margin: 1.5em 0; }
figure img { max-width: 100%; height: auto; border: 1px solid #eee; }
figcaption { color: #444; font-size: 0.92em; }
table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.92em; }
th, td { padding: 0.25em 0.7em; border-bottom: 1px solid #e4e4e4; text-align: right; }
th { background: #f5f5f5; }
th:first-child, td:first-child { text-align: left; }
td.high { color: #A33F00; font-weight: bold; }
td.low { color: #00518A; font-weight: bold; }
.box { background: #f7f7f2; border-left: 4px solid #E69F00; padding: 0.6em 1em; }
.box.calm { border-left-color: #009E73; }
.warn { background: #fdecea; border-left: 4px solid #D55E00; padding: 0.6em 1em; }
pre { background: #f5f5f5; padding: 0.7em; white-space: pre-wrap; overflow-wrap: anywhere; }
td { white-space: nowrap; }
details { margin: 0.3em 0 1em; }
"""


def esc(text: object) -> str:
    return html.escape(str(text))


def page(title: str, body: str) -> str:
    """A whole HTML page with the report's style."""
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{esc(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
        f"{body}\n</body>\n</html>\n"
    )


def table(
    headers: Sequence[str],
    rows: Iterable[Sequence[object]],
    classes: Iterable[Sequence[str]] | None = None,
) -> str:
    """An HTML table; ``classes`` gives a CSS class per cell (e.g. "high")."""
    out = ["<table>", "<tr>" + "".join(f"<th>{esc(h)}</th>" for h in headers) + "</tr>"]
    class_rows = iter(classes) if classes is not None else None
    for row in rows:
        cls = next(class_rows) if class_rows is not None else [""] * len(row)
        out.append(
            "<tr>"
            + "".join(
                f'<td class="{c}">{esc(v)}</td>' if c else f"<td>{esc(v)}</td>"
                for v, c in zip(row, cls, strict=True)
            )
            + "</tr>"
        )
    out.append("</table>")
    return "\n".join(out)


def figure(plot: Plot, caption: str, extra: str = "") -> str:
    """The plot embedded in the page, with its caption and links to its files."""
    data = base64.b64encode(plot.png).decode("ascii")
    links = " · ".join(
        f'<a href="{esc(f)}">{esc(f.rsplit(".", 1)[1].upper())}</a>' for f in plot.files
    )
    return (
        f'<figure id="{esc(plot.name)}">\n<img src="data:image/png;base64,{data}" '
        f'width="{plot.width}" alt="{esc(plot.title)}">\n'
        f"<figcaption>{caption} Files: {links}.</figcaption>\n"
        f"{extra}</figure>"
    )


def environment() -> list[tuple[str, str]]:
    """The versions that made the page: the package, Python, the platform, the libraries."""

    def version(name: str) -> str:
        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            return "not installed"

    rows = [
        ("cluedo", version("cluedo")),
        ("Python", f"{platform.python_implementation()} {sys.version.split()[0]}"),
        ("platform", platform.platform()),
        ("cluedo's core", compiled.status().describe()),
    ]
    rows += [(name, version(name)) for name in LIBRARIES]
    return rows


def reproduce_section(command: str, seed: int, after: str = "") -> str:
    """The command, the seed and the versions that make the page again (``after``: more HTML)."""
    made = datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")
    return (
        '<h2 id="reproduce">Make this page again</h2>\n'
        f"<p>Made on {esc(made)} with seed <b>{seed}</b>. The same command with the same "
        "versions plays the same games and draws the same plots:</p>\n"
        f"<pre>{esc(command)}</pre>\n{after}\n" + table(("software", "version"), environment())
    )


def describe_bots(lineup: Sequence[str]) -> str:
    """ "sensible in every seat" or "seat 1: detective, seat 2: sensible ..."."""
    if len(set(lineup)) == 1:
        return f"{lineup[0]} in every seat"
    return ", ".join(f"seat {s + 1}: {b}" for s, b in enumerate(lineup)) + " in game 1"


def describe_options(options: object) -> str:
    return json.dumps(options) if options else "the rule set's defaults"


# -- the report of one run ------------------------------------------------------------


def write_report(
    directory: Path,
    config: SimulationConfig,
    tally: Tally,
    command: str,
) -> Path:
    """Write ``index.html`` and every plot's PNG and SVG into ``directory``; return the page."""
    summary = tally.summary()
    directory.mkdir(parents=True, exist_ok=True)
    title = rules_class(config.rules).title
    context = f"{title}, {config.players} players, {summary.completed} games, seed {config.seed}"
    sections: list[str] = [
        f"<h1>{esc(title)}: balance report</h1>",
        f'<p class="sub">{config.players} players · {summary.games} games'
        + (f" (from game {config.start})" if config.start else "")
        + f" · seed {config.seed} · bots: "
        f"{esc(describe_bots(config.lineup()))} · options: "
        f"{esc(describe_options(dict(config.options)))}</p>",
    ]
    if summary.errors:
        sections.append(
            f'<p class="warn">{summary.errors} of {summary.games} games failed (a bot or '
            "rule error, or no end within the action limit). They are left out of every "
            "figure; the console lists them with the command that replays each.</p>"
        )
    sections.append(_findings(summary))
    all_series = rate_series(summary)
    contents = [(s.name, s.title) for s in all_series] + [
        ("game-length", "Game length"),
        ("games", "The games"),
        ("reproduce", "Make this page again"),
    ]
    sections.append(
        "<p>On this page: "
        + " · ".join(f'<a href="#{esc(key)}">{esc(text)}</a>' for key, text in contents)
        + "</p>"
    )
    sections.append("<h2>Who wins</h2>")
    sections.append(
        "<p>Each bar is a win rate; its black whisker is the 95% Wilson interval, the range "
        "the true rate lies in with 95% confidence. The dashed line is the <b>fair share</b>, "
        f"{pct(summary.fair_share)} here: the win rate every seat would have if no seat had an "
        "edge (all seat wins divided by all seats played; one in "
        f"{config.players} when every game has one winner). A coloured bar's interval "
        "misses the fair share.</p>"
    )
    for series in all_series:
        fig = plot_rates(series, f"{context}; whiskers: 95% Wilson intervals")
        plot = save(fig, directory, series.name, series.title)
        sections.append(
            figure(plot, f"<b>{esc(series.title)}.</b> {esc(series.note)}", _numbers(series))
        )
    lengths = tally.turns.counts
    plot = save(
        plot_lengths(lengths, summary, context), directory, "game-length", "How long games last"
    )
    sections.append("<h2>Game length</h2>")
    sections.append(
        figure(
            plot,
            f"<b>How long games last.</b> Turns per completed game: mean "
            f"{summary.mean_turns:.1f} (about {summary.mean_turns / config.players:.1f} "
            f"rounds of the table), median {summary.median_turns:g}, shortest "
            f"{min(lengths, default=0)}, longest {max(lengths, default=0)}.",
        )
    )
    sections.append(_games_section(summary))
    sections.append(reproduce_section(command, config.seed))
    path = directory / "index.html"
    path.write_text(page(f"{title} balance report", "\n".join(sections)), encoding="utf-8")
    return path


def _findings(summary: Summary) -> str:
    found = flags(summary)
    if not found:
        return (
            '<p class="box calm"><b>Nothing stands out.</b> No seat, place in the turn '
            "order or group wins more or less than the fair share beyond what chance "
            "explains (95% intervals). More games narrow the intervals.</p>"
        )
    items = "".join(f"<li>{esc(f)}</li>" for f in found)
    return (
        f'<div class="box"><b>What stands out</b> (95% interval wholly above or below the '
        f"fair share):<ul>{items}</ul><small>Among many fair rates about one in twenty is "
        "flagged by chance; a flag that stays with another seed is real.</small></div>"
    )


def _numbers(series: RateSeries) -> str:
    rows = [
        (
            label,
            r.wins,
            r.trials,
            pct(r.rate),
            interval(r),
            VERDICT_WORDS[v].replace("interval ", ""),
        )
        for label, r, v in zip(series.labels, series.rates, series.verdicts(), strict=True)
    ]
    classes = [("", "", "", v or "", v or "", v or "") for v in series.verdicts()]
    return (
        "<details><summary>The numbers</summary>\n"
        + table(
            (series.axis, "won", "out of", "win rate", "95% interval", "compared with fair share"),
            rows,
            classes,
        )
        + "\n</details>\n"
    )


def _games_section(summary: Summary) -> str:
    parts = ['<h2 id="games">The games</h2>']
    rates = summary.outcome_rates()
    rows: list[tuple[object, ...]] = [
        (humanise(outcome), count, pct(rates[outcome].rate) if outcome in rates else "")
        for outcome, count in sorted(summary.outcomes.items())
    ]
    parts.append("<p>How the games ended (shares of the completed games):</p>")
    parts.append(table(("outcome", "games", "share"), rows))
    if summary.stats:
        parts.append("<p>The rule set's own figures per game, over the completed games:</p>")
        parts.append(
            table(
                ("per game", "mean", "median", "min", "max", "total", "games"),
                [
                    (
                        st.name,
                        f"{st.mean:.2f}",
                        f"{st.median:g}",
                        f"{st.low:g}",
                        f"{st.high:g}",
                        f"{st.total:g}",
                        st.games,
                    )
                    for st in summary.stats
                ],
            )
        )
    if len(summary.per_bot) > 1:
        parts.append("<p>Win rate per bot (per seat filled):</p>")
        parts.append(
            table(
                ("bot", "seats", "won", "win rate", "95% interval", "wrong accusations"),
                [
                    (
                        b.bot,
                        b.seat_games,
                        b.wins.wins,
                        pct(b.wins.rate),
                        interval(b.wins),
                        b.wrong_accusations,
                    )
                    for b in summary.per_bot
                ],
            )
        )
    return "\n".join(parts)
