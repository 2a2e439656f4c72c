"""The Starlette application: the lobby's HTTP API, one websocket per browser, the page.

HTTP (JSON):
  GET  /api/rules                    rule sets, options (JSON schema), bots, characters
  GET  /api/boards/{id}              a board's geometry
  GET  /api/qr.svg?text=...          a QR code (SVG) of a link, for a phone to scan
  POST /api/tables                   open a table -> {"code": ...}
  GET  /api/tables/{code}            the table's public information
  POST /api/tables/{code}/join       take a seat -> {"seat", "token", "url"} (+ a cookie)
  GET  /api/tables/{code}/replay     a finished game with every card shown
Websocket ``/ws/{code}?token=...`` (no token: a spectator). Browser to server:
``act``, ``chat``, ``notebook``, ``note`` and ``ping`` messages; they and the
request bodies are the typed models of :mod:`cluedo.web.messages`. Server to
browser: ``update`` frames (the seat's view, the log since the last frame, its
legal actions, the table), ``notebook``, ``pong`` and ``error`` frames. See
docs/web.md.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp
from starlette.websockets import WebSocket, WebSocketDisconnect

from cluedo.engine.collector import settle
from cluedo.web.fairness import draw_secret
from cluedo.web.guard import (
    HostCheck,
    SecurityHeaders,
    TokenBucket,
    client_address,
    dumps,
    origin_allowed,
    parse_json,
    read_body,
)
from cluedo.web.links import qr_svg
from cluedo.web.lobby import board_json, card_names, join, new_table, rules_catalog
from cluedo.web.messages import MAX_MESSAGE, Act, AskNotebook, Chat, Ping, read_message
from cluedo.web.store import DatabaseInUse, Store, TableRecord
from cluedo.web.tables import Client, Table, WebError
from cluedo.web.tableside import NotebookRequestError, notebook_json

log = logging.getLogger("cluedo.web")

RATE_BURST = 30
RATE_PER_SECOND = 10.0
"""Each connection may send a burst of 30 messages, then 10 a second."""

SERVER_DEFAULTS: dict[str, Any] = {
    "bot_delay": 0.6,
    "table_burst": 10,
    "table_every": 6.0,
    "sockets_per_address": 50,
    "lookup_burst": 30,
    "lookup_every": 2.0,
    "allowed_hosts": None,
}
"""The server's defaults: a table's bot pause, and limits per client address - a burst
of ``table_burst`` new tables then one every ``table_every`` seconds, at most
``sockets_per_address`` websockets open at once, and a burst of ``lookup_burst``
table codes that do not exist then one every ``lookup_every`` seconds (so invite
codes cannot be guessed). ``allowed_hosts``: the names the server answers to
besides IP addresses and localhost (None: no Host check; ``cluedo serve`` always
checks)."""


FINISHED_KEPT = 32
"""Finished games kept in memory after someone asked for them (replays, late visitors)."""


class Server:
    """The tables being played, in memory, backed by the store."""

    def __init__(self, store: Store, defaults: dict[str, Any]) -> None:
        unknown = set(defaults) - set(SERVER_DEFAULTS)
        if unknown:
            raise ValueError(f"unknown server defaults {sorted(unknown)}")
        self.store = store
        self.defaults = {**SERVER_DEFAULTS, **defaults}
        self.tables: dict[str, Table] = {}
        self.put_aside: dict[str, str] = {}
        """Tables whose stored record cannot be trusted: code -> why."""
        self.finished: dict[str, Table] = {}
        """Finished games loaded on demand, the most recently asked for last."""
        self.codes: set[str] = set()
        """Every table code in the store (new codes must differ from all of them)."""
        self.new_tables = TokenBucket(self.defaults["table_burst"], self.defaults["table_every"])
        self.lookups = TokenBucket(self.defaults["lookup_burst"], self.defaults["lookup_every"])
        """Per address, lookups of codes that name no table (guesses, or typing mistakes)."""
        self.sockets: dict[str, int] = {}
        """Websockets open per client address."""
        self._loading: dict[str, asyncio.Future[Table | None]] = {}
        """Finished games being read from the store, by code."""
        self.draw_secret: Callable[[], bytes] = draw_secret
        """Where each new table's shuffle secret comes from (tests swap in a fixed one)."""

    def load(self) -> None:
        """Every table still being played back in play; one whose record cannot be
        trusted is put aside (logged, and its page says so) while every other table
        starts. Finished games stay in the store until someone asks for one, so
        starting takes no longer as they pile up."""
        self.codes = self.store.codes()
        for record in self.store.load_all(finished=False):
            table = self._restore(record)
            if table is not None:
                self.tables[record.code] = table
                table.kick()  # bots whose turn it was when the server stopped go on

    def _restore(self, record: TableRecord) -> Table | None:
        if record.damage is not None:
            self._put_aside(record.code, record.damage)
            return None
        try:
            return Table(record, self.store)
        except Exception as err:
            log.debug("table %s does not replay", record.code, exc_info=True)
            self._put_aside(record.code, f"its stored actions do not replay ({err})")
            return None

    async def finished_table(self, code: str) -> Table | None:
        """A finished game from the store, kept among the last few asked for.

        Read and replayed in a thread, so other tables play on meanwhile; two
        requests for the same game share one load.
        """
        table = self.finished.pop(code, None)
        if table is None and code in self.codes and code not in self.put_aside:
            loading = self._loading.get(code)
            if loading is None:
                loading = asyncio.ensure_future(asyncio.to_thread(self._load_finished, code))
                self._loading[code] = loading
                loading.add_done_callback(lambda _done: self._loading.pop(code, None))
            table = await asyncio.shield(loading)
        if table is None:
            return None
        self.finished[code] = table  # most recent last
        while len(self.finished) > FINISHED_KEPT:
            self.finished.pop(next(iter(self.finished)))
        return table

    def _load_finished(self, code: str) -> Table | None:
        record = self.store.load(code)
        return self._restore(record) if record is not None else None

    def retire_finished(self) -> None:
        """Move finished games nobody watches out of the live tables (memory is freed;
        they come back from the store on demand)."""
        for code, table in list(self.tables.items()):
            if table.status == "finished" and not table.clients:
                del self.tables[code]

    async def stop(self) -> None:
        """Let every table finish the write it has under way, and stop its bots."""
        for table in [*self.tables.values(), *self.finished.values()]:
            await table.close()

    def _put_aside(self, code: str, why: str) -> None:
        self.put_aside[code] = why
        log.error("table %s is put aside: %s", code, why)

    async def table(self, code: str, address: str) -> Table:
        """The table with this code (a finished game is fetched from the store), or
        :class:`WebError` (404, or 410 for a table put aside).

        An address that has asked for too many codes that do not exist is refused
        (429) whatever it asks for, so that the answers tell a guesser nothing.
        """
        wait = self.lookups.wait(address)
        if wait:
            raise WebError(
                "too many table codes that do not exist from your address; try again in "
                f"{math.ceil(wait)} s",
                "rate-limited",
                status=429,
            )
        wanted = code.upper()
        table = self.tables.get(wanted) or await self.finished_table(wanted)
        if table is None:
            why = self.put_aside.get(wanted)
            if why is not None:
                raise WebError(
                    f"table {wanted} is put aside because {why}; the other tables are "
                    "not affected, and the server's log has the details",
                    "table-put-aside",
                    status=410,
                )
            self.lookups.take(address)
            raise WebError(f"no table with code {code!r}", "no-such-table")
        return table


CLAIM_CHECK = 5.0
"""Seconds between checks that the server still holds its PostgreSQL database."""


async def _keep_claim(store: Store) -> None:
    """Check the server's claim on its database now and then (see :meth:`Store.keep_claim`)."""
    while not store.lost:
        await asyncio.sleep(CLAIM_CHECK)
        try:
            await asyncio.to_thread(store.keep_claim)
        except DatabaseInUse as err:
            log.error("every write is refused from now on: %s", err)
        except Exception:  # the database is away: try again at the next check
            log.warning("the claim on the database could not be checked", exc_info=True)


class SafeJSON(JSONResponse):
    """JSON in ASCII: whatever a response holds, it can be encoded and sent."""

    def render(self, content: Any) -> bytes:
        return dumps(content).encode("ascii")


def _seat_response(code: str, seat: int, token: str) -> JSONResponse:
    """A seat just taken: its number, its private token and link (also as a cookie)."""
    url = f"/t/{code}?token={token}"
    response = SafeJSON({"code": code, "seat": seat, "token": token, "url": url})
    response.set_cookie(f"cluedo_{code}", token, max_age=30 * 86400, httponly=True, samesite="lax")
    return response


def _error(err: WebError, status: int = 400) -> JSONResponse:
    return SafeJSON(err.frame(), status_code=err.status or status)


async def _json_body(request: Request) -> Any:
    body = await read_body(request, MAX_MESSAGE)
    return parse_json(body or b"{}", "request body")


class _App(Starlette):
    hosts: list[str] | None = None
    """The names the server answers to besides IP addresses and localhost (None: all)."""

    def build_middleware_stack(self) -> ASGIApp:
        # Outside Starlette's own error handling, so that even a 500 has the headers.
        inner = super().build_middleware_stack()
        if self.hosts is not None:
            inner = HostCheck(inner, self.hosts)
        return SecurityHeaders(inner)


def create_app(
    database: str | None = None,
    bot_delay: float = 0.6,
    store: Store | None = None,
    defaults: dict[str, Any] | None = None,
) -> Starlette:
    """The application; ``database`` is a SQLAlchemy URL (default: SQLite in the data folder).

    ``defaults`` overrides :data:`SERVER_DEFAULTS` (tests and benchmarks raise the limits).
    """
    server_store = store or Store(database)
    server = Server(server_store, {"bot_delay": bot_delay, **(defaults or {})})
    static = resources.files("cluedo.web") / "static"

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        server_store.claim()  # one server per database (raises DatabaseInUse)
        server.load()
        # What is loaded now lives as long as the server: keep the collector off it,
        # and collect young objects less often, so that no full collection stalls
        # every table for a tenth of a second in the middle of play.
        settle()
        watch = asyncio.get_running_loop().create_task(_keep_claim(server_store))
        yield
        watch.cancel()
        await server.stop()  # writes under way finish before the database is let go
        server_store.close()

    async def page(_request: Request) -> Response:
        return FileResponse(str(static / "index.html"))

    async def favicon(_request: Request) -> Response:
        # Browsers and tools that ignore the page's <link rel="icon"> ask here.
        return FileResponse(str(static / "favicon.svg"), media_type="image/svg+xml")

    # The table-side notebook (/notebook): the page keeps the record, the server
    # reads it. Counting can take a second or two (advice more), so it runs in a
    # thread, two at a time at most, and never holds up the tables.
    notebook_slots = asyncio.Semaphore(2)

    async def notebook_page(_request: Request) -> Response:
        return FileResponse(str(static / "notebook.html"))

    async def api_notebook(request: Request) -> Response:
        try:
            body = await _json_body(request)
        except WebError as err:
            return _error(err)
        async with notebook_slots:
            try:
                return SafeJSON(await asyncio.to_thread(notebook_json, body))
            except NotebookRequestError as exc:
                return _error(WebError(str(exc), "bad-request"))

    async def api_rules(_request: Request) -> Response:
        return SafeJSON(rules_catalog())

    async def api_qr(request: Request) -> Response:
        try:
            return Response(
                qr_svg(request.query_params.get("text")),
                media_type="image/svg+xml",
                headers={"cache-control": "public, max-age=86400"},
            )
        except WebError as err:
            return _error(err)

    async def api_board(request: Request) -> Response:
        try:
            return SafeJSON(board_json(request.path_params["board"]))
        except WebError as err:
            return _error(err, 404)

    async def api_create(request: Request) -> Response:
        wait = server.new_tables.take(client_address(request.scope))
        if wait:
            limited = WebError(
                f"too many new tables from your address; try again in {math.ceil(wait)} s",
                "rate-limited",
                status=429,
            )
            response = _error(limited)
            response.headers["retry-after"] = str(math.ceil(wait))
            return response
        server.retire_finished()  # a new table: a good moment to let old ones go
        try:
            record, token = new_table(
                await _json_body(request), server.codes, server.defaults, server.draw_secret()
            )
        except WebError as err:
            return _error(err)
        server.codes.add(record.code)  # taken now: another request may come while it is stored
        try:
            await asyncio.to_thread(server.store.create, record)
        except Exception:
            log.exception("table %s could not be stored, so it was not opened", record.code)
            server.codes.discard(record.code)
            return _error(
                WebError(
                    "the server could not store the new table, so it was not opened: "
                    "try again shortly",
                    "not-stored",
                    status=503,
                )
            )
        table = server.tables[record.code] = Table(record, server.store)
        table.kick()
        if token is None:
            return SafeJSON({"code": record.code, "url": f"/t/{record.code}"})
        seat = next(i for i, s in enumerate(record.seats) if s.get("token_hash"))
        return _seat_response(record.code, seat, token)

    async def api_table(request: Request) -> Response:
        try:
            table = await server.table(request.path_params["code"], client_address(request.scope))
        except WebError as err:
            return _error(err, 404)
        info = table.public_info()
        info["names"] = card_names(table.record.rules, table.record.options)
        return SafeJSON(info)

    async def api_join(request: Request) -> Response:
        try:
            table = await server.table(request.path_params["code"], client_address(request.scope))
        except WebError as err:
            return _error(err, 404)
        try:
            seat, token = await join(table, await _json_body(request))
        except WebError as err:
            return _error(err, 409 if err.rule in ("seat-taken", "started") else 400)
        table.broadcast()
        table.kick()
        return _seat_response(table.code, seat, token)

    async def api_replay(request: Request) -> Response:
        try:
            table = await server.table(request.path_params["code"], client_address(request.scope))
            # Stepping through a whole game takes a moment: in a thread, once per game.
            return SafeJSON(await asyncio.to_thread(table.replay))
        except WebError as err:
            return _error(err, 404 if err.rule == "no-such-table" else 409)

    async def refuse(ws: WebSocket, err: WebError, code: int) -> None:
        await ws.accept()
        await ws.send_text(dumps(err.frame()))
        await ws.close(code=code)

    async def websocket(ws: WebSocket) -> None:
        if not origin_allowed(ws.headers.get("origin"), ws.headers.get("host")):
            err = WebError(
                "this connection comes from another site's page", "bad-origin", "this server's page"
            )
            await refuse(ws, err, 1008)  # policy violation
            return
        address = client_address(ws.scope)
        limit = server.defaults["sockets_per_address"]
        if server.sockets.get(address, 0) >= limit:
            err = WebError(f"at most {limit} connections from one address", "too-many-connections")
            await refuse(ws, err, 4429)
            return
        server.sockets[address] = server.sockets.get(address, 0) + 1
        try:
            await _serve_socket(ws)
        finally:
            server.sockets[address] -= 1
            if not server.sockets[address]:
                del server.sockets[address]

    async def _serve_socket(ws: WebSocket) -> None:
        await ws.accept()
        try:
            table = await server.table(ws.path_params["code"], client_address(ws.scope))
        except WebError as err:
            await ws.send_text(dumps(err.frame()))
            await ws.close(code=4000 + (err.status or 404))  # 4404, 4410 or 4429
            return
        seat: int | None = None
        token = ws.query_params.get("token") or ws.cookies.get(f"cluedo_{table.code}")
        if token and ws.query_params.get("spectate") is None:
            seat = table.seat_of_token(token)
            if seat is None:
                bad = WebError("this link's token belongs to no seat here", "bad-token")
                await ws.send_text(dumps(bad.frame()))
                await ws.close(code=4403)
                return

        async def send(frame: dict[str, Any]) -> None:
            await ws.send_text(dumps(frame))

        client = Client(seat, send, token if seat is not None else None)
        client.push({"type": "hello", "seat": seat, "code": table.code})
        table.join_client(client)
        name = table.record.seats[seat].get("name", "") if seat is not None else "spectator"
        allowance, last = float(RATE_BURST), time.monotonic()
        try:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                now = time.monotonic()
                allowance = min(RATE_BURST, allowance + (now - last) * RATE_PER_SECOND)
                last = now
                if allowance < 1:
                    client.push(WebError("too many messages; slow down", "flood").frame())
                    continue
                allowance -= 1
                if text is None:
                    client.push(WebError("send text frames (JSON)", "bad-message").frame())
                    continue
                try:
                    reply = await _handle(table, client, name, text)
                except WebError as err:
                    reply = err.frame()
                except Exception:  # a bug must cost one message, not the connection
                    log.exception("message to table %s failed: %.200r", table.code, text)
                    reply = WebError("the server could not handle that message", "server").frame()
                if reply is not None:
                    client.push(reply)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            table.leave_client(client)
            await client.stop()

    application = _App(
        routes=[
            Route("/", page),
            Route("/favicon.ico", favicon),
            Route("/t/{code}", page),
            Route("/replay/{code}", page),
            Route("/notebook", notebook_page),
            Route("/api/notebook", api_notebook, methods=["POST"]),
            Route("/api/rules", api_rules),
            Route("/api/boards/{board}", api_board),
            Route("/api/qr.svg", api_qr),
            Route("/api/tables", api_create, methods=["POST"]),
            Route("/api/tables/{code}", api_table),
            Route("/api/tables/{code}/join", api_join, methods=["POST"]),
            Route("/api/tables/{code}/replay", api_replay),
            WebSocketRoute("/ws/{code}", websocket),
            Mount("/static", StaticFiles(directory=str(static)), name="static"),
        ],
        lifespan=lifespan,
    )
    application.hosts = server.defaults["allowed_hosts"]
    application.state.server = server  # for tests and tools that look inside
    return application


async def _handle(table: Table, client: Client, name: str, text: str) -> dict[str, Any] | None:
    """One message from a browser; returns a reply frame, or raises :class:`WebError`."""
    message = read_message(text)
    if isinstance(message, Ping):
        pong: dict[str, Any] = {"type": "pong"}
        if message.id is not None:
            pong["id"] = message.id  # lets a client tell its pings apart
        return pong
    if isinstance(message, Act):
        if client.seat is None:
            raise WebError("spectators cannot act", "spectator")
        await table.act(client.seat, message.action)
        return None
    if isinstance(message, Chat):
        await table.chat(client.seat, name, message.text)
        return None
    if isinstance(message, AskNotebook):
        return await table.notebook(client.seat)
    return await table.note(client.seat, message)
