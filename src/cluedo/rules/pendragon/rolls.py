"""Pendragon's trait and skill rolls, and the game master's report.

The first time a knight enters a room (but the staircase chamber) they roll a
d20 against the trait or skill that room names: at or under the value succeeds
and checks the box on the character sheet; exactly the value is a critical; a
20 is a fumble (unless the value is 20 or more). For an opposed trait, a
failure means rolling the opposite trait too, as the rule text asks.

>>> roll_result(12, 12), roll_result(12, 3), roll_result(12, 15), roll_result(12, 20)
('critical', 'success', 'failure', 'fumble')
>>> roll_result(23, 20)
'critical'
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from cluedo.content.rewards import RewardSet
from cluedo.content.sheets import CharacterSheet, RoomRoll

D20 = 20


def roll_result(value: int, roll: int) -> str:
    """How a d20 ``roll`` against ``value`` went: critical, success, failure or fumble."""
    if value >= D20:
        return "critical" if roll == D20 else "success"
    if roll == value:
        return "critical"
    if roll < value:
        return "success"
    return "fumble" if roll == D20 else "failure"


def stat_name(stat: str) -> str:
    """A stat as a game master writes it: ``weapon:sword`` -> ``Sword``."""
    name = stat.split(":", 1)[-1]
    prefix = "Play " if stat.startswith("play:") else ""
    return prefix + name.replace("_", " ").title()


def room_roll(
    sheet: CharacterSheet, spec: RoomRoll, stat: str, rng: random.Random
) -> list[dict[str, Any]]:
    """Roll ``stat`` (the room's roll, or the player's pick for a choice roll) for a room.

    Returns one record per d20 rolled: the stat, its value, the roll, the result
    and whether the box is checked. A failed opposed trait is followed by its
    opposite.
    """
    records = []
    for current in (stat, spec.fallback):
        if current is None:
            break
        value = sheet.value(current)
        roll = rng.randint(1, D20)
        result = roll_result(value, roll)
        checked = result in ("success", "critical")
        records.append(
            {
                "room": spec.room,
                "stat": current,
                "value": value,
                "roll": roll,
                "result": result,
                "checked": checked,
            }
        )
        if checked:
            break
    return records


def gm_report(
    knights: Sequence[str],
    rolls: Sequence[Sequence[Mapping[str, Any]]],
    claimed: Mapping[str, tuple[int, str]],
    rewards: RewardSet,
    outcome: Mapping[str, Any],
) -> dict[str, Any]:
    """The game master's report as JSON data: per knight, every roll, every checked box,
    every reward claimed and the Glory it brought; and how the mystery ended."""
    out: list[dict[str, Any]] = []
    for seat, name in enumerate(knights):
        won = [(room, rid) for room, (who, rid) in claimed.items() if who == seat]
        out.append(
            {
                "seat": seat,
                "knight": name,
                "rolls": [dict(r) for r in rolls[seat]],
                "checks": [stat_name(r["stat"]) for r in rolls[seat] if r["checked"]],
                "rewards": [
                    {"room": room, "reward": rid, "name": rewards.card(rid).name}
                    for room, rid in won
                ],
                "glory": sum(rewards.card(rid).glory for _, rid in won)
                + (outcome.get("glory", 0) if seat in outcome.get("winners", []) else 0),
            }
        )
    return {"knights": out, "mystery": dict(outcome)}


def report_text(report: Mapping[str, Any], name: Any = str) -> str:
    """The report as plain text for the game master (``name`` turns a card id into words)."""
    lines = ["Game master's report"]
    mystery = report["mystery"]
    if mystery.get("folder"):
        folder = ", ".join(name(c) for c in mystery["folder"])
        lines.append(f"Crime Folder: {folder}. Solved by: {mystery.get('solved_by') or 'nobody'}.")
    for knight in report["knights"]:
        lines.append("")
        lines.append(f"{knight['knight']} (seat {knight['seat'] + 1}) - Glory {knight['glory']}")
        for r in knight["rolls"]:
            mark = "[x]" if r["checked"] else "[ ]"
            lines.append(
                f"  {mark} {stat_name(r['stat'])} {r['value']}: rolled {r['roll']}, "
                f"{r['result']} ({name(r['room'])})"
            )
        if not knight["rolls"]:
            lines.append("  no rolls")
        for reward in knight["rewards"]:
            lines.append(f"  reward: {reward['name']} ({name(reward['room'])})")
        checks = ", ".join(knight["checks"]) or "none"
        lines.append(f"  boxes to check: {checks}")
    return "\n".join(lines)
