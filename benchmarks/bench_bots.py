"""Bots against an earlier checkout of the code, in one run (issue 18).

Usage::

    git worktree add /tmp/base18h <commit before the change>
    nice .venv/bin/python benchmarks/bench_bots.py --compare /tmp/base18h/src
    nice .venv/bin/python benchmarks/bench_bots.py --compare /tmp/base18h/src \
        --games 100 --positions 6

Two worker processes, one running this checkout and one the code under the given
``src`` folder, take turns (which goes first alternates), so both see the same
load on a shared machine. Figures are each worker's CPU time.

- **Six-player classic games between sensible bots** (the seeds of
  ``bench_classic.py``): CPU time per game, split into the bots' ``choose`` and
  the engine (``to_act``, ``view``, ``legal_actions``, ``apply``), and whether both
  checkouts played exactly the same actions.
- **The detective's decisions**: positions recorded once (six-player games, a
  detective in seat 0 against sensible bots), then replayed by a fresh detective
  in each worker: CPU time per decision and per question asked, and whether
  both chose the same action at every position.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import pickle
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = 6
clock = time.process_time


def _seeds() -> tuple[Any, Any]:
    try:
        from cluedo.simulation.core import bot_seed, game_seed
    except ImportError:  # a checkout from before the simulator moved
        from cluedo.frontends.simulation_core import (  # type: ignore[import-not-found,no-redef]
            bot_seed,
            game_seed,
        )
    return bot_seed, game_seed


def play_game(index: int) -> dict[str, Any]:
    """One six-player game of sensible bots: CPU seconds (all, bots), actions, digest."""
    from cluedo.agents import make_agent
    from cluedo.engine import new_game

    bot_seed, game_seed = _seeds()
    seed = game_seed(0, index)
    started = clock()
    game = new_game("classic", PLAYERS, seed)
    agents = {s: make_agent("sensible", s, bot_seed(seed, s)) for s in range(PLAYERS)}
    bots = 0.0
    while not game.finished and len(game.actions) < 5000:
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
    digest = hashlib.sha256(repr([a.to_json() for a in game.actions]).encode()).hexdigest()
    return {"cpu": total, "bots": bots, "actions": len(game.actions), "digest": digest[:16]}


def record_positions(path: str, games: int) -> dict[str, Any]:
    """The detective's positions in ``games`` seeded games, pickled to ``path``."""
    from cluedo.agents import make_agent
    from cluedo.engine import new_game

    bot_seed, game_seed = _seeds()
    recorded = []
    for i in range(games):
        seed = game_seed(5, i)
        game = new_game("classic", PLAYERS, seed)
        agents = {
            s: make_agent("detective" if s == 0 else "sensible", s, bot_seed(seed, s))
            for s in range(PLAYERS)
        }
        calls = []
        while not game.finished and len(game.actions) < 5000:
            seat = game.to_act()[0]
            agent = agents[seat]
            view = game.view(seat, log_since=agent.log_cursor)
            agent.log_cursor = view["log_end"]
            legal = game.legal_actions(seat)
            if seat == 0:
                calls.append((view, legal))
            game.apply(agent.choose(view, legal))
        recorded.append((seed, calls))
    with open(path, "wb") as out:
        pickle.dump(recorded, out)
    return {"games": games, "positions": sum(len(c) for _, c in recorded)}


def replay_detective(path: str, index: int) -> dict[str, Any]:
    """A fresh detective decides at every recorded position of game ``index``."""
    from cluedo.agents import make_agent

    bot_seed, _ = _seeds()
    with open(path, "rb") as data:
        seed, calls = pickle.load(data)[index]
    bot = make_agent("detective", 0, bot_seed(seed, 0))
    times, asking, choices = [], [], []
    for view, legal in calls:
        t0 = clock()
        action = bot.choose(view, legal)
        times.append(clock() - t0)
        asking.append(action.kind == "suggest")
        choices.append(action.to_json())
    digest = hashlib.sha256(repr(choices).encode()).hexdigest()[:16]
    return {"times": times, "asking": asking, "digest": digest}


def worker_main() -> None:
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        cmd = json.loads(line)
        if cmd["cmd"] == "game":
            out = play_game(cmd["i"])
        elif cmd["cmd"] == "record":
            out = record_positions(cmd["path"], cmd["games"])
        else:
            out = replay_detective(cmd["path"], cmd["i"])
        print(json.dumps(out), flush=True)


class Child:
    """A worker process running this script with the code under ``src``."""

    def __init__(self, name: str, src: Path) -> None:
        self.name = name
        env = dict(os.environ, PYTHONPATH=str(src))
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--worker"],
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


def _ms(values: list[float]) -> str:
    return f"{1000 * statistics.median(values):.2f}" if values else "-"


def compare(args: argparse.Namespace) -> None:
    children = [Child("after", ROOT / "src"), Child("before", Path(args.compare))]
    games: dict[str, list[dict[str, Any]]] = {c.name: [] for c in children}
    decisions: dict[str, list[dict[str, Any]]] = {c.name: [] for c in children}
    try:
        for i in range(args.games):
            for child in children[i % 2 :] + children[: i % 2]:
                games[child.name].append(child.ask({"cmd": "game", "i": i}))
        if args.positions:
            with tempfile.TemporaryDirectory() as tmp:
                path = str(Path(tmp) / "positions.pkl")
                children[0].ask({"cmd": "record", "path": path, "games": args.positions})
                for i in range(args.positions):
                    for child in children[i % 2 :] + children[: i % 2]:
                        out = child.ask({"cmd": "detective", "path": path, "i": i})
                        decisions[child.name].append(out)
    finally:
        for child in children:
            child.close()

    after, before = games["after"], games["before"]
    same = sum(a["digest"] == b["digest"] for a, b in zip(after, before, strict=True))
    print(f"Six-player classic games, sensible bots: {len(after)} games, CPU ms per game\n")
    print("| measure | after | before | before / after |")
    print("|---|---:|---:|---:|")
    rows = {
        "game, median": ([g["cpu"] for g in after], [g["cpu"] for g in before]),
        "bots' choose, median per game": ([g["bots"] for g in after], [g["bots"] for g in before]),
        "engine, median per game": (
            [g["cpu"] - g["bots"] for g in after],
            [g["cpu"] - g["bots"] for g in before],
        ),
    }
    for name, (a, b) in rows.items():
        ratio = statistics.median(b) / statistics.median(a)
        print(f"| {name} | {_ms(a)} | {_ms(b)} | {ratio:.2f} |")
    mean_a = statistics.fmean(g["cpu"] for g in after)
    mean_b = statistics.fmean(g["cpu"] for g in before)
    print(f"| game, mean | {1000 * mean_a:.2f} | {1000 * mean_b:.2f} | {mean_b / mean_a:.2f} |")
    actions = statistics.fmean(g["actions"] for g in after)
    print(f"\nSame actions in both: {same} of {len(after)} games; {actions:.0f} actions a game.")
    if args.positions:
        print(f"\nThe detective's decisions at the positions of {args.positions} games, CPU ms\n")
        print("| measure | after | before | before / after |")
        print("|---|---:|---:|---:|")
        flat = {
            name: (
                [t for d in runs for t in d["times"]],
                [t for d in runs for t, q in zip(d["times"], d["asking"], strict=True) if q],
            )
            for name, runs in decisions.items()
        }
        for label, k in (("decision", 0), ("decision that asks a question", 1)):
            a, b = flat["after"][k], flat["before"][k]
            if not a:
                continue
            mean_a, mean_b = statistics.fmean(a), statistics.fmean(b)
            print(
                f"| {label}, mean ({len(a)}) | {1000 * mean_a:.2f} | "
                f"{1000 * mean_b:.2f} | {mean_b / mean_a:.1f} |"
            )
            print(
                f"| {label}, median | {_ms(a)} | {_ms(b)} | "
                f"{statistics.median(b) / statistics.median(a):.1f} |"
            )
        same_d = sum(
            a["digest"] == b["digest"]
            for a, b in zip(decisions["after"], decisions["before"], strict=True)
        )
        print(f"\nSame choice at every position: {same_d} of {args.positions} games.")
    load = os.getloadavg()
    print(f"\n{os.cpu_count()} cores, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--compare", metavar="SRC", help="the code to compare with (a src folder)")
    parser.add_argument("--games", type=int, default=60, help="six-player sensible games")
    parser.add_argument("--positions", type=int, default=4, help="detective games to replay")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker_main()
    elif args.compare:
        compare(args)
    else:
        parser.error("--compare SRC is needed (the code to measure against)")


if __name__ == "__main__":
    main()
