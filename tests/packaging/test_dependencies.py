"""The package's imports are installed by a plain ``pip install .``.

A library imported by ``src/cluedo`` but listed only among the development
tools works in the test environment and breaks ``./scripts/play`` on a fresh
machine, so every third-party import must be a runtime dependency.

The one exception is a library of an optional extra (``pip install
'cluedo[ray]'``): it may be imported only inside functions of the modules
named in ``OPTIONAL_IMPORTS``, so that importing any part of the package never
needs it, and the code that does says how to install it when it is missing.
An extra may also own a whole subpackage (``cluedo.env`` for ``[rl]``): its
modules import the library freely, its ``__init__`` says how to install it, and
no module outside it imports the subpackage.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "cluedo"

OPTIONAL_IMPORTS = {
    "ray": ("ray", {"simulation/core.py"}),
    "pettingzoo": ("rl", {"env/"}),
    "gymnasium": ("rl", {"env/"}),
}
"""Module -> (the extra that installs it, the files allowed to import it in a function,
or a subpackage ending in "/" whose modules may import it anywhere)."""


def _inside(path: str, allowed: set[str]) -> bool:
    return path in allowed or any(a.endswith("/") and path.startswith(a) for a in allowed)


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


def _import_time_imports(path: Path) -> set[str]:
    """Modules imported when ``path`` is imported: every import outside a function."""
    names: set[str] = set()
    pending: list[ast.AST] = [ast.parse(path.read_text(encoding="utf-8"))]
    while pending:
        node = pending.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
        pending.extend(ast.iter_child_nodes(node))
    return names


def _names(requirements: list[str]) -> set[str]:
    names = (re.split(r"[\s<>=!~;\[]", req, maxsplit=1)[0] for req in requirements)
    return {_normalise(name) for name in names}


def _project() -> dict[str, object]:
    project: dict[str, object] = tomllib.loads(
        (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    )["project"]
    return project


def _runtime_requirements() -> set[str]:
    dependencies = _project()["dependencies"]
    assert isinstance(dependencies, list)
    return _names(dependencies)


def _extra_requirements(extra: str) -> set[str]:
    extras = _project()["optional-dependencies"]
    assert isinstance(extras, dict)
    return _names(extras.get(extra, []))


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
        for module in _third_party_modules() - OPTIONAL_IMPORTS.keys()
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


def test_an_optional_library_is_imported_only_where_allowed_and_only_when_used() -> None:
    for module, (extra, allowed) in OPTIONAL_IMPORTS.items():
        assert _normalise(module) in _extra_requirements(extra), (
            f"{module} is imported as part of the {extra!r} extra, which does not list it"
        )
        importers = {
            str(path.relative_to(PACKAGE))
            for path in PACKAGE.rglob("*.py")
            if module in _top_level_imports(path)
        }
        outside = sorted(p for p in importers if not _inside(p, allowed))
        assert not outside, f"only {sorted(allowed)} may import {module}, not {outside}"
        at_import = sorted(
            str(path.relative_to(PACKAGE))
            for path in PACKAGE.rglob("*.py")
            if module in _import_time_imports(path)
            and not any(
                a.endswith("/") for a in allowed if _inside(str(path.relative_to(PACKAGE)), {a})
            )
        )
        assert not at_import, f"{module} must be imported inside a function, not in {at_import}"


def test_the_check_sees_an_import_at_import_time(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text(
        "import json\ntry:\n    import ray\nexcept ImportError:\n    pass\n"
        "class A:\n    import numpy\n\ndef f():\n    import yaml\n",
        encoding="utf-8",
    )
    assert _import_time_imports(source) == {"json", "ray", "numpy"}
    assert "yaml" in _top_level_imports(source)


def test_no_module_outside_an_optional_subpackage_imports_it() -> None:
    packages = {
        a.rstrip("/")
        for _, allowed in OPTIONAL_IMPORTS.values()
        for a in allowed
        if a.endswith("/")
    }
    for package in packages:
        dotted = "cluedo." + package.replace("/", ".")
        for path in PACKAGE.rglob("*.py"):
            rel = str(path.relative_to(PACKAGE))
            if rel.startswith(package + "/"):
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = []
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                for name in names:
                    assert not (name == dotted or name.startswith(dotted + ".")), (
                        f"{rel} imports {name}, which needs an optional extra"
                    )


def test_the_rl_subpackage_says_how_to_install_its_extra() -> None:
    # With PettingZoo hidden, importing cluedo.env fails with the install command.
    code = (
        "import sys; sys.modules['pettingzoo'] = None\n"
        "try:\n    import cluedo.env\nexcept ImportError as e:\n    print(e)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert "pip install -e '.[rl]'" in run.stdout, run.stdout + run.stderr
    assert "pettingzoo is missing" in run.stdout
