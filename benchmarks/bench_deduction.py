"""Update latency of the deduction notebook against a SAT baseline.

Usage:
  python benchmarks/bench_deduction.py [--records 200] [--seed 1]
  python benchmarks/bench_deduction.py --compare /tmp/base/src [--records 200] [--numpy]

Each update is one event (a suggestion with its refutation, a hand, an
accusation). The notebook gives exact counts and probabilities; the baseline
(python-sat, one solver call per card and location) gives certainties only.

Besides the update latency it measures, per record: a *full recount* after
every update (both count caches cleared, the whole summary counted again),
the *full probability table after 20 suggestions* (a cold recount of the
hand plus the first 20 suggestions), and the garbage collections that ran
inside an update (``gc.freeze()`` is called after start-up, as a long-lived
program would).

``--compare SRC`` runs this checkout and the code in SRC (a ``src`` folder,
for instance of a git worktree of the commit before a change) in two worker
processes, record by record, alternating which goes first, so that both see
the same load on a shared machine; it prints both tables and the ratios.
``--numpy`` adds a third worker: this checkout with ``CLUEDO_PURE_COUNT=1``
(the numpy counting path, used where the compiled core is unavailable).
All figures are CPU time of the worker's process unless a column says wall.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

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

ROOT = Path(__file__).resolve().parents[1]
TRANSCRIPT = ROOT / "tests" / "data" / "neller-clue-transcript.txt"
TABLE_AFTER = 20
"""Suggestions before the full probability table is timed."""


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


class GcWatch:
    """Garbage collections (generation, seconds) that run while ``inside`` is set."""

    def __init__(self) -> None:
        self.inside = False
        self.seen: list[tuple[int, float]] = []
        self._start = 0.0
        gc.callbacks.append(self._callback)

    def _callback(self, phase: str, info: dict[str, Any]) -> None:
        if not self.inside:
            return
        if phase == "start":
            self._start = time.process_time()
        else:
            self.seen.append((int(info["generation"]), time.process_time() - self._start))


def _clear_caches() -> None:
    notebook_module._count_cached.cache_clear()
    counting._count_reduced.cache_clear()


def _cold_recount(nb: Notebook) -> float:
    """CPU seconds to count the notebook's summary again from nothing."""
    _clear_caches()
    c0 = time.process_time()
    notebook_module.summarise_branches(nb.branches)
    return time.process_time() - c0


def run_record(
    setup: DealSetup, events: list[list[Observation]], watch: GcWatch, recount: bool
) -> dict[str, Any]:
    """Time every update of one record (fresh caches: a new game)."""
    _clear_caches()
    nb = Notebook(setup)
    wall, cpu, cold = [], [], []
    for event in events:
        watch.inside = True
        w0, c0 = time.perf_counter(), time.process_time()
        nb.observe_all(event)
        c1, w1 = time.process_time(), time.perf_counter()
        watch.inside = False
        wall.append(w1 - w0)
        cpu.append(c1 - c0)
        if recount:
            cold.append(_cold_recount(nb))
    return {"wall": wall, "cpu": cpu, "recount": cold}


def run_table(setup: DealSetup, events: list[list[Observation]]) -> float:
    """CPU seconds for the full probability table after the hand and 20 suggestions."""
    _clear_caches()
    nb = Notebook(setup)
    nb.observe_all(obs for event in events[: 1 + TABLE_AFTER] for obs in event)
    return _cold_recount(nb)


def run_sat(setup: DealSetup, events: list[list[Observation]]) -> dict[str, Any]:
    sat = SatBaseline(setup)
    wall, cpu = [], []
    for event in events:
        w0, c0 = time.perf_counter(), time.process_time()
        sat.update(event)
        wall.append(time.perf_counter() - w0)
        cpu.append(time.process_time() - c0)
    return {"wall": wall, "cpu": cpu}


def _counting_path() -> str:
    try:
        from cluedo.deduction import sparse_count
    except ImportError:
        return "numpy (before the compiled core)"
    return "compiled core" if sparse_count.available() else "numpy"


class Worker:
    """Runs records for the driver: in this process or in a child with its own code."""

    def __init__(self, records: int, seed: int) -> None:
        tr = parse_transcript(TRANSCRIPT.read_text(encoding="utf-8"))
        self.transcript = (tr.setup, [group for _, group in tr.events])
        rng = random.Random(seed)
        self.records = [random_record(rng, 6) for _ in range(records)]
        self.watch = GcWatch()
        # Warm up (imports, a compiled core's first load), then freeze the heap.
        run_record(self.records[0].setup, self.records[0].events[:3], self.watch, False)
        gc.collect()
        gc.freeze()

    def handle(self, cmd: dict[str, Any]) -> dict[str, Any]:
        kind = cmd["cmd"]
        if kind == "info":
            return {"path": _counting_path(), "code": str(Path(counting.__file__).parent)}
        if kind == "transcript":
            setup, events = self.transcript
            out = run_record(setup, events, self.watch, False)
            if cmd.get("sat"):
                out["sat"] = run_sat(setup, events)
            return out
        rec = self.records[cmd["i"]]
        self.watch.seen = []
        out = run_record(rec.setup, rec.events, self.watch, True)
        out["gc"] = self.watch.seen
        out["table"] = run_table(rec.setup, rec.events)
        if cmd.get("sat"):
            out["sat"] = run_sat(rec.setup, rec.events)
        return out


def worker_main(records: int, seed: int) -> None:
    worker = Worker(records, seed)
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        print(json.dumps(worker.handle(json.loads(line))), flush=True)


class Child:
    """A worker process running the benchmark with the code under ``src``."""

    def __init__(self, name: str, src: Path, records: int, seed: int, pure: bool) -> None:
        self.name = name
        env = dict(os.environ, PYTHONPATH=str(src))
        if pure:
            env["CLUEDO_PURE_COUNT"] = "1"
        else:
            env.pop("CLUEDO_PURE_COUNT", None)
        args = [sys.executable, __file__, "--worker", "--records", str(records)]
        self.proc = subprocess.Popen(
            [*args, "--seed", str(seed)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        self._read()

    def _read(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"worker {self.name} ended")
        out: dict[str, Any] = json.loads(line)
        return out

    def ask(self, cmd: dict[str, Any]) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(cmd) + "\n")
        self.proc.stdin.flush()
        return self._read()

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def _q(times: Sequence[float], q: float) -> float:
    ts = sorted(times)
    return ts[min(len(ts) - 1, int(q * len(ts)))] * 1e3


def _med(times: Sequence[float]) -> float:
    return statistics.median(times) * 1e3


def _row(name: str, wall: Sequence[float], cpu: Sequence[float]) -> str:
    return (
        f"| {name:<42} | {len(wall):>7} | {_med(wall):>6.2f} | {_q(wall, 0.99):>6.2f} | "
        f"{max(wall) * 1e3:>6.2f} | {_med(cpu):>7.2f} | {_q(cpu, 0.99):>7.2f} |"
    )


HEADER = (
    "| data set                                   | updates | median |    p99 |    max |"
    " CPU med | CPU p99 |\n"
    "|--------------------------------------------|--------:|-------:|-------:|-------:|"
    "--------:|--------:|"
)


class Tally:
    """One worker's figures over all records."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self.recount: list[float] = []
        self.table: list[float] = []
        self.gc: list[tuple[int, float]] = []
        self.sat_wall: list[float] = []
        self.sat_cpu: list[float] = []

    def add(self, out: dict[str, Any]) -> None:
        self.wall += out["wall"]
        self.cpu += out["cpu"]
        self.recount += out["recount"]
        self.table.append(out["table"])
        self.gc += [(int(g), float(s)) for g, s in out["gc"]]
        if "sat" in out:
            self.sat_wall += out["sat"]["wall"]
            self.sat_cpu += out["sat"]["cpu"]

    def gc_runs(self) -> str:
        """Collections inside updates by generation, as "gen0/gen1/gen2"."""
        return "/".join(str(sum(1 for g, _ in self.gc if g == k)) for k in range(3))

    def summary(self) -> dict[str, float]:
        return {
            "update CPU median": _med(self.cpu),
            "update CPU p99": _q(self.cpu, 0.99),
            "update CPU max": max(self.cpu) * 1e3,
            "update wall max": max(self.wall) * 1e3,
            "full recount CPU median": _med(self.recount),
            "full recount CPU max": max(self.recount) * 1e3,
            "max update / median recount": max(self.cpu) / statistics.median(self.recount),
            f"table after {TABLE_AFTER} suggestions, median": _med(self.table),
            f"table after {TABLE_AFTER} suggestions, max": max(self.table) * 1e3,
            "longest GC pause inside an update": max((s for _, s in self.gc), default=0.0) * 1e3,
        }


def compare(args: argparse.Namespace) -> None:
    here = ROOT / "src"
    specs = [("after", here, False), ("before", Path(args.compare), False)]
    if args.numpy:
        specs.append(("after, numpy path", here, True))
    children = [Child(name, src, args.records, args.seed, pure) for name, src, pure in specs]
    try:
        for child in children:
            info = child.ask({"cmd": "info"})
            print(f"{child.name}: {info['code']} ({info['path']})")
        tallies = {child.name: Tally() for child in children}
        tr = {
            child.name: child.ask({"cmd": "transcript", "sat": child is children[0]})
            for child in children
        }
        for i in range(args.records):
            k = i % len(children)
            for child in children[k:] + children[:k]:
                out = child.ask({"cmd": "record", "i": i, "sat": child is children[0]})
                tallies[child.name].add(out)
    finally:
        for child in children:
            child.close()

    sat = tallies["after"]
    print("\nUpdate latency in ms (CPU time of each worker in the last two columns)\n")
    print(HEADER)
    first = children[0].name
    print(_row("SAT baseline, reference transcript", *tr[first]["sat"].values()))
    for name in tallies:
        print(_row(f"notebook ({name}), reference transcript", tr[name]["wall"], tr[name]["cpu"]))
    n = args.records
    print(_row(f"SAT baseline, {n} random 6-player records", sat.sat_wall, sat.sat_cpu))
    for name, t in tallies.items():
        print(_row(f"notebook ({name}), {n} 6-player records", t.wall, t.cpu))

    sums = {name: t.summary() for name, t in tallies.items()}
    names = list(sums)
    print(f"\n| measure (ms, CPU) | {' | '.join(names)} | before / after |")
    print(f"|---|{'---:|' * len(names)}---:|")
    for key in sums["after"]:
        cells = [f"{sums[nm][key]:.3f}" for nm in names]
        after, before = sums["after"][key], sums["before"][key]
        ratio = f"{before / after:.1f}" if after else ""
        print(f"| {key} | {' | '.join(cells)} | {ratio} |")
    gc_cells = " | ".join(tallies[nm].gc_runs() for nm in names)
    print(f"| GC runs inside updates (gen 0/1/2) | {gc_cells} | |")
    sat_med = _med(sat.sat_cpu)
    sat_p99 = _q(sat.sat_cpu, 0.99)
    print(f"\nSAT baseline CPU median {sat_med:.3f} ms, p99 {sat_p99:.3f} ms")
    for name in names:
        s = sums[name]
        print(
            f"{name}: SAT median / notebook median {sat_med / s['update CPU median']:.1f}, "
            f"SAT p99 / notebook p99 {sat_p99 / s['update CPU p99']:.1f}"
        )
    load = os.getloadavg()
    print(f"\n{os.cpu_count()} cores, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


def single(args: argparse.Namespace) -> None:
    worker = Worker(args.records, args.seed)
    print(f"counting: {_counting_path()}")
    tr = worker.handle({"cmd": "transcript", "sat": True})
    tally = Tally()
    for i in range(args.records):
        tally.add(worker.handle({"cmd": "record", "i": i, "sat": True}))
    print("Update latency in ms (wall clock; CPU time of this process in the last two columns)")
    print()
    print(HEADER)
    print(_row("notebook, reference transcript", tr["wall"], tr["cpu"]))
    print(_row("SAT baseline, reference transcript", *tr["sat"].values()))
    n = args.records
    print(_row(f"notebook, {n} random 6-player records", tally.wall, tally.cpu))
    print(_row(f"SAT baseline, {n} random 6-player records", tally.sat_wall, tally.sat_cpu))
    print()
    for key, value in tally.summary().items():
        print(f"{key}: {value:.3f}")
    print(f"GC runs inside updates (gen 0/1/2): {tally.gc_runs()}")
    load = os.getloadavg()
    print(f"\n{os.cpu_count()} cores, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--records", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--compare", metavar="SRC", help="the code to compare with (a src folder)")
    parser.add_argument("--numpy", action="store_true", help="also time the numpy counting path")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker_main(args.records, args.seed)
    elif args.compare:
        compare(args)
    else:
        single(args)


if __name__ == "__main__":
    main()
