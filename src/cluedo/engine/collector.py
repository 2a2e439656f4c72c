"""Python's cyclic garbage collector, set up for processes that play many games.

A game allocates a great many small dicts, lists and tuples (views, events, a bot's
tables), nearly all of them freed at once by reference counting. With Python's
defaults the collector still looks at the young ones every 700 allocations and, every
so often, walks everything alive - the loaded rules, boards and the bots' shared
tables included. In a six-player classic game between sensible bots that was about an
eighth of the CPU time. A long-running process (the web server, the simulator's
workers) therefore sets aside what it has loaded (``gc.freeze``) and collects young
objects less often; cycles are still collected, only in larger batches, so memory
stays flat over any number of games (``benchmarks/bench_games.py`` and
``tests/engine/test_collector.py`` show both).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

YOUNG = 20_000
"""Allocations between collections of the young generation (Python's default is 700)."""

OLDER = 20
"""Collections of a generation between collections of the next (Python's default is 10)."""

_settled = False


def settle(young: int = YOUNG, collect: bool = True) -> tuple[int, int, int]:
    """Collect once (unless ``collect`` is false), set aside everything alive now, and
    collect young objects only every ``young`` allocations; returns the thresholds
    before (for :func:`settled`)."""
    global _settled
    before = gc.get_threshold()
    if collect:
        gc.collect()
    gc.freeze()
    gc.set_threshold(young, OLDER, OLDER)
    _settled = True
    return before


def settle_once(young: int = YOUNG) -> None:
    """:func:`settle`, unless this process has already done so (a worker that is handed
    batch after batch settles at its first)."""
    if not _settled:
        settle(young)


@contextmanager
def settled(young: int = YOUNG) -> Iterator[None]:
    """:func:`settle` for the length of a ``with`` block, then Python's collector as it
    was (what was set aside goes back to the oldest generation). It does not collect
    first: setting aside and giving back are quick, a full collection of a large
    process is not, and what little garbage is set aside is collected after."""
    global _settled
    if _settled:  # already set up for the whole process: leave it so
        yield
        return
    before = settle(young, collect=False)
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()
        _settled = False
