"""Clue or Cruel in the terminal (see :mod:`cluedo.rules.clue_or_cruel.rules`).

On top of the classic screens: gems on the board, your role, your bluff card,
the gems taken and the clue pile, the accomplice's own tally (only on the
accomplice's screen: the view holds it for no one else), and menus for calling
a bluff, showing a clue card after a wrong call, and placing weapons and gems.
The notebook gets a column for the clue pile, which the rule set's reader
follows as hands grow from it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich.text import Text

from cluedo.content.board import Square
from cluedo.engine import Action
from cluedo.presentation.names import plural
from cluedo.terminal.presenters import register_presenter
from cluedo.terminal.presenters.classic import ClassicPresenter

GEM = ("◆", "bold magenta")


@register_presenter("clue-or-cruel")
class CruelPresenter(ClassicPresenter):
    help = (
        ClassicPresenter.help
        + """\
Clue or Cruel
    call (c)       call a bluff with your bluff card: pick the player you
                   think is the accomplice, then the card they bluffed with
  Gems (magenta diamonds) give a clue card; stepping on one ends your move.
"""
    )
    shortcuts: ClassVar[Mapping[str, tuple[str, ...]]] = {
        **ClassicPresenter.shortcuts,
        "call_bluff": ("call", "c"),
    }
    parameters: ClassVar[Mapping[str, Sequence[str]]] = {"call_bluff": ("player", "card")}

    place_words: ClassVar[Mapping[str, tuple[str, str]]] = {
        **ClassicPresenter.place_words,
        "pile": ("pile", "the clue pile"),
    }

    # -- the side panel ---------------------------------------------------------------

    def status(self, view: Mapping[str, Any], seat: int | None) -> list[Text]:
        out = super().status(view, seat)
        names = self.names(seat)
        if seat is not None and view.get("role"):
            role = Text("You are ", style="bold")
            if view["role"] == "accomplice":
                role.append("THE ACCOMPLICE", style="bold red")
                role.append(": win by making others name your bluff cards.")
            else:
                role.append("a guest", style="bold green")
                role.append(": solve the case; beware the accomplice.")
            out.append(role)
            held = view["bluff_cards"][seat]
            out.append(
                Text(
                    "Bluff card: " + ("yours to call a bluff once" if held else "used"),
                    style="" if held else "grey50",
                )
            )
        tally = view.get("tally")
        if tally is not None:
            line = Text("Tally: ", style="bold red")
            line.append(f"{len(tally['successes'])} of {tally['needed']} successful bluffs")
            if tally["bluffs"]:
                line.append("; bluffed with " + ", ".join(names.card(c) for c in tally["bluffs"]))
            if tally["successes"]:
                fell = ", ".join(
                    f"{names.seat(s['by'])} ({names.card(s['card'])})" for s in tally["successes"]
                )
                line.append(f"; fell for it: {fell}")
            out.append(line)
        gems = ", ".join(
            f"{self.table.layout.letter(c) if self.table.layout else c}:{n}"
            for c, n in zip(self.table.characters, view["gems_taken"], strict=False)
        )
        out.append(
            Text(
                f"Gems taken {gems} · {len(view['gems'])} on the board, "
                f"{view['pile_size']} clue cards left",
                style="grey70",
            )
        )
        if view.get("caught") is not None and view.get("accomplice_hand") is not None:
            out.append(
                Text(
                    f"Caught: {names.seat(view['caught'])} was the accomplice, holding "
                    + (", ".join(names.card(c) for c in view["accomplice_hand"]) or "nothing"),
                    style="bold",
                )
            )
        return out

    def board_marks(self, view: Mapping[str, Any]) -> dict[Square, tuple[str, str]]:
        return {(int(g[0]), int(g[1])): GEM for g in view.get("gems", [])}

    # -- menus ------------------------------------------------------------------------

    def parameter_title(
        self, kind: str, key: str, chosen: Mapping[str, Any], view: Mapping[str, Any]
    ) -> str | None:
        if kind in ("place_weapon", "show_clue"):
            return None  # the decision's own title says it all
        if kind == "call_bluff" and key == "player":
            return "Call a bluff: who is the accomplice?"
        if kind == "call_bluff" and key == "card":
            who = self.names(None).seat(chosen["player"])
            return f"Call a bluff on {who}: which card did they bluff with?"
        return super().parameter_title(kind, key, chosen, view)

    def confirmation(self, action: Action, seat: int, view: Mapping[str, Any]) -> str | None:
        if action.kind != "call_bluff":
            return None
        names = self.names(seat)
        return (
            f"Call {names.seat(action['player'])} the accomplice, bluffing with "
            f"{names.the(action['card'])}? You can call only once; if wrong, your token goes "
            "back to its start and you show them a clue card."
        )

    # -- the end ----------------------------------------------------------------------

    def result_notes(self, view: Mapping[str, Any], viewer: int | None) -> list[Text]:
        names = self.names(viewer)
        accomplice = view.get("accomplice")
        tally = view.get("tally") or {}
        if not isinstance(accomplice, int):
            return []
        bluffs = ", ".join(names.card(c) for c in tally.get("bluffs", [])) or "nothing"
        successes = plural(len(tally.get("successes", [])), "successful bluff")
        return [
            Text(
                f"The accomplice was {names.seat_long(accomplice)}, bluffing with {bluffs}; "
                f"{successes}.",
                style="bold",
            )
        ]

    def seat_state(self, view: Mapping[str, Any], seat: int) -> str:
        if view.get("caught") == seat:
            return "caught as the accomplice"
        return super().seat_state(view, seat)
