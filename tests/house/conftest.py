"""Installs the test rule set ``tiny_rules`` as a package would be installed: a
``*.dist-info`` folder with an ``entry_points.txt`` in the ``cluedo.rulesets`` group,
on ``sys.path`` for this process and on ``PYTHONPATH`` for the commands it starts.
Nothing in ``src/`` names it."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cluedo.engine.registry import refresh

HERE = Path(__file__).resolve().parent

ENTRY_POINTS = "[cluedo.rulesets]\ntiny = tiny_rules:TinyRules\n"
METADATA = "Metadata-Version: 2.1\nName: cluedo-tiny-rules\nVersion: 0.1\n"


@pytest.fixture(scope="module")
def tiny_env(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """The tiny rule set installed while the module's tests run, then removed again;
    yields the environment for a ``cluedo`` command that should find it too."""
    site = tmp_path_factory.mktemp("site")
    info = site / "cluedo_tiny_rules-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(METADATA, encoding="utf-8")
    (info / "entry_points.txt").write_text(ENTRY_POINTS, encoding="utf-8")
    added = [str(site), str(HERE)]
    sys.path[:0] = added
    refresh()
    inherited = os.environ.get("PYTHONPATH")
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join([*added, *([inherited] if inherited else [])])
    )
    try:
        yield env
    finally:
        for path in added:
            sys.path.remove(path)
        for name in [m for m in sys.modules if m.split(".")[0] == "tiny_rules"]:
            del sys.modules[name]
        refresh()
