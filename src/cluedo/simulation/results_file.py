"""The ``--json`` results file of a run, written as the games finish.

Records come back from the workers in the order games finish; the file lists
them by game index, so the same command gives the same bytes whatever the
backend. :class:`ResultsFile` puts each record in its place as soon as the games
before it are in, and spools it to an unnamed temporary file, so memory does not grow with the run;
:meth:`ResultsFile.finish` writes the file itself, its summary first as
readers expect, then the spooled records.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import textwrap
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from cluedo.simulation.core import GameRecord, SimulationConfig, Summary

RESULTS_FORMAT = "cluedo-simulation"
RESULTS_VERSION = 3
"""2: records carry the rule set's seat labels and stats; the summary adds
outcome rates, win rates by grouping and per-game averages.
3: records say which seat played first; the summary adds win rates by place in
the turn order and the fair share."""


def header(config: SimulationConfig, summary: Summary) -> dict[str, Any]:
    """Everything in the file but the records (only deterministic content)."""
    return {
        "format": RESULTS_FORMAT,
        "version": RESULTS_VERSION,
        "rules": config.rules,
        "players": config.players,
        "options": dict(config.options),
        "seed": config.seed,
        "start": config.start,
        "games": config.games,
        "bots": list(config.lineup()),
        "summary": summary.to_json(),
    }


class ResultsFile:
    """Collects a run's records in game order and writes them to ``path`` at the end.

    Used as a context manager; :meth:`add` each record as it arrives (any order),
    then :meth:`finish` with the summary. Raises :class:`OSError` when the file
    cannot be written.
    """

    def __init__(self, path: Path, config: SimulationConfig) -> None:
        self.path = path
        self.config = config
        # Closed by __exit__: this object is itself the context manager.
        self._spool: IO[str] = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115
        self._waiting: dict[int, GameRecord] = {}
        self._expected = config.start
        self._written = 0

    def __enter__(self) -> ResultsFile:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._spool.close()

    def add(self, record: GameRecord) -> None:
        self._waiting[record.index] = record
        while self._expected in self._waiting:
            self._spool_record(self._waiting.pop(self._expected))
            self._expected += 1

    def _spool_record(self, record: GameRecord) -> None:
        if self._written:
            self._spool.write(",\n")
        # Indented as the record sits in the whole file dumped with indent=1.
        self._spool.write(textwrap.indent(json.dumps(record.to_json(), indent=1), "  "))
        self._written += 1

    def finish(self, summary: Summary) -> None:
        """Write the file: the run, its summary, then every record by game index."""
        for index in sorted(self._waiting):  # games that never came back leave a gap
            self._spool_record(self._waiting.pop(index))
        head = json.dumps(header(self.config, summary), indent=1)
        with self.path.open("w", encoding="utf-8") as out:
            out.write(head[: -len("\n}")])
            if not self._written:
                out.write(',\n "records": []\n}\n')
                return
            out.write(',\n "records": [\n')
            self._spool.seek(0)
            shutil.copyfileobj(self._spool, out)
            out.write("\n ]\n}\n")
