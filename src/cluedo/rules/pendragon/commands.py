"""Pendragon's game-master commands: check a character sheet, print a game's report.

``cluedo sheet FILE`` reads a character sheet (TOML, shaped like one ``[[sheet]]``
of the shipped ``sheets.toml``), says what is wrong with it or prints it as one
line of JSON, ready for ``-o 'sheets=[...]'``. ``cluedo report SAVE`` replays a
saved Pendragon game and prints the game master's report, as text or JSON.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from cluedo.content.cards import load_card_set
from cluedo.content.sheets import SheetError, load_sheet_file
from cluedo.engine import Game
from cluedo.engine.errors import CluedoError
from cluedo.engine.save_file import read_save_file
from cluedo.rules.pendragon.rolls import report_text


def register(app: typer.Typer) -> None:
    @app.command("sheet")
    def sheet(
        path: Annotated[Path, typer.Argument(help="a character sheet in TOML")],
    ) -> None:
        """Check a Pendragon character sheet and print it as JSON for -o sheets=[...]."""
        try:
            loaded = load_sheet_file(path)
        except SheetError as err:
            typer.echo(f"error: {err}", err=True)
            raise typer.Exit(2) from None
        typer.echo(json.dumps(loaded.model_dump(mode="json"), separators=(",", ":")))

    @app.command("report")
    def report(
        save: Annotated[Path, typer.Argument(help="a saved Pendragon game (cluedo play --save)")],
        as_json: Annotated[bool, typer.Option("--json", help="print JSON, not text")] = False,
    ) -> None:
        """The game master's report of a saved Pendragon game: rolls, checks, rewards, Glory."""
        try:
            # The same checked reading as `cluedo play --load`: no pipe blocks it, no
            # malformed file reaches the user as a traceback.
            game = Game.loads(read_save_file(save))
        except (OSError, CluedoError) as err:
            typer.echo(f"error: {save}: {err}", err=True)
            raise typer.Exit(2) from None
        if game.rules_name != "pendragon":
            typer.echo(f"error: {save} is a {game.rules_name} game, not pendragon", err=True)
            raise typer.Exit(2)
        data = game.rules.report(game.state)  # type: ignore[attr-defined]
        if as_json:
            typer.echo(json.dumps(data, indent=1))
            return
        cards = load_card_set("pendragon")

        def name(card: str) -> str:
            return cards.name(card) if card in cards.ids else card.replace("_", " ")

        typer.echo(report_text(data, name))
