"""Whole games of every rule set with its default bots, and the engine's part of them.

Usage::

    nice .venv/bin/python benchmarks/bench_games.py                      # this checkout
    git worktree add /tmp/base HEAD                                      # the code before
    nice .venv/bin/python benchmarks/bench_games.py --compare /tmp/base/src
    nice .venv/bin/python benchmarks/bench_games.py --compare /tmp/a/src /tmp/b/src \
        --games 20 --only classic:6

Two tables, each with one worker process per checkout (this one first, then each
``--compare`` folder), the workers taking turns game by game (who goes first
rotates), so every checkout sees the same load on a shared machine. Figures are
each worker's CPU time (``time.process_time``).

- **Games with the default bots** (the simulator's seeds, base 0): CPU ms per
  game, split into the bots' ``choose`` and the engine (``to_act``, ``view`` with
  the seat's log cursor, ``legal_actions``, ``apply``), as the simulator drives
  them. A checkout's bots may play other moves than this one's: the last
  column counts the games whose actions are the same as this checkout's.
- **The engine alone** on the same actions: the games above, as this checkout's
  bots played them, replayed from their saves with the calls a bot loop makes
  (a checkout that cannot load a save of this version is left out).

Each worker sets up Python's garbage collector as that checkout's simulator does for
its workers (``cluedo.engine.collector.settle``; a checkout without it keeps Python's
defaults, as its simulator did); ``--python-gc`` keeps Python's defaults in every
worker, to see the code's own part of a change.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
clock = time.process_time
TABLES = (
    ("classic", 6, None),
    ("clue-or-cruel", 6, None),
    ("clussassin", 6, None),
    ("killer-kloo-doo", 6, None),
    ("pendragon", 6, None),
)
"""Rule set, players and options of each row (each rule set at six players)."""


def _simulation() -> Any:
    try:
        from cluedo.simulation import core
    except ImportError:  # a checkout from before the simulator moved
        from cluedo.frontends import simulation_core as core  # type: ignore[import-not-found,no-redef]
    return core


def play_game(rules: str, players: int, options: Any, index: int) -> dict[str, Any]:
    """One seeded game of the default bots: CPU seconds (all, bots), actions, digest, save."""
    from cluedo.agents import make_agent
    from cluedo.engine import new_game

    core = _simulation()
    seed = core.game_seed(0, index)
    bot = core.default_bot(rules)
    started = clock()
    game = new_game(rules, players, seed, options)
    agents = {s: make_agent(bot, s, core.bot_seed(seed, s), rules=rules) for s in range(players)}
    bots = 0.0
    while not game.finished and len(game.actions) < 20_000:
        seat = game.to_act()[0]
        agent = agents[seat]
        view = game.view(seat, log_since=agent.log_cursor)
        agent.log_cursor = view["log_end"]
        legal = game.legal_actions(seat)
        t0 = clock()
        action = agent.choose(view, legal)
        bots += clock() - t0
        game.apply(action)
    total = clock() - started
    moves = [a.to_json() for a in game.actions]
    digest = hashlib.sha256(repr(moves).encode()).hexdigest()[:16]
    return {
        "cpu": total,
        "bots": bots,
        "actions": len(moves),
        "finished": game.finished,
        "digest": digest,
        "save": game.save(),
    }


def replay_engine(save: dict[str, Any]) -> dict[str, Any]:
    """The engine's calls of a bot loop on a saved game's actions: CPU seconds."""
    from cluedo.engine import Action, Game

    actions = [Action.from_json(a) for a in save["actions"]]
    started = clock()
    setup = (save["rules"], save["players"], save["seed"], save["options"])
    try:
        game = Game(*setup, outcomes=save["chance"])
    except TypeError:  # a checkout from before chance outcomes: it draws them from the seed
        game = Game(*setup)
    cursors = [0] * game.players
    for action in actions:
        seat = game.to_act()[0]
        view = game.view(seat, log_since=cursors[seat])
        cursors[seat] = view["log_end"]
        game.legal_actions(seat)
        game.apply(action)
    return {"cpu": clock() - started}


def worker_main(python_gc: bool) -> None:
    if not python_gc:
        try:
            from cluedo.engine.collector import settle
        except ImportError:  # a checkout from before: its simulator kept Python's defaults
            pass
        else:
            settle()
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        cmd = json.loads(line)
        if cmd["cmd"] == "game":
            out = play_game(cmd["rules"], cmd["players"], cmd["options"], cmd["i"])
            if not cmd.get("keep_save"):
                del out["save"]
        else:
            out = replay_engine(cmd["save"])
        print(json.dumps(out), flush=True)


class Child:
    """A worker process running this script with the code under ``src``."""

    def __init__(self, name: str, src: Path, python_gc: bool) -> None:
        self.name = name
        env = dict(os.environ, PYTHONPATH=str(src))
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--worker", *(["--python-gc"] if python_gc else [])],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        self._read()

    def _read(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"worker {self.name} ended")
        out: dict[str, Any] = json.loads(line)
        return out

    def ask(self, cmd: dict[str, Any]) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(cmd) + "\n")
        self.proc.stdin.flush()
        return self._read()

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def _ms(values: list[float]) -> float:
    return 1000 * statistics.median(values)


def _tables(only: list[str] | None) -> list[tuple[str, int, Any]]:
    if not only:
        return list(TABLES)
    out = []
    for spec in only:
        rules, _, count = spec.partition(":")
        options = next((o for r, _, o in TABLES if r == rules), None)
        out.append((rules, int(count or 6), options))
    return out


def run(args: argparse.Namespace) -> None:
    children = [Child("this checkout", ROOT / "src", args.python_gc)]
    children += [Child(str(src), Path(src), args.python_gc) for src in args.compare]
    names = [c.name for c in children]
    games: dict[tuple[str, int], dict[str, list[dict[str, Any]]]] = {}
    engine: dict[tuple[str, int], dict[str, list[dict[str, Any]]]] = {}
    load_before = os.getloadavg()
    started = time.monotonic()
    try:
        for rules, players, options in _tables(args.only):
            key = (rules, players)
            games[key] = {n: [] for n in names}
            engine[key] = {n: [] for n in names}
            for child in children:  # a game first, untimed: imports, compiled code, caches
                warm = {"cmd": "game", "rules": rules, "players": players, "options": options}
                child.ask({**warm, "i": 10_000})
            for i in range(args.games):
                turn = i % len(children)
                for child in children[turn:] + children[:turn]:
                    cmd = {
                        "cmd": "game",
                        "rules": rules,
                        "players": players,
                        "options": options,
                        "i": i,
                        "keep_save": child is children[0],
                    }
                    games[key][child.name].append(child.ask(cmd))
                save = games[key][names[0]][-1].pop("save")
                for child in children[turn:] + children[:turn]:
                    engine[key][child.name].append(child.ask({"cmd": "replay", "save": save}))
    finally:
        for child in children:
            child.close()
    load_after = os.getloadavg()
    report(names, games, engine)
    print(
        "\nPython's default garbage collector in every worker."
        if args.python_gc
        else "\nThe garbage collector set up as each checkout's simulator does."
    )
    print(
        f"{os.cpu_count()} cores; load average {load_before[0]:.2f} at the start, "
        f"{load_after[0]:.2f} at the end; {time.monotonic() - started:.0f} s wall clock."
    )


def report(
    names: list[str],
    games: dict[tuple[str, int], dict[str, list[dict[str, Any]]]],
    engine: dict[tuple[str, int], dict[str, list[dict[str, Any]]]],
) -> None:
    labels = ["this"] + [f"#{k}" for k in range(1, len(names))]
    for k, name in enumerate(names[1:], 1):
        print(f"#{k}: {name}")
    print("\nGames with the default bots, CPU ms per game (median; the mean in brackets)\n")
    head = "| rule set | players | actions | checkout | game | bots | engine | same actions |"
    print(head)
    print("|---|---:|---:|---|---:|---:|---:|---:|")
    for (rules, players), runs in games.items():
        mine = runs[names[0]]
        for label, name in zip(labels, names, strict=True):
            rows = runs[name]
            cpu = [g["cpu"] for g in rows]
            same = sum(a["digest"] == b["digest"] for a, b in zip(rows, mine, strict=True))
            actions = statistics.fmean(g["actions"] for g in rows)
            print(
                f"| {rules} | {players} | {actions:.0f} | {label} | {_ms(cpu):.1f} "
                f"({1000 * statistics.fmean(cpu):.1f}) | {_ms([g['bots'] for g in rows]):.1f} | "
                f"{_ms([g['cpu'] - g['bots'] for g in rows]):.1f} | {same} of {len(rows)} |"
            )
    if len(names) > 1:
        print("\nRatios, other checkout / this one (median game; mean game; median engine)\n")
        print("| rule set | players | checkout | game | game, mean | engine |")
        print("|---|---:|---|---:|---:|---:|")
        for (rules, players), runs in games.items():
            mine = runs[names[0]]
            for label, name in zip(labels[1:], names[1:], strict=True):
                rows = runs[name]

                def ratio(pick: Any, average: Any, rows: Any = rows, mine: Any = mine) -> float:
                    value: float = average([pick(g) for g in rows]) / average(
                        [pick(g) for g in mine]
                    )
                    return value

                print(
                    f"| {rules} | {players} | {label} | "
                    f"{ratio(lambda g: g['cpu'], statistics.median):.2f} | "
                    f"{ratio(lambda g: g['cpu'], statistics.fmean):.2f} | "
                    f"{ratio(lambda g: g['cpu'] - g['bots'], statistics.median):.2f} |"
                )
    print("\nThe engine alone on this checkout's games (replayed from their saves), CPU ms\n")
    print("| rule set | players | checkout | median | mean | other / this (median) |")
    print("|---|---:|---|---:|---:|---:|")
    for (rules, players), runs in engine.items():
        base = [r["cpu"] for r in runs[names[0]]]
        for label, name in zip(labels, names, strict=True):
            rows = runs[name]
            if any("error" in r for r in rows):
                error = next(r["error"] for r in rows if "error" in r)
                print(f"| {rules} | {players} | {label} | - | - | ({error[:60]}) |")
                continue
            cpu = [r["cpu"] for r in rows]
            ratio = statistics.median(cpu) / statistics.median(base)
            print(
                f"| {rules} | {players} | {label} | {_ms(cpu):.2f} | "
                f"{1000 * statistics.fmean(cpu):.2f} | {ratio:.2f} |"
            )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--compare", nargs="*", default=[], metavar="SRC", help="other checkouts' src folders"
    )
    parser.add_argument("--games", type=int, default=10, help="games per rule set (default 10)")
    parser.add_argument(
        "--only", nargs="*", metavar="RULES[:PLAYERS]", help="only these rule sets (six players)"
    )
    parser.add_argument(
        "--python-gc",
        action="store_true",
        help="keep Python's default garbage collector in every worker",
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker_main(args.python_gc)
    else:
        run(args)


if __name__ == "__main__":
    main()
