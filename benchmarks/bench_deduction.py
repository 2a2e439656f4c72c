"""Update latency of the deduction notebook against a SAT baseline.

Usage: python benchmarks/bench_deduction.py [--records 200] [--seed 1]

Each update is one event (a suggestion with its refutation, a hand, an
accusation). The notebook gives exact counts and probabilities; the baseline
(python-sat, one solver call per card and location) gives certainties only.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Sequence
from pathlib import Path

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver

from cluedo.deduction import (
    ENVELOPE,
    DealSetup,
    FaceUp,
    Hand,
    HasNone,
    HasOneOf,
    Notebook,
    Observation,
    Shown,
    WrongAccusation,
    counting,
)
from cluedo.deduction import notebook as notebook_module
from cluedo.deduction.simulate import random_record
from cluedo.deduction.transcript import parse_transcript

TRANSCRIPT = Path(__file__).resolve().parents[1] / "tests" / "data" / "neller-clue-transcript.txt"


class SatBaseline:
    """Certainties by SAT: for each card and location, is "card there" satisfiable?"""

    def __init__(self, setup: DealSetup) -> None:
        self.setup = setup
        self.pool = IDPool()
        self.solver = Solver(name="m22")
        sizes = dict(setup.players) | dict(setup.piles)
        groups = [([self.v(c, loc) for loc in setup.locations], 1) for c in setup.cards]
        groups += [([self.v(c, loc) for c in setup.cards], n) for loc, n in sizes.items()]
        groups += [([self.v(c, ENVELOPE) for c in cards], 1) for _, cards in setup.categories]
        for lits, n in groups:
            for cl in CardEnc.equals(lits, n, vpool=self.pool, encoding=EncType.seqcounter):
                self.solver.add_clause(cl)

    def v(self, card: str, loc: str) -> int:
        return int(self.pool.id((card, loc)))

    def update(self, event: Sequence[Observation]) -> list[tuple[str, str, bool]]:
        v, s = self.v, self.solver
        for obs in event:
            if isinstance(obs, Hand):
                for c in self.setup.cards:
                    s.add_clause([v(c, obs.player) if c in obs.cards else -v(c, obs.player)])
            elif isinstance(obs, Shown):
                s.add_clause([v(obs.card, obs.player)])
            elif isinstance(obs, HasOneOf):
                s.add_clause([v(c, obs.player) for c in obs.cards])
            elif isinstance(obs, HasNone):
                for c in obs.cards:
                    s.add_clause([-v(c, obs.player)])
            elif isinstance(obs, FaceUp):
                for c in obs.cards:
                    s.add_clause([v(c, "face_up")])
            elif isinstance(obs, WrongAccusation):
                s.add_clause([-v(c, ENVELOPE) for c in obs.cards])
        facts = []
        for c in self.setup.cards:
            possible = [loc for loc in self.setup.locations if s.solve(assumptions=[v(c, loc)])]
            facts.extend((c, loc, False) for loc in self.setup.locations if loc not in possible)
            if len(possible) == 1:
                facts.append((c, possible[0], True))
        return facts


Timing = tuple[list[float], list[float]]
"""Wall-clock and CPU seconds per update."""


def _time_notebook(setup: DealSetup, events: list[list[Observation]]) -> Timing:
    # A fresh game: no help from counts cached in earlier games. Within a game
    # the caches are part of the design (an update that changes nothing after
    # propagation reuses the last count).
    notebook_module._count_cached.cache_clear()
    counting._count_reduced.cache_clear()
    nb = Notebook(setup)
    wall, cpu = [], []
    for event in events:
        w0, c0 = time.perf_counter(), time.process_time()
        nb.observe_all(event)
        wall.append(time.perf_counter() - w0)
        cpu.append(time.process_time() - c0)
    return wall, cpu


def _time_sat(setup: DealSetup, events: list[list[Observation]]) -> Timing:
    sat = SatBaseline(setup)
    wall, cpu = [], []
    for event in events:
        w0, c0 = time.perf_counter(), time.process_time()
        sat.update(event)
        wall.append(time.perf_counter() - w0)
        cpu.append(time.process_time() - c0)
    return wall, cpu


def _stats(times: list[float]) -> tuple[float, float, float]:
    ts = sorted(times)
    p99 = ts[min(len(ts) - 1, int(0.99 * len(ts)))]
    return statistics.median(ts) * 1e3, p99 * 1e3, ts[-1] * 1e3


def _row(name: str, timing: Timing) -> str:
    wall, cpu = timing
    w, c = _stats(wall), _stats(cpu)
    return (
        f"| {name:<42} | {len(wall):>7} | {w[0]:>6.2f} | {w[1]:>6.2f} | {w[2]:>6.2f} | "
        f"{c[0]:>6.2f} | {c[1]:>6.2f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--records", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    tr = parse_transcript(TRANSCRIPT.read_text(encoding="utf-8"))
    tr_events = [group for _, group in tr.events]
    rng = random.Random(args.seed)
    records = [random_record(rng, 6) for _ in range(args.records)]

    results = {
        "notebook, reference transcript": _time_notebook(tr.setup, tr_events),
        "SAT baseline, reference transcript": _time_sat(tr.setup, tr_events),
    }
    nb: Timing = ([], [])
    sat: Timing = ([], [])
    for rec in records:
        for acc, (wall, cpu) in (
            (nb, _time_notebook(rec.setup, rec.events)),
            (sat, _time_sat(rec.setup, rec.events)),
        ):
            acc[0].extend(wall)
            acc[1].extend(cpu)
    results[f"notebook, {args.records} random 6-player records"] = nb
    results[f"SAT baseline, {args.records} random 6-player records"] = sat

    print("Update latency in ms (wall clock; CPU time of this process in the last two columns)")
    print()
    print(
        "| data set                                   | updates | median |    p99 |    max |"
        " CPU med | CPU p99 |"
    )
    print(
        "|--------------------------------------------|--------:|-------:|-------:|-------:|"
        "--------:|--------:|"
    )
    for name, timing in results.items():
        print(_row(name, timing))
    load = os.getloadavg()
    print(f"\n{os.cpu_count()} cores, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()
