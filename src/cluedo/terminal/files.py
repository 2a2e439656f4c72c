"""Files and commands as the person at the keyboard sees them.

:func:`cannot_write` finds out, before anything is played or typed, whether a
save file can be written, without leaving a file behind. :func:`command_line`
spells a command that runs this program again from any folder, for messages
such as "Resume with: ...".
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from pathlib import Path


def cannot_write(path: Path) -> str | None:
    """Why ``path`` cannot be written as a file, or None if it can.

    The check opens the file the way a save will: an existing file is opened
    for appending (its contents and time stamp stay as they are); a new one is
    created and removed again, so nothing is left behind.

    >>> cannot_write(Path("/"))
    'it is a folder, not a file'
    >>> cannot_write(Path("/no-such-folder/game.json"))
    'there is no folder /no-such-folder'
    """
    if path.is_dir():
        return "it is a folder, not a file"
    parent = path.parent
    if not parent.exists():
        return f"there is no folder {parent}"
    if not parent.is_dir():
        return f"{parent} is a file, not a folder"
    if path.is_symlink() and not path.exists():
        return "it is a link to a file that does not exist"
    try:
        if path.exists():
            with path.open("a", encoding="utf-8"):
                pass
        else:
            with path.open("x", encoding="utf-8"):
                pass
            path.unlink()
    except FileExistsError:
        return None  # made meanwhile by someone else: it is there to be written
    except PermissionError:
        return "permission denied"
    except OSError as err:
        return (err.strerror or str(err)).lower()
    return None


def program() -> list[str]:
    """The words that run this program from any folder.

    ``cluedo`` when that name, looked up on the PATH, is this very program;
    otherwise its absolute path (``./scripts/play`` runs ``.venv/bin/cluedo``,
    which is not on the PATH unless the virtual environment is activated).
    """
    argv0 = sys.argv[0] if sys.argv else ""
    here = Path(argv0)
    if not argv0 or not here.is_file():
        return ["cluedo"]
    found = shutil.which(here.name)
    try:
        if found is not None and os.path.samefile(found, here):
            return [here.name]
    except OSError:
        pass
    return [os.path.abspath(argv0)]


def command_line(*args: str) -> str:
    """A command line, quoted for a shell, that runs this program with ``args``."""
    return shlex.join([*program(), *args])
