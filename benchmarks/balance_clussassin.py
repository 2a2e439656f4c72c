"""Balance of Clussassin: who wins, how long games last, how deadly attacks are.

Run from the repository root::

    nice .venv/bin/python benchmarks/balance_clussassin.py                 # 500 games, 3-6 players
    .venv/bin/python benchmarks/balance_clussassin.py --games 50 --players 4   # quick look

The games are exactly those of ``cluedo simulate --rules clussassin --players N
--games G --seed S`` (same game seeds, bot seeds and seat rotation), played here
so that the rule set's simulator hooks (``seat_labels``, ``game_stats``) can be
read from each finished game. With ``--versus-random`` the hunter plays against
random bots instead (the hunter's seat rotates). Prints Markdown for
``docs/rules/clussassin.md`` and ``docs/benchmarks.md``; exits with status 1
if any game did not end.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from cluedo.agents import make_agent
from cluedo.agents.match import ActionLimitReached, play_out
from cluedo.engine import new_game
from cluedo.simulation.core import bot_seed, game_seed, lineup_for, wilson_interval

RULES = "clussassin"


@dataclass
class Tally:
    players: int
    games: int = 0
    unfinished: int = 0
    seat_wins: Counter[int] = field(default_factory=Counter)
    character_games: Counter[str] = field(default_factory=Counter)
    character_wins: Counter[str] = field(default_factory=Counter)
    bot_seats: Counter[str] = field(default_factory=Counter)
    bot_wins: Counter[str] = field(default_factory=Counter)
    turns: list[int] = field(default_factory=list)
    stats: dict[str, list[float]] = field(default_factory=dict)
    seconds: float = 0.0


def play(players: int, games: int, seed: int, bots: tuple[str, ...]) -> Tally:
    tally = Tally(players)
    started = time.process_time()
    for index in range(games):
        gseed = game_seed(seed, index)
        lineup = lineup_for(bots if len(bots) == players else bots * players, index)
        game = new_game(RULES, players, gseed)
        agents = {
            s: make_agent(b, s, bot_seed(gseed, s), rules=RULES) for s, b in enumerate(lineup)
        }
        tally.games += 1
        try:
            play_out(game, agents)
        except ActionLimitReached:
            tally.unfinished += 1
            continue
        state = game.state
        characters = game.rules.seat_labels(state)["character"]
        for seat, character in enumerate(characters):
            tally.character_games[character] += 1
            tally.bot_seats[lineup[seat]] += 1
        for seat in state.winners:
            tally.seat_wins[seat] += 1
            tally.character_wins[characters[seat]] += 1
            tally.bot_wins[lineup[seat]] += 1
        tally.turns.append(state.turn)
        for name, value in game.rules.game_stats(state).items():
            tally.stats.setdefault(name, []).append(value)
    tally.seconds = time.process_time() - started
    return tally


def rate(wins: int, trials: int) -> str:
    if not trials:
        return "-"
    low, high = wilson_interval(wins, trials)
    return f"{100 * wins / trials:.1f}% ({100 * low:.0f}-{100 * high:.0f})"


def report(tallies: list[Tally], versus_random: bool) -> str:
    out = []
    if versus_random:
        out.append("| players | games | hunter wins | random bot wins (per seat) | ended |")
        out.append("| --- | --- | --- | --- | --- |")
        for t in tallies:
            hunter = rate(t.bot_wins["sensible"], t.bot_seats["sensible"])
            randoms = rate(t.bot_wins["random"], t.bot_seats["random"])
            out.append(
                f"| {t.players} | {t.games} | {hunter} | {randoms}"
                f" | {t.games - t.unfinished}/{t.games} |"
            )
        return "\n".join(out)
    seats = max(t.players for t in tallies)
    out.append(
        "| players | games | ended | "
        + " | ".join(f"seat {s}" for s in range(seats))
        + " | turns mean / median / p90 | kills | attacks | escapes | swaps | CPU s |"
    )
    out.append("| --- " * (9 + seats) + "|")
    for t in tallies:
        done = len(t.turns)
        cells = [rate(t.seat_wins[s], done) if s < t.players else "" for s in range(seats)]
        turns = sorted(t.turns)
        p90 = turns[int(0.9 * (len(turns) - 1))] if turns else 0
        mean = {k: statistics.fmean(v) for k, v in t.stats.items()}
        out.append(
            f"| {t.players} | {t.games} | {done}/{t.games} | "
            + " | ".join(cells)
            + f" | {statistics.fmean(turns):.1f} / {statistics.median(turns):.1f} / {p90}"
            + f" | {mean['kills']:.2f} | {mean['attacks']:.2f} | {mean['escapes']:.2f}"
            + f" | {mean['swaps']:.2f} | {t.seconds:.0f} |"
        )
    out.append("")
    out.append("Win rate by character (all player counts together):")
    out.append("")
    games: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    fair: Counter[str] = Counter()
    for t in tallies:
        games.update(t.character_games)
        wins.update(t.character_wins)
        for character, played in t.character_games.items():
            fair[character] += played / t.players  # the wins an even game would give
    # Characters sit at different table sizes (Plum only at six), so the fair-share
    # ratio (wins / wins expected at 1/N per game) compares them, not the raw rate.
    out.append("| character | seats played | win rate | wins / fair share |")
    out.append("| --- | --- | --- | --- |")
    for character in sorted(games, key=lambda c: -wins[c] / fair[c]):
        won = rate(wins[character], games[character])
        share = wins[character] / fair[character]
        out.append(f"| {character} | {games[character]} | {won} | {share:.2f} |")
    return "\n".join(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, nargs="*", default=[3, 4, 5, 6])
    parser.add_argument(
        "--versus-random",
        action="store_true",
        help="one hunter (sensible) against random bots, the hunter's seat rotating",
    )
    args = parser.parse_args()
    tallies = []
    for players in args.players:
        bots = ("sensible",) + ("random",) * (players - 1) if args.versus_random else ("sensible",)
        tallies.append(play(players, args.games, args.seed, bots))
        print(f"... {players} players done", file=sys.stderr)
    print(report(tallies, args.versus_random))
    return 1 if any(t.unfinished for t in tallies) else 0


if __name__ == "__main__":
    sys.exit(main())
