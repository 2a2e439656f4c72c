"""Clue or Cruel (rule text 002): gems buy clue cards; a hidden accomplice wins by bluffing."""

from cluedo.rules.clue_or_cruel.rules import ClueOrCruelRules, CruelOptions, CruelState

__all__ = ["ClueOrCruelRules", "CruelOptions", "CruelState"]
