"""Known facts of the classic board, and a square-by-square check against two
independent encodings of it kept in ``tests/data/``."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from cluedo.content import load_board

BOARD = load_board("classic")
DATA = Path(__file__).resolve().parents[1] / "data"
"""``tests/data/``: the board encodings the cross-checks compare against."""

DOORS_PER_ROOM = {
    "kitchen": 1,
    "ballroom": 4,
    "conservatory": 1,
    "billiard_room": 2,
    "library": 2,
    "study": 1,
    "hall": 3,
    "lounge": 1,
    "dining_room": 2,
}
START_SQUARES = {
    "scarlet": (24, 7),
    "mustard": (17, 0),
    "white": (0, 9),
    "green": (0, 14),
    "peacock": (6, 23),
    "plum": (19, 23),
}


def test_nine_rooms_all_crime_scenes() -> None:
    assert sorted(BOARD.rooms) == sorted(DOORS_PER_ROOM)
    assert all(room.crime_scene for room in BOARD.rooms.values())
    assert (BOARD.columns, BOARD.rows) == (24, 25)


def test_seventeen_doors_with_per_room_counts() -> None:
    assert len(BOARD.doors) == 17
    assert Counter(d.room for d in BOARD.doors) == DOORS_PER_ROOM
    # Every door opens from a square of its room onto a corridor square next to it.
    for door in BOARD.doors:
        assert door.square in BOARD.rooms[door.room].squares
        dr, dc = door.corridor[0] - door.square[0], door.corridor[1] - door.square[1]
        assert abs(dr) + abs(dc) == 1
        assert door.corridor in BOARD.node_of_square
    # Each room node's neighbours are exactly its doors' corridor squares.
    for rid, count in DOORS_PER_ROOM.items():
        outside = {BOARD.node(d.corridor) for d in BOARD.doors_of(rid)}
        assert len(outside) == count
        assert set(BOARD.neighbours[BOARD.node(rid)]) == outside


def test_six_start_squares_at_the_reference_coordinates() -> None:
    assert BOARD.starts == START_SQUARES
    assert BOARD.start_numbers == {s: i for i, s in enumerate(START_SQUARES, start=1)}
    for piece, square in START_SQUARES.items():
        assert BOARD.grid[square[0]][square[1]] == str(BOARD.start_numbers[piece])


def test_two_secret_passages_both_ways() -> None:
    assert BOARD.passages == {
        "kitchen": "study",
        "study": "kitchen",
        "conservatory": "lounge",
        "lounge": "conservatory",
    }


def test_182_corridor_and_6_start_squares() -> None:
    squares = Counter(ch for line in BOARD.grid for ch in line)
    assert squares["."] == 182
    assert sum(n for ch, n in squares.items() if ch.isdigit()) == 6
    assert len(BOARD.corridor) == 188
    assert BOARD.node_count == 188 + 9


def test_the_cellar_cannot_be_entered() -> None:
    cellar = BOARD.walls["cellar"]
    assert len(cellar) == 5 * 7
    assert "cellar" not in BOARD.rooms
    assert not cellar & set(BOARD.node_of_square)
    # No corridor square's neighbours lead into it, and no door opens onto it.
    for node in range(len(BOARD.corridor)):
        for nxt in BOARD.neighbours[node]:
            assert BOARD.node_name(nxt) not in cellar
    assert not {d.corridor for d in BOARD.doors} & cellar


def test_every_corridor_square_and_room_is_reachable() -> None:
    dist = BOARD.distances_from(BOARD.node(START_SQUARES["scarlet"]))
    assert max(dist) < 100


def test_movement_graph_is_orthogonal_and_symmetric() -> None:
    for node, neighbours in enumerate(BOARD.neighbours):
        for nxt in neighbours:
            assert node in BOARD.neighbours[nxt]
            a, b = BOARD.node_name(node), BOARD.node_name(nxt)
            if isinstance(a, tuple) and isinstance(b, tuple):
                assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


# -- the reference encodings ------------------------------------------------------------


@dataclass
class Reference:
    grid: list[str] = field(default_factory=list)
    doors: list[tuple[str, tuple[int, int], str, tuple[int, int]]] = field(default_factory=list)
    starts: dict[int, tuple[int, int]] = field(default_factory=dict)
    passages: set[frozenset[str]] = field(default_factory=set)


def room_id(name: str) -> str:
    """'BilliardRoom' -> 'billiard_room'."""
    return re.sub(r"(?<!^)([A-Z])", r"_\1", name).lower()


def read_reference(path: Path) -> Reference:
    ref = Reference()
    in_grid = False
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        if line.startswith("GRID"):
            in_grid = True
        elif line == "END GRID":
            in_grid = False
        elif in_grid:
            ref.grid.append(line)
        else:
            word, *args = line.split()
            if word == "DOOR":
                r, c, side, cr, cc = args[1:]
                ref.doors.append((room_id(args[0]), (int(r), int(c)), side, (int(cr), int(cc))))
            elif word == "START":
                ref.starts[int(args[0])] = (int(args[2]), int(args[3]))
            elif word == "PASSAGE":
                ref.passages.add(frozenset(room_id(a) for a in args))
    return ref


def reference(name: str) -> Reference:
    ref = read_reference(DATA / name)
    # A truncated or misread file must not pass the comparisons vacuously.
    assert len(ref.grid) == 25 and all(len(line) == 24 for line in ref.grid), name
    assert len(ref.doors) == 17 and len(ref.starts) == 6 and len(ref.passages) == 2, name
    return ref


def test_board_matches_the_reference_square_by_square() -> None:
    ref = reference("classic-board.txt")
    assert len(ref.grid) == BOARD.rows
    for r, (ours, theirs) in enumerate(zip(BOARD.grid, ref.grid, strict=True)):
        for c, (a, b) in enumerate(zip(ours, theirs, strict=True)):
            assert a == b.replace("#", "*"), f"square ({r},{c}): ours {a!r}, reference {b!r}"
    ours = sorted((d.room, d.square, d.side, d.corridor) for d in BOARD.doors)
    assert ours == sorted(ref.doors)
    assert {n: BOARD.starts[p] for p, n in BOARD.start_numbers.items()} == ref.starts
    assert {frozenset(p) for p in BOARD.passages.items()} == ref.passages


def test_board_movement_matches_the_alternative_reference() -> None:
    # The second encoding draws the Conservatory door on another square; every
    # fact that matters for movement must still agree.
    ref = reference("classic-board-alt.txt")

    def walkable(grid: list[str] | tuple[str, ...]) -> set[tuple[int, int]]:
        return {(r, c) for r, ln in enumerate(grid) for c, ch in enumerate(ln) if ch in ".123456"}

    def rooms(grid: list[str] | tuple[str, ...]) -> dict[tuple[int, int], str]:
        return {
            (r, c): ch.upper()
            for r, ln in enumerate(grid)
            for c, ch in enumerate(ln)
            if ch.isalpha()
        }

    assert walkable(BOARD.grid) == walkable(ref.grid)
    assert rooms(BOARD.grid) == rooms(ref.grid)
    ours = sorted((d.room, d.corridor) for d in BOARD.doors)
    assert ours == sorted((room, corridor) for room, _, _, corridor in ref.doors)
    assert {n: BOARD.starts[p] for p, n in BOARD.start_numbers.items()} == ref.starts
    assert {frozenset(p) for p in BOARD.passages.items()} == ref.passages
