"""The detective notebook on the terminal: a person's notebook drawn as a table.

The notebook itself is the one every front end uses,
:class:`~cluedo.deduction.person.PersonNotebook`, built from the rule set's
reader for the person's seat and fed that seat's log; this module only draws
it. One line per card; one column per place the rule set has - each seat, the
envelope, and its other places such as the clue pile (Clue or Cruel), the
middle (Killer Kloo Doo) or the characters nobody plays (Clussassin). In a
seat's or a pile's column ``+`` means the card is there and ``-`` that it is
not; in the envelope's, ``!`` that it must be in the envelope and ``x`` that it
cannot be. The person's own mark in a cell is drawn instead of the automatic
one, in brackets, and stays until they rub it out: a later automatic mark never
replaces it. The full page adds the chance that each open card is in the
envelope (exact where the table allows counting, else marked as an estimate)
and the person's notes.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

from rich.text import Text

from cluedo.content.cards import CardSetError
from cluedo.deduction.person import Mark, PersonNotebook
from cluedo.deduction.places import Place
from cluedo.deduction.setup import ENVELOPE
from cluedo.terminal.present import Presenter

MAX_CARD_WIDTH = 23
CODE_WIDTH = 3
GLYPHS: dict[Mark, tuple[str, str]] = {
    "has": ("+", "bold green"),
    "not": ("-", "grey50"),
    "unknown": (".", ""),
}
ENVELOPE_GLYPHS: dict[Mark, tuple[str, str]] = {
    "has": ("!", "bold magenta"),
    "not": ("x", "grey50"),
    "unknown": ("?", ""),
}
ODDS_HEAD = "env%"
PROMPT_ROOM = 16
"""Room left on the page's last line for the prompt ('  Enter: back > ')."""


@dataclass(frozen=True)
class Column:
    """One place's column: its head, the place in words, and where its glyph sits."""

    place: Place
    head: str
    words: str
    style: str
    character: bool
    """Whether the place is a character's (a seat, or a character nobody plays)."""

    @property
    def width(self) -> int:
        return len(self.head) + 2

    @property
    def at(self) -> int:
        """The glyph's position in the column: under the middle of the head."""
        return 1 + (len(self.head) - 1) // 2

    def cell(self, glyph: str, style: str, own: str | None) -> list[tuple[str, str]]:
        """The cell's pieces: the automatic glyph, or the person's own mark in brackets."""
        before = " " * (self.at - 1)
        after = " " * (self.width - self.at - 2)
        if own is not None:
            return [(before, ""), (f"[{own[:1]}]", "bold yellow"), (after, "")]
        return [(before, ""), (f" {glyph} ", style), (after, "")]


def columns(presenter: Presenter, book: PersonNotebook, viewer: int) -> list[Column]:
    """The notebook's columns: every place of the rule set a card can be dealt to.

    A pile that starts empty for the whole game (Pendragon's face-up cards when
    the deal comes out even) can never hold a card, so it gets no column.
    """
    layout = book.knowledge.layout
    out = []
    for place in book.places:
        never_holds = layout is not None and layout.sizes.get(place, 0) == 0
        if never_holds and not isinstance(place, int) and place != ENVELOPE:
            continue
        head, words, style = presenter.notebook_place(place, viewer)
        character = isinstance(place, int) or (
            place not in presenter.place_words and presenter.card_name(place) is not None
        )
        out.append(Column(place, head, words, style, character))
    return out


def card_width(presenter: Presenter, book: PersonNotebook) -> int:
    """The card column's width: the longest card name and a space (within limits)."""
    longest = max((len(card_name(presenter, c)) for c in book.cards), default=0)
    return min(max(longest, len("card")) + 1, MAX_CARD_WIDTH)


def card_name(presenter: Presenter, card: str) -> str:
    return presenter.card_name(card) or card.replace("_", " ")


def card_cells(presenter: Presenter, card: str, width: int) -> Text:
    """A card's name and two-letter code, padded to the notebook's card column."""
    code = ""
    cards = presenter.table.cards
    if cards is not None:
        with contextlib.suppress(CardSetError):
            code = cards.card(card).code
    name = card_name(presenter, card)[: width - 1]
    return Text(f"{name:<{width}}{code:<{CODE_WIDTH}.{CODE_WIDTH}}")


def header(cols: list[Column], width: int, full: bool, odds: bool) -> Text:
    line = Text(f"{'card':<{width}}{'cd':<{CODE_WIDTH}}", style="bold")
    for col in cols:
        line.append(f" {col.head} ", style=col.style)
    if full and odds:
        line.append(f" {ODDS_HEAD}", style="bold")
    if full:
        line.append("  notes", style="bold")
    return line


def row(
    presenter: Presenter,
    book: PersonNotebook,
    card: str,
    cols: list[Column],
    width: int,
    full: bool,
    automatic: bool = True,
) -> Text:
    pieces: list[tuple[str, str]] = []
    for col in cols:
        mark: Mark = book.mark(card, col.place) if automatic else "unknown"
        glyph, style = (ENVELOPE_GLYPHS if col.place == ENVELOPE else GLYPHS)[mark]
        pieces += col.cell(glyph, style, book.own_mark(card, col.place))
    if full and ENVELOPE in book.places:
        odds = odds_cell(book, card) if automatic else " " * (len(ODDS_HEAD) + 1)
        pieces.append((odds, "magenta"))
    note = book.notes.get(card)
    if full and note:
        pieces.append((f"  {note}", "yellow"))
    return Text.assemble(card_cells(presenter, card, width), *pieces)


def odds_cell(book: PersonNotebook, card: str) -> str:
    """The chance ``card`` is in the envelope, while that is still open (else blank).

    Estimated odds (a table the exact count does not follow) start with ``~``.
    """
    width = len(ODDS_HEAD) + 1
    if book.in_envelope(card) is not None:
        return " " * width
    chance = book.odds(card).get(ENVELOPE, 0.0)
    percent = f"{round(100 * chance)}%"
    if not book.exact:
        percent = "~" + percent
    return f"{percent:>{width}}"


def lines(
    presenter: Presenter,
    book: PersonNotebook,
    viewer: int,
    full: bool = False,
    automatic: bool = True,
) -> list[Text]:
    """The notebook as a table, one card per line; ``full`` adds the odds and notes.

    Without ``automatic`` marks only the person's own are drawn (the notebook
    could not follow the game, and a stale mark could be false).
    """
    cols = columns(presenter, book, viewer)
    width = card_width(presenter, book)
    out = [header(cols, width, full, ENVELOPE in book.places)]
    out += [row(presenter, book, card, cols, width, full, automatic) for card in book.cards]
    return out


def width(presenter: Presenter, book: PersonNotebook, viewer: int) -> int:
    """How wide :func:`lines` draws the notebook (without odds and notes)."""
    cols = columns(presenter, book, viewer)
    return card_width(presenter, book) + CODE_WIDTH + sum(c.width for c in cols)


def page(
    presenter: Presenter,
    book: PersonNotebook,
    viewer: int,
    width: int,
    height: int,
    trouble: str | None = None,
) -> list[Text]:
    """The full notebook with as much of its legend as fits in ``height`` lines.

    The legend says in words what each column is and what the marks mean. When
    the screen is short, the columns headed by a character's letter (which the
    board and the seats line already show) go first, then the meaning of the
    marks (which the help page repeats), then the other places' names. With
    ``trouble`` (why the notebook stopped following the game) only the
    person's own marks are drawn, and the legend says why.
    """
    table = lines(presenter, book, viewer, full=True, automatic=trouble is None)
    if trouble is not None:
        why = f"Your notebook could not follow the game ({trouble}): only your marks are shown."
        return [*table, *wrapped([why], width - PROMPT_ROOM)][: max(height, len(table))]
    cols = columns(presenter, book, viewer)
    envelope = ENVELOPE in book.places
    people = [f"{c.head} {c.words}" for c in cols if c.character]
    places = [f"{c.head} {c.words}" for c in cols if not c.character]
    if envelope:
        places.append(f"{ODDS_HEAD} {'estimated ' if not book.exact else ''}chance it is inside")
    marks = Text(
        "+ has it  - has not  "
        + ("! in the envelope  x not in it  " if envelope else "")
        + "[ ] yours",
        style="grey70",
    )
    room = height - len(table)
    for parts, with_marks in ((people + places, True), (places, True), (places, False)):
        words = wrapped(parts, width - PROMPT_ROOM)
        legend = [*words, marks] if with_marks else words
        if len(legend) <= room:
            return table + legend
    return table


def wrapped(parts: list[str], width: int) -> list[Text]:
    """``parts`` joined by dots, in as many lines of ``width`` as they need."""
    out: list[str] = []
    for part in parts:
        if out and len(out[-1]) + 3 + len(part) <= width:
            out[-1] += " · " + part
        else:
            out.append(part)
    return [Text(line, style="grey70") for line in out]
