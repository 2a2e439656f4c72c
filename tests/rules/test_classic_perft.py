"""Known counts, like chess perft: where each roll can take a token.

An independent brute-force path enumerator (written here from the rule text,
sharing nothing with ``cluedo.mechanics.movement``) lists every simple path on
the grid; the engine's destinations must match it exactly, and both must match
the table below, so that a change in either shows up as a diff of numbers.

Position: all six suspect tokens on their start squares; one of them (or a
token placed in a room) moves. Table entries are
``(squares, rooms)`` counts of destinations, in ``exact`` and ``up_to`` mode.
"""

from __future__ import annotations

import pytest
from classic_kit import load_die, make, place, state, turn

from cluedo.content import load_board
from cluedo.engine import Action

BOARD = load_board("classic")
Square = tuple[int, int]
Place = str | Square


def brute_force(origin: Place, roll: int, occupied: set[Square], exact: bool) -> set[Place]:
    """Every destination of a move of ``roll`` steps, by enumerating all simple paths.

    Rules used: orthogonal steps on walkable squares ('.' or a start digit);
    never a square twice; never onto an occupied square; a step through a door
    from the square outside it into the room ends the move (at any step count);
    a token in a room leaves through one of its doors onto the square outside,
    and may not come back into that room this move.
    """
    walkable = {
        (r, c) for r, line in enumerate(BOARD.grid) for c, ch in enumerate(line) if ch in ".123456"
    }
    rooms_by_outside: dict[Square, set[str]] = {}
    outside_by_room: dict[str, set[Square]] = {}
    for door in BOARD.doors:
        rooms_by_outside.setdefault(door.corridor, set()).add(door.room)
        outside_by_room.setdefault(door.room, set()).add(door.corridor)
    found: set[Place] = set()

    def walk(square: Square, used: int, seen: set[Square]) -> None:
        # ``used`` steps have been taken to stand on ``square``.
        if not exact or used == roll:
            found.add(square)
        if used == roll:
            return
        for room in rooms_by_outside.get(square, ()):
            if room != origin:
                found.add(room)
        r, c = square
        for nxt in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if nxt in walkable and nxt not in seen and nxt not in occupied:
                walk(nxt, used + 1, seen | {nxt})

    if isinstance(origin, str):
        for exit_square in outside_by_room[origin]:
            if exit_square not in occupied:
                walk(exit_square, 1, {exit_square})
    else:
        for nxt in (
            (origin[0] + d[0], origin[1] + d[1]) for d in ((1, 0), (-1, 0), (0, 1), (0, -1))
        ):
            if nxt in walkable and nxt not in occupied:
                walk(nxt, 1, {origin, nxt})
    found.discard(origin)
    return found


PIECES = ("scarlet", "mustard", "white", "green", "peacock", "plum")
ROOMS = tuple(sorted(BOARD.rooms))

# (squares, rooms) reached in exact mode, then in up_to mode, for rolls 1..6.
# No room is within six steps of a start square: the first rooms are 7 or 8 away.
FROM_STARTS: dict[str, list[tuple[tuple[int, int], tuple[int, int]]]] = {
    "scarlet": [
        ((1, 0), (1, 0)),  # roll 1
        ((2, 0), (3, 0)),  # roll 2
        ((2, 0), (5, 0)),  # roll 3
        ((4, 0), (7, 0)),  # roll 4
        ((4, 0), (9, 0)),  # roll 5
        ((6, 0), (11, 0)),  # roll 6
    ],
    "mustard": [
        ((1, 0), (1, 0)),  # roll 1
        ((3, 0), (4, 0)),  # roll 2
        ((3, 0), (7, 0)),  # roll 3
        ((6, 0), (10, 0)),  # roll 4
        ((6, 0), (13, 0)),  # roll 5
        ((9, 0), (16, 0)),  # roll 6
    ],
    "white": [
        ((1, 0), (1, 0)),  # roll 1
        ((1, 0), (2, 0)),  # roll 2
        ((1, 0), (3, 0)),  # roll 3
        ((1, 0), (4, 0)),  # roll 4
        ((2, 0), (6, 0)),  # roll 5
        ((2, 0), (8, 0)),  # roll 6
    ],
    "green": [
        ((1, 0), (1, 0)),  # roll 1
        ((1, 0), (2, 0)),  # roll 2
        ((1, 0), (3, 0)),  # roll 3
        ((1, 0), (4, 0)),  # roll 4
        ((2, 0), (6, 0)),  # roll 5
        ((2, 0), (8, 0)),  # roll 6
    ],
    "peacock": [
        ((1, 0), (1, 0)),  # roll 1
        ((2, 0), (3, 0)),  # roll 2
        ((2, 0), (5, 0)),  # roll 3
        ((4, 0), (7, 0)),  # roll 4
        ((4, 0), (9, 0)),  # roll 5
        ((7, 0), (12, 0)),  # roll 6
    ],
    "plum": [
        ((1, 0), (1, 0)),  # roll 1
        ((2, 0), (3, 0)),  # roll 2
        ((2, 0), (5, 0)),  # roll 3
        ((4, 0), (7, 0)),  # roll 4
        ((4, 0), (9, 0)),  # roll 5
        ((6, 0), (11, 0)),  # roll 6
    ],
}
FROM_ROOMS: dict[str, list[tuple[tuple[int, int], tuple[int, int]]]] = {
    "ballroom": [
        ((4, 0), (4, 0)),  # roll 1
        ((12, 0), (16, 0)),  # roll 2
        ((18, 0), (34, 0)),  # roll 3
        ((34, 1), (50, 1)),  # roll 4
        ((46, 1), (64, 1)),  # roll 5
        ((62, 2), (76, 2)),  # roll 6
    ],
    "billiard_room": [
        ((2, 0), (2, 0)),  # roll 1
        ((4, 0), (6, 0)),  # roll 2
        ((6, 0), (12, 0)),  # roll 3
        ((12, 1), (21, 1)),  # roll 4
        ((15, 1), (31, 1)),  # roll 5
        ((23, 2), (41, 2)),  # roll 6
    ],
    "conservatory": [
        ((1, 0), (1, 0)),  # roll 1
        ((2, 0), (3, 0)),  # roll 2
        ((5, 0), (8, 0)),  # roll 3
        ((8, 1), (14, 1)),  # roll 4
        ((11, 1), (20, 1)),  # roll 5
        ((13, 1), (25, 1)),  # roll 6
    ],
    "dining_room": [
        ((2, 0), (2, 0)),  # roll 1
        ((6, 0), (8, 0)),  # roll 2
        ((9, 0), (17, 0)),  # roll 3
        ((16, 1), (27, 1)),  # roll 4
        ((19, 1), (37, 1)),  # roll 5
        ((26, 1), (47, 1)),  # roll 6
    ],
    "hall": [
        ((3, 0), (3, 0)),  # roll 1
        ((7, 0), (8, 0)),  # roll 2
        ((9, 0), (15, 0)),  # roll 3
        ((13, 1), (23, 1)),  # roll 4
        ((19, 1), (33, 1)),  # roll 5
        ((30, 1), (44, 1)),  # roll 6
    ],
    "kitchen": [
        ((1, 0), (1, 0)),  # roll 1
        ((3, 0), (4, 0)),  # roll 2
        ((4, 0), (8, 0)),  # roll 3
        ((9, 0), (14, 0)),  # roll 4
        ((10, 0), (20, 0)),  # roll 5
        ((13, 0), (24, 0)),  # roll 6
    ],
    "library": [
        ((2, 0), (2, 0)),  # roll 1
        ((5, 0), (7, 0)),  # roll 2
        ((6, 0), (13, 0)),  # roll 3
        ((11, 1), (21, 1)),  # roll 4
        ((14, 1), (28, 1)),  # roll 5
        ((23, 1), (36, 1)),  # roll 6
    ],
    "lounge": [
        ((1, 0), (1, 0)),  # roll 1
        ((3, 0), (4, 0)),  # roll 2
        ((6, 0), (10, 0)),  # roll 3
        ((10, 1), (17, 1)),  # roll 4
        ((13, 1), (24, 1)),  # roll 5
        ((18, 1), (32, 1)),  # roll 6
    ],
    "study": [
        ((1, 0), (1, 0)),  # roll 1
        ((3, 0), (4, 0)),  # roll 2
        ((6, 0), (10, 0)),  # roll 3
        ((9, 1), (16, 1)),  # roll 4
        ((12, 1), (22, 1)),  # roll 5
        ((15, 1), (28, 1)),  # roll 6
    ],
}


def counts(dests: set[Place]) -> tuple[int, int]:
    rooms = sum(1 for d in dests if isinstance(d, str))
    return len(dests) - rooms, rooms


def engine_destinations(origin: Place, piece: str, roll: int, exact: bool) -> set[Place]:
    """The engine's destinations, asked the way a player asks: roll, then look at the moves."""
    game = make(players=6, movement="exact" if exact else "up_to")
    place(game, **{piece: origin})
    seat = state(game).characters.index(piece)
    turn(game, seat)
    load_die(game, roll)
    game.apply(Action.make(seat, "roll"))
    return {a["to"] for a in game.legal_actions(seat) if a.kind == "move"}


def start_occupied(mover: str) -> set[Square]:
    return {BOARD.starts[p] for p in PIECES if p != mover}


@pytest.mark.parametrize("piece", PIECES)
def test_reachable_from_each_start_square(piece: str) -> None:
    origin = BOARD.starts[piece]
    got = []
    for roll in range(1, 7):
        row = []
        for exact in (True, False):
            expected = brute_force(origin, roll, start_occupied(piece), exact)
            assert engine_destinations(origin, piece, roll, exact) == expected, (roll, exact)
            row.append(counts(expected))
        got.append(tuple(row))
    assert got == FROM_STARTS[piece]


@pytest.mark.parametrize("room", ROOMS)
def test_reachable_from_each_room(room: str) -> None:
    # Scarlet stands in the room; the other five tokens are on their start squares.
    got = []
    for roll in range(1, 7):
        row = []
        for exact in (True, False):
            expected = brute_force(room, roll, start_occupied("scarlet"), exact)
            assert engine_destinations(room, "scarlet", roll, exact) == expected, (roll, exact)
            row.append(counts(expected))
        got.append(tuple(row))
    assert got == FROM_ROOMS[room]


def test_brute_force_knows_the_basic_rules() -> None:
    # The enumerator is itself checked on positions worked out by hand.
    assert brute_force((24, 7), 1, set(), True) == {(23, 7)}
    assert brute_force((24, 7), 2, set(), True) == {(22, 7), (23, 8)}
    assert brute_force((24, 7), 2, {(22, 7)}, True) == {(23, 8)}
    assert brute_force((24, 7), 2, set(), False) == {(23, 7), (22, 7), (23, 8)}
    assert brute_force((7, 5), 2, set(), True) == {
        (7, 3),
        (8, 4),
        (6, 6),
        (8, 6),
        (7, 7),
        (9, 5),
        "kitchen",
    }
    assert "hall" not in brute_force("hall", 3, set(), True)
    assert brute_force("kitchen", 6, {(7, 4)}, False) == set()


def brute_distances(origin: Place) -> dict[Place, int]:
    """Fewest steps from ``origin`` to every square and room, ignoring tokens (plain BFS)."""
    walkable = {
        (r, c) for r, line in enumerate(BOARD.grid) for c, ch in enumerate(line) if ch in ".123456"
    }
    dist: dict[Place, int] = {origin: 0}
    frontier: list[Place] = [origin]
    while frontier:
        nxt_frontier: list[Place] = []
        for here in frontier:
            if isinstance(here, str):
                if here != origin:
                    continue  # a room ends a move; paths never go on through it
                steps: list[Place] = [d.corridor for d in BOARD.doors if d.room == here]
            else:
                r, c = here
                steps = [
                    s for s in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if s in walkable
                ]
                steps += [d.room for d in BOARD.doors if d.corridor == here]
            for step in steps:
                if step not in dist:
                    dist[step] = dist[here] + 1
                    nxt_frontier.append(step)
        frontier = nxt_frontier
    return dist


# Fewest steps from each start square to each room: why no room is reachable on
# the first roll, and which rooms are nearest to whom.
START_TO_ROOM = {
    "scarlet": {
        "ballroom": 19,
        "billiard_room": 26,
        "conservatory": 31,
        "dining_room": 10,
        "hall": 12,
        "kitchen": 23,
        "library": 18,
        "lounge": 8,
        "study": 21,
    },
    "mustard": {
        "ballroom": 19,
        "billiard_room": 26,
        "conservatory": 31,
        "dining_room": 8,
        "hall": 12,
        "kitchen": 23,
        "library": 18,
        "lounge": 8,
        "study": 21,
    },
    "white": {
        "ballroom": 8,
        "billiard_room": 22,
        "conservatory": 25,
        "dining_room": 16,
        "hall": 24,
        "kitchen": 13,
        "library": 28,
        "lounge": 24,
        "study": 33,
    },
    "green": {
        "ballroom": 8,
        "billiard_room": 13,
        "conservatory": 10,
        "dining_room": 23,
        "hall": 24,
        "kitchen": 24,
        "library": 19,
        "lounge": 31,
        "study": 24,
    },
    "peacock": {
        "ballroom": 9,
        "billiard_room": 10,
        "conservatory": 7,
        "dining_room": 22,
        "hall": 23,
        "kitchen": 23,
        "library": 17,
        "lounge": 30,
        "study": 23,
    },
    "plum": {
        "ballroom": 21,
        "billiard_room": 19,
        "conservatory": 24,
        "dining_room": 21,
        "hall": 10,
        "kitchen": 32,
        "library": 11,
        "lounge": 21,
        "study": 8,
    },
}


@pytest.mark.parametrize("origin", [*PIECES, *ROOMS])
def test_board_distances_match_a_plain_breadth_first_search(origin: str) -> None:
    start: Place = BOARD.starts[origin] if origin in PIECES else origin
    expected = brute_distances(start)
    got = BOARD.distances_from(BOARD.node(start))
    assert {BOARD.node_name(n): d for n, d in enumerate(got) if d < 10**6} == expected
    if origin in PIECES:
        assert {r: expected[r] for r in ROOMS} == START_TO_ROOM[origin]
