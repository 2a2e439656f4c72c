"""A bot in another process, in any language, speaking JSON lines on its stdin/stdout.

The process is started once per seat (the command line is split like a shell
would, but no shell runs it). It then reads one JSON object per line:

* ``{"type": "hello", "protocol": 1, "seat": s, "seed": n}`` first. It needs no
  answer; a bot may answer once with ``{"type": "hello", "name": "..."}``.
* ``{"type": "choose", "seat": s, "view": {...}, "legal": [actions]}`` for every
  decision. The bot writes one line back: ``{"action": <one of legal>}`` or
  ``{"index": n}`` (a position in ``legal``).
* ``{"type": "quit"}`` when the game is over; then its stdin closes.

A bot that answers garbage or an illegal action, exits, or takes longer than the
time limit (default 10 s, ``CLUEDO_BOT_TIMEOUT`` seconds, or ``timeout=``) makes
``choose`` raise :class:`ExternalBotError` naming the bot and what it sent. There
is no silent fallback to a random move: a simulation must not report results of
a bot that did not really play. The bot's stderr is kept (its last lines appear
in errors) and is otherwise not shown, so it cannot garble a terminal game.
See ``docs/protocol.md``.
"""

from __future__ import annotations

import collections
import contextlib
import json
import os
import queue
import shlex
import subprocess
import threading
import time
import weakref
from collections.abc import Sequence
from typing import IO, Any

from cluedo.agents.base import Agent
from cluedo.engine.actions import Action
from cluedo.engine.errors import CluedoError, MalformedAction

BOT_PROTOCOL_VERSION = 1
DEFAULT_TIMEOUT = 10.0
TIMEOUT_ENV = "CLUEDO_BOT_TIMEOUT"
MAX_REPLY_BYTES = 1 << 20
STDERR_LINES = 20
"""Lines of the bot's stderr kept for error messages."""
_SHOWN = 200
"""Characters of a bad reply quoted in an error."""


class ExternalBotError(CluedoError):
    """An external bot failed: bad reply, illegal action, crash or timeout."""


def _default_timeout() -> float:
    raw = os.environ.get(TIMEOUT_ENV)
    if raw is None:
        return DEFAULT_TIMEOUT
    try:
        value = float(raw)
    except ValueError:
        raise ExternalBotError(
            f"{TIMEOUT_ENV}={raw!r} is not a number of seconds (e.g. {TIMEOUT_ENV}=30)"
        ) from None
    if not value > 0:
        raise ExternalBotError(f"{TIMEOUT_ENV} must be more than 0 seconds, got {raw!r}")
    return value


def _pump_lines(stream: IO[bytes], sink: queue.Queue[bytes | None]) -> None:
    """Move the bot's stdout lines into a queue (None at end of stream), so reads can time out."""
    try:
        while True:
            line = stream.readline(MAX_REPLY_BYTES + 1)
            if not line:
                break
            sink.put(line)
            if len(line) > MAX_REPLY_BYTES:
                break  # the reader reports it; nothing after it can be trusted
    except (OSError, ValueError):
        pass
    finally:
        sink.put(None)


def _keep_tail(stream: IO[bytes], tail: collections.deque[str]) -> None:
    try:
        for line in stream:
            tail.append(line.decode("utf-8", "replace").rstrip())
    except (OSError, ValueError):
        pass


def _feed(stream: IO[bytes], source: queue.Queue[bytes | None]) -> None:
    """Write queued messages to the bot; None closes its stdin.

    Writing happens here, not in ``choose``, so that a bot which stops reading
    (and lets the pipe fill) costs a timeout instead of hanging the game.
    """
    try:
        while True:
            data = source.get()
            if data is None:
                break
            stream.write(data)
            stream.flush()
    except (OSError, ValueError):
        pass  # the bot is gone; the reader sees its output end and reports it
    finally:
        with contextlib.suppress(OSError, ValueError):
            stream.close()


def _stop(proc: subprocess.Popen[bytes], outbox: queue.Queue[bytes | None]) -> None:
    """End the bot: close its stdin, give it a moment to leave, then terminate and kill."""
    outbox.put(None)
    try:
        proc.wait(timeout=1.0)
    except subprocess.TimeoutExpired:
        proc.terminate()
        try:
            proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


class ExternalAgent(Agent):
    """A bot run as ``command`` (e.g. ``python examples/external_bot.py``) for ``seat``."""

    def __init__(
        self,
        command: str,
        seat: int,
        seed: int | None = None,
        timeout: float | None = None,
    ) -> None:
        super().__init__(seat, seed)
        self.command = command
        self.name = f"cmd:{command}"
        self.timeout = _default_timeout() if timeout is None else timeout
        if not self.timeout > 0:
            raise ExternalBotError(f"the time limit must be more than 0 seconds, got {timeout!r}")
        self.bot_name: str | None = None
        """The name the bot gave in its optional hello answer."""
        try:
            args = shlex.split(command)
        except ValueError as err:
            raise ExternalBotError(f"bad bot command line {command!r}: {err}") from None
        if not args:
            raise ExternalBotError("empty bot command line; give e.g. cmd:python my_bot.py")
        try:
            self.proc = subprocess.Popen(
                args,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
        except OSError as err:
            raise ExternalBotError(f"cannot start bot {command!r}: {err}") from None
        self._outbox: queue.Queue[bytes | None] = queue.Queue()
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=STDERR_LINES)
        # Stop the process even if the owner forgets close(), e.g. after an exception.
        self._finalizer = weakref.finalize(self, _stop, self.proc, self._outbox)
        proc = self.proc
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        self._threads = [
            threading.Thread(target=target, args=arg, daemon=True)
            for target, arg in (
                (_feed, (proc.stdin, self._outbox)),
                (_pump_lines, (proc.stdout, self._lines)),
                (_keep_tail, (proc.stderr, self._stderr)),
            )
        ]
        for thread in self._threads:
            thread.start()
        self._closed = False
        self._answered = False
        self._failed: str | None = None
        self._send({"type": "hello", "protocol": BOT_PROTOCOL_VERSION, "seat": seat, "seed": seed})

    # -- talking to the process -----------------------------------------------------

    def _who(self) -> str:
        return f"bot {self.command!r} (seat {self.seat})"

    def _fail(self, problem: str) -> ExternalBotError:
        text = f"{self._who()} {problem}"
        # After a failure the conversation is out of step (a late answer would be taken
        # for the next one), so the bot plays no more.
        self._failed = text
        code = self.proc.poll()
        if code is not None:
            text += f"; it exited with code {code}"
            # Let the stderr reader collect the last lines of a crash.
            self._threads[2].join(timeout=0.5)
        if self._stderr:
            text += "; its last stderr lines:\n  " + "\n  ".join(self._stderr)
        return ExternalBotError(text)

    def _send(self, message: dict[str, Any]) -> None:
        self._outbox.put(json.dumps(message, separators=(",", ":")).encode("utf-8") + b"\n")

    def _read(self, deadline: float) -> Any:
        try:
            line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            raise self._fail(
                f"sent no answer within {self.timeout:g} s (set {TIMEOUT_ENV} to allow longer)"
            ) from None
        if line is None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=1.0)
            raise self._fail("closed its output instead of answering")
        if len(line) > MAX_REPLY_BYTES:
            raise self._fail(f"sent a line longer than {MAX_REPLY_BYTES} bytes")
        try:
            return json.loads(line)
        except (ValueError, RecursionError):
            shown = line.decode("utf-8", "replace").rstrip()[:_SHOWN]
            raise self._fail(
                f'sent {shown!r}, which is not JSON; expected {{"action": ...}} or '
                '{"index": n} on one line'
            ) from None

    # -- the agent ------------------------------------------------------------------

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        if self._closed:
            raise ExternalBotError(f"{self._who()} was closed and cannot play")
        if self._failed is not None:
            raise ExternalBotError(f"{self._who()} plays no more after an error: {self._failed}")
        legal_json = [a.to_json() for a in legal]
        self._send({"type": "choose", "seat": self.seat, "view": view, "legal": legal_json})
        deadline = time.monotonic() + self.timeout
        reply = self._read(deadline)
        if (
            not self._answered
            and isinstance(reply, dict)
            and reply.get("type") == "hello"
            and "action" not in reply
            and "index" not in reply
        ):
            name = reply.get("name")
            self.bot_name = name if isinstance(name, str) else None
            reply = self._read(deadline)
        self._answered = True
        return self._to_action(reply, legal)

    def _to_action(self, reply: Any, legal: Sequence[Action]) -> Action:
        shown = json.dumps(reply)[:_SHOWN]
        if isinstance(reply, dict) and "index" in reply and "action" not in reply:
            index = reply["index"]
            if not isinstance(index, int) or isinstance(index, bool):
                raise self._fail(f"sent {shown}: 'index' must be an integer")
            if not 0 <= index < len(legal):
                raise self._fail(
                    f"sent {shown}: index {index} is outside the legal list (0 to {len(legal) - 1})"
                )
            return legal[index]
        if isinstance(reply, dict) and "action" in reply and "index" not in reply:
            try:
                action = Action.from_json(reply["action"])
            except MalformedAction as err:
                raise self._fail(f"sent {shown}: {err.message}") from None
            if action not in legal:
                raise self._fail(
                    f"sent {shown}: that action is not legal now; it must be one of the "
                    f"{len(legal)} actions in 'legal' (or answer with their index)"
                )
            return action
        raise self._fail(f'sent {shown}; expected {{"action": ...}} or {{"index": n}}')

    def close(self) -> None:
        """Say goodbye and end the process (idempotent)."""
        if self._closed:
            return
        self._closed = True
        self._send({"type": "quit"})
        self._finalizer()
