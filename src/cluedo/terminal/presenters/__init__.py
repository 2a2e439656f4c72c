"""Which presenter draws which rule set in the terminal.

A rule set with no presenter gets the generic one
(:class:`cluedo.terminal.present.Presenter`), which is enough to play it. A rule
set that needs more has a module here named after it (``clue_or_cruel.py`` for
``clue-or-cruel``) holding a subclass decorated ``@register_presenter(name)``; it
is imported the first time that rule set is drawn, so this module lists none of
them (see docs/play.md, "Adding a rule set to the terminal").

>>> presenter_class("classic").__name__
'ClassicPresenter'
>>> presenter_class("no-such-rules").__name__
'Presenter'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from cluedo.terminal.present import Presenter

_PRESENTERS: dict[str, type[Presenter]] = {}


def register_presenter(rules: str) -> Callable[[type[Presenter]], type[Presenter]]:
    """Class decorator: ``cls`` draws the rule set named ``rules``."""

    def add(cls: type[Presenter]) -> type[Presenter]:
        _PRESENTERS[rules] = cls
        return cls

    return add


def presenter_class(rules: str) -> type[Presenter]:
    """The presenter for a rule set (by its registered name), or the generic one."""
    if rules not in _PRESENTERS:
        module = f"{__name__}.{rules.replace('-', '_')}"
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as err:
            if err.name != module:
                raise
        _PRESENTERS.setdefault(rules, Presenter)
    return _PRESENTERS[rules]
