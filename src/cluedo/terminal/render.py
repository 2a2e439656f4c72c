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
from cluedo.content.cards import CardSet, CardSetError, load_card_set
from cluedo.terminal.text import token_letters, token_style

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


TITLES = frozenset({"sir", "dame", "lady", "lord", "king", "queen", "the"})
"""Words of a name that say rank, not who: 'Sir Amig' is drawn as Am, not Si."""


def _own_name(piece: str) -> str:
    """The part of a piece's name that tells it from the others ('Amig' of 'Sir Amig')."""
    words = [w for w in piece.replace("_", " ").split() if w.isalnum()]
    own = [w for w in words if w.lower() not in TITLES]
    return "".join(own or words) or piece


@dataclass
class BoardLayout:
    """A board with its cards, and where each room's words go (computed once)."""

    board: Board
    cards: CardSet
    letters: dict[str, str] = field(init=False)
    codes: dict[str, str] = field(init=False)
    """Two letters for each piece that is not a card, given as they are first drawn."""
    spans: dict[str, list[tuple[int, int, int]]] = field(init=False)
    """Per room: (row, first col, last col) of the rows where its words fit, top to bottom."""

    def __post_init__(self) -> None:
        self.letters = token_letters(self.cards)
        self.codes = {}
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
        cards = load_card_set(str(view.get("card_set") or "classic"), view.get("edition"))
        return cls(load_board(view["board"]), cards)

    def letter(self, piece: str) -> str:
        """The piece's token letter; a piece that is not a suspect card gets a free one."""
        if piece not in self.letters:
            taken = set(self.letters.values())
            for ch in _own_name(piece).upper() + "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789":
                if ch.isalnum() and ch not in taken:
                    self.letters[piece] = ch
                    break
            else:
                self.letters[piece] = "?"
        return self.letters[piece]

    def style(self, piece: str) -> str:
        try:
            return token_style(self.cards, piece)
        except CardSetError:
            return "bold"

    def code(self, piece: str) -> str:
        """Two characters for a piece on a wide board ('Gr'), from its card code or name.

        A piece that is not a card (a knight, say) is known by its own name, not
        its title, and never shares its two letters with another such piece.
        """
        try:
            return self.cards.card(piece).code.capitalize()
        except CardSetError:
            pass
        if piece not in self.codes:
            own = _own_name(piece)
            taken = set(self.codes.values())
            pairs = [own[:1] + ch for ch in own[1:]] + [own[:1] + ch for ch in "XYZ23456789"]
            self.codes[piece] = next(
                (p.capitalize() for p in pairs if p.capitalize() not in taken), own[:2].capitalize()
            )
        return self.codes[piece]

    def room_name(self, room: str) -> str:
        try:
            return self.cards.name(room)
        except CardSetError:
            return room.replace("_", " ").title()

    def nearest_room_distance(self, square: Square) -> int:
        """Steps from a square to the nearest room (menus list squares near rooms first)."""
        board = self.board
        node = board.node(square)
        return min(board.distances_from(board.node(room))[node] for room in board.rooms)


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


Glyphs = list[tuple[str, Style]]


@dataclass
class Block:
    """Words laid out together in a room (its name, its suspects, its weapons)."""

    words: list[Glyphs]
    sep: str = " "


def _styled(text: str, style: Style) -> Glyphs:
    return [(ch, style) for ch in text]


def _place_in_room(
    spans: list[tuple[int, int, int]], blocks: list[Block], cell: int, crop: bool = False
) -> list[tuple[tuple[int, int, int], Glyphs]] | None:
    """Lay blocks over a room's rows, each row as wide as the room is there.

    Tries leaving the top row free (it looks better), then not, and keeps the
    layout that cuts the fewest letters from long words; returns None if
    the blocks do not fit, unless ``crop``, which keeps whatever fits.
    """
    best: list[tuple[tuple[int, int, int], Glyphs]] | None = None
    best_cuts = 10**6
    for first in (1, 0):
        rows = spans[first:]
        out: list[tuple[tuple[int, int, int], Glyphs]] = []
        cuts = 0
        fits = True
        for block in blocks:
            words = list(block.words)
            while words and fits:
                if len(out) >= len(rows):
                    fits = False
                    break
                span = rows[len(out)]
                width = (span[2] - span[1] + 1) * cell
                line: Glyphs = []
                while words:
                    word = words[0]
                    if len(word) > width:
                        word = [*word[: width - 1], (".", word[0][1])]
                    gap = _styled(block.sep, Style(bgcolor=ROOM_BG)) if line else []
                    if len(line) + len(gap) + len(word) > width:
                        break
                    cuts += len(words[0]) - len(word) + 1 if word is not words[0] else 0
                    line += gap + word
                    words.pop(0)
                out.append((span, line))
        if (fits or crop) and cuts < best_cuts:
            best, best_cuts = out, cuts
    return best


def render_board(
    layout: BoardLayout,
    view: Mapping[str, Any],
    labels: Mapping[Square, str] | None = None,
    room_marks: Mapping[str, str] | None = None,
    cell: int = 1,
    rows: range | None = None,
    marks: Mapping[Square, tuple[str, str]] | None = None,
) -> list[Text]:
    """The board as one Text per row (``rows`` picks which), ``cell`` characters per square.

    ``labels`` maps reachable corridor squares to their label; ``room_marks`` maps
    reachable rooms to their menu number; ``marks`` puts a rule set's own glyphs
    (a gem) on corridor squares, under tokens and labels. Only the view is read: positions of
    tokens and weapons are public, and nothing else is drawn.
    """
    board = layout.board
    labels = labels or {}
    room_marks = room_marks or {}
    seat = view.get("seat")
    characters = view.get("characters") or []
    own = characters[seat] if isinstance(seat, int) and seat < len(characters) else None
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
                    Style.parse(layout.style(owner)) + Style(bold=False, dim=True)
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

    # A rule set's marks, then labels and tokens in the corridor (each over the last).
    for square, (glyph, mark_style) in (marks or {}).items():
        put(square[0], square[1] * cell + cell - len(glyph), glyph, Style.parse(mark_style))
    for square, label in labels.items():
        put(square[0], square[1] * cell + cell - 1, label, LABEL_STYLE)
    in_room: dict[str, list[str]] = {}
    for piece, location in view["positions"].items():
        sq = _square(location)
        style = Style.parse(layout.style(piece))
        if piece == own:
            style += Style(reverse=True)
        if sq is not None:
            text = layout.letter(piece) if cell == 1 else layout.code(piece)
            put(sq[0], sq[1] * cell + cell - len(text), text, style)
        else:
            in_room.setdefault(location, []).append(piece)
    weapons_in: dict[str, list[str]] = {}
    for weapon, room in (view.get("weapons") or {}).items():
        weapons_in.setdefault(room, []).append(weapon)

    # Words in rooms: menu mark, name, suspects, weapons. The name gives way first
    # when a room is too small for all of them.
    room_style = Style(bgcolor=ROOM_BG)
    for rid, spans in layout.spans.items():
        if not spans:
            continue
        blocks: list[Block] = []
        mark = room_marks.get(rid)
        if mark is not None:
            blocks.append(Block([_styled(f"({mark})", ROOM_MARK_STYLE)]))
        name = Block([_styled(w, ROOM_NAME_STYLE) for w in layout.room_name(rid).split()], " ")
        blocks.append(name)
        suspects = []
        for piece in in_room.get(rid, []):
            style = Style.parse(layout.style(piece)) + room_style
            if piece == own:
                style += Style(reverse=True)
            text = layout.letter(piece) if cell == 1 else layout.code(piece)
            suspects.append(_styled(text, style))
        if suspects:
            blocks.append(Block(suspects, "" if cell == 1 else " "))
        weapon_words = [
            layout.code(w).lower() if cell == 1 else layout.room_name(w)
            for w in weapons_in.get(rid, [])
        ]
        if weapon_words:
            # Weapon names of two words stay together when they fit ("Lead Pipe").
            blocks.append(Block([_styled(w, WEAPON_STYLE) for w in weapon_words], " "))
        placed = _place_in_room(spans, blocks, cell)
        if placed is None:
            placed = _place_in_room(spans, [b for b in blocks if b is not name], cell, crop=True)
        for (r, c1, c2), words in placed or []:
            span_width = (c2 - c1 + 1) * cell
            offset = c1 * cell + max(0, (span_width - len(words)) // 2)
            for k, (ch, style) in enumerate(words[:span_width]):
                grid[r][offset + k] = (ch, style)

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
