"""Every request body and websocket message is read by a typed model
(``cluedo.web.messages``): strict types, no stray fields, and a refusal that
names the field, says what was wrong and what is allowed - and changes nothing."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from web_kit import (
    alive,
    error_of,
    make_client,
    open_table,
    people_table,
    post,
    server_of,
    sit,
    snapshot,
    until_turn,
)

from cluedo.web import messages
from cluedo.web.guard import WebError

DOCS = Path(__file__).resolve().parents[2] / "docs" / "web.md"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(f"sqlite:///{tmp_path / 'web.sqlite'}") as c:
        yield c


# -- the models and their documentation --------------------------------------------------


def test_the_protocol_section_of_the_docs_is_made_from_the_models() -> None:
    # If this fails: python -m cluedo.web.messages, and paste its output into docs/web.md.
    assert messages.protocol_markdown() in DOCS.read_text(encoding="utf-8")


def test_every_message_the_page_sends_has_a_model_and_every_model_a_handler() -> None:
    script = (resources.files("cluedo.web") / "static" / "app.js").read_text()
    sent = set(re.findall(r'send\(\{type: "(\w+)"', script))
    assert {"act", "chat", "notebook", "note"} <= sent
    kinds = {m.model_json_schema()["properties"]["type"]["const"] for m in messages.MESSAGES}
    assert kinds == set(messages.MESSAGE_TYPES.split(", "))
    assert sent <= kinds
    schemas = messages.json_schemas()
    assert set(schemas) == {"message", "create_table", "join_table"}
    assert schemas["create_table"]["additionalProperties"] is False


# -- request bodies --------------------------------------------------------------------

BAD_BODIES: list[tuple[Any, str, str, str]] = [
    # body, rule, words the error must hold, words "allowed" must hold
    ({"players": 3.0}, "bad-players", "'players' must be a whole number, not 3.0", "whole number"),
    ({"players": True}, "bad-players", "'players' must be a whole number, not true", "range"),
    ({"options": [1]}, "bad-options", "'options' must be a JSON object, not [1]", "options"),
    ({"rules": ["classic"]}, "bad-options", "'rules' must be text", "rule set"),
    ({"seats": {"kind": "person"}}, "bad-seats", "'seats' must be a list", "one entry per"),
    ({"players": 3, "seats": [{"kind": "cat"}] * 3}, "bad-seats", "seat 1's 'kind'", "'bot'"),
    (
        {"players": 3, "seats": [{"kind": "person"}, {"kind": "bot", "bot": 7}, {"kind": "bot"}]},
        "bad-seats",
        "seat 2's 'bot' must be text, not 7",
        "rule set's bots",
    ),
    (
        {"players": 3, "seats": [{"kind": "person", "bot": "random"}] * 3},
        "bad-seats",
        "seat 1: a person's seat names no 'bot'",
        "",
    ),
    (
        {"settings": {"bot_delay": 9}},
        "bad-settings",
        "'settings.bot_delay' must be less than or equal to 5, not 9",
        "0 to 5",
    ),
    (
        {"settings": {"idle_bot_after": "soon"}},
        "bad-settings",
        "'settings.idle_bot_after' must be a number",
        "86400, or null",
    ),
    (
        {"settings": {"notebook_aid": 1}},
        "bad-settings",
        "'settings.notebook_aid' must be true or false, not 1",
        "true or false",
    ),
    (
        {"settings": {"colour": "red"}},
        "bad-settings",
        "unknown fields ['colour'] in 'settings'",
        "turn_limit",
    ),
    ({"rules": "classic", "extra": 1}, "bad-request", "unknown fields ['extra']", "settings"),
    ([1, 2], "bad-request", "the request must be a JSON object", ""),
    # The host, seated by the same request: checked as joining is, before anything exists.
    ({"host": {"name": "random"}}, "bad-name", "could pass for a bot", "not a bot's name"),
    ({"host": {"seat": 0}}, "bad-name", "'host.name' is missing", "1 to 40"),
    ({"host": {"name": "Ann", "seat": 1}}, "bad-seats", "seat 1 is not a person's seat", "0"),
    (
        {"host": {"name": "Ann", "character": "rope"}},
        "bad-character",
        "character 'rope' is not one of this game's characters",
        "plum (Professor Plum)",
    ),
    ({"host": {"name": "Ann", "token": "x"}}, "bad-request", "unknown fields ['token']", "seat"),
]


@pytest.mark.parametrize(("body", "rule", "said", "allowed"), BAD_BODIES, ids=str)
def test_a_refused_new_table_names_the_field_what_was_wrong_and_what_is_allowed(
    client: TestClient, body: Any, rule: str, said: str, allowed: str
) -> None:
    response = post(client, "/api/tables", body)
    assert response.status_code == 400, response.text
    error = response.json()
    assert error["type"] == "error" and error["rule"] == rule, error
    assert said in error["error"], error
    assert allowed in error.get("allowed", ""), error
    assert server_of(client).tables == {}


BAD_JOINS: list[tuple[Any, str, str, str]] = [
    ({"name": "Ann", "seat": 1.0}, "bad-request", "'seat' must be a whole number, not 1.0", "free"),
    ({"name": "Ann", "seat": "1"}, "bad-request", "'seat' must be a whole number", "counted"),
    ({"seat": 1}, "bad-name", "'name' is missing", "not a bot's name"),
    ({"name": 5}, "bad-name", "'name' must be text, not 5", "1 to 40"),
    ({"name": "Ann", "character": 3}, "bad-character", "'character' must be text", "null"),
    ({"name": "Ann", "token": "x"}, "bad-request", "unknown fields ['token']", "name, seat"),
]


@pytest.mark.parametrize(("body", "rule", "said", "allowed"), BAD_JOINS, ids=str)
def test_a_refused_join_names_the_field_what_was_wrong_and_what_is_allowed(
    client: TestClient, body: Any, rule: str, said: str, allowed: str
) -> None:
    code = people_table(client)
    before = snapshot(client, code)
    response = post(client, f"/api/tables/{code}/join", body)
    assert response.status_code == 400, response.text
    error = response.json()
    assert error["rule"] == rule and said in error["error"], error
    assert allowed in error.get("allowed", ""), error
    assert snapshot(client, code) == before


def test_no_field_anywhere_lets_the_creator_choose_the_shuffle(client: TestClient) -> None:
    seeded: list[dict[str, Any]] = [
        {"seed": 1},
        {"secret": "00" * 32},
        {"commitment": "00" * 32},
        {"settings": {"seed": 1}},
        {"players": 3, "seats": [{"kind": "person", "seed": 1}] + [{"kind": "bot"}] * 2},
        {"players": 3, "seats": [{"kind": "person"}] + [{"kind": "bot", "seed": 2}] * 2},
        {"options": {"seed": 1}},
    ]
    for body in seeded:
        response = post(client, "/api/tables", body)
        assert response.status_code == 400, (body, response.text)
        assert (
            "seed" in response.json()["error"]
            or "secret" in response.json()["error"]
            or ("commitment" in response.json()["error"])
        )
    assert server_of(client).tables == {}
    code = people_table(client)
    refused = post(client, f"/api/tables/{code}/join", {"name": "Ann", "seed": 1})
    assert refused.status_code == 400 and "seed" in refused.json()["error"]
    # Each bot's own randomness comes from the drawn seed too, not from the request.
    bots = open_table(client, rules="classic", players=3, seats=[{"kind": "bot"}] * 3)
    table = server_of(client).tables[bots]
    assert sorted(table.agents) == [0, 1, 2]
    assert table.record.secret is not None


def test_the_models_refuse_what_a_caller_in_python_passes_too() -> None:
    with pytest.raises(WebError, match="'players' must be a whole number") as caught:
        messages.read_request(messages.CreateTable, {"players": "4"})
    assert caught.value.rule == "bad-players"
    body = messages.read_request(messages.JoinTable, {"name": "  Zoe\u0301   Q "})
    assert body.name == "Zo\u00e9 Q" and body.seat is None
    settings = messages.read_request(messages.TableSettings, {"turn_limit": 30})
    assert settings.given() == {"turn_limit": 30.0}


# -- websocket messages ------------------------------------------------------------------

BAD_MESSAGES: list[tuple[Any, str, str, str]] = [
    ({"kind": "roll"}, "bad-message", "a message is a JSON object with a 'type'", "act, chat"),
    ({"type": 3}, "bad-message", "'type' must be text, not 3", "ping"),
    ({"type": None}, "bad-message", "a message is a JSON object with a 'type'", "ping"),
    ({"type": "dance"}, "bad-message", "unknown message type 'dance'", "notebook"),
    ({"type": "act"}, "malformed-action", "'action' is missing", '{"kind"'),
    ({"type": "act", "action": [1]}, "malformed-action", "'action' must be a JSON object", ""),
    ({"type": "act", "action": {"to": [1, 2]}}, "malformed-action", "'action.kind' is missing", ""),
    (
        {"type": "act", "action": {"kind": "roll", "seat": 0.0}},
        "malformed-action",
        "'action.seat' must be a whole number, not 0.0",
        "",
    ),
    (
        {"type": "act", "action": {"kind": "roll"}, "x": 1},
        "malformed-action",
        "unknown fields ['x']",
        "action",
    ),
    ({"type": "chat"}, "bad-chat", "'text' is missing", "500"),
    ({"type": "chat", "text": ["hi"]}, "bad-chat", "'text' must be text, not [\"hi\"]", "500"),
    ({"type": "chat", "text": "hi", "seat": 2}, "bad-chat", "unknown fields ['seat']", "text"),
    ({"type": "notebook", "seat": 2}, "bad-message", "unknown fields ['seat']", "no other"),
    ({"type": "note", "place": 0, "text": "x"}, "bad-note", "'card' is missing", "card's id"),
    ({"type": "note", "card": "plum", "text": 5}, "bad-note", "'text' must be text, not 5", "40"),
    ({"type": "note", "card": "plum", "place": 1.5}, "bad-note", "'place' must be one of", "null"),
    ({"type": "ping", "id": {"a": 1}}, "bad-message", "'id' must be a whole number, or text", "64"),
    ({"type": "ping", "id": "x" * 65}, "bad-message", "'id' must be a whole number, or text", ""),
]


@pytest.mark.parametrize(("message", "rule", "said", "allowed"), BAD_MESSAGES, ids=str)
def test_a_refused_message_names_the_field_what_was_wrong_and_what_is_allowed(
    client: TestClient, message: Any, rule: str, said: str, allowed: str
) -> None:
    code = open_table(client, rules="classic", players=3, shuffle=5)
    _, token = sit(client, code)
    with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
        until_turn(ws)
        before = snapshot(client, code)
        ws.send_text(json.dumps(message))
        error = error_of(ws)
        assert error["rule"] == rule and said in error["error"], error
        assert allowed in error.get("allowed", ""), error
        assert snapshot(client, code) == before
        alive(ws)  # the connection is still open


def test_good_messages_keep_their_wire_form(client: TestClient) -> None:
    code = open_table(client, rules="classic", players=3, shuffle=5)
    seat, token = sit(client, code)
    with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
        frame = until_turn(ws)
        for ping in ({"type": "ping", "id": 7}, {"type": "ping", "id": "a"}, {"type": "ping"}):
            ws.send_json(ping)
            while (reply := ws.receive_json())["type"] != "pong":
                pass
            assert reply == {"type": "pong", **({"id": ping["id"]} if "id" in ping else {})}
        # An action may name its own seat; its parameters reach the engine as sent.
        ws.send_json({"type": "act", "action": {**frame["legal"][0], "seat": seat}})
        after = until_turn(ws, after=frame["view"]["log_end"])
        assert after["view"]["log_end"] > frame["view"]["log_end"]
        # A note on the card itself (place null) and one rubbed out ("").
        ws.send_json({"type": "note", "card": "plum", "place": None, "text": " maybe "})
        while (book := ws.receive_json())["type"] != "notebook":
            pass
        assert book["own"]["notes"] == {"plum": "maybe"}
        ws.send_json({"type": "note", "card": "plum", "text": ""})
        while (book := ws.receive_json())["type"] != "notebook":
            pass
        assert book["own"]["notes"] == {}
