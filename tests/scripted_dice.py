"""Deterministic dice for rule tests: a generator whose die rolls are given in advance.

Any rule set rolls through ``rng.randint(1, sides)`` (see ``cluedo.mechanics.dice``),
so a test swaps the game's generator for one of these and says exactly what
the dice show. Everything else the generator does (shuffles, choices) stays
seeded, so a test that only scripts dice is still deterministic.

    from scripted_dice import ScriptedDice, script_dice
    script_dice(game, 4, 4)        # the next two rolls are 4 and 4
    game.apply(...)
    assert dice.rolls == []    # every scripted roll was used
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from cluedo.engine import Game


class ScriptedDice(random.Random):
    """``randint`` returns the given rolls in order; running out is a test error."""

    def __init__(self, rolls: Iterable[int], seed: int = 0) -> None:
        super().__init__(seed)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        assert self.rolls, "the scripted dice have no rolls left: script more"
        value = self.rolls.pop(0)
        assert a <= value <= b, f"scripted roll {value} is outside {a}..{b}"
        return value


def script_dice(game: Game, *rolls: int) -> ScriptedDice:
    """Make ``game`` roll ``rolls`` next; returns the generator to inspect what is left."""
    dice = ScriptedDice(rolls)
    game.rng = dice
    return dice
