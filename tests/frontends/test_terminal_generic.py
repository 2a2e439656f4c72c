"""The terminal plays a rule set it has never heard of, through the generic presenter.

The made-up rule set here has no board and no cards: each player in turn
guesses a hidden number (told privately whether it is higher or lower) or
passes; a right guess wins. Nothing in the terminal knows it, yet a person can
play it to the end through menus built from the legal actions alone.
"""

from __future__ import annotations

import builtins
import io
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from pydantic import Field
from rich.console import Console

from cluedo.agents import make_agent
from cluedo.engine import Action, IllegalAction, new_game
from cluedo.engine.decisions import Decision
from cluedo.engine.events import Event
from cluedo.engine.registry import _RULES, register
from cluedo.engine.ruleset import RuleOptions, RuleSet
from cluedo.engine.state import GameState
from cluedo.terminal.present import Presenter
from cluedo.terminal.presenters import presenter_class
from cluedo.terminal.session import Session


class GuessOptions(RuleOptions):
    top: int = Field(5, ge=2, le=9)


@dataclass
class GuessState(GameState):
    secret: int = 0
    guesses: int = 0


class GuessRules(RuleSet[GuessState, GuessOptions]):
    name = "test-guess"
    title = "Guess the number"
    min_players = 2
    max_players = 3
    options_type = GuessOptions

    def setup(self, players: int, rng: random.Random) -> tuple[GuessState, list[Event]]:
        state = GuessState(
            players=players, current=0, turn=1, secret=rng.randint(1, self.options.top)
        )
        state.decisions.push(Decision("turn", (0,)))
        return state, [Event("turn", {"seat": 0, "turn": 1})]

    def legal_actions(self, state: GuessState, seat: int) -> list[Action]:
        if seat != state.current or state.finished:
            return []
        return [Action.make(seat, "guess", number=n) for n in range(1, self.options.top + 1)] + [
            Action.make(seat, "pass")
        ]

    def check(self, state: GuessState, action: Action) -> IllegalAction | None:
        if action in self.legal_actions(state, action.seat):
            return None
        return IllegalAction("guess", f"{action} is not allowed", "guess 1..top, pass")

    def apply(self, state: GuessState, action: Action, rng: random.Random) -> list[Event]:
        seat = action.seat
        if action.kind == "guess":
            state.guesses += 1
            n = action["number"]
            if n == state.secret:
                state.finish("guessed", (seat,))
                return [Event("guessed", {"seat": seat, "number": n})]
            hint = "higher" if state.secret > n else "lower"
            events = [
                Event("wrong_guess", {"seat": seat, "number": n}, {"hint": hint}, frozenset({seat}))
            ]
        else:
            events = [Event("passed", {"seat": seat})]
        state.decisions.pop()
        state.current = (seat + 1) % state.players
        state.turn += 1
        state.decisions.push(Decision("turn", (state.current,)))
        return [*events, Event("turn", {"seat": state.current, "turn": state.turn})]

    def view(self, state: GuessState, seat: int | None) -> dict[str, Any]:
        return {"current": state.current, "turn": state.turn, "guesses": state.guesses}


@pytest.fixture
def guess_rules() -> Iterator[None]:
    register(GuessRules)
    yield
    del _RULES[GuessRules.name]


@pytest.fixture
def typed(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    answers: list[str] = []

    def fake_input(prompt: str = "") -> str:
        if not answers:
            raise EOFError
        return answers.pop(0)

    monkeypatch.setattr(builtins, "input", fake_input)
    yield answers


def test_an_unknown_rule_set_gets_the_generic_presenter(guess_rules: None) -> None:
    assert presenter_class("test-guess") is Presenter


def test_a_person_plays_an_unknown_rule_set_to_the_end(guess_rules: None, typed: list[str]) -> None:
    game = new_game("test-guess", players=2, seed=3)
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, force_terminal=False)
    # A word that fits nothing, then: guess (a kind with several actions asks for the
    # parameter), back, pass, then guess every number in turn until one is right.
    typed += ["dance", "1", "0", "2"]
    for n in range(1, 6):
        typed += ["1", str(n)]
    typed += [""]
    session = Session(
        game,
        {0: "Ann"},
        {1: make_agent("random", 1, 1, rules="test-guess")},
        {1: "random"},
        console,
        0.0,
    )
    assert session.run() == 0
    text = out.getvalue()
    assert "'dance' is not an option here" in text
    assert "Guess..." in text and "Pass" in text
    assert "Guess: which number?" in text
    assert "You: Passed." in text
    assert "GAME OVER" in text
    assert game.finished
    # The hint is secret: Ann's screen shows hers, and never the bot's.
    for event in game.view(0)["log"]:
        if event["kind"] == "wrong_guess":
            mine = event["seat"] == 0
            assert ("hint" in event) == mine
            line = f"Wrong guess (number {event['number']}" + (
                f"; hint {event['hint']})." if mine else ")."
            )
            assert line in text
