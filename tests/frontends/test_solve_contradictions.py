"""`cluedo solve` keeps what the person typed and answers in their words.

An undo is saved like any other change, so a resumed session is the one left;
a line that contradicts earlier ones is refused with the lines it clashes with,
quoted as typed, and why, with cards and players named as the person knows them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import typer
from rich.console import Console
from typer.testing import CliRunner

from cluedo.cli import solve
from cluedo.deduction import ContradictionError, HasNone, Notebook, Shown

SETUP = "players Sc Mu Wh Gr Pe Pl\nme sc\nhand wh li st\n"
INTERNAL = re.compile(r"\b(Hand|Shown|HasOneOf|HasNone|FaceUp|WrongAccusation)\(")


@pytest.fixture
def app() -> typer.Typer:
    app = typer.Typer()
    solve.register(app)

    @app.command("other")
    def _other() -> None:  # a second command so Typer keeps sub-command names
        """Unused."""

    return app


def run(app: typer.Typer, args: list[str], text: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(app, args, input=text)
    return result.exit_code, result.output


def deals(out: str) -> list[str]:
    return re.findall(r"([\d,]+) possible deals", out)


# -- undo is saved -------------------------------------------------------------


def test_an_undone_line_stays_undone_after_resuming(app: typer.Typer, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    typed = SETUP + "gr: mu kn ki > wh\nsc: sc ro lo > mu ro\nundo\nquit\n"
    code, out = run(app, ["solve", "--save", str(save)], typed)
    assert code == 0, out
    assert "undone: sc: sc ro lo > mu ro" in out
    before_undone = deals(out)[-2]  # after the suggestion by gr
    assert json.loads(save.read_text())["lines"][-1] == "gr: mu kn ki > wh"

    code, out = run(app, ["solve", "--resume", str(save)], "undo\nquit\n")
    assert code == 0, out
    assert "resumed 4 lines" in out
    assert "undone: gr: mu kn ki > wh" in out  # the line before the undone one
    assert json.loads(save.read_text())["lines"] == SETUP.splitlines()

    code, out = run(app, ["solve", "--resume", str(save)], "gr: mu kn ki > wh\nquit\n")
    assert code == 0 and "resumed 3 lines" in out
    assert deals(out)[-1] == before_undone


def test_undoing_a_set_up_line_and_changing_names_are_saved(
    app: typer.Typer, tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    code, out = run(app, ["solve", "--save", str(save)], SETUP + "undo\nnames uk\nquit\n")
    assert code == 0, out
    data = json.loads(save.read_text())
    assert data["lines"] == SETUP.splitlines()[:2]
    assert data["edition"] == "uk"


def test_a_save_file_that_cannot_be_written_is_refused_at_the_start(
    app: typer.Typer, tmp_path: Path
) -> None:
    code, out = run(app, ["solve", "--save", str(tmp_path / "missing" / "s.json")], SETUP)
    assert code == 2
    assert f"cannot save to {tmp_path / 'missing' / 's.json'}: there is no folder" in out
    assert "notebook started" not in out


def test_a_failed_save_is_said_and_the_session_goes_on(app: typer.Typer, tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    save = folder / "s.json"
    typed = "players sc mu wh\nme sc\n"

    def remove_the_folder_then_type(prompt: str) -> str | None:
        nonlocal typed
        if not typed:
            return None
        if typed.startswith("me") and save.exists():
            save.unlink()
            folder.rmdir()
        line, _, typed = typed.partition("\n")
        return line

    session = solve.Session()
    console = Console(width=200, record=True)
    solve.interactive(session, console, remove_the_folder_then_type, save)
    out = console.export_text()
    assert f"error: could not save to {save}: no such file or directory" in out
    assert "you are sc" in out and session.me == "sc"


# -- contradictions, in the person's words -------------------------------------


@pytest.mark.parametrize(
    ("events", "message"),
    [
        (  # a card in my own hand
            "shown mu wh\n",
            [
                "error: this contradicts line 3:",
                "  line 3 (hand wh li st): your hand is Mrs. White, the Library and the Study",
                "  this line (shown mu wh): Mu showed you Mrs. White",
                "  Mrs. White is in your hand, so Mu cannot hold it.",
            ],
        ),
        (  # a card another player showed me
            "sc: sc ro lo > mu ro\nshown gr ro\n",
            [
                "error: this contradicts line 4:",
                "  line 4 (sc: sc ro lo > mu ro): you suggested Miss Scarlet with the Rope"
                " in the Lounge; Mu showed you the Rope",
                "  this line (shown gr ro): Gr showed you the Rope",
                "  The Rope is with Mu, so Gr cannot hold it.",
            ],
        ),
        (  # a player who could not answer earlier
            "gr: sc kn ki > -\nshown pe kn\n",
            [
                "error: this contradicts line 4:",
                "  line 4 (gr: sc kn ki > -): Gr suggested Miss Scarlet with the Knife in the"
                " Kitchen; nobody could show a card",
                "  this line (shown pe kn): Pe showed you the Knife",
                "  So Pe cannot hold the Knife.",
            ],
        ),
        (  # a full hand; the line in between has nothing to do with it
            "shown pe ca\nshown pe ba\ngr: mu kn ki > wh\nshown pe di\nshown pe co\n",
            [
                "error: this contradicts lines 4, 5 and 7:",
                "  line 4 (shown pe ca): Pe showed you the Candlestick",
                "  line 5 (shown pe ba): Pe showed you the Ballroom",
                "  line 7 (shown pe di): Pe showed you the Dining Room",
                "  this line (shown pe co): Pe showed you the Conservatory",
                "  Those lines name all 3 of Pe's cards (the Candlestick, the Ballroom and the"
                " Dining Room), so the Conservatory cannot be one of them.",
            ],
        ),
        (  # a player who could not answer, but showed me one of the cards before
            "shown pe ca\nmu: gr ca ha > pl\n",
            [
                "error: this contradicts line 4:",
                "  line 4 (shown pe ca): Pe showed you the Candlestick",
                "  this line (mu: gr ca ha > pl): Mu suggested Mr. Green with the Candlestick"
                " in the Hall; Wh, Gr and Pe could not show a card; Pl showed Mu a card",
                "  The Candlestick is with Pe, so Pe could have shown it.",
            ],
        ),
        (  # someone showed a card for three cards all known to be elsewhere
            "shown mu re\ngr: wh re st > pe\n",
            [
                "error: this contradicts lines 3 and 4:",
                "  line 3 (hand wh li st): your hand is Mrs. White, the Library and the Study",
                "  line 4 (shown mu re): Mu showed you the Revolver",
                "  this line (gr: wh re st > pe): Gr suggested Mrs. White with the Revolver in"
                " the Study; Pe showed Gr a card",
                "  So Pe cannot hold any of Mrs. White, the Revolver or the Study: Mrs. White"
                " and the Study are in your hand and the Revolver is with Mu.",
            ],
        ),
        (  # a wrong accusation of the only envelope left
            "shown pe ca\nshown pe ba\nshown pe di\npe: pl kn ha > -\naccuse gr: pl kn ha\n",
            [
                "error: this contradicts lines 4, 5, 6 and 7:",
                "  line 7 (pe: pl kn ha > -): Pe suggested Professor Plum with the Knife in"
                " the Hall; nobody could show a card",
                "  this line (accuse gr: pl kn ha): Gr accused Professor Plum with the Knife"
                " in the Hall, wrongly",
                "  Those lines leave only Professor Plum, the Knife and the Hall for the envelope.",
            ],
        ),
    ],
)
def test_a_contradiction_names_the_lines_and_why(
    app: typer.Typer, events: str, message: list[str]
) -> None:
    code, out = run(app, ["solve"], SETUP + events + "quit\n")
    assert code == 0, out
    lines = [re.sub(r"^(> )+", "", line) for line in out.splitlines()]
    start = lines.index(message[0])
    shown = lines[start : start + 12]
    for expected in message[1:]:
        assert expected in shown, "\n".join(shown)
    assert not INTERNAL.search(out), out
    assert "contradicts the record" not in out


def test_a_hand_of_the_wrong_size(app: typer.Typer) -> None:
    code, out = run(app, ["solve"], "players sc mu wh gr pe pl\nme sc\nhand wh li\nquit\n")
    assert code == 0
    assert "error: this cannot be right:" in out
    assert "  this line (hand wh li): your hand is Mrs. White and the Library" in out
    assert "  This line names 2 cards, but your hand has 3." in out


def test_uk_names_are_used_after_names_uk(app: typer.Typer) -> None:
    code, out = run(app, ["solve"], SETUP + "sc: sc kn lo > gr kn\nnames uk\nshown mu kn\nquit\n")
    assert code == 0
    assert (
        "you suggested Miss Scarlett with the Dagger in the Lounge; Mu and Wh could not show"
        " a card; Gr showed you the Dagger"
    ) in out
    assert "The Dagger is with Gr, so Mu cannot hold it." in out


def test_a_record_file_names_its_own_line_numbers(app: typer.Typer, tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    record.write_text(
        "# a game at the kitchen table\n"
        + SETUP
        + "\nsc: sc ro lo > mu ro   # Mu showed me the Rope\n"
        + "gr: mu kn ki > wh\n"
        + "shown gr ro\n"
    )
    code, out = run(app, ["solve", str(record), "--json"])
    assert code == 2
    assert f"error: {record}: line 8: this contradicts line 6:" in out
    assert "line 6 (sc: sc ro lo > mu ro   # Mu showed me the Rope):" in out
    assert "this line (shown gr ro): Gr showed you the Rope" in out
    assert not INTERNAL.search(out)


def test_a_transcript_contradiction_is_in_words(app: typer.Typer, tmp_path: Path) -> None:
    record = tmp_path / "t.txt"
    record.write_text(
        "PLAYERS sc mu wh gr pe pl\nHAND sc wh li st\nSUGGEST 1 sc sc ro lo mu ro\n"
        "SUGGEST 2 sc pe ro ki gr ro\n"
    )
    code, out = run(app, ["solve", str(record), "--json"])
    assert code == 2
    assert "line 4: this contradicts line 3:" in out
    assert "  line 3 (SUGGEST 1 sc sc ro lo mu ro): mu showed you the Rope" in out
    assert "The Rope is with mu, so mu could have shown it." in out
    assert not INTERNAL.search(out), out


def test_the_notebook_says_what_it_refused_in_words() -> None:
    nb = Notebook.create({"s": ["s1", "s2"], "w": ["w1", "w2"]}, [("a", 1), ("b", 1)])
    nb.observe(Shown("a", "s1"))
    with pytest.raises(ContradictionError) as err:
        nb.observe(HasNone("a", ("s1", "w1")))
    assert str(err.value).startswith("cannot record that a holds none of s1, w1: ")
    assert not INTERNAL.search(str(err.value))


def test_the_shown_card_question_names_the_player_as_typed(app: typer.Typer) -> None:
    code, out = run(app, ["solve"], SETUP + "sc: sc ro lo > mu\nro\nquit\n")
    assert code == 0
    assert "which card did Mu show you?" in out
    assert "players: Sc Mu Wh Gr Pe Pl" in out
