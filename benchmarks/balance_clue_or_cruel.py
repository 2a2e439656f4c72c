"""Balance of Clue or Cruel: a Markdown table from ``cluedo simulate --json`` result files.

Run the simulator once per player count, then summarise::

    for n in 3 4 5 6; do
      nice .venv/bin/cluedo simulate --rules clue-or-cruel --players $n --games 500 \\
        --seed 1 --json /tmp/cruel_$n.json
    done
    .venv/bin/python benchmarks/balance_clue_or_cruel.py /tmp/cruel_[3-6].json

Reads the report the simulator builds from the rule set's hooks (win rate by
role, per-game numbers) and prints one row per file, for
``docs/rules/clue-or-cruel.md``. Exits with status 1 if any game did not end.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


def _side(summary: dict[str, Any], role: str) -> str:
    group = next(
        (g for g in summary["groups"] if g["grouping"] == "role" and g["label"] == role), None
    )
    if group is None:
        return "-"
    side = group["side"]
    low, high = side["ci95"]
    return f"{100 * side['rate']:.1f}% ({100 * low:.0f}-{100 * high:.0f})"


def row(data: dict[str, Any]) -> tuple[str, bool]:
    summary = data["summary"]
    stats = {s["name"]: s for s in summary["stats"]}

    def mean(name: str) -> float:
        return float(stats[name]["mean"]) if name in stats else 0.0

    calls = stats.get("bluff calls", {}).get("total", 0)
    right = stats.get("bluff calls right", {}).get("total", 0)
    right_share = f"{100 * right / calls:.0f}%" if calls else "-"
    ok = summary["errors"] == 0 and summary["unfinished"] == 0
    cells = [
        str(data["players"]),
        str(summary["games"]),
        str(summary["errors"] + summary["unfinished"]),
        _side(summary, "accomplice"),
        _side(summary, "guest"),
        f"{summary['mean_turns']:.0f} / {summary['median_turns']:g}",
        f"{mean('gems taken'):.1f}",
        f"{mean('successful bluffs'):.2f}",
        f"{mean('bluff calls'):.2f}",
        right_share,
        f"{summary['outcomes'].get('no-winner', 0)}",
    ]
    return "| " + " | ".join(cells) + " |", ok


def main(paths: list[str]) -> int:
    if not paths:
        print(__doc__)
        return 2
    print(
        "| players | games | not ended | accomplice wins (95% CI) | guests win (95% CI) "
        "| turns mean / median | gems taken | successful bluffs | bluff calls | calls right "
        "| no winner |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    all_ok = True
    for path in paths:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        if data.get("rules") != "clue-or-cruel" or data.get("version", 1) < 2:
            print(f"{path}: not a version-2 clue-or-cruel result file", file=sys.stderr)
            return 2
        text, ok = row(data)
        all_ok = all_ok and ok
        print(text)
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
