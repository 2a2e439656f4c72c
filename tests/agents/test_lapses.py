"""The easy level of every rule set: a bot with a person's lapses, never random moves."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from cluedo.agents.base import Agent
from cluedo.agents.lapses import LapsesAgent, with_lapses
from cluedo.agents.match import play_out
from cluedo.agents.registry import LEVELS, bot_list, make_agent
from cluedo.engine import Action, new_game

VARIANTS = ("clue-or-cruel", "killer-kloo-doo", "pendragon", "clussassin")


class Ranked(Agent):
    """Always picks the first legal action of its favourite kind: its preference is
    the order of ``legal``. Remembers the logs it was shown."""

    name = "ranked"

    def __init__(self, seat: int, seed: int | None = None) -> None:
        super().__init__(seat, seed)
        self.logs: list[list[dict[str, Any]]] = []

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        self.logs.append(list(view["log"]))
        return legal[0]


def moves(*targets: str) -> list[Action]:
    return [Action.make(0, "move", to=t) for t in targets] + [Action.make(0, "end_turn")]


QUESTION = [
    {"kind": "suggestion", "seat": 1, "suspect": "plum", "weapon": "rope", "room": "hall"},
    {"kind": "cannot_refute", "seat": 2, "suggester": 1},
    {"kind": "card_shown", "seat": 3, "to": 1},
]


def test_a_player_who_always_misses_answers_still_hears_the_question_and_its_own() -> None:
    bot = LapsesAgent(Ranked(0), seed=1, miss=1.0, forget=0.0)
    mine = [
        {"kind": "suggestion", "seat": 0, "suspect": "plum", "weapon": "rope", "room": "hall"},
        {"kind": "cannot_refute", "seat": 1, "suggester": 0},
        {"kind": "card_shown", "seat": 2, "to": 0, "card": "rope"},
    ]
    assert [e["kind"] for e in bot.notice(QUESTION)] == ["suggestion"]
    assert bot.notice(mine) == mine


def test_a_player_who_never_misses_keeps_every_event() -> None:
    bot = LapsesAgent(Ranked(0), seed=1, miss=0.0, forget=0.0)
    assert bot.notice(QUESTION) == QUESTION


def test_a_forgetful_player_may_not_write_down_a_card_shown_to_it() -> None:
    shown = {"kind": "card_shown", "seat": 2, "to": 0, "card": "rope"}
    bot = LapsesAgent(Ranked(0), seed=1, miss=0.0, forget=1.0)
    assert bot.notice([shown]) == []


def test_the_inner_bot_sees_only_what_was_noticed() -> None:
    inner = Ranked(0)
    bot = LapsesAgent(inner, seed=1, miss=1.0, forget=0.0, slip=0.0)
    bot.choose({"log": QUESTION}, moves("hall", "study"))
    assert [e["kind"] for e in inner.logs[0]] == ["suggestion"]


def test_without_slips_the_bot_plays_exactly_as_its_inner_bot() -> None:
    bot = LapsesAgent(Ranked(0), seed=1, slip=0.0)
    assert bot.choose({"log": []}, moves("hall", "study"))["to"] == "hall"


@pytest.mark.parametrize(("deeper", "expected"), [(0.0, "study"), (1.0, "lounge")])
def test_a_slip_takes_the_next_best_choice_of_the_same_kind(deeper: float, expected: str) -> None:
    inner = Ranked(0)
    bot = LapsesAgent(inner, seed=1, slip=1.0, deeper=deeper)
    choice = bot.choose({"log": QUESTION}, moves("hall", "study", "lounge"))
    assert choice["to"] == expected
    # The log is read once: asked again, the bot is shown no event twice.
    assert all(log == [] for log in inner.logs[1:])


def test_a_slip_never_turns_a_move_into_another_kind_of_action() -> None:
    bot = LapsesAgent(Ranked(0), seed=1, slip=1.0, deeper=1.0)
    assert bot.choose({"log": []}, moves("hall"))["to"] == "hall"


def test_decisions_outside_the_slip_kinds_are_never_changed() -> None:
    bot = LapsesAgent(Ranked(0), seed=1, slip=1.0, slip_kinds=("suggest",))
    assert bot.choose({"log": []}, moves("hall", "study"))["to"] == "hall"


def test_the_factory_names_the_bot_and_wraps_a_fresh_inner_bot() -> None:
    first = with_lapses(Ranked, "casual")(1, 5)
    assert isinstance(first, LapsesAgent) and first.name == "casual" and first.seat == 1
    assert isinstance(first.inner, Ranked) and first.inner.seat == 1


@pytest.mark.parametrize("rules", VARIANTS)
def test_every_variant_offers_three_levels_easy_wrapping_its_default(rules: str) -> None:
    listed = bot_list(rules)
    assert set(listed.levels) == set(LEVELS)
    easy = make_agent("easy", 0, seed=1, rules=rules)
    assert isinstance(easy, LapsesAgent)
    # Its bot is the default one, or the default one with a lapse of its own.
    assert isinstance(easy.inner, type(make_agent(listed.default, 0, seed=1, rules=rules)))
    assert listed.level("medium") == listed.default
    assert listed.level("hard") == listed.strongest != listed.default
    for level in LEVELS:
        assert listed.descriptions[listed.level(level)].startswith(f"{level}:")


@pytest.mark.parametrize("rules", VARIANTS)
def test_a_table_of_easy_bots_plays_a_whole_game(rules: str) -> None:
    game = new_game(rules, players=3, seed=2)
    agents = {s: make_agent("easy", s, seed=s, rules=rules) for s in range(3)}
    play_out(game, agents, limit=20_000)
    assert game.finished
