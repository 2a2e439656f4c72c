"""Clue or Cruel in the terminal (see :mod:`cluedo.rules.clue_or_cruel`)."""

from __future__ import annotations

from cluedo.frontends.terminal_classic import ClassicPresenter
from cluedo.frontends.terminal_presenters import register_presenter


@register_presenter("clue-or-cruel")
class CruelPresenter(ClassicPresenter):
    pass
