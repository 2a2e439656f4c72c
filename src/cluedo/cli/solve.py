"""``cluedo solve``: the detective notebook for a person at a physical table.

Interactive: type what happens at the table in short lines (``gr: mu kn li > wh``)
and see the notebook grid, the most likely envelope and advice. Non-interactive:
``cluedo solve RECORD --json`` reads a record file and prints the analysis.
The line format is documented in ``docs/solve.md``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from cluedo.deduction import (
    ENVELOPE,
    DeductionError,
    Notebook,
    best_suggestions,
)
from cluedo.deduction.tableside import (
    CATEGORIES,
    CODE,
    EDITIONS,
    InputError,
    Session,
    analysis,
    display_name,
    load_record,
    resolve_card,
)
from cluedo.deduction.transcript import RecordError
from cluedo.terminal.files import cannot_write

HELP = """\
Set-up:   players sc mu wh gr      (turn order; any short names)
          me sc                    (which player you are)
          sizes 5 5 4 4            (optional; default: 18 cards dealt round)
          hand wh li st ...        (your cards; starts the notebook)
Events:   gr: mu kn li > wh        (gr suggested; wh refuted, card unseen)
          sc: mu kn li > wh kn     (you suggested; wh showed you the Knife)
          gr: mu kn li > -         (nobody could refute)
          shown wh kn              (wh showed you the Knife)
          accuse gr: mu kn li      (a wrong accusation)
          faceup kn li             (cards laid face up for everyone)
Commands: grid, advice [rooms...], undo, save FILE, names us|uk, help, quit
Cards: a code (kn), an id (knife) or any unambiguous start of a name."""


# -- display -----------------------------------------------------------------


def grid(nb: Notebook, edition: str = "us", me: str | None = None) -> Table:
    """The notebook as a Rich table: certainties as marks, the rest as percentages."""
    table = Table(title=f"Notebook - {nb.deals:,} possible deals", show_lines=False)
    table.add_column("card")
    for loc in nb.locations:
        table.add_column(loc + (" (you)" if loc == me else ""), justify="right")
    for cards in CATEGORIES.values():
        table.add_section()
        for i, card in enumerate(cards):
            label = Text(display_name(card, edition), style="bold" if i == 0 else "")
            cells: list[Text] = []
            for loc in nb.locations:
                p = nb.exact_probability(card, loc)
                if p == 1:
                    cells.append(Text("yes", style="bold green"))
                elif p == 0:
                    cells.append(Text("-", style="dim"))
                else:
                    style = "yellow" if p >= 0.5 else "cyan"
                    if loc == ENVELOPE:
                        style = "bold magenta" if p >= 0.5 else "magenta"
                    cells.append(Text(f"{float(p):.0%}", style=style))
            table.add_row(label, *cells)
    return table


def envelope_lines(nb: Notebook, edition: str, top: int = 3) -> list[str]:
    """The most likely envelopes, as readable lines."""
    out = []
    for combo, p in list(nb.envelope_distribution().items())[:top]:
        names = ", ".join(display_name(c, edition) for c in combo)
        out.append(f"{float(p):6.1%}  {names}")
    return out


def _advice(session: Session, console: Console, rooms: list[str]) -> None:
    nb = session.notebook
    assert nb is not None and session.me is not None
    console.print("thinking...", markup=False)
    picks = best_suggestions(nb, session.me, rooms=rooms or None, top=3, per_category=2)
    for a in picks:
        names = ", ".join(display_name(c, session.edition) for c in a.cards)
        console.print(f"  {a.expected_drop:5.2f} bits  {names}")


def _status(session: Session, console: Console) -> None:
    nb = session.notebook
    if nb is None:
        return
    env = nb.certain_envelope()
    if env:
        names = ", ".join(display_name(c, session.edition) for c in env)
        console.print(f"[bold green]Solved: {names}[/]")
    else:
        console.print("Most likely: " + envelope_lines(nb, session.edition, 1)[0].strip())


def interactive(
    session: Session,
    console: Console,
    read: Callable[[str], str | None],
    save_to: Path | None = None,
) -> None:
    """The read-record-print loop; ``read(prompt)`` returns None at end of input.

    With ``save_to``, every change (a line, an undo, a change of names) is saved
    there at once, so a resumed session is the one the person left.
    """
    console.print("cluedo solve - type help for the formats, quit to leave.")
    while True:
        line = read("> ")
        if line is None:
            break
        words = line.split()
        cmd = words[0].lower() if words else ""
        try:
            if cmd in ("quit", "exit", "q"):
                break
            if cmd in ("help", "?"):
                console.print(HELP, markup=False)
            elif cmd == "undo":
                console.print(session.undo(), markup=False)
                _autosave(session, console, save_to)
            elif cmd == "names":
                if len(words) != 2 or words[1].lower() not in EDITIONS:
                    raise InputError("names us|uk")
                session.edition = words[1].lower()
                _autosave(session, console, save_to)
            elif cmd in ("grid", "g"):
                if session.notebook is None:
                    raise InputError("no notebook yet: give players, me and hand")
                console.print(grid(session.notebook, session.edition, session.me))
                for text in envelope_lines(session.notebook, session.edition):
                    console.print(text, markup=False)
            elif cmd in ("advice", "a"):
                if session.notebook is None or session.me is None:
                    raise InputError("no notebook yet: give players, me and hand")
                _advice(session, console, [resolve_card(w) for w in words[1:]])
            elif cmd == "save":
                target = Path(words[1]) if len(words) > 1 else save_to
                if target is None:
                    raise InputError("save FILE")
                if _save(session, console, target):
                    console.print(f"saved to {target}", markup=False)
            else:
                refuter = session.needs_card(line)
                if refuter is not None:
                    card = read(f"which card did {session.labels.get(refuter, refuter)} show you? ")
                    if card and card.strip():
                        line = f"{line.strip()} {card.strip()}"
                msg = session.enter(line)
                if msg:
                    console.print(msg, markup=False)
                    _status(session, console)
                    _autosave(session, console, save_to)
        except (InputError, DeductionError) as exc:
            # Soft wrap: the terminal folds long lines; a copy keeps them whole.
            console.print(Text.assemble(("error:", "red"), f" {exc}"), soft_wrap=True)


def _save(session: Session, console: Console, target: Path) -> bool:
    """Write the session to ``target``; say so and return False if that fails."""
    try:
        target.write_text(json.dumps(session.to_json(), indent=1), encoding="utf-8")
    except OSError as exc:
        why = (exc.strerror or str(exc)).lower()
        console.print(
            Text.assemble(("error:", "red"), f" could not save to {target}: {why}"),
            Text("(the session goes on; 'save FILE' saves it elsewhere)"),
            sep="\n",
        )
        return False
    return True


def _autosave(session: Session, console: Console, save_to: Path | None) -> None:
    if save_to is not None:
        _save(session, console, save_to)


def _stdin_reader(console: Console) -> Callable[[str], str | None]:
    if sys.stdin.isatty():
        _enable_completion()

    def read(prompt: str) -> str | None:
        console.print(prompt, end="", markup=False)
        line = sys.stdin.readline()
        return None if line == "" else line.rstrip("\n")

    return read


def _enable_completion() -> None:
    """Tab completion of card codes, ids and commands on a real terminal."""
    try:
        import readline
    except ImportError:  # pragma: no cover - not on every platform
        return
    words = sorted(
        {
            *CODE,
            *CODE.values(),
            "players",
            "sizes",
            "me",
            "hand",
            "shown",
            "accuse",
            "faceup",
            "grid",
            "advice",
            "undo",
            "save",
            "names",
            "help",
            "quit",
        }
    )

    def complete(text: str, state: int) -> str | None:
        hits = [w for w in words if w.startswith(text.lower())]
        return hits[state] if state < len(hits) else None

    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")


def register(app: typer.Typer) -> None:
    """Add the ``solve`` command to ``app``."""

    @app.command("solve")
    def solve(
        record: Annotated[
            Path | None,
            typer.Argument(
                help="A game record to analyse (line format, session JSON or "
                "reference transcript). Without it: interactive."
            ),
        ] = None,
        as_json: Annotated[
            bool, typer.Option("--json", help="Print the analysis as JSON.")
        ] = False,
        names: Annotated[str, typer.Option("--names", help="Card names: us or uk.")] = "us",
        resume: Annotated[
            Path | None, typer.Option("--resume", help="Resume a saved session file.")
        ] = None,
        save: Annotated[
            Path | None, typer.Option("--save", help="Save the session here after each line.")
        ] = None,
    ) -> None:
        """The detective notebook: exact deductions and probabilities for a real game."""
        console = Console(highlight=False)
        if names not in EDITIONS:
            typer.echo(f"error: --names must be one of {', '.join(EDITIONS)}", err=True)
            raise typer.Exit(2)
        if record is not None:
            try:
                nb, _ = load_record(record)
            except OSError as exc:
                typer.echo(f"error: cannot read {record}: {exc.strerror}", err=True)
                raise typer.Exit(2) from None
            except (RecordError, json.JSONDecodeError, KeyError) as exc:
                typer.echo(f"error: {record}: {exc}", err=True)
                raise typer.Exit(2) from None
            if as_json:
                typer.echo(json.dumps(analysis(nb), indent=1))
            else:
                console.print(grid(nb, names))
                for text in envelope_lines(nb, names, 5):
                    console.print(text, markup=False)
            return
        target = save or resume
        if target is not None and (why := cannot_write(target)) is not None:
            typer.echo(f"error: cannot save to {target}: {why}", err=True)
            raise typer.Exit(2)
        session = Session(edition=names)
        if resume is not None:
            try:
                data = json.loads(resume.read_text(encoding="utf-8"))
                session = Session.from_lines(data["lines"], data.get("edition", names))
            except (OSError, ValueError, KeyError) as exc:
                typer.echo(f"error: cannot resume from {resume}: {exc}", err=True)
                raise typer.Exit(2) from None
            console.print(f"resumed {len(session.lines)} lines", markup=False)
            _status(session, console)
        interactive(session, console, _stdin_reader(console), save or resume)
