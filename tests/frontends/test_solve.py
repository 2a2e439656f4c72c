"""``cluedo solve`` driven as a person would: typed lines and record files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from cluedo.cli import solve
from cluedo.deduction import tableside

TRANSCRIPT = Path(__file__).resolve().parents[1] / "data" / "neller-clue-transcript.txt"
SETUP = "players sc mu wh gr pe pl\nme sc\nhand wh li st\n"


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


def test_transcript_json_gives_the_single_envelope(app: typer.Typer) -> None:
    code, out = run(app, ["solve", str(TRANSCRIPT), "--json"])
    assert code == 0, out
    data = json.loads(out)
    assert data["deals"] == 1
    assert data["envelope"] == [
        {"cards": ["peacock", "lead_pipe", "billiard_room"], "probability": 1.0, "deals": 1}
    ]
    assert data["cards"]["peacock"]["envelope"] == 1.0
    assert {"card": "white", "location": "sc", "holds": True} in data["certain"]


def test_line_record_json(app: typer.Typer, tmp_path: Path) -> None:
    rec = tmp_path / "game.txt"
    rec.write_text(SETUP + "# first suggestion\nsc: sc ro lo > mu sc\nmu: pe pi di > pe\n")
    code, out = run(app, ["solve", str(rec), "--json"])
    assert code == 0, out
    data = json.loads(out)
    assert data["deals"] == 902563200  # the reference count after two suggestions
    assert len(data["envelope"]) == 167
    assert abs(sum(e["probability"] for e in data["envelope"]) - 1) < 1e-9


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("sc: zz ro lo > mu\n", "line 4: unknown card 'zz'"),
        ("sc: ro sc lo > mu\n", "line 4: name a suspect, a weapon and a room"),
        ("sc: sc ro lo mu\n", "line 4: a suggestion reads"),
        ("shown mu wh\n", "line 4:"),  # I hold White: contradiction
        ("xx: sc ro lo > mu\n", "line 4: unknown player 'xx'"),
    ],
)
def test_bad_records_exit_2_naming_the_line(
    app: typer.Typer, tmp_path: Path, body: str, message: str
) -> None:
    rec = tmp_path / "bad.txt"
    rec.write_text(SETUP + body)
    code, out = run(app, ["solve", str(rec), "--json"])
    assert code == 2
    assert message in out


def test_bad_transcript_line_names_it(app: typer.Typer, tmp_path: Path) -> None:
    rec = tmp_path / "t.txt"
    rec.write_text("HAND sc wh li st\nSUGGEST 1 sc sc ro xx mu sc\n")
    code, out = run(app, ["solve", str(rec), "--json"])
    assert code == 2
    assert "line 2: unknown card 'xx'" in out


def test_interactive_session_asks_for_the_shown_card(app: typer.Typer, tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    text = SETUP + "sc: sc ro lo > mu\nsc\ngr: mu kn ki > wh\nundo\ngrid\nsave " + str(save) + "\n"
    code, out = run(app, ["solve"], text)
    assert code == 0, out
    assert "which card did mu show you?" in out
    assert "5,650,444,800 possible deals" in out
    assert "undone: gr: mu kn ki > wh" in out
    assert "Colonel Mustard" in out
    data = json.loads(save.read_text())
    assert data["lines"][-1] == "sc: sc ro lo > mu sc"


def test_interactive_errors_do_not_stop_the_session(app: typer.Typer) -> None:
    code, out = run(app, ["solve", "--names", "uk"], SETUP + "gr: mu kn > wh\ngrid\nquit\n")
    assert code == 0
    assert "error:" in out
    assert "Dagger" in out and "Reverend Green" in out


def test_resume_and_advice(app: typer.Typer, tmp_path: Path) -> None:
    lines = SETUP.split("\n")[:3]
    for ln in TRANSCRIPT.read_text().splitlines():
        t = ln.split()
        if t and t[0] == "SUGGEST" and int(t[1]) <= 16:
            ref = t[6]
            shown = "" if t[7] in "?-" else " " + t[7]
            lines.append(f"{t[2]}: {t[3]} {t[4]} {t[5]} > {ref}{shown}")
    save = tmp_path / "s.json"
    save.write_text(json.dumps({"format": tableside.SESSION_FORMAT, "lines": lines}))
    code, out = run(app, ["solve", "--resume", str(save)], "advice\nquit\n")
    assert code == 0, out
    assert "resumed 19 lines" in out
    assert "bits" in out


def test_card_names_resolve() -> None:
    assert solve.resolve_card("pi") == "lead_pipe"
    assert solve.resolve_card("Lead") == "lead_pipe"
    assert solve.resolve_card("spanner") == "wrench"
    assert solve.resolve_card("billiard") == "billiard_room"
    with pytest.raises(solve.InputError, match="could be"):
        solve.resolve_card("s")
    assert solve.display_name("scarlet", "uk") == "Miss Scarlett"


def test_undo_of_set_up_lines() -> None:
    s = solve.Session()
    for line in SETUP.splitlines():
        s.enter(line)
    assert s.notebook is not None
    s.undo()
    assert s.notebook is None and s.me == "sc"
    s.undo()
    assert s.me is None
    with pytest.raises(solve.InputError, match="set players and me"):
        s.enter("hand wh li st")
    s.enter("me mu")
    s.enter("hand wh li st")
    assert s.notebook is not None and s.notebook.status("white", "mu") is True
