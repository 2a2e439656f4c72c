"""Clussassin in the terminal (see :mod:`cluedo.rules.clussassin`)."""

from __future__ import annotations

from cluedo.frontends.terminal_present import Presenter
from cluedo.frontends.terminal_presenters import register_presenter


@register_presenter("clussassin")
class ClussassinPresenter(Presenter):
    pass
