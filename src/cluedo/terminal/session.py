"""One terminal game: people at the keyboard, bots in the other seats.

The session is a front end and holds no rules. For each decision a person must
make it asks the engine for the seat's view and legal actions, offers those
actions as numbered menus (so an illegal one cannot be picked), and applies the
chosen one; if the engine still refuses it, its message is shown. Only the view
of the seat whose person is at the screen is ever drawn, and with several
people at one keyboard the screen is cleared between them.
"""

from __future__ import annotations

import contextlib
import json
import re
import time
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from cluedo.agents.base import Agent
from cluedo.agents.match import step_bots
from cluedo.agents.registry import LEVELS, bots_for
from cluedo.content.cards import CardSetError
from cluedo.deduction.errors import DeductionError
from cluedo.deduction.person import PersonNotebook
from cluedo.deduction.places import Place
from cluedo.engine import CluedoError, Game, IllegalAction, SaveError
from cluedo.engine.game import parse_save
from cluedo.terminal import notebook as terminal_notebook
from cluedo.terminal.files import command_line
from cluedo.terminal.menus import InputError, Menu, Option
from cluedo.terminal.present import Table
from cluedo.terminal.presenters import presenter_class
from cluedo.terminal.screen import Panel, Screen
from cluedo.terminal.text import Names

PROMPT = "> "
NOTE_LIMIT = 20
"""Longest note kept per notebook entry, so the notebook stays one line per card."""
LOG_KEEP = 60
"""Log entries kept for the side panel (it shows as many of the latest as fit)."""
NAME_LIMIT = 40
"""Longest player name a save may set; longer ones are cut."""


def bot_label(spec: str) -> str:
    """How a bot seat is called on screen: 'sensible bot', 'external bot'."""
    return "external bot" if spec.startswith("cmd:") else f"{spec} bot"


class Quit(Exception):
    """The person asked to leave (or the input ended)."""

    def __init__(self, ask_to_save: bool = True, error: str = "") -> None:
        super().__init__(error or "quit")
        self.ask_to_save = ask_to_save
        self.error = error


HELP = """\
How to play
  Type a menu number (or, while moving, the letter of a square) and Enter.
  Most actions can also be typed as a word (roll, end, ...: see below).
  In a list of choices, 0 or back returns to the previous menu.
"""
HELP_ANYWHERE = """\
Anywhere
  log (l)             the whole game log
  help (h, ?)         this page
  quit (q)            leave the game (you are offered to save it)
"""
HELP_NOTEBOOK = """\
  notes (n)           your notebook: what you know about every card
  mark CARD TEXT      write TEXT beside CARD in your notebook ("mark ro seen?")
  mark CARD WHO X     mark one player's box, e.g. "mark ro pl x"; WHO may also be
                      another column of the notebook ("mark ro env ?")
  unmark CARD [WHO]   rub a mark out
  In the notebook: + has it, - has not, ! in the envelope, x not in it,
  [x] your own mark (the notebook never writes over it).
"""
HELP_BOARD = """\
The board
  Capital letters are characters (yours is reversed); two-letter codes in rooms
  are weapons; dim dots are start squares; light squares are doorways.
"""


class Session:
    """Runs a game to its end (or until the person quits)."""

    def __init__(
        self,
        game: Game,
        humans: Mapping[int, str],
        agents: Mapping[int, Agent],
        bot_specs: Mapping[int, str],
        console: Console,
        bot_delay: float = 0.0,
        save_path: Path | None = None,
        notes: Mapping[str, Any] | None = None,
    ) -> None:
        self.game = game
        self.humans = dict(humans)
        self.agents = dict(agents)
        self.bot_specs = dict(bot_specs)
        self.console = console
        # With several people at one keyboard, what one saw must not stay in the
        # terminal's scrollback for the next to scroll back to.
        self.screen = Screen(console, private=len(self.humans) > 1)
        self.bot_delay = bot_delay
        self.save_path = save_path
        first = game.view(None)
        self.player_names = [
            self.humans.get(s) or bot_label(self.bot_specs.get(s, "?")) for s in range(game.players)
        ]
        self.table = Table.from_view(first, self.player_names, game.rules_name)
        self.presenter = presenter_class(game.rules_name)(self.table)
        self.layout = self.table.layout
        self.cards = self.table.cards
        self.characters: list[str] = self.table.characters
        # The rule set says how a seat reads its log as facts about the cards
        # (None: its cards need no notebook); the notebook follows that seat's log.
        self.has_notebook = game.rules.card_reader(None) is not None
        self.notebooks: dict[int, PersonNotebook] = {}
        self.notebook_trouble: dict[int, str] = {}
        """Seat to why its notebook stopped following the game (never, one hopes)."""
        for seat in self.humans:
            reader = game.rules.card_reader(seat)
            if reader is not None:
                self.notebooks[seat] = PersonNotebook(reader)
                self._follow(seat, game.log_for(seat))
        for seat_text, data in (notes or {}).items():
            seat = int(seat_text) if str(seat_text).isdigit() else -1
            if seat in self.notebooks and isinstance(data, Mapping):
                book = self.notebooks[seat]
                cells = [c for c in data.get("cells") or [] if _cell_fits(c, book)]
                book.load_notes({"notes": data.get("notes") or {}, "cells": cells})
        self.at_screen: int | None = None
        """The seat whose view the screen shows (None: only what everyone may see)."""
        self.holder: int | None = None
        """The seat whose person has the keyboard."""
        self.message: Text | None = None
        self.prompt_prefix = Text()
        """What the last screen left on the prompt's line (the board's bottom row)."""

    # -- the main loop --------------------------------------------------------------

    def run(self) -> int:
        """Play until the game ends or the person quits; return the exit code."""
        try:
            while not self.game.finished:
                step_bots(self.game, self.agents, self._after_bot)
                if self.game.finished:
                    break
                seat = next((s for s in self.game.to_act() if s in self.humans), None)
                if seat is None:
                    raise Quit(ask_to_save=False, error=f"nobody plays seat {self.game.to_act()}")
                self._hand_over(seat)
                self._decide(seat)
                if len(self.humans) > 1 and seat not in self.game.to_act():
                    # The person may be passing the keyboard on already: while bots
                    # play, show only what everyone may see.
                    self.at_screen = None
            if self.save_path is not None:
                self.save_path = self._save_or_ask(self.save_path)
            self._result()
            return 0
        except Quit as leaving:
            if leaving.ask_to_save:
                self._offer_save()
            elif self.save_path is not None:
                self._save_or_say(self.save_path)
            if leaving.error:
                self.console.print(Text(f"error: {leaving.error}", style="bold red"))
                return 1
            return 0
        except CluedoError as err:
            # A bot that breaks down (an external one that stops answering, say) ends
            # the session; the game itself is unchanged and can be saved and resumed.
            if self.save_path is not None:
                self._save_or_say(self.save_path)
            self.console.print(Text(f"error: a bot failed: {err}", style="bold red"))
            return 1
        except KeyboardInterrupt:
            if self.save_path is not None:
                self._save_or_say(self.save_path)
            return 130
        finally:
            for agent in self.agents.values():
                agent.close()

    def _after_bot(self, game: Game, first_event: int) -> None:
        """Redraw after each bot action, slowly enough to follow (never with no delay)."""
        if self.bot_delay <= 0:
            return
        view = game.view(self.at_screen)
        self._draw(self.at_screen, view, Menu("", []), Text("Bots are playing...", style="italic"))
        # No prompt follows: draw the bottom line (the board's last row) now.
        self.console.print(self.prompt_prefix, end="", overflow="crop", no_wrap=True, crop=True)
        self.prompt_prefix = Text()
        time.sleep(self.bot_delay)

    def _hand_over(self, seat: int) -> None:
        """Clear the screen and wait for the right person when the keyboard changes hands."""
        if len(self.humans) > 1 and self.holder != seat:
            self.at_screen = None
            name = self.humans[seat]
            self._page(
                [
                    Text(""),
                    Text(f"  Pass the keyboard to {name}", style="bold"),
                    Text(f"  ({self._names(None).seat(seat)})", style="bold"),
                    Text(""),
                    Text(f"  {name}: press Enter when nobody else can see the screen."),
                    Text("  (quit leaves the game)", style="grey70"),
                ]
            )
            if self._read().strip().lower() in ("quit", "exit", "q"):
                raise Quit()
        self.holder = self.at_screen = seat

    def _decide(self, seat: int) -> None:
        """Ask the person at ``seat`` for one action and apply it."""
        while True:
            view = self.game.view(seat)
            legal = self.game.legal_actions(seat)
            action = self.presenter.choose(self, seat, view, legal)
            if action is None:
                continue
            try:
                self.game.apply(action)
            except IllegalAction as err:
                self.message = Text(str(err), style="bold red")
                continue
            return

    # -- asking ---------------------------------------------------------------------

    def ask(self, seat: int, menu: Menu, view: Mapping[str, Any]) -> Any:
        """Show the menu until the person picks an option; global commands work throughout."""
        while True:
            self._draw(seat, view, menu, None)
            raw = self._read().strip()
            self.message = None
            if not raw:
                self.message = Text("Type a menu number (or 'help').", style="yellow")
                continue
            if self._global_command(seat, raw, menu):
                continue
            picked = self._match(menu, raw)
            if picked is not None:
                return picked.value
            if menu.parse is not None:
                try:
                    return menu.parse(raw)
                except InputError as err:
                    self.message = Text(str(err) + ". " + self._allowed(menu), style="bold red")
                    continue
            self.message = Text(
                f"'{raw}' is not an option here. {self._allowed(menu)}", style="bold red"
            )

    @staticmethod
    def _match(menu: Menu, raw: str) -> Option | None:
        for opt in menu.options:
            # Square labels are case-sensitive (a and A are different squares).
            if raw == opt.key:
                return opt
        low = raw.lower()
        for opt in menu.options:
            if (opt.key.isdigit() or len(opt.key) != 1) and low == opt.key.lower():
                return opt
            if low in opt.aliases or low == opt.text.lower():
                return opt
        return None

    @staticmethod
    def _allowed(menu: Menu) -> str:
        numbers = [o.key for o in menu.options if o.key.isdigit()]
        letters = [o.key for o in menu.options if not o.key.isdigit()]
        parts = []
        if numbers:
            parts.append(
                f"{min(numbers, key=int)}-{max(numbers, key=int)}"
                if len(numbers) > 1
                else numbers[0]
            )
        if letters:
            parts.append(
                ", ".join(letters)
                if len(letters) <= 3
                else f"a letter on the board ({letters[0]}...{letters[-1]})"
            )
        return "Allowed: " + " or ".join(parts) + "; 'help' lists commands."

    def _global_command(self, seat: int, raw: str, menu: Menu) -> bool:
        """Run help, notes, log, mark or quit; True if ``raw`` was one of them."""
        word, _, rest = raw.partition(" ")
        low = word.lower()
        taken = {o.key for o in menu.options}
        if low in ("help", "?") or (low == "h" and "h" not in taken):
            self._page_help()
            return True
        if low in ("notes", "notebook") or (low == "n" and "n" not in taken):
            self._page_notebook(seat)
            return True
        if low == "log" or (low == "l" and "l" not in taken):
            self._page_log(seat)
            return True
        if low in ("quit", "exit") or (low == "q" and "q" not in taken):
            raise Quit()
        if low in ("mark", "unmark"):
            self.message = self._mark(seat, low == "unmark", rest.split())
            return True
        return False

    def _mark(self, seat: int, erase: bool, args: list[str]) -> Text:
        usage = "use: mark CARD [PLAYER] TEXT, or unmark CARD [PLAYER]"
        book = self.notebooks.get(seat)
        if book is None or self.cards is None:
            return Text(self._no_notebook(), style="bold red")
        if not args:
            return Text(usage, style="bold red")
        try:
            card = self.cards.lookup(args[0])
        except CardSetError:
            return Text(f"No card '{args[0]}'. {usage}", style="bold red")
        if card not in book.cards:
            return Text(f"{self.cards.name(card)} is not in your notebook.", style="bold red")
        who: Place | None = None
        rest = args[1:]
        if rest and (erase or len(rest) >= 2):
            who = self._place_from(rest[0], seat, book)
            if who is not None:
                rest = rest[1:]
            elif erase:
                return Text(f"No player '{rest[0]}'. {usage}", style="bold red")
        text = "" if erase else " ".join(rest)
        if not erase and not text:
            return Text(usage, style="bold red")
        book.set_note(card, text[:NOTE_LIMIT], who)
        where = ""
        if who is not None:
            where = " for " + self.presenter.notebook_place(who, seat)[1].replace(" (you)", "")
        done = "Rubbed out" if erase else f"Marked '{text[:NOTE_LIMIT]}'"
        return Text(f"{done} on {self.cards.name(card)}{where} (see 'notes').", style="green")

    def _no_notebook(self) -> str:
        if not self.has_notebook:
            return "This game has no detective notebook."
        return "Only a person's seat has a notebook."

    def _seat_from(self, word: str) -> int | None:
        low = word.lower()
        if low.isdigit() and 1 <= int(low) <= self.game.players:
            return int(low) - 1
        names = self._names(None)
        for seat, character in enumerate(self.characters):
            words = {character, names.seat(seat).lower(), self.player_names[seat].lower()}
            if self.cards is not None and character in self.cards.ids:
                words.add(self.cards.card(character).code)
            if self.layout is not None:
                words.add(self.layout.letter(character).lower())
            if low in words:
                return seat
        return None

    def _place_from(self, word: str, seat: int, book: PersonNotebook) -> Place | None:
        """The notebook column a typed word names: a player, or a place ('env', 'pile')."""
        who = self._seat_from(word)
        if who is not None:
            return who
        low = word.lower()
        for col in terminal_notebook.columns(self.presenter, book, seat):
            if isinstance(col.place, int):
                continue  # seats are named as above, never by their number from 0
            words = {col.head.lower(), col.place.lower(), col.words.lower()}
            words.add(col.words.lower().removeprefix("the ").split(" (")[0])
            if self.cards is not None:
                with contextlib.suppress(CardSetError):
                    words.add(self.cards.card(col.place).code)
            if low in words:
                return col.place
        return None

    def _read(self) -> str:
        try:
            prefix, self.prompt_prefix = self.prompt_prefix, Text()
            return self.console.input(Text.assemble(prefix, PROMPT))
        except EOFError:
            raise Quit(ask_to_save=False) from None
        except KeyboardInterrupt:
            raise Quit(ask_to_save=False) from None

    # -- drawing --------------------------------------------------------------------

    def _names(self, viewer: int | None) -> Names:
        return self.presenter.names(viewer)

    def _log_lines(
        self, view: Mapping[str, Any], viewer: int | None, keep: int | None = None
    ) -> list[str]:
        """The log as lines, oldest first; with ``keep``, only that many of the newest
        (worded from the end, so a long game's early events cost nothing)."""
        lines: list[str] = []
        for event in reversed(view["log"]):
            if keep is not None and len(lines) >= keep:
                break
            line = self.presenter.describe(event, viewer)
            if line:
                lines.append(line)
        return lines[::-1]

    def _draw(
        self, seat: int | None, view: Mapping[str, Any], menu: Menu, status: Text | None
    ) -> None:
        presenter = self.presenter
        panel = Panel()
        panel.header.append(presenter.headline(view))
        panel.header.append(presenter.seats_line(view))
        panel.header += presenter.status(view, seat)
        if status is not None:
            panel.header.append(status)
        if menu.title:
            panel.menu.append(Text(menu.title, style="bold"))
            panel.menu += self._menu_lines(menu)
            if menu.hint:
                panel.menu.append(Text(menu.hint, style="grey70"))
        panel.message = self.message
        panel.log = self._log_lines(view, seat, LOG_KEEP)
        aside: list[Text] = []
        book = self.notebooks.get(seat) if seat is not None else None
        if book is not None and seat is not None:
            wide = terminal_notebook.width(self.presenter, book, seat)
            if self.screen.aside_fits(self.layout, wide, len(book.cards) + 1):
                self._follow(seat, view["log"])
                aside = terminal_notebook.lines(
                    self.presenter, book, seat, automatic=seat not in self.notebook_trouble
                )
        self.prompt_prefix = self.screen.game(
            self.layout,
            view,
            panel,
            menu.labels,
            menu.room_marks,
            self._wanted_rows(seat, view, menu),
            aside=aside,
            marks=presenter.board_marks(view),
        )

    def _wanted_rows(self, seat: int | None, view: Mapping[str, Any], menu: Menu) -> list[int]:
        """Board rows worth keeping in view, most wanted first: your token, your choices."""
        if self.layout is None:
            return []
        spans = self.layout.spans
        positions = view.get("positions") or {}
        wanted: list[int] = []
        if seat is not None and seat < len(self.characters):
            own = positions.get(self.characters[seat])
            if isinstance(own, list):
                wanted.append(int(own[0]))
            elif isinstance(own, str):
                wanted += [r for r, _, _ in spans.get(own, [])[:1]]
        wanted += [sq[0] for sq in menu.labels]
        for room in menu.room_marks:
            wanted += [r for r, _, _ in spans.get(room, [])[:1]]
        for location in positions.values():
            if isinstance(location, list):
                wanted.append(int(location[0]))
        return wanted

    @staticmethod
    def _menu_lines(menu: Menu) -> list[Text]:
        entries = [Text(f" {o.key:>2}  {o.text}", style=o.style) for o in menu.options if o.text]
        if menu.columns == 1 or len(entries) <= 4:
            return entries
        half = (len(entries) + 1) // 2
        width = max(len(e.plain) for e in entries[:half]) + 2
        out = []
        for i in range(half):
            line = entries[i].copy()
            line.pad_right(width - len(line.plain))
            if i + half < len(entries):
                line.append_text(entries[i + half])
            out.append(line)
        return out

    # -- pages ----------------------------------------------------------------------

    def _wait(self, lines: list[Text]) -> None:
        lines.append(Text("Press Enter to go back.", style="grey70"))
        self._page(lines)
        self._read()

    def _page(self, lines: list[Text]) -> None:
        self.screen.page(lines)
        self.prompt_prefix = Text()

    def _page_help(self) -> None:
        text = HELP + self.presenter.help + HELP_ANYWHERE
        if self.notebooks:
            text += HELP_NOTEBOOK
        if self.layout is not None:
            text += HELP_BOARD
        lines = [Text(line) for line in text.splitlines()]
        cards = self.cards
        if cards is not None and self.layout is not None and "weapon" in cards.categories:
            legend = Text("Weapons: ")
            for w in cards.category("weapon"):
                legend.append(f"{cards.card(w).code}={cards.name(w)} ", style="cyan")
            lines.append(legend)
        self._wait(lines)

    def _page_notebook(self, seat: int) -> None:
        page = self.notebook_page(seat)
        if page is None:
            self.message = Text(self._no_notebook(), style="bold red")
            return
        # The last line shares the prompt's line, so 21 cards, the header and
        # two lines of legend fit in a 24-line terminal.
        self._page(page[:-1])
        self.prompt_prefix = Text.assemble(page[-1], ("  Enter: back ", "grey70"))
        self._read()

    def notebook_page(self, seat: int) -> list[Text] | None:
        """The full notebook of ``seat``'s person as it stands now (None: it has none)."""
        book = self.notebooks.get(seat)
        if book is None:
            return None
        self._follow(seat, self.game.log_for(seat))
        trouble = self.notebook_trouble.get(seat)
        width, height = self.screen.width, self.screen.height
        return terminal_notebook.page(self.presenter, book, seat, width, height, trouble)

    def _follow(self, seat: int, log: list[dict[str, Any]]) -> None:
        """Bring ``seat``'s notebook up to date with its log.

        Should the notebook ever fail to read the log, the game goes on: the
        notebook stops, shows only the person's own marks from then on (its
        automatic ones could have gone stale) and says why.
        """
        book = self.notebooks[seat]
        if seat in self.notebook_trouble:
            return
        try:
            book.update(log)
        except DeductionError as err:
            self.notebook_trouble[seat] = str(err)

    def _page_log(self, seat: int) -> None:
        room = max(self.screen.height - 3, 5)
        lines = [Text("Game log (latest last)", style="bold")]
        lines += [Text(e) for e in self._log_lines(self.game.view(seat), seat, room)]
        self._wait(lines)

    def _result(self) -> None:
        """The end: who won, what was in the envelope; public to everyone at the table."""
        viewer = self.at_screen if len(self.humans) == 1 else None
        view = self.game.view(viewer)
        lines = self.presenter.result(view, viewer)
        menu = Menu("Press Enter to leave.", [])
        panel = Panel(header=lines, log=self._log_lines(view, viewer, LOG_KEEP))
        panel.menu.append(Text(menu.title, style="bold"))
        if self.save_path is not None:
            panel.menu.append(Text(f"The game is saved to {self.save_path}.", style="grey70"))
        wanted = self._wanted_rows(None, view, menu)
        marks = self.presenter.board_marks(view)
        prefix = self.screen.game(self.layout, view, panel, wanted_rows=wanted, marks=marks)
        with contextlib.suppress(EOFError, KeyboardInterrupt):
            self.console.input(Text.assemble(prefix, PROMPT))
            for page in self.presenter.final_pages(view):
                self._page([*page, Text("Press Enter to go on.", style="grey70")])
                self.console.input(Text(PROMPT))

    # -- saving ---------------------------------------------------------------------

    def save_data(self) -> dict[str, Any]:
        """The engine's save plus this front end's seats and notebook notes."""
        data = self.game.save()
        data["terminal"] = {
            "humans": {str(s): n for s, n in self.humans.items()},
            "bots": {str(s): spec for s, spec in self.bot_specs.items()},
            "notes": {str(s): b.notes_json() for s, b in self.notebooks.items()},
        }
        return data

    def _save(self, path: Path) -> None:
        path.write_text(json.dumps(self.save_data(), indent=1), encoding="utf-8")

    def _save_or_say(self, path: Path) -> bool:
        """Save to ``path``; if that fails, say why (and return False)."""
        try:
            self._save(path)
        except OSError as err:
            why = (err.strerror or str(err)).lower()
            self.console.print(Text(f"Could not save to {path}: {why}.", style="bold red"))
            return False
        return True

    def _save_or_ask(self, target: Path) -> Path | None:
        """Save to ``target``, asking for another file as long as saving fails.

        Returns the file saved to, or None if the person gave up (or the input ended).
        """
        while not self._save_or_say(target):
            try:
                name = self.console.input(
                    Text("File to save to instead (Enter to leave without saving): ")
                ).strip()
            except (EOFError, KeyboardInterrupt):
                return None
            if not name:
                self.console.print("Not saved.")
                return None
            target = Path(name)
        return target

    def _offer_save(self) -> None:
        self.screen.clear()
        target = self.save_path
        try:
            answer = self.console.input(Text("Save the game before leaving? [Y/n] "))
            answer = answer.strip().lower()
            if answer in ("n", "no"):
                self.console.print("Not saved. Goodbye.")
                return
            if target is None:
                name = self.console.input(Text("File to save to [cluedo-save.json]: ")).strip()
                target = Path(name or "cluedo-save.json")
        except (EOFError, KeyboardInterrupt):
            return
        saved = self._save_or_ask(target)
        if saved is not None:
            # Soft wrap: a long command must not be cut by a line break when copied.
            self.console.print(
                Text(f"Saved to {saved}. Resume with: {resume_command(saved)}"), soft_wrap=True
            )


def resume_command(path: Path) -> str:
    """The command that resumes a game saved to ``path``, runnable from any folder."""
    return command_line("play", "--load", str(path.absolute()))


# -- loading --------------------------------------------------------------------------
#
# A save file comes from outside: it may have been edited, sent by someone else or
# be plain garbage. Everything in it is checked here, before anything is shown or
# started, and refused with a SaveError saying what is wrong. Its text (names,
# notes) is made plain here too, the one place text from a save enters the game.

_ESCAPE_SEQUENCES = re.compile(
    r"""
      \x1b\[[0-?]*[ -/]*[@-~]?            # CSI: cursor moves, clearing, colours
    | \x1b[\]PX^_][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?   # OSC, DCS, SOS, PM, APC ... ST
    | \x1b[ -/]*[0-~]?                    # any other escape sequence
    | \x9b[0-?]*[ -/]*[@-~]?              # CSI in its one-byte form
    | [\x90\x98\x9d\x9e\x9f][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?  # one-byte OSC, DCS...
    """,
    re.VERBOSE,
)
_BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)


def plain_text(text: str, limit: int | None = None, lines: bool = False) -> str:
    """``text`` made safe to print on a terminal.

    Escape sequences are removed whole (a colour, a screen clear, a window title,
    a link), and so are the control characters, lone surrogates and bidi
    controls left over; other white space becomes a space (``lines`` keeps line
    breaks). ``limit`` cuts the result to that many characters.

    >>> plain_text("Ann\\x1b[2J\\x1b]0;pwned\\x07 Smith\\x00\\n")
    'Ann Smith'
    """
    text = _ESCAPE_SEQUENCES.sub("", text)
    out = []
    for ch in text:
        if ch == "\n" and lines:
            out.append(ch)
        elif ch in "\t\n\r\v\f\x85\u2028\u2029":
            out.append(" ")
        elif unicodedata.category(ch) not in ("Cc", "Cs") and ch not in _BIDI_CONTROLS:
            out.append(ch)
    plain = "".join(out).strip()
    return plain if limit is None else plain[:limit].rstrip()


@dataclass(frozen=True)
class SavedGame:
    """A game read from a save file, with its terminal section checked and made plain."""

    game: Game
    humans: dict[int, str] | None = None
    """Seat to person's name; None when the file has no seats (an engine save)."""
    bots: dict[int, str] | None = None
    """Seat to bot spec: a built-in bot's name, or ``cmd:...`` (which the file cannot start)."""
    notes: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Seat (as text) to notebook notes, in :meth:`PersonNotebook.notes_json`'s form."""


def read_save(raw: str | bytes) -> SavedGame:
    """A saved game from a save's text: the engine's save plus the ``terminal`` section.

    Raises :class:`SaveError` (and nothing else) saying what is wrong. A save never
    starts anything: its ``cmd:`` bots are returned as specs, for the caller to
    match against the command line.
    """
    data = parse_save(raw)
    game = Game.load(data)
    section = data.get("terminal")
    if section is None:
        return SavedGame(game)
    if not isinstance(section, dict):
        raise SaveError(f"'terminal' must be an object, got {_kind(section)}")
    humans_raw, bots_raw = section.get("humans"), section.get("bots")
    humans: dict[int, str] | None = None
    bots: dict[int, str] | None = None
    if humans_raw is not None or bots_raw is not None:
        if not isinstance(humans_raw, dict) or not isinstance(bots_raw, dict):
            raise SaveError(
                "'terminal.humans' and 'terminal.bots' must both be objects "
                '(seat number: name, e.g. {"0": "Ann"}, and seat number: bot)'
            )
        humans = _saved_people(humans_raw, game.players)
        bots = _saved_bots(bots_raw, game)
        both = sorted(set(humans) & set(bots))
        if both:
            raise SaveError(f"seat {both[0]} is both a person and a bot")
        missing = sorted(set(range(game.players)) - set(humans) - set(bots))
        if missing:
            raise SaveError(
                f"the saved seats leave seat {missing[0]} empty, and the game has "
                f"{game.players} players"
            )
    return SavedGame(game, humans, bots, _saved_notes(section.get("notes"), game.players))


def _kind(value: Any) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "a boolean"}
    names.update({int: "an integer", float: "a number with a fraction", type(None): "null"})
    return names.get(type(value), type(value).__name__)


def _seat(key: str, players: int, where: str) -> int:
    if not re.fullmatch(r"0|[1-9][0-9]{0,3}", key):
        raise SaveError(f"{where} has {plain_text(repr(key))[:40]} where a seat number belongs")
    seat = int(key)
    if seat >= players:
        raise SaveError(f"{where} names seat {seat}, but the game has {players} players")
    return seat


def _saved_people(raw: dict[str, Any], players: int) -> dict[int, str]:
    people: dict[int, str] = {}
    for key, name in raw.items():
        seat = _seat(key, players, "terminal.humans")
        if not isinstance(name, str):
            raise SaveError(f"seat {seat}'s name must be a string, got {_kind(name)}")
        plain = plain_text(name, NAME_LIMIT)
        if not plain:
            raise SaveError(f"seat {seat}'s name is empty (once control characters are removed)")
        if plain.casefold() in (n.casefold() for n in people.values()):
            raise SaveError(f"two seats are called {plain!r}; each person needs a different name")
        people[seat] = plain
    return people


def _saved_bots(raw: dict[str, Any], game: Game) -> dict[int, str]:
    known = bots_for(game.rules_name)
    bots: dict[int, str] = {}
    for key, spec in raw.items():
        seat = _seat(key, game.players, "terminal.bots")
        if not isinstance(spec, str):
            raise SaveError(f"seat {seat}'s bot must be a string, got {_kind(spec)}")
        if spec.startswith("cmd:"):
            bots[seat] = plain_text(spec)
        elif spec in known or spec in LEVELS:
            bots[seat] = spec
        else:
            raise SaveError(
                f"seat {seat}'s bot {plain_text(repr(spec))[:60]} is not a bot of "
                f"{game.rules_name}; bots: {', '.join(sorted(known))}, "
                f"or a level ({', '.join(LEVELS)})"
            )
    return bots


def _saved_notes(raw: Any, players: int) -> dict[str, dict[str, Any]]:
    """The notebook notes, their text made plain; entries for unknown cards are kept
    for :meth:`PersonNotebook.load_notes` to skip."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise SaveError(f"'terminal.notes' must be an object, got {_kind(raw)}")
    out: dict[str, dict[str, Any]] = {}
    for key, book in raw.items():
        seat = _seat(key, players, "terminal.notes")
        where = f"terminal.notes.{seat}"
        if not isinstance(book, dict):
            raise SaveError(f"{where} must be an object, got {_kind(book)}")
        notes = book.get("notes") or {}
        cells = book.get("cells") or []
        if not isinstance(notes, dict):
            raise SaveError(f"{where}.notes must be an object, got {_kind(notes)}")
        if not isinstance(cells, list):
            raise SaveError(f"{where}.cells must be a list, got {_kind(cells)}")
        for text in notes.values():
            if not isinstance(text, str):
                raise SaveError(f"{where}.notes: a note must be a string, got {_kind(text)}")
        for i, cell in enumerate(cells):
            if not (
                isinstance(cell, list)
                and len(cell) == 3
                and isinstance(cell[0], str)
                and (type(cell[1]) is int or isinstance(cell[1], str))
                and isinstance(cell[2], str)
            ):
                raise SaveError(
                    f"{where}.cells[{i}] must be [card, seat, text] "
                    '(or a place such as "envelope" instead of the seat)'
                )
        out[str(seat)] = {
            "notes": {card: plain_text(text, NOTE_LIMIT) for card, text in notes.items()},
            "cells": [[c, s, plain_text(t, NOTE_LIMIT)] for c, s, t in cells],
        }
    return out


def _cell_fits(cell: Any, book: PersonNotebook) -> bool:
    """Whether a saved cell mark names a card and a place of this notebook."""
    return (
        isinstance(cell, list)
        and len(cell) == 3
        and cell[0] in book.cards
        and not isinstance(cell[1], bool)
        and cell[1] in book.places
    )
