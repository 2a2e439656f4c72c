"""The strong bot's walking look-ahead and its opponent-aware ratio setting."""

from __future__ import annotations

from typing import Any

from cluedo.agents.inquiry import turn_value
from cluedo.agents.strong import StrongAgent
from cluedo.engine.game import new_game


def _bot(seed: int, lookahead: int) -> tuple[StrongAgent, dict[str, Any]]:
    game = new_game("classic", players=6, seed=seed)
    seat = game.to_act()[0]
    view = game.view(seat)
    bot = StrongAgent(seat, seed=1)
    bot.LOOKAHEAD = lookahead
    bot._follow(view)
    return bot, view


def test_one_turn_of_look_ahead_scores_a_room_by_its_question_and_the_best_next_one() -> None:
    bot, view = _bot(seed=3, lookahead=1)
    worth, score = bot._room_scores(view)
    assert bot.board is not None
    for room in worth:
        after = turn_value(bot._distances(room, exclude=room), worth, bot.KEEP)
        passage = bot.board.passages.get(room)
        if passage is not None:
            after = max(after, worth[passage])
        assert abs(score[room] - (worth[room] + bot.KEEP * after)) < 1e-12


def test_looking_further_ahead_counts_a_passage_rooms_questions_turn_after_turn() -> None:
    for seed in range(3):
        near, _ = _bot(seed, lookahead=1)
        far, view = _bot(seed, lookahead=4)
        worth, score = far._room_scores(view)
        _, one_turn = near._room_scores(view)
        assert far.board is not None
        keep = far.KEEP
        for room, other in far.board.passages.items():
            # There and back by the passage: three questions in three turns at least.
            shuttle = worth[room] + keep * worth[other] + keep * keep * worth[room]
            assert score[room] >= shuttle - 1e-9
            assert score[room] >= one_turn[room] - 1e-9


def test_the_naming_ratio_setting_reaches_the_opponent_aware_weight() -> None:
    bot, _ = _bot(seed=1, lookahead=1)
    assert bot._likelihood().own_card == StrongAgent.OWN_CARD
    bot.OWN_CARD = 0.3
    assert bot._likelihood().own_card == 0.3
