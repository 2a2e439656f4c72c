"""Tournaments: round-robin line-ups with seats rotated, win rates and ratings."""

from __future__ import annotations

import json

import pytest

from cluedo.simulation.tournament import Margin, mixed_table, round_robin, run_tournament


def test_round_robin_seats_each_bot_alone_against_each_other_then_all_together() -> None:
    lineups = round_robin(["a", "b", "c"], players=4)
    assert ("a", "b", "b", "b") in lineups and ("c", "a", "a", "a") in lineups
    assert len(lineups) == 3 * 2 + 1
    assert lineups[-1] == ("a", "b", "c", "a")


def test_round_robin_of_more_bots_than_seats_has_no_mixed_table() -> None:
    lineups = round_robin(["a", "b", "c", "d"], players=3)
    assert len(lineups) == 4 * 3
    assert all(len(set(lineup)) == 2 for lineup in lineups)


def test_round_robin_needs_a_bot_and_a_table() -> None:
    with pytest.raises(ValueError):
        round_robin([], players=3)
    with pytest.raises(ValueError):
        round_robin(["a"], players=1)


def test_the_careful_bot_is_rated_above_the_random_one_and_wins_its_seats() -> None:
    result = run_tournament(["sensible", "random"], players=3, games=6, seed=2)
    assert [b.bot for b in result.bots] == ["sensible", "random"]
    sensible, random_bot = result.bots
    assert sensible.rating.mu > random_bot.rating.mu
    assert sensible.wins.wins > random_bot.wins.wins
    assert random_bot.wrong_accusations > 0
    # Every seat of every game is counted once: 3 line-ups of 6 games at 3 seats.
    assert sensible.wins.trials + random_bot.wins.trials == 3 * 6 * 3
    assert "line-up sensible, random, random: 6 games" in result.report()


def test_a_tournament_is_the_same_when_played_again() -> None:
    first = run_tournament(["sensible", "random"], players=3, games=3, seed=5)
    again = run_tournament(["sensible", "random"], players=3, games=3, seed=5)
    assert first == again


def test_a_line_up_of_the_wrong_size_or_an_unknown_bot_is_refused() -> None:
    with pytest.raises(ValueError):
        run_tournament(["sensible"], players=3, games=1, lineups=[("sensible", "random")])
    with pytest.raises(ValueError):
        run_tournament(["nobody", "random"], players=3, games=1)


def test_a_mixed_table_seats_the_bots_in_turn_and_refuses_too_many() -> None:
    assert mixed_table(["a", "b", "a"], players=5) == ("a", "b", "a", "b", "a")
    with pytest.raises(ValueError):
        mixed_table(["a", "b", "c"], players=2)


def test_a_margin_comes_from_the_per_game_differences() -> None:
    even = Margin.of("a", "b", [1.0, -1.0] * 50)
    assert even.difference == 0.0 and even.low < 0 < even.high and not even.clear
    ahead = Margin.of("a", "b", [1.0, 0.0, 1.0, -0.5] * 50)
    assert ahead.difference == pytest.approx(0.375) and ahead.clear and ahead.low > 0
    assert Margin.of("a", "b", []).games == 0


def test_a_margin_never_claims_more_than_a_whole_game_either_way() -> None:
    wide = Margin.of("a", "b", [1.0, -1.0, 1.0])
    assert wide.low >= -1.0 and wide.high <= 1.0


def test_each_table_says_how_much_each_bot_beat_each_other() -> None:
    result = run_tournament(
        ["sensible", "random"], players=4, games=6, seed=3, lineups=[("sensible", "random") * 2]
    )
    (table,) = result.lineups
    (margin,) = table.margins
    assert (margin.bot, margin.other, margin.games) == ("sensible", "random", 6)
    shares = table.wins["sensible"].rate - table.wins["random"].rate
    assert margin.difference == pytest.approx(shares)
    assert "sensible beat random by" in result.report()


def test_the_results_as_data_hold_every_bot_and_line_up() -> None:
    result = run_tournament(["sensible", "random"], players=3, games=2, seed=1)
    data = result.to_json()
    assert [b["bot"] for b in data["bots"]] == [b.bot for b in result.bots]
    assert len(data["lineups"]) == 3
    assert data["lineups"][-1]["margins"][0]["bot"] == "sensible"
    assert json.loads(json.dumps(data)) == data
