"""Restart time of the web server against the number of finished games in its database.

Finished games are loaded on demand, so a restart reads only the tables still being
played. This fills SQLite databases with N finished three-player classic games
(played out by bots and stored as the server stores them) and 20 games in play, then
times a server start (Store + Server.load) and, for comparison in the same run,
the old way of loading: every table read and replayed.

    .venv/bin/python benchmarks/bench_web_restart.py            # 0, 100, 300 finished
    .venv/bin/python benchmarks/bench_web_restart.py --quick    # 0 and 30

Wall time, median of 3 starts; a Markdown table for docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

from cluedo.agents import make_agent
from cluedo.agents.match import play_out
from cluedo.engine import new_game
from cluedo.web.app import Server
from cluedo.web.store import Store, TableRecord
from cluedo.web.tables import Table


def bot_seats(players: int) -> list[dict[str, object]]:
    return [{"kind": "bot", "bot": "sensible", "name": "sensible bot", "character": None}] * players


def fill(db: str, finished: int, playing: int = 20) -> None:
    store = Store(db)
    for n in range(finished + playing):
        seed = 1000 + n
        game = new_game("classic", players=3, seed=seed)
        if n < finished:
            play_out(game, {s: make_agent("sensible", s, seed + s) for s in range(3)})
        else:
            for _ in range(5):  # a few moves into a game still being played
                seat = game.to_act()[0]
                game.apply(game.legal_actions(seat)[0])
        record = TableRecord(
            code=f"T{n:05d}",
            rules="classic",
            players=3,
            seed=seed,
            options=dict(game.options),
            seats=bot_seats(3),
            settings={"bot_delay": 0},
            status="playing",
        )
        store.create(record)
        for i, action in enumerate(game.actions):
            store.add_action(record.code, i, action.to_json())
        if game.finished:
            record.status = "finished"
            store.update(record)
    store.close()


def start_now(db: str) -> tuple[float, int]:
    async def start() -> tuple[float, int]:
        started = time.perf_counter()
        store = Store(db)
        server = Server(store, {"bot_delay": 0})
        server.load()  # inside an event loop, as in the server: bots' tasks are made
        took = time.perf_counter() - started
        for task in asyncio.all_tasks() - {asyncio.current_task()}:
            task.cancel()
        store.close()
        return took, len(server.tables)

    return asyncio.run(start())


def start_the_old_way(db: str) -> tuple[float, int]:
    started = time.perf_counter()
    store = Store(db)
    tables = [Table(record, store) for record in store.load_all()]
    took = time.perf_counter() - started
    store.close()
    return took, len(tables)


def memory_of_finished(db: str) -> float:
    """KiB of Python memory per finished game held in memory (the old way's cost)."""
    store = Store(db)
    tracemalloc.start()
    tables = [Table(r, store) for r in store.load_all() if r.status == "finished"]
    size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    store.close()
    return size / 1024 / max(1, len(tables))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    counts = [0, 30] if args.quick else [0, 100, 300]
    print("| finished games | start now (s) | tables loaded | old way (s) | old/now |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for finished in counts:
            db = f"sqlite:///{Path(folder) / f'web{finished}.sqlite'}"
            fill(db, finished)
            now = statistics.median(start_now(db)[0] for _ in range(3))
            old = statistics.median(start_the_old_way(db)[0] for _ in range(3))
            loaded = start_now(db)[1]
            print(f"| {finished} | {now:.2f} | {loaded} | {old:.2f} | {old / now:.1f} |")
        print()
        print(f"Memory per finished game held the old way: {memory_of_finished(db):.0f} KiB")


if __name__ == "__main__":
    main()
