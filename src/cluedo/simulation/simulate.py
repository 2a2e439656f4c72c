"""``cluedo simulate``: many seeded bot games, seats rotated, with a summary and JSON results.

The work is done by :mod:`cluedo.simulation.core`; this module only
parses options, shows progress and prints the summary. The games run in this
process, in ``--workers`` local processes or, with ``--ray ADDRESS``, as tasks
on a Ray cluster (:func:`backend_for`), with the same results every way.
``--report DIR`` adds the balance report of
:mod:`cluedo.simulation.balance_report` (an HTML page with plots), drawn from
the same summary.
"""

from __future__ import annotations

import json
import shlex
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from cluedo.agents.match import DEFAULT_ACTION_LIMIT
from cluedo.agents.registry import known_bot_names
from cluedo.engine.errors import CluedoError, OptionsError
from cluedo.engine.registry import parse_option_values, typed_options
from cluedo.presentation.names import humanise, plural
from cluedo.simulation.balance import TURN_ORDER, ordinal
from cluedo.simulation.core import (
    RAY_ADDRESS,
    Backend,
    BackendError,
    GameRecord,
    Rate,
    SimulationConfig,
    Summary,
    check_bot_spec,
    default_bot,
    make_backend,
)
from cluedo.simulation.results_file import ResultsFile
from cluedo.simulation.tally import play_and_tally

RAY_OPTION = typer.Option(
    "--ray",
    metavar="ADDRESS",
    help="Play the games on a Ray cluster: HOST:PORT of its head node, ray://HOST:PORT "
    f"(Ray Client), or auto for ${RAY_ADDRESS}. Needs cluedo's ray extra. "
    "The results are those of a local run.",
)


def register(app: typer.Typer) -> None:
    """Add the ``simulate`` command to the app."""
    app.command("simulate")(simulate)


RULE_OPTION = typer.Option(
    "--option",
    "-o",
    metavar="KEY=VALUE",
    help="A rule option, e.g. -o movement=up_to (as in `cluedo play`); repeatable. "
    "`cluedo rules` lists them.",
)
JSON_OPTIONS = typer.Option(
    help='Rule options as a JSON object, e.g. \'{"movement": "up_to"}\' (-o wins where both '
    "set one)."
)


def rule_options(rules: str, pairs: list[str] | None, options: str | None) -> dict[str, Any]:
    """The rule options of ``--options`` (JSON) and ``-o KEY=VALUE`` together, the
    latter winning; a bad pair exits with code 2 and says what is allowed."""
    parsed = parse_json_options(options)
    if pairs:
        try:
            parsed |= parse_option_values(rules, pairs)
        except OptionsError as err:
            hint = "--rules" if "unknown rule set" in str(err) else "-o"
            raise typer.BadParameter(str(err), param_hint=hint) from None
        except ValueError as err:
            raise typer.BadParameter(str(err), param_hint="-o") from None
    return parsed


def simulate(
    rules: Annotated[str, typer.Option(help="Rule set (see `cluedo rules`).")] = "classic",
    players: Annotated[int, typer.Option(help="Players at the table.")] = 6,
    games: Annotated[int, typer.Option(help="Number of games to play.", min=1)] = 100,
    seed: Annotated[int, typer.Option(help="Base seed; game i's seed is derived from it.")] = 0,
    start: Annotated[
        int, typer.Option(help="Index of the first game (with --games 1: replay one game).", min=0)
    ] = 0,
    bots: Annotated[
        str | None,
        typer.Option(
            help="Comma-separated bot per seat, or one bot for all seats: "
            "random, sensible, ... or cmd:<command line>. Default: the rule set's default bot.",
        ),
    ] = None,
    option: Annotated[list[str] | None, RULE_OPTION] = None,
    options: Annotated[str | None, JSON_OPTIONS] = None,
    workers: Annotated[int, typer.Option(help="Worker processes.", min=1)] = 1,
    ray: Annotated[str | None, RAY_OPTION] = None,
    action_limit: Annotated[
        int, typer.Option(help="Bot actions after which a game counts as an error.", min=1)
    ] = DEFAULT_ACTION_LIMIT,
    json_file: Annotated[
        Path | None, typer.Option("--json", help="Write every game's record to this file.")
    ] = None,
    report: Annotated[
        Path | None,
        typer.Option(
            help="Write a balance report here: index.html with plots, and each plot as PNG "
            "and SVG. The folder is made if needed.",
        ),
    ] = None,
) -> None:
    """Play bot games with seats rotated and report win rates with 95% confidence intervals."""
    config = build_config(
        rules, players, games, seed, start, bots, rule_options(rules, option, options), action_limit
    )
    # Say what cannot be written before the run, not after it.
    check_json_path(json_file)
    check_report_dir(report)
    console = Console()
    started = time.perf_counter()
    with (
        backend_for(workers, ray) as backend,
        game_progress(console, "simulating") as progress,
        _results_file(json_file, config) as results,
    ):
        task = progress.add_task("games", total=config.games)

        def arrived(record: GameRecord) -> None:
            progress.advance(task)
            if results is not None:
                results.add(record)

        # Records are counted as they come and not kept: memory stays flat however
        # many games run (the results file spools them to disk in game order).
        with exit_on_backend_error():
            tally = play_and_tally(config, backend, arrived)
        where = backend.describe()
        summary = tally.summary()
        if results is not None:
            _finish_results(results, json_file, summary)
    elapsed = time.perf_counter() - started
    _print_summary(console, config, summary, elapsed, where)
    if report is not None:
        from cluedo.simulation.balance_report import write_report  # matplotlib: only when asked

        command = simulate_command(
            config, workers=workers, ray=ray, json_file=json_file, report=report
        )
        page = write_report(report, config, tally, command)
        console.print(f"Balance report: {page}", highlight=False, soft_wrap=True)
    if summary.errors:
        _print_errors(console, config, tally.errors)
        raise typer.Exit(1)


# -- options --------------------------------------------------------------------------


def game_progress(console: Console, label: str) -> Progress:
    """The bar a run shows while its games are played (only on a terminal: a pipe or a
    file gets the results alone); ``label`` may use the task's fields ("{task.description}")."""
    return Progress(
        TextColumn(f"[bold]{label}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    )


def backend_for(workers: int, ray: str | None) -> Backend:
    """Where to play: ``--workers`` local processes or the ``--ray`` cluster, connected.

    A backend that cannot be had (Ray not installed, no cluster at the address,
    ``--ray`` with ``--workers``) exits with code 2 and says why.
    """
    try:
        return make_backend(workers, ray).open()  # connect now, before any game is played
    except BackendError as err:
        raise typer.BadParameter(str(err), param_hint="--ray") from None


@contextmanager
def exit_on_backend_error() -> Iterator[None]:
    """A backend that fails midway (a Ray worker lost...) exits with code 1, saying why."""
    try:
        yield
    except BackendError as err:
        # As plain text: Ray's messages may hold brackets that are not markup.
        message = Text.assemble(("error: ", "red"), str(err))
        Console(stderr=True).print(message, highlight=False, soft_wrap=True)
        raise typer.Exit(1) from None


def split_bots(text: str) -> tuple[str, ...]:
    """Split ``--bots`` at commas, except commas inside an external bot's command line.

    A piece that is neither a bot name nor starts with ``cmd:`` continues the
    command line before it.

    >>> split_bots("random, cmd:bot --pair a,b ,sensible")
    ('random', 'cmd:bot --pair a,b', 'sensible')
    """
    specs: list[str] = []
    for piece in text.split(","):
        name = piece.strip()
        if (
            specs
            and specs[-1].startswith("cmd:")
            and name not in known_bot_names()
            and not name.startswith("cmd:")
        ):
            specs[-1] = f"{specs[-1]},{piece}".rstrip()
        else:
            specs.append(name)
    return tuple(specs)


def parse_json_options(options: str | None) -> dict[str, Any]:
    """``--options`` as a dict; bad JSON exits with code 2."""
    if not options:
        return {}
    try:
        value = json.loads(options)
    except json.JSONDecodeError as err:
        raise typer.BadParameter(f"not valid JSON ({err})", param_hint="--options") from None
    if not isinstance(value, dict):
        raise typer.BadParameter(
            f'must be a JSON object such as \'{{"movement": "up_to"}}\', '
            f"got {type(value).__name__}",
            param_hint="--options",
        )
    return value


def check_json_path(path: Path | None, hint: str = "--json") -> None:
    """Exit with code 2 if ``path``'s folder does not exist."""
    if path is not None and not path.parent.is_dir():
        raise typer.BadParameter(f"the folder {str(path.parent)!r} does not exist", param_hint=hint)


def check_report_dir(path: Path | None) -> None:
    """Make the report folder now, so a run never ends unable to write its report."""
    if path is None:
        return
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise typer.BadParameter(
            f"cannot make the folder {str(path)!r}: {err.strerror or err}", param_hint="--report"
        ) from None


def build_config(
    rules: str,
    players: int,
    games: int,
    seed: int,
    start: int,
    bots: str | None,
    parsed: dict[str, Any],
    action_limit: int,
    options_hint: str = "--options",
) -> SimulationConfig:
    """Validate the options into a run configuration; bad input exits with code 2.

    ``options_hint`` names the command-line option a bad rule option came from.
    """
    if bots is not None:
        specs = split_bots(bots)
    else:
        try:
            specs = (default_bot(rules),)
        except CluedoError:
            specs = ("random",)  # an unknown rule set: validate() below says so
    for spec in specs:
        try:
            check_bot_spec(spec, rules)
        except CluedoError:
            break  # an unknown rule set: validate() below says so
        except ValueError as err:
            raise typer.BadParameter(str(err), param_hint="--bots") from None
    config = SimulationConfig(
        rules=rules,
        players=players,
        bots=specs,
        games=games,
        seed=seed,
        start=start,
        options=parsed,
        action_limit=action_limit,
    )
    try:
        config.validate()
    except OptionsError as err:
        text = str(err)
        hint = (
            "--rules"
            if "unknown rule set" in text
            else "--players"
            if "players" in text and "options" not in text
            else options_hint
        )
        raise typer.BadParameter(text, param_hint=hint) from None
    except ValueError as err:
        raise typer.BadParameter(str(err), param_hint="--bots") from None
    return config


# -- output ---------------------------------------------------------------------------


@contextmanager
def _results_file(path: Path | None, config: SimulationConfig) -> Iterator[ResultsFile | None]:
    if path is None:
        yield None
        return
    with ResultsFile(path, config) as results:
        yield results


def _finish_results(results: ResultsFile, path: Path | None, summary: Summary) -> None:
    try:
        results.finish(summary)
    except OSError as err:
        raise typer.BadParameter(f"cannot write {path}: {err}", param_hint="--json") from None


def simulate_command(
    config: SimulationConfig,
    *,
    start: int | None = None,
    games: int | None = None,
    workers: int = 1,
    ray: str | None = None,
    json_file: Path | None = None,
    report: Path | None = None,
) -> str:
    """The ``cluedo simulate`` command line of ``config``, every setting spelled out.

    >>> simulate_command(SimulationConfig(players=3, bots=("random",), games=5, seed=2))
    'cluedo simulate --rules classic --players 3 --seed 2 --start 0 --games 5 --bots random'
    """
    command = [
        "cluedo",
        "simulate",
        "--rules",
        config.rules,
        "--players",
        str(config.players),
        "--seed",
        str(config.seed),
        "--start",
        str(config.start if start is None else start),
        "--games",
        str(config.games if games is None else games),
        "--bots",
        ",".join(config.bots),
    ]
    if config.action_limit != DEFAULT_ACTION_LIMIT:
        command += ["--action-limit", str(config.action_limit)]
    if config.options:
        command += ["--options", json.dumps(dict(config.options))]
    if workers != 1:
        command += ["--workers", str(workers)]
    if ray is not None:
        command += ["--ray", ray]
    if json_file is not None:
        command += ["--json", str(json_file)]
    if report is not None:
        command += ["--report", str(report)]
    return shlex.join(command)


def _pct(rate: Rate) -> tuple[str, str]:
    return f"{100 * rate.rate:.1f}%", f"{100 * rate.low:.1f}-{100 * rate.high:.1f}%"


def _print_summary(
    console: Console, config: SimulationConfig, summary: Summary, elapsed: float, where: str
) -> None:
    per_second = summary.games / elapsed if elapsed > 0 else 0.0
    given = typed_options(config.options)
    options = f", {given}" if given else ""
    console.print(
        f"[bold]{plural(summary.games, 'game')}[/] of {config.rules}, {config.players} players"
        f"{escape(options)}, seed {config.seed}, in {elapsed:.1f} s ({per_second:.0f} games/s,"
        f" {where})"
    )
    bots = Table(title="Win rate per bot (per seat filled; 95% Wilson interval)")
    for name in ("bot", "seats", "wins", "win rate", "95% CI", "wrong acc.", "wrong/game"):
        bots.add_column(name, justify="left" if name == "bot" else "right")
    for b in summary.per_bot:
        rate, ci = _pct(b.wins)
        per_game = b.wrong_accusations / b.seat_games if b.seat_games else 0.0
        bots.add_row(
            b.bot,
            str(b.seat_games),
            str(b.wins.wins),
            rate,
            ci,
            str(b.wrong_accusations),
            f"{per_game:.2f}",
        )
    console.print(bots)
    seats = Table(title="Win rate per seat")
    for name in ("seat", "wins", "win rate", "95% CI"):
        seats.add_column(name, justify="right")
    for seat, r in enumerate(summary.per_seat):
        rate, ci = _pct(r)
        seats.add_row(str(seat + 1), str(r.wins), rate, ci)  # counted from 1, as people do
    console.print(seats)
    if (
        summary.per_turn
        and summary.per_turn != summary.per_seat
        and not any(g.grouping == TURN_ORDER for g in summary.groups)
    ):
        # Only when it says something the seat table does not (seat 1 not always first),
        # and the rule set does not report it itself.
        turns = Table(title="Win rate by turn order")
        for name in ("plays", "wins", "win rate", "95% CI"):
            turns.add_column(name, justify="right")
        for k, r in enumerate(summary.per_turn):
            rate, ci = _pct(r)
            turns.add_row(ordinal(k + 1), str(r.wins), rate, ci)
        console.print(turns)
    _print_designer_tables(console, summary)
    totals = Table(title="Games", show_header=False)
    totals.add_column("what")
    totals.add_column("value", justify="right")
    totals.add_row("completed", str(summary.completed))
    rates = summary.outcome_rates()
    for outcome, count in sorted(summary.outcomes.items()):
        share = f" ({100 * rates[outcome].rate:.1f}%)" if outcome in rates else ""
        totals.add_row(f"  outcome: {humanise(outcome)}", f"{count}{share}")
    totals.add_row("no winner", str(summary.no_winner))
    totals.add_row("turns: mean / median", f"{summary.mean_turns:.1f} / {summary.median_turns:g}")
    totals.add_row("actions per game: mean", f"{summary.mean_actions:.1f}")
    totals.add_row("wrong accusations", str(summary.wrong_accusations))
    style = "bold red" if summary.errors else ""
    totals.add_row("errors", f"[{style}]{summary.errors}[/]" if style else "0")
    console.print(totals)


def _print_designer_tables(console: Console, summary: Summary) -> None:
    """The rule set's own view: win rates by its seat groupings, its per-game numbers."""
    for grouping in dict.fromkeys(g.grouping for g in summary.groups):
        table = Table(title=f"Win rate by {grouping} (95% Wilson interval)")
        for name in (grouping, "games", "side won", "side rate", "95% CI", "seats", "seat rate"):
            first = name == grouping
            # Names and intervals are not broken over lines (headers may be).
            whole = first or name == "95% CI"
            table.add_column(name, justify="left" if first else "right", no_wrap=whole)
        for g in summary.groups:
            if g.grouping != grouping:
                continue
            side, ci = _pct(g.side)
            seat_rate, _ = _pct(g.seats)
            table.add_row(
                g.label,
                str(g.side.trials),
                str(g.side.wins),
                side,
                ci,
                str(g.seats.trials),
                seat_rate,
            )
        console.print(table)
    if summary.stats:
        table = Table(title="Per game (mean over completed games)")
        for name in ("number", "mean", "median", "min", "max", "total"):
            table.add_column(name, justify="left" if name == "number" else "right")
        for st in summary.stats:
            table.add_row(
                st.name,
                f"{st.mean:.2f}",
                f"{st.median:g}",
                f"{st.low:g}",
                f"{st.high:g}",
                f"{st.total:g}",
            )
        console.print(table)


def _print_errors(
    console: Console, config: SimulationConfig, records: Sequence[GameRecord]
) -> None:
    err = Console(stderr=True) if console.file is sys.stdout else console
    failed = [r for r in records if r.error is not None]
    for r in failed[:10]:
        err.print(
            f"[red]game {r.index} (seed {r.seed}) failed:[/] {r.error}",
            highlight=False,
            soft_wrap=True,
        )
    if len(failed) > 10:
        err.print(f"... and {len(failed) - 10} more (see --json)")
    command = simulate_command(config, start=failed[0].index, games=1)
    err.print("Replay the first failed game alone with:", highlight=False)
    err.print(f"  {command}", highlight=False, markup=False, soft_wrap=True)
