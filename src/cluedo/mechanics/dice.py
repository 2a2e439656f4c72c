"""Dice: plain rolls, and "roll extra dice and keep the best".

Each die is one ``randint`` of the game's chance, so each is a recorded outcome
that a test or a search can force (:mod:`cluedo.engine.chance`).

>>> import random
>>> rolls = roll_dice(random.Random(3), 3)
>>> len(rolls), all(1 <= r <= 6 for r in rolls)
(3, True)
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import product

from cluedo.engine.chance import Draws

SIDES = 6


def roll_dice(rng: Draws, count: int, sides: int = SIDES) -> list[int]:
    """``count`` rolls of a die with ``sides`` sides, in the order rolled."""
    return [rng.randint(1, sides) for _ in range(count)]


@cache
def reach_chance(steps: int, dice: int = 2) -> float:
    """The chance that ``dice`` six-sided dice total at least ``steps`` (a roll that
    reaches a square ``steps`` away, other tokens left out).

    >>> reach_chance(2), reach_chance(7), round(reach_chance(12), 4)
    (1.0, 0.5833333333333334, 0.0278)
    >>> reach_chance(3, dice=1)
    0.6666666666666666
    """
    totals = Counter(sum(faces) for faces in product(range(1, SIDES + 1), repeat=dice))
    chance: float = sum(n for total, n in totals.items() if total >= steps) / SIDES**dice
    return chance


def roll_off(rng: Draws, seats: list[int], count: int = 1) -> tuple[int, list[dict[int, int]]]:
    """Everybody in ``seats`` rolls ``count`` dice; the highest total wins, ties roll again.

    Returns the winner and each round of rolls (seat -> total), for the events.

    >>> import random
    >>> winner, rounds = roll_off(random.Random(5), [0, 1, 2])
    >>> winner in (0, 1, 2), max(rounds[-1].values()) == rounds[-1][winner]
    (True, True)
    """
    rounds: list[dict[int, int]] = []
    contenders = list(seats)
    while True:
        totals = {s: sum(roll_dice(rng, count)) for s in contenders}
        rounds.append(totals)
        best = max(totals.values())
        contenders = [s for s in contenders if totals[s] == best]
        if len(contenders) == 1:
            return contenders[0], rounds
