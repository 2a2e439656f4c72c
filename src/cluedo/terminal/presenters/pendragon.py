"""Pendragon in the terminal (see :mod:`cluedo.rules.pendragon.rules`).

Built on the classic presenter (the turn menu, the Suspicion and accusation
menus, the notebook); it adds the castle's words: rewards, trait and skill
rolls, the staircase chamber, and the game master's report after the end.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich.text import Text

from cluedo.content.rewards import load_rewards
from cluedo.engine import Action
from cluedo.rules.pendragon.rolls import report_text, stat_name
from cluedo.terminal.present import Presenter
from cluedo.terminal.presenters import register_presenter
from cluedo.terminal.presenters.classic import ClassicPresenter

STAIRCASE = "staircase"
RESULT_WORDS = {
    "critical": "critical!",
    "success": "success",
    "failure": "failed",
    "fumble": "fumbled",
}


@register_presenter("pendragon")
class PendragonPresenter(ClassicPresenter):
    help = """\
Pendragon
    roll (r)       roll the d6, then move up to that many squares (or stay)
    passage (p)    take the secret passage (instead of rolling)
    suggest (s)    voice the Suspicion the room you entered requires
    accuse (a)     only on entering the chamber with the Staircase
    use reward     a kept reward card, instead of rolling
  Entering a room first claims its reward card; your first visit to each room
  rolls a trait or skill on your character sheet. The game master's report
  follows the end of the game.
"""
    words: ClassVar[Mapping[str, tuple[str, tuple[str, ...]]]] = {
        **Presenter.words,
        "roll": ("Roll the d6", ("roll", "r")),
        "suggest": ("Voice a Suspicion", ("suggest", "s")),
        "use_reward": ("Use a reward card", ("reward", "use")),
        "roll_skill": ("Roll for", ("skill", "k")),
        "glimpse": ("See a random card of", ("glimpse", "g")),
        "stay": ("Stay where you are", ("stay",)),
    }

    # -- names --------------------------------------------------------------------------

    def place(self, location: Any) -> str:
        if location == STAIRCASE:
            return "chamber with the Staircase"
        if isinstance(location, str):
            return self.value_words("room", location)
        return "corridor"

    def reward_name(self, reward: str) -> str:
        try:
            return load_rewards().card(reward).name
        except ValueError:
            return reward

    def value_words(self, key: str, value: Any) -> str:
        if key == "reward" and isinstance(value, str):
            return self.reward_name(value)
        if key == "skill" and isinstance(value, str):
            return stat_name(value)
        if key == "to" and value == STAIRCASE:
            return "the chamber with the Staircase"
        return super().value_words(key, value)

    # -- the side panel -----------------------------------------------------------------

    def status(self, view: Mapping[str, Any], seat: int | None) -> list[Text]:
        out = super().status(view, seat)
        if view.get("face_up"):
            out.append(
                Text("Face up: ", style="bold").append(
                    ", ".join(self.cards.name(c) for c in view["face_up"])
                )
            )
        left = len(view.get("reward_rooms") or [])
        mine: list[str] = []
        if seat is not None:
            kept = [self.reward_name(r) for r in view["kept"][seat]]
            mine = ([f"steed +{view['steed'][seat]}"] if view["steed"][seat] else []) + kept
            checked = sum(1 for r in view["rolls"][seat] if r["checked"])
            mine.append(f"{checked} box{'es' if checked != 1 else ''} checked")
        line = Text("Rewards: ", style="bold").append(", ".join(mine))
        out.append(line.append(f"{'; ' if mine else ''}{left} left face down"))
        display = view.get("display") or {}
        if display:
            room, (suspect, weapon) = list(display.items())[-1]
            shown = (
                f"{self.cards.name(suspect)}, {self.cards.name(weapon)} in the {self.place(room)}"
            )
            out.append(Text("Last shown: ", style="bold").append(shown))
        return out

    # -- the log ------------------------------------------------------------------------

    def describe(self, event: Mapping[str, Any], viewer: int | None) -> str | None:
        kind = event.get("kind")
        if kind == "setup":
            names = self.names(viewer)
            first = names.seat_long(event["first"])
            up = ", ".join(self.cards.name(c) for c in event["face_up"]) or "none"
            return f"The knights draw their start squares; {first} goes first. Face up: {up}."
        if kind == "moved" and event.get("to") == STAIRCASE:
            return f"{self.who(event, viewer)} went into the chamber with the Staircase."
        if kind == "roll" and "steps" in event:
            return (
                f"{self.who(event, viewer)} rolled {event['roll']} "
                f"(their steed makes it {event['steps']})."
            )
        return super().describe(event, viewer)

    def who(self, event: Mapping[str, Any], viewer: int | None) -> str:
        seat = event.get("seat")
        if seat == viewer:
            return "You"
        return self.names(viewer).seat(seat) if isinstance(seat, int) else ""

    def sentence(self, event: Mapping[str, Any], viewer: int | None) -> str:
        kind = event.get("kind")
        who = self.who(event, viewer)
        if kind == "reward_claimed":
            reward = load_rewards().card(event["reward"])
            return f"{who} claimed the reward in the {self.place(event['room'])}: {reward.name}."
        if kind == "reward_used":
            where = f", into the {self.place(event['to'])}" if "to" in event else ""
            return f"{who} used {self.reward_name(event['reward'])}{where}."
        if kind == "trait_roll":
            result = RESULT_WORDS.get(event["result"], event["result"])
            return (
                f"{who} rolled {stat_name(event['stat'])} ({event['value']}) on a d20: "
                f"{event['roll']}, {result}."
            )
        if kind == "glimpse":
            target = self.names(viewer).seat(event["target"])
            card = f": {self.cards.name(event['card'])}" if "card" in event else ""
            return f"{who} saw a card of {target}'s{card}."
        if kind == "stayed":
            return f"{who} stayed put."
        if kind == "extra_turn":
            return f"{who} takes another turn (the King's Errand)."
        if kind == "pardoned":
            return f"{who} accused wrongly, but the Royal Pardon keeps them in the game."
        return super().sentence(event, viewer)

    # -- menus --------------------------------------------------------------------------

    def turn_title(self, seat: int, view: Mapping[str, Any], kinds: set[str]) -> str:
        here = view["positions"][self.table.characters[seat]]
        stage = (view.get("pending") or {}).get("stage")
        where = f"You are in the {self.place(here)}."
        if stage == "suggest":
            return f"{where} Voice your Suspicion about the {self.place(here)}."
        if stage == "staircase":
            return f"{where} Accuse now, or pass on."
        if stage == "skill":
            return f"{where} Roll which of your skills?"
        if stage == "glimpse":
            return "Squire's Gossip: whose card do you want to see?"
        if stage == "done":
            return "Your turn is over."
        return f"Your turn. {where}" if isinstance(here, str) else "Your turn."

    def title(self, seat: int, view: Mapping[str, Any], legal: Sequence[Action]) -> str:
        pending = view.get("pending") or {}
        if pending.get("stage") == "move":
            steps = pending.get("steps", pending.get("roll"))
            return f"You rolled {pending.get('roll')}: move up to {steps} squares, or stay."
        return super().title(seat, view, legal)

    # -- the end ------------------------------------------------------------------------

    def final_pages(self, view: Mapping[str, Any]) -> list[list[Text]]:
        report = view.get("report")
        if not report:
            return []
        text = report_text(report, lambda c: self.place(c) if c in self.rooms() else self.card(c))
        return [[Text(line) for line in text.splitlines()]]

    def rooms(self) -> set[str]:
        layout = self.table.layout
        return set(layout.board.rooms) if layout is not None else set()

    def card(self, card: str) -> str:
        return self.card_name(card) or card
