"""Pendragon in the terminal (see :mod:`cluedo.rules.pendragon.rules`).

Built on the classic presenter (the turn menu, the Suspicion and accusation
menus, the notebook); it adds the castle's panel - rewards, boxes checked, the
last Suspicion shown - its menus for rewards, skills and the Squire's Gossip,
and the game master's report after the end.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rich.text import Text

from cluedo.content.rewards import load_rewards
from cluedo.rules.pendragon.rolls import report_text, stat_name
from cluedo.terminal.present import Presenter
from cluedo.terminal.presenters import register_presenter
from cluedo.terminal.presenters.classic import ClassicPresenter

STAIRCASE = "staircase"


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
    shortcuts: ClassVar[Mapping[str, tuple[str, ...]]] = {
        **Presenter.shortcuts,
        "use_reward": ("reward", "use"),
        "roll_skill": ("skill", "k"),
        "glimpse": ("glimpse", "g"),
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

    # -- menus --------------------------------------------------------------------------

    def parameter_title(
        self, kind: str, key: str, chosen: Mapping[str, Any], view: Mapping[str, Any]
    ) -> str | None:
        if kind in ("glimpse", "roll_skill"):
            return None  # the turn's title asks it: 'Squire's Gossip: whose card...?'
        if kind == "use_reward" and key == "to" and "reward" in chosen:
            return f"{self.reward_name(chosen['reward'])}: where to?"
        if kind == "use_reward" and key == "reward":
            return "Use which reward card?"
        return super().parameter_title(kind, key, chosen, view)

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
