"""Which presenter draws which rule set in the terminal.

A rule set with no presenter gets the generic one
(:class:`cluedo.frontends.terminal_present.Presenter`), which is enough to play
it. To give a rule set its own words, write ``terminal_<name>.py`` with a
subclass decorated ``@register_presenter("<rule-set name>")`` and add the
module to :data:`MODULES` (see docs/play.md, "Adding a rule set to the terminal").

>>> presenter_class("classic").__name__
'ClassicPresenter'
>>> presenter_class("no-such-rules").__name__
'Presenter'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from cluedo.frontends.terminal_classic import ClassicPresenter
from cluedo.frontends.terminal_present import Presenter

MODULES: tuple[str, ...] = (
    "cluedo.frontends.terminal_cruel",
    "cluedo.frontends.terminal_clussassin",
    "cluedo.frontends.terminal_killer_kloo_doo",
    "cluedo.frontends.terminal_pendragon",
)
"""Modules holding rule sets' presenters, imported on first use (one line each)."""

_PRESENTERS: dict[str, type[Presenter]] = {"classic": ClassicPresenter}
_loaded = False


def register_presenter(rules: str) -> Callable[[type[Presenter]], type[Presenter]]:
    """Class decorator: ``cls`` draws the rule set named ``rules``."""

    def add(cls: type[Presenter]) -> type[Presenter]:
        _PRESENTERS[rules] = cls
        return cls

    return add


def _load() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for module in MODULES:
            importlib.import_module(module)


def presenter_class(rules: str) -> type[Presenter]:
    """The presenter for a rule set (by its registered name), or the generic one."""
    _load()
    return _PRESENTERS.get(rules, Presenter)
