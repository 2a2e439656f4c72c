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
from collections.abc import Collection
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
        if cached is None:
            cached = self._distances[node] = self.distances_through(node, ())
        return cached

    def distances_through(self, node: int, through: Collection[int]) -> tuple[int, ...]:
        """Like :meth:`distances_from`, but paths may also cross the ``through`` rooms
        (uncached: a rule set that needs it often keeps its own copy)."""
        unreachable = 10**6
        dist = [unreachable] * self.node_count
        dist[node] = 0
        queue = deque([node])
        while queue:
            cur = queue.popleft()
            if cur != node and self.is_room_node(cur) and cur not in through:
                continue
            for nxt in self.neighbours[cur]:
                if dist[nxt] == unreachable:
                    dist[nxt] = dist[cur] + 1
                    queue.append(nxt)
        return tuple(dist)


# -- parsing -----------------------------------------------------------------------


def _parse_square(text: str, source: str, line_no: int) -> Square:
    parts = text.split(",")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise BoardFormatError(source, line_no, f"expected a square as ROW,COL, got {text!r}")
    return int(parts[0]), int(parts[1])


@dataclass
class _Records:
    """What pass 1 read from a board file, each record with its line number."""

    source: str
    board_id: str | None = None
    columns: int = 0
    rows: int = 0
    letters: dict[str, tuple[str, str, bool]] = field(default_factory=dict)
    """letter -> (ROOM or WALL, id, crime scene)"""
    grid: list[str] = field(default_factory=list)
    grid_start: int = 0
    grid_closed: bool = False
    doors: list[tuple[int, str, Square, str]] = field(default_factory=list)
    starts: list[tuple[int, int, str, Square]] = field(default_factory=list)
    passages: list[tuple[int, str, str]] = field(default_factory=list)

    def error(self, line_no: int, message: str) -> BoardFormatError:
        return BoardFormatError(self.source, line_no, message)

    def read(self, lines: list[str]) -> None:
        """Read every record; raise on the first line that is not well formed."""
        in_grid = False
        for line_no, raw in enumerate(lines, start=1):
            line = raw.rstrip()
            if in_grid:
                in_grid = self._grid_line(line_no, line)
                continue
            if not line or line.startswith("#"):
                continue
            word, *args = line.split()
            if word == "GRID":
                if self.board_id is None:
                    raise self.error(line_no, "GRID before BOARD")
                if self.grid_start:
                    raise self.error(line_no, "a board has one GRID")
                in_grid, self.grid_start = True, line_no
            else:
                self._record(line_no, word, args)
        if in_grid:
            raise self.error(self.grid_start, "GRID is never closed by END")
        if self.board_id is None or not self.grid_closed:
            raise self.error(1, "a board needs a BOARD record and a GRID")

    def _grid_line(self, line_no: int, line: str) -> bool:
        """Read one line inside GRID ... END; return whether the grid goes on."""
        if line == "END":
            if len(self.grid) != self.rows:
                raise self.error(
                    line_no, f"grid has {len(self.grid)} lines, BOARD declares {self.rows}"
                )
            self.grid_closed = True
            return False
        if len(self.grid) == self.rows:
            raise self.error(line_no, f"grid has more than the {self.rows} lines BOARD declares")
        if len(line) != self.columns:
            raise self.error(
                line_no, f"grid line has {len(line)} squares, BOARD declares {self.columns}"
            )
        for col, ch in enumerate(line):
            if ch in (OFF_BOARD, CORRIDOR) or ch.isdigit():
                continue
            kind = self.letters.get(ch.upper(), ("", "", False))[0]
            if not kind:
                raise self.error(
                    line_no,
                    f"unknown square {ch!r} at column {col}; allowed: '*', '.', digits, "
                    f"and the declared letters {''.join(sorted(self.letters))} "
                    "(lower case for a doorway)",
                )
            if ch.islower() and kind != "ROOM":
                raise self.error(line_no, f"doorway mark {ch!r} at column {col} is not a room")
        self.grid.append(line)
        return True

    def _record(self, line_no: int, word: str, args: list[str]) -> None:
        if word == "BOARD":
            if self.board_id is not None:
                raise self.error(line_no, "a board has one BOARD record")
            if len(args) != 3 or not args[1].isdigit() or not args[2].isdigit():
                raise self.error(line_no, "expected BOARD <id> <columns> <rows>")
            self.board_id, self.columns, self.rows = args[0], int(args[1]), int(args[2])
        elif word in ("ROOM", "WALL"):
            if self.board_id is None:
                raise self.error(line_no, f"{word} before BOARD")
            if self.grid_start:
                raise self.error(line_no, f"{word} after GRID: declare letters before the grid")
            if len(args) not in (2, 3) or len(args[0]) != 1 or not args[0].isupper():
                scene = " [scene|noscene]" if word == "ROOM" else ""
                raise self.error(line_no, f"expected {word} <upper-case letter> <id>{scene}")
            scene_flag = True
            if len(args) == 3:
                if word == "WALL" or args[2] not in ("scene", "noscene"):
                    raise self.error(line_no, f"unexpected {args[2]!r}; allowed: scene, noscene")
                scene_flag = args[2] == "scene"
            if args[0] in self.letters:
                raise self.error(line_no, f"letter {args[0]} declared twice")
            if any(info[1] == args[1] for info in self.letters.values()):
                raise self.error(line_no, f"{args[1]} declared twice")
            self.letters[args[0]] = (word, args[1], scene_flag)
        elif word == "DOOR":
            if len(args) != 3 or args[2] not in SIDES:
                raise self.error(line_no, "expected DOOR <room-id> <row>,<col> <N|S|E|W>")
            square = _parse_square(args[1], self.source, line_no)
            self.doors.append((line_no, args[0], square, args[2]))
        elif word == "START":
            if len(args) != 3 or not args[0].isdigit():
                raise self.error(line_no, "expected START <n> <piece-id> <row>,<col>")
            square = _parse_square(args[2], self.source, line_no)
            self.starts.append((line_no, int(args[0]), args[1], square))
        elif word == "PASSAGE":
            if len(args) != 2:
                raise self.error(line_no, "expected PASSAGE <room-id> <room-id>")
            self.passages.append((line_no, args[0], args[1]))
        else:
            raise self.error(
                line_no,
                f"unknown record {word!r}; allowed: BOARD, ROOM, WALL, GRID, DOOR, START, PASSAGE",
            )


def parse_board(text: str, source: str = "<board>") -> Board:
    """Parse and validate board text; raise :class:`BoardFormatError` on the first bad line.

    Pass 1 reads the records and stops at the first line it cannot read. Pass 2
    checks what the records read so far mean (doors open onto corridors, start
    squares are marked, passages join rooms). Whichever problem sits on the
    earliest line is the one reported, so fixing errors top to bottom works.
    Whole-board problems (a room with no door, a start square with no record)
    are checked last, once every line is right, and name the GRID line.

    >>> parse_board("BOARD tiny 2 1\\nGRID\\n.Q\\nEND")
    Traceback (most recent call last):
    ...
    cluedo.content.board.BoardFormatError: <board>, line 3: unknown square 'Q' at column 1; \
allowed: '*', '.', digits, and the declared letters  (lower case for a doorway)
    """
    rec = _Records(source)
    read_error: BoardFormatError | None = None
    try:
        rec.read(text.splitlines())
    except BoardFormatError as err:
        read_error = err
        if not rec.grid_closed:
            raise  # without the whole grid no record after it can be checked
    grid, rows, columns = rec.grid, rec.rows, rec.columns
    problems: list[tuple[int, str]] = []

    def at(sq: Square) -> str | None:
        r, c = sq
        return grid[r][c] if 0 <= r < rows and 0 <= c < columns else None

    room_letters = {ltr: info for ltr, info in rec.letters.items() if info[0] == "ROOM"}
    room_ids = {info[1]: ltr for ltr, info in room_letters.items()}
    known_rooms = ", ".join(sorted(room_ids))
    room_squares: dict[str, set[Square]] = {info[1]: set() for info in room_letters.values()}
    wall_squares: dict[str, set[Square]] = {
        info[1]: set() for info in rec.letters.values() if info[0] == "WALL"
    }
    marked_doors: set[Square] = set()
    for r, line in enumerate(grid):
        for c, ch in enumerate(line):
            info = rec.letters.get(ch.upper())
            if info is None:
                continue
            (room_squares if info[0] == "ROOM" else wall_squares)[info[1]].add((r, c))
            if ch.islower():
                marked_doors.add((r, c))

    parsed_doors: list[Door] = []
    for line_no, room, sq, side in rec.doors:
        dr, dc = SIDES[side]
        outside = (sq[0] + dr, sq[1] + dc)
        out_ch = at(outside)
        inside = at(sq)
        if room not in room_ids:
            problems.append((line_no, f"unknown room {room!r}; rooms: {known_rooms}"))
        elif inside is None or inside.upper() != room_ids[room]:
            problems.append((line_no, f"square {sq} is not inside {room}"))
        elif sq not in marked_doors:
            problems.append((line_no, f"door square {sq} is not marked with a lower-case letter"))
        elif out_ch is None or not (out_ch == CORRIDOR or out_ch.isdigit()):
            problems.append(
                (line_no, f"door {sq} opens {side} onto {outside}, which is not a corridor")
            )
        elif any(d.square == sq and d.side == side for d in parsed_doors):
            problems.append((line_no, f"door {sq} {side} is listed twice"))
        else:
            parsed_doors.append(Door(room, sq, side, outside))

    start_squares: dict[str, Square] = {}
    start_numbers: dict[str, int] = {}
    for line_no, number, piece, sq in rec.starts:
        if at(sq) != str(number):
            problems.append((line_no, f"start {number} at {sq}: the grid shows {at(sq)!r} there"))
        elif piece in start_squares:
            problems.append((line_no, f"{piece} has two start squares"))
        elif number in start_numbers.values():
            problems.append((line_no, f"start number {number} is used twice"))
        else:
            start_squares[piece] = sq
            start_numbers[piece] = number

    passage_map: dict[str, str] = {}
    for line_no, a, b in rec.passages:
        unknown = [rid for rid in (a, b) if rid not in room_ids]
        if unknown:
            problems.append((line_no, f"unknown room {unknown[0]!r}; rooms: {known_rooms}"))
        elif a == b or a in passage_map or b in passage_map:
            problems.append((line_no, "a room may have one secret passage, to another room"))
        else:
            passage_map[a], passage_map[b] = b, a

    if problems:
        line_no, message = min(problems)
        if read_error is None or line_no < read_error.line_no:
            raise BoardFormatError(source, line_no, message)
    if read_error is not None:
        raise read_error

    unlisted = marked_doors - {d.square for d in parsed_doors}
    if unlisted:
        raise rec.error(rec.grid_start, f"doorway marks without a DOOR record: {sorted(unlisted)}")
    for rid, squares in room_squares.items():
        if not squares:
            raise rec.error(rec.grid_start, f"room {rid} has no squares in the grid")
        if not any(d.room == rid for d in parsed_doors) and rid not in passage_map:
            raise rec.error(rec.grid_start, f"room {rid} has no door and no passage")
    digits = {(r, c) for r, line in enumerate(grid) for c, ch in enumerate(line) if ch.isdigit()}
    missing = digits - set(start_squares.values())
    if missing:
        raise rec.error(rec.grid_start, f"start squares without a START record: {sorted(missing)}")

    assert rec.board_id is not None
    return Board(
        id=rec.board_id,
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
