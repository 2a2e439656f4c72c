"""``cluedo verify``: check a finished web game's shuffle and record.

Given a replay (the JSON from ``/api/tables/{code}/replay``, as a file or a URL
on this machine) it checks, in order, that the revealed secret matches the
commitment published when the table was made, that the game's seed comes from
that secret, and that replaying the recorded actions from that seed gives
exactly the recorded game. Exit status: 0 all hold, 1 the first that does not,
2 the input is not a replay.
"""

from __future__ import annotations

import ipaddress
import json
import re
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import typer

from cluedo.engine.errors import SaveError
from cluedo.engine.game import Game
from cluedo.web.fairness import commitment_of, seed_of

HEX64 = re.compile(r"[0-9a-f]{64}")
MAX_REPLAY = 64 * 1024 * 1024
"""Largest replay read, in bytes."""


class NotAReplay(Exception):
    """The input is not a replay at all (exit status 2)."""


class Mismatch(Exception):
    """A check failed (exit status 1); the message says which and how."""


def _plain(value: Any) -> Any:
    """The value as JSON would carry it (tuples become lists), for comparing."""
    return json.loads(json.dumps(value))


def verify_replay(replay: Any, expected_commitment: str | None = None) -> list[str]:
    """The checks that held, in order; raises :class:`Mismatch` at the first that fails."""
    if not isinstance(replay, dict):
        raise NotAReplay("a replay is a JSON object")
    save, events = replay.get("save"), replay.get("events")
    if not isinstance(save, dict) or not isinstance(events, list):
        raise NotAReplay("a replay has a 'save' object and an 'events' list")
    shuffle = replay.get("shuffle")
    if not isinstance(shuffle, dict) or shuffle.get("commitment") is None:
        raise Mismatch("no commitment (the table was created before verifiable shuffles)")
    commitment, secret = shuffle.get("commitment"), shuffle.get("secret")
    if not isinstance(commitment, str) or not HEX64.fullmatch(commitment):
        raise Mismatch(f"the commitment is not 64 hex digits: {commitment!r}")
    passed = []
    if expected_commitment is not None:
        if expected_commitment.strip().lower() != commitment:
            raise Mismatch(
                f"the replay's commitment {commitment} is not the one you were shown "
                f"({expected_commitment.strip()})"
            )
        passed.append("the commitment is the one you were shown")
    table = replay.get("table")
    table_shuffle = table.get("shuffle") if isinstance(table, dict) else None
    if isinstance(table_shuffle, dict) and table_shuffle.get("commitment") != commitment:
        raise Mismatch("the table's commitment and the replay's differ")
    if not isinstance(secret, str) or not HEX64.fullmatch(secret):
        raise Mismatch("the secret is not revealed (64 hex digits); has the game ended?")
    raw = bytes.fromhex(secret)
    if commitment_of(raw) != commitment:
        raise Mismatch(
            f"the secret does not match the commitment: SHA-256 gives {commitment_of(raw)}, "
            f"the commitment is {commitment}"
        )
    passed.append(f"the secret matches the commitment {commitment}")
    seed = save.get("seed")
    if seed != seed_of(raw):
        raise Mismatch(f"the game's seed {seed!r} does not come from the secret ({seed_of(raw)})")
    passed.append(f"the seed {seed} comes from the secret")
    try:
        game = Game.load(save, from_seed=True)  # the seed, not stored outcomes, must give the game
    except SaveError as err:
        raise Mismatch(f"the recorded actions do not replay from this seed: {err}") from None
    replayed = _plain(game.full_log())
    recorded = _plain(events)
    for index, (mine, theirs) in enumerate(zip(replayed, recorded, strict=False)):
        if mine != theirs:
            raise Mismatch(f"event {index} differs: replayed {mine}, recorded {theirs}")
    if len(replayed) != len(recorded):
        raise Mismatch(f"replaying gives {len(replayed)} events, the record has {len(recorded)}")
    passed.append(f"the {len(save.get('actions', []))} recorded actions replay to the same events")
    if "reveal" in replay and _plain(game.rules.reveal(game.state)) != _plain(replay["reveal"]):
        raise Mismatch("the replayed game's final cards differ from the recorded ones")
    if not game.finished:
        raise Mismatch("the replayed game has not ended")
    passed.append("the replayed game ends as recorded")
    return passed


LOOPBACK_NAMES = {"localhost", "localhost.localdomain"}


def _loopback(host: str) -> bool:
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def replay_url(url: str) -> str:
    """The replay API's URL for a URL on this machine (a page's or the API's)."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise NotAReplay(f"not an http(s) URL: {url}")
    if not _loopback(parts.hostname):
        raise NotAReplay(
            f"{parts.hostname} is not this machine: download the replay and pass the file"
        )
    page = re.fullmatch(r"/(?:replay|t)/([A-Za-z0-9]+)/?", parts.path)
    path = f"/api/tables/{page.group(1)}/replay" if page else parts.path
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, path, "", ""))


def read_replay(source: str) -> Any:
    """A replay's JSON from a file or a loopback URL; raises :class:`NotAReplay`."""
    if re.match(r"[a-zA-Z][a-zA-Z0-9+.-]*://", source):
        url = replay_url(source)
        try:
            with urllib.request.urlopen(url, timeout=15) as response:
                body = response.read(MAX_REPLAY + 1)
        except urllib.error.HTTPError as err:
            raise NotAReplay(f"{url} answered {err.code}: {err.read(500)!r}") from None
        except (urllib.error.URLError, OSError) as err:
            raise NotAReplay(f"could not fetch {url}: {err}") from None
    else:
        try:
            with Path(source).open("rb") as file:
                body = file.read(MAX_REPLAY + 1)
        except OSError as err:
            raise NotAReplay(f"cannot read {source}: {err.strerror or err}") from None
    if len(body) > MAX_REPLAY:
        raise NotAReplay(f"larger than {MAX_REPLAY} bytes")
    try:
        return json.loads(body)
    except (ValueError, RecursionError) as err:
        raise NotAReplay(f"not JSON: {err}") from None


def register(app: typer.Typer) -> None:
    """Add the ``verify`` command."""

    @app.command("verify")
    def verify_command(
        replay: str = typer.Argument(
            ..., help="a replay's JSON file, or its URL on this machine (http://127.0.0.1:...)"
        ),
        commitment: str = typer.Option(
            None, help="the commitment you were shown when the game began, to check it too"
        ),
    ) -> None:
        """Check a finished web game: its shuffle matches its commitment and its record replays."""
        try:
            passed = verify_replay(read_replay(replay), commitment)
        except NotAReplay as err:
            typer.echo(f"not a replay: {err}", err=True)
            raise typer.Exit(2) from None
        except Mismatch as err:
            typer.echo(f"NOT VERIFIED: {err}")
            raise typer.Exit(1) from None
        for line in passed:
            typer.echo(f"ok: {line}")
        typer.echo("verified: the shuffle matches its commitment and the game is as recorded")
