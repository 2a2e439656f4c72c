"""All knowledge of where cards are: the one notebook every part of the project uses.

Observations (hands, shown cards, refutations, failed refutations, face-up
cards, wrong accusations, draws, transfers, hands handed over) go in; out come
every certain fact, the probability of each card in each place, the envelope
distribution and consistent deals drawn at random. Each rule set reads its
events into observations with an :class:`EventReader`; :class:`CardKnowledge`
is a seat's knowledge; :class:`PersonNotebook` the person's notebook. Knows
nothing of boards. See docs/deduction.md.
"""

from cluedo.deduction.advice import SuggestionAdvice, best_suggestions, expected_entropy_drop
from cluedo.deduction.errors import (
    ContradictionError,
    DeductionError,
    SetupError,
    UnknownNameError,
    UnsupportedObservationError,
)
from cluedo.deduction.knowledge import CardKnowledge, NotStarted
from cluedo.deduction.notebook import Fact, Notebook, Summary
from cluedo.deduction.observations import (
    Draw,
    FaceUp,
    Hand,
    HandOver,
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
from cluedo.deduction.person import PersonNotebook
from cluedo.deduction.places import Layout, Place
from cluedo.deduction.propagator import Propagator
from cluedo.deduction.reading import EventReader
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
    "CardKnowledge",
    "ContradictionError",
    "DealSetup",
    "DeductionError",
    "Draw",
    "EventReader",
    "FaceUp",
    "Fact",
    "Hand",
    "HandOver",
    "HasNone",
    "HasOneOf",
    "Layout",
    "NotStarted",
    "Notebook",
    "Observation",
    "PersonNotebook",
    "Place",
    "Propagator",
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
