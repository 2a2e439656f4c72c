"""Saves are data from outside: a malformed one is refused in one line, never a crash,
never a program started, and none of its text reaches the terminal raw.

A catalogue of malformed saves goes through ``cluedo play --load`` (a real
process: exit status 2, one line on stderr, no traceback) and through the engine
protocol's ``load`` (``bad-save``, and the session goes on). Hypothesis then
mutates real saves of every rule set and feeds them to the library loaders that
both use, which may raise :class:`SaveError` and nothing else.
"""

from __future__ import annotations

import copy
import functools
import json
import os
import random
import shlex
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_protocol import Client
from test_terminal import ANSI, CLUEDO, Person

from cluedo.engine import Game, SaveError, available, new_game
from cluedo.protocol.server import Engine
from cluedo.terminal.session import plain_text, read_save

# -- real saves -----------------------------------------------------------------------


@functools.cache
def engine_save(rules: str = "classic", moves: int = 24, seed: int = 8) -> dict[str, Any]:
    """A real save: a few turns of ``rules`` played without accusations."""
    game = new_game(rules, players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.finished:
            break
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        calm = [a for a in legal if "accus" not in a.kind] or legal
        game.apply(rng.choice(calm))
    return game.save()


def terminal_save(rules: str = "classic") -> dict[str, Any]:
    """A save as ``cluedo play --save`` writes it: the engine's save and the seats."""
    data = copy.deepcopy(engine_save(rules))
    data["terminal"] = {
        "humans": {"0": "Ann"},
        "bots": {"1": "random", "2": "random"},
        "notes": {"0": {"notes": {"rope": "seen?"}, "cells": [["rope", 1, "x"]]}},
    }
    return data


def edited(change: Callable[[dict[str, Any]], object]) -> bytes:
    """The real save's text after ``change`` edits it in place."""
    data = terminal_save()
    change(data)
    return json.dumps(data).encode()


def with_text(old: str, new: str) -> bytes:
    """The real save's text with one piece of text replaced (for what json.dumps cannot write)."""
    text = json.dumps(terminal_save())
    assert old in text
    return text.replace(old, new, 1).encode()


def nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def setitem(path: tuple[str | int, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = value

    return change


def delitem(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda data: data.pop(key)


def seats(humans: Any, bots: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["terminal"]["humans"] = humans
        data["terminal"]["bots"] = bots

    return change


@dataclass(frozen=True)
class Bad:
    """A malformed save: its bytes, what the error must say, and whether it is the
    engine's part that is wrong (the protocol must refuse it too) or only the
    terminal section (which the protocol does not read)."""

    name: str
    content: bytes
    says: str
    engine: bool = True


CATALOGUE = [
    # Not a JSON object at all.
    Bad("not-json", b"this is not a save", "not valid JSON"),
    Bad("empty", b"", "the save is empty"),
    Bad("cut-short", json.dumps(terminal_save()).encode()[:300], "not valid JSON"),
    Bad("a-list", b"[1, 2]", "must be a JSON object, got a list"),
    Bad("a-string", b'"save"', "must be a JSON object, got a string"),
    Bad("null", b"null", "must be a JSON object, got null"),
    Bad("not-utf8", b'{"format": "cluedo-save\xff\xfe"}', "not UTF-8 text"),
    Bad("nan", with_text('"seed": 8', '"seed": NaN'), "NaN is not a JSON number"),
    Bad("infinite", with_text('"players": 3', '"players": 1e400'), "not a JSON number"),
    Bad("huge-literal", with_text('"seed": 8', '"seed": ' + "9" * 5000), "not valid JSON"),
    Bad("deep-text", b"[" * 100_000 + b"]" * 100_000, "nested more than"),
    # The engine's fields.
    Bad("wrong-format", edited(setitem(("format",), "chess-save")), "not a cluedo save"),
    Bad("other-version", edited(setitem(("version",), 3)), "unsupported save version 3"),
    Bad("version-text", edited(setitem(("version",), "1")), "unsupported save version '1'"),
    *(
        Bad(f"no-{key}", edited(delitem(key)), f"the save has no {key!r}")
        for key in ("rules", "players", "seed", "actions")
    ),
    Bad("rules-list", edited(setitem(("rules",), ["classic"])), "'rules' must be a string"),
    Bad("rules-unknown", edited(setitem(("rules",), "chess")), "unknown rule set 'chess'"),
    Bad("players-text", edited(setitem(("players",), "3")), "'players' must be an integer"),
    Bad("players-bool", edited(setitem(("players",), True)), "got a boolean"),
    Bad("players-count", edited(setitem(("players",), 9)), "3 to 6 players, got 9"),
    Bad("players-huge", edited(setitem(("players",), 10**40)), "got a huge integer"),
    Bad("seed-fraction", edited(setitem(("seed",), 1.5)), "'seed' must be an integer"),
    Bad("options-list", edited(setitem(("options",), ["us"])), "'options' must be an object"),
    Bad("options-value", edited(setitem(("options", "edition"), "fr")), "edition"),
    Bad("options-unknown", edited(setitem(("options", "nope"), 1)), "nope"),
    Bad("options-deep", edited(setitem(("options", "characters"), nested(40))), "nested more"),
    Bad("actions-object", edited(setitem(("actions",), {})), "'actions' must be a list"),
    Bad("action-number", edited(setitem(("actions", 0), 5)), "action 0 does not replay"),
    Bad(
        "action-illegal",
        edited(lambda d: (d["actions"].append({"seat": 0, "kind": "fly"}), d["chance"].append([]))),
        "action 24 does not replay",
    ),
    Bad(
        "actions-out-of-order",
        edited(lambda d: d["actions"].reverse()),
        "action 0 does not replay",
    ),
    Bad(
        "action-fraction",
        edited(setitem(("actions", 0, "to"), [1.5, 2])),
        "action 0 does not replay",
    ),
    Bad("action-huge-seat", edited(setitem(("actions", 0, "seat"), 10**40)), "no-such-seat"),
    Bad("action-deep", edited(setitem(("actions", 0, "x"), nested(40))), "nested more"),
    Bad("surrogate-rules", with_text('"classic"', '"\\ud800"'), "rules is not valid Unicode"),
    Bad(
        "surrogate-kind",
        with_text('"kind": "', '"kind": "\\udc00'),
        "actions[0].kind is not valid Unicode",
    ),
    Bad("surrogate-key", with_text('"format"', '"\\udfff": 1, "format"'), "not valid Unicode"),
    # The terminal section: seats, names, bots and notes.
    Bad("terminal-list", edited(setitem(("terminal",), [])), "'terminal' must be an object", False),
    Bad("humans-list", edited(seats(["Ann"], {"1": "random"})), "must both be objects", False),
    Bad("bots-missing", edited(seats({"0": "Ann"}, None)), "must both be objects", False),
    Bad(
        "seat-word",
        edited(seats({"x": "Ann"}, {"1": "random", "2": "random"})),
        "'x' where a seat number belongs",
        False,
    ),
    Bad(
        "seat-other-digits",
        edited(seats({"\u0663": "Ann"}, {"1": "random", "2": "random"})),
        "where a seat number belongs",
        False,
    ),
    Bad(
        "seat-too-high",
        edited(seats({"7": "Ann"}, {"1": "random", "2": "random"})),
        "names seat 7, but the game has 3 players",
        False,
    ),
    Bad(
        "seat-twice",
        edited(seats({"0": "Ann"}, {"0": "random", "1": "random", "2": "random"})),
        "seat 0 is both a person and a bot",
        False,
    ),
    Bad(
        "seat-empty",
        edited(seats({"0": "Ann"}, {"1": "random"})),
        "leave seat 2 empty",
        False,
    ),
    Bad(
        "name-number",
        edited(seats({"0": 5}, {"1": "random", "2": "random"})),
        "seat 0's name must be a string",
        False,
    ),
    Bad(
        "name-only-escapes",
        edited(seats({"0": "\x1b[2J\x07"}, {"1": "random", "2": "random"})),
        "seat 0's name is empty",
        False,
    ),
    Bad(
        "names-alike",
        edited(seats({"0": "Ann", "1": "ann\x1b[0m"}, {"2": "random"})),
        "two seats are called 'ann'",
        False,
    ),
    Bad(
        "bot-unknown",
        edited(seats({"0": "Ann"}, {"1": "godbot", "2": "random"})),
        "seat 1's bot 'godbot' is not a bot of classic",
        False,
    ),
    Bad(
        "bot-number",
        edited(seats({"0": "Ann"}, {"1": 5, "2": "random"})),
        "seat 1's bot must be a string",
        False,
    ),
    Bad("notes-list", edited(setitem(("terminal", "notes"), [])), "notes' must be an", False),
    Bad("notebook-text", edited(setitem(("terminal", "notes", "0"), "x")), "notes.0 must", False),
    Bad(
        "notes-list-inside",
        edited(setitem(("terminal", "notes", "0", "notes"), [1])),
        "terminal.notes.0.notes must be an object",
        False,
    ),
    Bad(
        "note-number",
        edited(setitem(("terminal", "notes", "0", "notes", "rope"), 5)),
        "a note must be a string",
        False,
    ),
    Bad(
        "cell-unhashable",
        edited(setitem(("terminal", "notes", "0", "cells"), [[["rope"], 1, "x"]])),
        "cells[0] must be [card, seat, text]",
        False,
    ),
]


def run_play(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [CLUEDO, "play", "--bot-delay", "0", *args],
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )


def refused(done: subprocess.CompletedProcess[str]) -> str:
    """The one error line of a refused ``cluedo play``."""
    everything = done.stdout + done.stderr
    assert "Traceback" not in everything, everything
    assert done.returncode == 2, everything
    assert done.stdout == "", everything  # nothing drawn, nothing started
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    assert "\x1b" not in lines[0]
    return lines[0]


# -- cluedo play --load -----------------------------------------------------------------


@pytest.mark.parametrize("bad", CATALOGUE, ids=lambda b: b.name)
def test_play_refuses_a_malformed_save_in_one_line(tmp_path: Path, bad: Bad) -> None:
    (tmp_path / "game.json").write_bytes(bad.content)
    line = refused(run_play(tmp_path, "--load", "game.json"))
    assert line.startswith("error: game.json is not a saved game we can load: "), line
    assert bad.says in line, line


def test_the_real_save_of_the_catalogue_loads(tmp_path: Path) -> None:
    # The catalogue's saves are spoiled copies of this one, which plays.
    (tmp_path / "game.json").write_text(json.dumps(terminal_save()))
    done = run_play(tmp_path, "--load", "game.json")
    assert done.returncode == 0, done.stderr
    assert "Ann" in done.stdout and done.stderr == ""
    # A byte-order mark (as some editors write) is no reason to refuse it.
    (tmp_path / "bom.json").write_bytes(b"\xef\xbb\xbf" + json.dumps(terminal_save()).encode())
    assert run_play(tmp_path, "--load", "bom.json").returncode == 0


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (lambda p: p.mkdir(), "game.json is not a saved game we can load: it is a folder"),
        (lambda p: None, "cannot read game.json: No such file or directory"),
        (lambda p: os.mkfifo(p), "game.json is not a saved game we can load: it is not a regular"),
    ],
    ids=["folder", "missing", "pipe"],
)
def test_play_refuses_what_is_not_a_file(
    tmp_path: Path, make: Callable[[Path], object], says: str
) -> None:
    make(tmp_path / "game.json")
    line = refused(run_play(tmp_path, "--load", "game.json"))  # a pipe must not hang it
    assert says in line, line


# -- the engine protocol's load ----------------------------------------------------------


def load_requests(bad: Bad) -> list[dict[str, Any]]:
    """The save as JSON text, and (when it is a JSON object) as an object."""
    try:
        text = bad.content.decode("utf-8")
    except UnicodeDecodeError:
        return []  # a JSON request cannot carry bytes that are not text
    requests: list[dict[str, Any]] = [{"cmd": "load", "save": text}]
    try:
        data = json.loads(text)
        json.dumps(data, allow_nan=False)  # NaN or 1e400: no JSON request can carry it
    except (ValueError, RecursionError):
        return requests
    if isinstance(data, dict):
        requests.append({"cmd": "load", "save": data})
    return requests


@pytest.mark.parametrize(
    # Bytes that are not text cannot travel in a JSON request: those saves are the
    # terminal's concern only.
    "bad",
    [b for b in CATALOGUE if load_requests(b)],
    ids=lambda b: b.name,
)
def test_protocol_load_answers_bad_save(bad: Bad) -> None:
    engine = Engine()
    requests = load_requests(bad)
    for request in requests:
        reply = engine.handle_line(json.dumps(request))
        if bad.engine:
            assert reply["ok"] is False, reply
            assert reply["error"]["code"] == "bad-save", reply
            assert bad.says in reply["error"]["message"], reply
        else:
            # The engine does not read the terminal section: the game itself is fine.
            assert reply["ok"] is True, reply
    assert engine.handle_line('{"cmd": "new", "players": 3}')["ok"] is True


def test_protocol_session_goes_on_after_every_bad_save() -> None:
    client = Client()
    try:
        loaded = 0
        for bad in CATALOGUE:
            for request in load_requests(bad):
                fields = {k: v for k, v in request.items() if k != "cmd"}
                if bad.engine:
                    error = client.error("load", "bad-save", **fields)
                    assert bad.says in error["message"], (bad.name, error)
                else:
                    client.ok("load", **fields)
                    loaded += 1
        # The same process, still answering, with the good loads open.
        assert client.ok("games")["games"] == [f"g{i}" for i in range(1, loaded + 1)]
    finally:
        assert client.close() == 0
    assert "Traceback" not in client.stderr


# -- fuzzing the loaders -------------------------------------------------------------------

LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.floats(),
    st.text(max_size=12),
    st.sampled_from(
        ["\ud800", "\udfff", "classic", "roll", "move", "random", "cmd:true", "\x1b[2J", "0", "7"]
    ),
)
VALUES = st.recursive(
    LEAVES,
    lambda kids: (
        st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids, max_size=4)
    ),
    max_leaves=12,
)


def places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a JSON document (the empty path is the document itself)."""
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out.extend(places(item, (*path, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out.extend(places(item, (*path, index)))
    return out


@st.composite
def spoiled_saves(draw: st.DrawFn) -> dict[str, Any]:
    """A real save of some rule set with one to three fields dropped, changed, retyped,
    nested deep, duplicated or swapped for another part of the save."""
    doc = terminal_save(draw(st.sampled_from(available())))
    for _ in range(draw(st.integers(1, 3))):
        spots = places(doc)[1:]
        path = draw(st.sampled_from(spots))
        parent: Any = doc
        for step in path[:-1]:
            parent = parent[step]
        key = path[-1]
        how = draw(st.sampled_from(["drop", "value", "deep", "copy", "twice", "new-key"]))
        if how == "drop":
            del parent[key]
        elif how == "value":
            parent[key] = draw(VALUES)
        elif how == "deep":
            parent[key] = nested(draw(st.integers(20, 3000)))
            break  # the last change: too deep for the walks above to go into
        elif how == "copy":
            other = draw(st.sampled_from(spots))
            source: Any = doc
            for step in other:
                source = source[step]
            parent[key] = copy.deepcopy(source)
        elif how == "twice" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        elif isinstance(parent, dict):
            parent[draw(st.text(max_size=6))] = draw(VALUES)
    return doc


def raises_only_save_error(load: Callable[[], object]) -> None:
    try:
        load()
    except SaveError as err:
        assert str(err), "a SaveError must say what is wrong"


@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(spoiled_saves())
def test_loaders_raise_only_save_error(doc: dict[str, Any]) -> None:
    raises_only_save_error(lambda: Game.load(doc))  # the protocol's load of an object
    try:
        text = json.dumps(doc)
    except RecursionError:
        return  # nested too deep for json to write: only the object form exists
    raises_only_save_error(lambda: Game.loads(text))  # the protocol's load of text
    raises_only_save_error(lambda: read_save(text.encode()))  # cluedo play --load


# -- a save never starts a program ---------------------------------------------------------


def test_a_save_never_starts_the_program_it_names(tmp_path: Path) -> None:
    marker = tmp_path / "MARKER"
    command = f"touch {shlex.quote(str(marker))}; cat >/dev/null"
    spec = "cmd:" + shlex.join(["/bin/sh", "-c", command])
    data = new_game("classic", players=3, seed=8).save()
    data["terminal"] = {"humans": {"0": "Ann"}, "bots": {"1": spec, "2": "random"}}
    (tmp_path / "game.json").write_text(json.dumps(data))

    line = refused(run_play(tmp_path, "--load", "game.json"))
    assert "external bot at seat 1" in line and "a save never starts a program" in line
    # Another command on the command line is not the saved one either.
    other = refused(run_play(tmp_path, "--load", "game.json", "--bot", "cmd:/bin/true"))
    assert "external bot at seat 1" in other
    time.sleep(0.5)
    assert not marker.exists()

    # Typed again, as the message says, it is the person's choice: the bot runs.
    again = shlex.split(line.split("run it by adding ", 1)[1])
    assert again == ["--bot", spec]
    done = run_play(tmp_path, "--load", "game.json", *again)
    assert done.returncode == 0, done.stderr
    assert marker.exists()


# -- no escape sequence from a save reaches the terminal ----------------------------------


NAME = "Ann\x1b[2J\x1b[31mRed\x1b]0;pwned\x07\x9b2JEnd\x07\x00\u202e"
NOTE = "ab\x1b[5mcd\x1b]8;;https://x.invalid\x1b\\"


def test_names_and_notes_from_a_save_are_printed_plain(tmp_path: Path) -> None:
    data = new_game("classic", players=3, seed=8).save()
    data["terminal"] = {
        "humans": {"0": NAME, "1": "Bob\x1b[1A\x1b[2K"},
        "bots": {"2": "random"},
        "notes": {"0": {"notes": {"rope": NOTE}, "cells": []}},
    }
    (tmp_path / "game.json").write_text(json.dumps(data))
    person = Person("--load game.json", tmp_path)
    # Hot seat: the screen names the person to pass the keyboard to.
    assert "AnnRedEnd" in person.screen
    person.say("")
    person.say("notes")
    assert "abcd" in person.screen
    person.say("")
    person.say("quit", "[Y/n] ")
    person.say("n", "Goodbye")
    assert person.finish() == 0
    raw = person.raw
    assert "AnnRedEnd" in raw and "abcd" in raw  # nothing was left between the pieces
    for piece in ("pwned", "\x1b]", "\x07", "\x9b", "\x00", "\u202e", "\x1b[1A", "\x1b[5m"):
        assert piece not in raw, repr(piece)
    assert "x.invalid" not in ANSI.sub("", raw)


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("Ann\x1b[2J", "Ann"),
        ("\x1b[38;2;255;0;0mred\x1b[0m", "red"),
        ("a\x1b]0;title\x07b", "ab"),
        ("a\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\b", "alinkb"),
        ("a\x1bPdata\x1b\\b", "ab"),
        ("a\x9b31mb", "ab"),
        ("a\x1bcb", "ab"),
        ("tab\there\nnew\rline", "tab here new line"),
        ("\u202eevil\u2066", "evil"),
        ("lone\ud800", "lone"),
        ("Zoë 🕵", "Zoë 🕵"),
        ("x\x1b]0;never ended", "x"),
    ],
)
def test_plain_text(text: str, plain: str) -> None:
    assert plain_text(text) == plain
