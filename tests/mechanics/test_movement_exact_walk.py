"""The exact-roll search cuts a path short where nothing is left to find: its result,
order of destinations included, must be that of walking every simple path."""

from __future__ import annotations

import random
from collections.abc import Collection

import pytest

from cluedo.content import load_board
from cluedo.content.board import Board
from cluedo.mechanics import movement


def every_simple_path(
    board: Board, start: int, steps: int, occupied: Collection[int]
) -> dict[int, int]:
    """The plain definition: walk every simple path; a room is found with the fewest
    steps, a corridor square when a path ends on it with exactly ``steps``."""
    found: dict[int, int] = {}
    first_room = len(board.corridor)

    def walk(node: int, used: int, visited: set[int]) -> None:
        for nxt in board.neighbours[node]:
            if nxt in visited:
                continue
            if nxt >= first_room:
                if nxt != start and found.get(nxt, steps + 1) > used + 1:
                    found[nxt] = used + 1
                continue
            if nxt in occupied:
                continue
            if used + 1 == steps:
                found.setdefault(nxt, steps)
                continue
            visited.add(nxt)
            walk(nxt, used + 1, visited)
            visited.discard(nxt)

    walk(start, 0, {start})
    return found


@pytest.mark.parametrize("board_name", ["classic", "pendragon"])
def test_the_cut_search_finds_what_every_path_finds_in_the_same_order(board_name: str) -> None:
    board = load_board(board_name)
    rng = random.Random(7)
    corridor = len(board.corridor)
    for _ in range(120):
        start = rng.randrange(board.node_count)
        steps = rng.randint(1, 6) + rng.randint(0, 6)
        occupied = frozenset(rng.randrange(corridor) for _ in range(rng.choice([0, 2, 5])))
        occupied -= {start}
        if start < corridor and rng.random() < 0.5:  # a token right beside the start
            occupied |= {n for n in board.neighbours[start] if n < corridor}
        got = movement._exact(board, start, steps, occupied)
        plain = every_simple_path(board, start, steps, occupied)
        assert list(got.items()) == list(plain.items()), (start, steps, sorted(occupied))


def test_a_square_reachable_only_by_a_walk_that_repeats_itself_is_not_a_destination() -> None:
    # The look-ahead tables count walks that may repeat squares; the search itself
    # must not. Two steps along a dead-end corridor and back is no exact move of two.
    board = load_board("classic")
    corridor = len(board.corridor)
    for start in range(corridor):
        got = movement._exact(board, start, 2, ())
        assert start not in got
        plain = every_simple_path(board, start, 2, ())
        assert list(got.items()) == list(plain.items())
