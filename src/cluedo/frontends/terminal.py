"""Sub-command module (being written)."""

import typer


def register(app: typer.Typer) -> None:
    """Add this module's command to the app."""
