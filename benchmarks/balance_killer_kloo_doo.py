"""Balance of Killer Kloo Doo between sensible bots: how games end, how long they
last, win rates by seat, by Part 1 place and by who accused.

It plays the same seeded games as ``cluedo simulate --rules killer-kloo-doo
--seed 1`` (game seeds and bot seeds from the simulator) and groups them with
the rule set's own ``seat_labels`` and ``game_stats`` hooks::

    nice .venv/bin/python benchmarks/balance_killer_kloo_doo.py --games 300 --parts both

Output: Markdown for ``docs/rules/killer-kloo-doo.md``.
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter, defaultdict

from cluedo.agents import make_agent
from cluedo.agents.match import play_out
from cluedo.engine import new_game
from cluedo.frontends.simulation_core import bot_seed, game_seed

RULES = "killer-kloo-doo"


def rates(games_of: dict[str, Counter[str]], wins_of: dict[str, Counter[str]], name: str) -> str:
    """Win rate of each label of one seat grouping."""
    games = games_of.get(name, Counter())
    return ", ".join(f"{k} {wins_of[name][k] / games[k]:.0%}" for k in sorted(games)) or "-"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--parts", default="both", choices=["both", "investigation", "survival"])
    parser.add_argument("--players", default="2,3,4,5,6")
    args = parser.parse_args()
    print(f"### parts = {args.parts}, {args.games} games per row, seed 1\n")
    print(
        "| players | endings | turns (mean / median) | win rate by seat "
        "| by Part 1 place | accuser's win rate | stats per game |"
    )
    print("|---|---|---|---|---|---|---|")
    for players in (int(p) for p in args.players.split(",")):
        endings: Counter[str] = Counter()
        turns = []
        seat_wins = [0] * players
        label_games: dict[str, Counter[str]] = defaultdict(Counter)
        label_wins: dict[str, Counter[str]] = defaultdict(Counter)
        stats: dict[str, float] = defaultdict(float)
        for i in range(args.games):
            seed = game_seed(1, i)
            game = new_game(RULES, players, seed, options={"parts": args.parts})
            agents = {
                s: make_agent("sensible", s, bot_seed(seed, s), rules=RULES) for s in range(players)
            }
            play_out(game, agents)
            state = game.state
            endings[state.outcome] += 1
            turns.append(state.turn)
            for w in state.winners:
                seat_wins[w] += 1
            for name, labels in game.rules.seat_labels(state).items():
                if name == "character":
                    continue
                for seat, label in enumerate(labels):
                    label_games[name][label] += 1
                    label_wins[name][label] += seat in state.winners
            for key, value in game.rules.game_stats(state).items():
                stats[key] += value
        n = args.games
        end = ", ".join(f"{k} {v / n:.0%}" for k, v in endings.most_common())
        seats = " / ".join(f"{w / n:.0%}" for w in seat_wins)

        shown = (
            "attacks",
            "deaths",
            "objectives done",
            "escapes",
            "digs",
            "grab_contests",
            "suggestions",
        )
        per = ", ".join(f"{k} {stats[k] / n:.1f}" for k in shown if k in stats)
        place = rates(label_games, label_wins, "part 1 place")
        accused = rates(label_games, label_wins, "accused")
        print(
            f"| {players} | {end} | {statistics.mean(turns):.0f} / {statistics.median(turns):.0f} "
            f"| {seats} | {place} | {accused} | {per} |"
        )


if __name__ == "__main__":
    main()
