"""Several people at one keyboard: what one person saw cannot be scrolled back to.

Everything ``cluedo play`` writes to the pseudo-terminal is fed into a terminal
emulator (pyte) that keeps a scrollback. Like VTE (GNOME Terminal), Konsole and
tmux, it moves an erased screen into the scrollback instead of dropping it, so
clearing the screen alone hides nothing: only erasing the scrollback too does.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pyte
from test_terminal import Person


class Terminal(pyte.HistoryScreen):
    """An 80x24 terminal whose scrollback also keeps every screen erased by ESC [ 2 J."""

    def __init__(self, columns: int = 80, lines: int = 24) -> None:
        super().__init__(columns, lines, history=100_000)

    def erase_in_display(self, how: int = 0, *args: Any, **kwargs: Any) -> None:
        if how == 2:
            for y in range(self.lines):
                self.history.top.append(dict(self.buffer[y]))
        super().erase_in_display(how, *args, **kwargs)

    def _text(self, line: Any) -> str:
        return "".join(line[x].data if x in line else " " for x in range(self.columns)).rstrip()

    def scrollback(self) -> str:
        """Every line a person could scroll back to, oldest first."""
        return "\n".join(self._text(line) for line in self.history.top)

    def everything(self) -> str:
        """The scrollback and the screen showing now."""
        return self.scrollback() + "\n" + "\n".join(line.rstrip() for line in self.display)


def terminal_after(output: str) -> Terminal:
    terminal = Terminal()
    pyte.Stream(terminal).feed(output)
    return terminal


def hand_of(screen: str) -> str:
    found = re.search(r"Your hand: (.+)", screen)
    assert found is not None, screen
    return found.group(1).strip()


def test_the_emulator_keeps_erased_screens_for_one_person(tmp_path: Path) -> None:
    # Playing alone, the scrollback keeps what was drawn before: this is what the
    # hot-seat test below relies on to see a leak.
    person = Person("--players 3 --bots random,random --seed 6", tmp_path)
    hand = hand_of(person.screen)
    person.say("roll")
    terminal = terminal_after(person.raw)
    assert hand in terminal.scrollback()
    person.child.sendline("quit")
    person.wait("[Y/n] ")
    person.child.sendline("n")
    assert person.finish() == 0


def test_passing_the_keyboard_leaves_no_hand_in_the_scrollback(tmp_path: Path) -> None:
    person = Person("--players 3 --humans Ann,Bob --bots random --seed 6", tmp_path)
    assert "Pass the keyboard to Ann" in person.screen
    screen = person.say("")
    ann = hand_of(screen)
    person.say("notes")  # a page of her notebook, then back to the game
    person.say("")
    person.say("roll")
    person.say("a")
    person.say("end")
    assert "Pass the keyboard to Bob" in person.screen
    terminal = terminal_after(person.raw)
    everything = terminal.everything()
    assert "Pass the keyboard to Bob" in everything
    assert "Your hand" not in everything and ann not in everything
    assert "Miss Scarlet (Ann) to play" not in everything

    screen = person.say("")
    bob = hand_of(screen)
    assert bob != ann
    # Bob's own screen shows; Ann's screens are not there to scroll back to.
    everything = terminal_after(person.raw).everything()
    assert bob in everything and ann not in everything

    person.say("roll")
    person.say("a")
    person.say("end")
    for _ in range(10):  # Bob may have a card to show Ann first: that changes hands too
        if "Pass the keyboard to Ann" in person.screen:
            break
        person.say("1" if "Show one of:" in person.screen else "end")
    assert "Pass the keyboard to Ann" in person.screen
    everything = terminal_after(person.raw).everything()
    assert "Your hand" not in everything and bob not in everything
    # Whoever is at the keyboard may also leave from the hand-over page.
    person.child.sendline("quit")
    person.wait("[Y/n] ")
    person.child.sendline("n")
    assert person.finish() == 0
