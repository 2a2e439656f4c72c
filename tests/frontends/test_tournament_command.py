"""``cluedo tournament`` as a user runs it: levels by default, tables, JSON, bad input."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cluedo.cli import app
from cluedo.cli.tournament import has_accusations, resolve_bots

runner = CliRunner()


def test_without_bots_the_rule_sets_three_levels_play_and_the_tables_say_so(
    tmp_path: Path,
) -> None:
    out = tmp_path / "t.json"
    result = runner.invoke(
        app,
        [
            "tournament",
            "--rules",
            "pendragon",
            "--players",
            "3",
            "--games",
            "1",
            "--mixed",
            "--json",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    for word in ("easy", "medium", "hard", "casual", "sensible", "strong", "95% CI", "mu"):
        assert word in result.output
    assert "Head to head" in result.output
    data = json.loads(out.read_text())
    assert data["format"] == "cluedo-tournament"
    assert data["levels"] == {"casual": "easy", "sensible": "medium", "strong": "hard"}
    assert data["lineups"][0]["lineup"] == ["casual", "sensible", "strong"]
    assert data["command"].startswith("cluedo tournament --rules pendragon --players 3")
    assert sum(b["seats"] for b in data["bots"]) == 3


def test_named_bots_play_a_round_robin_with_a_line_up_each(tmp_path: Path) -> None:
    out = tmp_path / "t.json"
    result = runner.invoke(
        app,
        [
            "tournament",
            "--players",
            "3",
            "--bots",
            "sensible,random",
            "--games",
            "1",
            "--json",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    lineups = [line["lineup"] for line in json.loads(out.read_text())["lineups"]]
    assert lineups == [
        ["sensible", "random", "random"],
        ["random", "sensible", "sensible"],
        ["sensible", "random", "sensible"],
    ]


def test_a_rule_set_without_accusations_has_no_wrong_accusation_column() -> None:
    assert has_accusations("classic", 4)
    assert not has_accusations("clussassin", 4)
    result = runner.invoke(
        app, ["tournament", "--rules", "clussassin", "--players", "3", "--games", "1", "--mixed"]
    )
    assert result.exit_code == 0, result.output
    assert "wrong" not in result.output


def test_levels_and_names_may_be_mixed_and_each_bot_plays_once() -> None:
    assert resolve_bots("pendragon", "hard,strong,easy") == (
        ["strong", "casual"],
        {"strong": "hard", "casual": "easy"},
    )


def test_bad_input_exits_with_code_two_and_says_what_is_wrong(tmp_path: Path) -> None:
    cases = [
        (["--bots", "nobody"], "--bots"),
        (["--rules", "chess"], "--rules"),
        (["--players", "2", "--bots", "easy,medium,hard", "--mixed"], "--players"),
        (["--json", str(tmp_path / "missing" / "t.json")], "--json"),
        (["--options", "[1]"], "--options"),
    ]
    for args, hint in cases:
        result = runner.invoke(app, ["tournament", "--games", "1", *args])
        assert result.exit_code == 2, (args, result.output)
        assert hint in result.output


def test_every_command_sums_itself_up_in_one_line_of_the_command_list() -> None:
    # The list under `cluedo --help` shows a command's first paragraph with its line
    # breaks kept: a summary wrapped in the source reads as ragged lines there.
    import typer.main

    from cluedo.cli import app

    group = typer.main.get_command(app)
    commands = group.commands  # type: ignore[attr-defined]
    assert "tournament" in commands
    for name, command in commands.items():
        summary = (command.help or "").strip().split("\n\n")[0]
        assert summary and "\n" not in summary, f"{name}: {summary!r}"
