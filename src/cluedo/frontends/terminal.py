"""``cluedo play``: the game in a terminal, for one person against bots or several at one keyboard.

This module reads the command line, sets the table (who sits where, which bots,
a new game or a saved one) and hands over to
:class:`cluedo.frontends.terminal_session.Session`. See ``docs/play.md``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from cluedo.agents import BOTS, make_agent
from cluedo.agents.base import Agent
from cluedo.engine import CluedoError, Game, new_game, rules_class
from cluedo.frontends.terminal_session import Session

PLAYABLE = ("classic",)
"""Rule sets the terminal game can draw."""


def default_bot() -> str:
    """The sensible bot when it is available, else the random one."""
    return "sensible" if "sensible" in BOTS else "random"


def plan_seats(
    players: int,
    humans: str | None = None,
    bots: str | None = None,
    extra_bots: list[str] | None = None,
) -> tuple[dict[int, str], dict[int, str]]:
    """Who sits where: people (by name) first, then bots (by spec).

    ``humans`` is a count or comma-separated names; ``bots`` a count or a comma
    list of bot kinds; ``extra_bots`` are more bot specs (``--bot``), e.g.
    external bots. Without ``bots`` every seat that is not a person gets the
    default bot. Raises ValueError saying what does not add up.

    >>> plan_seats(3)
    ({0: 'you'}, {1: 'sensible', 2: 'sensible'})
    >>> plan_seats(4, humans="Ann,Bob", bots="random,sensible")
    ({0: 'Ann', 1: 'Bob'}, {2: 'random', 3: 'sensible'})
    """
    extra = list(extra_bots or [])
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
            kinds = extra + [default_bot()] * (count - len(extra))
        else:
            kinds = [k.strip() for k in text.split(",") if k.strip()] + extra
    if kinds is None:
        people = len(names) if names is not None else 1
        kinds = extra + [default_bot()] * max(0, players - people - len(extra))
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
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(2)


def _load(path: Path) -> tuple[Game, dict[str, Any]]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise _fail(f"cannot read {path}: {err.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise _fail(f"{path} is not a saved game (invalid JSON: {err})") from None
    try:
        game = Game.load(data)
    except CluedoError as err:
        raise _fail(f"{path}: {err}") from None
    extra = data.get("terminal") if isinstance(data, dict) else None
    return game, extra if isinstance(extra, dict) else {}


def play(
    rules: Annotated[str, typer.Option(help="Rule set to play.")] = "classic",
    players: Annotated[int, typer.Option(help="Number of players, 3-6.")] = 4,
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
    edition: Annotated[str, typer.Option(metavar="us|uk", help="Card names: us or uk.")] = "us",
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
    notes: dict[str, Any] = {}
    if load is not None:
        game, extra = _load(load)
        if game.rules_name not in PLAYABLE:
            raise _fail(f"the terminal game plays {', '.join(PLAYABLE)}, not {game.rules_name}")
        saved_humans = extra.get("humans")
        saved_bots = extra.get("bots")
        if isinstance(saved_humans, dict) and isinstance(saved_bots, dict):
            seats = [*saved_humans, *saved_bots]
            if sorted(seats, key=str) != sorted((str(s) for s in range(game.players)), key=str):
                raise _fail(f"{load}: the saved seats do not match {game.players} players")
            human_seats = {int(s): str(n) for s, n in saved_humans.items()}
            bot_seats = {int(s): str(k) for s, k in saved_bots.items()}
            if sorted([*human_seats, *bot_seats]) != list(range(game.players)):
                raise _fail(f"{load}: the saved seats do not match {game.players} players")
        else:
            try:
                human_seats, bot_seats = plan_seats(game.players, humans, bots, bot)
            except ValueError as err:
                raise _fail(str(err)) from None
        saved_notes = extra.get("notes")
        notes = saved_notes if isinstance(saved_notes, dict) else {}
    else:
        try:
            name = rules_class(rules).name
        except CluedoError as err:
            raise _fail(str(err)) from None
        if name not in PLAYABLE:
            raise _fail(f"the terminal game plays {', '.join(PLAYABLE)}, not {name}")
        if edition not in ("us", "uk"):
            raise _fail(f"unknown edition {edition!r}; allowed: us, uk")
        try:
            human_seats, bot_seats = plan_seats(players, humans, bots, bot)
            game = new_game(name, players=players, seed=seed, options={"edition": edition})
        except (ValueError, CluedoError) as err:
            raise _fail(str(err)) from None
    agents: dict[int, Agent] = {}
    try:
        for seat, spec in bot_seats.items():
            agents[seat] = make_agent(spec, seat, game.seed + seat)
    except (ValueError, OSError, CluedoError) as err:
        for agent in agents.values():
            agent.close()
        raise _fail(str(err)) from None
    session = Session(game, human_seats, agents, bot_seats, Console(), bot_delay, save, notes)
    code = session.run()
    if code:
        raise typer.Exit(code)


def register(app: typer.Typer) -> None:
    """Add ``cluedo play`` to the app."""
    app.command("play")(play)
