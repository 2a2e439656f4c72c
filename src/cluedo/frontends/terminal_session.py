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
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from cluedo.agents.base import Agent
from cluedo.agents.match import step_bots
from cluedo.content.board import Square
from cluedo.content.cards import CardSet, CardSetError
from cluedo.engine import Action, CluedoError, Game, IllegalAction
from cluedo.frontends.terminal_notebook import Notebook
from cluedo.frontends.terminal_render import LABELS, BoardLayout
from cluedo.frontends.terminal_screen import Panel, Screen
from cluedo.frontends.terminal_text import Names, location_name, token_style

PROMPT = "> "
NOTE_LIMIT = 20
"""Longest note kept per notebook entry, so the notebook stays one line per card."""
LOG_KEEP = 60
"""Log entries kept for the side panel (it shows as many of the latest as fit)."""


def bot_label(spec: str) -> str:
    """How a bot seat is called on screen: 'sensible bot', 'external bot'."""
    return "external bot" if spec.startswith("cmd:") else f"{spec} bot"


class Quit(Exception):
    """The person asked to leave (or the input ended)."""

    def __init__(self, ask_to_save: bool = True, error: str = "") -> None:
        super().__init__(error or "quit")
        self.ask_to_save = ask_to_save
        self.error = error


class InputError(ValueError):
    """Typed input that does not fit the prompt; the message says what would."""


@dataclass
class Option:
    """One menu entry: the key that picks it, its words, what it stands for."""

    key: str
    text: str
    value: Any
    aliases: tuple[str, ...] = ()
    style: str = ""


@dataclass
class Menu:
    title: str
    options: list[Option]
    hint: str = ""
    labels: dict[Square, str] = field(default_factory=dict)
    room_marks: dict[str, str] = field(default_factory=dict)
    parse: Callable[[str], Any] | None = None
    """Reads typed input that is not a menu key (e.g. 'suggest gr ro'); raises InputError."""
    columns: int = 1


HELP = """\
How to play
  Type a menu number (or, while moving, the letter of a square) and Enter.
  Actions can also be typed as words:
    roll (r)       roll the die        passage (p)  take the secret passage
    suggest (s)    make a suggestion   e.g. "s gr ro" = Mr. Green, Rope
    accuse (a)     make an accusation  e.g. "a pl kn ki", then y to confirm
    end (e)        end your turn
  Name cards by menu number, full name or two-letter code (gr, ro, ki...).
Anywhere
  notes (n)           your notebook: what you know about every card
  mark CARD TEXT      write TEXT beside CARD in your notebook ("mark ro seen?")
  mark CARD WHO X     mark one player's box, e.g. "mark ro pl x"
  unmark CARD [WHO]   rub a mark out
  log (l)             the whole game log
  help (h, ?)         this page
  quit (q)            leave the game (you are offered to save it)
The board
  Capital letters are suspects (yours is reversed); two-letter codes in rooms
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
        self.screen = Screen(console)
        self.bot_delay = bot_delay
        self.save_path = save_path
        first = game.view(None)
        self.layout = BoardLayout.for_view(first)
        self.cards: CardSet = self.layout.cards
        self.characters: list[str] = list(first["characters"])
        self.player_names = [
            self.humans.get(s) or bot_label(self.bot_specs.get(s, "?")) for s in range(game.players)
        ]
        self.notebooks = {s: Notebook(self.cards, s, game.players) for s in self.humans}
        for seat_text, data in (notes or {}).items():
            seat = int(seat_text) if str(seat_text).isdigit() else -1
            if seat in self.notebooks and isinstance(data, Mapping):
                self.notebooks[seat].load_notes(data)
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
                self._save(self.save_path)
            self._result()
            return 0
        except Quit as leaving:
            if leaving.ask_to_save:
                self._offer_save()
            elif self.save_path is not None:
                self._save(self.save_path)
            if leaving.error:
                self.console.print(Text(f"error: {leaving.error}", style="bold red"))
                return 1
            return 0
        except CluedoError as err:
            # A bot that breaks down (an external one that stops answering, say) ends
            # the session; the game itself is unchanged and can be saved and resumed.
            if self.save_path is not None:
                self._save(self.save_path)
            self.console.print(Text(f"error: a bot failed: {err}", style="bold red"))
            return 1
        except KeyboardInterrupt:
            if self.save_path is not None:
                self._save(self.save_path)
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
                    Text(f"  ({self.cards.name(self.characters[seat])})", style="bold"),
                    Text(""),
                    Text(f"  {name}: press Enter when nobody else can see the screen."),
                ]
            )
            self._read()
        self.holder = self.at_screen = seat

    def _decide(self, seat: int) -> None:
        """Ask the person at ``seat`` for one action and apply it."""
        while True:
            view = self.game.view(seat)
            legal = self.game.legal_actions(seat)
            pending = view["pending"] or {}
            if pending.get("kind") == "refute":
                action = self._choose_card_to_show(seat, view, legal)
            elif pending.get("stage") == "move":
                action = self._choose_move(seat, view, legal)
            else:
                action = self._choose_turn_action(seat, view, legal)
            if action is None:
                continue
            try:
                self.game.apply(action)
            except IllegalAction as err:
                self.message = Text(str(err), style="bold red")
                continue
            return

    # -- menus for each decision ----------------------------------------------------

    def _choose_turn_action(
        self, seat: int, view: Mapping[str, Any], legal: Sequence[Action]
    ) -> Action | None:
        kinds = {a.kind for a in legal}
        here = view["positions"][self.characters[seat]]
        options: list[Option] = []
        if "roll" in kinds:
            options.append(Option("", "Roll the die", Action.make(seat, "roll"), ("roll", "r")))
        if "passage" in kinds:
            target = self.layout.board.passages.get(here) if isinstance(here, str) else None
            where = f" to the {self.cards.name(target)}" if target else ""
            options.append(
                Option(
                    "",
                    f"Take the secret passage{where}",
                    Action.make(seat, "passage"),
                    ("passage", "p"),
                )
            )
        if "suggest" in kinds:
            options.append(
                Option(
                    "",
                    f"Suggest in the {location_name(self.cards, here)}",
                    "suggest",
                    ("suggest", "s"),
                )
            )
        if "accuse" in kinds:
            options.append(Option("", "Accuse (if wrong, you are out)", "accuse", ("accuse", "a")))
        if "end_turn" in kinds:
            options.append(Option("", "End your turn", Action.make(seat, "end_turn"), ("end", "e")))
        for i, opt in enumerate(options, start=1):
            opt.key = str(i)
        pending = view["pending"] or {}
        title = f"Your turn: you are in the {location_name(self.cards, here)}."
        if not isinstance(here, str):
            title = "Your turn."
        if pending.get("stage") == "start" and "suggest" in kinds:
            title = "You were moved here by a suggestion: you may suggest without moving."
        elif pending.get("stage") == "moved" and "suggest" in kinds:
            title = f"You are in the {self.cards.name(pending['entered'])}."
        elif pending.get("stage") == "done":
            title = "Your suggestion has been answered."
            if "accuse" not in kinds and pending.get("disproved"):
                title += " (No accusation after a disproved suggestion this turn.)"
        elif pending.get("stage") == "moved":
            last = view["log"][-1] if view["log"] else {}
            title = (
                f"You rolled {last.get('roll')} but every way is blocked."
                if last.get("kind") == "blocked"
                else "You have moved."
            )

        def parse(text: str) -> Any:
            word, *args = text.split()
            word = word.lower()
            if word in ("suggest", "s") and "suggest" in kinds and args:
                suspect, weapon = self._cards_from(args, ("suspect", "weapon"))
                return Action.make(seat, "suggest", suspect=suspect, weapon=weapon)
            if word in ("accuse", "a") and "accuse" in kinds and args:
                suspect, weapon, room = self._cards_from(args, ("suspect", "weapon", "room"))
                return (
                    "accuse",
                    Action.make(seat, "accuse", suspect=suspect, weapon=weapon, room=room),
                )
            raise InputError(f"'{text}' is not an option here")

        choice = self._ask(seat, Menu(title, options, parse=parse), view)
        if choice == "suggest":
            return self._choose_suggestion(seat, view)
        if choice == "accuse":
            return self._choose_accusation(seat, view)
        if isinstance(choice, tuple):  # a typed accusation still needs confirming
            return self._confirm_accusation(seat, view, choice[1])
        assert isinstance(choice, Action)
        return choice

    def _cards_from(self, words: Sequence[str], categories: Sequence[str]) -> list[str]:
        if len(words) != len(categories):
            raise InputError(f"name {len(categories)} cards: a " + ", a ".join(categories))
        out = []
        for word, category in zip(words, categories, strict=True):
            try:
                card = self.cards.lookup(word)
            except CardSetError:
                raise InputError(
                    f"no card '{word}'; use a two-letter code (see 'notes') or a full name"
                ) from None
            if self.cards.category_of(card) != category:
                raise InputError(f"{self.cards.name(card)} is not a {category}")
            out.append(card)
        return out

    def _card_menu(self, category: str, title: str, hint: str = "") -> Menu:
        options = [
            Option(str(i), self.cards.name(c), c, (c, self.cards.card(c).code))
            for i, c in enumerate(self.cards.category(category), start=1)
        ]
        options.append(Option("0", "Back", None, ("back", "b")))
        return Menu(title, options, hint=hint, columns=2)

    def _choose_suggestion(self, seat: int, view: Mapping[str, Any]) -> Action | None:
        room = view["positions"][self.characters[seat]]
        where = location_name(self.cards, room)
        suspect = self._ask(
            seat, self._card_menu("suspect", f"Suggest: who, in the {where}?"), view
        )
        if suspect is None:
            return None
        weapon = self._ask(
            seat,
            self._card_menu("weapon", f"Suggest: {self.cards.name(suspect)}, with which weapon?"),
            view,
        )
        if weapon is None:
            return None
        return Action.make(seat, "suggest", suspect=suspect, weapon=weapon)

    def _choose_accusation(self, seat: int, view: Mapping[str, Any]) -> Action | None:
        suspect = self._ask(seat, self._card_menu("suspect", "Accuse: who did it?"), view)
        if suspect is None:
            return None
        weapon = self._ask(
            seat,
            self._card_menu("weapon", f"Accuse {self.cards.name(suspect)}: with what?"),
            view,
        )
        if weapon is None:
            return None
        room = self._ask(
            seat,
            self._card_menu(
                "room", f"Accuse {self.cards.name(suspect)}, {self.cards.name(weapon)}: where?"
            ),
            view,
        )
        if room is None:
            return None
        action = Action.make(seat, "accuse", suspect=suspect, weapon=weapon, room=room)
        return self._confirm_accusation(seat, view, action)

    def _confirm_accusation(
        self, seat: int, view: Mapping[str, Any], action: Action
    ) -> Action | None:
        names = self._names(seat)
        text = (
            f"Accuse {names.the(action['suspect'])} with {names.the(action['weapon'])} in the "
            f"{names.card(action['room'])}? If you are wrong you are out of the game."
        )
        menu = Menu(
            text,
            [
                Option("y", "Yes, accuse", action, ("y", "yes")),
                Option("n", "No, go back", None, ("n", "no")),
            ],
        )
        result: Action | None = self._ask(seat, menu, view)
        return result

    def _choose_move(
        self, seat: int, view: Mapping[str, Any], legal: Sequence[Action]
    ) -> Action | None:
        pending = view["pending"]
        rooms: list[str] = []
        squares: list[Square] = []
        for dest in pending.get("destinations", []):
            if isinstance(dest, str):
                rooms.append(dest)
            else:
                squares.append((int(dest[0]), int(dest[1])))
        rooms.sort(key=self.cards.category("room").index)
        squares.sort(key=self._nearest_room_distance)
        labels = {sq: LABELS[i] for i, sq in enumerate(squares[: len(LABELS)])}
        options = [
            Option(
                str(i),
                f"Go into the {self.cards.name(r)}",
                Action.make(seat, "move", to=r),
                (r, self.cards.card(r).code),
            )
            for i, r in enumerate(rooms, start=1)
        ]
        options += [
            Option(label, "", Action.make(seat, "move", to=sq)) for sq, label in labels.items()
        ]
        hint = ""
        if labels:
            hint = (
                f"Squares (letters on the board, 'a' nearest a room): {' '.join(labels.values())}"
            )

        def parse(text: str) -> Action:
            parts = text.replace(" ", "").split(",")
            if len(parts) == 2 and all(p.isdigit() for p in parts):
                return Action.make(seat, "move", to=(int(parts[0]), int(parts[1])))
            raise InputError(
                f"'{text}' is not a destination: type a room number"
                + (" or a square's letter" if labels else "")
            )

        title = f"You rolled {pending.get('roll')}: where do you go?"
        menu = Menu(
            title,
            options,
            hint=hint,
            labels=labels,
            room_marks={r: str(i) for i, r in enumerate(rooms, start=1)},
            parse=parse,
        )
        choice: Action = self._ask(seat, menu, view)
        return choice

    def _nearest_room_distance(self, square: Square) -> int:
        board = self.layout.board
        node = board.node(square)
        return min(board.distances_from(board.node(room))[node] for room in board.rooms)

    def _choose_card_to_show(
        self, seat: int, view: Mapping[str, Any], legal: Sequence[Action]
    ) -> Action | None:
        names = self._names(seat)
        suggestion = next((e for e in reversed(view["log"]) if e["kind"] == "suggestion"), None)
        asked = ""
        if suggestion is not None:
            asked = (
                f"{names.seat(suggestion['seat'])} suggested {names.the(suggestion['suspect'])} "
                f"with {names.the(suggestion['weapon'])} in the {names.card(suggestion['room'])}. "
            )
        options = [
            Option(str(i), self.cards.name(card), a, (card, self.cards.card(card).code))
            for i, a in enumerate(legal, start=1)
            for card in [a["card"]]
        ]
        menu = Menu(asked + "You must show one of your matching cards: which?", options)
        choice: Action = self._ask(seat, menu, view)
        return choice

    # -- asking ---------------------------------------------------------------------

    def _ask(self, seat: int, menu: Menu, view: Mapping[str, Any]) -> Any:
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
        if book is None:
            return Text("Only a person's seat has a notebook.", style="bold red")
        if not args:
            return Text(usage, style="bold red")
        try:
            card = self.cards.lookup(args[0])
        except CardSetError:
            return Text(f"No card '{args[0]}'. {usage}", style="bold red")
        who: int | None = None
        rest = args[1:]
        if rest and (erase or len(rest) >= 2):
            who = self._seat_from(rest[0])
            if who is not None:
                rest = rest[1:]
            elif erase:
                return Text(f"No player '{rest[0]}'. {usage}", style="bold red")
        text = "" if erase else " ".join(rest)
        if not erase and not text:
            return Text(usage, style="bold red")
        book.set_note(card, text[:NOTE_LIMIT], who)
        where = f" for {self.cards.name(self.characters[who])}" if who is not None else ""
        done = "Rubbed out" if erase else f"Marked '{text[:NOTE_LIMIT]}'"
        return Text(f"{done} on {self.cards.name(card)}{where} (see 'notes').", style="green")

    def _seat_from(self, word: str) -> int | None:
        low = word.lower()
        if low.isdigit() and 1 <= int(low) <= self.game.players:
            return int(low) - 1
        for seat, character in enumerate(self.characters):
            if low in (
                character,
                self.cards.card(character).code,
                self.layout.letters[character].lower(),
                self.player_names[seat].lower(),
            ):
                return seat
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
        return Names(self.cards, self.characters, self.player_names, viewer)

    def _draw(
        self, seat: int | None, view: Mapping[str, Any], menu: Menu, status: Text | None
    ) -> None:
        names = self._names(seat)
        panel = Panel()
        current = view["current"]
        finished = view["finished"]
        head = Text(f"Turn {view['turn']} · ", style="bold")
        if not finished:
            head.append(
                f"{names.seat_long(current)} to play",
                style=token_style(self.cards, self.characters[current]),
            )
        panel.header.append(head)
        panel.header.append(self._seats_line(view))
        if seat is not None:
            hand = view["hand"]
            mine = Text("Your hand: ", style="bold")
            mine.append(", ".join(self.cards.name(c) for c in hand) or "(none)")
            panel.header.append(mine)
            if view.get("envelope"):
                panel.header.append(
                    Text(
                        "Envelope: " + ", ".join(self.cards.name(c) for c in view["envelope"]),
                        style="bold magenta",
                    )
                )
        if status is not None:
            panel.header.append(status)
        if menu.title:
            panel.menu.append(Text(menu.title, style="bold"))
            panel.menu += self._menu_lines(menu)
            if menu.hint:
                panel.menu.append(Text(menu.hint, style="grey70"))
        panel.message = self.message
        log = [line for line in (names.describe(e) for e in view["log"]) if line]
        panel.log = log[-LOG_KEEP:]
        wanted: list[int] = []
        if seat is not None:
            own = view["positions"][self.characters[seat]]
            if isinstance(own, list):
                wanted.append(int(own[0]))
            else:
                wanted += [r for r, _, _ in self.layout.spans.get(own, [])[:1]]
        wanted += [sq[0] for sq in menu.labels]
        for room in menu.room_marks:
            wanted += [r for r, _, _ in self.layout.spans.get(room, [])[:1]]
        for location in view["positions"].values():
            if isinstance(location, list):
                wanted.append(int(location[0]))
        aside: list[Text] = []
        book = self.notebooks.get(seat) if seat is not None else None
        if book is not None:
            book.update(view["log"])
            aside = self._notebook_lines(book, compact=True)
        self.prompt_prefix = self.screen.game(
            self.layout, view, panel, menu.labels, menu.room_marks, wanted, aside=aside
        )

    def _seats_line(self, view: Mapping[str, Any]) -> Text:
        line = Text()
        for seat, character in enumerate(self.characters):
            if line.plain:
                line.append("  ")
            line.append(self.layout.letters[character], style=token_style(self.cards, character))
            who = self.player_names[seat]
            line.append(
                f" {who}" + (" (out)" if view["eliminated"][seat] else ""),
                style="strike grey50" if view["eliminated"][seat] else "",
            )
        return line

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
        lines = [Text(line) for line in HELP.splitlines()]
        legend = Text("Weapons: ")
        for w in self.cards.category("weapon"):
            legend.append(f"{self.cards.card(w).code}={self.cards.name(w)} ", style="cyan")
        lines.append(legend)
        self._wait(lines)

    def _page_notebook(self, seat: int) -> None:
        book = self.notebooks.get(seat)
        if book is None:
            self.message = Text("Only a person's seat has a notebook.", style="bold red")
            return
        book.update(self.game.view(seat)["log"])
        lines = self._notebook_lines(book)
        lines.append(
            Text(
                "+ holds it  - does not  ! in the envelope  x not in it  [ ] your marks",
                style="grey70",
            )
        )
        self._wait(lines)

    def _notebook_lines(self, book: Notebook, compact: bool = False) -> list[Text]:
        """The notebook as a table, one card per line (``compact``: no notes column)."""
        lines = [self._notebook_header(compact)]
        for category in self.cards.categories:
            for card in self.cards.category(category):
                lines.append(self._notebook_row(book, card, compact))
        return lines

    def _notebook_header(self, compact: bool = False) -> Text:
        line = Text(f"{'card':<17}{'cd':<3}", style="bold")
        for character in self.characters:
            line.append(
                f" {self.layout.letters[character]} ", style=token_style(self.cards, character)
            )
        line.append(" env" if compact else " env  notes", style="bold")
        return line

    def _notebook_row(self, book: Notebook, card: str, compact: bool = False) -> Text:
        line = Text(f"{self.cards.name(card):<17.17}{self.cards.card(card).code:<3}")
        for s in range(self.game.players):
            own = book.cell_notes.get((card, s))
            if own is not None:
                line.append(f"[{own[:1]}]", style="bold yellow")
                continue
            mark = book.mark(card, s)
            glyph = {"has": " + ", "not": " - ", "unknown": " . "}[mark]
            line.append(glyph, style={"has": "bold green", "not": "grey50", "unknown": ""}[mark])
        env = book.in_envelope(card)
        line.append(
            {True: "  ! ", False: "  x ", None: "  ? "}[env],
            style={True: "bold magenta", False: "grey50", None: ""}[env],
        )
        note = book.notes.get(card)
        if note and not compact:
            line.append(f"  {note}", style="yellow")
        return line

    def _page_log(self, seat: int) -> None:
        names = self._names(seat)
        entries = [
            line for line in (names.describe(e) for e in self.game.view(seat)["log"]) if line
        ]
        room = max(self.screen.height - 3, 5)
        lines = [Text("Game log (latest last)", style="bold")]
        lines += [Text(e) for e in entries[-room:]]
        self._wait(lines)

    def _result(self) -> None:
        """The end: who won, what was in the envelope; public to everyone at the table."""
        viewer = self.at_screen if len(self.humans) == 1 else None
        view = self.game.view(viewer)
        names = self._names(viewer)
        envelope = view.get("envelope") or []
        lines = []
        if view["outcome"] == "solved":
            winners = ", ".join(names.seat_long(s) for s in view["winners"])
            lines.append(Text(f"GAME OVER: {winners} solved the case!", style="bold green"))
        else:
            lines.append(Text("GAME OVER: nobody solved the case.", style="bold red"))
        if envelope:
            suspect, weapon, room = (e for e in envelope)
            lines.append(
                Text(
                    f"The envelope held: {names.card(suspect)}, with {names.the(weapon)}, "
                    f"in the {names.card(room)}.",
                    style="bold magenta",
                )
            )
        for seat in range(self.game.players):
            state = (
                "won"
                if seat in view["winners"]
                else ("accused wrongly" if view["eliminated"][seat] else "still in")
            )
            lines.append(Text(f"  {names.seat_long(seat)}: {state}"))
        menu = Menu("Press Enter to leave.", [])
        panel = Panel(
            header=lines,
            log=[ln for ln in (names.describe(e) for e in view["log"]) if ln][-LOG_KEEP:],
        )
        panel.menu.append(Text(menu.title, style="bold"))
        if self.save_path is not None:
            panel.menu.append(Text(f"The game is saved to {self.save_path}.", style="grey70"))
        wanted = [int(loc[0]) for loc in view["positions"].values() if isinstance(loc, list)]
        prefix = self.screen.game(self.layout, view, panel, wanted_rows=wanted)
        with contextlib.suppress(EOFError, KeyboardInterrupt):
            self.console.input(Text.assemble(prefix, PROMPT))

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
        try:
            self._save(target)
        except OSError as err:
            self.console.print(Text(f"Could not save to {target}: {err}", style="bold red"))
            return
        self.console.print(Text(f"Saved to {target}. Resume with: cluedo play --load {target}"))
