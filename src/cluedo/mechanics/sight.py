"""Line of sight on a board's grid.

Two corridor squares see each other when the straight segment between their
centres touches only open squares: corridor or start squares. Rooms, walls and
squares off the board block sight. A segment that passes exactly through a
corner touches all the squares meeting at that corner, so sight never slips
between two blocked squares that meet diagonally. Tokens do not block sight.

Everything is computed in exact integer arithmetic (coordinates doubled, so
square centres are odd integers and square edges even ones).

>>> from cluedo.content import load_board
>>> board = load_board("classic")
>>> can_see(board, (17, 1), (17, 5))     # along the corridor by Mustard's start
True
>>> can_see(board, (7, 4), (17, 1))      # the Dining Room is in the way
False
"""

from __future__ import annotations

from cluedo.content.board import Board, Square


def _open(board: Board, square: Square) -> bool:
    return square in board.node_of_square


def _touches(a: Square, b: Square, cell: Square) -> bool:
    """Does the segment between the centres of a and b touch the closed square ``cell``?"""
    (y1, x1), (y2, x2) = (2 * a[0] + 1, 2 * a[1] + 1), (2 * b[0] + 1, 2 * b[1] + 1)
    top, left = 2 * cell[0], 2 * cell[1]
    bottom, right = top + 2, left + 2
    if max(y1, y2) < top or min(y1, y2) > bottom or max(x1, x2) < left or min(x1, x2) > right:
        return False
    # The segment's line misses the box only if all four corners lie strictly on one side.
    sides = {
        (x2 - x1) * (cy - y1) - (y2 - y1) * (cx - x1) > 0
        for cy in (top, bottom)
        for cx in (left, right)
        if (x2 - x1) * (cy - y1) - (y2 - y1) * (cx - x1) != 0
    }
    corners_on_line = any(
        (x2 - x1) * (cy - y1) - (y2 - y1) * (cx - x1) == 0
        for cy in (top, bottom)
        for cx in (left, right)
    )
    return corners_on_line or len(sides) == 2


def can_see(board: Board, a: Square, b: Square) -> bool:
    """True if corridor squares ``a`` and ``b`` are in line of sight of each other."""
    if not (_open(board, a) and _open(board, b)):
        return False
    for row in range(min(a[0], b[0]), max(a[0], b[0]) + 1):
        for col in range(min(a[1], b[1]), max(a[1], b[1]) + 1):
            cell = (row, col)
            if not _open(board, cell) and _touches(a, b, cell):
                return False
    return True


def manhattan(a: Square, b: Square) -> int:
    """Squares apart, counting orthogonal steps."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def visible_within(board: Board, origin: Square, reach: int) -> list[Square]:
    """Corridor squares within ``reach`` orthogonal steps of ``origin`` that it can see."""
    out = []
    for row in range(origin[0] - reach, origin[0] + reach + 1):
        span = reach - abs(row - origin[0])
        for col in range(origin[1] - span, origin[1] + span + 1):
            square = (row, col)
            if square != origin and _open(board, square) and can_see(board, origin, square):
                out.append(square)
    return out
