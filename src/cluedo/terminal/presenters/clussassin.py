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

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich.text import Text

from cluedo.content.board import Square
from cluedo.engine import Action
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
    words: ClassVar[Mapping[str, tuple[str, tuple[str, ...]]]] = {
        **Presenter.words,
        "attack": ("Attack your target", ("attack", "k")),
        "pickup": ("Pick up", ("pickup", "u")),
        "swap": ("Swap targets with", ("swap",)),
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

    # -- the log ----------------------------------------------------------------------

    def describe(self, event: Mapping[str, Any], viewer: int | None) -> str | None:
        kind = event["kind"]
        names = self.names(viewer)
        mine = self.table.characters[viewer] if viewer is not None else None

        def who(character: str) -> str:
            return "you" if character == mine else names.card(character)

        def cap(text: str) -> str:
            return text[:1].upper() + text[1:]

        if kind == "setup":
            return (
                "The game begins: every character hunts another. Safe room: "
                f"{names.card(event['safe_room'])}."
            )
        if kind == "dealt":
            if "hand" not in event:
                return None
            target, zone, weapon = event["hand"]
            return (
                f"Your target: {names.card(target)}; kill zone: {names.card(zone)}; "
                f"specialty: {names.the(weapon)}."
            )
        if kind == "roll" and "dice" in event:
            dice = " + ".join(str(d) for d in event["dice"])
            return f"{names.seat(event['seat'])} rolled {dice} = {event['roll']}."
        if kind == "stayed":
            return f"{names.seat(event['seat'])} stayed put."
        if kind == "pickup":
            return (
                f"{cap(who(event['character']))} picked up {names.the(event['weapon'])}, "
                "showing its card."
            )
        if kind == "attack":
            shown = ", ".join(names.card(c) for c in event["revealed"][1:])
            extra = f", showing {shown} for an extra die" if shown else ""
            verb = "attack" if event["attacker"] == mine else "attacks"
            return f"{cap(who(event['attacker']))} {verb} {who(event['target'])}{extra}!"
        if kind == "defender_revealed":
            if not event["revealed"]:
                return None
            shown = ", ".join(names.card(c) for c in event["revealed"])
            verb = "show" if event["character"] == mine else "shows"
            return f"{cap(who(event['character']))} {verb} {shown} for an extra die."
        if kind in ("attack_roll", "defence_roll", "attack", "defence") and "rolls" in event:
            rolls = ", ".join(str(r) for r in event["rolls"])
            if "hit" in event:
                verdict = "a hit!" if event["hit"] else "a miss."
                return f"Attack roll: {rolls}, {verdict}"
            verdict = "survives" if event["survived"] else "falls"
            return f"Defence roll: {rolls}; {who(event['character'])} {verdict}."
        if kind == "escape_roll":
            return f"{cap(who(event['character']))} may run up to {event['roll']} squares."
        if kind == "killed":
            got = f" and {len(event['weapons'])} weapon(s)" if event["weapons"] else ""
            if "cards" in event and isinstance(event["cards"], list):
                cards = ", ".join(names.card(c) for c in event["cards"])
                got = f": {cards}" + got
            else:
                got = f" ({event['cards']} cards{got})"
            whose = "your" if event["victim"] == mine else "their"
            return (
                f"{cap(who(event['victim']))} died. {cap(who(event['assassin']))} took "
                f"{whose} cards{got}."
            )
        if kind == "new_target":
            if "target" not in event:
                return f"{cap(who(event['character']))} has a new target."
            verb = "hunt" if event["character"] == mine else "hunts"
            return f"{cap(who(event['character']))} now {verb} {names.card(event['target'])}."
        if kind == "own_card_drawn":
            whose = "your" if event["character"] == mine else "their"
            return f"{cap(who(event['character']))} drew {whose} own card and must swap targets."
        if kind == "swapped":
            return f"{cap(who(event['character']))} swapped targets with {who(event['with'])}."
        if kind == "escape":
            if event["to"] is None:
                return f"{cap(who(event['character']))} stood their ground."
            to = event["to"]
            where = names.card(to) if isinstance(to, str) else "the corridor"
            return f"{cap(who(event['character']))} escaped to {where}."
        if kind == "game_over":
            winners = ", ".join(names.seat_long(s) for s in event["winners"])
            return f"Game over: {winners or 'nobody'} is the last one alive."
        return super().describe(event, viewer)

    # -- menus ------------------------------------------------------------------------

    def title(self, seat: int, view: Mapping[str, Any], legal: Sequence[Action]) -> str:
        pending = view.get("pending") or {}
        names = self.names(seat)
        if pending.get("kind") == "escape":
            return (
                f"You survived {names.card(pending['attacker'])}'s attack: move up to "
                f"{pending['roll']} squares away, or stay."
            )
        if pending.get("kind") == "swap":
            return "You drew your own character card: swap targets with whom?"
        if pending.get("stage") == "move":
            leave = " (you must leave the safe room)" if pending.get("must_leave") else ""
            return f"You rolled {pending['roll']}: where do you go?{leave}"
        if pending.get("stage") == "moved":
            return "You have moved."
        return "Your turn."

    def action_text(self, action: Action, view: Mapping[str, Any]) -> str:
        names = self.names(None)
        if action.kind == "attack" and view.get("target"):
            return f"Attack {names.card(view['target'])}"
        if action.kind == "pickup":
            return f"Pick up {names.the(action['weapon'])} (shows its card)"
        if action.kind == "swap":
            return f"Swap targets with {names.card(action['with'])}"
        if action.kind == "passage":
            here = view["positions"].get(self.table.characters[action.seat])
            layout = self.table.layout
            if layout is not None and isinstance(here, str) and here in layout.board.passages:
                return f"Take the secret passage to the {names.card(layout.board.passages[here])}"
        return super().action_text(action, view)

    # -- the end ----------------------------------------------------------------------

    def result(self, view: Mapping[str, Any], viewer: int | None) -> list[Text]:
        names = self.names(viewer)
        winners = ", ".join(names.seat_long(s) for s in view["winners"])
        lines = [
            Text(
                f"GAME OVER: {winners} is the last one alive!"
                if winners
                else "GAME OVER: nobody is left alive.",
                style="bold green" if winners else "bold red",
            )
        ]
        for assassin, victim in view.get("kills", []):
            lines.append(Text(f"  {names.card(assassin)} killed {names.card(victim)}"))
        for seat in range(self.table.players):
            state = "won" if seat in view["winners"] else (self.seat_out(view, seat) or "alive")
            lines.append(Text(f"  {names.seat_long(seat)}: {state}"))
        return lines
