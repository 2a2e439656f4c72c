"""``check`` comes from the legal list: an action is legal exactly when
``legal_actions`` lists it, and a rule set adds only the explanation of a refusal
(``RuleSet.explain_illegal``). Where a rule set keeps a faster check (the classic
game and its variant, measured in benchmarks/bench_classic.py), it must agree with
the list exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import pytest

from cluedo.engine import Action, IllegalAction, new_game
from cluedo.engine.decisions import Decision
from cluedo.engine.events import Event
from cluedo.engine.ruleset import RuleOptions, RuleSet, listed
from cluedo.engine.state import GameState


@dataclass
class PickState(GameState):
    picked: int = -1


class PickRules(RuleSet[PickState, RuleOptions]):
    """Seat 0 picks another seat; nothing else. No ``check`` of its own."""

    name = "test-pick"
    title = "Pick"
    min_players = 3
    max_players = 3
    options_type = RuleOptions

    def setup(self, players: int, rng: random.Random) -> tuple[PickState, list[Event]]:
        state = PickState(players=players)
        state.decisions.push(Decision("turn", (0,)))
        return state, []

    def legal_actions(self, state: PickState, seat: int) -> list[Action]:
        return [Action.make(seat, "pick", seat=s) for s in (1, 2)] if seat == 0 else []

    def explain_illegal(
        self, state: PickState, action: Action, legal: Sequence[Action]
    ) -> IllegalAction:
        return IllegalAction("pick-another", "pick one of the other seats", "1, 2")

    def apply(self, state: PickState, action: Action, rng: random.Random) -> list[Event]:
        state.picked = action["seat"]
        state.finish("picked", (0,))
        return []

    def view(self, state: PickState, seat: int | None) -> dict[str, object]:
        return {"picked": state.picked}


def test_an_action_is_legal_exactly_when_listed_and_a_refusal_is_explained() -> None:
    rules = PickRules(RuleOptions())
    state, _ = rules.setup(3, random.Random(1))
    assert rules.check(state, Action.make(0, "pick", seat=2)) is None
    for wrong in (
        Action.make(0, "pick", seat=0),
        Action.make(0, "pick", seat=3),
        Action.make(0, "pick"),
        Action.make(0, "wave"),
    ):
        error = rules.check(state, wrong)
        assert error is not None and error.rule == "pick-another", wrong


def test_true_is_not_seat_one() -> None:
    # Python counts True equal to 1; a seat sent as ``true`` is still no seat.
    rules = PickRules(RuleOptions())
    state, _ = rules.setup(3, random.Random(1))
    assert rules.check(state, Action.make(0, "pick", seat=1)) is None
    assert rules.check(state, Action.make(0, "pick", seat=True)) is not None
    assert not listed(Action.make(0, "move", to=(True, 4)), [Action.make(0, "move", to=(1, 4))])
    assert listed(Action.make(0, "move", to=(1, 4)), [Action.make(0, "move", to=(1, 4))])


def test_a_bluff_call_naming_seat_true_is_refused_as_before() -> None:
    game = new_game("clue-or-cruel", players=3, seed=2)
    seat = game.to_act()[0]
    calls = [a for a in game.legal_actions(seat) if a.kind == "call_bluff"]
    other = next(a for a in calls if a["player"] == 1)
    assert game.check(other) is None
    bogus = Action.make(seat, "call_bluff", player=True, card=other["card"])
    error = game.check(bogus)
    assert error is not None and error.rule == "call-bluff"


def _candidates(legal: list[Action], seat: int, rng: random.Random) -> list[Action]:
    """Some legal actions and near misses: other kinds, squares, cards and types."""
    accusations = [a for a in legal if a.kind == "accuse"]
    others = [a for a in legal if a.kind != "accuse"]
    out = rng.sample(others, min(8, len(others))) + rng.sample(
        accusations, min(3, len(accusations))
    )
    for kind in ("roll", "passage", "end_turn", "show", "accuse", "suggest", "move", "fly"):
        out.append(Action.make(seat, kind))
    for action in out[:]:
        params = dict(action.params)
        for key, value in params.items():
            if isinstance(value, tuple):
                out.append(Action.make(seat, action.kind, **{**params, key: (value[0], True)}))
                out.append(Action.make(seat, action.kind, **{**params, key: (value[0] + 1, 0)}))
            elif isinstance(value, str):
                out.append(Action.make(seat, action.kind, **{**params, key: value + "x"}))
            elif isinstance(value, int):
                out.append(Action.make(seat, action.kind, **{**params, key: value + 1}))
        out.append(Action.make(seat, action.kind, **params, extra=1))
    return out


@pytest.mark.parametrize(("rules", "seed"), [("classic", 1), ("classic", 2), ("clue-or-cruel", 3)])
def test_the_classic_fast_check_agrees_with_the_legal_list(rules: str, seed: int) -> None:
    rng = random.Random(seed)
    game = new_game(rules, players=3 + seed, seed=seed, options={"movement": "up_to"})
    for _ in range(60):
        if game.finished:
            break
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        for action in _candidates(legal, seat, rng):
            error = game.rules.check(game.state, action)
            assert (error is None) == listed(action, legal), action
            assert error is None or error.rule
        calm = [a for a in legal if a.kind != "accuse"] or legal
        game.apply(rng.choice(calm if rng.random() < 0.97 else legal))
