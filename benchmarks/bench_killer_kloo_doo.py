"""Speed of Killer Kloo Doo on one core: whole games between sensible bots, and how
much of a game's time the bots spend thinking.

Run from the repository root::

    .venv/bin/python benchmarks/bench_killer_kloo_doo.py            # about a minute
    .venv/bin/python benchmarks/bench_killer_kloo_doo.py --quick    # a few seconds

Seeded games (the simulator's seeds), CPU time of this process. The output is a
Markdown table for ``docs/benchmarks.md``. Goal: a game under 0.2 s, so that a
300-game simulator run takes about a minute.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time

from cluedo.agents import make_agent
from cluedo.engine import new_game
from cluedo.simulation.core import bot_seed, game_seed

RULES = "killer-kloo-doo"
clock = time.process_time


def play(players: int, parts: str, seed: int) -> tuple[float, float, int]:
    """CPU seconds of a whole game, of which the bots' share, and the actions taken."""
    game = new_game(RULES, players, seed, options={"parts": parts})
    agents = [make_agent("sensible", s, bot_seed(seed, s), rules=RULES) for s in range(players)]
    thinking = 0.0
    started = clock()
    while not game.finished:
        seat = game.to_act()[0]
        agent = agents[seat]
        legal = game.legal_actions(seat)
        view = game.view(seat, agent.log_cursor)
        agent.log_cursor = view["log_end"]
        t = clock()
        action = agent.choose(view, legal)
        thinking += clock() - t
        game.apply(action)
    return clock() - started, thinking, len(game.actions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games, rougher figures")
    args = parser.parse_args()
    games = 6 if args.quick else 30
    print(f"Python {sys.version.split()[0]}, {platform.machine()}, {games} games a row\n")
    print("| parts | players | median ms/game | p90 ms/game | bots' share | actions/game |")
    print("|-------|--------:|---------------:|------------:|------------:|-------------:|")
    for parts in ("both", "investigation", "survival"):
        for players in (2, 4, 6):
            runs = [play(players, parts, game_seed(1, i)) for i in range(games)]
            times = sorted(r[0] for r in runs)
            share = sum(r[1] for r in runs) / max(1e-9, sum(r[0] for r in runs))
            p90 = times[min(len(times) - 1, int(len(times) * 0.9))]
            print(
                f"| {parts} | {players} | {statistics.median(times) * 1000:.0f} | "
                f"{p90 * 1000:.0f} | {share:.0%} | {statistics.mean(r[2] for r in runs):.0f} |"
            )


if __name__ == "__main__":
    main()
