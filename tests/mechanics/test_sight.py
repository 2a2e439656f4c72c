"""Line of sight (``cluedo.mechanics.sight``), defined precisely and held to it.

The definition: two hallway squares see each other when the straight segment
between their centres touches only open squares (corridor or start squares).
A segment touching a square only at a corner touches it; rooms, walls and the
edge of the board block; tokens never do. The property tests compare the
integer implementation with an independent walk in exact fractions, and check
the properties the rules rely on.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from cluedo.content import load_board
from cluedo.content.board import Square
from cluedo.mechanics.sight import can_see, manhattan, visible_within

BOARD = load_board("classic")
CORRIDOR = list(BOARD.corridor)
OPEN = BOARD.node_of_square

squares = st.sampled_from(CORRIDOR)
offsets = st.tuples(st.integers(-7, 7), st.integers(-7, 7))


def touched_squares(a: Square, b: Square) -> set[Square]:
    """Every grid square the segment between the centres of a and b touches, found by
    cutting the segment at each grid line it crosses (exact fractions)."""
    (r1, c1), (r2, c2) = a, b
    y1, x1, y2, x2 = (Fraction(v) + Fraction(1, 2) for v in (r1, c1, r2, c2))
    cuts = {Fraction(0), Fraction(1)}
    for lo, hi, start, delta in (
        (min(y1, y2), max(y1, y2), y1, y2 - y1),
        (min(x1, x2), max(x1, x2), x1, x2 - x1),
    ):
        if delta:
            for k in range(int(lo), int(hi) + 2):
                t = (k - start) / delta
                if 0 <= t <= 1:
                    cuts.add(t)
    ordered = sorted(cuts)
    touched = set()
    for t0, t1 in itertools.pairwise(ordered):
        tm = (t0 + t1) / 2
        touched.add((int(y1 + (y2 - y1) * tm), int(x1 + (x2 - x1) * tm)))
    for t in ordered:
        y, x = y1 + (y2 - y1) * t, x1 + (x2 - x1) * t
        if y.denominator == 1 and x.denominator == 1:  # a grid corner: all four squares
            touched |= {(int(y) - dy, int(x) - dx) for dy in (0, 1) for dx in (0, 1)}
    return touched


def reference_sight(a: Square, b: Square) -> bool:
    return a in OPEN and b in OPEN and all(sq in OPEN for sq in touched_squares(a, b))


@settings(max_examples=400, deadline=None)
@given(a=squares, offset=offsets)
def test_line_of_sight_matches_an_independent_exact_walk(a: Square, offset: Square) -> None:
    b = (a[0] + offset[0], a[1] + offset[1])
    assert can_see(BOARD, a, b) == reference_sight(a, b)


@settings(max_examples=300, deadline=None)
@given(a=squares, offset=offsets)
def test_line_of_sight_is_symmetric(a: Square, offset: Square) -> None:
    b = (a[0] + offset[0], a[1] + offset[1])
    assert can_see(BOARD, a, b) == can_see(BOARD, b, a)


@settings(max_examples=300, deadline=None)
@given(a=squares, offset=offsets)
def test_sight_is_never_interrupted_part_way(a: Square, offset: Square) -> None:
    b = (a[0] + offset[0], a[1] + offset[1])
    if can_see(BOARD, a, b):
        # Every square the line touches is hallway, so any square between is seen too
        # when it lies exactly on the line (sight is not interrupted part way).
        assert all(sq in OPEN for sq in touched_squares(a, b))
        for sq in touched_squares(a, b):
            if sq != a and (sq[0] - a[0]) * (b[1] - a[1]) == (sq[1] - a[1]) * (b[0] - a[0]):
                assert can_see(BOARD, a, sq)


@settings(max_examples=200, deadline=None)
@given(a=squares, reach=st.integers(0, 7))
def test_visible_within_lists_exactly_the_seen_squares_in_reach(a: Square, reach: int) -> None:
    expected = {
        sq for sq in CORRIDOR if sq != a and manhattan(a, sq) <= reach and can_see(BOARD, a, sq)
    }
    assert set(visible_within(BOARD, a, reach)) == expected


@settings(max_examples=200, deadline=None)
@given(a=squares)
def test_neighbouring_hallway_squares_always_see_each_other(a: Square) -> None:
    for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        b = (a[0] + dr, a[1] + dc)
        if b in OPEN:
            assert can_see(BOARD, a, b)


def test_examples_on_the_classic_board() -> None:
    # Straight along an open corridor.
    assert can_see(BOARD, (17, 1), (17, 8))
    # Across the Dining Room: blocked.
    assert not can_see(BOARD, (8, 1), (16, 1))
    # Rooms and off-board squares are never seen, nor see.
    assert not can_see(BOARD, (7, 4), (5, 4))
    # A diagonal through the exact corner of a closed square is blocked: from (7, 0)
    # to (8, 1) the line grazes (8, 0), which is off the board.
    assert (8, 0) not in OPEN
    assert not can_see(BOARD, (7, 0), (8, 1))
    assert can_see(BOARD, (7, 1), (8, 2))
