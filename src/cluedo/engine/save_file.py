"""Reading a save file from disk, safely: a regular file of bounded size.

A pipe or a device could block or never end, and a huge file would be read whole;
both are refused with a :class:`~cluedo.engine.errors.SaveError` saying why.
"""

from __future__ import annotations

import stat
from pathlib import Path

from cluedo.engine.errors import SaveError

MAX_SAVE_BYTES = 16 << 20
"""Largest save file read (16 MiB; a long game's save is a few hundred KiB)."""


def read_save_file(path: Path) -> bytes:
    """The bytes of the save file at ``path``; OSError or SaveError say why not."""
    info = path.stat()
    if stat.S_ISDIR(info.st_mode):
        raise SaveError("it is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        # A pipe or a device could block or never end.
        raise SaveError("it is not a regular file")
    with path.open("rb") as stream:
        data = stream.read(MAX_SAVE_BYTES + 1)
    if len(data) > MAX_SAVE_BYTES:
        raise SaveError(f"it is larger than {MAX_SAVE_BYTES >> 20} MiB, too large for a save")
    return data
