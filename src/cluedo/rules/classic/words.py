"""The classic game in words: everything it says is shared, so the generic words serve.

See :mod:`cluedo.presentation.words`.
"""

from __future__ import annotations

from cluedo.presentation.words import Words


class ClassicWords(Words):
    """The classic game's words (the generic ones)."""


WORDS = ClassicWords()
