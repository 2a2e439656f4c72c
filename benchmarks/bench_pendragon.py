"""Pendragon on one core: whole games with knight bots per player count, the engine's
two verbs, and one roll's reachable squares on the castle map.

Run from the repository root::

    .venv/bin/python benchmarks/bench_pendragon.py            # about a minute
    .venv/bin/python benchmarks/bench_pendragon.py --quick    # a few seconds, rougher

Seeded games, CPU time of this process (see bench_classic.py for why); the
output is a Markdown table for ``docs/benchmarks.md``. Every game must end:
the script exits with status 1 if one does not.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from cluedo.agents import make_agent
from cluedo.agents.match import ActionLimitReached, play_out
from cluedo.content import load_board
from cluedo.engine import new_game
from cluedo.mechanics.movement import reachable
from cluedo.simulation.core import bot_seed, game_seed

clock = time.process_time


def games(players: int, count: int, bot: str) -> tuple[float, float, float, int]:
    """Median ms per game, mean turns, mean actions, games that did not end."""
    times, turns, actions, stuck = [], [], [], 0
    for index in range(count):
        seed = game_seed(7, index)
        game = new_game("pendragon", players=players, seed=seed)
        agents = {
            s: make_agent(bot, s, bot_seed(seed, s), rules="pendragon") for s in range(players)
        }
        start = clock()
        try:
            play_out(game, agents, limit=20_000)
        except ActionLimitReached:
            stuck += 1
        times.append((clock() - start) * 1000)
        turns.append(game.state.turn)
        actions.append(len(game.actions))
    return statistics.median(times), statistics.mean(turns), statistics.mean(actions), stuck


def verbs(seconds: float) -> float:
    """legal_actions + apply per second under random play."""
    rng = random.Random(1)
    done = 0
    start = clock()
    while clock() - start < seconds:
        game = new_game("pendragon", players=6, seed=rng.randrange(10**6))
        for _ in range(300):
            if game.finished:
                break
            legal = game.legal_actions(game.to_act()[0])
            game.apply(legal[rng.randrange(len(legal))])
            done += 1
    return done / (clock() - start)


def movement(samples: int) -> float:
    """Median microseconds for one roll's destinations (through the staircase, back in)."""
    board = load_board("pendragon")
    stairs = board.node("staircase")
    rng = random.Random(2)
    nodes = list(range(board.node_count))
    times = []
    for _ in range(samples):
        start_node = rng.choice(nodes)
        steps = rng.randint(1, 8)
        t = clock()
        reachable(
            board, start_node, steps, frozenset(), exact=False, through=(stairs,), reenter=True
        )
        times.append((clock() - t) * 1e6)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer games: rough figures")
    args = parser.parse_args()
    count = 10 if args.quick else 50
    print("| what | figure |")
    print("| --- | --- |")
    stuck_total = 0
    for players in range(3, 9):
        ms, turns, actions, stuck = games(players, count, "sensible")
        stuck_total += stuck
        print(
            f"| {players} knights (sensible), {count} games | {ms:.1f} ms median per game, "
            f"{turns:.1f} turns, {actions:.0f} actions, {stuck} unfinished |"
        )
    ms, turns, actions, stuck = games(4, count // 2, "random")
    stuck_total += stuck
    print(
        f"| 4 random bots, {count // 2} games | {ms:.1f} ms median per game, "
        f"{turns:.0f} turns, {stuck} unfinished |"
    )
    print(
        f"| legal_actions + apply, random play | {verbs(1.0 if args.quick else 3.0):,.0f} per s |"
    )
    print(f"| one roll's destinations | {movement(2000):.1f} µs median |")
    return 1 if stuck_total else 0


if __name__ == "__main__":
    sys.exit(main())
