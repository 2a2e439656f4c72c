"""Drawing the board for the terminal: one or two characters per square, in colour.

:func:`render_board` turns a seat's view into one :class:`rich.text.Text` per
board row. Corridor squares show a dot, or the letter of the suspect standing
there, or - while the seat is choosing a move - the label (a, b, c...) of a
square it can reach. Rooms are shaded; each shows its name, the suspects and
weapons inside it, and its menu number when it can be entered this move.

>>> from cluedo.engine import new_game
>>> game = new_game("classic", players=3, seed=1)
>>> lines = render_board(BoardLayout.for_view(game.view(0)), game.view(0))
>>> len(lines), lines[24].plain[7]    # 25 rows; Miss Scarlet on her start square
(25, 'S')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.style import Style
from rich.text import Text

from cluedo.content.board import CORRIDOR, OFF_BOARD, Board, Square, load_board
from cluedo.content.cards import CardSet, load_card_set
from cluedo.frontends.terminal_text import token_letters, token_style

ROOM_BG = "grey23"
DOOR_BG = "grey46"
REACHABLE_BG = "dark_goldenrod"
CORRIDOR_STYLE = Style(color="grey50")
ROOM_NAME_STYLE = Style(color="grey93", bgcolor=ROOM_BG, bold=True)
WEAPON_STYLE = Style(color="cyan", bgcolor=ROOM_BG)
LABEL_STYLE = Style(color="black", bgcolor="yellow1", bold=True)
ROOM_MARK_STYLE = Style(color="black", bgcolor="yellow1", bold=True)
CELLAR_STYLE = Style(color="grey30")
LABELS = "abcdefgijkmoprstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""Labels for reachable squares: one character each so they fit a one-character square,
and never h, l, n or q, which stay shortcuts for help, log, notebook and quit."""


@dataclass
class BoardLayout:
    """A board with its cards, and where each room's words go (computed once)."""

    board: Board
    cards: CardSet
    letters: dict[str, str] = field(init=False)
    spans: dict[str, list[tuple[int, int, int]]] = field(init=False)
    """Per room: (row, first col, last col) of the rows where its words fit, top to bottom."""

    def __post_init__(self) -> None:
        self.letters = token_letters(self.cards)
        door_squares = {d.square for d in self.board.doors}
        self.spans = {}
        for rid, room in self.board.rooms.items():
            rows: dict[int, list[int]] = {}
            for r, c in room.squares:
                if (r, c) not in door_squares:
                    rows.setdefault(r, []).append(c)
            spans = []
            for r in sorted(rows):
                best = _longest_run(sorted(rows[r]))
                if best[1] - best[0] + 1 >= 3:
                    spans.append((r, best[0], best[1]))
            self.spans[rid] = spans

    @classmethod
    def for_view(cls, view: Mapping[str, Any]) -> BoardLayout:
        return cls(load_board(view["board"]), load_card_set("classic", view["edition"]))


def _longest_run(cols: list[int]) -> tuple[int, int]:
    best = (cols[0], cols[0])
    start = prev = cols[0]
    for c in cols[1:]:
        if c != prev + 1:
            start = c
        prev = c
        if c - start > best[1] - best[0]:
            best = (start, c)
    return best


def _square(location: Any) -> Square | None:
    if isinstance(location, (list, tuple)) and len(location) == 2:
        return (int(location[0]), int(location[1]))
    return None


def _wrap_name(name: str, width: int) -> list[str]:
    """A room name in lines of at most ``width`` characters, cutting long words with '.'."""
    if len(name) <= width:
        return [name]
    lines: list[str] = []
    for word in name.split():
        if len(word) > width:
            word = word[: width - 1] + "."
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _pack(items: Sequence[str], width: int) -> list[str]:
    """Words joined by spaces into lines no wider than ``width``."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + 1 + len(item) <= width:
            lines[-1] += " " + item
        else:
            lines.append(item[:width])
    return lines


def render_board(
    layout: BoardLayout,
    view: Mapping[str, Any],
    labels: Mapping[Square, str] | None = None,
    room_marks: Mapping[str, str] | None = None,
    cell: int = 1,
    rows: range | None = None,
) -> list[Text]:
    """The board as one Text per row (``rows`` picks which), ``cell`` characters per square.

    ``labels`` maps reachable corridor squares to their label; ``room_marks`` maps
    reachable rooms to their menu number. Only the view is read: positions of
    tokens and weapons are public, and nothing else is drawn.
    """
    board, cards = layout.board, layout.cards
    labels = labels or {}
    room_marks = room_marks or {}
    seat = view.get("seat")
    own = view["characters"][seat] if isinstance(seat, int) else None
    # Each square is a list of `cell` (character, style) pairs; words are laid over it.
    grid: list[list[tuple[str, Style]]] = []
    start_owner = {sq: p for p, sq in board.starts.items()}
    doors = {d.square for d in board.doors}
    for r, line in enumerate(board.grid):
        out: list[tuple[str, Style]] = []
        for c, ch in enumerate(line):
            if ch == OFF_BOARD:
                glyphs = [(" ", Style())] * cell
            elif ch == CORRIDOR or ch.isdigit():
                owner = start_owner.get((r, c))
                style = (
                    Style.parse(token_style(cards, owner)) + Style(bold=False, dim=True)
                    if owner
                    else CORRIDOR_STYLE
                )
                glyphs = [(" ", Style())] * (cell - 1) + [("·", style)]
            elif ch.upper() in {room.letter for room in board.rooms.values()}:
                bg = DOOR_BG if (r, c) in doors else ROOM_BG
                rid = board.room_at[(r, c)]
                if rid in room_marks:
                    bg = REACHABLE_BG if (r, c) not in doors else DOOR_BG
                glyphs = [(" ", Style(bgcolor=bg))] * cell
            else:
                glyphs = [("░", CELLAR_STYLE)] * cell
            out.extend(glyphs)
        grid.append(out)

    def put(r: int, col: int, text: str, style: Style) -> None:
        for i, ch in enumerate(text):
            if 0 <= col + i < len(grid[r]):
                grid[r][col + i] = (ch, style)

    # Tokens and labels in the corridor.
    for square, label in labels.items():
        put(square[0], square[1] * cell + cell - 1, label, LABEL_STYLE)
    in_room: dict[str, list[str]] = {}
    for piece, location in view["positions"].items():
        sq = _square(location)
        style = Style.parse(token_style(cards, piece))
        if piece == own:
            style += Style(reverse=True)
        if sq is not None:
            text = layout.letters[piece] if cell == 1 else cards.card(piece).code.capitalize()
            put(sq[0], sq[1] * cell + cell - len(text), text, style)
        else:
            in_room.setdefault(location, []).append(piece)
    weapons_in: dict[str, list[str]] = {}
    for weapon, room in view["weapons"].items():
        weapons_in.setdefault(room, []).append(weapon)

    # Words in rooms: menu mark, name, suspects, weapons; the least needed go first
    # when a room is too small for all of them.
    for rid, spans in layout.spans.items():
        if not spans:
            continue
        # The typical row width: a notch in one row (a doorway) should not shrink the name.
        widths = sorted(c2 - c1 + 1 for _, c1, c2 in spans)
        width = widths[len(widths) // 2] * cell
        name_lines = _wrap_name(cards.name(rid), width)
        suspects = in_room.get(rid, [])
        weapon_words = [
            cards.card(w).code if cell == 1 else cards.name(w) for w in weapons_in.get(rid, [])
        ]
        weapon_lines = _pack(weapon_words, width) if weapon_words else []
        suspect_line: list[tuple[str, Style]] = []
        for piece in suspects:
            style = Style.parse(token_style(cards, piece)) + Style(bgcolor=ROOM_BG)
            if piece == own:
                style += Style(reverse=True)
            text = layout.letters[piece] if cell == 1 else cards.card(piece).code.capitalize()
            if suspect_line and cell > 1:
                suspect_line.append((" ", Style(bgcolor=ROOM_BG)))
            suspect_line.extend((ch, style) for ch in text)
        content: list[list[tuple[str, Style]]] = []
        mark = room_marks.get(rid)
        if mark is not None:
            content.append([(ch, ROOM_MARK_STYLE) for ch in f"({mark})"])
        name_rows = [[(ch, ROOM_NAME_STYLE) for ch in line] for line in name_lines]
        extra = [suspect_line] if suspect_line else []
        extra += [[(ch, WEAPON_STYLE) for ch in line] for line in weapon_lines]
        while len(content) + len(name_rows) + len(extra) > len(spans) and name_rows:
            name_rows.pop()
        content += name_rows + extra
        content = content[: len(spans)]
        first = 1 if len(spans) > len(content) + 1 else 0
        for (r, c1, c2), words in zip(spans[first:], content, strict=False):
            span_width = (c2 - c1 + 1) * cell
            offset = c1 * cell + max(0, (span_width - len(words)) // 2)
            for i, (ch, style) in enumerate(words[:span_width]):
                grid[r][offset + i] = (ch, style)

    out_rows = rows if rows is not None else range(board.rows)
    lines = []
    for r in out_rows:
        row_text = Text(no_wrap=True, overflow="crop")
        # Runs of one style become one span: less output for the terminal to draw.
        run, run_style = "", Style()
        for ch, style in grid[r]:
            if style != run_style and run:
                row_text.append(run, run_style)
                run = ""
            run, run_style = run + ch, style
        if run:
            row_text.append(run, run_style)
        lines.append(row_text)
    return lines


def visible_rows(total: int, height: int, wanted: Sequence[int]) -> range:
    """The ``height`` consecutive rows of ``total`` showing the most of ``wanted`` rows.

    ``wanted`` lists rows in priority order (earlier ones weigh more), so the
    person's own token and the reachable squares stay in view on a short screen.

    >>> visible_rows(25, 23, [24, 0])
    range(2, 25)
    """
    if height >= total:
        return range(total)
    best_start, best_score = 0, -1.0
    weights: dict[int, float] = {}
    for i, row in enumerate(wanted):
        weights.setdefault(row, 2.0 ** -min(i, 30))
    for start in range(total - height + 1):
        score = sum(w for row, w in weights.items() if start <= row < start + height)
        if score > best_score + 1e-12:
            best_start, best_score = start, score
    return range(best_start, best_start + height)
