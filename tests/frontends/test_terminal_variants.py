"""Whole games of the variants in the terminal, played through a pseudo-terminal (80x24).

A person answers every screen like a player would (menu numbers, board letters,
words) until the result screen; the bots play the other seats.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from test_terminal import Person, menu_key, panel

Policy = Callable[[str], str]


def play_to_the_end(person: Person, policy: Policy, limit: int = 600) -> str:
    """Answer screens with ``policy`` until the game is over; return the result screen."""
    for _ in range(limit):
        screen = person.screen
        if "GAME OVER" in screen:
            return screen
        if "Pass the keyboard to" in screen:
            person.say("")
            continue
        person.say(policy(screen))
    raise AssertionError("the game did not end:\n" + person.screen)


def key_of(screen: str, *words: str) -> str | None:
    for word in words:
        key = menu_key(screen, word)
        if key is not None:
            return key
    return None


def move_or(screen: str) -> str | None:
    """In a board menu: a room if one can be entered, else the square nearest a room."""
    if "Where do you go?" not in screen and "squares away" not in screen:
        return None
    room = key_of(screen, "Go into the")
    if room is not None:
        return room
    if "Squares (letters on the board" in screen:
        return "a"
    return key_of(screen, "Stay where you are")


def hunter(screen: str) -> str:
    """Clussassin: attack when offered, pick up weapons, roll, move, end."""
    for choice in (
        key_of(screen, "Attack "),
        key_of(screen, "Pick up"),
        key_of(screen, "Swap targets with"),
        move_or(screen),
        key_of(screen, "Roll the dice"),
        key_of(screen, "End your turn"),
        key_of(screen, "Stay where you are"),
    ):
        if choice is not None:
            return choice
    raise AssertionError("unexpected screen:\n" + screen)


def test_a_whole_game_of_clussassin(tmp_path: Path) -> None:
    person = Person("--rules clussassin --players 3 --seed 5", tmp_path)
    screen = person.screen
    assert "Your target:" in screen and "Kill zones:" in screen
    assert "Specialty weapons:" in screen and "Safe room:" in screen
    assert "Roll the dice" in screen
    # Help speaks of this game. The notebook follows who holds which card: the
    # three seats, the characters nobody plays, the safe room and the unused rooms.
    screen = person.say("help")
    assert "Clussassin" in screen and "attack (k)" in screen and "notes (n)" in screen
    person.say("")
    screen = person.say("notes")
    assert re.search(r"card\s+cd\s+S\s+M\s+W\s+G\s+P\s+L\s+safe\s+unused\s+notes", screen)
    assert "safe the safe room, face up" in screen and "env" not in screen
    target = re.search(r"Your target: (.+?)  \(", person.screens[0])
    assert target is not None
    assert re.search(rf"{re.escape(target.group(1))}\s+\w\w\s+\+", screen)  # you hold it
    person.say("")
    result = play_to_the_end(person, hunter)
    assert "GAME OVER:" in result and "is the last one" in result
    assert "killed" in result
    person.child.sendline("")
    assert person.finish() == 0


class Guest:
    """Clue or Cruel as a guest: walk (onto gems), suggest, call one bluff, then accuse."""

    def __init__(self, accuse_after: int = 4) -> None:
        self.called = False
        self.turns = 0
        self.accuse_after = accuse_after
        self.seen: set[str] = set()

    def __call__(self, screen: str) -> str:
        if "Show one of:" in screen:
            self.seen.add("showed")
            return "1"
        if "who is the accomplice?" in screen:
            return "1"
        if "bluff with?" in screen:
            return "1"
        if "call only once" in screen:
            return "y"
        if "you are out of the game." in screen:
            return "y"
        if "Suggest: who, in" in screen or "which weapon?" in screen:
            return "1"
        call = key_of(screen, "Call a bluff")
        if call is not None and not self.called and "Roll the die" in screen:
            self.called = True
            return call
        if "Roll the die" in screen:
            self.turns += 1
            if self.turns > self.accuse_after and key_of(screen, "Accuse") is not None:
                return "a pl ro ki"
            return "roll"
        move = move_or(screen)
        if move is not None:
            return move
        if key_of(screen, "Suggest in the") is not None:
            return "s"
        if key_of(screen, "End your turn") is not None:
            return "end"
        raise AssertionError("unexpected screen:\n" + screen)


def test_a_whole_game_of_clue_or_cruel_as_a_guest(tmp_path: Path) -> None:
    # Seed 2: seat 0 (the person) is a guest and plays first.
    person = Person("--rules clue-or-cruel --players 3 --seed 2 --no-race", tmp_path)
    screen = person.screen
    assert "You are a guest" in screen and "Bluff card: yours" in screen
    assert "Tally" not in screen
    assert "◆" in screen and "Gems taken" in screen
    guest = Guest()
    result = play_to_the_end(person, guest)
    assert guest.called
    log = "\n".join(person.screens)
    assert "You call " in log and "a gem and draw" in log
    assert "GAME OVER:" in result and "The envelope holds" in panel(result)
    assert "The accomplice was" in result
    person.child.sendline("")
    assert person.finish() == 0


class Accomplice:
    """Clue or Cruel as the accomplice: walk, suggest, refute; never accuse."""

    def __call__(self, screen: str) -> str:
        assert "Accuse (if wrong" not in screen  # only guests win by accusing
        if "Show one of:" in screen:
            return "1"
        if "Suggest: who, in" in screen or "which weapon?" in screen:
            return "1"
        if "Roll the die" in screen:
            return "roll"
        move = move_or(screen)
        if move is not None:
            return move
        if key_of(screen, "Suggest in the") is not None:
            return "s"
        if key_of(screen, "End your turn") is not None:
            return "end"
        raise AssertionError("unexpected screen:\n" + screen)


def test_a_whole_game_of_clue_or_cruel_as_the_accomplice(tmp_path: Path) -> None:
    # Seed 9: seat 0 (the person) is the accomplice; the game is short.
    person = Person(
        "--rules clue-or-cruel --players 3 --seed 9 --no-race -o bluffs_to_win=1", tmp_path
    )
    screen = person.screen
    assert "THE ACCOMPLICE" in screen and "Tally: 0 of 1 successful bluffs" in screen
    assert "Call a bluff" in screen and "Accuse" not in screen
    result = play_to_the_end(person, Accomplice())
    assert "GAME OVER:" in result and "The accomplice was Miss Scarlet (you)" in result
    person.child.sendline("")
    assert person.finish() == 0


def test_clue_or_cruel_hot_seat_keeps_each_role_to_its_player(tmp_path: Path) -> None:
    # Seed 1: Ann and Bob are guests, the bot is the accomplice. Both accuse wrongly,
    # so the accomplice wins; each saw only their own role.
    person = Person(
        "--rules clue-or-cruel --players 3 --humans Ann,Bob --bots 1 --seed 1 --no-race",
        tmp_path,
    )
    assert "Pass the keyboard to Ann" in person.screen and "guest" not in person.screen
    screen = person.say("")
    assert "You are a guest" in screen and "Miss Scarlet (Ann) to play" in screen
    person.say("a pl ro ki")
    person.say("y")
    screen = person.screen
    for _ in range(20):
        if "Pass the keyboard to Bob" in screen:
            break
        screen = person.say("1" if "Show one of:" in screen else "")
    assert "Pass the keyboard to Bob" in screen and "guest" not in screen
    screen = person.say("")
    assert "Colonel Mustard (Bob) to play" in screen and "You are a guest" in screen
    person.say("a pl ro ki")
    screen = person.say("y")
    result = play_to_the_end(person, lambda s: "1" if "show" in s else "end")
    assert "every guest accused wrongly" in panel(result)
    assert "You are" not in result  # the end screen is public
    person.child.sendline("")
    assert person.finish() == 0


def test_the_typing_race_decides_who_plays_first(tmp_path: Path) -> None:
    person = Person("--rules clue-or-cruel --players 3 --seed 4", tmp_path)
    assert "Spell your own name backwards" in person.raw
    assert "type 'you' backwards" in person.raw
    person.say("")
    person.say("you")  # not backwards: asked again, the clock running on
    assert "Not 'you' backwards" in person.raw
    person.say("uoy", "plays first.")
    screen = person.wait()
    assert "Turn 1" in screen
    person.say("quit", "[Y/n] ")
    person.say("n", "Goodbye")
    assert person.finish() == 0
