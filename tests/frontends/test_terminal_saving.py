"""`cluedo play --save`: a file that cannot be written is found out before the game.

And the command named when a game is saved is one the person can run, from
any folder, whether or not ``cluedo`` is on their PATH.
"""

from __future__ import annotations

import os
import shlex
import subprocess
from pathlib import Path

import pytest
from test_terminal import CLUEDO, Person

from cluedo.terminal.files import cannot_write

VENV_BIN = str(Path(CLUEDO).parent)
PLAIN_PATH = os.pathsep.join(
    p for p in os.environ.get("PATH", "").split(os.pathsep) if p and Path(p) != Path(VENV_BIN)
)


def start(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [CLUEDO, "play", "--bot-delay", "0", "--players", "3", *args],
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    ("target", "why"),
    [
        ("no-such-folder/game.json", "there is no folder no-such-folder"),
        ("a-folder", "it is a folder, not a file"),
        ("a-file/game.json", "a-file is a file, not a folder"),
    ],
)
def test_a_save_file_that_cannot_be_written_is_refused_at_the_start(
    tmp_path: Path, target: str, why: str
) -> None:
    (tmp_path / "a-folder").mkdir()
    (tmp_path / "a-file").write_text("not a folder")
    before = sorted(p.name for p in tmp_path.iterdir())
    done = start(tmp_path, "--save", target)
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr.strip() == f"error: cannot save to {target}: {why}"
    assert done.stdout == ""  # no game was drawn
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_a_save_file_without_permission_is_refused(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    target = "locked/game.json"
    if os.geteuid() == 0:
        # Root may write in any folder it can chmod; sysfs refuses new files even to root.
        assert Path("/sys").is_dir(), "a Linux machine has /sys"
        target = "/sys/game.json"
    locked.chmod(0o500)
    try:
        done = start(tmp_path, "--save", target)
    finally:
        locked.chmod(0o700)
    assert done.returncode == 2
    assert f"cannot save to {target}: permission denied" in done.stderr
    assert not Path(target).exists() and not (tmp_path / target).exists()


def test_the_check_leaves_files_as_they_were(tmp_path: Path) -> None:
    old = tmp_path / "old.json"
    old.write_text("keep me")
    stamp = old.stat().st_mtime_ns
    assert cannot_write(old) is None and cannot_write(tmp_path / "new.json") is None
    assert old.read_text() == "keep me" and old.stat().st_mtime_ns == stamp
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.json"]
    # Through the game: started with --save, left without saving.
    for name in ("old.json", "new.json"):
        person = Person(f"--players 3 --bots random,random --seed 8 --save {name}", tmp_path)
        assert "Roll the die" in person.screen
        assert sorted(p.name for p in tmp_path.iterdir()) == ["old.json"]
        person.say("quit", "[Y/n] ")
        person.say("n", "Goodbye")
        assert person.finish() == 0
    assert old.read_text() == "keep me"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.json"]


def test_a_save_that_fails_on_quitting_asks_for_another_file(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    person = Person("--players 3 --bots random,random --seed 8 --save games/a.json", tmp_path)
    person.say("roll")
    folder.rmdir()  # the folder goes away during the game
    person.say("quit", "[Y/n] ")
    person.say("y", "instead (Enter to leave without saving): ")
    assert "Could not save to games/a.json: no such file or directory." in person.screen
    person.say("b.json", "Resume with: ")
    assert person.finish() == 0
    assert '"kind": "roll"' in (tmp_path / "b.json").read_text()


def resume_command(person: Person) -> list[str]:
    """The command the quit message names, as words."""
    person.child.expect(r"Resume with: (.*)\r\n")
    match = person.child.match
    assert match is not None
    return shlex.split(match.group(1))


@pytest.mark.parametrize("on_path", [False, True])
def test_the_resume_command_runs_from_another_folder(tmp_path: Path, on_path: bool) -> None:
    # Without the virtual environment on the PATH (as after ./scripts/play) the
    # message names the program by its full path; with it, plainly `cluedo`.
    path = os.pathsep.join([VENV_BIN, PLAIN_PATH]) if on_path else PLAIN_PATH
    here = tmp_path / "here"
    here.mkdir()
    person = Person("--players 3 --bots random,random --seed 8", here, env={"PATH": path})
    person.say("roll")
    person.say("quit", "[Y/n] ")
    person.say("y", "[cluedo-save.json]: ")
    person.child.sendline("my game.json")  # a space: the command must quote it
    words = resume_command(person)
    assert person.finish() == 0
    saved = here / "my game.json"
    assert saved.exists()
    program = "cluedo" if on_path else CLUEDO
    assert words == [program, "play", "--load", str(saved)]

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    again = Person(
        "--load " + shlex.quote(words[3]), elsewhere, env={"PATH": path}, command=words[0]
    )
    assert "Turn 1" in again.screen and "You roll" in again.screen
    again.say("quit", "[Y/n] ")
    again.say("n", "Goodbye")
    assert again.finish() == 0
