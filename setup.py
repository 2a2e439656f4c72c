"""The build: pyproject.toml says what the package is; this adds the compiled core.

The modules named in src/cluedo/compiled.py are compiled with mypyc when the build has
a C compiler and the Python headers, and a stamp of their sources is written beside
them. When compiling fails, or with CLUEDO_PURE_BUILD=1, the package installs without
them and runs the same Python sources (slower, same games).
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
PACKAGE = ROOT / "src" / "cluedo"


def _compiled_module_list():  # the list lives in the package, which the build cannot import
    spec = importlib.util.spec_from_file_location("_cluedo_compiled", PACKAGE / "compiled.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while defining
    spec.loader.exec_module(module)
    return module


COMPILED = _compiled_module_list()


def _warn(message: str) -> None:
    print(f"cluedo: {message}; installing the pure-Python core", file=sys.stderr)


def _extensions():
    """mypyc's extensions for the compiled modules, or none when they cannot be made."""
    try:
        from mypyc.build import mypycify
    except ImportError as error:
        _warn(f"mypyc is not available ({error})")
        return []
    sources = [str(COMPILED.source_of(m, PACKAGE).relative_to(ROOT)) for m in COMPILED.MODULES]
    # The build may not have the optional extras (gymnasium, pettingzoo) the package's
    # other modules import: their types count as unknown, as in mypy's lenient default.
    lenient = [
        "--ignore-missing-imports",
        "--allow-subclassing-any",
        "--no-warn-unused-ignores",
        "--no-warn-return-any",
    ]
    try:
        # One C file per module, so the compiler can work on several at once.
        return mypycify([*lenient, *sources], opt_level="3", multi_file=True)
    except (Exception, SystemExit) as error:  # mypyc exits on a type error
        _warn(f"mypyc could not compile the core ({error})")
        return []


def _wanted() -> bool:
    return os.environ.get("CLUEDO_PURE_BUILD", "") in ("", "0")


def _remove_compiled_files() -> None:
    """Clear an earlier in-place build (an editable install): a module no longer compiled
    would otherwise still be imported from its old compiled file."""
    for old in [*PACKAGE.rglob("*.so"), *PACKAGE.parent.glob("*__mypyc*.so")]:
        old.unlink()
    (PACKAGE / COMPILED.STAMP).unlink(missing_ok=True)


_BUILDING_COMMANDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "install", "develop"}


class BuildCompiledCore(build_ext):
    """Builds the compiled modules, or leaves them out if the C compiler fails."""

    def finalize_options(self) -> None:
        # pip runs setup.py several times a build, and writing the metadata sets this
        # command up too: mypyc runs only in the run that builds.
        building = _BUILDING_COMMANDS.intersection(self.distribution.commands)
        self.distribution.ext_modules = _extensions() if building and _wanted() else []
        super().finalize_options()

    def run(self) -> None:
        if self.inplace:
            _remove_compiled_files()
        if not self.extensions:
            return
        try:
            super().run()
        except Exception as error:
            _warn(f"compiling the core failed ({error})")
            return
        self._write_stamp()

    def build_extension(self, ext: Extension) -> None:
        # mypyc's shared module is a dozen C files: compile them on every core at once.
        compile_one_by_one = self.compiler.compile

        def compile_at_once(sources: list[str], *args: object, **kwargs: object) -> list[str]:
            with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
                parts = pool.map(lambda s: compile_one_by_one([s], *args, **kwargs), sources)
                return [obj for part in parts for obj in part]

        self.compiler.compile = compile_at_once
        try:
            super().build_extension(ext)
        finally:
            self.compiler.compile = compile_one_by_one

    def _stamp_file(self) -> Path:
        # Beside the compiled package: the source tree when built in place (an editable
        # install), else the build folder that becomes the wheel.
        package = PACKAGE if self.inplace else Path(self.build_lib) / "cluedo"
        return package / COMPILED.STAMP

    def _write_stamp(self) -> None:
        target = self._stamp_file()
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(COMPILED.stamp(PACKAGE), indent=1) + "\n")

    def get_outputs(self) -> list[str]:
        outputs = super().get_outputs()
        if self.extensions:
            outputs.append(str(self._stamp_file()))
        return outputs


# A stand-in until build_ext runs: it makes the wheel platform-specific and runs build_ext.
_PLACEHOLDER = Extension("cluedo._compiled_core", sources=[])

setup(ext_modules=[_PLACEHOLDER], cmdclass={"build_ext": BuildCompiledCore})
