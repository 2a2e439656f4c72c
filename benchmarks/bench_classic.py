"""Speed of the classic game on one core: whole games, the engine's two verbs, movement.

Run from the repository root::

    .venv/bin/python benchmarks/bench_classic.py            # about a minute
    .venv/bin/python benchmarks/bench_classic.py --quick    # a few seconds, rougher
    .venv/bin/python benchmarks/bench_classic.py --profile sensible   # where the time goes

Every figure comes from seeded games, so two runs on one machine measure the
same work; compare figures from one run, or as ratios, never across machines.
Times are this process's CPU time, not wall-clock time (see ``clock``). The
output is a Markdown table, ready for ``docs/benchmarks.md``.
"""

from __future__ import annotations

import argparse
import cProfile
import platform
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from cluedo.agents import make_agent
from cluedo.agents.match import ActionLimitReached, play_out
from cluedo.agents.registry import bots_for
from cluedo.content import load_board
from cluedo.engine import Action, Game, new_game
from cluedo.mechanics.movement import reachable
from cluedo.simulation.core import bot_seed, game_seed

clock = time.process_time
"""CPU time of this process: on a shared machine, wall-clock time also counts the
time other programs held the core, and varied two- to threefold between runs."""

PLAYERS = 6
ACTION_LIMIT = 5000
"""Far beyond any real game (a few hundred actions); a game that loops is cut short and counted."""

GOALS_MS = {"random": 10.0, "sensible": 30.0}
"""Median milliseconds per six-player game on one core, from the issue."""


@dataclass
class Row:
    what: str
    figure: str
    detail: str


# -- whole games --------------------------------------------------------------------


def play_one(bot: str, seed: int) -> tuple[float, int] | None:
    """Seconds and actions of one six-player game; None if it hit the action limit."""
    started = clock()
    game = new_game("classic", PLAYERS, seed)
    agents = {s: make_agent(bot, s, bot_seed(seed, s)) for s in range(PLAYERS)}
    try:
        play_out(game, agents, limit=ACTION_LIMIT)
    except ActionLimitReached:
        return None
    return clock() - started, len(game.actions)


def bench_games(bot: str, games: int) -> tuple[Row, list[float]]:
    """Full six-player games with ``bot`` in every seat: set-up, bots and rules included."""
    times: list[float] = []
    actions = 0
    looped = 0
    for i in range(games):
        result = play_one(bot, game_seed(0, i))
        if result is None:
            looped += 1  # a game that does not end is a bug to report, not a speed to time
            continue
        times.append(result[0])
        actions += result[1]
    median_ms = 1000 * statistics.median(times) if times else float("nan")
    mean_s = statistics.fmean(times) if times else float("nan")
    goal = GOALS_MS.get(bot)
    verdict = ""
    if goal is not None:
        verdict = f"; goal < {goal:g} ms: {'met' if median_ms < goal else 'MISSED'}"
    detail = (
        f"{len(times)} games, {1 / mean_s:.0f} games/s, mean {1000 * mean_s:.1f} ms, "
        f"p90 {1000 * _quantile(times, 0.9):.1f} ms, "
        f"{actions / max(1, len(times)):.0f} actions/game{verdict}"
    )
    if looped:
        detail += f"; {looped} game(s) hit the {ACTION_LIMIT}-action limit (not timed)"
    return Row(f"6-player game, {bot} bots (median)", f"{median_ms:.2f} ms", detail), times


def _quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


# -- legal_actions + apply ----------------------------------------------------------


def _no_accusation(legal: list[Action], rng: random.Random) -> Action:
    # Without accusations random games go on long enough to exercise movement,
    # suggestions and refutations, which uniform random play (accusations are most
    # of the legal actions) almost never reaches.
    calm = [a for a in legal if a.kind != "accuse"]
    pool = calm or legal
    return pool[rng.randrange(len(pool))]


def _uniform(legal: list[Action], rng: random.Random) -> Action:
    return legal[rng.randrange(len(legal))]


def bench_steps(
    name: str, policy: Callable[[list[Action], random.Random], Action], games: int, cap: int
) -> Row:
    """``legal_actions`` + ``apply`` per second; the policy's own time is not counted."""
    steps = 0
    engine_time = 0.0
    for i in range(games):
        seed = game_seed(1, i)
        rng = random.Random(seed)
        game: Game = new_game("classic", PLAYERS, seed)
        while not game.finished and len(game.actions) < cap:
            seat = game.to_act()[0]
            t0 = clock()
            legal = game.legal_actions(seat)
            t1 = clock()
            action = policy(legal, rng)
            t2 = clock()
            game.apply(action)
            t3 = clock()
            engine_time += (t1 - t0) + (t3 - t2)
            steps += 1
    rate = steps / engine_time if engine_time else float("nan")
    return Row(
        f"legal_actions + apply, {name}",
        f"{rate:,.0f} /s",
        f"{steps} steps over {games} games, {1e6 / rate:.1f} µs per step",
    )


# -- movement -----------------------------------------------------------------------


def bench_reachable(repeats: int) -> Row:
    """One roll's destinations from starts, rooms and corridor squares, rolls 1 to 6."""
    board = load_board("classic")
    rng = random.Random(7)
    starts = [board.node(square) for square in board.starts.values()]
    rooms = [board.node(room) for room in board.rooms]
    corridor = rng.sample(range(len(board.corridor)), 20)
    # Other tokens stand where they start: the usual obstacles early in a game.
    occupied = frozenset(starts)
    samples: list[float] = []
    calls = 0
    for node in [*starts, *rooms, *corridor]:
        for roll in range(1, 7):
            blockers = occupied - {node}
            t0 = clock()
            for _ in range(repeats):
                reachable(board, node, roll, blockers)
            samples.append((clock() - t0) / repeats)
            calls += repeats
    by_roll = []
    for roll in range(1, 7):
        per_roll = samples[roll - 1 :: 6]
        by_roll.append(f"{roll}: {1e6 * statistics.median(per_roll):.0f}")
    return Row(
        "reachable squares for one roll (median)",
        f"{1e6 * statistics.median(samples):.1f} µs",
        f"{len(samples) // 6} positions (6 starts, {len(rooms)} rooms, 20 corridor squares) "
        f"x rolls 1-6, {calls} calls; median µs by roll {', '.join(by_roll)}; "
        f"max {1e6 * max(samples):.0f} µs",
    )


# -- main ---------------------------------------------------------------------------


def profile(bot: str, games: int) -> None:
    """Print where a six-player game's time goes, by own time and by cumulative time."""
    # Games that never end would swamp the profile with their loop: leave them out.
    seeds = [game_seed(0, i) for i in range(games)]
    seeds = [seed for seed in seeds if play_one(bot, seed) is not None]
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in seeds:
        play_one(bot, seed)
    profiler.disable()
    print(f"{len(seeds)} games of {bot} bots that end, profiled")
    stats = pstats.Stats(profiler, stream=sys.stdout).strip_dirs()
    stats.sort_stats("tottime").print_stats(20)
    stats.sort_stats("cumulative").print_stats(25)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer games: rough figures fast")
    parser.add_argument("--games", type=int, help="games per whole-game benchmark (default 200)")
    parser.add_argument(
        "--profile", metavar="BOT", help="profile games of this bot instead of benchmarking"
    )
    args = parser.parse_args(argv)
    games = args.games or (30 if args.quick else 200)
    if args.profile:
        profile(args.profile, games)
        return 0
    bots = [b for b in ("random", "sensible") if b in bots_for("classic")]
    rows: list[Row] = []
    goals_met = True
    for bot in bots:
        row, times = bench_games(bot, games)
        rows.append(row)
        if bot in GOALS_MS and times and 1000 * statistics.median(times) >= GOALS_MS[bot]:
            goals_met = False
    rows.append(bench_steps("uniform random play", _uniform, games, cap=ACTION_LIMIT))
    rows.append(
        bench_steps(
            "random play without accusations (first 400 actions)",
            _no_accusation,
            max(10, games // 10),
            cap=400,
        )
    )
    rows.append(bench_reachable(repeats=20 if args.quick else 200))
    command = "benchmarks/bench_classic.py" + (" --quick" if args.quick else "")
    if args.games:
        command += f" --games {args.games}"
    print(
        f"`.venv/bin/python {command}` on {time.strftime('%Y-%m-%d')}, "
        f"Python {platform.python_version()}, {platform.machine()}, one core, CPU time\n"
    )
    print("| benchmark | figure | detail |")
    print("| --- | ---: | --- |")
    for row in rows:
        print(f"| {row.what} | {row.figure} | {row.detail} |")
    return 0 if goals_met else 1


if __name__ == "__main__":
    sys.exit(main())
