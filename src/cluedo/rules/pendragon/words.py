"""Pendragon in words: the castle, Suspicions, reward cards and trait and skill rolls.

Seats are knights ("Sir Amig"); a suggestion is a Suspicion; the staircase
chamber is where accusations are made. Rewards are named from the reward cards
(:mod:`cluedo.content.rewards`), traits and skills as the character sheet
writes them (:func:`cluedo.rules.pendragon.rolls.stat_name`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cluedo.content.rewards import RewardFileError, load_rewards
from cluedo.engine.actions import Action
from cluedo.presentation.names import Names, humanise, plural
from cluedo.presentation.words import Event, Item, OptionText, View, Words
from cluedo.rules.pendragon.rolls import stat_name

STAIRCASE = "staircase"
RESULTS = {
    "critical": "a critical success",
    "success": "a success",
    "failure": "a failure",
    "fumble": "a fumble",
}


def reward_name(reward: str) -> str:
    """A reward card's name ('Swift Steed')."""
    try:
        return load_rewards().card(reward).name
    except RewardFileError:
        return humanise(reward).title()


class PendragonWords(Words):
    """Pendragon's words."""

    names: ClassVar[Mapping[str, str]] = {STAIRCASE: "chamber with the Staircase"}

    @property
    def thing_names(self) -> dict[str, str]:
        """Names of the rule set's things that are not cards, by id, for a page to
        show (the reward cards: "kings_errand" is "The King's Errand")."""
        try:
            return {r.id: r.name for r in load_rewards().rewards}
        except RewardFileError:
            return {}

    bare: ClassVar[frozenset[str]] = frozenset({"black_magic"})
    action_labels: ClassVar[Mapping[str, str]] = {
        **Words.action_labels,
        "roll": "Roll the die",
        "suggest": "Voice a Suspicion",
        "use_reward": "Use a reward card",
        "roll_skill": "Roll a skill",
        "glimpse": "See a card of another knight",
        "stay": "Stay where you are",
    }
    parameter_labels: ClassVar[Mapping[str, str]] = {
        **Words.parameter_labels,
        "reward": "which reward",
        "skill": "which skill",
        "target": "whose card",
    }
    options: ClassVar[Mapping[str, OptionText]] = {
        "staircase": OptionText(
            "At the staircase",
            "Whether ending a move in the chamber with the Staircase lets you accuse or makes "
            "you accuse; passing through never does.",
            {"may_accuse": "You may accuse", "must_accuse": "You must accuse"},
        ),
        "rewards": OptionText("Reward cards", "Whether a reward card lies in each room."),
        "trait_rolls": OptionText(
            "Trait and skill rolls",
            "Whether a knight rolls a trait or skill on first entering each room.",
        ),
        "sheets": OptionText(
            "Character sheets",
            "The knights' character sheets in seating order (name, traits, skills, weapons, "
            "instruments); seats beyond the list play the usual knights.",
        ),
    }

    # -- events -----------------------------------------------------------------------

    def event_setup(self, e: Event, n: Names) -> str:
        face_up = e.get("face_up") or []
        shown = f" Face up for all to see: {n.cards_named(face_up)}." if face_up else ""
        return (
            "The knights ride to their start squares, and a reward card lies in each room. "
            f"{n.says(e['first'], 'play', 'first')}.{shown}"
        )

    def event_roll(self, e: Event, n: Names) -> str:
        steps = e.get("steps")
        if isinstance(steps, int) and steps != e["roll"]:
            return n.says(e["seat"], "roll", str(e["roll"])) + f", and the steed makes it {steps}."
        return super().event_roll(e, n)

    def event_suggestion(self, e: Event, n: Names) -> str:
        return n.says(e["seat"], "voice", f"a Suspicion: {self.crime(e, n)}") + "."

    def event_not_refuted(self, e: Event, n: Names) -> str:
        return f"Nobody can answer {n.possessive(e['seat'])} Suspicion."

    def event_reward_claimed(self, e: Event, n: Names) -> str:
        return (
            n.says(e["seat"], "claim", f"the reward in {n.room(e['room'])}")
            + f": {reward_name(e['reward'])}."
        )

    def event_reward_used(self, e: Event, n: Names) -> str:
        to = e.get("to")
        where = f" to go into {n.room(to)}" if isinstance(to, str) else ""
        return n.says(e["seat"], "use", reward_name(e["reward"])) + where + "."

    def event_trait_roll(self, e: Event, n: Names) -> str:
        result = RESULTS.get(str(e["result"]), humanise(str(e["result"])))
        checked = " The box is checked." if e.get("checked") else ""
        return (
            n.says(e["seat"], "roll", f"{stat_name(e['stat'])} ({e['value']})")
            + f" on a d20: {e['roll']}, {result}.{checked}"
        )

    def event_glimpse(self, e: Event, n: Names) -> str:
        seat, target = e["seat"], e["target"]
        whose = n.possessive(target)
        if "card" in e:
            return n.says(seat, "see", f"one of {whose} cards: {n.a_card(e['card'])}") + "."
        return n.says(seat, "see", f"one of {whose} cards") + "."

    def event_extra_turn(self, e: Event, n: Names) -> str:
        return n.says(e["seat"], "take", "another turn (the King's Errand)") + "."

    def event_pardoned(self, e: Event, n: Names) -> str:
        keeps = n.says(e["seat"], "stay", "in the game despite the wrong accusation")
        return f"{keeps}, thanks to the {reward_name(e['reward'])}."

    # -- actions and prompts ----------------------------------------------------------

    def action_use_reward(self, action: Action, view: View, n: Names) -> str:
        return f"Use {reward_name(action['reward'])} to go into {n.room(action['to'])}"

    def action_roll_skill(self, action: Action, view: View, n: Names) -> str:
        return f"Roll {stat_name(action['skill'])}"

    def action_glimpse(self, action: Action, view: View, n: Names) -> str:
        return f"See a card of {n.seat(action['target'])}"

    def action_suggest(self, action: Action, view: View, n: Names) -> str:
        return f"Suspect {n.the(action['suspect'])} with {n.the(action['weapon'])}"

    def turn_situation(self, view: View, pending: Mapping[str, Any], n: Names) -> str:
        stage = pending.get("stage")
        here = self.where(view, n.viewer) if n.viewer is not None else None
        where = f"You are in {n.location(here)}."
        if stage == "move":
            steps = pending.get("steps", pending.get("roll"))
            upto = plural(steps, "square") if isinstance(steps, int) else f"{steps} squares"
            return f"You rolled {pending.get('roll')}: you may move up to {upto}."
        if stage == "suggest":
            return f"{where} You must voice a Suspicion about {n.location(here)}."
        if stage == "staircase":
            return f"{where} You may accuse now."
        if stage == "skill":
            return f"{where} This room asks for a roll of one of your skills."
        if stage == "glimpse":
            return "Squire's Gossip: you may see one card of another knight."
        if stage == "done":
            return f"{where} Your turn is over."
        return where

    def question(
        self, view: View, legal: Sequence[Action], n: Names, choices: Sequence[Any] = ()
    ) -> str:
        kinds = {a.kind for a in legal}
        if kinds == {"glimpse"}:
            whose = Names.listing([n.seat(a["target"]) for a in legal], "or")
            return f"Whose card do you see: {whose}?"
        if kinds == {"roll_skill"}:
            which = Names.listing([stat_name(a["skill"]) for a in legal], "or")
            return f"Which do you roll: {which}?"
        if kinds == {"suggest"}:
            return "Whom do you suspect, and with what?"
        return super().question(view, legal, n, choices)

    # -- items ------------------------------------------------------------------------

    def items(self, view: View, seat: int | None, n: Names) -> list[Item]:
        out = super().items(view, seat, n)
        if seat is None:
            return out
        kept = view.get("kept")
        if isinstance(kept, list) and seat < len(kept) and kept[seat]:
            out.append(Item("Rewards kept", Names.listing([reward_name(r) for r in kept[seat]])))
        steed = view.get("steed")
        if isinstance(steed, list) and seat < len(steed) and steed[seat]:
            out.append(Item("Steed", f"{steed[seat]} more squares on every roll"))
        rolls = view.get("rolls")
        if isinstance(rolls, list) and seat < len(rolls):
            checked = sum(1 for r in rolls[seat] if r.get("checked"))
            out.append(Item("Boxes checked", str(checked)))
        return out

    def table_items(self, view: View, n: Names) -> list[Item]:
        out = super().table_items(view, n)
        face_up = view.get("face_up")
        if face_up:
            out.append(Item("Face up", n.cards_named(face_up)))
        rooms = view.get("reward_rooms")
        if isinstance(rooms, list):
            out.append(Item("Rewards still face down", str(len(rooms))))
        display = view.get("display")
        if isinstance(display, Mapping) and display:
            room, (suspect, weapon) = list(display.items())[-1]
            out.append(
                Item("Last Suspicion", f"{n.card(suspect)} with {n.the(weapon)} in {n.room(room)}")
            )
        return out


WORDS = PendragonWords()
