"""Killer Kloo Doo in the terminal (see :mod:`cluedo.rules.killer_kloo_doo`).

The sentences (both parts' events, the contests and offers a person answers)
come from the rule set's words in the presentation layer; this presenter adds
the terminal's own: playing cards in short (``Q♥``) in the panel and in menus,
a question for each card or player a card play asks for, and a side panel with
what the text wants on the table: survival points, carried weapons, objectives
done, who is in the tunnels, cards a spy turned face up. The notebook follows
Part 1's clue cards, with a column for the middle they are dug from.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich.text import Text

from cluedo.engine import Action
from cluedo.mechanics.playing_cards import is_card, label
from cluedo.presentation.names import plural
from cluedo.terminal.present import Presenter
from cluedo.terminal.presenters import register_presenter

ASKED_FOR: Mapping[str, str] = {
    "weapon": "a weapon",
    "clue": "a clue card of their choice",
    "card": "a playing card of their choice",
}
"""What a bribe asks for (or a grab takes), by the action's ``ask``/``take`` value."""

PARAMETER_QUESTIONS: Mapping[tuple[str, str], str] = {
    ("persuade", "person"): "Persuade whom to come here?",
    ("persuade", "card"): "Persuade {person} with which heart?",
    ("trick", "person"): "Trick whom into coming here?",
    ("trick", "card"): "Trick {person} with which court card?",
    ("fetch", "weapon"): "Send a servant to fetch which weapon?",
    ("fetch", "card"): "Fetch {weapon} with which court card?",
    ("bribe", "target"): "Offer a bribe to whom?",
    ("bribe", "ask"): "What do you ask {target} for?",
    ("bribe", "weapon"): "Which weapon do you ask {target} for?",
    ("bribe", "card"): "Which diamond do you offer {target}?",
    ("grab", "target"): "Grab from whom?",
    ("grab", "take"): "Grab what from {target}?",
    ("grab", "weapon"): "Grab which weapon from {target}?",
    ("grab", "card"): "Grab with which club?",
    ("drug", "target"): "Drug whom?",
    ("drug", "card"): "Drug {target} with which ace?",
    ("poison", "target"): "Poison whom?",
    ("poison", "card"): "Poison {target} with which ace?",
    ("heal", "card"): "Heal with which heart?",
    ("dig", "card"): "Dig with which spade?",
    ("dig", "weapon"): "Dig for which weapon?",
    ("lure", "person"): "Send a servant to lure whom?",
    ("lure", "room"): "Lure {person} to which room?",
    ("lure", "card"): "Which court card hires the servant?",
    ("lure", "diamond"): "Which diamond pays the servant?",
    ("spy", "target"): "Send a servant to spy on whom?",
    ("spy", "card"): "Which court card hires the servant?",
    ("spy", "diamond"): "Which diamond pays the servant?",
    ("steal", "target"): "Send a servant to steal whose weapon?",
    ("steal", "room"): "Leave the stolen weapon in which room?",
    ("steal", "card"): "Which court card hires the servant?",
    ("steal", "diamonds"): "Which two diamonds pay the servant?",
    ("clean_room", "card"): "Which court card pays for the cleaning materials?",
    ("attack", "person"): "Attack whom with your weapon?",
    ("assault", "person"): "Assault whom?",
    ("assault", "cards"): "Assault {person} with which clubs?",
    ("accept", "card"): "Accept the bribe: which card do you give in return?",
    ("pick_up", "weapon"): "Pick up which weapon?",
    ("show", "card"): "Show which card?",
}
"""The question over a menu of one parameter, by (action kind, parameter); ``{key}``
stands for a value chosen before."""


@register_presenter("killer-kloo-doo")
class KillerKlooDooPresenter(Presenter):
    help = (
        "Killer Kloo Doo\n"
        "  Part 1: bring the person and the weapon into your room (hearts persuade, court\n"
        "  cards trick or fetch), suggest, accuse (+60 right, -20 wrong). Spades dig,\n"
        "  diamonds bribe, clubs grab, aces drug.\n"
        "  Part 2: finish your three objectives, then end a turn on the staircase.\n"
        "  Hearts heal, clubs assault, aces poison, court cards + diamonds hire servants.\n"
    )
    shortcuts: ClassVar[Mapping[str, tuple[str, ...]]] = {
        **Presenter.shortcuts,
        "accuse": ("accuse", "a"),
        "stay": ("stay",),
        "emerge": ("emerge",),
        "passage": ("passage", "p"),
        "dig": ("dig",),
        "persuade": ("persuade",),
        "trick": ("trick",),
        "fetch": ("fetch",),
        "bribe": ("bribe",),
        "grab": ("grab",),
        "drug": ("drug",),
        "pick_up": ("pick", "pick up"),
        "heal": ("heal",),
        "poison": ("poison",),
        "attack": ("attack", "k"),
        "assault": ("assault",),
        "lure": ("lure",),
        "spy": ("spy",),
        "steal": ("steal",),
        "clean_room": ("clean",),
        "search": ("search",),
        "show": ("show",),
        "defend": ("defend", "d"),
        "concede": ("concede", "n"),
        "accept": ("accept", "y"),
        "refuse": ("refuse", "n"),
    }
    place_words: ClassVar[Mapping[str, tuple[str, str]]] = {
        **Presenter.place_words,
        "middle": ("mid", "the middle"),
    }
    parameters: ClassVar[Mapping[str, Sequence[str]]] = {
        "persuade": ("person", "card"),
        "trick": ("person", "card"),
        "fetch": ("weapon", "card"),
        "bribe": ("target", "ask", "weapon", "card"),
        "grab": ("target", "take", "weapon", "card"),
        "lure": ("person", "room", "card", "diamond"),
        "steal": ("target", "room", "card", "diamonds"),
        "spy": ("target", "card", "diamond"),
        "assault": ("person", "cards"),
    }

    # -- words ----------------------------------------------------------------------

    def value_words(self, key: str, value: Any) -> str:
        if is_card(value):
            return label(value)
        if key in ("ask", "take") and value in ASKED_FOR:
            asked = ASKED_FOR[value]
            return asked.replace(" of their choice", "") if key == "take" else asked
        return super().value_words(key, value)

    def parameter_title(
        self, kind: str, key: str, chosen: Mapping[str, Any], view: Mapping[str, Any]
    ) -> str | None:
        if kind == "defend":
            return None  # the contest's own title says what is asked
        question = PARAMETER_QUESTIONS.get((kind, key))
        if question is not None:
            values = {k: self.value_words(k, v) for k, v in chosen.items()}
            with contextlib.suppress(KeyError):
                return question.format_map(values)
        return super().parameter_title(kind, key, chosen, view)

    def _cards(self, cards: Sequence[str]) -> str:
        return " ".join(label(c) for c in cards) or "none"

    # -- the side panel -------------------------------------------------------------

    def status(self, view: Mapping[str, Any], seat: int | None) -> list[Text]:
        names = self.names(seat)
        out: list[Text] = []
        part = view.get("part", 1)
        head = Text(f"Part {part}", style="bold")
        if part == 1:
            head.append(
                f" · {plural(view.get('middle_clues', 0), 'clue card')} and "
                f"{plural(len(view.get('middle_weapons', [])), 'weapon')} in the middle"
            )
        head.append(f" · pack {view.get('deck', 0)}")
        out.append(head)
        if seat is not None:
            if part == 1:
                out.append(
                    Text.assemble(
                        ("Your clue cards: ", "bold"),
                        ", ".join(names.card(c) for c in view.get("hand", [])) or "(none)",
                    )
                )
            out.append(
                Text.assemble(
                    ("Your playing cards: ", "bold"), self._cards(view.get("playing_cards", []))
                )
            )
            if part == 2:
                done = view.get("achieved", [[]])[seat]
                objs = ", ".join(
                    names.card(c) + (" (done)" if c in done else "")
                    for c in view.get("objectives", [])
                )
                out.append(Text.assemble(("Your objectives: ", "bold"), objs))
        for s, character in enumerate(self.table.characters):
            line = Text(f"{names.seat(s)}: ")
            facts = [plural(view.get("card_counts", [0] * 9)[s], "card")]
            if part == 1:
                facts.append(plural(view.get("hand_sizes", [0] * 9)[s], "clue"))
            else:
                facts.append(f"{view.get('survival', {}).get(character, '?')} survival")
                if character in view.get("dead", []):
                    facts = ["dead"]
                achieved = view.get("achieved", [[]] * 9)[s]
                if achieved:
                    facts.append("done: " + ", ".join(names.card(c) for c in achieved))
            carried = view.get("carried", [[]] * 9)[s]
            if carried:
                facts.append("carries " + ", ".join(names.card(w) for w in carried))
            if character in view.get("in_tunnels", []):
                facts.append("in the tunnels")
            exposed = view.get("exposed", [[]] * 9)[s]
            if exposed:
                facts.append("shown " + self._cards(exposed))
            if view.get("skip", [0] * 9)[s]:
                facts.append("misses a turn")
            line.append("; ".join(facts))
            out.append(line)
        if view.get("escaping") is not None:
            out.append(
                Text(f"{names.seat(view['escaping'])} is on the staircase!", style="bold red")
            )
        return out

    # -- menus ----------------------------------------------------------------------

    def confirmation(self, action: Action, seat: int, view: Mapping[str, Any]) -> str | None:
        if action.kind == "accuse":
            return "An accusation ends Part 1 for everybody (+60 if right, -20 if wrong). Sure?"
        return None

    # -- the end --------------------------------------------------------------------

    def seat_state(self, view: Mapping[str, Any], seat: int) -> str:
        state = self.seat_out(view, seat) or "still in"
        scores = view.get("scores") if view.get("parts") != "survival" else None
        if isinstance(scores, list) and seat < len(scores):
            state += f" ({scores[seat]} points in Part 1)"
        return state
