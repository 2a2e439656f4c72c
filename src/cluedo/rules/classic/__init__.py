"""The classic game (rule text 001): move, suggest, refute, accuse."""

from cluedo.rules.classic.rules import ClassicOptions, ClassicRules, ClassicState

__all__ = ["ClassicOptions", "ClassicRules", "ClassicState"]
