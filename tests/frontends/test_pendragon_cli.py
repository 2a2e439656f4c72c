"""``cluedo sheet`` and ``cluedo report``: a game master's two commands for Pendragon."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cluedo.cli import app
from cluedo.engine import new_game
from cluedo.engine.registry import parse_option_values

SHEET = """\
name = "Sir Test"
traits = { energetic = 20, lazy = 0, temperate = 10, indulgent = 10, humility = 10, \
pride = 10, pious = 10, worldly = 10 }
skills = { read_latin = 1, chirurgery = 2, heraldry = 3, battle = 4, industry = 5 }
weapons = { axe = 12 }
instruments = { drum = 3 }
"""


def test_a_sheet_file_becomes_an_option_for_the_game(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(SHEET, encoding="utf-8")
    result = CliRunner().invoke(app, ["sheet", str(path)])
    assert result.exit_code == 0, result.output
    options = parse_option_values("pendragon", [f"sheets=[{result.output.strip()}]"])
    game = new_game("pendragon", players=3, seed=1, options=options)
    assert game.view(0)["knights"][0] == "Sir Test"
    path.write_text('name = "Sir Half"\n', encoding="utf-8")
    bad = CliRunner().invoke(app, ["sheet", str(path)])
    assert bad.exit_code == 2 and "traits" in bad.output


def test_the_report_of_a_saved_game_as_text_and_json(tmp_path: Path) -> None:
    game = new_game("pendragon", players=3, seed=2, options={"rewards": False})
    for _ in range(30):  # some turns: rolls, moves, perhaps a room or two
        legal = game.legal_actions(game.to_act()[0])
        rooms = [a for a in legal if a.kind == "move" and isinstance(a["to"], str)]
        game.apply(rooms[0] if rooms else next(a for a in legal if a.kind != "accuse"))
    save = tmp_path / "game.json"
    save.write_text(game.dumps(), encoding="utf-8")
    text = CliRunner().invoke(app, ["report", str(save)])
    assert text.exit_code == 0 and "Game master's report" in text.output
    data = json.loads(CliRunner().invoke(app, ["report", str(save), "--json"]).output)
    assert [k["knight"] for k in data["knights"]] == game.view(None)["knights"]
    assert data["knights"][0]["rolls"] == game.view(None)["rolls"][0]
    classic = tmp_path / "classic.json"
    classic.write_text(new_game("classic", players=3, seed=1).dumps(), encoding="utf-8")
    assert CliRunner().invoke(app, ["report", str(classic)]).exit_code == 2


def test_the_report_of_a_file_that_is_no_save_is_a_clear_error(tmp_path: Path) -> None:
    """Bytes that are not UTF-8, a folder, a missing file: one error line, exit 2."""
    garbage = tmp_path / "garbage.json"
    garbage.write_bytes(b"\xff\xfe{not a save")
    for path in (garbage, tmp_path, tmp_path / "missing.json"):
        result = CliRunner().invoke(app, ["report", str(path)])
        assert result.exit_code == 2, result.output
        assert "Traceback" not in result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert result.output.startswith("error: ")
