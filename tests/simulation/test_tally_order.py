"""A run's summary does not depend on the order its games finished in (several
workers hand games back as they finish)."""

from __future__ import annotations

import json
from dataclasses import asdict

from cluedo.simulation.core import SimulationConfig, run_games
from cluedo.simulation.tally import summarize


def test_the_summary_is_the_same_whatever_order_the_games_arrive_in() -> None:
    # Killer Kloo Doo's games end in several ways (the police come, one is left
    # standing, someone escapes), so the outcomes have several names.
    config = SimulationConfig(
        rules="killer-kloo-doo", players=3, bots=("random",), games=20, seed=5
    )
    records = run_games(config)
    assert len({r.outcome for r in records}) > 1
    forward = json.dumps(asdict(summarize(records, 3)))
    backward = json.dumps(asdict(summarize(list(reversed(records)), 3)))
    assert forward == backward
