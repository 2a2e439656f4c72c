"""Killer Kloo Doo (rule text 000): an investigation played with a deck of playing
cards, then a race to tidy up loose ends and escape by helicopter."""

from cluedo.rules.killer_kloo_doo.rules import KillerKlooDooRules
from cluedo.rules.killer_kloo_doo.state import KillerKlooDooOptions, KillerKlooDooState

__all__ = ["KillerKlooDooOptions", "KillerKlooDooRules", "KillerKlooDooState"]
