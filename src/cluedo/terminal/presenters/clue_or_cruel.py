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
from cluedo.terminal.presenters import register_presenter
from cluedo.terminal.presenters.classic import ClassicPresenter

GEM = ("◆", "bold magenta")
OUTCOMES = {
    "solved": "solved the case",
    "accomplice-bluffs": "the accomplice won by bluffing",
    "guests-failed": "every guest accused wrongly: the accomplice wins",
    "no-winner": "nobody won",
}


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
    words: ClassVar[Mapping[str, tuple[str, tuple[str, ...]]]] = {
        **ClassicPresenter.words,
        "call_bluff": ("Call a bluff", ("call", "c")),
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

    # -- the log ----------------------------------------------------------------------

    def describe(self, event: Mapping[str, Any], viewer: int | None) -> str | None:
        kind = event["kind"]
        names = self.names(viewer)
        seat = event.get("seat")
        who = names.seat(seat) if isinstance(seat, int) else ""
        if kind == "setup":
            return (
                f"The game begins: {len(event['gems'])} gems lie in the corridors; "
                f"{event['pile_size']} clue cards wait face down. Nobody holds a card yet."
            )
        if kind == "role":
            if "role" not in event:
                return None
            if event["role"] == "accomplice":
                return "Your role: you are the ACCOMPLICE."
            return "Your role: you are a guest."
        if kind == "placing":
            return None  # the placement that follows says it
        if kind == "weapon_placed":
            return f"{who} put {names.the(event['weapon'])} in the {names.card(event['room'])}."
        if kind == "gem_placed":
            return f"{who} put a gem on square {event['at'][0]},{event['at'][1]}."
        if kind == "gem_taken":
            if "card" in event:
                return f"{who} took a gem and drew {names.the(event['card'])}."
            return f"{who} took a gem and drew a clue card ({event['pile_size']} left)."
        if kind == "bluff":
            cards = ", ".join(names.card(c) for c in event.get("cards", []))
            return f"You bluffed with {cards}."
        if kind == "bluff_success":
            if "by" not in event:
                return None
            cards = ", ".join(names.card(c) for c in event["cards"])
            return (
                f"{names.seat(event['by'])} fell for your bluff ({cards}): "
                f"{event['tally']} successful bluff{'s' if event['tally'] != 1 else ''}."
            )
        if kind == "bluff_called":
            verdict = "RIGHT!" if event["right"] else "wrong."
            named = "you" if event["player"] == viewer else names.seat(event["player"])
            return (
                f"{who} calls a bluff: {named} as the accomplice, bluffing with "
                f"{names.the(event['card'])} - {verdict}"
            )
        if kind == "accomplice_caught":
            hand = ", ".join(names.card(c) for c in event["hand"]) or "nothing"
            return f"{names.seat(event['seat'])} was the accomplice and is out; they held {hand}."
        if kind == "must_show_clue":
            return f"{who} must show a clue card to {names.seat(event['to'])}."
        if kind == "no_clue_to_show":
            return f"{who} has no clue card to show {names.seat(event['to'])}."
        if kind == "clue_shown":
            to = "you" if event["to"] == viewer else names.seat(event["to"])
            if "card" in event:
                return f"{who} showed {names.the(event['card'])} to {to}."
            return f"{who} showed {to} a clue card."
        if kind == "game_over":
            winners = ", ".join(names.seat_long(s) for s in event["winners"])
            what = OUTCOMES.get(event["outcome"], str(event["outcome"]))
            return f"Game over: {what}" + (f" ({winners})." if winners else ".")
        return super().describe(event, viewer)

    # -- menus ------------------------------------------------------------------------

    def title(self, seat: int, view: Mapping[str, Any], legal: Sequence[Action]) -> str:
        pending = view.get("pending") or {}
        names = self.names(seat)
        if pending.get("kind") == "place":
            if pending.get("what") == "weapon":
                return f"Setting up: which room gets {names.the(pending['weapon'])}?"
            return (
                f"Setting up: place a gem ({pending['left']} still to place): "
                "a square's letter, or row,col"
            )
        if pending.get("kind") == "penalty":
            return (
                f"Your call was wrong: which clue card do you show to "
                f"{names.seat(pending['named'])}?"
            )
        return super().title(seat, view, legal)

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

    def result(self, view: Mapping[str, Any], viewer: int | None) -> list[Text]:
        names = self.names(viewer)
        outcome = view["outcome"]
        winners = ", ".join(names.seat_long(s) for s in view["winners"])
        what = OUTCOMES.get(outcome, str(outcome))
        won = bool(view["winners"])
        lines = [
            Text(
                f"GAME OVER: {what}" + (f" - {winners}!" if won else "."),
                style="bold green" if won else "bold red",
            )
        ]
        lines += self.envelope_lines(view.get("envelope") or [], viewer)
        accomplice = view.get("accomplice")
        tally = view.get("tally") or {}
        if isinstance(accomplice, int):
            bluffs = ", ".join(names.card(c) for c in tally.get("bluffs", [])) or "nothing"
            lines.append(
                Text(
                    f"The accomplice was {names.seat_long(accomplice)}, bluffing with {bluffs}; "
                    f"{len(tally.get('successes', []))} successful bluff(s).",
                    style="bold",
                )
            )
        for seat in range(self.table.players):
            if seat in view["winners"]:
                state = "won"
            elif view.get("caught") == seat:
                state = "caught as the accomplice"
            elif view["eliminated"][seat]:
                state = "accused wrongly"
            else:
                state = "still in"
            lines.append(Text(f"  {names.seat_long(seat)}: {state}"))
        return lines
