"""A whole Pendragon game in the terminal, through a real pseudo-terminal (80x24), ending
with the game master's report."""

from __future__ import annotations

import re
from pathlib import Path

from test_terminal import Person, menu_key


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
