"""Soak test of every rule set's notebook against the true game.

Usage: python benchmarks/soak_notebooks.py [--games 1000] [--start 0] [--counts 3,6]
       [--rules NAME ...] [--complete-every 60] [--workers 1] [--seed 1] [--round 25]
       [--record FILE] [--recheck]

For each rule set with a card notebook and each player count, plays games with
seeds ``--seed + k`` for k from ``--start`` to ``--games`` - 1 (odd seeds random
bots, even seeds the rule set's default bot) and, after every action, checks
every seat's notebook (built from that seat's own log only) against where the
cards really are: no place a card truly is in may be ruled out, a certain
envelope must be the true one, and - every ``--complete-every`` events and at
the end of each game - every certainty of the exact count is checked too.

A seat's place check is not redone while neither its eliminations nor the true
places have changed since its last check (the answer would be the same): such
facts are counted as "unchanged", apart from "facts checked". ``--recheck``
redoes them all.

The cells (rule set, player count) take turns, ``--round`` games at a time, and
the running totals of every cell are printed after each round, so a run stopped
early still has results for every cell. With ``--record FILE`` each finished
game is appended to FILE (one JSON line) and games already there are not
played again: the same command resumes a stopped run (``--games 0`` only prints
FILE's totals). Exits 1 on a false fact.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, fields
from multiprocessing.pool import Pool
from pathlib import Path

from cluedo.agents.registry import default_bot, make_agent
from cluedo.deduction.truth import FalseFact, check_game
from cluedo.engine.game import new_game
from cluedo.engine.registry import available, make_rules


@dataclass(frozen=True)
class Job:
    rules: str
    players: int
    seed: int
    complete_every: int
    recheck: bool = False


@dataclass
class Result:
    rules: str
    players: int
    seed: int = 0
    games: int = 0
    events: int = 0
    facts: int = 0
    unchanged: int = 0
    exact_checks: int = 0
    estimated: int = 0
    false_facts: int = 0
    cpu: float = 0.0
    failure: str = ""

    def add(self, other: Result) -> None:
        self.games += other.games
        self.events += other.events
        self.facts += other.facts
        self.unchanged += other.unchanged
        self.exact_checks += other.exact_checks
        self.estimated += other.estimated
        self.false_facts += other.false_facts
        self.cpu += other.cpu


def run(job: Job) -> Result:
    """Play and check one game."""
    started = time.process_time()
    game = new_game(job.rules, players=job.players, seed=job.seed)
    bot = "random" if job.seed % 2 else default_bot(job.rules)
    agents = {
        s: make_agent(bot, s, seed=job.seed * 10 + s, rules=job.rules) for s in range(job.players)
    }
    out = Result(job.rules, job.players, job.seed, games=1)
    try:
        tally = check_game(game, agents, complete_every=job.complete_every, recheck=job.recheck)
    except FalseFact as err:
        out.false_facts = 1
        out.failure = f"{job.rules} {job.players} players seed {job.seed}: {err}"
    else:
        out.events, out.facts, out.unchanged = tally.events, tally.facts, tally.unchanged
        out.exact_checks, out.estimated = tally.exact_checks, len(tally.estimated_seats)
    out.cpu = time.process_time() - started
    return out


def with_notebook() -> list[str]:
    return [name for name in available() if make_rules(name).card_reader(0) is not None]


def rounds(cells: dict[tuple[str, int], list[Job]], size: int) -> Iterator[list[Job]]:
    """The cells' jobs taken in turns, ``size`` games of each cell per round."""
    at = 0
    while any(at < len(jobs) for jobs in cells.values()):
        yield [job for jobs in cells.values() for job in jobs[at : at + size]]
        at += size


def read_record(path: Path) -> list[Result]:
    """The games a record file holds (a half-written last line is ignored)."""
    if not path.exists():
        return []
    names = {f.name for f in fields(Result)}
    out = []
    for line in path.read_text().splitlines():
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            continue
        out.append(Result(**{k: v for k, v in row.items() if k in names}))
    return out


def table(totals: dict[tuple[str, int], Result]) -> str:
    lines = [
        f"{'rule set':<16} {'players':>7} {'games':>6} {'events':>10} {'facts checked':>14} "
        f"{'unchanged':>14} {'exact checks':>13} {'estimated':>9} {'false facts':>11} "
        f"{'cpu s':>8}"
    ]
    for (name, n), t in sorted(totals.items()):
        lines.append(
            f"{name:<16} {n:>7} {t.games:>6} {t.events:>10} {t.facts:>14} {t.unchanged:>14} "
            f"{t.exact_checks:>13} {t.estimated:>9} {t.false_facts:>11} {t.cpu:>8.0f}"
        )
    return "\n".join(lines)


def results(jobs: list[Job], pool: Pool | None) -> Iterable[Result]:
    if pool is None:
        return map(run, jobs)
    return pool.imap_unordered(run, jobs, chunksize=1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="games per cell: k < GAMES")
    parser.add_argument("--start", type=int, default=0, help="first game of each cell: k >= START")
    parser.add_argument("--counts", default="3,6", help="player counts, comma-separated")
    parser.add_argument("--rules", nargs="*", default=None)
    parser.add_argument("--complete-every", type=int, default=60)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1, help="game k of a cell has seed SEED + k")
    parser.add_argument("--round", type=int, default=25, help="games of each cell per turn")
    parser.add_argument("--record", type=Path, default=None, help="JSON lines; resumes from it")
    parser.add_argument("--recheck", action="store_true", help="redo unchanged place checks")
    args = parser.parse_args()
    counts = [int(n) for n in args.counts.split(",")]
    names = args.rules or with_notebook()
    totals: dict[tuple[str, int], Result] = {}
    failures: list[str] = []
    done: set[tuple[str, int, int]] = set()
    for old in read_record(args.record) if args.record else []:
        done.add((old.rules, old.players, old.seed))
        totals.setdefault((old.rules, old.players), Result(old.rules, old.players)).add(old)
        if old.failure:
            failures.append(old.failure)
    cells: dict[tuple[str, int], list[Job]] = {}
    for name in names:
        rules = make_rules(name)
        for n in counts:
            n = min(max(n, rules.min_players), rules.max_players)
            seeds = [args.seed + k for k in range(args.start, args.games)]
            cells[name, n] = [
                Job(name, n, s, args.complete_every, args.recheck)
                for s in seeds
                if (name, n, s) not in done
            ]
    todo = sum(len(jobs) for jobs in cells.values())
    print(f"{len(done)} games recorded already, {todo} to play", flush=True)
    started, played = time.perf_counter(), 0
    record = args.record.open("a") if args.record else None
    pool = multiprocessing.Pool(args.workers) if args.workers > 1 else None
    try:
        for batch in rounds(cells, args.round):
            for result in results(batch, pool):
                totals.setdefault(
                    (result.rules, result.players), Result(result.rules, result.players)
                ).add(result)
                if result.failure:
                    failures.append(result.failure)
                    print("FALSE FACT:", result.failure, flush=True)
                if record is not None:
                    record.write(json.dumps(asdict(result)) + "\n")
                    record.flush()
            played += len(batch)
            elapsed = time.perf_counter() - started
            print(
                f"\n{time.strftime('%H:%M:%S')} {played}/{todo} games played in {elapsed:.0f} s",
                flush=True,
            )
            print(table(totals), flush=True)
    finally:
        if pool is not None:
            pool.close()
        if record is not None:
            record.close()
    if not played:
        print(table(totals))
    facts = sum(t.facts for t in totals.values())
    unchanged = sum(t.unchanged for t in totals.values())
    exact = sum(t.exact_checks for t in totals.values())
    games = sum(t.games for t in totals.values())
    print(
        f"\n{games} games: {facts:,} facts checked, {unchanged:,} unchanged since the last check, "
        f"{exact:,} exact checks, {len(failures)} false facts"
    )
    for failure in failures[:10]:
        print("FALSE FACT:", failure)
    if failures:
        sys.exit(1)


if __name__ == "__main__":
    main()
