"""Soak test of the bots, not timing: many games of every rule set, every player count,
and three line-ups, counting games that never end (the action limit) and errors.

Line-ups, seats rotated game by game (see :mod:`cluedo.simulation.core`):

``default``            the rule set's default bot in every seat
``default-vs-random``  one default bot, random bots in the other seats
``strongest-vs-random`` one strongest bot, random bots in the other seats; where the
                       strongest bot is the default one this is the line-up above,
                       said so and played once

The default and strongest bots are those of :mod:`cluedo.agents.registry`.

Usage::

    python benchmarks/soak_bots.py                       # everything, 1,000 games each
    python benchmarks/soak_bots.py --rules classic --players 6 --games 200 --workers 2
    python benchmarks/soak_bots.py --measure 5           # cost per game, and the estimate

Prints one line per line-up as it finishes (games, games that hit the action
limit, other errors, wall time) and a Markdown table at the end. Exit status 1
if any game hit the limit or failed.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from cluedo.agents.match import DEFAULT_ACTION_LIMIT
from cluedo.agents.registry import default_bot, strongest_bot
from cluedo.engine.registry import available, rules_class
from cluedo.simulation.core import GameRecord, SimulationConfig, run_games

LINEUPS = ("default", "default-vs-random", "strongest-vs-random")
LIMIT_ERROR = "ActionLimitReached"


@dataclass(frozen=True)
class Run:
    rules: str
    players: int
    lineup: str
    bots: tuple[str, ...]


@dataclass
class Result:
    run: Run
    games: int
    limit_hits: int
    errors: int
    seconds: float
    first_failure: str = ""


def lineup_bots(rules: str, players: int, lineup: str) -> tuple[str, ...] | None:
    """The bots of ``lineup`` (game 0's seats), or None when it repeats another line-up."""
    default = default_bot(rules)
    if lineup == "default":
        return (default,)
    if lineup == "default-vs-random":
        return (default,) + ("random",) * (players - 1)
    strongest = strongest_bot(rules)
    if strongest == default:
        return None
    return (strongest,) + ("random",) * (players - 1)


def plan(rules: Sequence[str], players: Sequence[int] | None, lineups: Sequence[str]) -> list[Run]:
    runs = []
    for name in rules:
        cls = rules_class(name)
        counts = range(cls.min_players, cls.max_players + 1)
        for n in counts:
            if players and n not in players:
                continue
            for lineup in lineups:
                bots = lineup_bots(name, n, lineup)
                if bots is not None:
                    runs.append(Run(cls.name, n, lineup, bots))
    return runs


def _note_same(rules: Sequence[str]) -> None:
    for name in rules:
        if strongest_bot(name) == default_bot(name):
            print(
                f"{name}: the strongest bot is the default one ({default_bot(name)}): "
                "strongest-vs-random is default-vs-random, played once",
                flush=True,
            )


def measure(runs: Sequence[Run], sample: int, games: int, workers: int, seed: int) -> None:
    """Play ``sample`` games of each run in this process; print CPU ms per game and the
    estimated wall time of ``games`` games each on ``workers`` workers."""
    total = 0.0
    print(f"| rule set | players | line-up | ms/game (CPU, {sample} games) | est. {games} games |")
    print("| --- | ---: | --- | ---: | ---: |")
    for run in runs:
        config = SimulationConfig(
            rules=run.rules, players=run.players, bots=run.bots, games=sample, seed=seed
        )
        started = time.process_time()
        run_games(config)
        per_game = (time.process_time() - started) / sample
        estimate = per_game * games / workers
        total += estimate
        print(
            f"| {run.rules} | {run.players} | {run.lineup} | {per_game * 1000:.0f} "
            f"| {estimate / 60:.1f} min |",
            flush=True,
        )
    print(f"estimated total: {total / 60:.0f} min of wall time on {workers} workers")


def soak(run: Run, games: int, workers: int, seed: int, action_limit: int) -> Result:
    config = SimulationConfig(
        rules=run.rules,
        players=run.players,
        bots=run.bots,
        games=games,
        seed=seed,
        action_limit=action_limit,
    )
    done = 0
    step = max(1, games // 4)
    started = time.perf_counter()

    def progress(_: GameRecord) -> None:
        nonlocal done
        done += 1
        if done % step == 0 and done < games:
            elapsed = time.perf_counter() - started
            print(f"    ... {done}/{games} games, {elapsed:.0f} s", flush=True)

    records = run_games(config, workers=workers, on_record=progress)
    seconds = time.perf_counter() - started
    failed = [r for r in records if r.error is not None]
    limit_hits = sum(1 for r in failed if LIMIT_ERROR in (r.error or ""))
    first = ""
    if failed:
        r = failed[0]
        first = (
            f"game {r.index} ({r.error}); replay: cluedo simulate --rules {run.rules} "
            f"--players {run.players} --seed {seed} --start {r.index} --games 1 "
            f"--bots {','.join(run.bots)}"
        )
    return Result(run, len(records), limit_hits, len(failed) - limit_hits, seconds, first)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", help="comma-separated rule sets (default: all)")
    parser.add_argument("--players", help="comma-separated player counts (default: all allowed)")
    parser.add_argument(
        "--lineups", default=",".join(LINEUPS), help=f"comma-separated, of {', '.join(LINEUPS)}"
    )
    parser.add_argument("--games", type=int, default=1000, help="games per line-up")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--action-limit", type=int, default=DEFAULT_ACTION_LIMIT)
    parser.add_argument(
        "--measure", type=int, metavar="N", help="only time N games per line-up and estimate"
    )
    args = parser.parse_args(argv)
    rules = args.rules.split(",") if args.rules else available()
    players = [int(p) for p in args.players.split(",")] if args.players else None
    lineups = args.lineups.split(",")
    unknown = [x for x in lineups if x not in LINEUPS]
    if unknown:
        parser.error(f"unknown line-up {unknown[0]!r}; line-ups: {', '.join(LINEUPS)}")
    runs = plan(rules, players, lineups)
    _note_same(rules)
    if args.measure:
        measure(runs, args.measure, args.games, args.workers, args.seed)
        return 0
    print(
        f"{len(runs)} line-ups x {args.games} games, {args.workers} workers, seed {args.seed}, "
        f"action limit {args.action_limit}",
        flush=True,
    )
    results: list[Result] = []
    started = time.perf_counter()
    current = ""
    for run in runs:
        if run.rules != current:
            current = run.rules
            print(f"== {current}", flush=True)
        result = soak(run, args.games, args.workers, args.seed, args.action_limit)
        results.append(result)
        print(
            f"  {run.players}p {run.lineup:<20} {','.join(run.bots):<40} games {result.games}"
            f"  limit {result.limit_hits}  errors {result.errors}  {result.seconds:.0f} s",
            flush=True,
        )
        if result.first_failure:
            print(f"    first failure: {result.first_failure}", flush=True)
    total = time.perf_counter() - started
    print()
    print(
        "| rule set | players | line-up | bots (game 0) | games | hit the limit | errors | wall s |"
    )
    print("| --- | ---: | --- | --- | ---: | ---: | ---: | ---: |")
    for r in results:
        print(
            f"| {r.run.rules} | {r.run.players} | {r.run.lineup} | {','.join(r.run.bots)} "
            f"| {r.games} | {r.limit_hits} | {r.errors} | {r.seconds:.0f} |"
        )
    games = sum(r.games for r in results)
    hits = sum(r.limit_hits for r in results)
    errors = sum(r.errors for r in results)
    print(
        f"\ntotal: {games} games, {hits} hit the action limit, {errors} errors, "
        f"{total / 60:.1f} min wall time",
        flush=True,
    )
    return 1 if hits or errors else 0


if __name__ == "__main__":
    sys.exit(main())
