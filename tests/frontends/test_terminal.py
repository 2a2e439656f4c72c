"""`cluedo play` driven as a person uses it: through a real pseudo-terminal, 80x24.

Each test starts the installed command under pexpect, reads the screen after
every prompt (the text since the last clear-screen, without colour codes) and
answers like a person would, by menu numbers, board letters and words.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

ROOT = Path(__file__).resolve().parents[2]
CLUEDO = str(ROOT / ".venv" / "bin" / "cluedo")
if not Path(CLUEDO).exists():  # an install elsewhere: the command next to this Python
    CLUEDO = str(Path(sys.executable).with_name("cluedo"))
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
CLEAR = "\x1b[2J"
PROMPT = "> "


class Person:
    """A person at an 80x24 terminal running ``cluedo play``."""

    def __init__(
        self,
        args: str,
        tmp_path: Path,
        lines: int = 24,
        columns: int = 80,
        env: dict[str, str] | None = None,
        command: str = CLUEDO,
    ) -> None:
        env = dict(os.environ, **(env or {}))
        env.update(TERM="xterm-256color", COLUMNS=str(columns), LINES=str(lines))
        self.child = pexpect.spawn(
            f"{command} play --bot-delay 0 {args}",
            cwd=str(tmp_path),
            env=env,
            dimensions=(lines, columns),
            encoding="utf-8",
            timeout=20,
        )
        # The game reads whole lines, so no pause before each send is needed.
        self.child.delaybeforesend = None
        self.raw = ""
        self.screens: list[str] = []
        self.wait()

    def wait(self, pattern: str = PROMPT) -> str:
        """Read up to the next prompt (or ``pattern``); return the screen now showing."""
        self.child.expect_exact(pattern)
        self.raw += (self.child.before or "") + pattern
        last = self.raw.rsplit(CLEAR, 1)[-1]
        screen = ANSI.sub("", last).replace("\r", "")
        self.screens.append(screen)
        return screen

    @property
    def screen(self) -> str:
        return self.screens[-1]

    def say(self, text: str, pattern: str = PROMPT) -> str:
        self.child.sendline(text)
        return self.wait(pattern)

    def finish(self) -> int:
        self.child.expect(pexpect.EOF)
        self.child.close()
        return int(self.child.exitstatus or 0)


def panel(screen: str) -> str:
    """The side panel beside the board as one line, so what wraps there reads whole.

    The panel starts where the headline ('Turn 9 · ...', 'GAME OVER: ...') does.
    """
    lines = screen.splitlines()
    heads = [m.start() for m in re.finditer(r"Turn \d|GAME OVER", lines[0] if lines else "")]
    start = heads[0] if heads else 0
    return " ".join(part for line in lines if (part := line[start:].strip()))


def menu_key(screen: str, words: str) -> str | None:
    """The number of the menu line containing ``words``, if it is on the screen."""
    match = re.search(r"(\d+)\s{2}" + re.escape(words), screen)
    return match.group(1) if match else None


def take_turn_into_a_room(person: Person, limit: int = 40) -> None:
    """Roll and walk (into a room when one is reachable) until standing in a room."""
    for _ in range(limit):
        screen = person.screen
        if "Suggest in the" in screen:
            return
        if "Where do you go?" in screen:
            room = menu_key(screen, "Go into the")
            person.say(room or "a")
        elif "Roll the die" in screen:
            person.say(menu_key(screen, "Roll the die") or "roll")
        elif "End your turn" in screen:
            person.say("end")
        else:
            raise AssertionError("unexpected screen:\n" + screen)
    raise AssertionError("never reached a room")


def test_a_whole_game_against_random_bots(tmp_path: Path) -> None:
    person = Person("--players 3 --bots random,random --seed 11", tmp_path)
    screen = person.screen
    assert "Turn 1" in screen and "Your hand:" in screen and "Roll the die" in screen
    # The board: every suspect's letter and the board's rooms are drawn.
    assert "Ballroom" in screen and "Lounge" in screen
    take_turn_into_a_room(person)
    room = re.search(r"Suggest in the ([A-Z][a-z]+(?: Room)?)", person.screen)
    assert room is not None
    # A suggestion by menus: suspect, then weapon.
    person.say("suggest")
    assert "Suggest: who, in the" in person.screen
    person.say("3")  # the third suspect
    assert "with which weapon?" in person.screen
    person.say("2")  # the second weapon
    screen = panel(person.screen)
    assert "You suggest Mrs. White with the Knife" in screen
    assert "shows you" in screen or "Nobody can answer" in screen or "none of the cards" in screen
    assert "Your suggestion has been answered" in screen
    person.say("end")
    # Finish by accusing (wrongly or not) with typed card codes, confirmed.
    for _ in range(40):
        if "GAME OVER" in person.screen:
            break
        if "Accuse (if wrong" in person.screen and "Roll the die" in person.screen:
            person.say("a pl ro ki")
            assert "Accuse Professor Plum with the Rope in the Kitchen?" in person.screen
            person.say("y")
        elif "Where do you go?" in person.screen:
            person.say("a")
        elif "End your turn" in person.screen:
            person.say("end")
        elif "Show one of:" in person.screen:
            person.say("1")
        elif "Roll the die" in person.screen:
            person.say("roll")
        else:
            raise AssertionError("unexpected screen:\n" + person.screen)
    screen = person.screen
    assert "GAME OVER" in screen
    assert "The envelope holds" in screen
    assert "Press Enter to leave." in screen
    person.child.sendline("")
    assert person.finish() == 0


def test_refuting_a_bots_suggestion_by_choosing_a_card(tmp_path: Path) -> None:
    # Seed 4: a sensible bot soon names a card the person holds; the person picks what to show.
    person = Person("--players 3 --bots 2 --seed 4", tmp_path)
    for _ in range(60):
        screen = person.screen
        if "Show one of:" in screen:
            break
        if "Where do you go?" in screen:
            person.say(menu_key(screen, "Go into the") or "a")
        elif "Roll the die" in screen:
            person.say("roll")
        elif "End your turn" in screen:
            person.say("end")
        else:
            raise AssertionError("unexpected screen:\n" + screen)
    else:
        pytest.fail("no bot suggestion needed the person's card")
    card = re.search(r" 1  (.+)", person.screen)
    assert card is not None
    shown = card.group(1).strip()
    person.say("1")
    assert re.search(rf"You show .+ the {shown}", panel(person.screen))
    person.say("quit", "[Y/n] ")
    person.say("n", "Goodbye")
    assert person.finish() == 0


def test_bad_input_is_refused_and_asked_again(tmp_path: Path) -> None:
    person = Person("--players 3 --bots random,random --seed 3", tmp_path)
    before = person.screen
    assert "Roll the die" in before
    screen = person.say("dance")
    assert "'dance' is not an option here" in screen and "Allowed: 1-2" in screen
    screen = person.say("99")
    assert "'99' is not an option here" in screen
    screen = person.say("a zz ro ki")
    assert "no card 'zz'" in screen
    screen = person.say("a ro ro ki")
    assert "Rope is not a suspect" in screen
    screen = person.say("mark qq x")
    assert "No card 'qq'" in screen
    screen = person.say("")
    assert "Type a menu number" in screen
    # Nothing changed: still the start of turn 1, nothing rolled.
    assert "Turn 1" in screen and "Roll the die" in screen and "You roll" not in screen
    # A sub-menu refuses out-of-range numbers too, and 'back' returns.
    screen = person.say("accuse")
    assert "Accuse: who did it?" in screen
    screen = person.say("7")
    assert "'7' is not an option here" in screen and "Allowed: 0-6" in screen
    screen = person.say("back")
    assert "Roll the die" in screen
    # Roll; then a letter that labels no square is refused.
    person.say("roll")
    assert "Where do you go?" in person.screen
    screen = person.say("Z")
    assert "'Z' is not a destination" in screen
    # A square typed as row,col that the roll does not reach: the engine refuses it.
    screen = person.say("0,0")
    assert "[movement]" in screen and "cannot be reached" in screen
    assert "Where do you go?" in screen
    # The notebook and help pages open and return.
    screen = person.say("mark ro seen at start")
    assert "Marked 'seen at start'" in screen
    screen = person.say("notes")
    assert "card" in screen and "env" in screen and "seen at start" in screen
    screen = person.say("")
    assert "Where do you go?" in screen
    screen = person.say("help")
    assert "How to play" in screen
    person.say("")
    person.say("quit", "[Y/n] ")
    person.say("n", "Goodbye")
    assert person.finish() == 0


def test_hot_seat_hides_the_screen_between_people(tmp_path: Path) -> None:
    # A small bot delay: bots' moves are drawn one by one, on a screen with no one's hand.
    person = Person(
        "--players 3 --humans Ann,Bob --bots random --seed 6 --bot-delay 0.01", tmp_path
    )
    screen = person.screen
    assert "Pass the keyboard to Ann" in screen
    assert "Your hand" not in screen and "Turn" not in screen
    screen = person.say("")
    assert "Miss Scarlet (Ann) to play" in screen
    ann_hand = re.search(r"Your hand: (.+)", screen)
    assert ann_hand is not None
    person.say("roll")
    person.say("a")
    person.say("end")
    screen = person.screen
    assert "Pass the keyboard to Bob" in screen
    assert "Your hand" not in screen and ann_hand.group(1) not in screen
    screen = person.say("")
    assert "Colonel Mustard (Bob) to play" in screen
    bob_hand = re.search(r"Your hand: (.+)", screen)
    assert bob_hand is not None and bob_hand.group(1) != ann_hand.group(1)
    # Bob accuses; then Ann (the bot may have gone out already) until the game ends.
    person.say("a gr kn ha")
    person.say("Y")  # answers are not case-sensitive, but square letters are
    for _ in range(20):
        screen = person.screen
        if "GAME OVER" in screen:
            break
        if "Pass the keyboard to" in screen:
            person.say("")
        elif "Roll the die" in screen:
            person.say("a gr kn ha")
            person.say("y")
        elif "Show one of:" in screen:
            person.say("1")
        else:
            person.say("end")
    assert "GAME OVER" in person.screen
    # The result screen is public: no one's hand is on it.
    assert "Your hand" not in person.screen
    person.child.sendline("")
    assert person.finish() == 0


def test_save_on_quit_and_load_again(tmp_path: Path) -> None:
    person = Person("--players 3 --bots random,random --seed 8 --save game.json", tmp_path)
    person.say("roll")
    person.say("a")
    assert "End your turn" in person.screen
    person.say("mark kn maybe", PROMPT)
    person.say("quit", "[Y/n] ")
    person.say("y", "Saved to game.json")
    assert person.finish() == 0
    saved = json.loads((tmp_path / "game.json").read_text())
    assert saved["format"] == "cluedo-save" and saved["seed"] == 8
    assert [a["kind"] for a in saved["actions"]] == ["roll", "move"]
    assert saved["terminal"]["humans"] == {"0": "you"}
    assert saved["terminal"]["notes"]["0"]["notes"] == {"knife": "maybe"}

    again = Person("--load game.json --save game.json", tmp_path)
    screen = again.screen
    assert "Turn 1" in screen and "You move" in screen and "End your turn" in screen
    screen = again.say("notes")
    assert "maybe" in screen
    again.say("")
    again.say("a pl ro ki")
    again.say("y")
    for _ in range(40):
        if "GAME OVER" in again.screen:
            break
        if "Roll the die" in again.screen:
            again.say("a pl ro ki")
            again.say("y")
        elif "Show one of:" in again.screen:
            again.say("1")
        else:
            again.say("end")
    assert "GAME OVER" in again.screen
    again.child.sendline("")
    assert again.finish() == 0
    final = json.loads((tmp_path / "game.json").read_text())
    assert len(final["actions"]) > 2
    assert final["actions"][:2] == saved["actions"]


def test_a_wide_terminal_gets_big_squares_and_the_notebook_beside(tmp_path: Path) -> None:
    person = Person(
        "--players 3 --bots random,random --seed 2 --edition uk", tmp_path, lines=30, columns=150
    )
    screen = person.screen
    lines = screen.splitlines()
    assert len(lines) == 30
    # Two characters per square: full room names and suspects by their codes.
    assert "Conservatory" in screen and "Billiard" in screen
    assert "Wh" in lines[0] and "Gr" in lines[0]
    # The notebook is on the main screen, one line per card.
    assert re.search(r"card\s+cd\s+S\s+M\s+W\s+env", screen)
    assert re.search(r"Billiard Room +bi  [-.+]  [-.+]  [-.+]   [x?!] ", screen)
    # UK names throughout.
    assert "Miss Scarlett (you) to play" in screen and "Reverend Green" in screen
    person.say("quit", "[Y/n] ")
    person.say("n", "Goodbye")
    assert person.finish() == 0


def test_an_external_bot_takes_a_seat(tmp_path: Path) -> None:
    bot = f"cmd:{sys.executable} {ROOT / 'examples' / 'external_bot.py'}"
    person = Person(f"--players 3 --bots random --bot '{bot}' --seed 9", tmp_path)
    assert "external bot" in person.screen
    # The person accuses at once (and is out); the bots finish the game between them.
    person.say("a pl ro ki")
    person.say("y")
    for _ in range(30):
        if "GAME OVER" in person.screen:
            break
        person.say("1" if "Show one of:" in person.screen else "")
    assert "GAME OVER" in person.screen
    person.child.sendline("")
    assert person.finish() == 0


def test_a_secret_passage_is_offered_and_taken(tmp_path: Path) -> None:
    person = Person("--players 3 --bots random,random --seed 8", tmp_path)
    for _ in range(40):
        screen = person.screen
        if "Take the secret passage" in screen:
            break
        if "Where do you go?" in screen:
            person.say(menu_key(screen, "Go into the") or "a")
        elif "Roll the die" in screen:
            person.say("roll")
        elif "Show one of:" in screen:
            person.say("1")
        else:
            person.say("end")
    else:
        pytest.fail("never in a room with a secret passage")
    passage = re.search(r"(\d+)\s{2}Take the secret passage to the ([A-Za-z ]+)", person.screen)
    assert passage is not None
    person.say(passage.group(1))
    target = passage.group(2).strip()
    assert "You take the secret passage" in person.screen
    assert f"Suggest in the {target}" in person.screen
    person.say("quit", "[Y/n] ")
    person.say("n", "Goodbye")
    assert person.finish() == 0
