"""Moving a token on a board's grid.

Shared rules of movement: orthogonal steps on corridor squares; never the same
square twice in one move; never onto or through a square another token stands
on (so a token outside a door blocks that door); stepping into a room through a
door ends the move; a token that starts in a room leaves through one of its
doors and may not come back into that room in the same move.

Two modes: ``exact`` - end on a square exactly ``steps`` away along such a path,
or in any room reached within ``steps``; ``up_to`` - end anywhere reached within
``steps``.

Two options for boards that need them (the Pendragon castle), both off by default:
``through`` - rooms a move may pass through, each counting as one square (they are
destinations too, and never blocked); ``reenter`` - a token that starts in a room
may leave it and come back in the same move (at least two steps).

>>> from cluedo.content import load_board
>>> board = load_board("classic")
>>> start = board.node(board.starts["scarlet"])
>>> dests = reachable(board, start, 1, frozenset())
>>> [board.node_name(n) for n in dests]
[(23, 7)]
"""

from __future__ import annotations

import functools
import weakref
from collections import deque
from collections.abc import Collection, Hashable, Mapping
from typing import Any

from cluedo.content.board import Board, Square
from cluedo.engine.action_space import ActionShape
from cluedo.engine.actions import Action
from cluedo.engine.errors import IllegalAction


def reachable(
    board: Board,
    start: int,
    steps: int,
    occupied: Collection[int],
    *,
    exact: bool = True,
    through: Collection[int] = (),
    reenter: bool = False,
) -> dict[int, int]:
    """Destinations from node ``start`` with ``steps`` steps, mapped to the steps used.

    ``occupied`` holds corridor nodes with another token on them. The start
    node is never a destination (a move always goes somewhere) unless
    ``reenter`` lets a token leave its room and come back.
    """
    if steps <= 0:
        return {}
    if through and exact:
        raise ValueError("rooms to move through need the up-to mode (exact=False)")
    found = _open_move(board, start, steps, occupied, exact, through)
    if reenter and board.is_room_node(start):
        # Out through a door and straight back in: the door square is one step away.
        back = [found[n] + 1 for n in board.neighbours[start] if found.get(n, steps) < steps]
        if back:
            found[start] = min(back)
    return found


_OpenMove = tuple[dict[int, int], frozenset[int]]
"""The destinations of a move on a board with no other token, and every corridor node
whose token would have changed them: a token on none of those changes nothing."""


class _BoardMemo:
    """What moving on one board remembers: the open moves (see :func:`_open_move`) and
    where a move could still finish (see :meth:`ahead`)."""

    def __init__(self, board: Board) -> None:
        self.board = weakref.ref(board, functools.partial(_forget_board, id(board)))
        self.moves: dict[Hashable, _OpenMove] = {}
        self._ahead: list[list[int]] = []

    def ahead(self, steps: int) -> list[list[int]]:
        """``ahead[n][r]``: a bit per node that a move standing on corridor node ``n``
        with ``r`` steps left might still finish on, whatever tokens stand where and
        whichever squares it has used: the corridor nodes a walk of exactly ``r``
        corridor steps ends on (a walk may repeat squares, so this holds every simple
        path), and the rooms a walk of at most ``r`` steps enters. Built up to
        ``steps`` on first need."""
        if self._ahead and len(self._ahead[0]) > steps:
            return self._ahead
        board = self.board()
        assert board is not None  # the caller holds it
        first_room = len(board.corridor)
        neighbours = board.neighbours
        ends = [[1 << n if n < first_room else 0] for n in range(len(neighbours))]
        rooms = [[0] for _ in neighbours]
        for r in range(1, steps + 1):
            for node, nexts in enumerate(neighbours):
                end = room = 0
                for nxt in nexts:
                    if nxt < first_room:
                        end |= ends[nxt][r - 1]
                        room |= rooms[nxt][r - 1]
                    else:
                        room |= 1 << nxt
                ends[node].append(end)
                rooms[node].append(room)
        self._ahead = [
            [end | room for end, room in zip(e, m, strict=True)]
            for e, m in zip(ends, rooms, strict=True)
        ]
        return self._ahead


_MEMOS: dict[int, _BoardMemo] = {}
"""Per board, by id (with a reference to tell a new board at a reused id)."""


def _memo(board: Board) -> _BoardMemo:
    memo = _MEMOS.get(id(board))
    if memo is None or memo.board() is not board:
        # Forgotten with the board (boards read from files come and go in tests).
        memo = _MEMOS[id(board)] = _BoardMemo(board)
    return memo


def _open_move(
    board: Board,
    start: int,
    steps: int,
    occupied: Collection[int],
    exact: bool,
    through: Collection[int],
) -> dict[int, int]:
    """:func:`_exact` or :func:`_within`, remembered per board, start, roll and mode for
    moves no token blocks (most of them): a long exact roll explores thousands of paths.
    A fresh dict each time (callers add to it)."""
    moves = _memo(board).moves
    key = (start, steps, True) if exact else (start, steps, False, frozenset(through))
    known = moves.get(key)
    if known is None:
        if exact:
            known = (_exact(board, start, steps, ()), _near(board, start, steps))
        else:
            seen: set[int] = set()
            found = _within(board, start, steps, (), through, seen)
            first_room = len(board.corridor)
            known = (found, frozenset(n for n in seen if n < first_room and n != start))
        moves[key] = known
    found, near = known
    if not near.isdisjoint(occupied):
        if exact:
            return _exact(board, start, steps, occupied)
        return _within(board, start, steps, occupied, through)
    return dict(found)


def _forget_board(key: int, _ref: weakref.ref[Board]) -> None:
    _MEMOS.pop(key, None)


def _near(board: Board, start: int, steps: int) -> frozenset[int]:
    """The corridor nodes (other than ``start``) within ``steps`` corridor steps of it:
    exactly those a search for exact moves asks whether a token stands on."""
    first_room = len(board.corridor)
    neighbours = board.neighbours
    seen = {start}
    frontier = [start]
    for _ in range(steps):
        ahead = []
        for node in frontier:
            for nxt in neighbours[node]:
                if nxt < first_room and nxt not in seen:
                    seen.add(nxt)
                    ahead.append(nxt)
        frontier = ahead
    seen.discard(start)
    return frozenset(seen)


def _exact(board: Board, start: int, steps: int, occupied: Collection[int]) -> dict[int, int]:
    """Every simple path of up to ``steps`` steps, walked depth first: a room entered
    (with the fewest steps any path takes to it) or a corridor square reached with
    exactly ``steps``. The result, order included, is that of walking every path; a
    path is cut short only where nothing it could still reach is left to find."""
    found: dict[int, int] = {}
    neighbours = board.neighbours
    first_room = len(board.corridor)
    ahead = _memo(board).ahead(steps)
    # The up-to search is breadth first: each room it finds, with the fewest steps any
    # move takes to it (a shortest path never repeats a square).
    fewest = {n: d for n, d in _within(board, start, steps, occupied).items() if n >= first_room}
    # A bit per node still worth reaching: corridor squares not yet found, and rooms
    # not yet found with their fewest steps.
    wanted = (1 << first_room) - 1
    for node in occupied:
        wanted &= ~(1 << node)
    for room in fewest:
        wanted |= 1 << room

    def walk(node: int, used: int, visited: set[int]) -> None:
        nonlocal wanted
        for nxt in neighbours[node]:
            if nxt in visited:
                continue
            if nxt >= first_room:
                # A room: entering ends the move; the start room cannot be re-entered.
                if nxt != start and found.get(nxt, steps + 1) > used + 1:
                    found[nxt] = used + 1
                    if used + 1 == fewest[nxt]:
                        wanted &= ~(1 << nxt)
                continue
            if nxt in occupied:
                continue
            if used + 1 == steps:
                if nxt not in found:
                    found[nxt] = steps
                    wanted &= ~(1 << nxt)
                continue
            if not ahead[nxt][steps - used - 1] & wanted:
                continue  # nothing left to find from here
            visited.add(nxt)
            walk(nxt, used + 1, visited)
            visited.discard(nxt)

    walk(start, 0, {start})
    return found


def _within(
    board: Board,
    start: int,
    steps: int,
    occupied: Collection[int],
    through: Collection[int] = (),
    seen: set[int] | None = None,
) -> dict[int, int]:
    """Breadth-first search; ``seen`` (if given) is left holding every node it found:
    no token elsewhere can change the result."""
    # Any square within `steps` of a shortest path is reachable by a simple path, so
    # breadth-first search is exact for the "up to" mode.
    first_room = len(board.corridor)
    found: dict[int, int] = {}
    queue = deque([(start, 0)])
    if seen is None:
        seen = set()
    seen.add(start)
    while queue:
        node, used = queue.popleft()
        if used == steps:
            continue
        for nxt in board.neighbours[node]:
            if nxt in seen or (nxt < first_room and nxt in occupied):
                continue
            seen.add(nxt)
            if nxt >= first_room:
                if nxt != start:
                    found[nxt] = used + 1
                if nxt in through:
                    queue.append((nxt, used + 1))
                continue
            found[nxt] = used + 1
            queue.append((nxt, used + 1))
    return found


def distances(board: Board, start: int, through: Collection[int] = ()) -> list[int]:
    """Steps from ``start`` to every node, ignoring tokens, walking through ``through`` rooms.

    With no ``through`` rooms this is :meth:`Board.distances_from` (which is cached).
    """
    if not through:
        return list(board.distances_from(start))
    return list(board.distances_through(start, through))


def occupied_nodes(
    board: Board, positions: Mapping[str, str | Square], mover: str
) -> frozenset[int]:
    """Corridor nodes where a token other than ``mover`` stands (rooms never fill up)."""
    return frozenset(
        board.node_of_square[loc]
        for piece, loc in positions.items()
        if piece != mover and isinstance(loc, tuple)
    )


def node_at(board: Board, location: object) -> int | None:
    """The node of a room id or a ``(row, col)`` square given in an action, or None.

    >>> from cluedo.content import load_board
    >>> board = load_board("classic")
    >>> node_at(board, "hall") == board.node("hall"), node_at(board, (0, 0)), node_at(board, "x")
    (True, None, None)
    """
    if isinstance(location, str):
        return board.node_of_room.get(location)
    if (
        isinstance(location, tuple)
        and len(location) == 2
        and all(isinstance(x, int) and not isinstance(x, bool) for x in location)
    ):
        return board.node_of_square.get((location[0], location[1]))
    return None


def take_move(board: Board, ctx: dict[str, Any], to: object) -> tuple[str | Square, int]:
    """Where a legal move to ``to`` ends, and the steps it took; the roll's
    ``destinations`` (nodes mapped to steps) leave the turn's context ``ctx``.

    >>> from cluedo.content import load_board
    >>> board = load_board("classic")
    >>> ctx = {"destinations": {board.node("hall"): 4}}
    >>> take_move(board, ctx, "hall"), ctx
    (('hall', 4), {})
    """
    node = node_at(board, to)
    assert node is not None, to
    return board.node_name(node), ctx.pop("destinations")[node]


def offered_move(board: Board, ctx: Mapping[str, Any], action: Action) -> bool:
    """Whether ``action`` moves to one of the destinations of the roll in the turn's
    context ``ctx`` (stage ``move``): what finding it in the legal list would say, in
    one look-up rather than a scan of every destination built as an action.

    >>> from cluedo.content import load_board
    >>> board = load_board("classic")
    >>> ctx = {"stage": "move", "destinations": {board.node("hall"): 4}}
    >>> offered_move(board, ctx, Action.make(0, "move", to="hall"))
    True
    >>> offered_move(board, ctx, Action.make(0, "move", to="hall", steps=4))
    False
    """
    params = action.params
    return (
        action.kind == "move"
        and ctx.get("stage") == "move"
        and len(params) == 1
        and params[0][0] == "to"
        and node_at(board, params[0][1]) in ctx["destinations"]
    )


def unreachable(
    board: Board, ctx: Mapping[str, Any], to: object, none: str = "none"
) -> IllegalAction:
    """The error for a move to ``to`` that the roll in the turn's context ``ctx`` does
    not reach, listing where it does (``none`` when nowhere)."""
    allowed = ", ".join(str(board.node_name(n)) for n in ctx["destinations"])
    return IllegalAction(
        "movement", f"{to!r} cannot be reached with a roll of {ctx['roll']}", allowed or none
    )


def every_location(board: Board) -> tuple[str | Square, ...]:
    """Every place a token can be sent: each corridor square, then each room."""
    return tuple(board.node_name(n) for n in range(board.node_count))


def movement_shapes(board: Board) -> list[ActionShape]:
    """The action space's forms of a move on ``board``: a roll, a secret passage, and
    a move to any square or room (see :mod:`cluedo.engine.action_space`)."""
    return [
        ActionShape("roll"),
        ActionShape("passage"),
        ActionShape("move", {"to": every_location(board)}),
    ]


def location_json(location: str | Square) -> str | list[int]:
    """A location as JSON: a room id, or a square as ``[row, col]``."""
    if type(location) is str:
        return location
    return list(location) if isinstance(location, tuple) else location
