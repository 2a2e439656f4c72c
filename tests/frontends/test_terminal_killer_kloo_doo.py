"""Killer Kloo Doo in the terminal: a person answers bribes and contests through the
menus, and plays both parts to the end against a bot."""

from __future__ import annotations

import builtins
import io
import json
import random
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from test_terminal import Person

from cluedo.agents import make_agent
from cluedo.agents.base import Agent
from cluedo.engine import Action, Game, new_game
from cluedo.rules.killer_kloo_doo import KillerKlooDooRules, KillerKlooDooState
from cluedo.terminal.presenters import presenter_class
from cluedo.terminal.session import Session

RULES = "killer-kloo-doo"


class ScriptedAgent(Agent):
    """Plays the listed actions when they are legal, else the first of stay/end/roll/move."""

    name = "scripted"

    def __init__(self, seat: int, script: list[Action]) -> None:
        super().__init__(seat, 0)
        self.script = list(script)

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        if self.script and self.script[0] in legal:
            return self.script.pop(0)
        for kind in ("stay", "end_turn", "roll", "move", "concede", "refuse", "show"):
            for action in legal:
                if action.kind == kind:
                    return action
        return legal[0]


@pytest.fixture
def typed(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    answers: list[str] = []

    def fake_input(prompt: str = "") -> str:
        if not answers:
            raise EOFError
        return answers.pop(0)

    monkeypatch.setattr(builtins, "input", fake_input)
    yield answers


def run(game: Game, agent: Agent) -> str:
    out = io.StringIO()
    console = Console(file=out, width=240, height=60, force_terminal=False)
    session = Session(game, {0: "Ann"}, {1: agent}, {1: agent.name}, console, 0.0)
    session.run()
    return out.getvalue()


def set_turn(game: Game, seat: int) -> KillerKlooDooState:
    state = game.state
    rules = game.rules
    assert isinstance(state, KillerKlooDooState) and isinstance(rules, KillerKlooDooRules)
    state.decisions.clear()
    state.current = seat
    state.decisions.push(rules.turn_decision(state, seat))
    return state


def hold(state: KillerKlooDooState, seat: int, *cards: str) -> None:
    for card in cards:
        state.deck.remove(card)
        state.cards[seat].append(card)


def test_killer_kloo_doo_has_its_own_presenter() -> None:
    assert presenter_class(RULES).__name__ == "KillerKlooDooPresenter"


def test_a_person_accepts_a_bribe_and_answers_a_persuasion_with_a_heart(typed: list[str]) -> None:
    game = new_game(RULES, players=2, seed=4, options={"parts": "investigation"})
    state = set_turn(game, 1)
    state.positions["mustard"] = "hall"
    state.positions["scarlet"] = "kitchen"
    state.carried[0] = ["rope"]
    state.middle_weapons.remove("rope")
    hold(state, 1, "7D", "9H")
    hold(state, 0, "10H")
    script = [
        Action.make(1, "bribe", card="7D", target=0, ask="weapon", weapon="rope"),
        Action.make(1, "persuade", card="9H", person="scarlet"),
    ]
    # Ann accepts the bribe (the menu's first line), then lays her heart.
    typed += ["accept", "1"]
    text = run(game, ScriptedAgent(1, script))
    assert "offers you the Seven of Diamonds (7) for the Rope" in text
    assert "Accept the bribe" in text and "Refuse the bribe" in text
    assert "wants to persuade you to come to the Hall" in text
    assert state.carried[1] == ["rope"] and "7D" in state.cards[0]
    assert state.positions["scarlet"] == "kitchen"  # her 10 beat the 9
    assert "the persuasion against you" in text


def test_a_person_lays_clubs_against_an_assault_and_a_spade_against_a_servant(
    typed: list[str],
) -> None:
    game = new_game(RULES, players=2, seed=4, options={"parts": "survival"})
    state = set_turn(game, 1)
    state.survival = {c: 50 for c in state.survival}
    for character in list(state.positions):
        state.positions[character] = "kitchen"
    state.positions["scarlet"] = "hall"
    state.positions["mustard"] = "hall"
    hold(state, 1, "10C", "JS", "4D")
    hold(state, 0, "6C", "9S")
    script = [
        Action.make(1, "assault", person="scarlet", cards=["10C"]),
        Action.make(1, "spy", card="JS", diamond="4D", target=0),
    ]
    typed += ["defend", "1", "defend"]
    text = run(game, ScriptedAgent(1, script))
    assert "assaults you" in text and "spy on your cards" in text
    assert state.survival["scarlet"] == 50 - 4
    assert state.exposed[0] == []  # her spade saw through the spy
    assert "Part 2" in text and "survival" in text


def test_a_person_plays_both_parts_to_the_end_against_a_bot(typed: list[str]) -> None:
    rng = random.Random(1)
    words = ["1", "1", "2", "3", "4", "b", "c", "d", "n", "e", "end", "roll", "stay"]
    typed += [rng.choice(words) for _ in range(3000)]
    game = new_game(RULES, players=2, seed=1, options={"turn_limit": 16})
    text = run(game, make_agent("sensible", 1, 1, rules=RULES))
    assert game.finished and "GAME OVER" in text
    assert "Part 1 ends" in text and "Part 2 begins" in text
    assert "Your objectives:" in text
    log = game.full_log()
    start = next(i for i, e in enumerate(log) if e["kind"] == "part_two")
    assert any(e["kind"] == "turn" and e["seat"] == 0 for e in log[start:])  # Ann played Part 2


def test_killer_kloo_doo_through_a_real_terminal(tmp_path: Path) -> None:
    person = Person(
        "--rules killer-kloo-doo --players 2 -o parts=survival --seed 3 --save kkd.json",
        tmp_path,
        lines=40,
        columns=120,
    )
    for _ in range(10):  # the bot may start
        if "Stay in this room" in person.screen:
            break
        person.say("")
    screen = person.screen
    assert "Part 2" in screen and "Your objectives" in screen and "survival" in screen
    person.say("stay")
    assert "You stay in the Study" in person.screen
    if "End your turn" in person.screen:
        person.say("end")
    person.say("quit", "[Y/n] ")
    person.say("y", "Saved to kkd.json")
    assert person.finish() == 0
    saved = json.loads((tmp_path / "kkd.json").read_text())
    assert saved["rules"] == "killer-kloo-doo" and saved["options"]["parts"] == "survival"
    assert any(a["kind"] == "stay" and a["seat"] == 0 for a in saved["actions"])
