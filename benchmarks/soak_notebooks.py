"""Soak test of every rule set's notebook against the true game.

Usage: python benchmarks/soak_notebooks.py [--games 2000] [--counts 3,6] [--rules NAME ...]
       [--complete-every 40] [--workers 2] [--seed 1]

For each rule set with a card notebook and each player count, plays ``--games``
seeded games (half with random bots, half with the rule set's default bot) and,
after every action, checks every seat's notebook (built from that seat's own log
only) against where the cards really are: no place a card truly is in may be
ruled out, a certain envelope must be the true one, and - every
``--complete-every`` events and at the end of each game - every certainty of
the exact count is checked too. Prints facts checked and false facts per rule
set; exits 1 on any false fact.
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from dataclasses import dataclass

from cluedo.agents.registry import default_bot, make_agent
from cluedo.deduction.truth import FalseFact, check_game
from cluedo.engine.game import new_game
from cluedo.engine.registry import available, make_rules


@dataclass
class Job:
    rules: str
    players: int
    seed: int
    complete_every: int


@dataclass
class Result:
    rules: str
    players: int
    events: int = 0
    facts: int = 0
    exact_checks: int = 0
    estimated: int = 0
    false_facts: int = 0
    failure: str = ""


def run(job: Job) -> Result:
    game = new_game(job.rules, players=job.players, seed=job.seed)
    bot = "random" if job.seed % 2 else default_bot(job.rules)
    agents = {
        s: make_agent(bot, s, seed=job.seed * 10 + s, rules=job.rules) for s in range(job.players)
    }
    out = Result(job.rules, job.players)
    try:
        tally = check_game(game, agents, complete_every=job.complete_every)
    except FalseFact as err:
        out.false_facts = 1
        out.failure = f"{job.rules} {job.players} players seed {job.seed}: {err}"
        return out
    out.events, out.facts, out.exact_checks = tally.events, tally.facts, tally.exact_checks
    out.estimated = len(tally.estimated_seats)
    return out


def with_notebook() -> list[str]:
    return [name for name in available() if make_rules(name).card_reader(0) is not None]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--counts", default="3,6", help="player counts, comma-separated")
    parser.add_argument("--rules", nargs="*", default=None)
    parser.add_argument("--complete-every", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    counts = [int(n) for n in args.counts.split(",")]
    names = args.rules or with_notebook()
    jobs = []
    for name in names:
        rules = make_rules(name)
        for n in counts:
            n = min(max(n, rules.min_players), rules.max_players)
            jobs += [Job(name, n, args.seed + k, args.complete_every) for k in range(args.games)]
    totals: dict[tuple[str, int], Result] = {}
    failures: list[str] = []
    started = time.perf_counter()
    with multiprocessing.Pool(args.workers) as pool:
        for result in pool.imap_unordered(run, jobs, chunksize=8):
            total = totals.setdefault(
                (result.rules, result.players), Result(result.rules, result.players)
            )
            total.events += result.events
            total.facts += result.facts
            total.exact_checks += result.exact_checks
            total.estimated += result.estimated
            total.false_facts += result.false_facts
            if result.failure:
                failures.append(result.failure)
    elapsed = time.perf_counter() - started
    print(
        f"{'rule set':<18} {'players':>7} {'games':>6} {'events':>10} {'facts checked':>14} "
        f"{'exact checks':>13} {'estimated seats':>15} {'false facts':>11}"
    )
    for (name, n), total in sorted(totals.items()):
        print(
            f"{name:<18} {n:>7} {args.games:>6} {total.events:>10} {total.facts:>14} "
            f"{total.exact_checks:>13} {total.estimated:>15} {total.false_facts:>11}"
        )
    print(f"{len(jobs)} games in {elapsed:.0f} s")
    for failure in failures[:10]:
        print("FALSE FACT:", failure)
    if failures:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
