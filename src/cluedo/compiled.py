"""The compiled core: which modules mypyc compiles, and whether this process uses them.

The install (setup.py) compiles the modules below with mypyc when it can and writes a
stamp of their sources beside them. A compiled module is used only when every compiled
module's source still matches the stamp: after an edit to one of them (an editable
install, before `pip install -e .` runs again), or with CLUEDO_PURE=1 in the
environment, every one of them is imported from its Python source instead, so an edit
takes effect at once and compiled and pure code are never mixed (compiled modules call
one another's classes directly). Both paths play the same games
(tests/packaging/test_compiled_core.py).

This module imports nothing from the package: `cluedo/__init__.py` runs `guard()` before
any other module is imported.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Final

# The hot paths of a game between bots: the notebook's propagation and reading, the
# sensible bot, movement, the environment's encoding. Modules that define pydantic models
# cannot be compiled (mypyc rejects their fields). The engine's Game and decisions gained
# nothing measurable (their work is the rule sets'), and compiled they would refuse what
# the engine takes from rule sets today: a game copied whole by clone(), a decision's
# seats given as a list.
MODULES: Final = (
    "cluedo.deduction.propagator",
    "cluedo.deduction.knowledge",
    "cluedo.deduction.reading",
    "cluedo.agents.sensible",
    "cluedo.mechanics.movement",
    "cluedo.env.encoding",
)

STAMP: Final = "compiled-stamp.json"  # written beside this file by the install
PURE_VARIABLE: Final = "CLUEDO_PURE"

_PACKAGE_DIR: Final = Path(__file__).resolve().parent


def source_of(module: str, package_dir: Path = _PACKAGE_DIR) -> Path:
    """The Python source of one of MODULES."""
    return package_dir.joinpath(*module.split(".")[1:]).with_suffix(".py")


def fingerprint(module: str, package_dir: Path = _PACKAGE_DIR) -> str:
    return hashlib.sha256(source_of(module, package_dir).read_bytes()).hexdigest()


def stamp(package_dir: Path) -> dict[str, str]:
    """The stamp the install writes once the compiled modules are built."""
    return {module: fingerprint(module, package_dir) for module in MODULES}


@dataclass(frozen=True)
class Status:
    compiled: bool
    reason: str  # why the pure modules are used, for people; empty when compiled

    def describe(self) -> str:
        return "compiled (mypyc)" if self.compiled else f"pure Python ({self.reason})"


def decide(package_dir: Path) -> Status:
    """Whether the compiled modules of the package in ``package_dir`` may be used."""
    if os.environ.get(PURE_VARIABLE, "") not in ("", "0"):
        return Status(False, f"{PURE_VARIABLE} is set")
    stamp_file = package_dir / STAMP
    if not stamp_file.is_file():
        return Status(False, "the install did not compile the core")
    try:
        built = json.loads(stamp_file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Status(False, f"the stamp {stamp_file} cannot be read")
    if not isinstance(built, dict):
        return Status(False, f"the stamp {stamp_file} is not a table of sources")
    # At every start: stop reading sources at the first that changed.
    changed = next((m for m in MODULES if built.get(m) != fingerprint(m, package_dir)), None)
    if changed is not None:
        return Status(
            False, f"{changed} changed since it was compiled; `pip install -e .` compiles it again"
        )
    return Status(True, "")


class _PureFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules' Python sources ahead of their compiled files."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MODULES:
            return None
        return importlib.util.spec_from_file_location(fullname, source_of(fullname))


_status: Status | None = None


def guard() -> Status:
    """Decide once per process whether the compiled modules are used."""
    global _status
    if _status is None:
        _status = decide(_PACKAGE_DIR)
        if not _status.compiled:
            sys.meta_path.insert(0, _PureFinder())
    return _status


def status() -> Status:
    """Whether this process runs the compiled core, and if not, why not."""
    return guard()


def in_use() -> bool:
    """True when every module of MODULES was loaded from its compiled file."""
    loaded = [sys.modules.get(m) for m in MODULES]
    return all(m is not None and not str(m.__file__).endswith(".py") for m in loaded)


def report() -> int:
    """Say which core runs; 1 when it is not compiled (scripts/test compiles it again)."""
    current = status()
    print(f"cluedo's core: {current.describe()}")
    return 0 if current.compiled else 1
