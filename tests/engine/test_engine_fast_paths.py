"""The engine's shortcuts give exactly what the long way gives.

Each seat's copy of an event is made once per event and copied per call; exact
moves are remembered per start and roll for boards no token blocks; a decision
nobody has answered hands back its seats as they are; a well-formed action is
recognised in one pass. These tests hold each shortcut to the plain computation.
"""

from __future__ import annotations

import gc
import random
from typing import Any

import pytest

from cluedo.content import load_board
from cluedo.engine import Action, Decision, new_game
from cluedo.engine.actions import ActionPool
from cluedo.engine.events import Event, json_copy, seen_by
from cluedo.mechanics import movement
from cluedo.mechanics.movement import reachable


def plain_for_seat(event: Event, seat: int | None) -> dict[str, Any] | None:
    """How an event was shown before it kept its renderings."""
    if not event.visible_to(seat):
        return None
    out = {"kind": event.kind, **json_copy(event.data)}
    if event.secret and seat is not None and seat in event.knowers:
        out.update(json_copy(event.secret))
    return out


EVENTS = [
    Event("roll", {"seat": 0, "roll": 4}),
    Event("moved", {"seat": 1, "to": (7, 4), "steps": 3}),
    Event("card_shown", {"seat": 1, "to": 0}, {"card": "rope"}, frozenset({0, 1})),
    Event("dealt", {"seat": 2}, {"hand": ("rope", "hall")}, frozenset({2}), private=True),
    Event("glimpse", {"cards": [], "seat": 0}, {"cards": ["knife"]}, frozenset({0})),
    Event("swap", {"seat": 0, "card": ["x"]}, {"card": "plum"}, frozenset({0}), private=True),
    Event("setup", {"weapons": {"rope": "hall"}, "first": 0, "kind": "override"}),
]


@pytest.mark.parametrize("event", EVENTS, ids=[e.kind for e in EVENTS])
def test_event_for_seat_matches_the_plain_rendering_for_every_viewer(event: Event) -> None:
    for _ in range(2):  # the first call makes the renderings, the second reuses them
        for seat in (None, 0, 1, 2, 3):
            assert event.for_seat(seat) == plain_for_seat(event, seat)
            assert seen_by([event], seat) == [
                x for x in [plain_for_seat(event, seat)] if x is not None
            ]


def test_a_changed_log_entry_does_not_reach_the_next_viewer() -> None:
    event = Event("moved", {"seat": 1, "to": (7, 4)}, {"note": [1, 2]}, frozenset({1}))
    first = event.for_seat(1)
    assert first is not None
    first["to"].append(99)
    first["note"].clear()
    first["extra"] = True
    [again] = seen_by([event], 1)
    assert again == {"kind": "moved", "seat": 1, "to": [7, 4], "note": [1, 2]}
    assert event.for_seat(0) == {"kind": "moved", "seat": 1, "to": [7, 4]}


def test_a_private_event_is_not_in_the_log_of_a_seat_that_does_not_know_it() -> None:
    dealt = Event("dealt", {"seat": 2}, {"hand": ["rope"]}, frozenset({2}), private=True)
    assert seen_by([dealt], None) == seen_by([dealt], 0) == []
    assert seen_by([dealt], 2) == [{"kind": "dealt", "seat": 2, "hand": ["rope"]}]


def test_events_keep_their_equality_and_repr_without_the_renderings() -> None:
    shown, fresh = Event("roll", {"roll": 2}), Event("roll", {"roll": 2})
    shown.for_seat(0)
    assert shown == fresh and repr(shown) == repr(fresh)


def test_a_game_log_is_the_events_shown_one_by_one() -> None:
    game = new_game("classic", players=4, seed=3)
    rng = random.Random(3)
    for _ in range(120):
        seat = game.to_act()[0]
        legal = [a for a in game.legal_actions(seat) if a.kind != "accuse"]
        game.apply(rng.choice(legal))
    for seat in (None, *range(4)):
        expected = [e for e in (plain_for_seat(x, seat) for x in game.events) if e is not None]
        assert game.log_for(seat) == expected
        assert game.view(seat, log_since=7)["log"] == [
            e for e in (plain_for_seat(x, seat) for x in game.events[7:]) if e is not None
        ]


@pytest.mark.parametrize("exact", [True, False], ids=["exact", "up-to"])
@pytest.mark.parametrize("board_name", ["classic", "pendragon"])
def test_moves_remembered_for_open_boards_equal_the_full_search(
    board_name: str, exact: bool
) -> None:
    board = load_board(board_name)
    rng = random.Random(18)
    corridor = len(board.corridor)
    rooms = list(range(corridor, board.node_count))
    for _ in range(300):
        start = rng.randrange(board.node_count)
        steps = rng.randint(1, 12 if rng.random() < 0.1 else 6)
        tokens = rng.choice([0, 1, 3, 5])
        occupied = frozenset(rng.randrange(corridor) for _ in range(tokens)) - {start}
        # Tokens near the start, often: the case that must not reuse an open move.
        if rng.random() < 0.5 and start < corridor:
            occupied |= {n for n in board.neighbours[start] if n < corridor and rng.random() < 0.5}
        through = () if exact else tuple(rng.sample(rooms, rng.choice([0, 0, 1, 2])))
        got = reachable(board, start, steps, occupied, exact=exact, through=through)
        if exact:
            plain = movement._exact(board, start, steps, occupied)
        else:
            plain = movement._within(board, start, steps, occupied, through)
        assert list(got.items()) == list(plain.items()), (start, steps, sorted(occupied))


def test_a_remembered_move_is_a_fresh_dict_each_time() -> None:
    board = load_board("classic")
    start = board.node(board.starts["scarlet"])
    for exact in (True, False):
        first = reachable(board, start, 5, frozenset(), exact=exact)
        first.clear()
        again = reachable(board, start, 5, frozenset(), exact=exact)
        assert again and again == reachable(board, start, 5, frozenset(), exact=exact)


def test_waiting_for_skips_seats_that_answered() -> None:
    decision = Decision("contest", (0, 2, 3))
    assert decision.waiting_for() == (0, 2, 3)
    decision.answers[2] = Action.make(2, "pass")
    assert decision.waiting_for() == (0, 3)
    listed = Decision("turn", [1, 2])  # type: ignore[arg-type]  # seats given as a list
    assert listed.waiting_for() == (1, 2)


@pytest.mark.parametrize(
    ("action", "error"),
    [
        (Action.make(0, "move", to=(7, 4)), None),
        (Action.make(1, "show", card="rope"), None),
        (Action(0, "roll"), None),
        (Action(True, "roll"), "'seat' must be an integer, got True"),
        (Action(0, ""), "'kind' must be a non-empty string, got ''"),
        (Action(0, "move", (("to", [7, 4]),)), "parameter values must be"),
        (Action(0, "move", (("to",),)), "'params' must be a tuple of (name, value) pairs"),  # type: ignore[arg-type]
        (Action(0, "move", [("to", 1)]), "'params' must be a tuple of (name, value) pairs"),  # type: ignore[arg-type]
        (Action(0, "x", (("v", 1.5),)), "parameter values must be"),
    ],
)
def test_shape_error_fast_path_agrees_with_the_full_check(
    action: Action, error: str | None
) -> None:
    got = action.shape_error()
    assert (got is None) == (error is None)
    if error is not None:
        assert got is not None and got.startswith(error)


def test_make_without_parameters_equals_make_with_none() -> None:
    assert Action.make(0, "roll") == Action(0, "roll", ()) and Action.make(0, "roll").params == ()


def test_remembered_moves_go_with_their_board() -> None:
    from pathlib import Path

    import cluedo.content.boards

    path = Path(cluedo.content.boards.__path__[0]) / "classic.txt"
    board = load_board(path)  # a board of its own, read from the file
    key = id(board)
    reachable(board, 0, 4, frozenset())
    assert key in movement._MEMOS
    del board
    gc.collect()
    assert key not in movement._MEMOS


@pytest.mark.parametrize("rules_name", ["classic", "pendragon"])
def test_legal_lists_with_kept_actions_equal_lists_made_afresh(rules_name: str) -> None:
    """Roll, passage, end of turn, each move (and Pendragon's rewards, skills and
    glimpses) are made once per seat and kept; a legal list must still equal the one
    built from new actions, and be a new list."""
    game = new_game(rules_name, players=4, seed=21)
    rules: Any = game.rules
    rng = random.Random(4)
    kept_pool = rules.actions
    while not game.finished and len(game.actions) < 400:
        seat = game.to_act()[0]
        kept = game.legal_actions(seat)
        rules.actions = ActionPool()  # nothing kept: every action made afresh
        fresh = game.legal_actions(seat)
        rules.actions = kept_pool
        assert kept == fresh
        # Asked again, the very same objects (what lets the environment's masks
        # remember each action's number); only the cards to show are made afresh.
        again = game.legal_actions(seat)
        assert all(a is b for a, b in zip(kept, again, strict=True) if a.kind != "show")
        kept.clear()  # a caller changing its list changes nobody else's
        assert game.legal_actions(seat) == fresh
        safe = [a for a in fresh if a.kind != "accuse"]
        game.apply(rng.choice(safe or fresh))
    assert len(game.actions) > 50


def test_rules_asked_again_with_the_same_options_are_the_same_rules() -> None:
    from cluedo.engine import registry
    from cluedo.engine.errors import OptionsError

    options = {"movement": "up_to", "board": "classic"}
    first = registry.make_rules("classic", options)
    assert registry.make_rules("classic", dict(options)) is first
    assert registry.make_rules("cluedo", options) is first  # an alias, the same rules
    assert registry.make_rules("classic", {"movement": "exact"}) is not first
    for _ in range(2):  # a refusal is never remembered
        with pytest.raises(OptionsError):
            registry.make_rules("classic", {"movement": "teleport"})


CLASSIC_VIEW_KEYS = [
    *("board", "edition", "players", "characters", "current", "turn", "positions"),
    *("weapons", "eliminated", "summoned", "hand_sizes", "hand", "pending", "envelope"),
    *("rules", "options", "seat", "to_act", "finished", "outcome", "winners", "log", "log_end"),
]


def test_a_views_options_are_a_fresh_copy_with_or_without_lists() -> None:
    """Plain options are copied shallowly (the common case), options holding a list the
    long way: either way a front end that changes its view changes nothing else."""
    plain = new_game("classic", players=3, seed=1)
    listed = new_game("classic", 3, 1, {"characters": ["plum", "white", "green"]})
    for game in (plain, listed):
        view = game.view(0)
        assert view["options"] == json_copy(game.options)
        view["options"]["board"] = "changed"
        if isinstance(view["options"]["characters"], list):
            view["options"]["characters"].append("changed")
        assert game.view(0)["options"] == json_copy(game.options)
        assert "changed" not in json_copy(game.options).values()
    assert listed.options["characters"] == ["plum", "white", "green"]


def test_classic_views_keep_their_keys_in_order_and_equal_the_logs_shown_one_by_one() -> None:
    game = new_game("classic", players=4, seed=8)
    rng = random.Random(8)
    cursors = [0] * 4
    while not game.finished and len(game.actions) < 300:
        seat = game.to_act()[0]
        for viewer in (None, 0, 1, 2, 3):
            assert list(game.view(viewer)) == CLASSIC_VIEW_KEYS
        view = game.view(seat, log_since=cursors[seat])
        shown = [e.for_seat(seat) for e in game.events[cursors[seat] :]]
        assert view["log"] == [e for e in shown if e is not None]
        cursors[seat] = view["log_end"]
        safe = [a for a in game.legal_actions(seat) if a.kind != "accuse"]
        game.apply(rng.choice(safe))
    assert len(game.actions) > 50
