"""The package's imports are installed by a plain ``pip install .``.

A library imported by ``src/cluedo`` but listed only among the development
tools works in the test environment and breaks ``./scripts/play`` on a fresh
machine, so every third-party import must be a runtime dependency.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "cluedo"


def _top_level_imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def _normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _runtime_requirements() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = (re.split(r"[\s<>=!~;\[]", req, maxsplit=1)[0] for req in project["dependencies"])
    return {_normalise(name) for name in names}


def _third_party_modules() -> set[str]:
    modules: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        modules |= _top_level_imports(path)
    return {m for m in modules if m not in sys.stdlib_module_names and m != "cluedo"}


def test_every_third_party_import_is_a_runtime_dependency() -> None:
    distributions = metadata.packages_distributions()
    required = _runtime_requirements()
    missing = {
        module: dists
        for module in _third_party_modules()
        if not (dists := distributions.get(module, [module]))
        or not any(_normalise(d) in required for d in dists)
    }
    assert not missing, (
        f"imported by src/cluedo but not in [project] dependencies: {missing}; "
        "add them to pyproject.toml's dependencies, not only to an extra"
    )


def test_the_check_sees_a_dev_only_library() -> None:
    # The check above must notice a library that is installed only for development.
    assert "numpy" in _third_party_modules()
    assert _normalise("pytest") not in _runtime_requirements()
