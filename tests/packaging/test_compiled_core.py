"""The compiled core (cluedo.compiled, setup.py): used only while it matches its sources,
the pure modules otherwise, and both play the same games."""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cluedo import compiled

PACKAGE = Path(compiled.__file__).resolve().parent
ASKED_PURE = os.environ.get(compiled.PURE_VARIABLE, "") not in ("", "0")


def _python(code: str, *, pure: bool, path: Path | None = None) -> str:
    env = {k: v for k, v in os.environ.items() if k != compiled.PURE_VARIABLE}
    if pure:
        env[compiled.PURE_VARIABLE] = "1"
    if path is not None:
        env["PYTHONPATH"] = str(path)
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


WHERE_FROM = """
import importlib, json, cluedo.compiled as c
files = {m: importlib.import_module(m).__file__ for m in c.MODULES}
print(json.dumps({"compiled": c.status().compiled, "reason": c.status().reason, "files": files}))
"""


def test_the_tests_run_the_core_they_were_asked_to() -> None:
    """The test command compiles the core (scripts/test); CLUEDO_PURE=1 asks for the pure one."""
    modules = [importlib.import_module(m) for m in compiled.MODULES]
    status = compiled.status()
    if ASKED_PURE:
        assert not status.compiled
        assert all(str(m.__file__).endswith(".py") for m in modules)
    else:
        assert status.compiled, f"the core is not compiled: {status.reason}"
        assert compiled.in_use()
        assert not any(str(m.__file__).endswith(".py") for m in modules)


def test_asked_for_the_pure_core_a_process_imports_every_compiled_module_from_python() -> None:
    seen = json.loads(_python(WHERE_FROM, pure=True))
    assert seen["compiled"] is False and seen["reason"] == "CLUEDO_PURE is set"
    assert all(Path(f) == compiled.source_of(m) for m, f in seen["files"].items())


def _package_copy(tmp_path: Path) -> Path:
    """This package (compiled files and mypyc's shared module included) in a folder of
    its own, to be changed without touching the real one."""
    root = tmp_path / "site"
    shutil.copytree(PACKAGE, root / "cluedo", ignore=shutil.ignore_patterns("__pycache__"))
    for shared in PACKAGE.parent.glob("*__mypyc*"):
        shutil.copy(shared, root / shared.name)
    return root


def test_an_edited_module_runs_from_its_source_and_so_do_the_others(tmp_path: Path) -> None:
    """An editable install keeps compiled files beside the sources: after an edit, the
    change must take effect (and compiled and pure modules never mix)."""
    root = _package_copy(tmp_path)
    before = json.loads(_python(WHERE_FROM, pure=False, path=root))
    assert before["compiled"] is (not ASKED_PURE and compiled.status().compiled)

    edited = compiled.source_of("cluedo.agents.sensible", root / "cluedo")
    edited.write_text(edited.read_text() + "\nEDITED_AFTER_THE_BUILD = True\n")
    probe = WHERE_FROM + "import cluedo.agents.sensible as s; print(s.EDITED_AFTER_THE_BUILD)"
    seen, edited_seen = _python(probe, pure=False, path=root).splitlines()
    after = json.loads(seen)
    assert edited_seen == "True"
    assert after["compiled"] is False
    assert all(Path(f) == compiled.source_of(m, root / "cluedo") for m, f in after["files"].items())
    if before["compiled"]:
        assert after["reason"].startswith("cluedo.agents.sensible changed since it was compiled")


def _stamped(tmp_path: Path) -> Path:
    package = tmp_path / "cluedo"
    for module in compiled.MODULES:
        copy = compiled.source_of(module, package)
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(compiled.source_of(module), copy)
    (package / compiled.STAMP).write_text(json.dumps(compiled.stamp(package)))
    return package


def test_a_stamp_that_matches_every_source_lets_the_compiled_modules_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(compiled.PURE_VARIABLE, raising=False)
    package = _stamped(tmp_path)
    assert compiled.decide(package) == compiled.Status(True, "")
    assert compiled.decide(package).describe() == "compiled (mypyc)"

    monkeypatch.setenv(compiled.PURE_VARIABLE, "1")
    assert compiled.decide(package).reason == "CLUEDO_PURE is set"
    monkeypatch.setenv(compiled.PURE_VARIABLE, "0")  # 0 asks for nothing
    assert compiled.decide(package).compiled


@pytest.mark.parametrize(
    ("spoil", "reason"),
    [
        ("missing", "the install did not compile the core"),
        ("corrupt", "cannot be read"),
        ("a list", "is not a table of sources"),
        ("edited", "cluedo.deduction.propagator changed since it was compiled"),
    ],
)
def test_a_stamp_that_is_missing_spoilt_or_out_of_date_sends_every_module_to_python(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spoil: str, reason: str
) -> None:
    monkeypatch.delenv(compiled.PURE_VARIABLE, raising=False)
    package = _stamped(tmp_path)
    stamp = package / compiled.STAMP
    if spoil == "missing":
        stamp.unlink()
    elif spoil == "corrupt":
        stamp.write_text('{"cluedo.deduction')
    elif spoil == "a list":
        stamp.write_text("[]")
    else:
        source = compiled.source_of("cluedo.deduction.propagator", package)
        source.write_text(source.read_text() + "\n# one more line\n")
    status = compiled.decide(package)
    assert not status.compiled and reason in status.reason
    assert status.describe() == f"pure Python ({status.reason})"


# Whole games on both cores: every rule set, the bots of every level, and the seats'
# observations in the learning environment (the encoding is compiled too).
GAMES = [
    ("classic", 4, "sensible,detective,strong,forgetful"),
    ("classic", 6, "hard,medium,easy,medium,medium,medium"),
    ("clue-or-cruel", 4, "hard,medium,easy,medium"),
    ("killer-kloo-doo", 4, "hard,medium,easy,medium"),
    ("pendragon", 3, "hard,medium,easy"),
    ("clussassin", 4, "hard,medium,easy,medium"),
]

SIMULATE = """
import sys
from cluedo.cli import main
sys.argv = ["cluedo", *{args!r}]
try:
    main()
except SystemExit as done:
    assert not done.code, done.code
"""


@pytest.mark.parametrize(("rules", "players", "bots"), GAMES)
def test_the_compiled_and_the_pure_core_play_the_same_games(
    tmp_path: Path, rules: str, players: int, bots: str
) -> None:
    records = {}
    for pure in (False, True):
        out = tmp_path / f"{pure}.json"
        args = ["simulate", "--rules", rules, "--players", str(players), "--bots", bots]
        args += ["--games", "3", "--seed", "11", "--workers", "1", "--json", str(out)]
        _python(SIMULATE.format(args=args), pure=pure)
        records[pure] = json.loads(out.read_text())
    assert records[False]["summary"]["completed"] == 3
    assert records[False]["records"] == records[True]["records"]


OBSERVATIONS = """
import hashlib, numpy as np
from cluedo.env import env
digest = hashlib.sha256()
for rules, players in [("classic", 4), ("clue-or-cruel", 3), ("killer-kloo-doo", 3),
                       ("pendragon", 3), ("clussassin", 4)]:
    game = env(rules=rules, players=players)
    game.reset(seed=5)
    pick = np.random.default_rng(5)
    for _ in range(300):
        agent = game.agent_selection
        observation, reward, done, cut, info = game.last()
        digest.update(observation["observation"].tobytes())
        if done or cut:
            game.step(None)
        else:
            legal = np.flatnonzero(observation["action_mask"])
            game.step(int(pick.choice(legal)))
        if not game.agents:
            break
print(digest.hexdigest())
"""


def test_the_compiled_and_the_pure_encoding_give_the_same_observations() -> None:
    compiled_run = _python(OBSERVATIONS, pure=False)
    assert compiled_run == _python(OBSERVATIONS, pure=True)
    assert len(compiled_run.strip()) == len(hashlib.sha256().hexdigest())
