"""Modules as their Python source runs them, for doctest.

The install compiles some modules (cluedo.compiled); a compiled function keeps its
docstring but doctest cannot tell it belongs to its module, so it finds no examples
there. Their examples are run on the module executed from its source instead.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from types import ModuleType

from cluedo import compiled


def as_written(name: str) -> ModuleType:
    """Module ``name``, executed from its source if the one imported is compiled."""
    module = importlib.import_module(name)
    if name not in compiled.MODULES or str(module.__file__).endswith(".py"):
        return module
    spec = importlib.util.spec_from_file_location(name, compiled.source_of(name))
    assert spec is not None and spec.loader is not None
    source = importlib.util.module_from_spec(spec)
    sys.modules[name] = source  # while it runs: its dataclasses look their module up
    try:
        spec.loader.exec_module(source)
    finally:
        sys.modules[name] = module
    return source
