"""Turning events, pending decisions, views and options into words for people.

Generic over rule sets: each rule set adds its own words in a ``words`` module
of its package (see :mod:`cluedo.presentation.words`), found by convention.
Front ends use a :class:`Narrator` per viewer (see :mod:`cluedo.presentation.narrator`).
"""

from cluedo.presentation.names import Names
from cluedo.presentation.narrator import Narrator, option_labels, words_for
from cluedo.presentation.words import (
    Choice,
    Item,
    OptionLabel,
    OptionText,
    Prompt,
    ValueLabel,
    Words,
)

__all__ = [
    "Choice",
    "Item",
    "Names",
    "Narrator",
    "OptionLabel",
    "OptionText",
    "Prompt",
    "ValueLabel",
    "Words",
    "option_labels",
    "words_for",
]
