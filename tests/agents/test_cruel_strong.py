"""The hard Clue or Cruel bot as the accomplice: each bluff laid once, then quiet."""

from __future__ import annotations

from collections import defaultdict
from types import SimpleNamespace
from typing import Any

from cluedo.content import load_card_set
from cluedo.engine import Action
from cluedo.rules.clue_or_cruel.bots import StrongCruelAgent

CATEGORIES = load_card_set("classic").by_category()


def accomplice(own: list[str], bluffs: list[str]) -> StrongCruelAgent:
    """A hard accomplice holding ``own``, that has bluffed with ``bluffs``."""
    bot = StrongCruelAgent(0, seed=3)
    bot.role = "accomplice"
    bot.bluffs = list(bluffs)
    # Every card may still tell something, asked of the first seat to the left.
    reading = SimpleNamespace(
        own=own, asked=defaultdict(int), stops=defaultdict(lambda: 3), info=defaultdict(float)
    )
    bot._read = lambda book: reading  # type: ignore[assignment,method-assign,return-value]
    return bot


def suggestions() -> list[Action]:
    return [
        Action.make(0, "suggest", suspect=s, weapon=w)
        for s in CATEGORIES["suspect"]
        for w in CATEGORIES["weapon"]
    ]


def named(action: Action | None) -> tuple[Any, Any]:
    assert action is not None
    return action["suspect"], action["weapon"]


def test_hard_accomplice_bluffs_with_two_new_cards_at_once() -> None:
    bot = accomplice(["plum", "rope"], [])
    assert named(bot._suggest(None, suggestions(), "hall")) == ("plum", "rope")  # type: ignore[arg-type]


def test_hard_accomplice_names_the_card_it_has_not_bluffed_with_yet() -> None:
    bot = accomplice(["plum", "rope"], ["plum"])
    assert named(bot._suggest(None, suggestions(), "hall"))[1] == "rope"  # type: ignore[arg-type]


def test_hard_accomplice_with_every_card_bluffed_names_none_it_holds() -> None:
    bot = accomplice(["plum", "rope", "hall"], ["plum", "rope", "hall"])
    for _ in range(10):
        suspect, weapon = named(bot._suggest(None, suggestions(), "hall"))  # type: ignore[arg-type]
        assert suspect != "plum" and weapon != "rope"


def test_careful_accomplice_names_its_cards_every_time() -> None:
    """The default bot, for contrast: it keeps naming cards it has bluffed with."""
    from cluedo.rules.clue_or_cruel.bots import CruelAgent

    bot = CruelAgent(0, seed=3)
    bot.role = "accomplice"
    bot.bluffs = ["plum", "rope"]
    bot.cards = tuple(c for cards in CATEGORIES.values() for c in cards)
    bot._read = accomplice(["plum", "rope"], [])._read  # type: ignore[method-assign]
    reading = bot._read(None)  # type: ignore[arg-type]
    reading.possible = defaultdict(frozenset, {"plum": frozenset({0}), "rope": frozenset({0})})
    assert named(bot._suggest(None, suggestions(), "hall")) == ("plum", "rope")  # type: ignore[arg-type]
