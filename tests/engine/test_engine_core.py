"""The rules-agnostic core: actions, events, decisions, the registry, save and load."""

from __future__ import annotations

import doctest
import importlib
import json
import pkgutil
import random
from typing import Any

import pytest

import cluedo.content
import cluedo.engine
import cluedo.mechanics
import cluedo.rules
from cluedo.engine import (
    Action,
    Decision,
    DecisionStack,
    Event,
    Game,
    IllegalAction,
    MalformedAction,
    OptionsError,
    SaveError,
    available,
    new_game,
    rules_class,
)
from source_modules import as_written

# -- doctests ---------------------------------------------------------------------------


def modules_of(*packages: object) -> list[str]:
    names = []
    for package in packages:
        names.append(package.__name__)  # type: ignore[attr-defined]
        for info in pkgutil.iter_modules(package.__path__):  # type: ignore[attr-defined]
            names.append(f"{package.__name__}.{info.name}")  # type: ignore[attr-defined]
    return names


DOCTESTED = ["cluedo.engine.game", "cluedo.content.board", "cluedo.mechanics.movement"]


@pytest.mark.parametrize("module", modules_of(cluedo.engine, cluedo.content, cluedo.mechanics))
def test_doctests(module: str) -> None:
    result = doctest.testmod(as_written(module), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    if module in DOCTESTED:
        assert result.attempted > 0, f"{module} lost its examples"


def test_doctests_of_the_classic_rules() -> None:
    result = doctest.testmod(importlib.import_module("cluedo.rules.classic.rules"))
    assert result.failed == 0


# -- actions ------------------------------------------------------------------------------


def test_action_json_round_trip_and_hashing() -> None:
    a = Action.make(2, "accuse", suspect="plum", weapon="rope", room="hall")
    assert Action.from_json(a.to_json()) == a
    assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a
    assert hash(a) == hash(Action.make(2, "accuse", room="hall", weapon="rope", suspect="plum"))
    move = Action.make(0, "move", to=[7, 4])
    assert move["to"] == (7, 4) and move.get("nope", 1) == 1
    assert str(move) == "seat 0: move to=[7, 4]"
    with pytest.raises(KeyError):
        move["from"]


@pytest.mark.parametrize(
    ("junk", "message"),
    [
        ([1, 2], "must be a JSON object"),
        ("roll", "must be a JSON object"),
        ({"kind": "roll"}, "integer 'seat'"),
        ({"seat": "0", "kind": "roll"}, "integer 'seat'"),
        ({"seat": True, "kind": "roll"}, "integer 'seat'"),
        ({"seat": 0}, "string 'kind'"),
        ({"seat": 0, "kind": ""}, "string 'kind'"),
        ({"seat": 0, "kind": "move", "to": {"row": 1}}, "parameter 'to'"),
        ({"seat": 0, "kind": "move", "to": 1.5}, "parameter 'to'"),
    ],
)
def test_malformed_actions_are_refused_with_a_message(junk: object, message: str) -> None:
    with pytest.raises(MalformedAction, match=message) as caught:
        Action.from_json(junk)
    assert caught.value.rule == "malformed-action"
    assert isinstance(caught.value, IllegalAction)


@pytest.mark.parametrize(
    "action",
    [
        Action("0", "roll"),  # type: ignore[arg-type]
        Action(None, "roll"),  # type: ignore[arg-type]
        Action(0, 5),  # type: ignore[arg-type]
        Action(0, "move", (("to", [7, 4]),)),
        Action(0, "roll", "x"),  # type: ignore[arg-type]
        "roll",
    ],
)
def test_game_refuses_badly_built_actions_without_crashing(action: object) -> None:
    game = new_game("classic", players=3, seed=1)
    before = game.save()
    with pytest.raises(IllegalAction):
        game.apply(action)  # type: ignore[arg-type]
    assert isinstance(game.check(action), IllegalAction)  # type: ignore[arg-type]
    assert game.save() == before and len(game.events) == 5


@pytest.mark.parametrize("name", ["cls", "self", "params", "action"])
def test_any_parameter_name_is_refused_cleanly(name: str) -> None:
    # Parameter names that clash with Python names must not crash the parser.
    game = new_game("classic", players=3, seed=1)
    action = Action.from_json({"seat": 0, "kind": "roll", name: 1})
    assert action.get(name) == 1
    error = game.check(action)
    assert error is not None and error.rule == "malformed-action"


def test_illegal_action_names_the_rule_and_what_is_allowed() -> None:
    game = new_game("classic", players=3, seed=1)
    error = game.check(Action.make(1, "roll"))
    assert error is not None and error.rule == "not-your-turn"
    assert "seats 0" in str(error)
    error = game.check(Action.make(7, "roll"))
    assert error is not None and error.rule == "no-such-seat" and "0 to 2" in str(error)
    error = game.check(Action.make(0, "fly"))
    assert error is not None and error.rule == "unknown-action" and "end_turn" in str(error)
    error = game.check(Action.make(0, "roll", fast=True))
    assert error is not None and error.rule == "malformed-action"


# -- events and decisions --------------------------------------------------------------


def test_event_visibility() -> None:
    private = Event("dealt", {"seat": 1}, {"hand": ["rope"]}, frozenset({1}), private=True)
    assert private.for_seat(1) == {"kind": "dealt", "seat": 1, "hand": ["rope"]}
    assert private.for_seat(0) is None and private.for_seat(None) is None
    public = Event("roll", {"seat": 0, "roll": 3})
    assert public.for_seat(None) == public.for_seat(2) == public.full()
    shown = Event("card_shown", {"seat": 1, "to": 0}, {"card": "rope"}, frozenset({0, 1}))
    assert shown.for_seat(2) == {"kind": "card_shown", "seat": 1, "to": 0}
    assert shown.full()["card"] == "rope"


def test_decision_stack_says_who_acts() -> None:
    stack = DecisionStack()
    assert stack.to_act() == () and stack.top is None
    stack.push(Decision("turn", (0,)))
    both = Decision("contest", (1, 2))
    stack.push(both)
    assert stack.to_act() == (1, 2)
    both.answers[1] = Action.make(1, "pick", card="x")
    assert stack.to_act() == (2,)
    stack.pop()
    assert stack.to_act() == (0,)


def test_view_log_since_gives_only_new_events() -> None:
    game = new_game("classic", players=3, seed=4)
    end = game.view(0)["log_end"]
    game.apply(Action.make(0, "roll"))
    new = game.view(0, log_since=end)["log"]
    assert new[0]["kind"] == "roll"
    assert game.view(0)["log"][-len(new) :] == new
    assert game.view(0, log_since=game.view(0)["log_end"])["log"] == []


@pytest.mark.parametrize("seat", [-1, 3, 99, "0", True])
def test_view_of_a_seat_not_at_the_table_is_refused(seat: object) -> None:
    game = new_game("classic", players=3, seed=4)
    with pytest.raises(IllegalAction, match="not at this table") as caught:
        game.view(seat)  # type: ignore[arg-type]
    assert caught.value.rule == "no-such-seat"
    with pytest.raises(IllegalAction, match="log_since"):
        game.view(0, log_since=-2)
    assert game.legal_actions(seat) == []  # type: ignore[arg-type]


def vandalise(value: object) -> None:
    """Change every dict and list inside ``value``, as a careless client might."""
    if isinstance(value, dict):
        for key in list(value):
            vandalise(value[key])
            value[key] = "changed"
        value["extra"] = 1
    elif isinstance(value, list):
        for item in value:
            vandalise(item)
        value.append("extra")


def test_views_logs_and_saves_are_copies_a_client_may_change() -> None:
    game = played(30)
    before = (game.save(), game.full_log(), repr(game.state), game.options.copy())
    for seat in [None, *range(game.players)]:
        vandalise(game.view(seat))
        vandalise(game.log_for(seat))
    vandalise(game.save())
    vandalise(game.full_log())
    vandalise([a.to_json() for a in game.legal_actions(game.to_act()[0])])
    assert (game.save(), game.full_log(), repr(game.state), game.options) == before


# -- registry and options ------------------------------------------------------------------


def test_registry_names_and_aliases() -> None:
    assert "classic" in available()
    assert rules_class("clue") is rules_class("cluedo") is rules_class("classic")
    with pytest.raises(OptionsError, match="unknown rule set 'chess'; available: "):
        new_game("chess")
    game = new_game("cluedo", players=3, seed=1)
    assert game.rules_name == "classic" and game.save()["rules"] == "classic"


@pytest.mark.parametrize("seed", ["1", 1.5, True])
def test_seed_must_be_an_integer(seed: object) -> None:
    with pytest.raises(OptionsError, match="seed must be an integer"):
        new_game("classic", players=3, seed=seed)  # type: ignore[arg-type]


def test_options_are_validated_and_recorded() -> None:
    game = new_game("classic", players=3, seed=1, options={"movement": "up_to"})
    assert game.options["movement"] == "up_to"
    assert game.view(None)["options"]["movement"] == "up_to"
    with pytest.raises(OptionsError, match="accuse_after_disproved"):
        new_game("classic", players=3, options={"accuse_after_disproved": "perhaps"})


def test_no_seed_picks_one_and_records_it() -> None:
    game = new_game("classic", players=3)
    assert isinstance(game.seed, int)
    assert Game.load(game.save()).full_log() == game.full_log()


# -- save and load ---------------------------------------------------------------------


def played(actions: int = 40, seed: int = 8) -> Game:
    game = new_game("classic", players=4, seed=seed, options={"movement": "up_to"})
    rng = random.Random(seed)
    for _ in range(actions):
        seat = game.to_act()[0]
        legal = [a for a in game.legal_actions(seat) if a.kind != "accuse"]
        game.apply(legal[rng.randrange(len(legal))])
    return game


def test_save_is_rules_options_seed_actions_and_chance() -> None:
    game = played()
    save = game.save()
    assert set(save) == {
        "format",
        "version",
        "rules",
        "players",
        "seed",
        "options",
        "actions",
        "chance",
    }
    assert save["options"]["movement"] == "up_to"
    assert len(save["actions"]) == 40
    assert len(save["chance"]) == 41  # the set-up, then one list per action
    assert json.loads(json.dumps(save)) == save
    loaded = Game.loads(game.dumps())
    assert loaded.full_log() == game.full_log() and loaded.save() == save
    assert repr(loaded.state) == repr(game.state)
    # The loaded game plays on exactly like the original.
    seat = game.to_act()[0]
    for g in (game, loaded):
        g.apply(next(a for a in g.legal_actions(seat) if a.kind != "accuse"))
    assert loaded.full_log() == game.full_log()


def added(save: dict[str, Any], index: int, action: object) -> None:
    """Insert an action (and its empty list of chance outcomes) into a save."""
    save["actions"].insert(index, action)
    save["chance"].insert(index + 1, [])


def first_roll(save: dict[str, Any]) -> int:
    """The step (index into ``chance``) of the save's first roll."""
    return 1 + next(i for i, a in enumerate(save["actions"]) if a["kind"] == "roll")


@pytest.mark.parametrize(
    ("corrupt", "message"),
    [
        (lambda s: s.update(format="chess"), "not a cluedo save"),
        (lambda s: s.update(version=99), "unsupported save version 99"),
        (lambda s: s.pop("seed"), "no 'seed'"),
        (lambda s: s.update(actions={}), "'actions' must be a list"),
        (lambda s: s.update(players=9), "set-up is invalid"),
        (lambda s: s.update(rules="chess"), "set-up is invalid"),
        (lambda s: s.update(options={"movement": "fly"}), "set-up is invalid"),
        (lambda s: added(s, 3, {"seat": 2, "kind": "roll"}), "action 3 does not"),
        (lambda s: added(s, 40, {"seat": 0}), "action 40 does not replay"),
        (lambda s: added(s, 40, "end"), "action 40 does not replay"),
        (lambda s: s.pop("chance"), "no 'chance'"),
        (lambda s: s.update(chance={}), "'chance' must be a list"),
        (lambda s: s["chance"].pop(), "'chance' holds 40 steps; a save of 40 actions needs 41"),
        (lambda s: s["chance"].__setitem__(2, 5), r"chance\[2\] must be a list"),
        (lambda s: s["chance"][0].pop(), "set-up is invalid: .* more than the"),
        (lambda s: s["chance"][0].append(1), "set-up is invalid: the set-up used 5 of the 6"),
        (lambda s: s["chance"][first_roll(s)].__setitem__(0, 7), "fit randint.1, 6."),
        (lambda s: s["chance"][first_roll(s)].__setitem__(0, "six"), "must be a whole number"),
        (lambda s: s["chance"][first_roll(s)].append(3), "used 1 of the 2 chance outcomes"),
    ],
)
def test_corrupt_saves_are_refused_naming_the_problem(corrupt: object, message: str) -> None:
    save = played().save()
    corrupt(save)  # type: ignore[operator]
    with pytest.raises(SaveError, match=message):
        Game.load(save)


def test_load_refuses_what_is_not_a_save() -> None:
    with pytest.raises(SaveError, match="not valid JSON"):
        Game.loads("{not json")
    with pytest.raises(SaveError, match="JSON object"):
        Game.load([1, 2])  # type: ignore[arg-type]


def test_a_rule_bug_during_apply_leaves_the_game_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    game = played(10)
    before = (game.save(), repr(game.state), game.full_log())
    seat = game.to_act()[0]
    action = next(a for a in game.legal_actions(seat) if a.kind != "accuse")

    original = game.rules.apply

    def broken(state: Any, act: Action, rng: Any) -> list[Event]:
        # A bug that strikes this one action (the rebuild replays the others normally).
        if act != action:
            return original(state, act, rng)
        state.turn += 100  # half-done work, then a crash
        raise RuntimeError("bug")

    monkeypatch.setattr(game.rules, "apply", broken)
    with pytest.raises(RuntimeError):
        game.apply(action)
    monkeypatch.undo()
    assert (game.save(), repr(game.state), game.full_log()) == before


def test_package_modules_import_cleanly() -> None:
    for package in (cluedo.content, cluedo.engine, cluedo.mechanics, cluedo.rules):
        for name in modules_of(package):
            importlib.import_module(name)
