"""Clussassin (rule text 004): every character hunts a target; the last one alive wins."""

from cluedo.rules.clussassin.rules import ClussassinOptions, ClussassinRules, ClussassinState

__all__ = ["ClussassinOptions", "ClussassinRules", "ClussassinState"]
