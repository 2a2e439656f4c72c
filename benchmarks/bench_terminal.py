"""How long the terminal game takes to draw one screen, per rule set.

Plays each rule set with random bots to a point mid-game, then draws the
seat-0 screen many times into an in-memory 80x24 (and 140x40) colour terminal.
Prints a Markdown table of the median and p90 CPU milliseconds per screen.

    .venv/bin/python benchmarks/bench_terminal.py            # about 20 s
    .venv/bin/python benchmarks/bench_terminal.py --draws 20 # rough figures
"""

from __future__ import annotations

import argparse
import io
import statistics
import time

from rich.console import Console

from cluedo.agents import make_agent
from cluedo.engine import new_game
from cluedo.engine.registry import available, rules_class
from cluedo.terminal.menus import Menu
from cluedo.terminal.session import Session

MID_GAME = 60
"""Actions played before measuring: a filled log and pieces spread over the board."""


def measure(rules: str, columns: int, lines: int, draws: int) -> list[float]:
    cls = rules_class(rules)
    players = min(max(4, cls.min_players), cls.max_players)
    game = new_game(rules, players=players, seed=1)
    bots = {s: make_agent("random", s, s, rules=rules) for s in range(players)}
    for _ in range(MID_GAME):
        if game.finished:
            break
        seat = game.to_act()[0]
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    console = Console(
        file=io.StringIO(),
        width=columns,
        height=lines,
        force_terminal=True,
        color_system="truecolor",
    )
    names = {s: "bot" for s in range(1, players)}
    session = Session(game, {0: "you"}, {}, names, console)
    times = []
    for _ in range(draws):
        start = time.process_time()
        session._draw(0, game.view(0), Menu("Your turn.", []), None)
        times.append((time.process_time() - start) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draws", type=int, default=100)
    args = parser.parse_args()
    print("| rule set | 80x24 median ms | p90 | 140x40 median ms | p90 |")
    print("| --- | --- | --- | --- | --- |")
    for rules in available():
        cells = []
        for columns, lines in ((80, 24), (140, 40)):
            times = sorted(measure(rules, columns, lines, args.draws))
            cells += [f"{statistics.median(times):.1f}", f"{times[int(0.9 * len(times))]:.1f}"]
        print(f"| {rules} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
