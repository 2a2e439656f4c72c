"""The server's edge: text people type, request bodies, response headers, per-address limits.

Everything here is about input the server cannot trust and headers every
response carries. None of it knows about games; ``app.py``, ``lobby.py`` and
``tables.py`` use it.
"""

from __future__ import annotations

import ipaddress
import json
import re
import time
import unicodedata
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from starlette.datastructures import MutableHeaders
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send


class WebError(Exception):
    """Something a browser asked for that cannot be done; sent back as an error frame."""

    def __init__(
        self,
        message: str,
        rule: str = "bad-request",
        allowed: str | None = None,
        status: int | None = None,
    ):
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.allowed = allowed
        self.status = status
        """The HTTP status to answer with, when the rule alone does not decide it."""

    def frame(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "error", "rule": self.rule, "error": self.message}
        if self.allowed:
            out["allowed"] = self.allowed
        return out


MAX_DEPTH = 16
"""Deepest JSON nesting accepted in a request or a message; real ones use four levels."""

_FORBIDDEN_CATEGORIES = {
    "Cc": "control characters (tabs, newlines, ...)",
    "Cf": "invisible formatting characters (zero-width, bidi override or isolate, ...)",
    "Cs": "lone surrogates (text that is not valid Unicode)",
    "Zl": "line separators",
    "Zp": "paragraph separators",
}
_INVISIBLE = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0")
"""Characters outside those categories that still show as nothing (fillers, blanks)."""
ALLOWED_TEXT = "letters, digits, punctuation, symbols and spaces"


def text_problem(text: str) -> str | None:
    """What is wrong with a piece of text people will see, or None if nothing is."""
    if text.isascii():
        bad = next((c for c in text if not " " <= c <= "~"), None)
        return None if bad is None else _describe(bad)
    for char in text:
        if unicodedata.category(char) in _FORBIDDEN_CATEGORIES or char in _INVISIBLE:
            return _describe(char)
    return None


def _describe(char: str) -> str:
    what = _FORBIDDEN_CATEGORIES.get(unicodedata.category(char), "invisible characters")
    return f"it holds U+{ord(char):04X}; {what} are not allowed"


def display_text(text: Any, limit: int) -> str:
    """Text already stored, made safe to send: each forbidden character becomes U+FFFD.

    For records written before names and chat were checked (or by other tools):
    they must not stop a table from being shown.
    """
    if not isinstance(text, str):
        return ""
    if text_problem(text) is None:
        return text[:limit]
    out = []
    for char in text:
        bad = unicodedata.category(char) in _FORBIDDEN_CATEGORIES or char in _INVISIBLE
        out.append("\ufffd" if bad else char)
    return unicodedata.normalize("NFC", "".join(out))[:limit]


def clean_text(text: str) -> tuple[str, str | None]:
    """Text normalised to NFC, and what is wrong with it (None if nothing)."""
    if _has_surrogate(text):
        return text, _FORBIDDEN_CATEGORIES["Cs"] + " are not allowed"
    text = unicodedata.normalize("NFC", text)
    return text, text_problem(text)


_WORDS = re.compile(r"[^\W_]+")


def looks_like_bot(name: str, bot_names: Iterable[str]) -> bool:
    """Whether a person's name could pass for a bot: "sensible bot", "[BOT] Ann", "Random"."""
    words = _WORDS.findall(unicodedata.normalize("NFKC", name).casefold())
    if not words:
        return False
    if "bot" in words or "bots" in words:
        return True
    bots = {b.casefold() for b in bot_names}
    return " ".join(words) in bots or "".join(words) in bots


def _has_surrogate(text: str) -> bool:
    if text.isascii():
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


# -- JSON in ---------------------------------------------------------------------


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def parse_json(data: str | bytes, what: str) -> Any:
    """Parse a request body or a message; refuse what the rest of the server should not see.

    Refused with :class:`WebError`: text that is not JSON (NaN and Infinity
    included), nesting deeper than :data:`MAX_DEPTH`, and strings (keys too)
    holding lone surrogates - which could not be stored or sent on.
    """
    try:
        value = json.loads(data, parse_constant=_no_constant)
    except RecursionError:
        raise _too_deep(what) from None
    except ValueError:
        raise WebError(f"the {what} is not JSON", "bad-json") from None
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if _has_surrogate(item):
                raise WebError(
                    f"the {what} holds a lone surrogate (text that is not valid Unicode)",
                    "bad-text",
                    "text that is valid Unicode",
                )
        elif isinstance(item, (dict, list)):
            if depth >= MAX_DEPTH:
                raise _too_deep(what)
            if isinstance(item, dict):
                stack.extend((k, depth + 1) for k in item)
                stack.extend((v, depth + 1) for v in item.values())
            else:
                stack.extend((v, depth + 1) for v in item)
    return value


def _too_deep(what: str) -> WebError:
    return WebError(f"the {what} is nested more than {MAX_DEPTH} levels deep", "too-deep")


async def read_body(request: Request, limit: int) -> bytes:
    """The request's body, refused (413) as soon as it is known to be over ``limit`` bytes.

    A declared Content-Length over the limit is refused before anything is
    read; a body without one (or lying about it) is counted as it arrives.
    """
    declared = request.headers.get("content-length")
    if declared is not None:
        if not (declared.isascii() and declared.isdigit()):
            raise WebError("the Content-Length header is not a number", "bad-request")
        if len(declared) > 12 or int(declared) > limit:
            raise too_large(limit)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise too_large(limit)
        chunks.append(chunk)
    return b"".join(chunks)


def too_large(limit: int) -> WebError:
    return WebError(f"the request is larger than {limit} bytes", "too-large", status=413)


# -- JSON out --------------------------------------------------------------------


def dumps(frame: Any) -> str:
    """A frame as JSON text. ASCII only: whatever the frame holds, it can be sent."""
    return json.dumps(frame, separators=(",", ":"))


# -- limits per address ----------------------------------------------------------


class TokenBucket:
    """A burst of ``burst`` actions per key, then one every ``every`` seconds."""

    def __init__(self, burst: float, every: float, clock: Any = time.monotonic) -> None:
        self.burst = float(burst)
        self.every = float(every)
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}

    def _level(self, key: str, now: float) -> float:
        tokens, at = self._buckets.get(key, (self.burst, now))
        if self.every <= 0:
            return self.burst
        return min(self.burst, tokens + (now - at) / self.every)

    def wait(self, key: str) -> float:
        """Seconds until ``key`` has a token (0.0 if it has one now); nothing is taken."""
        level = self._level(key, self.clock())
        return 0.0 if level >= 1 else (1 - level) * self.every

    def take(self, key: str) -> float:
        """Take one token: 0.0 if there was one, else seconds until there will be."""
        now = self.clock()
        level = self._level(key, now)
        if level < 1:
            return (1 - level) * self.every
        self._buckets[key] = (level - 1, now)
        if len(self._buckets) > 10_000:
            self._forget_full(now)
        return 0.0

    def _forget_full(self, now: float) -> None:
        # A full bucket is the same as no bucket: forget it, so memory stays bounded.
        for key in list(self._buckets):
            if self._level(key, now) >= self.burst:
                del self._buckets[key]


def client_address(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


# -- websocket origin ------------------------------------------------------------

_DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def origin_allowed(origin: str | None, host: str | None) -> bool:
    """A browser's websocket may come only from a page of this server (same host and port).

    No Origin header at all is allowed: that is not a browser (a bot script, a
    benchmark), and it cannot carry someone else's cookies.
    """
    if origin is None:
        return True
    try:
        source = urlsplit(origin)
        target = urlsplit("//" + (host or ""))
        scheme = source.scheme.lower()
        if scheme not in _DEFAULT_PORTS or not source.hostname or not target.hostname:
            return False
        default = _DEFAULT_PORTS[scheme]
        return source.hostname == target.hostname and (source.port or default) == (
            target.port or default
        )
    except ValueError:  # a port that is not a number
        return False


# -- the Host header --------------------------------------------------------------


def host_allowed(host: str | None, names: Iterable[str]) -> bool:
    """Whether a request's Host header names this server.

    Allowed: an IP address (v4 or v6, any port), ``localhost`` (and names under
    it), and the ``names`` the server was started with. Any other name could be
    a stranger's domain pointed at this machine (DNS rebinding), whose pages
    would then pass the websocket's origin check and read the API as their own.
    """
    if not host:
        return False
    try:
        name = urlsplit("//" + host).hostname
    except ValueError:
        return False
    if not name:
        return False
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        pass
    name = name.rstrip(".")
    if name == "localhost" or name.endswith(".localhost"):
        return True
    return name in {n.lower().rstrip(".") for n in names}


class HostCheck:
    """ASGI middleware: requests and websockets whose Host is not one of this server's
    names (see :func:`host_allowed`) are refused: 400 with an error, or an error frame
    and close code 1008."""

    def __init__(self, app: ASGIApp, names: Iterable[str]) -> None:
        self.app = app
        self.names = frozenset(names)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"host"), None)
        if host_allowed(host, self.names):
            await self.app(scope, receive, send)
            return
        shown = (host or "")[:80]
        allowed = ", ".join(["an IP address", "localhost", *sorted(self.names)])
        error = WebError(
            f"this server does not answer to the name {shown!r}; start it with "
            "--allowed-host NAME to let it",
            "bad-host",
            allowed,
        )
        body = dumps(error.frame())
        if scope["type"] == "websocket":
            await receive()  # the connect message
            await send({"type": "websocket.accept"})
            await send({"type": "websocket.send", "text": body})
            await send({"type": "websocket.close", "code": 1008})
            return
        await send(
            {
                "type": "http.response.start",
                "status": 400,
                "headers": [(b"content-type", b"application/json")],
            }
        )
        await send({"type": "http.response.body", "body": body.encode("ascii")})


# -- headers on every response ---------------------------------------------------

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
"""The page loads one script and one style sheet from /static, with nothing inline,
and talks only to this server (``'self'`` covers its websocket)."""

SECURITY_HEADERS = [
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-frame-options", "DENY"),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),  # seat links carry their token
]


class SecurityHeaders:
    """ASGI middleware: the headers above on every HTTP response, errors included."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS:
                    headers[name] = value
            await send(message)

        await self.app(scope, receive, send_with_headers)
