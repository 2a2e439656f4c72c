"""Speed of the learning environment against the engine step it wraps.

For each rule set, the same seeded games are played twice with the same random
legal choices: once straight on the engine (``legal_actions`` + ``apply``), once
through :class:`cluedo.env.CluedoEnv` (each step: the acting seat's observation
and action mask, then ``step``). Both runs make the random choice and name it by
its number in the same way (what the benchmark needs to play the same games, not
what the environment costs; before 2026-11-27 only the environment's run paid
for naming it). The ratio is environment time over engine time
per action, in one run on one machine. Part of the difference is the rule
set's own view of the seat (what any observation that cannot leak must start
from), measured on its own; the rest, the encoding proper, is reported against
the engine step too.

Run from the repository root::

    .venv/bin/python benchmarks/bench_env.py            # about half a minute
    .venv/bin/python benchmarks/bench_env.py --quick    # a few seconds

CPU time of this process; the output is a Markdown table for docs/benchmarks.md.
Each of the three runs (engine, engine and view, environment) is repeated
``--repeat`` times, one after the other in turn, and the least time of each is
kept: on a shared machine a run can lose a tenth of its time to others, more
than the differences measured (a single run once gave the view a negative cost).
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

import numpy as np

from cluedo.engine import Action, new_game
from cluedo.env import raw_env

clock = time.process_time
CONFIGS = [
    ("classic", 6),
    ("clue-or-cruel", 4),
    ("clussassin", 4),
    ("killer-kloo-doo", 4),
    ("pendragon", 4),
]


def choose(legal: list[Action], rng: np.random.Generator) -> Action:
    """A random legal action, accusing only when nothing else is legal (random accusations
    end the classic games in a few actions, which would measure little)."""
    calm = [a for a in legal if a.kind != "accuse"] or legal
    return calm[int(rng.integers(len(calm)))]


def engine_games(
    rules: str, players: int, seeds: range, limit: int, with_view: bool = False
) -> tuple[float, int]:
    env = raw_env(rules, players)
    game_seeds = {}
    for seed in seeds:  # the games the environment will play, found outside the timing
        env.reset(seed=seed)
        game_seeds[seed] = env.seed_used
    number = env.catalog.index
    actions = 0
    started = clock()
    for seed in seeds:
        game = new_game(rules, players, seed=game_seeds[seed])
        rng = np.random.default_rng(seed)
        while not game.finished and actions < limit * (seed - seeds.start + 1):
            seat = game.to_act()[0]
            if with_view:  # what any seat-safe observation must read: the rule set's view
                game.rules.view(game.state, seat)
            legal = game.legal_actions(seat)
            chosen = choose(legal, rng)
            number(chosen)  # the choice named as the environment run names it (see there)
            game.apply(chosen)
            actions += 1
    return clock() - started, actions


def env_games(
    rules: str, players: int, seeds: range, limit: int, check: bool = False
) -> tuple[float, int]:
    """The same games through the environment. The random choice is made as in the
    engine run and named by its number (``catalog.index``), which the engine run does
    too: a learner picks a number directly, so neither the choice nor its naming is the
    environment's cost. ``check``: also check each choice against the action mask (an
    untimed run does)."""
    actions = 0
    env = raw_env(rules, players)  # the action space is built once per configuration
    started = clock()
    for seed in seeds:
        env.reset(seed=seed)
        game = env.game
        assert game is not None
        rng = np.random.default_rng(seed)
        while not game.finished and actions < limit * (seed - seeds.start + 1):
            seat = env.agent_seat[env.agent_selection]
            obs = env.observe(env.agent_selection)
            legal = env.encoder.legal(seat)  # the list the mask was made from
            # The same choice as the engine run: the i-th legal action.
            chosen = choose(legal, rng)
            number = env.catalog.index(chosen)
            if check and obs["action_mask"][number] != 1:
                raise AssertionError(f"{chosen} is legal but not in the action mask")
            env.step(number)
            actions += 1
    return clock() - started, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--limit", type=int, default=2000, help="actions per game at most")
    parser.add_argument("--quick", action="store_true", help="3 games of each")
    parser.add_argument(
        "--repeat", type=int, default=3, help="runs of each measurement (the least is kept)"
    )
    args = parser.parse_args()
    games = 3 if args.quick else args.games
    print(
        f"Python {sys.version.split()[0]}, {platform.machine()}, {games} games per rule set, "
        f"least of {max(args.repeat, 1)} runs"
    )
    print()
    print(
        "| rule set | players | actions | engine µs/action | + seat view µs | env µs/action "
        "| env/engine | encoding/engine |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for rules, players in CONFIGS:
        seeds = range(1, games + 1)
        # Warm both paths' caches first; the environment's run also checks its masks.
        engine_games(rules, players, range(0, 1), 200)
        env_games(rules, players, seeds, args.limit, check=True)
        engine_time = viewed_time = env_time = float("inf")
        for _ in range(max(args.repeat, 1)):
            t, n = engine_games(rules, players, seeds, args.limit)
            engine_time = min(engine_time, t)
            t, _ = engine_games(rules, players, seeds, args.limit, with_view=True)
            viewed_time = min(viewed_time, t)
            t, m = env_games(rules, players, seeds, args.limit)
            env_time = min(env_time, t)
            assert n == m, (rules, n, m)
        a, v, b = (t / n * 1e6 for t in (engine_time, viewed_time, env_time))
        # The encoding's own cost: the environment's step less the engine's step and view.
        own = max(b - v, 0.0)
        print(
            f"| {rules} | {players} | {n} | {a:.0f} | {v - a:.0f} | {b:.0f} | {b / a:.2f} "
            f"| {own / a:.2f} |"
        )


if __name__ == "__main__":
    main()
