"""The Starlette application: the lobby's HTTP API, one websocket per browser, the page.

HTTP (JSON):
  GET  /api/rules                    rule sets, options (JSON schema), bots, characters
  GET  /api/boards/{id}              a board's geometry
  POST /api/tables                   open a table -> {"code": ...}
  GET  /api/tables/{code}            the table's public information
  POST /api/tables/{code}/join       take a seat -> {"seat", "token", "url"} (+ a cookie)
  GET  /api/tables/{code}/replay     a finished game with every card shown
Websocket ``/ws/{code}?token=...`` (no token: a spectator). Browser to server:
``{"type": "act", "action": {"kind": ..., ...}}``, ``{"type": "chat", "text": ...}``,
``{"type": "notebook"}``, ``{"type": "ping"}``. Server to browser: ``update``
frames (the seat's view, the log since the last frame, its legal actions, the
table), ``notebook``, ``pong`` and ``error`` frames. See docs/web.md.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from cluedo.web.lobby import board_json, card_names, create_table, join, rules_catalog
from cluedo.web.store import Store
from cluedo.web.tables import Client, Table, WebError

log = logging.getLogger("cluedo.web")

MAX_MESSAGE = 8192
"""Largest websocket message accepted, in characters; actions and chat are far smaller."""
RATE_BURST = 30
RATE_PER_SECOND = 10.0
"""Each connection may send a burst of 30 messages, then 10 a second."""


class Server:
    """Every table, in memory, backed by the store."""

    def __init__(self, store: Store, defaults: dict[str, Any]) -> None:
        self.store = store
        self.defaults = defaults
        self.tables: dict[str, Table] = {}

    def load(self) -> None:
        for record in self.store.load_all():
            try:
                table = Table(record, self.store)
            except Exception:
                log.exception("table %s could not be restored", record.code)
                continue
            self.tables[record.code] = table
            table.kick()  # bots whose turn it was when the server stopped go on

    def table(self, code: str) -> Table:
        table = self.tables.get(code.upper())
        if table is None:
            raise WebError(f"no table with code {code!r}", "no-such-table")
        return table


def _error(err: WebError, status: int = 400) -> JSONResponse:
    return JSONResponse(err.frame(), status_code=status)


async def _json_body(request: Request) -> Any:
    body = await request.body()
    if len(body) > MAX_MESSAGE:
        raise WebError(f"the request is larger than {MAX_MESSAGE} bytes", "too-large")
    try:
        return json.loads(body or b"{}")
    except ValueError:
        raise WebError("the request body is not JSON", "bad-json") from None


def create_app(
    database: str | None = None, bot_delay: float = 0.6, store: Store | None = None
) -> Starlette:
    """The application; ``database`` is a SQLAlchemy URL (default: SQLite in the data folder)."""
    server_store = store or Store(database)
    server = Server(server_store, {"bot_delay": bot_delay})
    static = resources.files("cluedo.web") / "static"

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        server.load()
        yield
        server_store.close()

    async def page(_request: Request) -> Response:
        return FileResponse(str(static / "index.html"))

    async def api_rules(_request: Request) -> Response:
        return JSONResponse(rules_catalog())

    async def api_board(request: Request) -> Response:
        try:
            return JSONResponse(board_json(request.path_params["board"]))
        except WebError as err:
            return _error(err, 404)

    async def api_create(request: Request) -> Response:
        try:
            record = create_table(await _json_body(request), server.tables, server.defaults)
        except WebError as err:
            return _error(err)
        server.store.create(record)
        table = server.tables[record.code] = Table(record, server.store)
        if all(s["kind"] == "bot" for s in record.seats):
            table.start()
            table.kick()
        return JSONResponse({"code": record.code, "url": f"/t/{record.code}"})

    async def api_table(request: Request) -> Response:
        try:
            table = server.table(request.path_params["code"])
        except WebError as err:
            return _error(err, 404)
        info = table.public_info()
        info["names"] = card_names(table.record.rules, table.record.options)
        return JSONResponse(info)

    async def api_join(request: Request) -> Response:
        try:
            table = server.table(request.path_params["code"])
        except WebError as err:
            return _error(err, 404)
        try:
            seat, token = join(table, await _json_body(request))
        except WebError as err:
            return _error(err, 409 if err.rule in ("seat-taken", "started") else 400)
        table.broadcast()
        table.kick()
        url = f"/t/{table.code}?token={token}"
        response = JSONResponse({"seat": seat, "token": token, "url": url})
        response.set_cookie(
            f"cluedo_{table.code}", token, max_age=30 * 86400, httponly=True, samesite="lax"
        )
        return response

    async def api_replay(request: Request) -> Response:
        try:
            table = server.table(request.path_params["code"])
            return JSONResponse(table.replay())
        except WebError as err:
            return _error(err, 404 if err.rule == "no-such-table" else 409)

    async def websocket(ws: WebSocket) -> None:
        await ws.accept()
        try:
            table = server.table(ws.path_params["code"])
        except WebError as err:
            await ws.send_json(err.frame())
            await ws.close(code=4404)
            return
        seat: int | None = None
        token = ws.query_params.get("token") or ws.cookies.get(f"cluedo_{table.code}")
        if token and ws.query_params.get("spectate") is None:
            seat = table.seat_of_token(token)
            if seat is None:
                await ws.send_json(
                    WebError("this link's token belongs to no seat here", "bad-token").frame()
                )
                await ws.close(code=4403)
                return
        client = Client(seat, ws.send_json)
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
                    reply = _handle(table, client, name, text)
                except WebError as err:
                    reply = err.frame()
                if reply is not None:
                    client.push(reply)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            table.leave_client(client)
            await client.stop()

    application = Starlette(
        routes=[
            Route("/", page),
            Route("/t/{code}", page),
            Route("/replay/{code}", page),
            Route("/api/rules", api_rules),
            Route("/api/boards/{board}", api_board),
            Route("/api/tables", api_create, methods=["POST"]),
            Route("/api/tables/{code}", api_table),
            Route("/api/tables/{code}/join", api_join, methods=["POST"]),
            Route("/api/tables/{code}/replay", api_replay),
            WebSocketRoute("/ws/{code}", websocket),
            Mount("/static", StaticFiles(directory=str(static)), name="static"),
        ],
        lifespan=lifespan,
    )
    application.state.server = server  # for tests and tools that look inside
    return application


def _handle(table: Table, client: Client, name: str, text: str) -> dict[str, Any] | None:
    """One message from a browser; returns a reply frame, or raises :class:`WebError`."""
    if len(text) > MAX_MESSAGE:
        raise WebError(f"messages are at most {MAX_MESSAGE} characters", "too-large")
    try:
        message = json.loads(text)
    except ValueError:
        raise WebError("the message is not JSON", "bad-json") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise WebError(
            "a message is a JSON object with a 'type'", "bad-message", "act, chat, notebook, ping"
        )
    kind = message["type"]
    if kind == "ping":
        return {"type": "pong"}
    if kind == "act":
        if client.seat is None:
            raise WebError("spectators cannot act", "spectator")
        table.act(client.seat, message.get("action"))
        return None
    if kind == "chat":
        table.chat(client.seat, name, message.get("text"))
        return None
    if kind == "notebook":
        return table.notebook(client.seat)
    raise WebError(f"unknown message type {kind!r}", "bad-message", "act, chat, notebook, ping")
