"""Soak: a live ``cluedo serve`` killed with SIGKILL hundreds of times during play.

The same check as tests/web/test_web_kills.py, at length: a person and two bots
play classic games on one table after another; the server is killed at a random
moment after a random number of moves and started again on the same database;
after every restart the game must be at least where the last frame before the
kill said it was. Prints the number of kills, of games and of lost actions (0).

    .venv/bin/python benchmarks/soak_web_kill.py --kills 300
    .venv/bin/python benchmarks/soak_web_kill.py --kills 100 --database postgresql://...
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
from browser_kit import LiveServer  # the test kit's server process
from test_web_kills import kill_and_restart_while_playing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=int, default=300)
    parser.add_argument("--per-game", type=int, default=25, help="kills before a new table")
    parser.add_argument("--database", help="a database URL (default: a new SQLite file)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as folder:
        db: Path | str = args.database or Path(folder) / "web.sqlite"
        server = LiveServer(db, files=Path(folder) / "server").start()
        kills = games = 0
        try:
            while kills < args.kills:
                n = min(args.per_game, args.kills - kills)
                created = server.post(
                    "/api/tables", {"rules": "classic", "players": 3, "settings": {"bot_delay": 0}}
                )
                joined = server.post(f"/api/tables/{created['code']}/join", {"name": "Ann"})
                # Raises AssertionError at the first lost action.
                kill_and_restart_while_playing(server, created["code"], joined["token"], n, rng)
                kills, games = kills + n, games + 1
        finally:
            server.kill()
    minutes = (time.monotonic() - started) / 60
    print(f"{kills} kills over {games} tables in {minutes:.1f} min: 0 accepted actions lost")


if __name__ == "__main__":
    main()
