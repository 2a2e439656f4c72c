"""The tests stand on their own: nothing they need lies beside the repository.

Two guards. A scan of the source (tests/, benchmarks/, scripts/, .ci/, src/) for
paths that lead out of the repository, and the audit hook in tests/conftest.py
that fails a run which opens or lists anything in a folder next to it. A line
that has to name such a path on purpose says so with ``outside-repo: ok``; this
file, whose patterns and examples are such paths, is not scanned.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path, PurePosixPath

import pytest

REPO = Path(__file__).resolve().parents[1]
SCANNED = ("tests", "benchmarks", "scripts", ".ci", "src")
SKIPPED_FOLDERS = {"__pycache__", ".mypy_cache", ".pytest_cache", ".ruff_cache", ".hypothesis"}
ALLOWED = "outside-repo: ok"

_NAMED = [
    (
        re.compile(r"\bshared[\"']?\s*[/\\,]+\s*[\"']?reference\b"),
        "names shared/reference, a folder beside the clone",
    ),
    (re.compile(r"\.\.[/\\]+shared\b"), "climbs to ../shared"),
    (re.compile(r"\b[A-Z_]*(?:ROOT|REPO)[A-Z_]*\.parents?\b"), "goes above the repository root"),
]
_FILE_PARENTS = re.compile(
    r"__file__\)(?:\.(?:resolve|absolute)\(\))*((?:\.parents\[\d+\]|\.parent\b)+)"
)
_STEP = re.compile(r"\.parents\[(\d+)\]|\.parent\b")
_SCRIPT_DIR = re.compile(
    r"dirname\s+\"?\$(?:0|\{BASH_SOURCE(?:\[0\])?\}|BASH_SOURCE)\"?\)\"?((?:/\.\.)*)"
)
_DOTDOTS = re.compile(r"(?<![\w./\\-])((?:\.\.[/\\])+)")


def _siblings() -> list[str]:
    """Absolute paths of what lies beside the repository (none for a clone under /)."""
    parent = REPO.parent
    if parent == Path(parent.anchor):
        return []
    return [str(p) for p in parent.iterdir() if p.name != REPO.name]


SIBLINGS = _siblings()


def outside_references(
    rel: PurePosixPath, line: str, siblings: list[str] | None = None
) -> list[str]:
    """Why ``line`` of the file at ``rel`` (relative to the root) leads outside the repository.

    Paths relative to the file itself (``__file__``, ``$(dirname "$0")``, ``../``)
    are followed from the file's folder; the root is ``parents[len(rel.parts) - 1]``.
    """
    top = len(rel.parts) - 1
    found = [why for pattern, why in _NAMED if pattern.search(line)]
    for m in _FILE_PARENTS.finditer(line):
        level = -1  # Path(__file__) itself; .parent is parents[0]
        for step in _STEP.finditer(m.group(1)):
            level += 1 + int(step.group(1) or 0)
        if level > top:
            found.append(f"parents[{level}] of the file is above the repository root")
    if "__file__" in line and "dirname(" in line:
        level = line.count("dirname(") - 1 + len(re.findall(r"['\"]\.\.['\"]|pardir", line))
        if level > top:
            found.append(f"os.path climbs to parents[{level}], above the repository root")
    for m in _SCRIPT_DIR.finditer(line):
        if m.group(1).count("..") > top:
            found.append("the script's folder plus '..' climbs above the repository root")
    for m in _DOTDOTS.finditer(line):
        if m.group(1).count("..") > top:
            found.append("a relative path with '../' climbs above the repository root")
    beside = SIBLINGS if siblings is None else siblings
    found += [f"names {s}, beside the repository" for s in beside if s + os.sep in line]
    return found


def scanned_files() -> list[Path]:
    files = []
    for name in SCANNED:
        for folder, subfolders, names in os.walk(REPO / name):
            subfolders[:] = [
                d for d in subfolders if d not in SKIPPED_FOLDERS and not d.endswith(".egg-info")
            ]
            files += [Path(folder, n) for n in names]
    return sorted(files)


def test_no_file_names_a_path_outside_the_repository() -> None:
    files = scanned_files()
    assert REPO / "tests" / "conftest.py" in files
    assert REPO / "scripts" / "test" in files and REPO / ".ci" / "run" in files
    problems = []
    for path in files:
        if path == Path(__file__).resolve():
            continue  # its patterns and examples name such paths on purpose
        data = path.read_bytes()
        if b"\0" in data:
            continue  # binary
        rel = PurePosixPath(path.relative_to(REPO).as_posix())
        for no, line in enumerate(data.decode("utf-8", "replace").splitlines(), start=1):
            if ALLOWED not in line:
                problems += [
                    f"{rel}:{no}: {why}: {line.strip()}" for why in outside_references(rel, line)
                ]
    assert not problems, "the tests must need nothing beside the repository:\n" + "\n".join(
        problems
    )


@pytest.mark.parametrize(
    ("rel", "line"),
    [
        ("tests/x/test_a.py", 'P = Path(__file__).resolve().parents[3] / "data"'),
        ("tests/test_a.py", "P = Path(__file__).resolve().parents[2]"),
        ("tests/x/test_a.py", "P = Path(__file__).parents[2].parent / 'x.txt'"),
        ("tests/x/test_a.py", "P = Path(__file__).parent.parent.parent.parent"),
        ("benchmarks/b.py", 'P = HERE / "x" / "shared" / "reference"'),
        ("tests/x/test_a.py", 'open("../shared/facts.txt")'),
        ("tests/x/test_a.py", 'open("../../../facts.txt")'),
        ("tests/test_a.py", "os.path.join(os.path.dirname(__file__), '..', '..')"),
        ("tests/test_a.py", "os.path.dirname(os.path.dirname(os.path.dirname(__file__)))"),
        ("tests/test_a.py", "DATA = ROOT.parent / 'data'"),
        ("scripts/test", 'cd "$(dirname "$0")/../.."'),
        (".ci/run", 'source "$(dirname "${BASH_SOURCE[0]}")/../../env"'),
    ],
)
def test_the_scan_flags(rel: str, line: str) -> None:
    assert outside_references(PurePosixPath(rel), line)


@pytest.mark.parametrize(
    ("rel", "line"),
    [
        ("tests/x/test_a.py", 'P = Path(__file__).resolve().parents[1] / "data"'),
        ("tests/x/test_a.py", "ROOT = Path(__file__).resolve().parents[2]"),
        ("tests/x/test_a.py", "HERE = Path(__file__).resolve().parent"),
        ("benchmarks/b.py", 'P = Path(__file__).parents[1] / "tests" / "data"'),
        ("tests/x/test_a.py", 'client.get("/api/boards/../../etc")'),
        ("tests/x/test_a.py", '["atlantis", "/etc/passwd", "../boards/classic.txt"]'),
        ("benchmarks/README.md", "[the figures](../docs/benchmarks.md)"),
        ("scripts/test", 'cd "$(dirname "$0")/.."'),
        ("tests/test_a.py", "os.path.join(os.path.dirname(__file__), 'data')"),
        ("src/cluedo/x.py", "if not json_file.parent.is_dir():"),
    ],
)
def test_the_scan_lets_pass(rel: str, line: str) -> None:
    assert outside_references(PurePosixPath(rel), line) == []


def test_the_scan_flags_absolute_paths_beside_the_repository() -> None:
    # A made-up neighbour, so the check runs whether or not anything lies beside this clone.
    neighbour = str(REPO.parent / "notes-beside")
    line = f'open("{neighbour}{os.sep}facts.txt")'
    rel = PurePosixPath("tests/test_a.py")
    assert outside_references(rel, line, [neighbour])
    assert outside_references(rel, line, []) == []


# -- the audit hook, shown on a small project of its own ----------------------------------

# The sibling folder's path comes in the environment, so that these texts
# themselves give the source scan nothing to find.
READS = """
import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SIBLING = Path(os.environ["SIBLING"])

def test_inside():
    assert (REPO / "tests" / "inside.txt").read_text() == "mine"
    os.listdir(REPO)
    os.listdir(os.environ["PARENT"])
    os.listdir(Path(os.environ["PARENT"], ".cache"))

def test_reads_a_sibling_file():
    assert (SIBLING / "facts.txt").read_text() == "theirs"

def test_lists_a_sibling_folder():
    assert os.listdir(SIBLING)

def test_swallows_the_error():
    try:
        open(SIBLING / "missing.txt")
    except OSError:
        pass

def test_through_a_symlink():
    assert (REPO / "tests" / "link.txt").read_text() == "theirs"
"""
AT_IMPORT = """
import os
from pathlib import Path

FACTS = Path(os.environ["SIBLING"], "facts.txt").read_text()

def test_passes():
    assert FACTS == "theirs"
"""
INSIDE_ONLY = """
from pathlib import Path

def test_inside():
    assert (Path(__file__).parent / "inside.txt").read_text() == "mine"
"""


def _project(tmp_path: Path, **modules: str) -> tuple[Path, Path]:
    """``parent/repo/tests/`` with our conftest and ``modules``; ``parent/shared/facts.txt``."""
    repo = tmp_path / "parent" / "repo"
    (repo / "tests").mkdir(parents=True)
    (tmp_path / "parent" / ".cache").mkdir()
    shared = tmp_path / "parent" / "shared"
    shared.mkdir()
    (shared / "facts.txt").write_text("theirs")
    shutil.copy(REPO / "tests" / "conftest.py", repo / "tests" / "conftest.py")
    (repo / "tests" / "inside.txt").write_text("mine")
    (repo / "tests" / "link.txt").symlink_to(shared / "facts.txt")
    for name, text in modules.items():
        (repo / "tests" / f"{name}.py").write_text(textwrap.dedent(text))
    return repo, shared


def _pytest(repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    parent = repo.parent
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rA", *args, "tests"],
        cwd=repo,
        env=os.environ | {"PARENT": str(parent), "SIBLING": str(parent / "shared")},
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_hook_fails_each_test_that_uses_a_sibling_folder(tmp_path: Path) -> None:
    repo, shared = _project(tmp_path, test_reads=READS, test_at_import=AT_IMPORT)
    run = _pytest(repo, "-p", "no:xdist")
    out = run.stdout + run.stderr
    assert run.returncode == 1, out
    for ok in ["test_reads.py::test_inside", "test_at_import.py::test_passes"]:
        assert re.search(rf"^PASSED tests/{ok}$", out, re.M), out
        assert not re.search(rf"^(ERROR|FAILED) tests/{ok}\b", out, re.M), out
    for name in [
        "reads_a_sibling_file",
        "lists_a_sibling_folder",
        "swallows_the_error",
        "through_a_symlink",
    ]:
        assert re.search(rf"^ERROR tests/test_reads.py::test_{name} - Failed: this test", out, re.M)
    assert re.search(r"^=+ files outside the repository =+$", out, re.M), out
    for path in ["facts.txt", "missing.txt"]:
        assert f"  {shared / path}\n" in out
    assert f"  {shared}\n" in out


def test_under_xdist_a_read_outside_any_test_still_fails_the_run(tmp_path: Path) -> None:
    repo, shared = _project(tmp_path, test_inside=INSIDE_ONLY, test_at_import=AT_IMPORT)
    run = _pytest(repo, "-n", "2")
    out = run.stdout + run.stderr
    assert "2 passed" in out, out
    assert run.returncode == 1, out
    assert f"  {shared / 'facts.txt'}\n" in out


def test_under_xdist_a_run_that_stays_inside_passes(tmp_path: Path) -> None:
    repo, _ = _project(tmp_path, test_inside=INSIDE_ONLY)
    run = _pytest(repo, "-n", "2")
    out = run.stdout + run.stderr
    assert run.returncode == 0, out
    assert "outside the repository" not in out


MAKES_SCRATCH = """
import os
from pathlib import Path

def test_makes_and_reads_scratch_beside_the_repository():
    scratch = Path(os.environ["PARENT"], "scratch-made-by-a-test")
    scratch.mkdir(exist_ok=True)
    (scratch / "log.txt").write_text("mine")
    assert (scratch / "log.txt").read_text() == "mine"
    assert os.listdir(scratch)
"""


@pytest.mark.parametrize("workers", [["-p", "no:xdist"], ["-n", "2"]])
def test_scratch_a_test_makes_beside_the_repository_is_not_outside(
    tmp_path: Path, workers: list[str]
) -> None:
    # A Ray head node, say, writes its folder into the temporary folder, which
    # is the parent when the clone itself sits there.
    repo, _ = _project(tmp_path, test_scratch=MAKES_SCRATCH)
    run = _pytest(repo, *workers)
    out = run.stdout + run.stderr
    assert run.returncode == 0, out
    assert "outside the repository" not in out


def test_a_folder_that_was_beside_the_repository_before_the_run_still_counts(
    tmp_path: Path,
) -> None:
    repo, _ = _project(tmp_path, test_scratch=MAKES_SCRATCH)
    (repo.parent / "scratch-made-by-a-test").mkdir()
    run = _pytest(repo, "-p", "no:xdist")
    out = run.stdout + run.stderr
    assert run.returncode == 1, out
    assert f"  {repo.parent / 'scratch-made-by-a-test' / 'log.txt'}\n" in out
