"""Where a game between bots spends its time, by the kind of decision.

Plays the simulator's seeded games (base seed 0) with the rule set's default bot in
every seat, driven as the simulator drives them (view with the seat's log cursor,
legal actions, ``choose``, ``apply``), and splits each decision's CPU time into the
engine's view and legal list, the bot's choice and the engine's ``apply``, grouped
by the kinds of action the seat could take (``accuse,roll`` is the start of a
classic turn, ``show`` a card asked for on someone else's turn).

Run from the repository root::

    nice .venv/bin/python benchmarks/bench_decisions.py                     # classic, 6
    nice .venv/bin/python benchmarks/bench_decisions.py --rules pendragon --players 4

The output is a Markdown table for docs/benchmarks.md: decisions per game, ms per
game of each part, and each group's share of the whole.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict

from cluedo.agents import make_agent
from cluedo.engine import new_game
from cluedo.engine.collector import settle
from cluedo.simulation import core

clock = time.process_time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--games", type=int, default=150)
    args = parser.parse_args()
    settle()  # the collector as the simulator's workers set it up
    bot = core.default_bot(args.rules)
    # Per group: decisions, then CPU seconds of view and legal list, choice, apply.
    groups: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0.0, 0.0])
    for index in range(args.games):
        seed = core.game_seed(0, index)
        game = new_game(args.rules, args.players, seed)
        agents = {
            s: make_agent(bot, s, core.bot_seed(seed, s), rules=args.rules)
            for s in range(args.players)
        }
        while not game.finished and len(game.actions) < core.DEFAULT_ACTION_LIMIT:
            seat = game.to_act()[0]
            agent = agents[seat]
            started = clock()
            view = game.view(seat, log_since=agent.log_cursor)
            agent.log_cursor = view["log_end"]
            legal = game.legal_actions(seat)
            asked = clock()
            action = agent.choose(view, legal)
            chosen = clock()
            game.apply(action)
            applied = clock()
            row = groups[",".join(sorted({a.kind for a in legal}))]
            row[0] += 1
            row[1] += asked - started
            row[2] += chosen - asked
            row[3] += applied - chosen
    games = args.games
    total = sum(sum(row[1:]) for row in groups.values())
    print(f"{args.rules}, {args.players} players, {bot} bots, {games} games (base seed 0)")
    print()
    print("| could take | decisions a game | view + legal ms | choose ms | apply ms | share |")
    print("|---|---|---|---|---|---|")
    for kinds, row in sorted(groups.items(), key=lambda kv: -sum(kv[1][1:])):
        n, view, choose, apply = row
        print(
            f"| {kinds} | {n / games:.1f} | {view / games * 1e3:.2f} | "
            f"{choose / games * 1e3:.2f} | {apply / games * 1e3:.2f} | "
            f"{sum(row[1:]) / total:.1%} |"
        )
    decisions = sum(row[0] for row in groups.values()) / games
    print(f"| all | {decisions:.1f} | | | | {total / games * 1e3:.1f} ms a game |")


if __name__ == "__main__":
    main()
