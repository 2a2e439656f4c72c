"""scripts/test on machines with and without root: how it gets Chromium, or says why not.

The script runs on a copy whose Chromium path points into a temporary folder,
with stand-ins for id, sudo, apt-get and the tools in .venv/bin that only write
down how they were called.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DEBIAN_CHROMIUM = "/usr/bin/chromium"
DEBIAN_POSTGRES = "/usr/lib/postgresql"


@dataclass
class Run:
    code: int
    stderr: str
    calls: list[str]
    chromium: Path
    postgres: Path


def _tool(path: Path, body: str) -> None:
    path.write_text("#!/bin/bash\n" + body)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


def run_script(
    tmp_path: Path,
    *args: str,
    uid: int = 1000,
    sudo: bool = False,
    apt_works: bool = True,
    env: dict[str, str] | None = None,
    with_postgres: bool = True,
    compiled: bool = True,
) -> Run:
    repo, stubs = tmp_path / "repo", tmp_path / "stubs"
    chromium = tmp_path / "chromium"
    postgres = tmp_path / "postgresql"  # stands for /usr/lib/postgresql
    log = tmp_path / "calls.log"
    text = (ROOT / "scripts" / "test").read_text()
    assert DEBIAN_CHROMIUM in text and DEBIAN_POSTGRES in text
    text = text.replace(DEBIAN_CHROMIUM, str(chromium)).replace(DEBIAN_POSTGRES, str(postgres))
    (repo / "scripts").mkdir(parents=True)
    (repo / "scripts" / "test").write_text(text)
    if with_postgres:  # as on this machine: PostgreSQL's programs are there
        (postgres / "15" / "bin").mkdir(parents=True)
        _tool(postgres / "15" / "bin" / "initdb", "")
    (repo / "pyproject.toml").write_text("")
    os.utime(repo / "pyproject.toml", (0, 0))  # older than .installed-dev: no reinstall
    (repo / ".venv" / "bin").mkdir(parents=True)
    (repo / ".venv" / ".installed-dev").touch()
    for name in ["ruff", "lint-imports", "mypy", "pytest"]:
        _tool(repo / ".venv" / "bin" / name, f'echo "{name} $*" >> {log}\n')
    # The python of .venv says whether the core is compiled, and logs the rest.
    _tool(
        repo / ".venv" / "bin" / "python",
        f'case "$*" in *c.report*) exit {0 if compiled else 1};; esac\necho "python $*" >> {log}\n',
    )
    stubs.mkdir()
    for name in ["dirname", "cat"]:
        real = shutil.which(name)
        assert real is not None
        (stubs / name).symlink_to(real)
    _tool(stubs / "id", f"echo {uid}\n")
    if sudo:
        _tool(stubs / "sudo", f'echo "sudo $*" >> {log}\nexec "$@"\n')
    chmod, mkdir, tail = shutil.which("chmod"), shutil.which("mkdir"), shutil.which("tail")
    initdb = postgres / "15" / "bin" / "initdb"
    install = (
        f'case "$*" in *chromium*) : > {chromium}; {chmod} +x {chromium};; '
        f"*postgresql*) {mkdir} -p {initdb.parent}; : > {initdb}; {chmod} +x {initdb};; esac"
        if apt_works
        else "exit 100"
    )
    _tool(
        stubs / "apt-get",
        f'echo "apt-get $*" >> {log}\ncase "$*" in *install*) {install};; esac\n',
    )
    assert tail is not None
    (stubs / "tail").symlink_to(tail)
    result = subprocess.run(
        ["/bin/bash", str(repo / "scripts" / "test"), *args],
        env={"PATH": str(stubs), **(env or {})},
        capture_output=True,
        text=True,
        timeout=60,
    )
    calls = log.read_text().splitlines() if log.exists() else []
    return Run(result.returncode, result.stderr, calls, chromium, postgres)


CHECKS = [
    "ruff check setup.py src tests benchmarks examples",
    "ruff format --check setup.py src tests benchmarks examples",
    "lint-imports ",
    "mypy ",
    "pytest -n 2 tests/web",
]


def test_as_root_it_installs_chromium_with_apt(tmp_path: Path) -> None:
    run = run_script(tmp_path, "tests/web", uid=0)
    assert run.code == 0, run.stderr
    assert run.calls == ["apt-get update -qq", "apt-get install -y -qq chromium", *CHECKS]
    assert os.access(run.chromium, os.X_OK)


def test_without_root_it_installs_through_sudo(tmp_path: Path) -> None:
    run = run_script(tmp_path, "tests/web", sudo=True)
    assert run.code == 0, run.stderr
    assert run.calls == [
        "sudo apt-get update -qq",
        "apt-get update -qq",
        "sudo apt-get install -y -qq chromium",
        "apt-get install -y -qq chromium",
        *CHECKS,
    ]


@pytest.mark.parametrize(
    ("kwargs", "reason"),
    [
        ({}, "installing it needs root (and there is no sudo)"),
        ({"sudo": True, "apt_works": False}, "'sudo apt-get install chromium' failed"),
        ({"uid": 0, "apt_works": False}, "'apt-get install chromium' failed"),
    ],
)
def test_when_it_cannot_install_it_stops_and_says_what_to_do(
    tmp_path: Path, kwargs: dict[str, object], reason: str
) -> None:
    run = run_script(tmp_path, **kwargs)  # type: ignore[arg-type]
    assert run.code == 1
    assert reason in run.stderr
    assert "install Debian's chromium package as root" in run.stderr
    assert "CLUEDO_CHROMIUM=/path/to/chromium ./scripts/test" in run.stderr
    assert './scripts/test -m "not browser"' in run.stderr
    assert not [c for c in run.calls if not c.startswith(("apt-get", "sudo"))]  # no checks ran


def test_deselecting_the_browser_tests_needs_no_chromium(tmp_path: Path) -> None:
    run = run_script(tmp_path, "-m", "not browser")
    assert run.code == 0, run.stderr
    assert run.calls == [*CHECKS[:4], "pytest -n 2 -m not browser"]


def test_a_core_whose_sources_changed_is_compiled_again_before_the_checks(
    tmp_path: Path,
) -> None:
    run = run_script(tmp_path, "tests/web", compiled=False, env={"CLUEDO_CHROMIUM": "/bin/sh"})
    assert run.code == 0, run.stderr
    assert run.calls == ["python -m pip install --quiet --no-deps -e .", *CHECKS]

    pure = {"CLUEDO_CHROMIUM": "/bin/sh", "CLUEDO_PURE": "1"}  # the pure modules on purpose
    run = run_script(tmp_path / "pure", "tests/web", compiled=False, env=pure)
    assert run.code == 0, run.stderr
    assert run.calls == CHECKS


def test_a_chromium_named_in_the_environment_is_used_as_it_is(tmp_path: Path) -> None:
    mine = tmp_path / "my-chromium"
    _tool(mine, "")
    run = run_script(tmp_path, "tests/web", env={"CLUEDO_CHROMIUM": str(mine)})
    assert run.code == 0, run.stderr
    assert run.calls == CHECKS

    missing = tmp_path / "no-such-chromium"
    run = run_script(tmp_path / "again", uid=0, env={"CLUEDO_CHROMIUM": str(missing)})
    assert run.code == 1
    assert "CLUEDO_CHROMIUM names no executable file" in run.stderr
    assert run.calls == []


def _collected(marker: str) -> list[str]:
    options = ["-o", "addopts=", "-p", "no:xdist", "-p", "no:cacheprovider", "--collect-only"]
    result = subprocess.run(
        [sys.executable, "-m", "pytest", *options, "-q", "-m", marker, "tests/web"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return [ln for ln in result.stdout.splitlines() if "::" in ln]


def test_the_browser_marker_selects_exactly_the_tests_that_drive_chromium() -> None:
    """The script's advice, -m "not browser", must leave out every test that needs Chromium."""
    browser = _collected("browser")
    # The game pages, and the table-side notebook's two tests that tap in Chromium.
    pages = "tests/web/test_web_pages.py::"
    in_chromium = {
        "tests/web/test_tableside.py::test_the_reference_game_entered_by_taps_on_a_phone_agrees_with_cluedo_solve",
        "tests/web/test_tableside.py::test_a_line_that_cannot_be_right_is_refused_and_the_record_is_unchanged",
        pages + "test_a_whole_classic_game_can_be_played_with_the_keyboard_alone",
        *(
            f"{pages}test_a_person_plays_a_whole_game_against_bots_by_clicks[{rules}-{size}]"
            for rules in ("classic", "clue-or-cruel", "killer-kloo-doo", "pendragon", "clussassin")
            for size in ("laptop", "phone")
        ),
    }
    # The rule sets' own panels, and the game pages, are tried in Chromium by tests of
    # their files (the whole games above among them).
    panels = "tests/web/test_web_panels.py::"
    assert browser and all(
        t.startswith(("tests/web/test_web_browser.py::", panels, pages)) or t in in_chromium
        for t in browser
    )
    assert in_chromium <= set(browser)
    others = _collected("not browser")
    assert others and not any("test_web_browser.py" in t or t in in_chromium for t in others)


def test_as_root_it_installs_postgresql_when_its_programs_are_missing(tmp_path: Path) -> None:
    run = run_script(tmp_path, "-m", "not browser", uid=0, with_postgres=False)
    assert run.code == 0, run.stderr
    assert run.calls == [
        "apt-get update -qq",
        "apt-get install -y -qq postgresql",
        *CHECKS[:4],
        "pytest -n 2 -m not browser",
    ]
    assert os.access(run.postgres / "15" / "bin" / "initdb", os.X_OK)


def test_deselecting_the_postgres_tests_needs_no_postgresql(tmp_path: Path) -> None:
    run = run_script(tmp_path, "-m", "not browser and not postgres", with_postgres=False)
    assert run.code == 0, run.stderr
    assert run.calls == [*CHECKS[:4], "pytest -n 2 -m not browser and not postgres"]


def test_without_postgresql_and_root_it_says_what_to_do(tmp_path: Path) -> None:
    run = run_script(tmp_path, "-m", "not browser", with_postgres=False)
    assert run.code == 1
    assert "the tests that need postgresql cannot run" in run.stderr
    assert "apt-get install postgresql" in run.stderr
    # (the copy's /usr/lib/postgresql is a temporary folder)
    assert f"CLUEDO_POSTGRES_BIN={run.postgres}/<version>/bin ./scripts/test" in run.stderr
    assert './scripts/test -m "not postgres"' in run.stderr
    assert run.calls == []


def test_the_postgres_marker_selects_the_tests_that_start_a_postgresql_server() -> None:
    postgres = _collected("postgres")
    # Tests run on both databases carry the parameter; a few are about PostgreSQL alone.
    assert postgres and all(
        "[postgresql" in t or "postgresql" in t.split("::")[1] for t in postgres
    )
    assert not any("[postgresql" in t for t in _collected("not postgres"))
