"""The strong bot's reading of who may ask at its next turn, and what waiting is worth."""

from __future__ import annotations

from typing import Any

from cluedo.agents.race import reach
from cluedo.agents.strong import StrongAgent
from cluedo.content.board import load_board
from cluedo.engine.game import new_game


def test_a_summoned_player_or_one_in_a_passage_room_may_surely_ask() -> None:
    board = load_board("classic")
    passage_room = next(iter(board.passages))
    plain_room = next(r for r in board.rooms if r not in board.passages)
    assert reach(board, passage_room, summoned=False) == 1.0
    assert reach(board, plain_room, summoned=True) == 1.0


def test_a_corridor_square_reaches_a_room_with_the_rolls_at_least_its_distance() -> None:
    board = load_board("classic")
    for square in board.corridor[::17]:
        node = board.node(square)
        steps = min(board.distances_from(board.node(r))[node] for r in board.rooms)
        expected = sum(1 for roll in range(1, 7) if roll >= steps) / 6
        assert reach(board, square, summoned=False) == expected


def test_a_room_with_no_passage_reaches_only_the_other_rooms() -> None:
    board = load_board("classic")
    for room in board.rooms:
        if room in board.passages:
            continue
        node = board.node(room)
        steps = min(board.distances_from(board.node(r))[node] for r in board.rooms if r != room)
        expected = sum(1 for roll in range(1, 7) if roll >= steps) / 6
        assert reach(board, room, summoned=False) == expected


def _bot_at(location: Any) -> tuple[StrongAgent, dict[str, Any]]:
    game = new_game("classic", players=6, seed=2)
    seat = game.to_act()[0]
    view = game.view(seat)
    view["positions"] = dict(view["positions"], **{view["characters"][seat]: location})
    bot = StrongAgent(seat, seed=1)
    bot._follow(view)
    return bot, view


def test_waiting_is_worth_the_plain_share_unless_the_idle_share_is_set() -> None:
    board = load_board("classic")
    passage_room = next(iter(board.passages))
    bot, view = _bot_at(passage_room)
    assert bot._gain(view) == StrongAgent.GAIN
    bot.GAIN_IDLE = 0.05
    bot.GAIN_ASKING = 0.4
    assert bot._gain(view) == 0.4


def test_waiting_is_worth_the_idle_share_where_no_roll_reaches_a_room() -> None:
    board = load_board("classic")

    def nearest(square: Any) -> int:
        return min(board.distances_from(board.node(r))[board.node(square)] for r in board.rooms)

    far = max(board.corridor, key=nearest)
    assert reach(board, far, summoned=False) == 0.0
    bot, view = _bot_at(far)
    bot.GAIN_IDLE = 0.05
    assert bot._gain(view) == 0.05
