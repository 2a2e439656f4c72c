"""``cluedo simulate --report DIR``: the balance report's page, its plots and their numbers."""

from __future__ import annotations

import re
import sys
from importlib import metadata
from pathlib import Path

import pytest
from matplotlib.patches import Rectangle
from typer.testing import CliRunner

from cluedo.cli import app
from cluedo.simulation.balance import flags, rate_series, verdict
from cluedo.simulation.balance_report import plot_lengths, plot_rates
from cluedo.simulation.core import (
    GameRecord,
    Rate,
    SimulationConfig,
    run_games,
)
from cluedo.simulation.tally import Tally, summarize

runner = CliRunner()


def record(
    index: int, winner: int | None, first: int, players: int = 3, **labels: list[str]
) -> GameRecord:
    """A finished game won by ``winner`` (None: nobody), ``first`` having played first."""
    return GameRecord(
        index=index,
        seed=index,
        bots=("random",) * players,
        finished=True,
        outcome="solved" if winner is not None else "no-winner",
        winners=() if winner is None else (winner,),
        winner_bots=() if winner is None else ("random",),
        turns=10 + index % 7,
        actions=30,
        wrong_accusations=(0,) * players,
        labels={name: tuple(v) for name, v in labels.items()},
        stats={"suggestions": float(index % 3)},
        first=first,
    )


@pytest.fixture(scope="module")
def cruel_run() -> tuple[SimulationConfig, list[GameRecord]]:
    """A few real games of a rule set with roles and a random first player."""
    config = SimulationConfig(
        rules="clue-or-cruel", players=3, bots=("sensible",), games=12, seed=5
    )
    return config, run_games(config)


def test_the_report_writes_its_page_and_every_plot(tmp_path: Path) -> None:
    out = tmp_path / "report"
    result = runner.invoke(
        app,
        [
            "simulate",
            "--rules",
            "clue-or-cruel",
            "--players",
            "3",
            "--games",
            "6",
            "--seed",
            "2",
            "--report",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    page = (out / "index.html").read_text(encoding="utf-8")
    names = [
        "win-rate-by-seat",
        "win-rate-by-turn-order",
        "win-rate-by-role",
        "win-rate-by-character",
        "game-length",
    ]
    for name in names:
        png, svg = out / f"{name}.png", out / f"{name}.svg"
        assert png.read_bytes().startswith(b"\x89PNG\r\n\x1a\n"), name
        assert "<svg" in svg.read_text(encoding="utf-8"), name
        # Linked from the page, and the page holds the picture itself.
        assert f'href="{name}.png"' in page and f'href="{name}.svg"' in page
    assert page.count('<img src="data:image/png;base64,') == len(names)
    for title in (
        "Win rate by seat",
        "Win rate by turn order",
        "Win rate by role",
        "Win rate by character",
        "How long games last",
        "fair share",
    ):
        assert title in page
    # What it takes to make the page again: the whole command, the seed, the versions.
    command = (
        "cluedo simulate --rules clue-or-cruel --players 3 --seed 2 --start 0 --games 6 "
        f"--bots sensible --report {out}"
    )
    assert command in page
    assert "seed <b>2</b>" in page
    assert sys.version.split()[0] in page
    for library in ("cluedo", "matplotlib", "numpy"):
        assert f"<td>{library}</td><td>{metadata.version(library)}</td>" in page
    assert f"Balance report: {out / 'index.html'}" in " ".join(result.output.split())


def test_the_plots_show_seats_counted_from_one_with_words_on_their_axes(tmp_path: Path) -> None:
    out = tmp_path / "r"
    runner.invoke(
        app,
        [
            "simulate",
            "--rules",
            "classic",
            "--players",
            "3",
            "--games",
            "3",
            "--bots",
            "random",
            "--report",
            str(out),
        ],
    )
    svg = (out / "win-rate-by-seat.svg").read_text(encoding="utf-8")
    # Text drawn as paths keeps each string in a comment.
    texts = re.findall(r"<!-- (.*?) -->", svg)
    assert {"seat 1", "seat 2", "seat 3"} <= set(texts)
    assert "seat 0" not in texts
    assert "Win rate by seat" in texts and "Seat at the table" in texts
    assert "Win rate (share of games won)" in texts


def test_the_plotted_series_are_the_summary_numbers(
    cruel_run: tuple[SimulationConfig, list[GameRecord]],
) -> None:
    config, records = cruel_run
    summary = summarize(records, config.players)
    series = {s.name: s for s in rate_series(summary)}
    assert list(series) == [
        "win-rate-by-seat",
        "win-rate-by-turn-order",
        "win-rate-by-role",
        "win-rate-by-character",
    ]
    seat = series["win-rate-by-seat"]
    assert seat.labels == ("seat 1", "seat 2", "seat 3")
    assert seat.rates == summary.per_seat
    # Win rate by place in the turn order, counted here from the records themselves.
    by_place = [0, 0, 0]
    for r in records:
        assert r.first is not None
        for w in r.winners:
            by_place[(w - r.first) % 3] += 1
    turn = series["win-rate-by-turn-order"]
    assert turn.labels == ("plays 1st", "plays 2nd", "plays 3rd")
    assert [r.wins for r in turn.rates] == by_place == [r.wins for r in summary.per_turn]
    role = series["win-rate-by-role"]
    assert role.labels == ("accomplice", "guest")
    assert role.rates == tuple(g.seats for g in summary.groups if g.grouping == "role")
    # The fair share: all seat wins over all seats played.
    wins = sum(len(r.winners) for r in records)
    assert seat.fair_share == summary.fair_share == wins / (3 * len(records))
    # The figure draws exactly these numbers.
    fig = plot_rates(seat, "context")
    ax = fig.axes[0]
    bars = [p for p in ax.patches if isinstance(p, Rectangle)]
    assert [b.get_height() for b in bars] == [r.rate for r in summary.per_seat]
    fair_lines = [line for line in ax.get_lines() if line.get_linestyle() == "--"]
    assert [list(line.get_ydata()) for line in fair_lines] == [[summary.fair_share] * 2]
    whiskers = ax.collections[0].get_segments()
    drawn = [bound for seg in whiskers for bound in (seg[0][1], seg[1][1])]
    assert drawn == pytest.approx([b for r in summary.per_seat for b in (r.low, r.high)])
    assert [t.get_text() for t in ax.texts] == [f"{100 * r.rate:.1f}%" for r in summary.per_seat]


def test_the_game_length_plot_counts_every_completed_game(
    cruel_run: tuple[SimulationConfig, list[GameRecord]],
) -> None:
    config, records = cruel_run
    summary = summarize(records, config.players)
    lengths = Tally.of(records, config.players).turns.counts
    assert sorted(lengths.elements()) == sorted(r.turns for r in records)
    fig = plot_lengths(lengths, summary, "context")
    ax = fig.axes[0]
    heights = [p.get_height() for p in ax.patches]
    assert sum(heights) == summary.completed == len(records)
    marks = {round(float(line.get_xdata()[0]), 6) for line in ax.get_lines()}
    assert marks == {round(summary.mean_turns, 6), round(summary.median_turns, 6)}


def test_a_seat_that_always_wins_stands_out_and_the_others_fall_below() -> None:
    records = [record(i, winner=0, first=i % 3) for i in range(60)]
    summary = summarize(records, 3)
    assert summary.fair_share == pytest.approx(1 / 3)
    found = {f.what: f.direction for f in flags(summary)}
    assert found["seat 1"] == "high"
    assert found["seat 2"] == found["seat 3"] == "low"
    # The first player changes every game, so no place in the turn order stands out.
    assert not any(what.startswith("plays") for what in found)
    text = str(next(f for f in flags(summary) if f.what == "seat 1"))
    assert (
        text.startswith("seat 1: 100.0% (95% interval") and "above the fair share of 33.3%" in text
    )


def test_the_fair_share_allows_for_games_nobody_won() -> None:
    # Half the games have no winner: an even seat then wins 1 in 6, not 1 in 3.
    records = [record(i, winner=(i // 2) % 3 if i % 2 else None, first=0) for i in range(120)]
    summary = summarize(records, 3)
    assert summary.fair_share == pytest.approx(1 / 6)
    assert flags(summary) == []
    assert verdict(Rate.of(20, 120), 1 / 3) == "low"  # what 1/players would wrongly say


def test_a_rule_sets_own_turn_order_is_not_plotted_twice() -> None:
    records = [
        record(
            i,
            winner=i % 3,
            first=i % 3,
            **{"turn order": ["1.", "2.", "3."], "knight": ["A", "B", "C"]},
        )
        for i in range(9)
    ]
    names = [s.name for s in rate_series(summarize(records, 3))]
    assert names == ["win-rate-by-seat", "win-rate-by-turn-order", "win-rate-by-knight"]


def test_a_report_folder_that_cannot_be_made_is_refused_before_the_run(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    result = runner.invoke(
        app, ["simulate", "--games", "1", "--bots", "random", "--report", str(blocker / "r")]
    )
    assert result.exit_code == 2
    assert "--report" in result.output and "cannot make the folder" in " ".join(
        result.output.split()
    )
