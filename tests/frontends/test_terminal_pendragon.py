"""A whole Pendragon game in the terminal, through a real pseudo-terminal (80x24), ending
with the game master's report."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.text import Text
from test_terminal import Person, menu_key

from cluedo.content import load_card_set
from cluedo.frontends.person_notebook import Notebook
from cluedo.frontends.terminal_screen import Panel


def test_a_person_plays_a_whole_pendragon_game_and_gets_the_report(tmp_path: Path) -> None:
    person = Person("--rules pendragon --players 3 --bots 2 --seed 7", tmp_path)
    screen = person.screen
    assert "Your hand:" in screen and "Great Hall" in screen and "Stair" in screen
    seen: set[str] = set()
    for _ in range(400):
        screen = person.screen
        if "GAME OVER" in screen:
            break
        if "must show one of" in screen:
            person.say("1")
            seen.add("show")
        elif "Suggest in the" in screen:
            person.say("s fa bm")  # typed: Fatalina, Black Magic
            seen.add("suggest")
        elif "move up to" in screen:
            person.say(menu_key(screen, "Go into the") or "a")
        elif "Roll for" in screen or "See a random card" in screen or "which skill" in screen:
            person.say("1")
            seen.add("choice")
        elif "Accuse now, or pass on" in screen:
            person.say("end")
        elif "Roll the die" in screen:
            person.say("roll")
        elif "End your turn" in screen:
            person.say("end")
        else:
            person.say("1")
    screen = person.screen
    assert "GAME OVER" in screen and "suggest" in seen
    assert re.search(r"rolled \d+", "\n".join(person.screens))
    person.say("", "Press Enter to go on.")
    report = person.screen
    assert "Game master's report" in report and "boxes to check" in report
    assert "Crime Folder:" in report
    person.child.sendline("")
    assert person.finish() == 0


def test_the_notebook_knows_face_up_cards_are_nowhere_and_glimpses_are_seen() -> None:
    cards = load_card_set("pendragon")
    book = Notebook(cards, seat=0, players=3)
    hand = ["fatalina", "mordred", "morgan", "black_magic", "lance", "chapel"]
    book.update(
        [
            {"kind": "setup", "hand_sizes": [6, 6, 6], "face_up": ["crossbow", "mace"]},
            {"kind": "dealt", "seat": 0, "hand": hand},
            {"kind": "glimpse", "seat": 0, "target": 2, "card": "garden"},
        ]
    )
    for card in ("crossbow", "mace"):
        assert book.in_envelope(card) is False and book.holder(card) is None
        assert all(book.mark(card, s) == "not" for s in range(3))
    assert book.holder("garden") == 2
    assert "crossbow" not in book.solution()


@pytest.mark.parametrize("extra", [0, 1, 2, 5])
def test_a_panel_too_tall_for_its_log_still_fills_the_screen_exactly(extra: int) -> None:
    # A tall panel (Pendragon's) once left the screen a line short, and it crashed.
    height = 10
    header = [Text(f"line {i}") for i in range(height - 3 + extra)]
    panel = Panel(header, [Text("1  Roll the die")], None, ["a log entry"])
    assert len(panel.lines(40, height)) == height
