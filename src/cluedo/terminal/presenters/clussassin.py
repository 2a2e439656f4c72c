"""Clussassin in the terminal (see :mod:`cluedo.rules.clussassin.rules`).

The panel shows your target, kill zones and specialty weapons (the cards you
hold), the weapons you carry, the safe room and whether you can attack now; the
board marks the corridor squares in your line of sight within attack reach.
Menus stay generic: attack, pick up, roll, passage, move or stay, end - plus
the escape after surviving an attack and the swap after drawing your own card.
The notebook follows who holds which card: a column for every character,
played or not, the safe room and the rooms nobody uses.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rich.text import Text

from cluedo.content.board import Square
from cluedo.mechanics.sight import visible_within
from cluedo.rules.clussassin.rules import ATTACK_REACH
from cluedo.terminal.present import Presenter
from cluedo.terminal.presenters import register_presenter

SIGHT = ("+", "grey62")
"""A corridor square you can see within attack reach."""


@register_presenter("clussassin")
class ClussassinPresenter(Presenter):
    help = """\
Clussassin
    attack (k)     attack your target (offered only when the rules allow it)
    pickup (u)     pick up a weapon whose card you hold, in your room
    roll (r)       roll the dice        passage (p)  take the secret passage
    stay           stay where you are   end (e)      end your turn
  Grey + on the board: corridor squares in your line of sight (a witness
  there spoils a hallway attack; your target must be within 3 of them).
"""
    shortcuts: ClassVar[Mapping[str, tuple[str, ...]]] = {
        **Presenter.shortcuts,
        "attack": ("attack", "k"),
        "pickup": ("pickup", "u"),
        "swap": ("swap",),
    }
    place_words: ClassVar[Mapping[str, tuple[str, str]]] = {
        "face_up": ("safe", "the safe room, face up"),
        "unused": ("unused", "the rooms nobody uses"),
    }

    # -- the side panel ---------------------------------------------------------------

    def status(self, view: Mapping[str, Any], seat: int | None) -> list[Text]:
        names = self.names(seat)
        out: list[Text] = []
        me = self.table.characters[seat] if seat is not None else None
        if me is not None:
            if view.get("target") is None:
                out.append(Text("You are dead: you watch the others.", style="bold red"))
            else:
                target = Text("Your target: ", style="bold")
                target.append(names.card(view["target"]), style="bold red")
                reach = view.get("can_attack")
                target.append("  (in reach now)" if reach else "  (out of reach)")
                out.append(target)
                cards = self.table.cards
                hand = view["hand"]
                if cards is not None:
                    zones = [c for c in hand if cards.category_of(c) == "room"]
                    weapons = [c for c in hand if cards.category_of(c) == "weapon"]
                    out.append(
                        Text("Kill zones: ", style="bold").append(
                            ", ".join(names.card(c) for c in zones) or "none"
                        )
                    )
                    out.append(
                        Text("Specialty weapons: ", style="bold").append(
                            ", ".join(names.card(c) for c in weapons) or "none"
                        )
                    )
                carried = view.get("carried", {}).get(me, [])
                if carried:
                    out.append(
                        Text("You carry: ", style="bold").append(
                            ", ".join(names.card(w) for w in carried)
                        )
                    )
        out.append(Text(f"Safe room: {names.card(view['safe_room'])}", style="grey70"))
        others = {c: w for c, w in view.get("carried", {}).items() if c != me}
        if others:
            out.append(
                Text(
                    "Carried: "
                    + "; ".join(
                        f"{names.card(c)}: {', '.join(names.card(w) for w in ws)}"
                        for c, ws in others.items()
                    ),
                    style="grey70",
                )
            )
        return out

    def board_marks(self, view: Mapping[str, Any]) -> dict[Square, tuple[str, str]]:
        seat = view.get("seat")
        layout = self.table.layout
        if not isinstance(seat, int) or layout is None or view.get("target") is None:
            return {}
        here = view["positions"].get(self.table.characters[seat])
        if not isinstance(here, list):
            return {}
        origin = (int(here[0]), int(here[1]))
        seen = view.get("in_sight")
        if isinstance(seen, list):  # the rule set says what its seat can see
            return {(int(sq[0]), int(sq[1])): SIGHT for sq in seen}
        return {sq: SIGHT for sq in visible_within(layout.board, origin, ATTACK_REACH)}

    # -- menus ------------------------------------------------------------------------

    def parameter_title(
        self, kind: str, key: str, chosen: Mapping[str, Any], view: Mapping[str, Any]
    ) -> str | None:
        if kind == "swap":
            return None  # the decision's own title asks it
        return super().parameter_title(kind, key, chosen, view)

    # -- the end ----------------------------------------------------------------------

    def result_notes(self, view: Mapping[str, Any], viewer: int | None) -> list[Text]:
        names = self.names(viewer)
        return [
            Text(f"  {names.card(assassin)} killed {names.card(victim)}")
            for assassin, victim in view.get("kills", [])
        ]

    def seat_state(self, view: Mapping[str, Any], seat: int) -> str:
        return self.seat_out(view, seat) or "alive"
