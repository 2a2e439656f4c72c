"""Boards as data: parse and validate a board file into a :class:`Board`.

A board file is plain text (see ``boards/classic.txt`` for the format, documented
at its top). The loader checks everything a rule set relies on - every door opens
onto a corridor square, every start square is marked in the grid, passages join
known rooms - and reports the first bad line with its number.

The :class:`Board` also precomputes the movement graph once, because movement is
on the hot path of every bot and simulation: corridor squares and rooms become
integer nodes with neighbour tuples.

>>> board = load_board("classic")
>>> (board.columns, board.rows, len(board.rooms), len(board.doors))
(24, 25, 9, 17)
>>> board.passages["kitchen"]
'study'
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

Square = tuple[int, int]
"""A grid square as ``(row, col)``, 0-based from the top-left corner."""

SIDES: dict[str, Square] = {"N": (-1, 0), "S": (1, 0), "E": (0, 1), "W": (0, -1)}
OFF_BOARD = "*"
CORRIDOR = "."


class BoardFormatError(ValueError):
    """A board file is malformed; the message names the line and what is allowed."""

    def __init__(self, source: str, line_no: int, message: str) -> None:
        super().__init__(f"{source}, line {line_no}: {message}")
        self.source = source
        self.line_no = line_no


@dataclass(frozen=True)
class Door:
    """A doorway: a room square that opens onto one corridor square."""

    room: str
    square: Square
    side: str
    corridor: Square


@dataclass(frozen=True)
class Room:
    id: str
    letter: str
    crime_scene: bool
    squares: frozenset[Square]


@dataclass
class Board:
    """An immutable board with its movement graph.

    Movement nodes: every walkable corridor square (start squares included) gets
    an index ``0..len(squares)-1``; each room gets an index after those. A room
    node's neighbours are the corridor squares outside its doors.
    """

    id: str
    columns: int
    rows: int
    grid: tuple[str, ...]
    rooms: dict[str, Room]
    walls: dict[str, frozenset[Square]]
    doors: tuple[Door, ...]
    starts: dict[str, Square]
    start_numbers: dict[str, int]
    passages: dict[str, str]
    # Derived, filled in __post_init__.
    corridor: tuple[Square, ...] = field(init=False)
    node_of_square: dict[Square, int] = field(init=False)
    node_of_room: dict[str, int] = field(init=False)
    room_of_node: dict[int, str] = field(init=False)
    neighbours: tuple[tuple[int, ...], ...] = field(init=False)
    room_at: dict[Square, str] = field(init=False)
    _distances: dict[int, tuple[int, ...]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        corridor = [
            (r, c)
            for r, line in enumerate(self.grid)
            for c, ch in enumerate(line)
            if ch == CORRIDOR or ch.isdigit()
        ]
        self.corridor = tuple(corridor)
        self.node_of_square = {sq: i for i, sq in enumerate(corridor)}
        self.node_of_room = {rid: len(corridor) + i for i, rid in enumerate(self.rooms)}
        self.room_of_node = {n: rid for rid, n in self.node_of_room.items()}
        self.room_at = {sq: rid for rid, room in self.rooms.items() for sq in room.squares}
        adj: list[set[int]] = [set() for _ in range(len(corridor) + len(self.rooms))]
        for (r, c), i in self.node_of_square.items():
            for dr, dc in SIDES.values():
                j = self.node_of_square.get((r + dr, c + dc))
                if j is not None:
                    adj[i].add(j)
        for door in self.doors:
            room_node = self.node_of_room[door.room]
            sq_node = self.node_of_square[door.corridor]
            adj[room_node].add(sq_node)
            adj[sq_node].add(room_node)
        self.neighbours = tuple(tuple(sorted(a)) for a in adj)
        self._distances = {}

    # -- queries ---------------------------------------------------------------

    @property
    def node_count(self) -> int:
        return len(self.neighbours)

    def is_room_node(self, node: int) -> bool:
        return node >= len(self.corridor)

    def node_name(self, node: int) -> str | Square:
        """The location a node stands for: a room id or a corridor square."""
        return self.room_of_node[node] if self.is_room_node(node) else self.corridor[node]

    def node(self, location: str | Square) -> int:
        """The node index of a room id or a corridor square (KeyError if neither)."""
        if isinstance(location, str):
            return self.node_of_room[location]
        return self.node_of_square[location]

    def doors_of(self, room: str) -> tuple[Door, ...]:
        return tuple(d for d in self.doors if d.room == room)

    def door_corridors(self) -> frozenset[Square]:
        """Corridor squares directly outside some door (a token there blocks it)."""
        return frozenset(d.corridor for d in self.doors)

    def distances_from(self, node: int) -> tuple[int, ...]:
        """Steps from ``node`` to every node, ignoring other tokens (cached).

        Rooms are not walked through: entering a room ends a move, so a path
        may end in a room but never continues from one, except from ``node``
        itself when it is the starting room.
        """
        cached = self._distances.get(node)
        if cached is not None:
            return cached
        unreachable = 10**6
        dist = [unreachable] * self.node_count
        dist[node] = 0
        queue = deque([node])
        while queue:
            cur = queue.popleft()
            if cur != node and self.is_room_node(cur):
                continue
            for nxt in self.neighbours[cur]:
                if dist[nxt] == unreachable:
                    dist[nxt] = dist[cur] + 1
                    queue.append(nxt)
        result = tuple(dist)
        self._distances[node] = result
        return result


# -- parsing -----------------------------------------------------------------------


def _parse_square(text: str, source: str, line_no: int) -> Square:
    parts = text.split(",")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise BoardFormatError(source, line_no, f"expected a square as ROW,COL, got {text!r}")
    return int(parts[0]), int(parts[1])


def parse_board(text: str, source: str = "<board>") -> Board:
    """Parse and validate board text; raise :class:`BoardFormatError` on the first bad line."""
    board_id: str | None = None
    columns = rows = 0
    letters: dict[str, tuple[str, str, bool]] = {}  # letter -> (kind, id, crime scene)
    grid: list[str] = []
    grid_start = 0
    in_grid = False
    doors: list[tuple[int, str, Square, str]] = []
    starts: list[tuple[int, int, str, Square]] = []
    passages: list[tuple[int, str, str]] = []

    for line_no, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        if in_grid:
            if line == "END":
                in_grid = False
                if len(grid) != rows:
                    raise BoardFormatError(
                        source, line_no, f"grid has {len(grid)} lines, BOARD declares {rows}"
                    )
                continue
            if len(line) != columns:
                raise BoardFormatError(
                    source, line_no, f"grid line has {len(line)} squares, BOARD declares {columns}"
                )
            for col, ch in enumerate(line):
                if ch in (OFF_BOARD, CORRIDOR) or ch.isdigit() or ch.upper() in letters:
                    if ch.islower() and letters.get(ch.upper(), ("", "", False))[0] != "ROOM":
                        raise BoardFormatError(
                            source, line_no, f"doorway mark {ch!r} at column {col} is not a room"
                        )
                    continue
                raise BoardFormatError(
                    source,
                    line_no,
                    f"unknown square {ch!r} at column {col}; allowed: '*', '.', digits, "
                    f"and the declared letters {''.join(sorted(letters))}",
                )
            grid.append(line)
            continue
        if not line or line.startswith("#"):
            continue
        word, *args = line.split()
        if word == "BOARD":
            if len(args) != 3 or not args[1].isdigit() or not args[2].isdigit():
                raise BoardFormatError(source, line_no, "expected BOARD <id> <columns> <rows>")
            board_id, columns, rows = args[0], int(args[1]), int(args[2])
        elif word in ("ROOM", "WALL"):
            if board_id is None:
                raise BoardFormatError(source, line_no, f"{word} before BOARD")
            if len(args) not in (2, 3) or len(args[0]) != 1 or not args[0].isupper():
                raise BoardFormatError(
                    source, line_no, f"expected {word} <upper-case letter> <id>"
                    + (" [scene|noscene]" if word == "ROOM" else "")
                )
            scene = True
            if len(args) == 3:
                if word == "WALL" or args[2] not in ("scene", "noscene"):
                    raise BoardFormatError(
                        source, line_no, f"unexpected {args[2]!r}; allowed: scene, noscene"
                    )
                scene = args[2] == "scene"
            if args[0] in letters:
                raise BoardFormatError(source, line_no, f"letter {args[0]} declared twice")
            letters[args[0]] = (word, args[1], scene)
        elif word == "GRID":
            if board_id is None:
                raise BoardFormatError(source, line_no, "GRID before BOARD")
            in_grid, grid_start = True, line_no
        elif word == "DOOR":
            if len(args) != 3 or args[2] not in SIDES:
                raise BoardFormatError(
                    source, line_no, "expected DOOR <room-id> <row>,<col> <N|S|E|W>"
                )
            doors.append((line_no, args[0], _parse_square(args[1], source, line_no), args[2]))
        elif word == "START":
            if len(args) != 3 or not args[0].isdigit():
                raise BoardFormatError(source, line_no, "expected START <n> <piece-id> <row>,<col>")
            starts.append(
                (line_no, int(args[0]), args[1], _parse_square(args[2], source, line_no))
            )
        elif word == "PASSAGE":
            if len(args) != 2:
                raise BoardFormatError(source, line_no, "expected PASSAGE <room-id> <room-id>")
            passages.append((line_no, args[0], args[1]))
        else:
            raise BoardFormatError(
                source,
                line_no,
                f"unknown record {word!r}; allowed: BOARD, ROOM, WALL, GRID, DOOR, START, PASSAGE",
            )
    if in_grid:
        raise BoardFormatError(source, grid_start, "GRID is never closed by END")
    if board_id is None or not grid:
        raise BoardFormatError(source, 1, "a board needs a BOARD record and a GRID")

    def at(sq: Square) -> str | None:
        r, c = sq
        return grid[r][c] if 0 <= r < rows and 0 <= c < columns else None

    room_letters = {ltr: info for ltr, info in letters.items() if info[0] == "ROOM"}
    room_ids = {info[1]: ltr for ltr, info in room_letters.items()}
    room_squares: dict[str, set[Square]] = {info[1]: set() for info in room_letters.values()}
    wall_squares: dict[str, set[Square]] = {
        info[1]: set() for info in letters.values() if info[0] == "WALL"
    }
    marked_doors: set[Square] = set()
    for r, line in enumerate(grid):
        for c, ch in enumerate(line):
            info = letters.get(ch.upper())
            if info is None:
                continue
            (room_squares if info[0] == "ROOM" else wall_squares)[info[1]].add((r, c))
            if ch.islower():
                marked_doors.add((r, c))

    parsed_doors: list[Door] = []
    for line_no, room, sq, side in doors:
        if room not in room_ids:
            raise BoardFormatError(
                source, line_no, f"unknown room {room!r}; rooms: {', '.join(sorted(room_ids))}"
            )
        ch = at(sq)
        if ch is None or ch.upper() != room_ids[room]:
            raise BoardFormatError(source, line_no, f"square {sq} is not inside {room}")
        if sq not in marked_doors:
            raise BoardFormatError(
                source, line_no, f"door square {sq} is not marked with a lower-case letter"
            )
        dr, dc = SIDES[side]
        outside = (sq[0] + dr, sq[1] + dc)
        out_ch = at(outside)
        if out_ch is None or not (out_ch == CORRIDOR or out_ch.isdigit()):
            raise BoardFormatError(
                source, line_no, f"door {sq} opens {side} onto {outside}, which is not a corridor"
            )
        parsed_doors.append(Door(room, sq, side, outside))
    unlisted = marked_doors - {d.square for d in parsed_doors}
    if unlisted:
        raise BoardFormatError(
            source, grid_start, f"doorway marks without a DOOR record: {sorted(unlisted)}"
        )
    for rid, squares in room_squares.items():
        if not squares:
            raise BoardFormatError(source, grid_start, f"room {rid} has no squares in the grid")
        if not any(d.room == rid for d in parsed_doors) and not any(
            rid in (a, b) for _, a, b in passages
        ):
            raise BoardFormatError(source, grid_start, f"room {rid} has no door and no passage")

    start_squares: dict[str, Square] = {}
    start_numbers: dict[str, int] = {}
    for line_no, number, piece, sq in starts:
        if at(sq) != str(number):
            raise BoardFormatError(
                source, line_no, f"start {number} at {sq}: the grid shows {at(sq)!r} there"
            )
        if piece in start_squares:
            raise BoardFormatError(source, line_no, f"{piece} has two start squares")
        start_squares[piece] = sq
        start_numbers[piece] = number
    digits = {(r, c) for r, line in enumerate(grid) for c, ch in enumerate(line) if ch.isdigit()}
    missing = digits - set(start_squares.values())
    if missing:
        raise BoardFormatError(
            source, grid_start, f"start squares without a START record: {sorted(missing)}"
        )

    passage_map: dict[str, str] = {}
    for line_no, a, b in passages:
        for rid in (a, b):
            if rid not in room_ids:
                raise BoardFormatError(
                    source, line_no, f"unknown room {rid!r}; rooms: {', '.join(sorted(room_ids))}"
                )
        if a == b or a in passage_map or b in passage_map:
            raise BoardFormatError(
                source, line_no, "a room may have one secret passage, to another room"
            )
        passage_map[a], passage_map[b] = b, a

    return Board(
        id=board_id,
        columns=columns,
        rows=rows,
        grid=tuple(grid),
        rooms={
            info[1]: Room(info[1], ltr, info[2], frozenset(room_squares[info[1]]))
            for ltr, info in room_letters.items()
        },
        walls={wid: frozenset(sqs) for wid, sqs in wall_squares.items()},
        doors=tuple(parsed_doors),
        starts=start_squares,
        start_numbers=start_numbers,
        passages=passage_map,
    )


_cache: dict[str, Board] = {}


def load_board(name_or_path: str | Path) -> Board:
    """Load a board shipped in the package by name (``"classic"``) or from a file path.

    Boards shipped in the package are parsed once and cached: they never change.
    """
    if isinstance(name_or_path, Path) or "/" in name_or_path or name_or_path.endswith(".txt"):
        path = Path(name_or_path)
        return parse_board(path.read_text(encoding="utf-8"), str(path))
    cached = _cache.get(name_or_path)
    if cached is None:
        resource = resources.files("cluedo.content") / "boards" / f"{name_or_path}.txt"
        if not resource.is_file():
            raise FileNotFoundError(
                f"no board named {name_or_path!r}; shipped boards: {', '.join(shipped_boards())}"
            )
        cached = parse_board(resource.read_text(encoding="utf-8"), f"{name_or_path}.txt")
        _cache[name_or_path] = cached
    return cached


def shipped_boards() -> list[str]:
    folder = resources.files("cluedo.content") / "boards"
    return sorted(p.name[:-4] for p in folder.iterdir() if p.name.endswith(".txt"))
