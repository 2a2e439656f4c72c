"""Pieces of the terminal game: the notebook, the table plan, the log sentences, a session.

The notebook is the knowledge layer's :class:`~cluedo.deduction.person.PersonNotebook`;
the cases here are the eliminations a person relies on at the table.
"""

from __future__ import annotations

import builtins
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from cluedo.agents import make_agent
from cluedo.agents.match import play_out
from cluedo.cli import app
from cluedo.content.cards import load_card_set
from cluedo.deduction.person import PersonNotebook
from cluedo.deduction.reading import EventReader
from cluedo.engine import Game, SaveError, new_game
from cluedo.terminal.command import default_bot, plan_seats
from cluedo.terminal.present import Table
from cluedo.terminal.presenters import presenter_class
from cluedo.terminal.session import Session
from cluedo.terminal.text import token_letters

CARDS = load_card_set("classic", "us")

# -- the notebook ---------------------------------------------------------------------


def notebook(events: list[dict[str, Any]]) -> PersonNotebook:
    book = PersonNotebook(EventReader(0, CARDS.by_category()))
    book.update(events)
    return book


HAND = ["scarlet", "rope", "knife", "kitchen", "hall", "study"]
START = [
    {"kind": "setup", "hand_sizes": [6, 6, 6]},
    {"kind": "dealt", "seat": 0, "hand": HAND},
]


def test_notebook_marks_own_hand() -> None:
    book = notebook(START)
    for card in HAND:
        assert book.mark(card, 0) == "has"
        assert book.mark(card, 1) == "not" and book.mark(card, 2) == "not"
        assert book.in_envelope(card) is False
    assert book.mark("plum", 0) == "not"
    assert book.mark("plum", 1) == "unknown"
    assert book.in_envelope("plum") is None


def test_notebook_marks_cards_shown_and_players_who_cannot_refute() -> None:
    book = notebook(
        [
            *START,
            {
                "kind": "suggestion",
                "seat": 0,
                "suspect": "plum",
                "weapon": "wrench",
                "room": "lounge",
            },
            {"kind": "cannot_refute", "seat": 1, "suggester": 0},
            {"kind": "card_shown", "seat": 2, "to": 0, "card": "wrench"},
        ]
    )
    assert book.mark("plum", 1) == "not" and book.mark("lounge", 1) == "not"
    assert book.mark("wrench", 2) == "has" and book.holder("wrench") == 2
    # Nobody but seat 2 may hold the Plum or the Lounge... yet: only seat 2 is left.
    assert book.mark("plum", 2) == "unknown"


def test_notebook_resolves_a_card_shown_between_others() -> None:
    book = notebook(
        [
            *START,
            # Seat 1 asks about Plum, Rope (mine), Lounge; seat 2 shows seat 1 a card.
            {
                "kind": "suggestion",
                "seat": 1,
                "suspect": "plum",
                "weapon": "rope",
                "room": "lounge",
            },
            {"kind": "card_shown", "seat": 2, "to": 1},
            # Later seat 2 is known not to hold Plum.
            {"kind": "suggestion", "seat": 0, "suspect": "plum", "weapon": "knife", "room": "hall"},
            {"kind": "cannot_refute", "seat": 1, "suggester": 0},
            {"kind": "cannot_refute", "seat": 2, "suggester": 0},
        ]
    )
    # Seat 2 showed Plum, Rope or Lounge; not Rope (mine), not Plum: so the Lounge.
    assert book.mark("lounge", 2) == "has"
    # Nobody holds Plum: it is in the envelope, and no other suspect is.
    assert book.in_envelope("plum") is True
    assert book.in_envelope("green") is False
    assert book.solution() == ["plum"]


def test_notebook_knows_the_envelope_after_looking_in_it() -> None:
    book = notebook(
        [*START, {"kind": "envelope_seen", "seat": 0, "envelope": ["plum", "wrench", "lounge"]}]
    )
    assert book.solution() == ["plum", "wrench", "lounge"]
    assert book.mark("plum", 1) == "not"


def test_notebook_fills_a_hand_once_its_size_is_reached() -> None:
    # Three players, 18 dealt cards: when all but six of seat 1's candidates are gone...
    events = [*START]
    shown_to_me = ["mustard", "white", "candlestick", "lead_pipe", "ballroom", "library"]
    others = shown_to_me + [c for c in CARDS.ids if c not in HAND and c not in shown_to_me]
    events += [
        {"kind": "suggestion", "seat": 0, "suspect": "plum", "weapon": "wrench", "room": "lounge"}
    ]
    events += [{"kind": "card_shown", "seat": 1, "to": 0, "card": c} for c in shown_to_me]
    book = notebook(events)
    # Seat 1's hand is full: it holds nothing else.
    assert all(book.mark(c, 1) == "not" for c in others[6:])


def test_notebook_notes_are_kept_apart_and_saved() -> None:
    book = notebook(START)
    book.set_note("plum", "suspicious")
    book.set_note("rope", "x", place=2)
    book.update(START)  # following the log keeps the person's notes
    assert book.notes == {"plum": "suspicious"}
    assert book.cell_notes == {("rope", 2): "x"}
    assert book.mark("rope", 2) == "not"  # the automatic mark is kept apart
    again = notebook(START)
    again.load_notes(json.loads(json.dumps(book.notes_json())))
    assert again.notes == book.notes and again.cell_notes == book.cell_notes
    book.set_note("plum", "")
    assert "plum" not in book.notes
    # Bad saved notes are skipped, not trusted.
    again.load_notes({"notes": {"nope": "x"}, "cells": [["nope", 1, "x"], "junk"]})
    assert "nope" not in again.notes and ("nope", 1) not in again.cell_notes


# -- the table plan -------------------------------------------------------------------


def test_plan_seats_defaults_to_one_person_and_bots() -> None:
    assert plan_seats(4) == ({0: "you"}, {1: default_bot(), 2: default_bot(), 3: default_bot()})


def test_plan_seats_with_names_counts_and_kinds() -> None:
    assert plan_seats(3, humans="Ann,Bob") == ({0: "Ann", 1: "Bob"}, {2: default_bot()})
    assert plan_seats(3, bots="1") == ({0: "Player 1", 1: "Player 2"}, {2: default_bot()})
    assert plan_seats(3, bots="random,random") == ({0: "you"}, {1: "random", 2: "random"})
    assert plan_seats(3, humans="0") == ({}, {0: default_bot(), 1: default_bot(), 2: default_bot()})
    assert plan_seats(3, extra_bots=["cmd:bot"]) == (
        {0: "you"},
        {1: "cmd:bot", 2: default_bot()},
    )


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"humans": "1", "bots": "3"}, "do not make 3 players"),
        ({"humans": "Ann,Ann"}, "different name"),
        ({"humans": ","}, "number or comma-separated names"),
        ({"bots": "1", "extra_bots": ["a", "b"]}, "leaves no seat"),
        ({"bots": "random,random,random,random"}, "do not fit"),
    ],
)
def test_plan_seats_refuses_what_does_not_add_up(kwargs: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        plan_seats(3, **kwargs)


# -- sentences ------------------------------------------------------------------------


def test_every_event_of_real_games_reads_as_a_sentence() -> None:
    letters = token_letters(CARDS)
    assert sorted(letters.values()) == sorted(set(letters.values()))
    for seed in range(6):
        game = new_game("classic", players=3, seed=seed)
        play_out(game, {s: make_agent(default_bot(), s, seed) for s in range(3)})
        presenter = presenter_class("classic")(Table.from_view(game.view(None), ["a", "b", "c"]))
        for seat in (0, None):
            for event in game.view(seat)["log"]:
                line = presenter.describe(event, seat)
                assert line is not None, event
                assert line[:1].isupper() or line.startswith("--"), line
                assert line.endswith((".", "!", "--")), line


# -- a session in-process, with scripted input -----------------------------------------


class NoState:
    """A game that refuses to show its state: the front end must use views only.

    Of the rules it may ask one thing: how a seat reads its own log as notebook
    facts (the reader sees only the events it is given).
    """

    def __init__(self, game: Game) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        if name == "state":
            raise AssertionError(f"the front end read game.{name}")
        if name == "rules":
            return ReaderOnly(self._game.rules)
        return getattr(self._game, name)


class ReaderOnly:
    """A rule set of which only the notebook's reader may be asked for."""

    def __init__(self, rules: Any) -> None:
        self._rules = rules

    def __getattr__(self, name: str) -> Any:
        if name != "card_reader":
            raise AssertionError(f"the front end read game.rules.{name}")
        return self._rules.card_reader


@pytest.fixture
def typed(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    answers: list[str] = []

    def fake_input(prompt: str = "") -> str:
        if not answers:
            raise EOFError
        return answers.pop(0)

    monkeypatch.setattr(builtins, "input", fake_input)
    yield answers


def test_a_session_uses_only_views_and_saves_at_the_end(typed: list[str], tmp_path: Path) -> None:
    game = new_game("classic", players=3, seed=5)
    agents = {s: make_agent("random", s, s) for s in (1, 2)}
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, force_terminal=False)
    # Roll, move to the square labelled a, end; later accuse at the start of a turn.
    typed += ["notes", "", "log", "", "help", "", "roll", "a", "end"]
    typed += ["a pl ro ki", "y"] * 10
    typed += [""]
    save = tmp_path / "end.json"
    session = Session(
        NoState(game),  # type: ignore[arg-type]
        {0: "Ann"},
        agents,
        {1: "random", 2: "random"},
        console,
        0.0,
        save,
    )
    assert session.run() == 0
    assert game.finished
    text = out.getvalue()
    assert "GAME OVER" in text and "The envelope holds" in text
    data = json.loads(save.read_text())
    assert Game.load(data).view(None) == game.view(None)
    assert data["terminal"]["humans"] == {"0": "Ann"}


def test_quitting_at_end_of_input_saves_when_asked_to(typed: list[str], tmp_path: Path) -> None:
    game = new_game("classic", players=3, seed=5)
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, force_terminal=False)
    typed += ["roll"]
    save = tmp_path / "left.json"
    session = Session(game, {0: "you"}, {}, {1: "random", 2: "random"}, console, 0.0, save)
    # Seats 1 and 2 have no bot here, so only seat 0 acts; input ends after the roll.
    assert session.run() == 0
    data = json.loads(save.read_text())
    assert [a["kind"] for a in data["actions"]] == ["roll"]


# -- the command line -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--players", "9"], "3 to 6 players"),
        (["--edition", "fr"], "unknown edition"),
        (["--players", "3", "--humans", "1", "--bots", "3"], "do not make 3 players"),
        (["--bots", "clever,random", "--players", "3"], "unknown bot"),
        (["--rules", "nosuch"], "nosuch"),
        (["--load", "missing.json"], "cannot read"),
        (["--bot-delay", "-1"], "--bot-delay"),
    ],
)
def test_bad_options_stop_with_a_message(args: list[str], words: str) -> None:
    result = CliRunner().invoke(app, ["play", *args])
    assert result.exit_code == 2, result.output
    assert words in result.output


def test_a_file_that_is_not_a_save_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    for text, words in [("{nope", "not valid JSON"), ('{"format": "x"}', "not a cluedo save")]:
        bad.write_text(text)
        result = CliRunner().invoke(app, ["play", "--load", str(bad)])
        assert result.exit_code == 2 and words in result.output, result.output


def test_a_save_with_broken_seats_is_refused(tmp_path: Path) -> None:
    game = new_game("classic", players=3, seed=1)
    data = game.save()
    data["terminal"] = {"humans": {"x": "Ann"}, "bots": {"1": "random", "2": "random"}}
    path = tmp_path / "seats.json"
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(app, ["play", "--load", str(path)])
    assert result.exit_code == 2 and "'x' where a seat number belongs" in result.output


def test_a_save_may_name_its_bots_by_level() -> None:
    from cluedo.terminal.session import _saved_bots

    game = new_game("classic", players=3, seed=1)
    assert _saved_bots({"1": "easy", "2": "hard"}, game) == {1: "easy", 2: "hard"}
    with pytest.raises(SaveError, match=r"or a level \(easy, medium, hard\)"):
        _saved_bots({"1": "expert"}, game)
