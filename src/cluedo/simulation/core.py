"""Bot-versus-bot simulation, without any front end: seeded games, seat rotation, statistics.

A run is fully described by the rule set, the player count, the options, a base
seed, the bot line-up and a range of game indices. Game ``i`` gets its own seed
from :func:`game_seed` and plays the line-up rotated by ``i`` seats
(:func:`lineup_for`), so every bot sits in every seat equally often and any
single game can be played again on its own. Bots get seeds derived from the
game's seed and their seat, so nothing depends on which process ran the game:
a run over several worker processes gives the same records as one run in order.

Where the games are played is a :class:`Backend`: :class:`LocalBackend` plays
them in this process or in local worker processes, :class:`RayBackend` sends
batches of them as tasks to a Ray cluster (the optional ``ray`` extra). Both
stream records back as games finish, and :func:`run_games` sorts them by game
index, so the backend never changes a result.

>>> records = run_games(SimulationConfig(players=3, bots=("random",), games=3, seed=5))
>>> [r.index for r in records], [r.bots for r in records][1]
([0, 1, 2], ('random', 'random', 'random'))
>>> all(r.finished for r in records)
True
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import logging
import math
import os
import socket
import traceback
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from functools import cache
from importlib import metadata
from types import TracebackType
from typing import Any

from cluedo.agents import make_agent, registry
from cluedo.agents.base import Agent
from cluedo.agents.match import DEFAULT_ACTION_LIMIT, ActionLimitReached, play_out
from cluedo.engine.collector import settle_once, settled
from cluedo.engine.game import new_game

Z_95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""

ERROR = "error"
"""The outcome of a game that raised or did not end within the action limit."""


def default_bot(rules: str = "classic") -> str:
    """The bot that plays when none is named: see :func:`cluedo.agents.registry.default_bot`
    (not the strongest; :func:`~cluedo.agents.registry.strongest_bot` says which is)."""
    return registry.default_bot(rules)


def game_seed(base: int, index: int) -> int:
    """The seed of game ``index`` of a run with base seed ``base``.

    Hashing (rather than ``base + index``) keeps runs with nearby base seeds from
    sharing games.

    >>> game_seed(1, 0) == game_seed(1, 0), game_seed(1, 0) == game_seed(2, 0)
    (True, False)
    """
    digest = hashlib.blake2b(f"cluedo-sim:{base}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1  # a non-negative 63-bit integer


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game with seed ``seed``."""
    digest = hashlib.blake2b(f"cluedo-bot:{seed}:{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def lineup_for(bots: Sequence[str], index: int) -> tuple[str, ...]:
    """The bot per seat in game ``index``: the line-up moved ``index`` seats clockwise.

    >>> lineup_for(["a", "b", "c"], 0), lineup_for(["a", "b", "c"], 1)
    (('a', 'b', 'c'), ('c', 'a', 'b'))
    """
    n = len(bots)
    return tuple(bots[(seat - index) % n] for seat in range(n))


def check_bot_spec(spec: str, rules: str = "classic") -> None:
    """Raise ``ValueError`` saying what is allowed if ``spec`` names no bot for ``rules``."""
    if spec.startswith("cmd:"):
        if not spec[4:].strip():
            raise ValueError("an external bot needs a command line after 'cmd:'")
        return
    bots = registry.bots_for(rules)
    if spec not in bots and spec not in registry.LEVELS:
        raise ValueError(
            f"unknown bot {spec!r} for {rules}; bots: {', '.join(sorted(bots))}, "
            f"a level ({', '.join(registry.LEVELS)}), or cmd:<command line>"
        )


@dataclass(frozen=True)
class SimulationConfig:
    """What to play: everything needed to reproduce a run."""

    rules: str = "classic"
    players: int = 6
    bots: tuple[str, ...] = ("random",)
    """One spec per seat, or a single spec for every seat."""
    games: int = 100
    seed: int = 0
    start: int = 0
    """Index of the first game: ``start=i, games=1`` replays game ``i`` of a run alone."""
    options: Mapping[str, Any] = field(default_factory=dict)
    action_limit: int = DEFAULT_ACTION_LIMIT

    def lineup(self) -> tuple[str, ...]:
        """The bot per seat in game 0."""
        if len(self.bots) == 1:
            return self.bots * self.players
        return self.bots

    def validate(self) -> None:
        """Raise ``ValueError`` (or the engine's ``OptionsError``) on a bad configuration."""
        if self.games < 0:
            raise ValueError(f"the number of games must be 0 or more, got {self.games}")
        if self.start < 0:
            raise ValueError(f"the first game index must be 0 or more, got {self.start}")
        if len(self.bots) not in (1, self.players):
            raise ValueError(
                f"give one bot per seat ({self.players}) or a single bot for all seats, "
                f"got {len(self.bots)}: {', '.join(self.bots)}"
            )
        # Building a game checks the rule set, the player count and the options.
        new_game(self.rules, self.players, 0, self.options)
        for spec in self.bots:
            check_bot_spec(spec, self.rules)


@dataclass(frozen=True)
class GameRecord:
    """The result of one simulated game."""

    index: int
    seed: int
    bots: tuple[str, ...]
    """The bot spec in each seat."""
    finished: bool
    outcome: str
    """The rule set's word for how it ended ("solved", "no-winner", ...) or "error"."""
    winners: tuple[int, ...]
    winner_bots: tuple[str, ...]
    turns: int
    actions: int
    wrong_accusations: tuple[int, ...]
    """Wrong accusations made by each seat."""
    error: str | None = None
    labels: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """The rule set's groupings of the seats (``RuleSet.seat_labels``), a label per seat."""
    stats: Mapping[str, float] = field(default_factory=dict)
    """The rule set's numbers about this game (``RuleSet.game_stats``)."""
    first: int | None = None
    """The seat that played the first turn (from the public "turn" events), if known."""

    @property
    def winner(self) -> int | None:
        """The winning seat, if exactly one seat won."""
        return self.winners[0] if len(self.winners) == 1 else None

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["winner"] = self.winner
        out["winner_bot"] = self.winner_bots[0] if len(self.winner_bots) == 1 else None
        for key in ("bots", "winners", "winner_bots", "wrong_accusations"):
            out[key] = list(out[key])
        out["labels"] = {name: list(labels) for name, labels in self.labels.items()}
        out["stats"] = dict(self.stats)
        return out


def play_game(
    rules: str,
    players: int,
    seed: int,
    bots: Sequence[str],
    options: Mapping[str, Any] | None = None,
    index: int = 0,
    action_limit: int = DEFAULT_ACTION_LIMIT,
) -> GameRecord:
    """Play one seeded game with ``bots[seat]`` in each seat; never raises for a game bug.

    A game that raises, or runs past ``action_limit`` bot actions, gives a record
    with outcome ``"error"`` and the error text, so a long run goes on.
    """
    agents: dict[int, Agent] = {}
    game = None
    try:
        game = new_game(rules, players, seed, options)
        for seat, spec in enumerate(bots):
            agents[seat] = make_agent(spec, seat, bot_seed(seed, seat), rules=rules)
        play_out(game, agents, limit=action_limit)
    except Exception as err:  # a bug in a bot or the rules: record it, keep the run going
        detail = "".join(traceback.format_exception_only(type(err), err)).strip()
        if not isinstance(err, ActionLimitReached):
            # The innermost frame tells where to look.
            frame = traceback.extract_tb(err.__traceback__)[-1:]
            if frame:
                detail += f" (at {frame[0].filename}:{frame[0].lineno} in {frame[0].name})"
        return _record(index, seed, bots, game, players, error=detail)
    finally:
        for agent in agents.values():
            # Closing must not hide the game's own result.
            with contextlib.suppress(Exception):
                agent.close()
    return _record(index, seed, bots, game, players)


def _record(
    index: int,
    seed: int,
    bots: Sequence[str],
    game: Any,
    players: int,
    error: str | None = None,
) -> GameRecord:
    wrong = [0] * players
    turns = actions = 0
    finished = False
    outcome = ERROR
    winners: tuple[int, ...] = ()
    labels: dict[str, tuple[str, ...]] = {}
    stats: dict[str, float] = {}
    first: int | None = None
    if game is not None:
        # The simulator is a front end reading the finished game: public events suffice.
        for event in game.events:
            if event.kind == "accusation" and event.data.get("correct") is False:
                wrong[event.data["seat"]] += 1
            elif event.kind == "turn" and first is None and "seat" in event.data:
                first = int(event.data["seat"])
        turns = game.state.turn
        actions = len(game.actions)
        if error is None:
            try:
                labels, stats = _designer_view(game, players)
            except Exception as err:  # a bug in the rule set's hooks: an error like any other
                error = f"{type(err).__name__}: {err} (in the rule set's seat_labels/game_stats)"
        if error is None:
            finished = game.finished
            outcome = game.state.outcome or "unfinished"
            winners = tuple(game.state.winners)
    return GameRecord(
        index=index,
        seed=seed,
        bots=tuple(bots),
        finished=finished,
        outcome=outcome,
        winners=winners,
        winner_bots=tuple(bots[s] for s in winners),
        turns=turns,
        actions=actions,
        wrong_accusations=tuple(wrong),
        error=error,
        labels=labels,
        stats=stats,
        first=first,
    )


def _designer_view(game: Any, players: int) -> tuple[dict[str, tuple[str, ...]], dict[str, float]]:
    """The rule set's seat groupings and per-game numbers, checked for shape.

    A grouping with the wrong number of labels would silently skew every rate,
    so it is an error here (recorded like any other game bug).
    """
    labels: dict[str, tuple[str, ...]] = {}
    for name, per_seat in game.rules.seat_labels(game.state).items():
        if len(per_seat) != players:
            raise ValueError(
                f"seat_labels()[{name!r}] has {len(per_seat)} labels for {players} seats"
            )
        labels[str(name)] = tuple(str(label) for label in per_seat)
    stats = {str(k): float(v) for k, v in game.rules.game_stats(game.state).items()}
    return labels, stats


def play_index(config: SimulationConfig, index: int) -> GameRecord:
    """Play game ``index`` of the run described by ``config``."""
    return play_game(
        config.rules,
        config.players,
        game_seed(config.seed, index),
        lineup_for(config.lineup(), index),
        config.options,
        index,
        config.action_limit,
    )


def _play_batch(config: SimulationConfig, indices: Sequence[int]) -> list[GameRecord]:
    return [play_index(config, i) for i in indices]


def _batches(indices: range, size: int) -> Iterator[range]:
    for first in range(0, len(indices), size):
        yield indices[first : first + size]


def _batch_size(games: int, parallel: int) -> int:
    """Games per batch: enough to amortise sending work away, yet small enough that
    progress moves smoothly and the workers finish together (about 8 batches each)."""
    return max(1, min(50, games // (max(1, parallel) * 8)))


def run_games(
    config: SimulationConfig,
    workers: int = 1,
    on_record: Callable[[GameRecord], None] | None = None,
    backend: Backend | None = None,
) -> list[GameRecord]:
    """Play the run's games on ``backend`` (default: ``LocalBackend(workers)``);
    records in index order, whatever the backend.

    ``on_record`` is called as each game's record arrives (in finishing order), for
    progress.
    """
    if backend is None:
        with LocalBackend(workers) as local:
            return run_games(config, on_record=on_record, backend=local)
    records: list[GameRecord] = []
    for record in backend.play(config):
        records.append(record)
        if on_record is not None:
            on_record(record)
    records.sort(key=lambda r: r.index)
    return records


# -- backends: where the games are played -----------------------------------------------


class BackendError(Exception):
    """A backend cannot play the games: it is not installed, cannot be reached, or
    its workers failed. The message says what to do."""


class Backend(ABC):
    """Where a run's games are played.

    ``play`` yields every game of a run as its batch finishes, in no particular
    order; :func:`run_games` sorts them. A backend can play several runs (the cells
    of a sweep) and is closed after the last, best as a context manager.
    """

    @abstractmethod
    def play(self, config: SimulationConfig) -> Iterator[GameRecord]:
        """Every game of ``config``'s run, in finishing order."""

    @abstractmethod
    def describe(self) -> str:
        """Where the games run, for the summary line: "2 workers", "Ray cluster at ..."."""

    def open(self) -> Backend:
        """Get ready (connect to a cluster...) and return the backend; ``play`` opens it
        if need be, so this only makes a backend that cannot be had fail early."""
        return self

    @abstractmethod
    def close(self) -> None:
        """Let go of processes or connections; the backend may not be used after."""

    def __enter__(self) -> Backend:
        return self.open()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


class LocalBackend(Backend):
    """Games in this process (``workers=1``) or in ``workers`` local processes.

    The process pool is made for the first run that needs it and kept for later
    runs until :meth:`close`. At most ``4 * workers`` batches are handed out at a
    time, so finished batches are read as they come rather than piling up.
    """

    def __init__(self, workers: int = 1) -> None:
        self.workers = max(1, workers)
        self._pool: ProcessPoolExecutor | None = None

    def describe(self) -> str:
        return f"{self.workers} worker{'s' if self.workers != 1 else ''}"

    def play(self, config: SimulationConfig) -> Iterator[GameRecord]:
        indices = range(config.start, config.start + config.games)
        if self.workers == 1 or len(indices) <= 1:
            with settled():
                for i in indices:
                    yield play_index(config, i)
            return
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.workers, initializer=settle_once)
        pool = self._pool
        batches = _batches(indices, _batch_size(len(indices), self.workers))
        pending: set[Future[list[GameRecord]]] = {
            pool.submit(_play_batch, config, batch)
            for batch in itertools.islice(batches, 4 * self.workers)
        }
        try:
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    batch = next(batches, None)
                    if batch is not None:
                        pending.add(pool.submit(_play_batch, config, batch))
                    yield from future.result()
        finally:
            for future in pending:  # stopped early (an error, Ctrl-C): drop the rest
                future.cancel()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None


RAY_ADDRESS = "RAY_ADDRESS"
"""The environment variable ``RayBackend("auto")`` reads the cluster's address from."""

RAY_INSTALL = "pip install 'cluedo[ray]' (in a checkout of cluedo: pip install -e '.[ray]')"


@cache
def cluedo_version() -> str:
    """The installed version of this package ("unknown" when run from bare sources)."""
    try:
        return metadata.version("cluedo")
    except metadata.PackageNotFoundError:
        return "unknown"


def _play_batch_on_ray(config: SimulationConfig, indices: range) -> tuple[str, list[GameRecord]]:
    """A Ray task: one batch of games, with the cluedo version that played them."""
    settle_once()  # a Ray worker process plays batch after batch
    return cluedo_version(), _play_batch(config, indices)


class RayBackend(Backend):
    """Batches of games as Ray tasks on the cluster at ``address``.

    ``address`` is what ``ray.init`` takes: ``HOST:PORT`` of the head node's GCS
    (from a machine of the cluster) or ``ray://HOST:10001`` (Ray Client, from
    outside). ``"auto"`` reads it from the ``RAY_ADDRESS`` environment variable.
    If this process is already connected to Ray, that connection is used and left
    open.

    Each task plays a batch of games and returns its records; at most twice as many
    tasks as the cluster has CPUs are in flight, and each batch's records are
    fetched as it finishes and its object let go, so neither this process nor the
    cluster's object store holds more than the records read so far. Every node
    needs the same cluedo version installed: a batch played by another version
    stops the run (:class:`BackendError`), since its games could differ.

    Ray is imported here and only here, so the rest of the package never needs it.
    """

    def __init__(self, address: str) -> None:
        try:
            import ray
        except ImportError:
            raise BackendError(
                f"running on Ray needs Ray, which is not installed: {RAY_INSTALL}"
            ) from None
        if address == "auto":
            found = os.environ.get(RAY_ADDRESS, "").strip()
            if not found:
                raise BackendError(
                    f"--ray auto reads the cluster's address from {RAY_ADDRESS}, which is not "
                    "set; set it or give the address (HOST:PORT or ray://HOST:PORT)"
                )
            address = found
        self.address = address
        self._ray = ray
        self._task: Any = None
        self._connected = False
        self._owns_connection = False
        self._cpus = 1

    def open(self) -> RayBackend:
        """Connect to the cluster (once); :class:`BackendError` if it cannot be reached."""
        if self._connected:
            return self
        ray = self._ray
        if not ray.is_initialized():
            _check_reachable(self.address)
            try:
                ray.init(address=self.address, logging_level=logging.WARNING, log_to_driver=False)
            except Exception as err:  # Ray raises several kinds for a cluster it cannot reach
                raise BackendError(
                    f"cannot connect to the Ray cluster at {self.address!r}: {err}"
                ) from err
            self._owns_connection = True
        self._connected = True
        self._cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self._task = ray.remote(num_cpus=1)(_play_batch_on_ray)
        return self

    def describe(self) -> str:
        return f"Ray cluster at {self.address}, {self._cpus} CPU{'s' if self._cpus != 1 else ''}"

    def play(self, config: SimulationConfig) -> Iterator[GameRecord]:
        self.open()
        ray = self._ray
        indices = range(config.start, config.start + config.games)
        if not indices:
            return
        task = self._task
        shared = ray.put(config)  # sent to the object store once, read by every task
        batches = _batches(indices, _batch_size(len(indices), self._cpus))
        pending = [task.remote(shared, b) for b in itertools.islice(batches, 2 * self._cpus)]
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                try:
                    version, records = ray.get(done[0])
                except ray.exceptions.RayError as err:
                    raise BackendError(
                        f"a batch of games failed on the Ray cluster at {self.address}: {err}\n"
                        f"Every node needs cluedo {cluedo_version()} installed, in the same "
                        "Python version as here."
                    ) from err
                del done  # the batch's object can go from the object store
                if version != cluedo_version():
                    raise BackendError(
                        f"a Ray worker plays with cluedo {version}, this machine has "
                        f"{cluedo_version()}: install the same version on every node"
                    )
                batch = next(batches, None)
                if batch is not None:
                    pending.append(task.remote(shared, batch))
                yield from records
        finally:
            for ref in pending:  # stopped early (an error, Ctrl-C): drop the rest
                with contextlib.suppress(Exception):
                    ray.cancel(ref)

    def close(self) -> None:
        if self._owns_connection:
            self._ray.shutdown()
        self._connected = self._owns_connection = False


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """Raise :class:`BackendError` if nothing listens at ``address``'s host and port.

    ``ray.init`` waits minutes for a cluster that is not there; this says so at once.
    An address that is not HOST:PORT is left for Ray to judge.
    """
    hostport = address.removeprefix("ray://").rstrip("/")
    host, sep, port = hostport.rpartition(":")
    if not sep or not port.isdigit() or not host:
        return
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
            pass
    except OSError as err:
        raise BackendError(
            f"no Ray cluster answers at {address!r} ({err.strerror or err}); start one with "
            "`ray start --head` or give its head node's address"
        ) from None


def make_backend(workers: int = 1, ray: str | None = None) -> Backend:
    """A :class:`RayBackend` for ``ray`` (an address or "auto"), else a
    :class:`LocalBackend` of ``workers`` processes; :class:`BackendError` when Ray is
    asked for with ``workers > 1`` or is not installed."""
    if ray is None:
        return LocalBackend(workers)
    if workers != 1:
        raise BackendError(
            "--workers counts local processes; with --ray the cluster's CPUs play the "
            "games: give one or the other"
        )
    return RayBackend(ray)


# -- statistics ---------------------------------------------------------------------


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    Unlike the normal approximation it stays inside [0, 1] and behaves well at 0
    or ``trials`` successes.

    >>> lo, hi = wilson_interval(5, 10)
    >>> round(lo, 4), round(hi, 4)
    (0.2366, 0.7634)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be between 0 and {trials}, got {successes}")
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Rate:
    """A count out of a number of trials, with its 95% Wilson interval."""

    wins: int
    trials: int
    low: float
    high: float

    @classmethod
    def of(cls, wins: int, trials: int) -> Rate:
        low, high = wilson_interval(wins, trials)
        return cls(wins, trials, low, high)

    @property
    def rate(self) -> float:
        return self.wins / self.trials if self.trials else 0.0


@dataclass(frozen=True)
class BotStats:
    bot: str
    seat_games: int
    """Seats this bot filled, summed over games (a bot in two seats of a game counts twice)."""
    wins: Rate
    wrong_accusations: int


@dataclass(frozen=True)
class GroupStats:
    """How seats with one label of a grouping fared (e.g. role "accomplice")."""

    grouping: str
    label: str
    side: Rate
    """Games won by some seat with this label, out of games with such a seat."""
    seats: Rate
    """Seats with this label that won, out of all seats with it (a guest's own chance)."""


@dataclass(frozen=True)
class StatSummary:
    """One of the rule set's per-game numbers over the games that reported it."""

    name: str
    games: int
    mean: float
    median: float
    low: float
    high: float
    total: float


@dataclass(frozen=True)
class Summary:
    """Aggregates over a run's records. Errored games count only under ``errors``."""

    games: int
    completed: int
    errors: int
    error_seeds: tuple[tuple[int, int], ...]
    """(game index, game seed) of each errored game."""
    outcomes: dict[str, int]
    no_winner: int
    unfinished: int
    mean_turns: float
    median_turns: float
    mean_actions: float
    wrong_accusations: int
    per_bot: tuple[BotStats, ...]
    per_seat: tuple[Rate, ...]
    groups: tuple[GroupStats, ...] = ()
    """Win rates by each of the rule set's seat groupings, grouping by grouping."""
    stats: tuple[StatSummary, ...] = ()
    """The rule set's per-game numbers, in the order the rule set gives them."""
    per_turn: tuple[Rate, ...] = ()
    """Win rate by place in the turn order (first to play, second, ...), over the
    completed games that say who played first."""

    @property
    def fair_share(self) -> float:
        """The win rate every seat would have if no seat had an edge: seat wins over
        seats played (1/players when every game has exactly one winner)."""
        seats = sum(r.trials for r in self.per_seat)
        return sum(r.wins for r in self.per_seat) / seats if seats else 0.0

    def outcome_rates(self) -> dict[str, Rate]:
        """Each outcome's share of the completed games (errors are not an outcome)."""
        return {
            outcome: Rate.of(count, self.completed)
            for outcome, count in sorted(self.outcomes.items())
            if outcome != ERROR
        }

    def to_json(self) -> dict[str, Any]:
        def rate(r: Rate) -> dict[str, Any]:
            return {
                "wins": r.wins,
                "trials": r.trials,
                "rate": r.rate,
                "ci95": [r.low, r.high],
            }

        return {
            "games": self.games,
            "completed": self.completed,
            "errors": self.errors,
            "error_games": [{"index": i, "seed": s} for i, s in self.error_seeds],
            "outcomes": dict(self.outcomes),
            "no_winner": self.no_winner,
            "unfinished": self.unfinished,
            "mean_turns": self.mean_turns,
            "median_turns": self.median_turns,
            "mean_actions": self.mean_actions,
            "wrong_accusations": self.wrong_accusations,
            "per_bot": [
                {
                    "bot": b.bot,
                    "seat_games": b.seat_games,
                    "wrong_accusations": b.wrong_accusations,
                    **rate(b.wins),
                }
                for b in self.per_bot
            ],
            "per_seat": [{"seat": s, **rate(r)} for s, r in enumerate(self.per_seat)],
            "per_turn": [{"place": k + 1, **rate(r)} for k, r in enumerate(self.per_turn)],
            "fair_share": self.fair_share,
            "outcome_rates": [
                {"outcome": outcome, **rate(r)} for outcome, r in self.outcome_rates().items()
            ],
            "groups": [
                {
                    "grouping": g.grouping,
                    "label": g.label,
                    "side": rate(g.side),
                    "seats": rate(g.seats),
                }
                for g in self.groups
            ],
            "stats": [
                {
                    "name": st.name,
                    "games": st.games,
                    "mean": st.mean,
                    "median": st.median,
                    "min": st.low,
                    "max": st.high,
                    "total": st.total,
                }
                for st in self.stats
            ],
        }
