"""A whole Pendragon game in the terminal, through a real pseudo-terminal (80x24), ending
with the game master's report."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.text import Text
from test_terminal import Person, menu_key, panel
from test_terminal_notebook import Page, card_names, page_text, session_for

from cluedo.engine import new_game
from cluedo.terminal import notebook as terminal_notebook
from cluedo.terminal.screen import Panel


def test_a_person_plays_a_whole_pendragon_game_and_gets_the_report(tmp_path: Path) -> None:
    person = Person("--rules pendragon --players 3 --bots 2 --seed 7", tmp_path)
    screen = person.screen
    assert "Your hand:" in screen and "Great Hall" in screen and "Stair" in screen
    seen: set[str] = set()
    for _ in range(400):
        screen = person.screen
        if "GAME OVER" in screen:
            break
        if "Show one of:" in screen:
            person.say("1")
            seen.add("show")
        elif "Voice a Suspicion in the" in screen:
            person.say("s fa bm")  # typed: Fatalina, Black Magic
            seen.add("suggest")
        elif "move up to" in screen:
            person.say(menu_key(screen, "Go into the") or "a")
        elif "Which do you roll" in panel(screen) or "Whose card" in panel(screen):
            person.say("1")
            seen.add("choice")
        elif "You may accuse now" in panel(screen):
            person.say("end")
        elif "Roll the die" in screen:
            person.say("roll")
        elif "End your turn" in screen:
            person.say("end")
        else:
            person.say("1")
    screen = person.screen
    assert "GAME OVER" in screen and "suggest" in seen
    assert re.search(r"rolls? \d+", "\n".join(person.screens))
    person.say("", "Press Enter to go on.")
    report = person.screen
    assert "Game master's report" in report and "boxes to check" in report
    assert "Crime Folder:" in report
    person.child.sendline("")
    assert person.finish() == 0


def test_the_notebook_shows_the_face_up_cards_in_their_own_column() -> None:
    # Three knights share 20 cards: 6 each, and 2 lie face up for everyone.
    game = new_game("pendragon", players=3, seed=4)
    face_up = game.log_for(0)[0]["face_up"]
    assert len(face_up) == 2
    session = session_for(game, [0], width=100, height=40)
    text = page_text(session, 0)
    page = Page(text)
    assert list(page.heads) == ["A", "E", "L", "env", "up"]  # the knights' letters
    assert "up face up on the table" in text
    names = card_names(session)
    for card, name in names.items():
        on_table = card in face_up
        assert page.glyph(name, "up") == ("+" if on_table else "-"), name
        if on_table:
            assert page.glyph(name, "env") == "x"
            assert all(page.glyph(name, h) == "-" for h in "AEL")


def test_a_glimpse_marks_the_card_in_the_target_s_column() -> None:
    game = new_game("pendragon", players=3, seed=4)
    session = session_for(game, [0])
    target_hand = list(game.state.hands[2])  # type: ignore[attr-defined]
    glimpse = {"kind": "glimpse", "seat": 0, "target": 2, "card": target_hand[0]}
    book = session.notebooks[0]
    book.update([*game.log_for(0), glimpse])
    page = Page("\n".join(t.plain for t in terminal_notebook.lines(session.presenter, book, 0)))
    name = card_names(session)[target_hand[0]]
    assert page.glyph(name, "L") == "+" and page.glyph(name, "A") == "-"


@pytest.mark.parametrize("extra", [0, 1, 2, 5])
def test_a_panel_too_tall_for_its_log_still_fills_the_screen_exactly(extra: int) -> None:
    # A tall panel (Pendragon's) once left the screen a line short, and it crashed.
    height = 10
    header = [Text(f"line {i}") for i in range(height - 3 + extra)]
    panel = Panel(header, [Text("1  Roll the die")], None, ["a log entry"])
    assert len(panel.lines(40, height)) == height
