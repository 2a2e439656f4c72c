"""Rule sets, one module each; importing this package registers them all."""

from cluedo.rules.classic import ClassicOptions, ClassicRules, ClassicState
from cluedo.rules.clue_or_cruel import ClueOrCruelRules, CruelOptions, CruelState
from cluedo.rules.clussassin import ClussassinOptions, ClussassinRules, ClussassinState
from cluedo.rules.killer_kloo_doo import (
    KillerKlooDooOptions,
    KillerKlooDooRules,
    KillerKlooDooState,
)
from cluedo.rules.pendragon import PendragonOptions, PendragonRules, PendragonState

__all__ = [
    "ClassicOptions",
    "ClassicRules",
    "ClassicState",
    "ClueOrCruelRules",
    "ClussassinOptions",
    "ClussassinRules",
    "ClussassinState",
    "CruelOptions",
    "CruelState",
    "KillerKlooDooOptions",
    "KillerKlooDooRules",
    "KillerKlooDooState",
    "PendragonOptions",
    "PendragonRules",
    "PendragonState",
]
