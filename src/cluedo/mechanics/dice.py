"""Dice: plain rolls, and "roll extra dice and keep the best".

>>> import random
>>> rolls = roll_dice(random.Random(3), 3)
>>> len(rolls), all(1 <= r <= 6 for r in rolls)
(3, True)
"""

from __future__ import annotations

import random

SIDES = 6


def roll_dice(rng: random.Random, count: int, sides: int = SIDES) -> list[int]:
    """``count`` rolls of a die with ``sides`` sides, in the order rolled."""
    return [rng.randint(1, sides) for _ in range(count)]
