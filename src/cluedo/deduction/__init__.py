"""The detective notebook: exact deduction over deals.

Observations (hands, shown cards, refutations, failed refutations, face-up
cards, wrong accusations, draws and transfers) go in; out come every certain
fact, the exact probability of each card in each location, the envelope
distribution and the number of consistent deals. Knows nothing of boards.
"""

from cluedo.deduction.advice import SuggestionAdvice, best_suggestions, expected_entropy_drop
from cluedo.deduction.errors import (
    ContradictionError,
    DeductionError,
    SetupError,
    UnknownNameError,
    UnsupportedObservationError,
)
from cluedo.deduction.notebook import Fact, Notebook, Summary
from cluedo.deduction.observations import (
    Draw,
    FaceUp,
    Hand,
    HasNone,
    HasOneOf,
    Observation,
    Shown,
    Transfer,
    WrongAccusation,
    describe,
    observation_from_dict,
    suggestion_observations,
)
from cluedo.deduction.setup import (
    CLASSIC_CATEGORIES,
    ENVELOPE,
    FACE_UP,
    DealSetup,
    dealt_sizes,
)

__all__ = [
    "CLASSIC_CATEGORIES",
    "ENVELOPE",
    "FACE_UP",
    "ContradictionError",
    "DealSetup",
    "DeductionError",
    "Draw",
    "FaceUp",
    "Fact",
    "Hand",
    "HasNone",
    "HasOneOf",
    "Notebook",
    "Observation",
    "SetupError",
    "Shown",
    "SuggestionAdvice",
    "Summary",
    "Transfer",
    "UnknownNameError",
    "UnsupportedObservationError",
    "WrongAccusation",
    "best_suggestions",
    "dealt_sizes",
    "describe",
    "expected_entropy_drop",
    "observation_from_dict",
    "suggestion_observations",
]
