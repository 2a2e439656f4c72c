"""How the terminal shows a rule set: the generic presenter every rule set starts from.

A :class:`Presenter` turns a seat's view, its log and its legal actions into
what the terminal draws: the lines at the top of the side panel (your hand,
your role, your target...), marks on the board (gems), the log, the menus and
the end screen. The session (:mod:`cluedo.terminal.session`) draws; the
presenter words.

The sentences themselves - every event, the question over a decision, an
action as a menu line - come from the presentation layer
(:class:`cluedo.presentation.Narrator`), which speaks for every front end with
each rule set's own words; the terminal only lays them out. What stays here is
the terminal's own: its panel, its board marks and menus built for a keyboard
(shortcuts, one parameter at a time, board letters).

This base class is the fallback: it reads only what every view has (or may
have) - ``characters``, ``positions``, ``hand``, ``current``, ``turn``,
``winners`` - shows the rest of the view as plain ``key: value`` lines and
builds menus from the legal actions alone, so a rule set with no presenter of
its own is still playable from the first day. A rule set earns a better panel
or menus by subclassing it (see :mod:`cluedo.terminal.presenters`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from rich.text import Text

from cluedo.content.board import BoardFormatError, Square, load_board
from cluedo.content.cards import CardSet, CardSetError, load_card_set
from cluedo.deduction.places import Place
from cluedo.engine import Action
from cluedo.presentation import Narrator
from cluedo.presentation.narrator import RulesRef
from cluedo.terminal.menus import Asker, choose_generic
from cluedo.terminal.render import BoardLayout
from cluedo.terminal.text import Names

# fmt: off
COMMON_KEYS = frozenset(
    {
        "board", "edition", "card_set", "players", "characters", "current", "turn",
        "positions", "weapons", "pending", "log", "log_end", "rules", "options", "seat",
        "to_act", "finished", "outcome", "winners", "hand", "eliminated", "dead",
    }
)
# fmt: on
"""View keys the generic screen already shows in its own way (or never needs)."""

SEAT_KEYS = frozenset(
    {"seat", "player", "to", "by", "suggester", "current", "first", "named", "caller", "target"}
)
"""Parameter and event keys whose integer values are seats."""

MAX_EXTRA_LINES = 6
"""Other view entries shown by the generic presenter, so the log keeps its room."""


def card_set_of(view: Mapping[str, Any]) -> CardSet | None:
    """The view's card set (``card_set``, default the classic set) in its ``edition``.

    A view with neither a board, an edition nor a card set is not about cards.
    """
    if not any(k in view for k in ("card_set", "edition", "board")):
        return None
    name = view.get("card_set") if isinstance(view.get("card_set"), str) else "classic"
    edition = view.get("edition") if isinstance(view.get("edition"), str) else None
    try:
        return load_card_set(str(name), edition)
    except CardSetError:
        try:
            return load_card_set(str(name))
        except CardSetError:
            return None


def layout_of(view: Mapping[str, Any], cards: CardSet | None) -> BoardLayout | None:
    """The view's board, ready to draw, or None if it has none the terminal can load."""
    board = view.get("board")
    if not isinstance(board, str) or cards is None or "positions" not in view:
        return None
    try:
        return BoardLayout(load_board(board), cards)
    except (BoardFormatError, OSError, ValueError):
        return None


@dataclass
class Table:
    """What every screen of one game shares: who plays whom, the cards, the board."""

    players: int
    player_names: list[str]
    cards: CardSet | None
    layout: BoardLayout | None
    characters: list[str]
    rules: RulesRef = "classic"
    """The rule set (by name, class or instance), whose words the presentation layer speaks."""
    view: Mapping[str, Any] = field(default_factory=dict)
    """A view of the game, for the presentation layer's names of seats, cards and places."""

    @classmethod
    def from_view(
        cls, view: Mapping[str, Any], player_names: Sequence[str], rules: RulesRef | None = None
    ) -> Table:
        """The table a view shows; ``rules`` default to the view's ``rules`` entry."""
        cards = card_set_of(view)
        raw = view.get("characters")
        characters = [str(c) for c in raw] if isinstance(raw, list) else []
        if rules is None:
            rules = str(view["rules"]) if isinstance(view.get("rules"), str) else "classic"
        return cls(
            len(player_names),
            list(player_names),
            cards,
            layout_of(view, cards),
            characters,
            rules,
            view,
        )


class Presenter:
    """The generic presenter; rule sets subclass it and override what reads better."""

    place_words: ClassVar[Mapping[str, tuple[str, str]]] = {
        "envelope": ("env", "the envelope"),
        "face_up": ("up", "face up on the table"),
    }
    """The notebook's places besides the seats: name -> (column head, words)."""
    help: ClassVar[str] = ""
    """Lines added to the help page for this rule set."""
    parameters: ClassVar[Mapping[str, Sequence[str]]] = {}
    """Per action kind, the parameters to ask for first (others follow, fewest values first)."""
    shortcuts: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "roll": ("roll", "r"),
        "passage": ("passage", "p"),
        "suggest": ("suggest", "s"),
        "accuse": ("accuse", "a"),
        "end_turn": ("end", "e"),
        "stay": ("stay",),
        "move": ("move", "m"),
    }
    """What a person may type for an action kind besides its menu number."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._narrators: dict[int | None, Narrator] = {}

    def narrator(self, viewer: int | None) -> Narrator:
        """The presentation layer's words for ``viewer``: the sentences every front end shows."""
        if viewer not in self._narrators:
            spectator = self._narrators.get(None)
            if spectator is None:
                table = self.table
                spectator = Narrator(table.rules, table.view, None, table.player_names)
                self._narrators[None] = spectator
            self._narrators[viewer] = spectator.seen_by(viewer)
        return self._narrators[viewer]

    # -- names ------------------------------------------------------------------------

    def names(self, viewer: int | None) -> Names:
        return Names(self.table.cards, self.table.characters, self.table.player_names, viewer)

    def card_name(self, card: str) -> str | None:
        cards = self.table.cards
        if cards is None:
            return None
        try:
            return cards.name(card)
        except CardSetError:
            return None

    def notebook_place(self, place: Place, viewer: int | None) -> tuple[str, str, str]:
        """A notebook column: its head, the place in words and the head's style.

        Seats are headed by their token's letter (or number, counted from 1);
        a character nobody plays (a Clussassin place) likewise; other places by
        :attr:`place_words`, or by their name made readable.
        """
        names = self.names(viewer)
        layout = self.table.layout
        character: str | None = None
        if isinstance(place, int):
            if place < len(self.table.characters):
                character = self.table.characters[place]
            words = names.seat(place) + (" (you)" if place == viewer else "")
        elif place in self.place_words:
            head, words = self.place_words[place]
            return head, words, "bold"
        elif self.card_name(place) is not None:
            character = place
            words = f"{self.card_name(place)} (not played)"
        else:
            words = place.replace("_", " ")
            return words[:5], words, "bold"
        if layout is not None and character is not None:
            return layout.letter(character), words, layout.style(character)
        return (str(place + 1) if isinstance(place, int) else place[:3]), words, "bold"

    def value_words(self, key: str, value: Any) -> str:
        """A parameter or event value in words: seats by name, cards by name, squares."""
        if isinstance(value, bool):
            return "yes" if value else "no"
        seat_key = key in SEAT_KEYS or key.endswith("seat")
        if isinstance(value, int) and seat_key and 0 <= value < self.table.players:
            return self.names(None).seat(value)
        if isinstance(value, str):
            name = self.card_name(value)
            layout = self.table.layout
            if name is None and layout is not None and value in layout.board.rooms:
                name = layout.room_name(value)
            return name or value.replace("_", " ")
        if isinstance(value, (list, tuple)):
            pair = len(value) == 2 and all(
                isinstance(v, int) and not isinstance(v, bool) for v in value
            )
            if pair and key not in ("winners", "seats", "dice", "rolls"):
                return f"square {value[0]},{value[1]}"
            inner = "seat" if key in ("winners", "seats") else key
            return ", ".join(self.value_words(inner, v) for v in value) or "none"
        if isinstance(value, Mapping):
            return "; ".join(f"{k} {self.value_words(str(k), v)}" for k, v in value.items())
        if value is None:
            return "none"
        return str(value)

    def value_aliases(self, key: str, value: Any) -> tuple[str, ...]:
        """What a person may type for a value besides its menu number: a card's id and code."""
        if isinstance(value, str):
            cards = self.table.cards
            out = [value.lower()]
            if cards is not None:
                with contextlib.suppress(CardSetError):
                    out.append(cards.card(value).code)
            return tuple(out)
        return ()

    # -- the side panel ---------------------------------------------------------------

    def headline(self, view: Mapping[str, Any]) -> Text:
        """'Turn 9 · Miss Scarlet (you) to play', or who the game waits for."""
        names = self.names(None)
        head = Text(f"Turn {view['turn']} · " if "turn" in view else "", style="bold")
        if view.get("finished"):
            head.append("the game is over")
            return head
        current = view.get("current")
        waiting = [s for s in view.get("to_act", []) if isinstance(s, int)]
        if isinstance(current, int) and (not waiting or current in waiting):
            head.append(f"{names.seat_long(current)} to play", style=self.seat_style(current))
        elif waiting:
            head.append(", ".join(names.seat_long(s) for s in waiting) + " to act")
        return head

    def seat_style(self, seat: int) -> str:
        layout = self.table.layout
        if layout is None or seat >= len(self.table.characters):
            return ""
        return layout.style(self.table.characters[seat])

    def seat_out(self, view: Mapping[str, Any], seat: int) -> str:
        """Why a seat no longer plays ('out', 'dead'), or '' while it does."""
        eliminated = view.get("eliminated")
        if isinstance(eliminated, list) and seat < len(eliminated) and eliminated[seat]:
            return "out"
        dead = view.get("dead")
        chars = self.table.characters
        if isinstance(dead, list) and seat < len(chars) and chars[seat] in dead:
            return "dead"
        return ""

    def seats_line(self, view: Mapping[str, Any]) -> Text:
        """Who plays which character, with the character's token letter."""
        line = Text()
        layout = self.table.layout
        for seat, who in enumerate(self.table.player_names):
            if line.plain:
                line.append("  ")
            if layout is not None and seat < len(self.table.characters):
                character = self.table.characters[seat]
                line.append(layout.letter(character), style=layout.style(character))
                line.append(" ")
            elif not self.table.characters:
                line.append(f"{seat + 1}:", style="bold")
            out = self.seat_out(view, seat)
            line.append(who + (f" ({out})" if out else ""), style="strike grey50" if out else "")
        return line

    def status(self, view: Mapping[str, Any], seat: int | None) -> list[Text]:
        """Lines under the seats: for a seat, its hand and whatever else its view holds."""
        out: list[Text] = []
        hand = view.get("hand")
        if seat is not None and isinstance(hand, list):
            mine = Text("Your hand: ", style="bold")
            mine.append(", ".join(self.value_words("card", c) for c in hand) or "(none)")
            out.append(mine)
        out += self.extra_lines(view, seat)
        return out

    def extra_lines(self, view: Mapping[str, Any], seat: int | None) -> list[Text]:
        """The generic part: every other entry of the view, as 'key: value'."""
        out: list[Text] = []
        for key, value in view.items():
            if key in COMMON_KEYS or value is None or value in ([], {}, ""):
                continue
            label = key.replace("_", " ")
            head = f"{label[:1].upper()}{label[1:]}: "
            out.append(Text.assemble((head, "bold"), self.value_words(key, value)))
        return out[:MAX_EXTRA_LINES]

    def board_marks(self, view: Mapping[str, Any]) -> dict[Square, tuple[str, str]]:
        """Extra glyphs on corridor squares (a gem, a trap): square -> (character, style)."""
        return {}

    # -- the log ----------------------------------------------------------------------

    def describe(self, event: Mapping[str, Any], viewer: int | None) -> str | None:
        """One event as ``viewer`` reads it in the log (None: not worth a line).

        The presentation layer words every event; a new turn is the terminal's
        own divider, with who plays the seat, so turns stand out in the log.
        """
        seat = event.get("seat")
        if event.get("kind") == "turn" and isinstance(seat, int) and "turn" in event:
            return f"-- Turn {event['turn']}: {self.names(viewer).seat_long(seat)} --"
        return self.narrator(viewer).event(event)

    # -- menus ------------------------------------------------------------------------

    def title(self, seat: int, view: Mapping[str, Any], legal: Sequence[Action]) -> str:
        """The question over a menu of these legal actions: what the decision is about
        and what is asked ('Mrs. White suggests ... Show one of: Rope, Lounge.')."""
        return self.narrator(seat).prompt(view, legal).text

    def kind_words(self, kind: str, actions: Sequence[Action], view: Mapping[str, Any]) -> str:
        """A menu line for all actions of one kind (one action: its own words)."""
        if len(actions) == 1:
            return self.action_text(actions[0], view)
        return self.kind_label(kind) + "..."

    def kind_label(self, kind: str) -> str:
        """An action kind as a menu word ('Roll the dice', 'Call a bluff')."""
        return self.narrator(None).kind_label(kind)

    def action_text(self, action: Action, view: Mapping[str, Any]) -> str:
        """One action as a menu line ('Go into the Lounge', 'Attack Mrs. White')."""
        return self.narrator(action.seat).action(action, view)

    def action_aliases(self, kind: str) -> tuple[str, ...]:
        if kind in self.shortcuts:
            return self.shortcuts[kind]
        return (kind.lower(), kind.replace("_", " ").lower())

    def parameter_order(self, kind: str) -> Sequence[str]:
        return self.parameters.get(kind, ())

    def parameter_title(
        self, kind: str, key: str, chosen: Mapping[str, Any], view: Mapping[str, Any]
    ) -> str | None:
        """The question when asking for one parameter of an action: 'Accuse - Professor
        Plum: which weapon?'."""
        so_far = ", ".join(self.value_words(k, v) for k, v in chosen.items())
        what = self.kind_label(kind).split(" (")[0]  # without the aside ('if wrong, ...')
        question = self.narrator(None).parameter_label(kind, key)
        return f"{what}{' - ' + so_far if so_far else ''}: {question}?"

    def confirmation(self, action: Action, seat: int, view: Mapping[str, Any]) -> str | None:
        """A yes/no question before an action that cannot be taken back, or None."""
        return None

    def choose(
        self, asker: Asker, seat: int, view: Mapping[str, Any], legal: Sequence[Action]
    ) -> Action | None:
        """The action the person at ``seat`` picks (None: they went back; ask again)."""
        return choose_generic(asker, self, seat, view, legal)

    # -- the end ----------------------------------------------------------------------

    def result(self, view: Mapping[str, Any], viewer: int | None) -> list[Text]:
        """The end screen's lines: how the game ended, and what became of everyone."""
        names = self.names(viewer)
        winners = [s for s in view.get("winners", []) if isinstance(s, int)]
        lines = [self.ending(view, viewer), *self.result_notes(view, viewer)]
        for seat in range(self.table.players):
            state = "won" if seat in winners else self.seat_state(view, seat)
            lines.append(Text(f"  {names.seat_long(seat)}: {state}"))
        return lines

    def ending(self, view: Mapping[str, Any], viewer: int | None) -> Text:
        """'GAME OVER: ...' with how the game ended, as the log tells it."""
        over = next(
            (e for e in reversed(view.get("log") or []) if e.get("kind") == "game_over"), None
        )
        told = self.narrator(viewer).event(over) if over is not None else None
        winners = [s for s in view.get("winners", []) if isinstance(s, int)]
        if told:
            text = told.removeprefix("Game over: ")
        elif winners:  # a rule set that ends without a game_over event
            text = ", ".join(self.names(viewer).seat_long(s) for s in winners) + " won."
        else:
            text = "nobody won."
        return Text(f"GAME OVER: {text}", style="bold green" if winners else "bold red")

    def result_notes(self, view: Mapping[str, Any], viewer: int | None) -> list[Text]:
        """Lines between the ending and the seats (who the accomplice was, who killed whom)."""
        return []

    def seat_state(self, view: Mapping[str, Any], seat: int) -> str:
        """What became of a seat that did not win: 'out', 'dead', 'still in'."""
        return self.seat_out(view, seat) or "still in"

    def final_pages(self, view: Mapping[str, Any]) -> list[list[Text]]:
        """Pages shown after the end screen (a game master's report, say). Default: none."""
        return []
