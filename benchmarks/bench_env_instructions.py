"""The learning environment against the engine step it wraps, in instructions counted.

``bench_env.py`` times the environment in CPU time, which a shared two-core machine
moves by a fifth or more from run to run (the same engine step has measured 54 and
80 µs). This script runs the same timed stretches under Valgrind's callgrind and
counts the instructions each executes: the same code on the same games gives the
same count on any run, so a change of a percent shows. What instructions do not
see - memory traffic, branch mispredictions - is left to ``bench_env.py``: report
both.

Each configuration runs in a process of its own under callgrind, which dumps its
counts at every reading of ``bench_env``'s clock (the clock is replaced by a call of
``os.getppid``, callgrind's ``--dump-before`` mark). The three runs of
``bench_env`` (engine, engine and the seat's view, environment) are run twice and
the second round is counted, so caches filled on first use are counted warm.

Run from the repository root (Valgrind must be installed: ``apt-get install
valgrind``)::

    nice .venv/bin/python benchmarks/bench_env_instructions.py             # 1 game, 400 actions
    nice .venv/bin/python benchmarks/bench_env_instructions.py --only classic:6 \\
        --games 6 --limit 2000                                            # bench_env's window
    nice .venv/bin/python benchmarks/bench_env_instructions.py --src /tmp/base/src

``--src`` counts another checkout's code (a git worktree's ``src``) with this
checkout's benchmark. About a minute per configuration for 400 actions, a quarter
of an hour for classic's six games of 2,000 actions; ``--jobs 2`` runs two at once.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
ROUNDS = 2
"""Rounds of the three timed runs; the last is counted."""
RUNS = ("engine", "view", "env")


def child(rules: str, players: int, games: int, limit: int) -> None:
    """Under callgrind: bench_env's warm-ups, then its timed runs with a marked clock."""
    sys.path.insert(0, str(HERE))
    import bench_env

    seeds = range(1, games + 1)
    bench_env.engine_games(rules, players, range(0, 1), 50)
    bench_env.env_games(rules, players, range(0, 1), 50)
    # From here each reading of the clock is a callgrind dump: a timed run lies
    # between its two readings.
    bench_env.clock = lambda: os.getppid() * 0.0
    for _ in range(ROUNDS):
        bench_env.engine_games(rules, players, seeds, limit)
        bench_env.engine_games(rules, players, seeds, limit, with_view=True)
        bench_env.env_games(rules, players, seeds, limit)


def count(src: Path, rules: str, players: int, games: int, limit: int) -> dict[str, int]:
    """Instructions of the last round's three runs of one configuration."""
    folder = Path(tempfile.mkdtemp(prefix="cluedo-callgrind-"))
    try:
        env = dict(os.environ, PYTHONPATH=str(src), PYTHONHASHSEED="0")
        command = [
            "valgrind",
            "--tool=callgrind",
            "--dump-before=os_getppid",
            f"--callgrind-out-file={folder / 'cg.out'}",
            sys.executable,
            str(Path(__file__).resolve()),
            "--child",
            rules,
            str(players),
            str(games),
            str(limit),
        ]
        done = subprocess.run(command, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"{rules} under callgrind failed:\n{done.stderr[-2000:]}")
        dumps: dict[int, int] = {}
        for path in folder.glob("cg.out.*"):
            number = re.search(r"\.(\d+)$", path.name)
            if number is None:
                continue
            for line in path.read_text().splitlines():
                if line.startswith(("summary:", "totals:")):
                    dumps[int(number.group(1))] = int(line.split()[1])
                    break
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    # Dump k holds what ran between the clock's readings k-1 and k; timed run j lies
    # between readings 2j+1 and 2j+2.
    first = (ROUNDS - 1) * len(RUNS)
    found = {name: dumps.get(2 * (first + i) + 2) for i, name in enumerate(RUNS)}
    missing = [name for name, n in found.items() if n is None]
    if missing:
        raise SystemExit(f"{rules}: callgrind wrote no counts for {', '.join(missing)}")
    return {name: n for name, n in found.items() if n is not None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--child", nargs=4, metavar=("RULES", "PLAYERS", "GAMES", "LIMIT"))
    parser.add_argument("--src", type=Path, default=ROOT / "src", help="the code to count")
    parser.add_argument(
        "--only", nargs="+", metavar="RULES:PLAYERS", help="configurations (default: bench_env's)"
    )
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--limit", type=int, default=400, help="actions per game at most")
    parser.add_argument("--jobs", type=int, default=1, help="configurations counted at once")
    args = parser.parse_args()
    if args.child:
        rules, players, games, limit = args.child
        child(rules, int(players), int(games), int(limit))
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed: apt-get install valgrind")
    if not (args.src / "cluedo").is_dir():
        raise SystemExit(f"--src {args.src}: no cluedo package there (give a checkout's src)")
    if args.only:
        configs = []
        for item in args.only:
            rules, _, players = item.partition(":")
            if not players.isdigit():
                raise SystemExit(f"--only {item!r}: write RULES:PLAYERS, for example classic:6")
            configs.append((rules, int(players)))
    else:
        sys.path.insert(0, str(HERE))
        import bench_env

        configs = list(bench_env.CONFIGS)
    with ThreadPoolExecutor(max(args.jobs, 1)) as pool:
        counts = list(
            pool.map(lambda c: count(args.src, c[0], c[1], args.games, args.limit), configs)
        )
    print(
        f"{args.src}: {args.games} game(s) of at most {args.limit} actions per configuration, "
        "instructions of the second round (millions)"
    )
    print()
    print("| rule set | players | engine | + seat view | env | env/engine | encoding/engine |")
    print("|---|---|---|---|---|---|---|")
    for (rules, players), c in zip(configs, counts, strict=True):
        engine, view, env = c["engine"], c["view"], c["env"]
        own = max(env - view, 0)  # the encoding: the environment less the engine and view
        print(
            f"| {rules} | {players} | {engine / 1e6:.1f} M | {(view - engine) / 1e6:.1f} M "
            f"| {env / 1e6:.1f} M | {env / engine:.2f} | {own / engine:.2f} |"
        )


if __name__ == "__main__":
    main()
