"""The classic game in the terminal: its menus, words and end screen.

Rule sets built on the classic game (Clue or Cruel) subclass
:class:`ClassicPresenter`; actions it does not know (a bluff call, placing a
gem) still get generic menus, so a variant only words what it adds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text

from cluedo.content.cards import CardSet, CardSetError
from cluedo.engine import Action
from cluedo.terminal.menus import (
    Asker,
    InputError,
    Menu,
    Option,
    ask_yes_no,
    choose_generic,
    choose_parameters,
    confirmed,
    number,
)
from cluedo.terminal.present import Presenter
from cluedo.terminal.presenters import register_presenter
from cluedo.terminal.text import location_name

TURN_KINDS = ("roll", "passage", "suggest", "accuse", "end_turn")
"""The classic turn's actions, which get the classic menu lines and typed shortcuts."""


@dataclass(frozen=True)
class OtherKind:
    """A menu value: an action kind the classic menu does not know, asked for generically."""

    kind: str


@register_presenter("classic")
class ClassicPresenter(Presenter):
    help = """\
The classic game
    roll (r)       roll the die        passage (p)  take the secret passage
    suggest (s)    make a suggestion   e.g. "s gr ro" = Mr. Green, Rope
    accuse (a)     make an accusation  e.g. "a pl kn ki", then y to confirm
    end (e)        end your turn
  Name cards by menu number, full name or two-letter code (gr, ro, ki...).
"""

    @property
    def cards(self) -> CardSet:
        cards = self.table.cards
        assert cards is not None, "the classic game is played with cards"
        return cards

    # -- the side panel ---------------------------------------------------------------

    def status(self, view: Mapping[str, Any], seat: int | None) -> list[Text]:
        out: list[Text] = []
        if seat is not None:
            mine = Text("Your hand: ", style="bold")
            mine.append(", ".join(self.cards.name(c) for c in view["hand"]) or "(none)")
            out.append(mine)
            if view.get("envelope"):
                out.append(
                    Text(
                        "Envelope: " + ", ".join(self.cards.name(c) for c in view["envelope"]),
                        style="bold magenta",
                    )
                )
        return out

    # -- menus ------------------------------------------------------------------------

    def choose(
        self, asker: Asker, seat: int, view: Mapping[str, Any], legal: Sequence[Action]
    ) -> Action | None:
        pending = view.get("pending") or {}
        if pending.get("kind") == "refute":
            return self.choose_card_to_show(asker, seat, view, legal)
        if pending.get("kind") == "turn" and pending.get("stage") != "move":
            return self.choose_turn_action(asker, seat, view, legal)
        return choose_generic(asker, self, seat, view, legal)

    def turn_title(self, seat: int, view: Mapping[str, Any], legal: Sequence[Action]) -> str:
        """The question over the turn menu, with what the classic turn adds to it."""
        prompt = self.narrator(seat).prompt(view, legal)
        pending = view.get("pending") or {}
        kinds = {a.kind for a in legal}
        note = ""
        if pending.get("stage") == "start" and "suggest" in kinds:
            note = " You were moved here by a suggestion: you may suggest without moving."
        elif pending.get("stage") == "done" and "accuse" not in kinds and pending.get("disproved"):
            note = " No accusation after a disproved suggestion this turn."
        return f"{prompt.situation}{note} {prompt.question}".strip()

    def choose_turn_action(
        self, asker: Asker, seat: int, view: Mapping[str, Any], legal: Sequence[Action]
    ) -> Action | None:
        kinds = {a.kind for a in legal}
        if len(kinds) == 1 and len(legal) > 1 and not kinds & set(TURN_KINDS):
            # One decision of the variant's own (whose card to see, which skill to
            # roll): ask it at once, under the turn's question.
            (kind,) = kinds
            title = self.turn_title(seat, view, legal)
            return choose_parameters(asker, self, seat, view, kind, legal, title, back=False)
        here = view["positions"][self.table.characters[seat]]
        board = self.table.layout.board if self.table.layout is not None else None
        options: list[Option] = []
        if "roll" in kinds:
            options.append(Option("", "Roll the die", Action.make(seat, "roll"), ("roll", "r")))
        if "passage" in kinds:
            target = board.passages.get(here) if board and isinstance(here, str) else None
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
                    f"{self.kind_label('suggest')} in the {location_name(self.cards, here)}",
                    "suggest",
                    ("suggest", "s"),
                )
            )
        if "accuse" in kinds:
            options.append(Option("", "Accuse (if wrong, you are out)", "accuse", ("accuse", "a")))
        # What a variant adds to the turn (a bluff call, say) comes before ending it.
        others: dict[str, list[Action]] = {}
        for action in legal:
            if action.kind not in TURN_KINDS:
                others.setdefault(action.kind, []).append(action)
        for kind, actions in others.items():
            options.append(
                Option(
                    "",
                    self.kind_words(kind, actions, view),
                    OtherKind(kind),
                    self.action_aliases(kind),
                )
            )
        if "end_turn" in kinds:
            options.append(Option("", "End your turn", Action.make(seat, "end_turn"), ("end", "e")))
        number(options)
        title = self.turn_title(seat, view, legal)

        def parse(text: str) -> Any:
            word, *args = text.split()
            word = word.lower()
            if word in ("suggest", "s") and "suggest" in kinds and args:
                suspect, weapon = self.cards_from(args, ("suspect", "weapon"))
                return Action.make(seat, "suggest", suspect=suspect, weapon=weapon)
            if word in ("accuse", "a") and "accuse" in kinds and args:
                suspect, weapon, room = self.cards_from(args, ("suspect", "weapon", "room"))
                return (
                    "accuse",
                    Action.make(seat, "accuse", suspect=suspect, weapon=weapon, room=room),
                )
            raise InputError(f"'{text}' is not an option here")

        choice = asker.ask(seat, Menu(title, options, parse=parse), view)
        if choice == "suggest":
            return self.choose_suggestion(asker, seat, view)
        if choice == "accuse":
            return self.choose_accusation(asker, seat, view)
        if isinstance(choice, OtherKind):
            actions = others[choice.kind]
            if len(actions) == 1:
                return confirmed(asker, self, seat, view, actions[0])
            return choose_parameters(
                asker, self, seat, view, choice.kind, actions, title, back=True
            )
        if isinstance(choice, tuple):  # a typed accusation still needs confirming
            return self.confirm_accusation(asker, seat, view, choice[1])
        assert isinstance(choice, Action)
        return choice

    def cards_from(self, words: Sequence[str], categories: Sequence[str]) -> list[str]:
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

    def card_menu(self, category: str, title: str, hint: str = "") -> Menu:
        options = [
            Option(str(i), self.cards.name(c), c, (c, self.cards.card(c).code))
            for i, c in enumerate(self.cards.category(category), start=1)
        ]
        options.append(Option("0", "Back", None, ("back", "b")))
        return Menu(title, options, hint=hint, columns=2)

    def choose_suggestion(self, asker: Asker, seat: int, view: Mapping[str, Any]) -> Action | None:
        room = view["positions"][self.table.characters[seat]]
        where = location_name(self.cards, room)
        label = self.kind_label("suggest")  # 'Voice a Suspicion' in Pendragon
        suspect = asker.ask(seat, self.card_menu("suspect", f"{label}: who, in the {where}?"), view)
        if suspect is None:
            return None
        weapon = asker.ask(
            seat,
            self.card_menu("weapon", f"{label}: {self.cards.name(suspect)}, with which weapon?"),
            view,
        )
        if weapon is None:
            return None
        return Action.make(seat, "suggest", suspect=suspect, weapon=weapon)

    def choose_accusation(self, asker: Asker, seat: int, view: Mapping[str, Any]) -> Action | None:
        suspect = asker.ask(seat, self.card_menu("suspect", "Accuse: who did it?"), view)
        if suspect is None:
            return None
        weapon = asker.ask(
            seat,
            self.card_menu("weapon", f"Accuse {self.cards.name(suspect)}: with what?"),
            view,
        )
        if weapon is None:
            return None
        room = asker.ask(
            seat,
            self.card_menu(
                "room", f"Accuse {self.cards.name(suspect)}, {self.cards.name(weapon)}: where?"
            ),
            view,
        )
        if room is None:
            return None
        action = Action.make(seat, "accuse", suspect=suspect, weapon=weapon, room=room)
        return self.confirm_accusation(asker, seat, view, action)

    def confirm_accusation(
        self, asker: Asker, seat: int, view: Mapping[str, Any], action: Action
    ) -> Action | None:
        names = self.names(seat)
        text = (
            f"Accuse {names.the(action['suspect'])} with {names.the(action['weapon'])} in the "
            f"{names.card(action['room'])}? If you are wrong you are out of the game."
        )
        return ask_yes_no(asker, seat, view, text, action, yes="Yes, accuse")

    def choose_card_to_show(
        self, asker: Asker, seat: int, view: Mapping[str, Any], legal: Sequence[Action]
    ) -> Action | None:
        options = [
            Option(str(i), self.cards.name(card), a, (card, self.cards.card(card).code))
            for i, a in enumerate(legal, start=1)
            for card in [a["card"]]
        ]
        menu = Menu(self.title(seat, view, legal), options)
        choice: Action = asker.ask(seat, menu, view)
        return choice

    # -- the end ----------------------------------------------------------------------

    def seat_state(self, view: Mapping[str, Any], seat: int) -> str:
        eliminated = view.get("eliminated") or []
        return "accused wrongly" if seat < len(eliminated) and eliminated[seat] else "still in"
