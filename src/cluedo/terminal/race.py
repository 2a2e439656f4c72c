"""Who plays first, the way Clue or Cruel's text says: a race to spell your name backwards.

Each person at the keyboard types their own name backwards, timed from the
moment they press Enter; a wrong spelling is asked again while the clock runs
on. Bots cannot type, so each draws a time at random from a human range. The
fastest plays first.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence

from rich.console import Console
from rich.text import Text

BOT_TIMES = (2.0, 8.0)
"""The range a bot's race time is drawn from, in seconds (a person's usual spread)."""


def spelled_backwards(name: str, typed: str) -> bool:
    """Whether ``typed`` is ``name`` backwards (case and spaces do not matter).

    >>> spelled_backwards("Ann Lee", "eel nna"), spelled_backwards("Ann", "ann")
    (True, False)
    """

    def squash(text: str) -> str:
        return "".join(text.split()).lower()

    return squash(typed) == squash(name)[::-1]


def typing_race(
    console: Console,
    people: Mapping[int, str],
    bots: Sequence[int],
    rng: random.Random,
    clock: Callable[[], float] = time.monotonic,
) -> tuple[int, dict[int, float]]:
    """The seat that plays first and every seat's time. EOF stops the race (EOFError)."""
    times: dict[int, float] = {}
    console.print(
        Text("Who plays first? Spell your own name backwards, fastest wins.", style="bold")
    )
    for seat, name in people.items():
        console.input(Text(f"{name}: press Enter, then type '{name}' backwards and Enter > "))
        start = clock()
        while not spelled_backwards(name, console.input(Text("> "))):
            console.print(Text(f"Not '{name}' backwards - again (the clock runs on).", style="red"))
        times[seat] = clock() - start
        console.print(f"{name}: {times[seat]:.2f} s")
    for seat in bots:
        times[seat] = rng.uniform(*BOT_TIMES)
    first = min(times, key=lambda s: (times[s], s))
    return first, times
