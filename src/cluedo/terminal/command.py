"""``cluedo play``: the game in a terminal, for one person against bots or several at one keyboard.

This module reads the command line, sets the table (who sits where, which bots,
a new game or a saved one) and hands over to
:class:`cluedo.terminal.session.Session`. See ``docs/play.md``.
"""

from __future__ import annotations

import random
import shlex
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from cluedo.agents import make_agent
from cluedo.agents.base import Agent
from cluedo.agents.registry import default_bot
from cluedo.engine import CluedoError, SaveError, new_game, rules_class
from cluedo.engine.registry import parse_option_values
from cluedo.engine.save_file import read_save_file
from cluedo.terminal.files import cannot_write
from cluedo.terminal.race import typing_race
from cluedo.terminal.session import (
    SavedGame,
    Session,
    plain_text,
    read_save,
)

RACE_OPTION = "first_player"
"""A rule set with this option lets the front end say who plays first (Clue or Cruel's race)."""


def plan_seats(
    players: int,
    humans: str | None = None,
    bots: str | None = None,
    extra_bots: list[str] | None = None,
    bot: str | None = None,
) -> tuple[dict[int, str], dict[int, str]]:
    """Who sits where: people (by name) first, then bots (by spec).

    ``humans`` is a count or comma-separated names; ``bots`` a count or a comma
    list of bot kinds; ``extra_bots`` are more bot specs (``--bot``), e.g.
    external bots. Without ``bots`` every seat that is not a person gets
    ``bot`` (default: the classic game's default bot). Raises ValueError saying
    what does not add up.

    >>> plan_seats(3)
    ({0: 'you'}, {1: 'sensible', 2: 'sensible'})
    >>> plan_seats(4, humans="Ann,Bob", bots="random,sensible")
    ({0: 'Ann', 1: 'Bob'}, {2: 'random', 3: 'sensible'})
    """
    extra = list(extra_bots or [])
    filler = bot or default_bot()
    names: list[str] | None = None
    if humans is not None:
        text = humans.strip()
        if text.isdigit():
            count = int(text)
            names = ["you"] if count == 1 else [f"Player {i}" for i in range(1, count + 1)]
        else:
            names = [n.strip() for n in text.split(",") if n.strip()]
            if not names:
                raise ValueError("--humans takes a number or comma-separated names")
            if len(set(names)) != len(names):
                raise ValueError("--humans: each person needs a different name")
    kinds: list[str] | None = None
    if bots is not None:
        text = bots.strip()
        if text.isdigit():
            count = int(text)
            if len(extra) > count:
                raise ValueError(f"--bots {count} leaves no seat for {len(extra)} --bot bot(s)")
            kinds = extra + [filler] * (count - len(extra))
        else:
            kinds = [k.strip() for k in text.split(",") if k.strip()] + extra
    if kinds is None:
        people = len(names) if names is not None else 1
        kinds = extra + [filler] * max(0, players - people - len(extra))
    if names is None:
        count = players - len(kinds)
        if count < 0:
            raise ValueError(f"{len(kinds)} bots do not fit at a table of {players}")
        names = ["you"] if count == 1 else [f"Player {i}" for i in range(1, count + 1)]
    if len(names) + len(kinds) != players:
        raise ValueError(
            f"{len(names)} person(s) and {len(kinds)} bot(s) do not make {players} players; "
            "change --players, --humans or --bots"
        )
    human_seats = dict(enumerate(names))
    bot_seats = {len(names) + i: kind for i, kind in enumerate(kinds)}
    return human_seats, bot_seats


def _fail(message: str) -> typer.Exit:
    # Messages may quote a save's contents: never let them reach the terminal raw.
    typer.echo(f"error: {plain_text(message, lines=True)}", err=True)
    return typer.Exit(2)


def _load(path: Path) -> SavedGame:
    """The game saved in ``path``; anything wrong stops the command with one line."""
    shown = plain_text(str(path))
    try:
        return read_save(read_save_file(path))
    except OSError as err:
        raise _fail(f"cannot read {shown}: {err.strerror or err}") from None
    except SaveError as err:
        raise _fail(f"{shown} is not a saved game we can load: {plain_text(str(err))}") from None


def _external_bots_from(path: Path, saved: dict[int, str], given: list[str]) -> None:
    """Refuse a save's ``cmd:`` bots unless the command line names the same command.

    A save file is data: opening one must not run a program it names (the file
    may come from anyone). So its external bots run only when the person types
    them again, which shows they chose to run that command.
    """
    missing: dict[str, list[int]] = {}
    for seat, spec in sorted(saved.items()):
        if spec.startswith("cmd:") and spec not in given:
            missing.setdefault(spec, []).append(seat)
    if missing:
        seats = ", ".join(str(s) for seats in missing.values() for s in seats)
        again = " ".join(f"--bot {shlex.quote(spec)}" for spec in missing)
        raise _fail(
            f"{plain_text(str(path))} has an external bot at seat {seats}, and a save never "
            f"starts a program; if you trust it, run it by adding {again}"
        )


def play(
    rules: Annotated[
        str, typer.Option(help="Rule set to play: any that 'cluedo rules' lists.")
    ] = "classic",
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            metavar="KEY=VALUE",
            help="A rule-set option, e.g. -o gems=choose; repeatable. 'cluedo rules' lists them.",
        ),
    ] = None,
    players: Annotated[
        int | None, typer.Option(help="Number of players (default 4, or the rule set's limit).")
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            metavar="N|KINDS",
            help="How many seats bots take (e.g. 3), or their kinds in seat order "
            "(e.g. 'sensible,random'). Default: every seat but the people's gets a "
            "sensible bot.",
        ),
    ] = None,
    bot: Annotated[
        list[str] | None,
        typer.Option(
            "--bot",
            metavar="SPEC",
            help="Add a bot seat by spec, e.g. 'random' or 'cmd:python examples/external_bot.py' "
            "for a bot in another process. Repeatable.",
        ),
    ] = None,
    humans: Annotated[
        str | None,
        typer.Option(
            metavar="N|NAMES",
            help="People at the keyboard: a number, or names 'Ann,Bob' (hot-seat play). "
            "Default: one.",
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for a repeatable game.")] = None,
    edition: Annotated[
        str | None,
        typer.Option(metavar="us|uk", help="Card names: us or uk (default: the rule set's)."),
    ] = None,
    race: Annotated[
        bool,
        typer.Option(
            help="Race to spell your name backwards for the first turn, in rule sets that "
            "have one (Clue or Cruel); --no-race draws the first player at random.",
        ),
    ] = True,
    load: Annotated[
        Path | None, typer.Option(metavar="FILE", help="Resume a game saved with --save.")
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="Save the game to this file on quitting and at the end."),
    ] = None,
    bot_delay: Annotated[
        float, typer.Option(help="Seconds to pause after each bot action so you can follow it.")
    ] = 0.2,
) -> None:
    """Play in the terminal: you against bots, or several people at one keyboard."""
    if bot_delay < 0:
        raise _fail("--bot-delay must be 0 or more seconds")
    if save is not None and (why := cannot_write(save)) is not None:
        # Found out now, not after a whole game.
        raise _fail(f"cannot save to {save}: {why}")
    notes: dict[str, Any] = {}
    if load is not None:
        saved = _load(load)
        game = saved.game
        if saved.humans is not None and saved.bots is not None:
            human_seats, bot_seats = saved.humans, saved.bots
            typed = [*(bot or []), *(k.strip() for k in (bots or "").split(","))]
            _external_bots_from(load, bot_seats, typed)
        else:
            try:
                human_seats, bot_seats = plan_seats(
                    game.players, humans, bots, bot, default_bot(game.rules_name)
                )
            except ValueError as err:
                raise _fail(str(err)) from None
        notes = saved.notes
    else:
        try:
            cls = rules_class(rules)
            name = cls.name
            options = parse_option_values(name, option or [])
        except (ValueError, CluedoError) as err:
            raise _fail(str(err)) from None
        fields = cls.options_type.model_fields
        if edition is not None:
            if edition not in ("us", "uk"):
                raise _fail(f"unknown edition {edition!r}; allowed: us, uk")
            if "edition" not in fields:
                raise _fail(f"{name} has no editions")
            options.setdefault("edition", edition)
        if players is None:
            players = min(max(4, cls.min_players), cls.max_players)
        try:
            human_seats, bot_seats = plan_seats(players, humans, bots, bot, default_bot(name))
            if RACE_OPTION in fields and RACE_OPTION not in options and race and human_seats:
                options[RACE_OPTION] = _race(human_seats, bot_seats, seed)
            game = new_game(name, players=players, seed=seed, options=options)
        except (ValueError, CluedoError) as err:
            raise _fail(str(err)) from None
    agents: dict[int, Agent] = {}
    try:
        for seat, spec in bot_seats.items():
            agents[seat] = make_agent(spec, seat, game.seed + seat, rules=game.rules_name)
    except (ValueError, OSError, CluedoError) as err:
        for agent in agents.values():
            agent.close()
        raise _fail(str(err)) from None
    session = Session(game, human_seats, agents, bot_seats, Console(), bot_delay, save, notes)
    code = session.run()
    if code:
        raise typer.Exit(code)


def _race(humans: dict[int, str], bots: dict[int, str], seed: int | None) -> int:
    """The seat that won the typing race (the game then starts with it)."""
    console = Console()
    try:
        first, _ = typing_race(console, humans, sorted(bots), random.Random(seed))
    except (EOFError, KeyboardInterrupt):
        raise typer.Exit(0) from None
    console.print(f"{humans.get(first) or 'A bot'} plays first.")
    return first


def register(app: typer.Typer) -> None:
    """Add ``cluedo play`` to the app."""
    app.command("play")(play)
