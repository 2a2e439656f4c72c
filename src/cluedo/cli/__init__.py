"""The ``cluedo`` command. Each sub-command lives in its own module."""

from __future__ import annotations

import shutil
import textwrap

import typer

from cluedo.cli import solve, tournament
from cluedo.protocol import server as protocol
from cluedo.simulation import simulate, sweep
from cluedo.terminal import command as terminal
from cluedo.web import command as _serve
from cluedo.web import verify as _verify

app = typer.Typer(
    name="cluedo",
    help="The classic murder-mystery board game and its variants: play, simulate, solve.",
    no_args_is_help=True,
    add_completion=False,
)


@app.callback()
def _root() -> None:
    """The classic murder-mystery board game and its variants: play, simulate, solve."""


terminal.register(app)
simulate.register(app)
sweep.register(app)
protocol.register(app)
solve.register(app)
tournament.register(app)
_serve.register(app)
_verify.register(app)


@app.command("rules")
def list_rules() -> None:
    """List the rule sets and their options."""
    from cluedo.engine.registry import (
        available,
        option_choices,
        option_with_default,
        rules_class,
    )

    width = min(100, shutil.get_terminal_size().columns)
    typer.echo("Each rule set's options with their defaults. Set one with -o KEY=VALUE in")
    typer.echo("play, simulate, sweep and tournament, e.g. cluedo play -o movement=up_to")
    for name in available():
        cls = rules_class(name)
        typer.echo(f"\n{name}: {cls.title}, {cls.min_players}-{cls.max_players} players")
        for key, fld in cls.options_type.model_fields.items():
            typer.echo(f"  {option_with_default(key, fld)}")
            about = fld.description or ""
            choices = option_choices(fld)
            if choices:
                about += f" [{' | '.join(choices)}]"
            indent = " " * 6
            typer.echo(textwrap.fill(about, width, initial_indent=indent, subsequent_indent=indent))


COMMANDS_GROUP = "cluedo.commands"
"""Entry points adding sub-commands: ``name = "package.module:register"``, where
``register(app)`` adds a rule set's own commands (Pendragon's ``sheet`` and
``report``) to the Typer app."""


def _register_rule_set_commands() -> None:
    from importlib.metadata import entry_points

    for point in entry_points(group=COMMANDS_GROUP):
        point.load()(app)


_register_rule_set_commands()


def main() -> None:
    app()
