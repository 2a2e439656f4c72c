"""Shared fixtures for the engine, content, rules and golden tests, and two
session-wide rules: the tests read nothing beside the repository, and the tests
that drive a real browser carry the ``browser`` marker.

Plain helpers that several test folders need live here and are handed out as
fixtures, because test folders are not packages and cannot import each other.
"""

from __future__ import annotations

import json
import os
import random
import site
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from cluedo.engine import Action, Game

# -- the tests stand on their own ----------------------------------------------------------
#
# A fresh clone with nothing beside it must pass, so a test may not read files
# from a folder next to the repository. An audit hook sees
# every file Python opens (the "open" event: open(), Path.read_text, io.open_code,
# os.open) and every folder it lists (os.listdir, os.scandir, and so os.walk and
# glob), and records those whose resolved path is inside the repository's parent
# folder but outside the repository. A test that caused one fails at teardown,
# and the session fails (also under pytest-xdist, through the workers' output)
# with the paths in the summary. tests/test_self_contained.py checks this guard,
# and also scans the source for such paths, which catches reads that happen in a
# subprocess or that a missing file turned into a skip.
#
# Not counted, so that ordinary set-ups do not trip it: the parent folder itself,
# hidden entries in it (tool state such as ~/.cache when the clone is in the home
# folder), Python installations and virtual environments placed there, and, when
# the clone sits directly in the temporary folder, the tmp*/pytest-of-* entries
# that tempfile and pytest create. A clone directly under / has everything beside
# it, so there the hook records nothing and only the source scan applies.
# Nor an entry that appeared after the session began: it is scratch a test made
# (a Ray head node's folder, say), not a fact that was waiting beside the clone.
# The first process lists the parent once and hands the list to pytest-xdist's
# workers through the environment, so every worker judges by the same start.

REPO = Path(__file__).resolve().parents[1]
_PARENT = str(REPO.parent)  # outside-repo: ok (the guard names the parent on purpose)
_PARENT_SLASH = _PARENT.rstrip(os.sep) + os.sep
_REPO_SLASH = str(REPO) + os.sep
_WATCHING = os.path.dirname(_PARENT) != _PARENT  # False when the parent is /
_AUDITED = frozenset({"open", "os.listdir", "os.scandir"})
_TEMP = os.path.realpath(tempfile.gettempdir())
_INSTALLS = tuple(
    top + os.sep
    for top in {
        os.path.realpath(place)
        for place in [
            sys.prefix,
            sys.base_prefix,
            sys.exec_prefix,
            sys.base_exec_prefix,
            *site.getsitepackages(),
            site.getusersitepackages(),
        ]
    }
    if top.startswith(_PARENT_SLASH)
)
"""Python installations and virtual environments inside the parent folder."""
_AT_START = "CLUEDO_TESTS_BESIDE_AT_START"  # {"parent": ..., "entries": [...]}
if _WATCHING and json.loads(os.environ.get(_AT_START, "{}")).get("parent") != _PARENT:
    # Keyed by the parent, so a test session run inside a test starts its own list.
    os.environ[_AT_START] = json.dumps({"parent": _PARENT, "entries": os.listdir(_PARENT)})
_BESIDE_AT_START = frozenset(json.loads(os.environ.get(_AT_START, "{}")).get("entries", []))
"""The entries of the parent folder when the session began."""
OUTSIDE_REPO: list[str] = []
"""Every path recorded so far in this process (one entry per open or listing)."""
_in_hook = threading.local()


def outside_repo(path: object) -> str | None:
    """The resolved path if ``path`` names a file or folder beside the repository."""
    if not _WATCHING or not isinstance(path, str | bytes | os.PathLike):
        return None  # also a file descriptor, or None for the current folder
    real = os.path.realpath(os.fsdecode(path))
    if not real.startswith(_PARENT_SLASH) or (real + os.sep).startswith(_REPO_SLASH):
        return None
    entry = real[len(_PARENT_SLASH) :].split(os.sep, 1)[0]
    if not entry or entry.startswith("."):
        return None
    if _PARENT == _TEMP and entry.startswith(("tmp", "pytest-of-")):
        return None
    if entry not in _BESIDE_AT_START:
        return None
    if (real + os.sep).startswith(_INSTALLS):
        return None
    return real


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if event not in _AUDITED or not args or getattr(_in_hook, "busy", False):
        return
    _in_hook.busy = True
    try:
        found = outside_repo(args[0])
        if found is not None:
            OUTSIDE_REPO.append(found)
    except Exception:  # never break the program being watched
        pass
    finally:
        _in_hook.busy = False


sys.addaudithook(_audit)  # audit hooks cannot be removed: installed once per process


def _listing(paths: list[str]) -> str:
    return "\n".join(f"  {p}" for p in dict.fromkeys(paths))


@pytest.fixture(autouse=True)
def _reads_nothing_beside_the_repository() -> Iterator[None]:
    start = len(OUTSIDE_REPO)
    yield
    found = OUTSIDE_REPO[start:]
    if found:
        pytest.fail(
            f"this test used files outside the repository {REPO}; "
            f"copy what it needs into tests/data/:\n{_listing(found)}",
            pytrace=False,
        )


_FROM_WORKERS: list[str] = []


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    """pytest-xdist: gather what each worker recorded."""
    _FROM_WORKERS.extend(getattr(node, "workeroutput", {}).get("outside_repo", []))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    found = OUTSIDE_REPO + _FROM_WORKERS
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["outside_repo"] = list(OUTSIDE_REPO)
    if found and exitstatus in (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED):
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: Any) -> None:
    found = OUTSIDE_REPO + _FROM_WORKERS
    if found:
        terminalreporter.section("files outside the repository", sep="=", red=True, bold=True)
        terminalreporter.line(
            f"The tests must need nothing beside {REPO}, but these were used"
            f" (copy what is needed into tests/data/):\n{_listing(found)}",
            red=True,
        )


# -- the browser tests ----------------------------------------------------------------------


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "browser: drives Chromium through Playwright (every test that uses the `browser` "
        "fixture); deselect with -m 'not browser' where Chromium cannot be installed",
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


Policy = Callable[[Game, random.Random], Action]


def scripted_choice(game: Game, rng: random.Random) -> Action:
    """A simple, seeded policy that plays whole games in a few hundred actions.

    Uniform over the legal actions except accusations, which are rare (so games
    last long enough to exercise movement, suggestions and refutations): a random
    accusation now and then, and after many turns the correct one - tests may
    read the state, and this makes some games end "solved" and others not.
    """
    seat = game.to_act()[0]
    legal = game.legal_actions(seat)
    accusations = [a for a in legal if a.kind == "accuse"]
    others = [a for a in legal if a.kind != "accuse"]
    if accusations:
        if game.state.turn > 60 and rng.random() < 0.3:
            envelope = game.state.envelope  # type: ignore[attr-defined]
            return Action.make(
                seat, "accuse", suspect=envelope[0], weapon=envelope[1], room=envelope[2]
            )
        if rng.random() < 0.03 or not others:
            return accusations[rng.randrange(len(accusations))]
    return others[rng.randrange(len(others))]


def play_to_end(
    game: Game,
    rng: random.Random,
    policy: Policy = scripted_choice,
    on_step: Callable[[Game], Any] | None = None,
    limit: int = 5000,
) -> Game:
    """Play ``game`` to its end with ``policy``; call ``on_step`` before every action."""
    for _ in range(limit):
        if game.finished:
            return game
        if on_step is not None:
            on_step(game)
        game.apply(policy(game, rng))
    raise AssertionError(f"no end after {limit} actions")


@pytest.fixture
def play() -> Callable[..., Game]:
    """``play(game, rng, on_step=None)``: play a game to its end with the scripted policy."""
    return play_to_end
