"""Load benchmark for ``cluedo serve``: many tables, every seat a websocket, on loopback.

Starts the server in its own process (SQLite in a temporary folder, no bot
pause), opens ``--tables`` tables of ``--seats`` person seats each, joins every
seat and holds one websocket per seat. Every seat is played from here by a
simple random policy (accusing after a few turns, so games end), taking
``--think`` seconds on average to choose, as people do. For every
action it measures the time from sending it to the update reaching *every*
seat at that table, and reports connections held, actions per second, and the
median and 99th percentile of that latency.

    python benchmarks/bench_web.py --tables 125 --seats 4 --seconds 30 --think 1

With ``--people N`` only the first N seats of a busy table are people (the rest
are the server's bots, thinking in its bot threads), and ``--bot-tables M`` adds M
tables of bots only beside them (pausing ``--bot-delay`` seconds a move, as the
page does). It also reports the p95 latency and the server's memory per table.

    python benchmarks/bench_web.py --tables 500 --seats 3 --people 1 --think 3 \
        --bot-tables 100 --seconds 60

Traffic goes only to 127.0.0.1, the run is bounded in time, and it stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        data: dict[str, Any] = json.loads(response.read())
        return data


def rss_mib(pid: int) -> float:
    """Resident memory of a process (Linux), in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux), to tell server cost from client cost."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


class BenchTable:
    """One table: its seats' sockets, the latest frame of each, the action in flight."""

    def __init__(self, code: str, seats: int, rng: random.Random, stats: dict[str, Any]):
        self.code = code
        self.seats = seats
        self.rng = rng
        self.stats = stats
        self.latest: dict[int, dict[str, Any]] = {}
        self.sockets: dict[int, Any] = {}
        self.pending: tuple[float, int, set[int]] | None = None
        self.acted: dict[int, int] = {s: 0 for s in range(seats)}
        self.done = asyncio.Event()
        self.thinking = False

    def on_frame(self, seat: int, frame: dict[str, Any]) -> None:
        if frame.get("type") == "error":
            self.stats["errors"] += 1
            return
        if frame.get("type") != "update" or frame["view"] is None:
            return
        self.latest[seat] = frame
        if self.pending is not None:
            sent, after, reached = self.pending
            if frame["view"]["log_end"] > after:
                reached.add(seat)
                if len(reached) == self.seats:
                    self.stats["latencies"].append(time.perf_counter() - sent)
                    self.pending = None
        if self.pending is None and len(self.latest) == self.seats and not self.thinking:
            # A person takes a moment to decide: the next action comes after the think time.
            self.thinking = True
            delay = self.rng.uniform(0.5, 1.5) * self.stats["think"]
            asyncio.get_running_loop().call_later(delay, self.next_action)

    def next_action(self) -> None:
        self.thinking = False
        if self.stats["stop"]:
            self.done.set()
            return
        for seat, frame in self.latest.items():
            if frame["view"]["finished"]:
                self.stats["games"] += 1
                self.done.set()
                return
            if frame["legal"]:
                legal = frame["legal"]
                accuse = self.acted[seat] > 40
                pool = [a for a in legal if (a["kind"] == "accuse") == accuse] or legal
                action = pool[self.rng.randrange(len(pool))]
                self.acted[seat] += 1
                self.pending = (time.perf_counter(), frame["view"]["log_end"], set())
                self.stats["actions"] += 1
                asyncio.get_running_loop().create_task(
                    self.sockets[seat].send(json.dumps({"type": "act", "action": action}))
                )
                return


async def reader(table: BenchTable, seat: int, ws: Any) -> None:
    try:
        async for message in ws:
            table.on_frame(seat, json.loads(message))
    except websockets.ConnectionClosed:
        pass


async def run(args: argparse.Namespace) -> dict[str, Any]:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    folder = Path(tempfile.mkdtemp(prefix="cluedo-bench-web-"))
    server = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from cluedo.cli import main; main()",
            "serve",
            "--port",
            str(port),
            "--database",
            f"sqlite:///{folder / 'bench.sqlite'}",
            "--bot-delay",
            "0",
            # Every table and socket comes from this one address: lift the per-address limits.
            "--table-burst",
            str(args.tables + args.bot_tables + 10),
            "--sockets-per-address",
            str(args.tables * args.seats + 10),
        ],
        # (the table burst above also covers the bot-only tables)
        stdout=subprocess.DEVNULL,
    )
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(base + "/api/rules", timeout=1).close()
                break
            except OSError:
                await asyncio.sleep(0.1)
        stats: dict[str, Any] = {
            "latencies": [],
            "actions": 0,
            "games": 0,
            "errors": 0,
            "stop": False,
            "think": args.think,
        }
        rng = random.Random(args.seed)
        tables: list[BenchTable] = []
        tasks = []
        people = args.people or args.seats
        memory_before = rss_mib(server.pid)
        for _ in range(args.bot_tables):
            post(
                base + "/api/tables",
                {
                    "rules": args.rules,
                    "players": args.seats,
                    "seats": [{"kind": "bot"}] * args.seats,
                    "settings": {"bot_delay": args.bot_delay},
                },
            )
        for _ in range(args.tables):
            made = post(
                base + "/api/tables",
                {
                    "rules": args.rules,
                    "players": args.seats,
                    "seats": [{"kind": "person"}] * people
                    + [{"kind": "bot"}] * (args.seats - people),
                    "settings": {"bot_delay": 0},
                },
            )
            table = BenchTable(made["code"], people, random.Random(rng.random()), stats)
            for seat in range(people):
                joined = post(f"{base}/api/tables/{made['code']}/join", {"name": f"p{seat}"})
                ws = await websockets.connect(
                    f"ws://127.0.0.1:{port}/ws/{made['code']}?token={joined['token']}",
                    max_size=2**22,
                    compression=None,
                )
                table.sockets[joined["seat"]] = ws
            tables.append(table)
        connections = sum(len(t.sockets) for t in tables)
        memory_per_table = (rss_mib(server.pid) - memory_before) / max(
            1, args.tables + args.bot_tables
        )
        server_cpu0, client_cpu0 = cpu_seconds(server.pid), time.process_time()
        start = time.perf_counter()
        for table in tables:
            for seat, ws in table.sockets.items():
                tasks.append(asyncio.create_task(reader(table, seat, ws)))
        await asyncio.sleep(args.seconds)
        stats["stop"] = True
        elapsed = time.perf_counter() - start
        server_cpu = cpu_seconds(server.pid) - server_cpu0
        client_cpu = time.process_time() - client_cpu0
        for table in tables:
            for ws in table.sockets.values():
                await ws.close()
        for task in tasks:
            task.cancel()
        lat = sorted(stats["latencies"])
        return {
            "tables": args.tables,
            "think_s": args.think,
            "connections": connections,
            "seconds": round(elapsed, 1),
            "actions": stats["actions"],
            "actions_per_second": round(len(lat) / elapsed, 1),
            "bot_tables": args.bot_tables,
            "people_per_table": people,
            "median_ms": round(statistics.median(lat) * 1000, 1) if lat else None,
            "p95_ms": round(lat[int(len(lat) * 0.95)] * 1000, 1) if lat else None,
            "p99_ms": round(lat[int(len(lat) * 0.99)] * 1000, 1) if lat else None,
            "server_cpu_ms_per_action": round(server_cpu / max(len(lat), 1) * 1000, 2),
            "client_cpu_ms_per_action": round(client_cpu / max(len(lat), 1) * 1000, 2),
            "games_finished": stats["games"],
            "errors": stats["errors"],
            "server_memory_mib": round(rss_mib(server.pid), 1),
            "memory_per_live_table_kib": round(memory_per_table * 1024, 1),
        }
    finally:
        server.kill()
        server.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=125)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument(
        "--think", type=float, default=1.0, help="mean seconds a seat takes to choose an action"
    )
    parser.add_argument("--people", type=int, default=0, help="person seats per busy table")
    parser.add_argument("--bot-tables", type=int, default=0, help="bot-only tables beside them")
    parser.add_argument("--bot-delay", type=float, default=1.0, help="pause of bot-only tables")
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--seed", type=int, default=1, help="seeds the players' choices")
    args = parser.parse_args()
    print(json.dumps(asyncio.run(run(args)), indent=1))


if __name__ == "__main__":
    main()
