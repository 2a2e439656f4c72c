"""The simulator streams: records are counted as they arrive, none is kept, and the
results file is written in game order from a spool, so memory stays flat."""

from __future__ import annotations

import json
import random
import statistics
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pytest

from cluedo.simulation.core import GameRecord, SimulationConfig, run_games
from cluedo.simulation.results_file import ResultsFile, header
from cluedo.simulation.tally import Tally, Values, summarize


def made_up(index: int, players: int = 4) -> GameRecord:
    """A finished game with varied winners, lengths, labels and numbers."""
    winner = (index * 7) % players
    return GameRecord(
        index=index,
        seed=index * 11,
        bots=tuple("sensible" if s % 2 else "random" for s in range(players)),
        finished=True,
        outcome="solved",
        winners=(winner,),
        winner_bots=("sensible" if winner % 2 else "random",),
        turns=20 + index % 37,
        actions=100 + index % 13,
        wrong_accusations=tuple(int(s == index % players) for s in range(players)),
        labels={"role": tuple("guest" if s else "host" for s in range(players))},
        stats={"suggestions": float(index % 9), "kills": float(index % 2)},
        first=index % players,
    )


def test_the_summary_does_not_depend_on_the_order_records_arrive_in() -> None:
    config = SimulationConfig(rules="clue-or-cruel", players=3, bots=("random",), games=8, seed=4)
    records = run_games(config)
    shuffled = records[:]
    random.Random(1).shuffle(shuffled)
    in_order, mixed = Tally.of(records, 3), Tally.of(shuffled, 3)
    assert in_order.summary() == mixed.summary() == summarize(records, 3)
    assert in_order.spread() == mixed.spread()


def test_a_tally_keeps_no_record_so_its_memory_does_not_grow_with_the_games() -> None:
    def records(n: int) -> Iterator[GameRecord]:
        return (made_up(i) for i in range(n))

    def grown(n: int) -> int:
        tally = Tally(4)
        tracemalloc.start()
        try:
            for r in records(n):
                tally.add(r)
            size, _ = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        assert tally.summary().completed == n
        return size

    # Ten times the games: the tally holds counts of values, not the games. A list of
    # the records would grow by about a kilobyte a game (several megabytes here).
    small, large = grown(500), grown(5000)
    assert large - small < 64 * 1024


@pytest.mark.parametrize("games", [0, 1, 9])
def test_the_results_file_is_the_whole_run_in_game_order_whatever_the_arrival_order(
    tmp_path: Path, games: int
) -> None:
    config = SimulationConfig(players=4, bots=("random", "sensible"), games=games, start=3)
    records = [made_up(i) for i in range(3, 3 + games)]
    arriving = records[:]
    random.Random(games).shuffle(arriving)
    path = tmp_path / "run.json"
    with ResultsFile(path, config) as results:
        for r in arriving:
            results.add(r)
        results.finish(summarize(records, 4))
    text = path.read_text(encoding="utf-8")
    # Byte for byte what dumping the whole run at once gives.
    whole = {**header(config, summarize(records, 4)), "records": [r.to_json() for r in records]}
    assert text == json.dumps(whole, indent=1) + "\n"
    assert [r["index"] for r in json.loads(text)["records"]] == list(range(3, 3 + games))


def test_a_game_that_never_came_back_leaves_a_gap_and_the_rest_stay_in_order(
    tmp_path: Path,
) -> None:
    config = SimulationConfig(players=4, bots=("random",), games=5)
    path = tmp_path / "run.json"
    with ResultsFile(path, config) as results:
        for i in (4, 0, 3, 1):  # game 2 is missing
            results.add(made_up(i))
        results.finish(summarize([made_up(i) for i in (0, 1, 3, 4)], 4))
    assert [r["index"] for r in json.loads(path.read_text())["records"]] == [0, 1, 3, 4]


def test_counted_values_give_the_median_mean_and_spread_of_the_values_themselves() -> None:
    data = [3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0]
    values = Values()
    for x in data:
        values.add(x)
    assert values.median() == 3.5 and values.mean() == sum(data) / len(data)
    assert (values.low(), values.high(), values.total()) == (1.0, 9.0, 31.0)
    odd = Values()
    for x in data[:7]:
        odd.add(x)
    assert odd.median() == 3.0
    # 1.96 * sample standard deviation / sqrt(n), the normal interval's half width.
    expected = 1.959963984540054 * statistics.stdev(data) / len(data) ** 0.5
    assert values.half_width() == pytest.approx(expected, rel=1e-12)
