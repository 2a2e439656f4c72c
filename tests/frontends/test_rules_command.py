"""`cluedo rules`: every option with its default and its values, as typed after -o."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from cluedo.cli import app
from cluedo.engine.registry import (
    available,
    option_choices,
    option_text,
    parse_option_values,
    rules_class,
)

runner = CliRunner()


def _listing() -> str:
    """The listing with its line breaks and indents made single spaces (it wraps its
    descriptions to the screen's width)."""
    result = runner.invoke(app, ["rules"])
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def test_the_listing_names_every_value_an_option_takes_by_its_word() -> None:
    out = _listing()
    # A word a person could not have guessed from the description alone.
    assert "accomplice_accusation=forbidden" in out
    assert "[forbidden | wins]" in out
    assert "parts=both" in out and "[both | investigation | survival]" in out
    assert "accuse_after_disproved=false" in out and "[true | false]" in out


def test_the_listing_shows_no_python_spelling() -> None:
    out = _listing()
    assert not re.search(r"\bNone\b|\bTrue\b|\bFalse\b|=['\"(]|\(\)", out), out


def test_every_default_and_every_listed_value_is_accepted_by_dash_o() -> None:
    for name in available():
        for key, field in rules_class(name).options_type.model_fields.items():
            default = option_text(field.default)
            values = [default] if default else []
            for value in values + list(option_choices(field)):
                parsed = parse_option_values(name, [f"{key}={value}"])
                assert option_text(parsed[key]) == value, (name, key, value)


def test_a_wrong_option_is_answered_with_the_options_as_they_are_typed() -> None:
    for command in ("simulate", "tournament"):
        result = runner.invoke(app, [command, "-o", "speed=2", "--games", "1"])
        assert result.exit_code == 2, result.output
        text = " ".join(result.output.split())
        assert "no option 'speed'" in text, text
        assert "movement=exact" in text and "characters (unset)" in text


def test_simulate_takes_rule_options_as_play_does(tmp_path: Path) -> None:
    saved = tmp_path / "games.json"
    args = ["simulate", "--rules", "clue-or-cruel", "--players", "3", "--games", "1"]
    both = ["-o", "bluffs_to_win=2", "--options", '{"bluffs_to_win": 5, "gems": "choose"}']
    result = runner.invoke(app, [*args, *both, "--json", str(saved)])
    assert result.exit_code == 0, result.output
    # -o wins over --options; the run says what it played with.
    head = " ".join(result.output.split()).split(", seed")[0]
    assert head.startswith("1 game of clue-or-cruel, 3 players, ")
    assert "bluffs_to_win=2" in head and "gems=choose" in head and "=5" not in head
    assert json.loads(saved.read_text())["options"] == {
        "bluffs_to_win": 2,
        "gems": "choose",
    }


def test_a_tournament_takes_rule_options_and_names_them() -> None:
    args = ["tournament", "--rules", "classic", "--mixed", "--games", "1"]
    result = runner.invoke(app, [*args, "-o", "movement=up_to"])
    assert result.exit_code == 0, result.output
    head = " ".join(result.output.split())
    assert head.startswith("Tournament of classic, 4 players, movement=up_to, 1 game per line-up")
