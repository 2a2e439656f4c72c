"""``cluedo tournament``: bots against each other, seats rotated, with win rates and ratings.

The games and ratings are :mod:`cluedo.simulation.tournament`'s; this module reads
the options, shows progress and prints the tables. With no ``--bots`` the rule
set's levels play (easy, medium and hard), so one command says how far apart the
levels a person chooses from are.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from cluedo.agents.registry import LEVELS, bot_list
from cluedo.engine.errors import CluedoError, OptionsError
from cluedo.engine.registry import make_rules, rules_class, typed_options
from cluedo.presentation.names import plural
from cluedo.simulation.core import GameRecord, Rate, check_bot_spec
from cluedo.simulation.simulate import (
    JSON_OPTIONS,
    RULE_OPTION,
    backend_for,
    check_json_path,
    exit_on_backend_error,
    game_progress,
    rule_options,
)
from cluedo.simulation.tournament import (
    TournamentResult,
    mixed_table,
    round_robin,
    run_tournament,
)

RESULTS_FORMAT = "cluedo-tournament"
RESULTS_VERSION = 1


def register(app: typer.Typer) -> None:
    """Add the ``tournament`` command to the app."""
    app.command("tournament")(tournament)


def tournament(
    rules: Annotated[str, typer.Option(help="Rule set (see `cluedo rules`).")] = "classic",
    players: Annotated[int, typer.Option(help="Players at each table.")] = 4,
    bots: Annotated[
        str | None,
        typer.Option(
            help="Comma-separated bots or levels (easy, medium, hard) to play each other. "
            "Default: the rule set's three levels.",
        ),
    ] = None,
    games: Annotated[int, typer.Option(help="Games per line-up.", min=1)] = 100,
    seed: Annotated[int, typer.Option(help="Base seed; every line-up meets the same deals.")] = 1,
    mixed: Annotated[
        bool,
        typer.Option(
            "--mixed",
            help="Play only the mixed table (the bots seated in turn), not the round robin.",
        ),
    ] = False,
    option: Annotated[list[str] | None, RULE_OPTION] = None,
    options: Annotated[str | None, JSON_OPTIONS] = None,
    workers: Annotated[int, typer.Option(help="Worker processes.", min=1)] = 1,
    json_file: Annotated[
        Path | None, typer.Option("--json", help="Write the results to this file.")
    ] = None,
) -> None:
    """Play the bots against each other with seats rotated, and rate them.

    Each bot plays alone against each other bot, then all play at one table. Reports
    win rates with 95% intervals, how much each bot beat each other at the mixed
    table, and a Plackett-Luce rating per bot."""
    try:
        rules_class(rules)
    except OptionsError as err:
        raise typer.BadParameter(str(err), param_hint="--rules") from None
    parsed = rule_options(rules, option, options)
    names, levels = resolve_bots(rules, bots)
    try:
        lineups = [mixed_table(names, players)] if mixed else round_robin(names, players)
    except ValueError as err:
        raise typer.BadParameter(str(err), param_hint="--players") from None
    check_json_path(json_file)
    console = Console()
    if not console.is_terminal:
        console = Console(width=120)  # a file or a pipe: room for every column
    with (
        backend_for(workers, None) as backend,
        game_progress(console, "playing") as progress,
    ):
        task = progress.add_task("games", total=games * len(lineups))

        def advance(_: GameRecord) -> None:
            progress.advance(task)

        try:
            with exit_on_backend_error():
                result = run_tournament(
                    names,
                    rules=rules,
                    players=players,
                    games=games,
                    seed=seed,
                    lineups=lineups,
                    options=parsed,
                    backend=backend,
                    on_record=advance,
                )
        except OptionsError as err:
            hint = "--players" if "players" in str(err) and "options" not in str(err) else None
            raise typer.BadParameter(str(err), param_hint=hint or "--options") from None
    given = json.dumps(parsed) if parsed else None
    command = tournament_command(rules, players, names, games, seed, mixed, given, workers)
    if json_file is not None:
        data = {"format": RESULTS_FORMAT, "version": RESULTS_VERSION, "command": command}
        data |= result.to_json()
        data["levels"] = levels
        try:
            json_file.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        except OSError as err:
            raise typer.BadParameter(
                f"cannot write {json_file}: {err}", param_hint="--json"
            ) from None
    print_result(console, result, levels, has_accusations(rules, players))
    errors = sum(lineup.errors for lineup in result.lineups)
    if errors:
        console.print(f"[red]{errors} games ended in an error and are left out.[/]")
        raise typer.Exit(1)


def resolve_bots(rules: str, bots: str | None) -> tuple[list[str], dict[str, str]]:
    """The bot names to play (levels turned into the rule set's bots, each once) and
    the level of each bot that plays one; an unknown bot exits with code 2.

    >>> resolve_bots("classic", "hard,random")
    (['strong', 'random'], {'strong': 'hard'})
    """
    listed = bot_list(rules)
    by_bot = {listed.level(level): level for level in reversed(LEVELS)}
    specs = [s.strip() for s in bots.split(",")] if bots else list(LEVELS)
    names: list[str] = []
    for spec in specs:
        name = listed.level(spec) if spec in LEVELS and spec not in listed.bots else spec
        if spec.startswith("cmd:"):
            raise typer.BadParameter(
                "a tournament plays built-in bots only", param_hint="--bots"
            ) from None
        try:
            check_bot_spec(name, rules)
        except ValueError as err:
            raise typer.BadParameter(
                f"{err}, or a level ({', '.join(LEVELS)})", param_hint="--bots"
            ) from None
        if name not in names:
            names.append(name)
    return names, {name: by_bot[name] for name in names if name in by_bot}


def has_accusations(rules: str, players: int) -> bool:
    """Whether players of ``rules`` can accuse (so wrong accusations are worth a column)."""
    try:
        shapes = make_rules(rules).action_shapes(players)
    except (NotImplementedError, CluedoError):
        return True
    return any(shape.kind == "accuse" for shape in shapes)


def tournament_command(
    rules: str,
    players: int,
    bots: list[str],
    games: int,
    seed: int,
    mixed: bool,
    options: str | None,
    workers: int,
) -> str:
    """The command line that plays this tournament again.

    >>> tournament_command("pendragon", 3, ["hard", "easy"], 50, 1, True, None, 1)
    'cluedo tournament --rules pendragon --players 3 --bots hard,easy --games 50 --seed 1 --mixed'
    """
    command = ["cluedo", "tournament", "--rules", rules, "--players", str(players)]
    command += ["--bots", ",".join(bots), "--games", str(games), "--seed", str(seed)]
    if mixed:
        command.append("--mixed")
    if options:
        command += ["--options", options]
    if workers != 1:
        command += ["--workers", str(workers)]
    return shlex.join(command)


def _pct(rate: Rate) -> tuple[str, str]:
    return f"{100 * rate.rate:.1f}%", f"{100 * rate.low:.1f}-{100 * rate.high:.1f}%"


def print_result(
    console: Console, result: TournamentResult, levels: dict[str, str], accusations: bool
) -> None:
    """The tables: the bots by rating, each line-up's win rates, the margins."""
    given = typed_options(result.options)
    options = f", {given}" if given else ""
    console.print(
        f"Tournament of {result.rules}, {result.players} players{escape(options)}, "
        f"{plural(result.games, 'game')} per line-up with seats rotated, seed {result.seed}"
    )
    table = Table(title="Bots by rating (win rate per seat filled; 95% Wilson interval)")
    columns = ["bot", "level", "seats", "win rate", "95% CI"]
    if accusations:
        columns.append("wrong acc.")
    columns += ["mu", "sigma", "rating"]
    for name in columns:
        table.add_column(name, justify="left" if name in ("bot", "level") else "right")
    for b in result.bots:
        share, ci = _pct(b.wins)
        row = [b.bot, levels.get(b.bot, ""), str(b.wins.trials), share, ci]
        if accusations:
            row.append(str(b.wrong_accusations))
        row += [f"{b.rating.mu:.2f}", f"{b.rating.sigma:.2f}", f"{b.rating.ordinal:.2f}"]
        table.add_row(*row)
    console.print(table)
    lineups = Table(title=f"Line-ups (fair share of a seat: {1 / result.players:.1%})")
    for name in ("line-up", "games", "bot", "win rate", "95% CI"):
        lineups.add_column(name, justify="left" if name in ("line-up", "bot") else "right")
    for line in result.lineups:
        for i, (bot, rate) in enumerate(line.wins.items()):
            shown, ci = _pct(rate)
            first = i == 0
            lineups.add_row(
                ", ".join(line.lineup) if first else "",
                str(line.games) if first else "",
                bot,
                shown,
                ci,
            )
    console.print(lineups)
    # Margins at tables where every bot fills about as many seats: head to head.
    margins = [m for line in result.lineups if _even(line.lineup) for m in line.margins]
    if margins:
        head = Table(title="Head to head at the mixed table (share of seats won, difference)")
        for name in ("bot", "against", "margin", "95% CI", "games"):
            head.add_column(name, justify="left" if name in ("bot", "against") else "right")
        for m in margins:
            head.add_row(
                m.bot,
                m.other,
                f"{100 * m.difference:+.1f} pts",
                f"{100 * m.low:+.1f} to {100 * m.high:+.1f}",
                str(m.games),
            )
        console.print(head)


def _even(lineup: tuple[str, ...]) -> bool:
    """Every bot of ``lineup`` fills as many seats as any other, give or take one.

    >>> _even(("a", "b", "a")), _even(("a", "b", "b", "b"))
    (True, False)
    """
    counts = [lineup.count(bot) for bot in set(lineup)]
    return len(counts) > 1 and max(counts) - min(counts) <= 1
