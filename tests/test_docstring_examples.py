"""Every example written in a docstring of the package runs and gives what it shows."""

from __future__ import annotations

import doctest
import pkgutil

import pytest

import cluedo
from source_modules import as_written


def _modules_with_examples() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(cluedo.__path__, "cluedo."):
        if ".migrations" in info.name:
            continue  # Alembic's scripts run only inside a migration, never on import
        module = as_written(info.name)
        if any(t.examples for t in doctest.DocTestFinder().find(module)):
            names.append(info.name)
    return names


MODULES = _modules_with_examples()


def test_the_package_has_examples_to_run() -> None:
    assert "cluedo.mechanics.investigation" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(as_written(name))
    assert result.attempted > 0
    assert result.failed == 0
