"""Laying out the terminal screen: the board beside (or above) a side panel.

The screen adapts to the terminal: one character per square and a 24-row
window onto the board in an 80x24 terminal (the window follows the person's
token and the squares they can reach; the board's bottom row shares the last
line with the prompt), the whole board from 25 lines, two characters per square
from 100 columns, and the notebook beside the board when there is room for it. Sizes come from
:class:`rich.console.Console`, which honours the ``COLUMNS`` and ``LINES``
environment variables.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.control import Control
from rich.segment import ControlType, Segment
from rich.text import Text

from cluedo.content.board import Square
from cluedo.terminal.render import BoardLayout, render_board, visible_rows

WIDE_FROM = 100
"""Terminal width from which squares are drawn two characters wide."""
MIN_PANEL = 40
"""Narrowest side panel; a narrower terminal stacks the panel below the board."""
GAP = 2


@dataclass
class Panel:
    """What the side panel shows, top to bottom; the log gets the lines left over."""

    header: list[Text] = field(default_factory=list)
    menu: list[Text] = field(default_factory=list)
    message: Text | None = None
    log: list[str] = field(default_factory=list)

    def lines(self, width: int, height: int | None) -> list[Text]:
        """The panel wrapped to ``width``; with a ``height``, the log is cut to fit it."""
        console = Console(width=width)
        top: list[Text] = []
        for part in self.header:
            top += _wrap(console, part, width)
        bottom: list[Text] = []
        if self.menu:
            bottom.append(Text(""))
            for part in self.menu:
                bottom += _wrap(console, part, width)
        if self.message is not None:
            bottom += _wrap(console, self.message, width)
        log_lines: list[Text] = []
        if height is None:
            for entry in self.log:
                log_lines += _wrap(console, Text(entry, style="grey70"), width)
        else:
            room = height - len(top) - len(bottom) - 1
            if room < 1:
                # Too short for everything: the menu and message matter most.
                kept = (top + bottom)[-height:] if height > 0 else []
                return kept + [Text("")] * (height - len(kept))  # always `height` lines
            # Newest first, and only as many entries as can show: wrapping is slow.
            for entry in reversed(self.log):
                if len(log_lines) >= room:
                    break
                log_lines = _wrap(console, Text(entry, style="grey70"), width) + log_lines
            log_lines = log_lines[-room:]
        middle = [Text(""), *log_lines] if log_lines else []
        out = top + middle + bottom
        if height is not None:
            out += [Text("")] * (height - len(out))
        return out


def _wrap(console: Console, text: Text, width: int) -> list[Text]:
    if not text.plain:
        return [Text("")]
    return list(text.wrap(console, width))


CLEAR_SCROLLBACK = Control()
"""Erase the terminal's scrollback (``ESC [ 3 J``; Rich's ``clear`` erases the screen only)."""
CLEAR_SCROLLBACK.segment = Segment("\x1b[3J", None, [(ControlType.CLEAR,)])


class Screen:
    """Draws pages and game screens on a Rich console.

    A ``private`` screen (several people at one keyboard) wipes the terminal's
    scrollback each time it clears the screen, so nobody can scroll back to
    what the person before them saw.
    """

    def __init__(self, console: Console, private: bool = False) -> None:
        self.console = console
        self.private = private

    @property
    def width(self) -> int:
        return self.console.size.width

    @property
    def height(self) -> int:
        return self.console.size.height

    def clear(self) -> None:
        if self.console.is_terminal:
            self.console.clear()
            if self.private:
                # After the erase: terminals that keep an erased screen in their
                # scrollback (VTE, Konsole, tmux...) lose that copy too.
                self.console.control(CLEAR_SCROLLBACK)

    def cell(self, columns: int) -> int:
        return 2 if self.width >= WIDE_FROM and self.width >= 2 * columns + GAP + MIN_PANEL else 1

    def aside_fits(self, layout: BoardLayout | None, width: int, lines: int) -> bool:
        """Whether an aside of ``lines`` lines ``width`` wide shows beside the board.

        Asked before drawing one too: the notebook is not worth working out for a
        screen too small to show it.
        """
        if layout is None:
            return False
        board_width = layout.board.columns * self.cell(layout.board.columns)
        return (
            lines <= max(self.height - 1, 10)
            and self.width >= board_width + GAP + MIN_PANEL + 10 + GAP + width
        )

    def page(self, lines: Sequence[Text]) -> None:
        """A full-screen page of text (help, notebook, hand-over)."""
        self.clear()
        for line in lines:
            self.console.print(line, overflow="crop", no_wrap=True, crop=True)

    def game(
        self,
        layout: BoardLayout | None,
        view: Mapping[str, Any],
        panel: Panel,
        labels: Mapping[Square, str] | None = None,
        room_marks: Mapping[str, str] | None = None,
        wanted_rows: Sequence[int] = (),
        aside: Sequence[Text] = (),
        marks: Mapping[Square, tuple[str, str]] | None = None,
    ) -> Text:
        """The board and the panel; returns what goes before the prompt on the last line.

        Side by side, the board's last visible row shares the bottom line with
        the prompt, so an 80x24 terminal shows 24 of the board's 25 rows.
        ``aside`` (the notebook) is shown as a third column when the terminal is
        wide and tall enough for it; otherwise the person opens it with a command.
        ``marks`` are a rule set's glyphs on squares (gems). A game with no board
        (``layout`` None) gets the panel alone, across the whole screen.
        """
        if layout is None:
            self.clear()
            lines = panel.lines(self.width, max(self.height - 1, 10))
            for text in lines:
                self.console.print(text, overflow="crop", no_wrap=True, crop=True)
            return Text()
        board = layout.board
        cell = self.cell(board.columns)
        board_width = board.columns * cell
        side_by_side = self.width >= board_width + GAP + MIN_PANEL
        self.clear()
        if side_by_side:
            height = max(self.height - 1, 10)
            rows = visible_rows(board.rows, height + 1, wanted_rows)
            hidden_above, hidden_below = rows.start, board.rows - rows.stop
            if hidden_above or hidden_below:
                hidden = [f"{hidden_above} above"] if hidden_above else []
                hidden += [f"{hidden_below} below"] if hidden_below else []
                note = Text(
                    f"(board rows out of view: {' and '.join(hidden)}; 25 lines show all)",
                    style="grey50",
                )
                panel = Panel([*panel.header, note], panel.menu, panel.message, panel.log)
            board_lines = render_board(layout, view, labels, room_marks, cell, rows, marks)
            aside_width = max((len(t.plain) for t in aside), default=0)
            show_aside = aside_width > 0 and self.aside_fits(layout, aside_width, len(aside))
            panel_width = self.width - board_width - GAP
            if show_aside:
                panel_width -= aside_width + GAP
            panel_lines = panel.lines(panel_width, height)
            pad = Text(" " * board_width)
            for i in range(height):
                line = Text(no_wrap=True, overflow="crop")
                line.append_text(board_lines[i] if i < len(board_lines) else pad)
                line.append(" " * GAP)
                if show_aside:
                    line.append_text(aside[i] if i < len(aside) else Text(""))
                    line.pad_right(board_width + GAP + aside_width + GAP - len(line.plain))
                line.append_text(panel_lines[i])
                self.console.print(line, overflow="crop", no_wrap=True, crop=True)
            last = Text(no_wrap=True, overflow="crop")
            last.append_text(board_lines[height] if height < len(board_lines) else pad)
            last.append(" " * GAP)
            return last
        for text in render_board(layout, view, labels, room_marks, cell, marks=marks):
            self.console.print(text, overflow="crop", no_wrap=True, crop=True)
        for text in panel.lines(self.width, None):
            self.console.print(text, overflow="crop", no_wrap=True, crop=True)
        return Text()
