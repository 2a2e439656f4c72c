"""Rule sets, one module each; importing this package registers them all."""

from cluedo.rules.classic import ClassicOptions, ClassicRules, ClassicState

__all__ = ["ClassicOptions", "ClassicRules", "ClassicState"]
