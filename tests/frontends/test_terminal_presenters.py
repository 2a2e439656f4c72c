"""The variants' presenters, the rule-set options on the command line, and the typing race."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from cluedo.agents import make_agent
from cluedo.agents.match import play_out
from cluedo.cli import app
from cluedo.engine import new_game
from cluedo.engine.registry import parse_option_values
from cluedo.terminal.present import Table
from cluedo.terminal.presenters import presenter_class
from cluedo.terminal.race import typing_race


@pytest.mark.parametrize("rules", ["clue-or-cruel", "clussassin"])
def test_every_event_of_variant_games_is_told_in_the_rule_sets_own_words(rules: str) -> None:
    for seed in range(3):
        game = new_game(rules, players=4, seed=seed)
        play_out(game, {s: make_agent("sensible", s, seed, rules=rules) for s in range(4)})
        presenter = presenter_class(rules)(Table.from_view(game.view(None), ["a", "b", "c", "d"]))
        for seat in (0, 1, None):
            view = game.view(seat)
            narrator = presenter.narrator(seat)
            for event in view["log"]:
                assert narrator.knows(event["kind"]), event
                line = presenter.describe(event, seat)
                if event["kind"] != "turn":  # the terminal's own divider between turns
                    assert line == narrator.event(event)
            assert presenter.result(view, seat)[0].plain.startswith("GAME OVER")
            presenter.status(view, seat)


def test_only_the_accomplice_sees_the_tally() -> None:
    game = new_game("clue-or-cruel", players=4, seed=3)
    presenter = presenter_class("clue-or-cruel")(Table.from_view(game.view(None), list("abcd")))
    accomplice = next(s for s in range(4) if game.view(s)["role"] == "accomplice")
    for seat in (*range(4), None):
        lines = " ".join(t.plain for t in presenter.status(game.view(seat), seat))
        assert ("Tally:" in lines) == (seat == accomplice)
        assert ("THE ACCOMPLICE" in lines) == (seat == accomplice)


def test_gems_are_marked_on_the_board() -> None:
    game = new_game("clue-or-cruel", players=3, seed=1)
    view = game.view(0)
    presenter = presenter_class("clue-or-cruel")(Table.from_view(view, list("abc")))
    marks = presenter.board_marks(view)
    assert sorted(marks) == sorted((g[0], g[1]) for g in view["gems"]) and len(marks) == 18


def test_rule_options_are_typed_from_the_command_line() -> None:
    assert parse_option_values("clue-or-cruel", ["bluffs_to_win=2", "bluff_rooms=false"]) == {
        "bluffs_to_win": 2,
        "bluff_rooms": False,
    }
    assert parse_option_values("clussassin", ["characters=plum,white,green"]) == {
        "characters": ["plum", "white", "green"]
    }


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["-o", "nosuch=1"], "Allowed options, each with its default: edition=us"),
        (["-o", "gems=maybe"], "'random' or 'choose'"),
        (["-o", "bluffs_to_win=0"], "bluffs_to_win"),
        (["-o", "gems"], "KEY=VALUE"),
    ],
)
def test_bad_rule_options_stop_with_what_is_allowed(args: list[str], words: str) -> None:
    result = CliRunner().invoke(
        app, ["play", "--rules", "clue-or-cruel", "--no-race", "--humans", "0", *args], input=""
    )
    assert result.exit_code == 2, result.output
    assert words in result.output


def test_the_fastest_correct_spelling_plays_first() -> None:
    typed = iter(["", "nna", "", "bbo", "bob"])
    now = iter([0.0, 3.0, 10.0, 12.5])  # Ann starts, ends; Bob starts, ends

    class FakeConsole(Console):
        def input(self, *args: Any, **kwargs: Any) -> str:
            return next(typed)

    console = FakeConsole(file=io.StringIO())
    people = {0: "Ann", 1: "Bob"}
    first, times = typing_race(console, people, [2], random.Random(1), lambda: next(now))
    assert times[0] == 3.0 and times[1] == 2.5  # Bob's wrong try was part of his time
    assert "Not 'Bob' backwards" in console.file.getvalue()  # type: ignore[attr-defined]
    assert 2.0 <= times[2] <= 8.0
    assert first == (1 if times[2] > 2.5 else 2)
