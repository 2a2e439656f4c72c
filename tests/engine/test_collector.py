"""The garbage collector's set-up for processes that play many games."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from typing import Any

import pytest

from cluedo.engine import collector
from cluedo.simulation import core


@pytest.fixture
def fresh_collector(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Python's collector as this test process had it, whatever other tests settled."""
    thresholds = gc.get_threshold()
    monkeypatch.setattr(collector, "_settled", False)
    yield
    gc.set_threshold(*thresholds)


def test_a_settled_block_collects_young_objects_less_often_then_gives_the_defaults_back(
    fresh_collector: None,
) -> None:
    before = gc.get_threshold()
    frozen_before = gc.get_freeze_count()
    with collector.settled():
        assert gc.get_threshold() == (collector.YOUNG, collector.OLDER, collector.OLDER)
        assert gc.get_freeze_count() > frozen_before  # what was alive is set aside
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_settling_the_whole_process_is_left_alone_by_a_settled_block(
    fresh_collector: None,
) -> None:
    collector.settle_once()
    settled = gc.get_threshold()
    collector.settle_once()  # a second batch of a worker: nothing more to do
    with collector.settled():
        pass
    assert gc.get_threshold() == settled
    gc.unfreeze()


class _Knot:
    """An object that refers to itself: only the cyclic collector can free it."""

    def __init__(self) -> None:
        self.me = self
        self.payload = [0] * 8


def test_cycles_are_still_collected_when_settled(fresh_collector: None) -> None:
    with collector.settled():
        tracked = len(gc.get_objects())
        for _ in range(200_000):
            _Knot()
        grown = len(gc.get_objects()) - tracked
    # 200,000 knots are 400,000 tracked objects; collected in batches, at most a
    # batch or so is alive at once.
    assert grown < 4 * collector.YOUNG


def test_the_simulator_plays_its_games_with_the_collector_settled(
    fresh_collector: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[tuple[int, int, int]] = []
    play = core.play_index

    def watched(config: Any, index: int) -> Any:
        seen.append(gc.get_threshold())
        return play(config, index)

    monkeypatch.setattr(core, "play_index", watched)
    before = gc.get_threshold()
    config = core.SimulationConfig(players=3, bots=("random",), games=2, seed=4)
    records = core.run_games(config)
    assert len(records) == 2
    assert seen == [(collector.YOUNG, collector.OLDER, collector.OLDER)] * 2
    assert gc.get_threshold() == before
