"""Clussassin in words: targets, kill zones, attacks, escapes and the dead.

Characters act here whether or not anyone plays them (an unplayed character
still hunts and can be hunted), so events name characters, and a character is
"you" when it is the viewer's own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cluedo.engine.actions import Action
from cluedo.presentation.names import Names, capital, plural
from cluedo.presentation.words import Event, Item, OptionText, View, Words


class ClussassinWords(Words):
    """Clussassin's words."""

    action_labels: ClassVar[Mapping[str, str]] = {
        **Words.action_labels,
        "attack": "Attack your target",
        "pickup": "Pick up a weapon",
        "swap": "Swap targets",
    }
    parameter_labels: ClassVar[Mapping[str, str]] = {
        **Words.parameter_labels,
        "with": "with whom",
    }
    options: ClassVar[Mapping[str, OptionText]] = {
        **Words.options,
        "dice": OptionText("Dice", "How many dice are rolled to move (the rule text allows more)."),
        "witnesses": OptionText(
            "Witnesses",
            "Who spoils an attack in a hallway by being in sight: every living character, or "
            "only the characters someone plays.",
            {"everyone": "Every living character", "players": "Only played characters"},
        ),
        "escape": OptionText(
            "Escape",
            "How far a defender who survives may run: a fresh movement roll, or as far as the "
            "defence roll.",
            {"move_roll": "A fresh movement roll", "defence_roll": "The defence roll"},
        ),
    }
    places: ClassVar[Mapping[str, str]] = {
        "face_up": "the safe room, face up",
        "unused": "the rooms nobody uses",
    }
    outcomes: ClassVar[Mapping[str, str]] = {
        **Words.outcomes,
        "last-alive": "is the last one alive",
        "no-winner": "nobody is left alive",
    }

    # -- events -----------------------------------------------------------------------

    def event_setup(self, e: Event, n: Names) -> str:
        return (
            "The game begins: every character hunts another, and the safe room is "
            f"{n.room(e['safe_room'])}. {n.says(e['first'], 'play', 'first')}."
        )

    def event_dealt(self, e: Event, n: Names) -> str:
        seat = e["seat"]
        if "target" not in e:
            return n.says(seat, "be", "dealt a target, a kill zone and a weapon") + "."
        return (
            f"{n.possessive(seat, start=True)} target is {n.card(e['target'])}, "
            f"{n.possessive(seat)} kill zone {n.room(e['kill_zone'])} and "
            f"{n.possessive(seat)} specialty weapon {n.the(e['specialty'])}."
        )

    def event_pickup(self, e: Event, n: Names) -> str:
        return (
            n.person_says(e["character"], "pick", f"up {n.the(e['weapon'])}")
            + ", showing its card."
        )

    def event_attack(self, e: Event, n: Names) -> str:
        extra = [c for c in e.get("revealed") or [] if c != e["target"]]
        shown = f", showing {n.cards_named(extra, article=True)}," if extra else ""
        dice = Names.count(e["dice"], "die", "dice")
        return (
            n.person_says(e["attacker"], "attack", n.person(e["target"])) + f"{shown} with {dice}!"
        )

    def event_defender_revealed(self, e: Event, n: Names) -> str:
        character, shown = e["character"], e.get("revealed") or []
        dice = Names.count(e["dice"], "die", "dice")
        if not shown:
            return n.person_says(character, "defend", f"with {dice}") + "."
        cards = n.cards_named(shown, article=True)
        return n.person_says(character, "show", cards) + f" to defend with {dice}."

    @staticmethod
    def dice(rolls: Sequence[int]) -> str:
        return Names.listing([str(r) for r in rolls])

    def event_attack_roll(self, e: Event, n: Names) -> str:
        verdict = "a hit!" if e["hit"] else "a miss."
        whose = n.person_possessive(e["character"], start=True)
        return f"{whose} attack roll: {self.dice(e['rolls'])}, {verdict}"

    def event_defence_roll(self, e: Event, n: Names) -> str:
        character = e["character"]
        fate = n.person_says(character, "survive" if e["survived"] else "fall")
        whose = n.person_possessive(character, start=True)
        return f"{whose} defence roll: {self.dice(e['rolls'])}. {fate}."

    def event_escape_roll(self, e: Event, n: Names) -> str:
        away = f"run up to {plural(e['roll'], 'square')}"
        return n.person_says(e["character"], "may", away, third="may") + "."

    def event_escape(self, e: Event, n: Names) -> str:
        character, to = e["character"], e.get("to")
        if to is None:
            return n.person_says(character, "stand", "firm") + "."
        return n.person_says(character, "escape", f"to {n.location(to)}") + "."

    def event_killed(self, e: Event, n: Names) -> str:
        victim, assassin = e["victim"], e["assassin"]
        cards = e.get("cards")
        count = len(cards) if isinstance(cards, list) else int(cards or 0)
        whose = n.person_possessive(victim)
        took = n.person_says(assassin, "take", f"{whose} {plural(count, 'card')}")
        if isinstance(cards, list) and cards:
            took += f": {n.cards_named(cards)}"
        weapons = e.get("weapons") or []
        also = ""
        if weapons:
            also = f" {n.person_says(assassin, 'take', n.cards_named(weapons, article=True))} too."
        return f"{n.person_says(victim, 'die')}. {took}.{also}"

    def event_new_target(self, e: Event, n: Names) -> str:
        character = e["character"]
        if "target" not in e:
            return n.person_says(character, "have", "a new target") + "."
        return n.person_says(character, "hunt", n.person(e["target"])) + " now."

    def event_own_card_drawn(self, e: Event, n: Names) -> str:
        character = e["character"]
        whose = "your" if n.person(character) == "you" else "their"
        return n.person_says(character, "draw", f"{whose} own card") + " and must swap targets."

    def event_swapped(self, e: Event, n: Names) -> str:
        return n.person_says(e["character"], "swap", f"targets with {n.person(e['with'])}") + "."

    # -- actions and prompts ----------------------------------------------------------

    def action_attack(self, action: Action, view: View, n: Names) -> str:
        target = view.get("target")
        return f"Attack {n.card(target)}" if isinstance(target, str) else "Attack your target"

    def action_pickup(self, action: Action, view: View, n: Names) -> str:
        return f"Pick up {n.the(action['weapon'])} (this shows its card)"

    def action_swap(self, action: Action, view: View, n: Names) -> str:
        return f"Swap targets with {n.person(action['with'])}"

    def situation(self, view: View, legal: Sequence[Action], n: Names) -> str:
        pending = view.get("pending") or {}
        kind = pending.get("kind") if isinstance(pending, Mapping) else None
        if kind == "escape":
            return (
                f"You survive {n.person_possessive(pending['attacker'])} attack and may run up "
                f"to {plural(pending['roll'], 'square')}."
            )
        if kind == "swap":
            return "You drew your own character card: you must swap targets."
        text = super().situation(view, legal, n)
        if kind == "turn" and pending.get("must_leave"):
            text += " You must leave the safe room."
        return text

    def question(
        self, view: View, legal: Sequence[Action], n: Names, choices: Sequence[Any] = ()
    ) -> str:
        kinds = {a.kind for a in legal}
        if kinds == {"swap"}:
            return "Swap with one of: " + ", ".join(n.card(a["with"]) for a in legal) + "."
        return super().question(view, legal, n, choices)

    # -- items ------------------------------------------------------------------------

    def items(self, view: View, seat: int | None, n: Names) -> list[Item]:
        if seat is None:
            return self.table_items(view, n)
        out: list[Item] = []
        character = n.characters[seat] if seat < len(n.characters) else None
        dead = view.get("dead") or []
        if character in dead:
            return [Item("Dead", "yes")]
        if seat == view.get("seat"):
            target = view.get("target")
            if isinstance(target, str):
                reach = "in reach now" if view.get("can_attack") else "out of reach"
                out.append(Item("Target", f"{n.card(target)} ({reach})"))
            out.append(Item("Kill zones", n.cards_named(view.get("kill_zones") or [])))
            out.append(Item("Specialty weapons", n.cards_named(view.get("specialties") or [])))
        counts = view.get("card_counts")
        if isinstance(counts, Mapping) and character in counts:
            out.append(Item("Cards held", str(counts[character])))
        carried = (view.get("carried") or {}).get(character) if character else None
        if carried:
            out.append(Item("Carries", n.cards_named(carried)))
        return out

    def table_items(self, view: View, n: Names) -> list[Item]:
        out: list[Item] = []
        if isinstance(view.get("safe_room"), str):
            out.append(Item("Safe room", capital(n.card(view["safe_room"]))))
        kills = view.get("kills") or []
        if kills:
            out.append(
                Item(
                    "Kills",
                    # "you" for the viewer's own character, as in the narration.
                    "; ".join(f"{n.person_subject(a)} killed {n.person(v)}" for a, v in kills),
                )
            )
        return out


WORDS = ClussassinWords()
