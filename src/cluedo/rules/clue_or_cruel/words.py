"""Clue or Cruel in words: gems and clue cards, the hidden accomplice and its bluffs.

The classic events (moves, suggestions, answers, accusations) keep the generic
words of :mod:`cluedo.presentation.words`; this module words what Clue or Cruel
adds, its prompts (placing weapons and gems, calling a bluff, the clue card a
wrong caller shows) and its items (role, bluff card, gems, the accomplice's
tally).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cluedo.engine.actions import Action
from cluedo.presentation.names import Names, plural
from cluedo.presentation.words import Event, Item, OptionText, View, Words


class CruelWords(Words):
    """Clue or Cruel's words."""

    action_labels: ClassVar[Mapping[str, str]] = {
        **Words.action_labels,
        "roll": "Roll the die",
        "call_bluff": "Call a bluff",
        "place_weapon": "Place the weapon",
        "place_gem": "Place a gem",
        "show_clue": "Show a clue card",
    }
    parameter_labels: ClassVar[Mapping[str, str]] = {
        **Words.parameter_labels,
        "player": "who is the accomplice",
        "at": "which square",
    }
    options: ClassVar[Mapping[str, OptionText]] = {
        **Words.options,
        "weapons": OptionText(
            "Weapons",
            "Whether the weapons go into different rooms at random, or the players place "
            "them in turn.",
            {"random": "At random", "choose": "Players place them"},
        ),
        "gems": OptionText(
            "Gems",
            "Whether the gems go on corridor squares at random, or the players place their "
            "share in turn.",
            {"random": "At random", "choose": "Players place them"},
        ),
        "gem_stop": OptionText(
            "Gems stop a move",
            "Whether a gem is taken (ending the move) as soon as a token steps on it, or only "
            "when a move ends on it, so that tokens may pass over gems.",
            {"on_entry": "On stepping on it", "on_landing": "Only on ending a move on it"},
        ),
        "first_player": OptionText(
            "First player",
            "Who plays first (the winner of the race to spell their name backwards); by "
            "default a random draw.",
        ),
        "bluffs_to_win": OptionText(
            "Bluffs to win", "How many successful bluffs the accomplice needs to win."
        ),
        "bluff_count": OptionText(
            "How bluffs count",
            "Every bluffed card a later suggestion names counts; or a suggestion counts at most "
            "once; or each bluffed card counts only the first time another player names it.",
            {
                "per_card": "Every card named",
                "per_suggestion": "Once per suggestion",
                "distinct_cards": "Each card once",
            },
        ),
        "accomplice_accusation": OptionText(
            "The accomplice may accuse",
            "Whether the accomplice is barred from accusing, or may accuse like a guest: if "
            "right the accomplice wins, if wrong it is out and its bluffs stop counting.",
            {"forbidden": "No", "wins": "Yes, and wins if right"},
        ),
        "bluff_rooms": OptionText(
            "Rooms can be bluffs",
            "Whether a room card the accomplice named can be a bluff, like the other cards.",
        ),
    }
    places: ClassVar[Mapping[str, str]] = {**Words.places, "pile": "the clue pile"}
    outcomes: ClassVar[Mapping[str, str]] = {
        **Words.outcomes,
        "accomplice-bluffs": "wins as the accomplice, by bluffing",
        "guests-failed": "wins as the accomplice: every guest accused wrongly",
        "no-winner": "nobody wins",
    }

    # -- events -----------------------------------------------------------------------

    def event_setup(self, e: Event, n: Names) -> str:
        first = e["first"]
        gems = e.get("gems") or []
        where = (
            f"{plural(len(gems), 'gem')} lie in the corridors"
            if gems
            else "the players place the gems"
        )
        return (
            f"The game begins: {where}, {plural(e['pile_size'], 'clue card')} wait face down "
            f"and nobody holds a card yet. {n.says(first, 'play', 'first')}."
        )

    def event_role(self, e: Event, n: Names) -> str:
        seat = e["seat"]
        if "role" not in e:
            return n.says(seat, "learn", "a secret role", third="learns") + "."
        role = "the accomplice" if e["role"] == "accomplice" else "a guest"
        return n.says(seat, "be", role) + "."

    def event_placing(self, e: Event, n: Names) -> str:
        what = "a weapon" if e["what"] == "weapon" else "a gem"
        return n.says(e["seat"], "place", what, third="places") + " next."

    def event_weapon_placed(self, e: Event, n: Names) -> str:
        return n.says(e["seat"], "put", f"{n.the(e['weapon'])} in {n.room(e['room'])}") + "."

    def event_gem_placed(self, e: Event, n: Names) -> str:
        return n.says(e["seat"], "put", f"a gem in {n.location(e['at'])}") + "."

    def event_gem_taken(self, e: Event, n: Names) -> str:
        seat = e["seat"]
        card = n.a_card(e["card"]) if "card" in e else "a clue card"
        left = f" ({plural(e['pile_size'], 'clue card')} left)"
        return n.says(seat, "take", f"a gem and {n.verb(seat, 'draw')} {card}") + left + "."

    def event_bluff(self, e: Event, n: Names) -> str:
        seat = e["seat"]
        if "cards" not in e:
            return n.says(seat, "bluff") + "."
        return n.says(seat, "bluff", f"with {n.cards_held(e['cards'])}") + "."

    def event_bluff_success(self, e: Event, n: Names) -> str:
        seat = e["seat"]
        if "by" not in e:
            return f"{n.possessive(seat, start=True)} bluff works."
        tally = plural(e["tally"], "successful bluff")
        fell = n.says(e["by"], "fall", "for", third="falls")
        cards = n.cards_held(e["cards"])
        return f"{fell} {n.possessive(seat)} bluff with {cards}: {tally}."

    def event_bluff_called(self, e: Event, n: Names) -> str:
        seat, named = e["seat"], e["player"]
        verdict = "Right!" if e["right"] else "Wrong."
        return (
            n.says(seat, "call", f"{n.object(named)} the accomplice, bluffing with ")
            + f"{n.a_card(e['card'])}. {verdict}"
        )

    def event_accomplice_caught(self, e: Event, n: Names) -> str:
        seat = e["seat"]
        hand = n.cards_held(e["hand"])
        return n.says(seat, "be", f"the accomplice, holding {hand}, and out of the game") + "."

    def event_must_show_clue(self, e: Event, n: Names) -> str:
        return n.says(e["seat"], "must", f"show {n.object(e['to'])} a clue card", "must") + "."

    def event_no_clue_to_show(self, e: Event, n: Names) -> str:
        return n.says(e["seat"], "have", f"no clue card to show {n.object(e['to'])}") + "."

    def event_clue_shown(self, e: Event, n: Names) -> str:
        what = n.a_card(e["card"]) if "card" in e else "a clue card"
        return n.says(e["seat"], "show", f"{n.object(e['to'])} {what}") + "."

    def event_game_over(self, e: Event, n: Names) -> str:
        text = super().event_game_over({**e, "envelope": None}, n)
        accomplice = e.get("accomplice")
        if isinstance(accomplice, int) and e.get("outcome") != "accomplice-bluffs":
            verb = "were" if n.is_viewer(accomplice) else "was"
            text += f" The accomplice {verb} {n.object(accomplice)}."
        envelope = e.get("envelope")
        if isinstance(envelope, list) and envelope:
            text += f" The envelope holds {n.cards_named(envelope, article=True)}."
        return text

    # -- actions and prompts ----------------------------------------------------------

    def action_call_bluff(self, action: Action, view: View, n: Names) -> str:
        who, card = n.seat(action["player"]), n.the(action["card"])
        return f"Call {who} the accomplice, bluffing with {card}"

    def action_place_weapon(self, action: Action, view: View, n: Names) -> str:
        return f"Put it in {n.room(action['room'])}"

    def action_place_gem(self, action: Action, view: View, n: Names) -> str:
        return f"Put a gem in {n.square(action['at'], precise=True)}"

    def action_show_clue(self, action: Action, view: View, n: Names) -> str:
        return f"Show {n.the(action['card'])}"

    def situation(self, view: View, legal: Sequence[Action], n: Names) -> str:
        pending = view.get("pending") or {}
        kind = pending.get("kind") if isinstance(pending, Mapping) else None
        if kind == "place":
            if pending.get("what") == "weapon" and isinstance(pending.get("weapon"), str):
                return f"Setting up: {n.the(pending['weapon'])} needs a room."
            left = pending.get("left")
            more = f" ({plural(left, 'gem')} still to place)" if isinstance(left, int) else ""
            return f"Setting up: the gems go on corridor squares{more}."
        if kind == "penalty":
            return (
                f"Your call was wrong: you must show {n.object(pending['named'])} "
                "one of your clue cards."
            )
        return super().situation(view, legal, n)

    def question(
        self, view: View, legal: Sequence[Action], n: Names, choices: Sequence[Any] = ()
    ) -> str:
        kinds = {a.kind for a in legal}
        if kinds == {"place_weapon"}:
            return "Which room does it go in?"
        if kinds == {"place_gem"}:
            return "Where does your gem go?"
        if kinds == {"show_clue"}:
            return "Show one of: " + ", ".join(n.card(a["card"]) for a in legal) + "."
        return super().question(view, legal, n, choices)

    # -- items ------------------------------------------------------------------------

    def items(self, view: View, seat: int | None, n: Names) -> list[Item]:
        out = super().items(view, seat, n)
        if seat is None:
            return out
        mine = seat == view.get("seat")
        if mine and view.get("role"):
            role = "the accomplice" if view["role"] == "accomplice" else "a guest"
            out.append(Item("Role", role))
        cards = view.get("bluff_cards")
        if isinstance(cards, list) and seat < len(cards):
            out.append(Item("Bluff card", "not yet used" if cards[seat] else "used"))
        taken = view.get("gems_taken")
        if isinstance(taken, list) and seat < len(taken):
            out.append(Item("Gems taken", str(taken[seat])))
        tally = view.get("tally")
        if mine and isinstance(tally, Mapping):
            out.append(
                Item(
                    "Successful bluffs",
                    f"{len(tally.get('successes') or [])} of {tally.get('needed')}",
                )
            )
            if tally.get("bluffs"):
                out.append(Item("Bluffed with", n.cards_named(tally["bluffs"])))
        if view.get("caught") == seat:
            out = [i for i in out if i.label != "Out of the game"]
            out.append(Item("Out of the game", "caught as the accomplice"))
        return out

    def table_items(self, view: View, n: Names) -> list[Item]:
        out = super().table_items(view, n)
        gems = view.get("gems")
        if isinstance(gems, list):
            out.append(Item("Gems on the board", str(len(gems))))
        if isinstance(view.get("pile_size"), int):
            out.append(Item("Clue cards left", str(view["pile_size"])))
        accomplice = view.get("accomplice")
        if isinstance(accomplice, int):
            out.append(Item("The accomplice", n.seat(accomplice)))
        return out


WORDS = CruelWords()
