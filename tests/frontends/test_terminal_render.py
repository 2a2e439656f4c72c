"""The terminal board renderer: tokens, weapons, reachable squares and the board window."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from rich.console import Console

from cluedo.content.board import load_board
from cluedo.engine import new_game
from cluedo.terminal.render import BoardLayout, render_board, visible_rows
from cluedo.terminal.screen import Panel, Screen

BOARD = load_board("classic")


def a_view(players: int = 4, seed: int = 2) -> dict[str, Any]:
    return new_game("classic", players=players, seed=seed).view(0)


def room_text(lines: list[str], room: str, cell: int) -> str:
    """Everything drawn over a room's squares, row by row."""
    squares = BOARD.rooms[room].squares
    out = []
    for r in sorted({sq[0] for sq in squares}):
        cols = [c for rr, c in squares if rr == r]
        out.append(lines[r][min(cols) * cell : (max(cols) + 1) * cell])
    return "\n".join(out)


@pytest.mark.parametrize("cell", [1, 2])
def test_every_token_on_a_corridor_square_is_drawn_there(cell: int) -> None:
    view = a_view()
    layout = BoardLayout.for_view(view)
    # Spread the six suspects over corridor squares all over the board.
    spots = [(6, 6), (8, 12), (16, 3), (17, 16), (13, 22), (23, 8)]
    view["positions"] = {s: list(sq) for s, sq in zip(view["positions"], spots, strict=True)}
    lines = [t.plain for t in render_board(layout, view, cell=cell)]
    assert len(lines) == BOARD.rows
    assert all(len(line) == BOARD.columns * cell for line in lines)
    for suspect, (r, c) in zip(view["positions"], spots, strict=True):
        drawn = lines[r][c * cell : (c + 1) * cell]
        expected = (
            layout.letters[suspect] if cell == 1 else layout.cards.card(suspect).code.capitalize()
        )
        assert drawn.strip() == expected, (suspect, drawn)


def test_token_letters_are_distinct_and_the_start_squares_hold_them() -> None:
    view = a_view(players=6)
    layout = BoardLayout.for_view(view)
    assert len(set(layout.letters.values())) == 6
    lines = [t.plain for t in render_board(layout, view)]
    for suspect, (r, c) in BOARD.starts.items():
        assert lines[r][c] == layout.letters[suspect]


@pytest.mark.parametrize("cell", [1, 2])
def test_tokens_and_weapons_in_rooms_are_drawn_inside_them(cell: int) -> None:
    view = a_view()
    layout = BoardLayout.for_view(view)
    view["positions"]["plum"] = "kitchen"
    view["positions"]["green"] = "kitchen"
    view["weapons"] = {w: "study" for w in view["weapons"]}  # all six in the smallest room
    lines = [t.plain for t in render_board(layout, view, cell=cell)]
    kitchen = room_text(lines, "kitchen", cell)
    for suspect in ("plum", "green"):
        mark = (
            layout.letters[suspect] if cell == 1 else layout.cards.card(suspect).code.capitalize()
        )
        assert mark in kitchen
    study = room_text(lines, "study", cell)
    for weapon in view["weapons"]:
        word = layout.cards.card(weapon).code if cell == 1 else layout.cards.name(weapon)
        if cell == 1:
            assert word in study, (weapon, study)
    if cell == 2:
        # Six weapon names cannot fit the Study two characters wide: the room shows what fits.
        assert "Candlestick" in study or "Knife" in study


@pytest.mark.parametrize("cell", [1, 2])
def test_room_names_are_drawn(cell: int) -> None:
    view = a_view()
    layout = BoardLayout.for_view(view)
    lines = [t.plain for t in render_board(layout, view, cell=cell)]
    for room in BOARD.rooms:
        name = layout.cards.name(room)
        assert name[:3] in room_text(lines, room, cell), room


def test_reachable_squares_and_rooms_are_labelled() -> None:
    view = a_view()
    layout = BoardLayout.for_view(view)
    labels = {(17, 5): "a", (18, 7): "b", (7, 3): "C"}
    lines = [t.plain for t in render_board(layout, view, labels=labels, room_marks={"lounge": "1"})]
    for (r, c), label in labels.items():
        assert lines[r][c] == label
    assert "(1)" in room_text(lines, "lounge", 1)
    assert "(1)" not in room_text(lines, "hall", 1)


def test_the_rendered_rows_can_be_a_window() -> None:
    view = a_view()
    layout = BoardLayout.for_view(view)
    full = [t.plain for t in render_board(layout, view)]
    window = [t.plain for t in render_board(layout, view, rows=range(2, 25))]
    assert window == full[2:25]


def test_the_board_window_keeps_the_most_wanted_rows() -> None:
    assert visible_rows(25, 30, [24]) == range(25)
    assert visible_rows(25, 23, [24]) == range(2, 25)
    assert visible_rows(25, 23, [0]) == range(0, 23)
    # The first wanted row outweighs all the others together.
    assert 24 in visible_rows(25, 23, [24, 0, 0, 1, 1])
    assert visible_rows(25, 23, [10]) in (range(0, 23), range(1, 24), range(2, 25))


def test_the_renderer_reads_only_the_view() -> None:
    view = a_view()
    before = copy.deepcopy(view)
    render_board(BoardLayout.for_view(view), view, cell=2)
    assert view == before


@pytest.mark.parametrize(("width", "height"), [(80, 24), (120, 40), (60, 30)])
def test_the_screen_fits_the_terminal(width: int, height: int) -> None:
    console = Console(width=width, height=height, record=True, force_terminal=False)
    view = a_view()
    panel = Panel(log=[f"event {i}" for i in range(100)])
    bottom = Screen(console).game(BoardLayout.for_view(view), view, panel, wanted_rows=[24])
    lines = console.export_text().splitlines()
    assert all(len(line) <= width for line in lines)
    if width >= 66:
        # Side by side: the last line is left for the prompt, after the board's last row.
        assert len(lines) == height - 1
        if height < BOARD.rows + 1:
            assert bottom.plain[7] == "S"  # row 24, where Miss Scarlet starts
        else:
            assert bottom.plain.strip() == ""  # the whole board is above
        assert len(bottom.plain) < width - 10
        assert "event 99" in lines[-1] or any("event 99" in line for line in lines)
        assert "event 0" not in "\n".join(lines)  # old log lines give way
    else:
        # Too narrow: the whole board, then the panel below it.
        assert len(lines) >= BOARD.rows
        assert bottom.plain == ""
    if width >= 100:
        assert "Conservatory" in "\n".join(lines)  # two characters per square
