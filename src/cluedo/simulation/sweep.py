"""``cluedo sweep``: the same simulation over a grid of player counts and option values.

Every cell of the grid is one ``cluedo simulate`` run with the same base seed,
games and bots: game ``i`` of every cell has the seed ``game_seed(seed, i)``
and the line-up turned ``i`` seats, so cells differ only in what was swept
(and in what that changes downstream). Each cell is summarised by
:func:`~cluedo.simulation.tally.summarize`, like a single run, and
the cells are shown side by side: win rate of seat 1 and of the first player,
of each of the rule set's group labels, game length and the rule set's
per-game numbers. A value whose 95% interval excludes the fair share is
marked (▲ above, ▼ below), and so is its cell.

Option values are read like ``cluedo play -o KEY=VALUE``
(:func:`cluedo.engine.registry.parse_option_values`): ``--option
rewards=true,false`` sweeps two values. An option that takes a list separates
its values with ``|`` instead, since its own items are comma-separated.
"""

from __future__ import annotations

import itertools
import json
import re
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from cluedo.agents.match import DEFAULT_ACTION_LIMIT
from cluedo.engine import CluedoError, rules_class
from cluedo.engine.registry import parse_option_values
from cluedo.simulation.balance import (
    Flag,
    flags,
    groupings,
    pct,
    verdict,
)
from cluedo.simulation.core import (
    Backend,
    GameRecord,
    LocalBackend,
    Rate,
    SimulationConfig,
    Summary,
)
from cluedo.simulation.simulate import (
    RAY_OPTION,
    backend_for,
    build_config,
    check_json_path,
    check_report_dir,
    exit_on_backend_error,
    game_progress,
    simulate_command,
)
from cluedo.simulation.tally import Spread, play_and_tally

SWEEP_FORMAT = "cluedo-sweep"
SWEEP_VERSION = 1

PLAYERS = "players"
MARKS = {"high": "▲", "low": "▼"}


def register(app: typer.Typer) -> None:
    """Add the ``sweep`` command to the app."""
    app.command("sweep")(sweep)


def sweep(
    rules: Annotated[str, typer.Option(help="Rule set (see `cluedo rules`).")] = "classic",
    players: Annotated[
        str | None,
        typer.Option(
            help="Player counts: 4, a range 3-8 or a list 3,5,6. "
            "Default: every count the rule set allows."
        ),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            help="KEY=VALUE,VALUE,...: a rule option and the values to sweep (read like "
            "`cluedo play -o`); repeat for more options. An option that takes a list "
            "separates its values with |.",
        ),
    ] = None,
    games: Annotated[int, typer.Option(help="Games per cell.", min=1)] = 100,
    seed: Annotated[int, typer.Option(help="Base seed, the same for every cell.")] = 0,
    bots: Annotated[
        str | None,
        typer.Option(
            help="One bot for every seat (or one per seat, with a single player count). "
            "Default: the rule set's default bot."
        ),
    ] = None,
    workers: Annotated[int, typer.Option(help="Worker processes.", min=1)] = 1,
    ray: Annotated[str | None, RAY_OPTION] = None,
    action_limit: Annotated[
        int, typer.Option(help="Bot actions after which a game counts as an error.", min=1)
    ] = DEFAULT_ACTION_LIMIT,
    json_file: Annotated[
        Path | None, typer.Option("--json", help="Write every cell's summary to this file.")
    ] = None,
    report: Annotated[
        Path | None,
        typer.Option(help="Write an HTML page with a plot of each figure against the sweep here."),
    ] = None,
) -> None:
    """Simulate every combination of player counts and option values, with the same seeds."""
    grid = Grid(
        rules,
        (
            (PLAYERS, parse_players(rules, players)),
            *parse_sweep_options(rules, option or []),
        ),
    )
    configs = [
        build_config(
            rules,
            point[PLAYERS],
            games,
            seed,
            0,
            bots,
            {k: v for k, v in point.items() if k != PLAYERS},
            action_limit,
            options_hint="--option",
        )
        for point in grid.points()
    ]
    check_json_path(json_file)
    check_report_dir(report)
    console = Console()
    with (
        backend_for(workers, ray) as backend,
        game_progress(console, "{task.description}") as progress,
    ):
        task = progress.add_task("sweeping", total=games * len(configs))

        def advance(_: GameRecord) -> None:
            progress.advance(task)

        def starting(cell: int) -> None:
            progress.update(task, description=grid.cell_name(grid.points()[cell]))

        with exit_on_backend_error():
            cells = run_sweep(grid, configs, on_record=advance, on_cell=starting, backend=backend)
    command = sweep_command(
        grid, configs[0], workers=workers, ray=ray, json_file=json_file, report=report
    )
    if json_file is not None:
        write_json(json_file, grid, cells)
    print_sweep(console, grid, cells)
    if report is not None:
        from cluedo.simulation.sweep_report import write_sweep_report  # matplotlib: when asked

        page = write_sweep_report(report, grid, cells, command)
        console.print(f"Sweep report: {page}", highlight=False, soft_wrap=True)
    failed = [c for c in cells if c.summary.errors]
    if failed:
        for c in failed:
            console.print(
                f"[red]{grid.cell_name(c.point)}: {c.summary.errors} games failed[/]; "
                f"run the cell alone to see them: {simulate_command(c.config)}",
                soft_wrap=True,
            )
        raise typer.Exit(1)


# -- the grid ---------------------------------------------------------------------------


def show(value: Any) -> str:
    """An option value as it is typed: text as is, anything else as JSON (``true``, ``2``)."""
    return value if isinstance(value, str) else json.dumps(value)


@dataclass(frozen=True)
class Grid:
    """The swept dimensions, players first, each with its values in the order given."""

    rules: str
    dims: tuple[tuple[str, tuple[Any, ...]], ...]

    def points(self) -> list[dict[str, Any]]:
        """Every combination, the first dimension slowest."""
        names = [name for name, _ in self.dims]
        return [
            dict(zip(names, combo, strict=True))
            for combo in itertools.product(*(values for _, values in self.dims))
        ]

    def varying(self) -> list[str]:
        """The dimensions with more than one value: what tells the cells apart."""
        return [name for name, values in self.dims if len(values) > 1]

    def fixed(self) -> dict[str, Any]:
        """The dimensions with a single value, the same in every cell."""
        return {name: values[0] for name, values in self.dims if len(values) == 1}

    def values(self, name: str) -> tuple[Any, ...]:
        return dict(self.dims)[name]

    def cell_name(self, point: dict[str, Any], names: Sequence[str] | None = None) -> str:
        """e.g. "4 players, rewards=false", naming only the varying dimensions."""
        parts = [
            f"{point[n]} players" if n == PLAYERS else f"{n}={show(point[n])}"
            for n in (self.varying() if names is None else names)
        ]
        return ", ".join(parts) or f"{point[PLAYERS]} players"


def parse_players(rules: str, text: str | None) -> tuple[int, ...]:
    """``4``, ``3-8`` or ``3,5,6`` as player counts the rule set allows; else exit 2.

    Without ``text``, every count the rule set allows.
    """
    try:
        cls = rules_class(rules)
    except CluedoError as err:
        raise typer.BadParameter(str(err), param_hint="--rules") from None
    allowed = f"{cls.name} takes {cls.min_players} to {cls.max_players} players"
    if text is None:
        return tuple(range(cls.min_players, cls.max_players + 1))
    counts: list[int] = []
    for piece in text.split(","):
        match = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", piece)
        if match is None:
            raise typer.BadParameter(
                f"give a count (4), a range (3-8) or a list (3,5,6), got {text!r}",
                param_hint="--players",
            )
        low = int(match[1])
        high = int(match[2]) if match[2] else low
        if high < low:
            raise typer.BadParameter(
                f"the range {piece.strip()!r} runs backwards", param_hint="--players"
            )
        counts.extend(n for n in range(low, high + 1) if n not in counts)
    bad = [n for n in counts if not cls.min_players <= n <= cls.max_players]
    if bad:
        raise typer.BadParameter(
            f"{allowed}, got {', '.join(map(str, bad))}", param_hint="--players"
        )
    return tuple(counts)


def takes_list(rules: str, key: str) -> bool:
    """Whether the option's value is itself a list (as ``cluedo play -o`` reads it)."""
    annotation = str(rules_class(rules).options_type.model_fields[key].annotation)
    return any(t in annotation for t in ("tuple", "list"))


def parse_sweep_options(rules: str, texts: Sequence[str]) -> list[tuple[str, tuple[Any, ...]]]:
    """``KEY=V1,V2`` per swept option, each value typed and checked by the rule set; else exit 2."""
    fields = rules_class(rules).options_type.model_fields
    allowed = ", ".join(f"{k} (default {show(f.default)})" for k, f in fields.items())
    out: list[tuple[str, tuple[Any, ...]]] = []
    for text in texts:
        key, sep, rest = text.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise typer.BadParameter(
                f"give KEY=VALUE,VALUE,..., got {text!r}. Options of {rules}: {allowed}",
                param_hint="--option",
            )
        if key not in fields:
            raise typer.BadParameter(
                f"{rules} has no option {key!r}. Options of {rules}: {allowed}",
                param_hint="--option",
            )
        if any(key == k for k, _ in out):
            raise typer.BadParameter(
                f"{key} is given twice; put all its values in one --option", param_hint="--option"
            )
        pieces = [p.strip() for p in rest.split("|" if takes_list(rules, key) else ",")]
        pieces = [p for p in pieces if p]
        if not pieces:
            raise typer.BadParameter(f"give {key} at least one value", param_hint="--option")
        values: list[Any] = []
        for piece in pieces:
            try:
                value = parse_option_values(rules, [f"{key}={piece}"])[key]
            except ValueError as err:
                raise typer.BadParameter(f"{key}={piece}: {err}", param_hint="--option") from None
            if value in values:
                raise typer.BadParameter(f"{key}={piece} is given twice", param_hint="--option")
            values.append(value)
        out.append((key, tuple(values)))
    return out


def players_text(counts: Sequence[int]) -> str:
    """Player counts as typed, runs folded into ranges: ``3-6,8``."""
    runs: list[list[int]] = []
    for n in counts:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ",".join(f"{r[0]}-{r[-1]}" if len(r) > 2 else ",".join(map(str, r)) for r in runs)


def sweep_command(
    grid: Grid,
    config: SimulationConfig,
    *,
    workers: int = 1,
    ray: str | None = None,
    json_file: Path | None = None,
    report: Path | None = None,
) -> str:
    """The ``cluedo sweep`` command line that makes these cells again, every setting spelled out."""
    command = [
        "cluedo",
        "sweep",
        "--rules",
        grid.rules,
        "--players",
        players_text(grid.values(PLAYERS)),
    ]
    for name, values in grid.dims:
        if name != PLAYERS:
            joiner = "|" if takes_list(grid.rules, name) else ","
            command += ["--option", f"{name}={joiner.join(show(v) for v in values)}"]
    command += ["--games", str(config.games), "--seed", str(config.seed)]
    command += ["--bots", ",".join(config.bots)]
    if config.action_limit != DEFAULT_ACTION_LIMIT:
        command += ["--action-limit", str(config.action_limit)]
    if workers != 1:
        command += ["--workers", str(workers)]
    if ray is not None:
        command += ["--ray", ray]
    if json_file is not None:
        command += ["--json", str(json_file)]
    if report is not None:
        command += ["--report", str(report)]
    return shlex.join(command)


# -- running ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
    """One point of the grid and what its run gave."""

    point: dict[str, Any]
    config: SimulationConfig
    summary: Summary
    spread: Spread

    def flags(self) -> list[Flag]:
        return flags(self.summary)


def run_sweep(
    grid: Grid,
    configs: Sequence[SimulationConfig],
    workers: int = 1,
    on_record: Callable[[GameRecord], None] | None = None,
    on_cell: Callable[[int], None] | None = None,
    backend: Backend | None = None,
) -> list[Cell]:
    """Run each cell's games in turn on ``backend`` (default: ``workers`` local
    processes, kept for every cell) and summarise them.

    Only a cell's summary and spread are kept, not its records.
    """
    if backend is None:
        with LocalBackend(workers) as local:
            return run_sweep(grid, configs, on_record=on_record, on_cell=on_cell, backend=local)
    cells: list[Cell] = []
    for k, (point, config) in enumerate(zip(grid.points(), configs, strict=True)):
        if on_cell is not None:
            on_cell(k)
        tally = play_and_tally(config, backend, on_record)
        cells.append(Cell(point, config, tally.summary(), tally.spread()))
    return cells


# -- the table --------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    """One figure across the cells: its text per cell and, for a rate, its verdict."""

    name: str
    texts: tuple[str, ...]
    verdicts: tuple[str | None, ...]


def rate_text(rate: Rate | None, fair: float) -> tuple[str, str | None]:
    """``41.2% (37-46)`` with ▲ or ▼ when the interval excludes the fair share."""
    if rate is None or rate.trials == 0:
        return "–", None
    mark = verdict(rate, fair)
    text = f"{100 * rate.rate:.1f}% ({100 * rate.low:.0f}-{100 * rate.high:.0f})"
    return (f"{text} {MARKS[mark]}" if mark else text), mark


def _natural(text: str) -> list[Any]:
    """Sort key putting "start 2" before "start 10"."""
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", text)]


def group_labels(cells: Sequence[Cell]) -> list[tuple[str, str]]:
    """Every (grouping, label) of any cell: groupings in the rule set's order, labels sorted."""
    seen: dict[tuple[str, str], None] = {}
    for cell in cells:
        for name in groupings(cell.summary):
            for g in cell.summary.groups:
                if g.grouping == name:
                    seen[(name, g.label)] = None
    order = list(dict.fromkeys(name for name, _ in seen))
    return sorted(seen, key=lambda key: (order.index(key[0]), _natural(key[1])))


def stat_names(cells: Sequence[Cell]) -> list[str]:
    """The rule set's per-game numbers in its order, less a "turns" that is the game length."""
    names = list(dict.fromkeys(st.name for c in cells for st in c.summary.stats))
    if all(stat_mean(c.summary, "turns") in (None, c.summary.mean_turns) for c in cells):
        names = [n for n in names if n != "turns"]
    return names


def group_rate(summary: Summary, grouping: str, label: str) -> Rate | None:
    """A seat's own win rate with this label, if any seat had it."""
    for g in summary.groups:
        if g.grouping == grouping and g.label == label:
            return g.seats
    return None


def stat_mean(summary: Summary, name: str) -> float | None:
    for st in summary.stats:
        if st.name == name:
            return st.mean
    return None


def sweep_rows(cells: Sequence[Cell]) -> list[Row]:
    """The table's rows, one figure each, a column per cell (the console and the page)."""
    rows: list[Row] = []

    def add(name: str, pairs: Sequence[tuple[str, str | None]]) -> None:
        rows.append(Row(name, tuple(t for t, _ in pairs), tuple(v for _, v in pairs)))

    add(
        "games completed",
        [
            (f"{c.summary.completed} of {c.summary.games}", "low" if c.summary.errors else None)
            for c in cells
        ],
    )
    add("fair share", [(pct(c.summary.fair_share), None) for c in cells])
    add("seat 1 wins", [rate_text(c.summary.per_seat[0], c.summary.fair_share) for c in cells])
    if any(c.summary.per_turn for c in cells):
        add(
            "plays 1st wins",
            [
                rate_text(
                    c.summary.per_turn[0] if c.summary.per_turn else None, c.summary.fair_share
                )
                for c in cells
            ],
        )
    for grouping, label in group_labels(cells):
        add(
            f"{grouping}: {label}",
            [
                rate_text(group_rate(c.summary, grouping, label), c.summary.fair_share)
                for c in cells
            ],
        )
    add(
        "turns per game, mean",
        [(f"{c.summary.mean_turns:.1f} ± {c.spread.turns:.1f}", None) for c in cells],
    )
    for name in stat_names(cells):
        pairs: list[tuple[str, str | None]] = []
        for c in cells:
            mean = stat_mean(c.summary, name)
            half = c.spread.stats.get(name, 0.0)
            pairs.append(("–", None) if mean is None else (f"{mean:.2f} ± {half:.2f}", None))
        add(f"{name}, mean", pairs)
    add(
        "rates that stand out",
        [(str(len(f)), "high") if (f := c.flags()) else ("none", None) for c in cells],
    )
    return rows


def print_sweep(console: Console, grid: Grid, cells: Sequence[Cell]) -> None:
    """The cells side by side, as many per table as the console is wide."""
    games = cells[0].config.games if cells else 0
    fixed = ", ".join(
        f"{v} players" if k == PLAYERS else f"{k}={show(v)}" for k, v in grid.fixed().items()
    )
    seed = cells[0].config.seed if cells else 0
    bots = ",".join(cells[0].config.bots) if cells else ""
    console.print(
        f"[bold]{len(cells)}[/] cells of {grid.rules}, {games} games each, seed {seed}, "
        f"bots {bots}" + (f"; every cell: {fixed}" if fixed else ""),
        highlight=False,
    )
    rows = sweep_rows(cells)
    name_width = max(len(r.name) for r in rows)
    cell_width = max(16, *(len(t) for r in rows for t in r.texts))
    per_table = max(1, (console.width - name_width - 4) // (cell_width + 3))
    for first in range(0, len(cells), per_table):
        chunk = range(first, min(first + per_table, len(cells)))
        table = Table(
            title="Each cell's figures (win rates with 95% interval; means ± 95%)"
            if first == 0
            else None
        )
        table.add_column("figure", no_wrap=True)
        for k in chunk:
            name = grid.cell_name(cells[k].point)
            marked = any(cells[k].flags())
            table.add_column(f"{name} !" if marked else name, justify="right")
        for row in rows:
            texts = []
            for k in chunk:
                style = {"high": "bold red", "low": "bold blue"}.get(row.verdicts[k] or "")
                texts.append(f"[{style}]{row.texts[k]}[/]" if style else row.texts[k])
            table.add_row(row.name, *texts)
        console.print(table)
    console.print(
        "▲/▼: the 95% interval lies above/below the fair share (the win rate of a seat "
        "with no edge); ! marks such a cell.",
        highlight=False,
    )
    for cell in cells:
        found = cell.flags()
        if found:
            console.print(f"[bold]{grid.cell_name(cell.point)}[/]:", highlight=False)
            for f in found:
                console.print(f"  {f}", highlight=False, soft_wrap=True)


# -- JSON -------------------------------------------------------------------------------


def write_json(path: Path, grid: Grid, cells: Sequence[Cell]) -> None:
    """Every cell's settings, summary and flags; the same command writes the same bytes."""
    first = cells[0].config
    data = {
        "format": SWEEP_FORMAT,
        "version": SWEEP_VERSION,
        "rules": grid.rules,
        "grid": {name: list(values) for name, values in grid.dims},
        "seed": first.seed,
        "games": first.games,
        "bots": list(first.bots),
        "action_limit": first.action_limit,
        "cells": [
            {
                "values": c.point,
                "players": c.config.players,
                "options": dict(c.config.options),
                "command": simulate_command(c.config),
                "summary": c.summary.to_json(),
                "half_widths": {"turns": c.spread.turns, "stats": c.spread.stats},
                "flags": [str(f) for f in c.flags()],
            }
            for c in cells
        ],
    }
    try:
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    except OSError as err:
        raise typer.BadParameter(f"cannot write {path}: {err}", param_hint="--json") from None
