"""The board loader validates a board file and reports the first bad line."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from cluedo.content import BoardFormatError, load_board
from cluedo.content.board import parse_board

CLASSIC = (resources.files("cluedo.content") / "boards" / "classic.txt").read_text("utf-8")
LINES = CLASSIC.splitlines()


def line_of(text: str) -> int:
    """1-based number of the classic file's line that starts with ``text`` (exactly one)."""
    found = [i for i, line in enumerate(LINES, start=1) if line.startswith(text)]
    assert len(found) == 1, (text, found)
    return found[0]


def grid_line(row: int) -> int:
    return line_of("GRID") + 1 + row


def edit(*changes: tuple[int, str | None]) -> str:
    """The classic file with lines replaced (``None`` deletes the line)."""
    lines = list(LINES)
    for number, new in changes:
        lines[number - 1] = new  # type: ignore[call-overload]
    return "\n".join(line for line in lines if line is not None)


def replace_square(row: int, col: int, ch: str) -> tuple[int, str]:
    line = LINES[grid_line(row) - 1]
    return grid_line(row), line[:col] + ch + line[col + 1 :]


def error_of(text: str) -> BoardFormatError:
    with pytest.raises(BoardFormatError) as caught:
        parse_board(text, "broken.txt")
    return caught.value


def test_the_shipped_board_is_valid() -> None:
    board = parse_board(CLASSIC, "classic.txt")
    assert board.id == "classic"


BROKEN = {
    "bad grid width": (
        lambda: edit((grid_line(3), LINES[grid_line(3) - 1][:-1])),
        lambda: grid_line(3),
        "grid line has 23 squares, BOARD declares 24",
    ),
    "grid line too wide": (
        lambda: edit((grid_line(0), LINES[grid_line(0) - 1] + "*")),
        lambda: grid_line(0),
        "grid line has 25 squares",
    ),
    "unknown letter": (
        lambda: edit(replace_square(10, 3, "Q")),
        lambda: grid_line(10),
        "unknown square 'Q' at column 3",
    ),
    "doorway mark on a wall area": (
        lambda: edit(replace_square(12, 11, "x")),
        lambda: grid_line(12),
        "doorway mark 'x' at column 11 is not a room",
    ),
    "too few grid lines": (
        lambda: edit((grid_line(5), None)),
        lambda: line_of("END") - 1,
        "grid has 24 lines, BOARD declares 25",
    ),
    "grid never closed": (
        lambda: edit((line_of("END"), "# no end")),
        lambda: grid_line(25),  # the line where END should be
        "grid has more than the 25 lines",
    ),
    "door not opening onto a corridor": (
        lambda: edit((line_of("DOOR kitchen"), "DOOR kitchen 6,4 N")),
        lambda: line_of("DOOR kitchen"),
        "door (6, 4) opens N onto (5, 4), which is not a corridor",
    ),
    "door opening into its own room": (
        lambda: edit((line_of("DOOR lounge"), "DOOR lounge 19,6 W")),
        lambda: line_of("DOOR lounge"),
        "opens W onto (19, 5), which is not a corridor",
    ),
    "door square not in its room": (
        lambda: edit((line_of("DOOR lounge"), "DOOR lounge 6,4 S")),
        lambda: line_of("DOOR lounge"),
        "square (6, 4) is not inside lounge",
    ),
    "door square without a doorway mark": (
        lambda: edit((line_of("DOOR kitchen"), "DOOR kitchen 5,4 E")),
        lambda: line_of("DOOR kitchen"),
        "not marked with a lower-case letter",
    ),
    "door of an unknown room": (
        lambda: edit((line_of("DOOR kitchen"), "DOOR scullery 6,4 S")),
        lambda: line_of("DOOR kitchen"),
        "unknown room 'scullery'",
    ),
    "door with a bad side": (
        lambda: edit((line_of("DOOR kitchen"), "DOOR kitchen 6,4 Q")),
        lambda: line_of("DOOR kitchen"),
        "expected DOOR <room-id> <row>,<col> <N|S|E|W>",
    ),
    "door with a bad square": (
        lambda: edit((line_of("DOOR kitchen"), "DOOR kitchen 6;4 S")),
        lambda: line_of("DOOR kitchen"),
        "expected a square as ROW,COL, got '6;4'",
    ),
    "doorway mark without a DOOR": (
        lambda: edit((line_of("DOOR kitchen"), None)),
        lambda: line_of("GRID"),
        "doorway marks without a DOOR record: [(6, 4)]",
    ),
    "missing START": (
        lambda: edit((line_of("START 6"), None)),
        lambda: line_of("GRID"),
        "start squares without a START record: [(19, 23)]",
    ),
    "START on a square without its number": (
        lambda: edit((line_of("START 6"), "START 6 plum 19,22")),
        lambda: line_of("START 6"),
        "start 6 at (19, 22): the grid shows '.' there",
    ),
    "two starts for one piece": (
        lambda: edit((line_of("START 6"), "START 6 peacock 19,23")),
        lambda: line_of("START 6"),
        "peacock has two start squares",
    ),
    "unknown room in PASSAGE": (
        lambda: edit((line_of("PASSAGE kitchen"), "PASSAGE kitchen attic")),
        lambda: line_of("PASSAGE kitchen"),
        "unknown room 'attic'",
    ),
    "second passage from one room": (
        lambda: edit((line_of("PASSAGE conservatory"), "PASSAGE conservatory study")),
        lambda: line_of("PASSAGE conservatory"),
        "a room may have one secret passage",
    ),
    "PASSAGE with one room": (
        lambda: edit((line_of("PASSAGE kitchen"), "PASSAGE kitchen")),
        lambda: line_of("PASSAGE kitchen"),
        "expected PASSAGE <room-id> <room-id>",
    ),
    "unknown record": (
        lambda: edit((line_of("PASSAGE kitchen"), "STAIRS kitchen cellar")),
        lambda: line_of("PASSAGE kitchen"),
        "unknown record 'STAIRS'",
    ),
    "letter declared twice": (
        lambda: edit((line_of("ROOM O"), "ROOM K lounge")),
        lambda: line_of("ROOM O"),
        "letter K declared twice",
    ),
    "bad BOARD record": (
        lambda: edit((line_of("BOARD"), "BOARD classic wide 25")),
        lambda: line_of("BOARD"),
        "expected BOARD <id> <columns> <rows>",
    ),
    "room with no door and no passage": (
        lambda: edit(
            (line_of("DOOR dining_room 12,7"), None),
            (line_of("DOOR dining_room 15,6"), None),
            replace_square(12, 7, "D"),
            replace_square(15, 6, "D"),
        ),
        lambda: line_of("GRID"),
        "room dining_room has no door and no passage",
    ),
    "room with no squares": (
        lambda: edit((line_of("WALL X"), "WALL X cellar\nROOM Z attic")),
        lambda: line_of("GRID") + 1,
        "room attic has no squares in the grid",
    ),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_broken_board_reports_its_bad_line(case: str) -> None:
    make_text, expected_line, message = BROKEN[case]
    error = error_of(make_text())
    assert error.line_no == expected_line()
    assert message in str(error)
    assert str(error).startswith(f"broken.txt, line {expected_line()}: ")


def test_the_first_bad_line_is_reported_even_when_a_later_line_cannot_be_read() -> None:
    # A door that opens onto a wall (a meaning error, found after reading) comes
    # before an unreadable PASSAGE line: the door's line is reported.
    text = edit(
        (line_of("DOOR kitchen"), "DOOR kitchen 6,4 N"),
        (line_of("PASSAGE kitchen"), "PASSAGE kitchen"),
    )
    assert error_of(text).line_no == line_of("DOOR kitchen")
    # And the other way round: an unreadable line before a bad door is reported.
    text = edit(
        (line_of("DOOR kitchen"), "DOOR kitchen 6;4 S"),
        (line_of("DOOR study"), "DOOR study 21,17 E"),
    )
    assert error_of(text).line_no == line_of("DOOR kitchen")
    # Two meaning errors: the earlier line wins, whatever the record type.
    text = edit(
        (line_of("DOOR dining_room 15,6"), "DOOR dining_room 15,6 N"),
        (line_of("DOOR ballroom 5,8"), "DOOR ballroom 5,8 E"),
    )
    assert error_of(text).line_no == line_of("DOOR ballroom 5,8")


def test_error_message_lists_what_is_allowed() -> None:
    error = error_of(edit(replace_square(10, 3, "Q")))
    assert "allowed: '*', '.', digits, and the declared letters" in str(error)
    error = error_of(edit((line_of("PASSAGE kitchen"), "PASSAGE kitchen attic")))
    assert "rooms: ballroom, billiard_room, conservatory" in str(error)


def test_empty_or_gridless_file_is_refused() -> None:
    assert error_of("").line_no == 1
    assert "needs a BOARD record and a GRID" in str(error_of("BOARD x 2 2\n"))


def test_load_board_by_path_and_unknown_name(tmp_path: Path) -> None:
    path = tmp_path / "mine.txt"
    path.write_text(CLASSIC, encoding="utf-8")
    assert load_board(path).rooms.keys() == load_board("classic").rooms.keys()
    path.write_text(edit(replace_square(10, 3, "Q")), encoding="utf-8")
    with pytest.raises(BoardFormatError, match=r"mine\.txt, line"):
        load_board(path)
    with pytest.raises(FileNotFoundError, match="shipped boards: classic"):
        load_board("atlantis")
