"""Balance of Killer Kloo Doo, read from the simulator's results: how games end, how
long they last, win rates by seat, by Part 1 place and by who accused, and what
happens in a game (attacks, deaths, objectives, escapes, digs, grabs).

The simulator records each game's ``seat_labels`` and ``game_stats`` (the rule
set's hooks), so this plays nothing itself::

    for n in 2 3 4 5 6; do
      nice cluedo simulate --rules killer-kloo-doo --players $n --games 300 --seed 1 \\
        --options '{"parts": "both"}' --json results/both-$n.json
    done
    .venv/bin/python benchmarks/balance_killer_kloo_doo.py results/both-*.json

Output: Markdown for ``docs/rules/killer-kloo-doo.md``.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

SHOWN = (
    "attacks",
    "deaths",
    "objectives done",
    "escapes",
    "digs",
    "grab_contests",
    "suggestions",
    "part 1 best score",
)


def rates(records: list[dict[str, Any]], grouping: str) -> str:
    """Win rate of each label of one seat grouping."""
    games: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for record in records:
        for seat, label in enumerate(record.get("labels", {}).get(grouping, [])):
            games[label] += 1
            wins[label] += seat in record["winners"]
    return ", ".join(f"{k} {wins[k] / games[k]:.0%}" for k in sorted(games)) or "-"


def row(path: Path) -> str:
    data = json.loads(path.read_text(encoding="utf-8"))
    records = [r for r in data["records"] if r["outcome"] != "error"]
    n = len(records)
    players = data["players"]
    endings = Counter(r["outcome"] for r in records)
    turns = [r["turns"] for r in records]
    seat_wins = [sum(s in r["winners"] for r in records) for s in range(players)]
    stats: dict[str, float] = defaultdict(float)
    for r in records:
        for key, value in r.get("stats", {}).items():
            stats[key] += value
    end = ", ".join(f"{k} {v / n:.0%}" for k, v in endings.most_common())
    seats = " / ".join(f"{w / n:.0%}" for w in seat_wins)
    per = ", ".join(f"{k} {stats[k] / n:.1f}" for k in SHOWN if k in stats)
    errors = len(data["records"]) - n
    return (
        f"| {players} | {n}{f' ({errors} errors)' if errors else ''} | {end} "
        f"| {statistics.mean(turns):.0f} / {statistics.median(turns):.0f} | {seats} "
        f"| {rates(records, 'part 1 place')} | {rates(records, 'accused')} | {per} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", nargs="+", type=Path, help="files from cluedo simulate --json")
    args = parser.parse_args()
    by_parts: dict[str, list[Path]] = defaultdict(list)
    for path in args.results:
        options = json.loads(path.read_text(encoding="utf-8")).get("options") or {}
        by_parts[str(options.get("parts", "both"))].append(path)
    for parts, paths in by_parts.items():
        print(f"\nparts = {parts}\n")
        print(
            "| players | games | endings | turns (mean / median) | win rate by seat "
            "| by Part 1 place | by accusation | per game |"
        )
        print("|---|---|---|---|---|---|---|---|")
        for path in sorted(paths, key=lambda p: json.loads(p.read_text())["players"]):
            print(row(path))


if __name__ == "__main__":
    main()
