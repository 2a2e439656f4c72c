"""``--ray``: ``cluedo simulate`` and ``cluedo sweep`` on a Ray cluster give the local results.

The tests marked ``ray`` start a real Ray head node on this machine (two CPUs,
no dashboard, its own temporary folder and ports) once per test process, and
stop it and every process it started at the end. The others need no cluster:
what happens without Ray installed, with bad ``--ray`` values, and how the Ray
backend streams batches (against a stand-in for the ``ray`` module).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cluedo.cli import app
from cluedo.simulation.core import (
    BackendError,
    GameRecord,
    LocalBackend,
    RayBackend,
    SimulationConfig,
    cluedo_version,
    make_backend,
    run_games,
)

runner = CliRunner()

SIMULATE = ("simulate", "--rules", "classic", "--players", "4", "--games", "20", "--seed", "7")
SIMULATE_BOTS = ("--bots", "sensible")
SWEEP = (
    "sweep",
    "--rules",
    "classic",
    "--players",
    "3,4",
    "--option",
    "movement=exact,up_to",
    "--games",
    "5",
    "--seed",
    "2",
    "--bots",
    "sensible",
)


def invoke(*args: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), env=env)
    return result.exit_code, result.output


# -- a real head node -----------------------------------------------------------------


def _free_ports(count: int) -> list[int]:
    sockets = [socket.socket() for _ in range(count)]
    try:
        for s in sockets:
            s.bind(("127.0.0.1", 0))
        return [s.getsockname()[1] for s in sockets]
    finally:
        for s in sockets:
            s.close()


def _processes_mentioning(text: str) -> list[int]:
    """Processes whose command line contains ``text`` (the head node's temporary folder)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:
            continue
        if text.encode() in cmdline:
            found.append(int(entry.name))
    return found


def _stop(process: subprocess.Popen[bytes], temp: Path) -> None:
    """End the head node and everything it started, at once (a graceful stop takes Ray
    tens of seconds): its process group, then any process that left the group but
    still names the head's folder on its command line."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(30)
    deadline = time.monotonic() + 10
    while (left := _processes_mentioning(str(temp))) and time.monotonic() < deadline:
        for pid in left:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        time.sleep(0.2)
    assert not left, f"Ray processes outlived the head node: {left}"


@pytest.fixture(scope="module")
def ray_head() -> Iterator[str]:
    """The address (``127.0.0.1:PORT``) of a Ray head node started for these tests."""
    pytest.importorskip("ray")
    ray_command = Path(sys.executable).parent / "ray"
    temp = Path(tempfile.mkdtemp(prefix="cluedo-ray-"))  # short: Ray's socket paths grow
    gcs, client, dashboard, agent, agent_grpc, metrics, env_agent = _free_ports(7)
    command = [
        str(ray_command),
        "start",
        "--head",
        "--block",
        "--node-ip-address",
        "127.0.0.1",
        "--num-cpus",
        "2",
        "--port",
        str(gcs),
        "--disable-usage-stats",
        "--include-dashboard=false",
        "--temp-dir",
        str(temp),
        # Every port of its own, so that two test processes can each have a head node.
        "--ray-client-server-port",
        str(client),
        "--dashboard-port",
        str(dashboard),
        "--dashboard-agent-listen-port",
        str(agent),
        "--dashboard-agent-grpc-port",
        str(agent_grpc),
        "--metrics-export-port",
        str(metrics),
        "--runtime-env-agent-port",
        str(env_agent),
    ]
    log_path = temp / "head.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        # `ray start` writes the cluster's address there once the node is up.
        deadline = time.monotonic() + 60
        while not (temp / "ray_current_cluster").exists():
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"the Ray head node did not start:\n{log_path.read_text()}")
            time.sleep(0.2)
        yield f"127.0.0.1:{gcs}"
    finally:
        import ray

        if ray.is_initialized():
            ray.shutdown()
        _stop(process, temp)
        shutil.rmtree(temp, ignore_errors=True)


@pytest.mark.ray
def test_simulate_on_ray_gives_the_local_records(ray_head: str, tmp_path: Path) -> None:
    local, remote = tmp_path / "local.json", tmp_path / "ray.json"
    code, out = invoke(*SIMULATE, *SIMULATE_BOTS, "--json", str(local))
    assert code == 0, out
    code, out = invoke(*SIMULATE, *SIMULATE_BOTS, "--json", str(remote), "--ray", ray_head)
    assert code == 0, out
    assert f"Ray cluster at {ray_head}, 2 CPUs" in " ".join(out.split())
    # Byte for byte: the same records, in index order, and the same summary.
    assert remote.read_bytes() == local.read_bytes()
    records = json.loads(remote.read_text())["records"]
    assert [r["index"] for r in records] == list(range(20))
    assert len({r["seed"] for r in records}) == 20
    assert all(r["error"] is None for r in records)


@pytest.mark.ray
def test_sweep_on_ray_gives_the_local_cells(ray_head: str, tmp_path: Path) -> None:
    local, remote = tmp_path / "local.json", tmp_path / "ray.json"
    code, out = invoke(*SWEEP, "--json", str(local))
    assert code == 0, out
    # --ray auto: the address comes from RAY_ADDRESS, as on a cluster's own machines.
    code, out = invoke(
        *SWEEP, "--json", str(remote), "--ray", "auto", env={"RAY_ADDRESS": ray_head}
    )
    assert code == 0, out
    assert remote.read_bytes() == local.read_bytes()
    cells = json.loads(remote.read_text())["cells"]
    assert [(c["players"], c["options"]) for c in cells] == [
        (3, {"movement": "exact"}),
        (3, {"movement": "up_to"}),
        (4, {"movement": "exact"}),
        (4, {"movement": "up_to"}),
    ]
    assert all(c["summary"]["games"] == 5 and c["summary"]["errors"] == 0 for c in cells)
    # The cells differ, so equal files are not equally empty ones.
    assert len({json.dumps(c["summary"]) for c in cells}) == 4


@pytest.mark.ray
def test_a_library_run_on_ray_streams_every_game_once(ray_head: str) -> None:
    config = SimulationConfig(players=3, bots=("random",), games=40, seed=5, start=3)
    seen: list[int] = []
    with RayBackend(ray_head) as backend:
        on_ray = run_games(config, backend=backend, on_record=lambda r: seen.append(r.index))
        # One connection serves several runs, as the cells of a sweep.
        again = run_games(config, backend=backend)
    assert sorted(seen) == list(range(3, 43))
    assert on_ray == again == run_games(config)


# -- without a cluster ----------------------------------------------------------------


def test_without_ray_installed_ray_is_refused_with_how_to_install(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now raises ImportError
    out_file = tmp_path / "out.json"
    for args in (
        (*SIMULATE, "--json", str(out_file), "--ray", "127.0.0.1:6379"),
        (*SWEEP, "--json", str(out_file), "--ray", "auto"),
    ):
        code, out = invoke(*args, env={"COLUMNS": "200"})
        assert code == 2, out
        assert "--ray" in out and "Ray, which is not installed" in out
        assert "pip install 'cluedo[ray]'" in out and "pip install -e '.[ray]'" in out
        assert not out_file.exists()  # refused before any game
    # The local backend needs no Ray.
    code, out = invoke(*SIMULATE, "--games", "2", "--bots", "random")
    assert code == 0, out


def test_bad_ray_settings_are_refused_before_any_game(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    pytest.importorskip("ray")
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    (closed,) = _free_ports(1)  # nothing listens there
    cases = {
        ("--ray", "auto"): "RAY_ADDRESS, which is not set",
        ("--ray", f"127.0.0.1:{closed}"): f"no Ray cluster answers at '127.0.0.1:{closed}'",
        ("--ray", "127.0.0.1:1", "--workers", "2"): "give one or the other",
    }
    for extra, message in cases.items():
        started = time.monotonic()
        code, out = invoke(*SIMULATE, "--json", str(tmp_path / "x.json"), *extra)
        assert code == 2, out
        assert message in " ".join(out.replace("│", " ").split())
        assert time.monotonic() - started < 10  # not Ray's minutes of retrying
    assert not (tmp_path / "x.json").exists()


def test_the_package_never_imports_ray_for_a_local_run() -> None:
    code = (
        "import sys\n"
        "from cluedo import cli\nfrom cluedo.simulation import simulate, sweep\n"
        "from cluedo.simulation.core import SimulationConfig, run_games\n"
        "run_games(SimulationConfig(players=3, bots=('random',), games=2), workers=2)\n"
        "print(sorted(m for m in sys.modules if m == 'ray' or m.startswith('ray.')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert result.stdout.strip() == "[]"


# -- the Ray backend's streaming, against a stand-in for Ray ----------------------------


class _Ref:
    def __init__(self, fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
        self.fn, self.args = fn, args


class FakeRay:
    """Just enough of the ``ray`` module for :class:`RayBackend`, counting tasks in flight."""

    class exceptions:  # as ray.exceptions
        RayError = RuntimeError

    def __init__(self, cpus: int, version: str | None = None, fail: bool = False) -> None:
        self.cpus, self.version, self.fail = cpus, version, fail
        self.in_flight: list[_Ref] = []
        self.most_in_flight = self.submitted = self.cancelled = 0
        self.connected = False
        self.addresses: list[str] = []

    def is_initialized(self) -> bool:
        return self.connected

    def init(self, address: str, **_: Any) -> None:
        self.addresses.append(address)
        self.connected = True

    def shutdown(self) -> None:
        self.connected = False

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": float(self.cpus)}

    def put(self, value: Any) -> Any:
        return value

    def remote(self, **_: Any) -> Callable[[Callable[..., Any]], Any]:
        fake = self

        class Task:
            def __init__(self, fn: Callable[..., Any]) -> None:
                self.fn = fn

            def remote(self, *args: Any) -> _Ref:
                ref = _Ref(self.fn, args)
                fake.submitted += 1
                fake.in_flight.append(ref)
                fake.most_in_flight = max(fake.most_in_flight, len(fake.in_flight))
                return ref

        return Task

    def wait(self, refs: Sequence[_Ref], num_returns: int) -> tuple[list[_Ref], list[_Ref]]:
        # The last submitted finishes first: the backend must not rely on order.
        return [refs[-1]], list(refs[:-1])

    def get(self, ref: _Ref) -> Any:
        self.in_flight.remove(ref)
        if self.fail:
            raise self.exceptions.RayError("[worker] ModuleNotFoundError: No module named 'cluedo'")
        version, records = ref.fn(*ref.args)
        return (self.version or version), records

    def cancel(self, ref: _Ref) -> None:
        self.cancelled += 1


@pytest.fixture
def fake_ray(monkeypatch: pytest.MonkeyPatch) -> Callable[..., FakeRay]:
    def install(cpus: int, version: str | None = None, fail: bool = False) -> FakeRay:
        fake = FakeRay(cpus, version, fail)
        monkeypatch.setitem(sys.modules, "ray", fake)
        monkeypatch.setattr("cluedo.simulation.core._check_reachable", lambda a: None)
        return fake

    return install


def test_the_ray_backend_keeps_few_batches_in_flight(fake_ray: Callable[..., FakeRay]) -> None:
    fake = fake_ray(cpus=1)
    config = SimulationConfig(players=3, bots=("random",), games=48, seed=9)
    submitted_at_first_record: list[int] = []

    def first(record: GameRecord) -> None:
        if not submitted_at_first_record:
            submitted_at_first_record.append(fake.submitted)

    with RayBackend("head:6379") as backend:
        records = run_games(config, backend=backend, on_record=first)
    # 48 games on 1 CPU: batches of 6, at most 2 tasks out, and the first batch's
    # records come back when only one more batch has been sent in its place.
    assert fake.submitted == 8
    assert fake.most_in_flight == 2
    assert submitted_at_first_record == [3]
    assert records == run_games(config)
    assert fake.addresses == ["head:6379"] and not fake.connected  # closed by the with


def test_a_worker_with_another_cluedo_version_stops_the_run(
    fake_ray: Callable[..., FakeRay],
) -> None:
    fake = fake_ray(cpus=2, version="0.0.0-elsewhere")
    config = SimulationConfig(players=3, bots=("random",), games=40, seed=1)
    with RayBackend("head:6379") as backend, pytest.raises(BackendError) as caught:
        run_games(config, backend=backend)
    assert f"cluedo 0.0.0-elsewhere, this machine has {cluedo_version()}" in str(caught.value)
    assert fake.cancelled == len(fake.in_flight) > 0  # the rest of the run is called off


def test_a_failed_task_stops_the_command_saying_what_every_node_needs(
    fake_ray: Callable[..., FakeRay], tmp_path: Path
) -> None:
    fake_ray(cpus=2, fail=True)
    out_file = tmp_path / "out.json"
    result = runner.invoke(
        app, [*SIMULATE, "--bots", "random", "--json", str(out_file), "--ray", "head:6379"]
    )
    assert result.exit_code == 1, result.output
    said = " ".join(result.output.split())
    assert "a batch of games failed on the Ray cluster at head:6379" in said
    assert "[worker] ModuleNotFoundError: No module named 'cluedo'" in said
    assert f"Every node needs cluedo {cluedo_version()} installed" in said
    assert not out_file.exists()


def test_make_backend_picks_local_processes_without_ray() -> None:
    with make_backend(workers=3) as backend:
        assert isinstance(backend, LocalBackend) and backend.describe() == "3 workers"
