"""The protocol's schema and reference come from the declarations, and requests and
actions are checked by them.

The schema file itself is checked in test_protocol.py (it equals the generated one,
and ``cluedo engine --schema`` prints it).
"""

from __future__ import annotations

import json
import typing
from pathlib import Path
from typing import Any

import pytest

from cluedo.engine import new_game
from cluedo.engine.contracts import contracts_for
from cluedo.protocol import messages
from cluedo.protocol.schema import documented, problems, reference, schema, shipped_rules
from cluedo.protocol.server import COMMANDS, ERROR_CODES, Engine

ROOT = Path(__file__).resolve().parents[2]
PROTOCOL_DOC = ROOT / "docs" / "protocol.md"


def test_the_reference_in_the_docs_is_current_and_names_every_declared_kind() -> None:
    text = PROTOCOL_DOC.read_text()
    assert documented(text) == reference(), (
        "docs/protocol.md's reference is stale: paste cluedo.protocol.schema.reference()"
    )
    for rules in shipped_rules():
        contracts = contracts_for(rules)
        assert contracts is not None
        section = text.split(f"(`{rules}`)", 1)[1].split("\n#### ", 1)[0]
        events, actions = section.split("Actions:", 1)
        for kind in contracts.event_kinds:
            assert f"| `{kind}` |" in events, f"{rules}: event {kind} is not documented"
        for kind in contracts.action_kinds:
            assert f"| `{kind}` |" in actions, f"{rules}: action {kind} is not documented"


def test_each_rule_set_has_a_schema_definition_for_every_declared_kind() -> None:
    defs = schema(shipped_rules())["$defs"]
    for rules in shipped_rules():
        contracts = contracts_for(rules)
        assert contracts is not None
        events = defs[f"events_{rules}"]["discriminator"]["mapping"]
        actions = defs[f"actions_{rules}"]["discriminator"]["mapping"]
        assert set(events) == set(contracts.event_kinds)
        assert set(actions) == set(contracts.action_kinds)
        pending = defs[f"view_{rules}"]["properties"]["pending"]["anyOf"][0]["properties"]
        assert pending["stage"]["enum"] == list(contracts.stage_names)
        assert pending["kind"]["enum"] == list(contracts.decision_kinds)


def test_the_schema_checks_events_against_their_rule_sets_declarations() -> None:
    game = new_game("classic", players=3, seed=7)
    view = json.loads(json.dumps(game.view(0)))
    assert problems(view, "view") == []
    assert problems({**view, "log": [{"kind": "moved", "seat": 0}]}, "view") == [
        "$.log[0]: missing 'to'",
        "$.log[0]: missing 'steps'",
    ]
    shown = {"kind": "card_shown", "seat": 2, "to": 0}
    assert problems(shown, "event") == [] and problems({**shown, "card": 3}, "event") != []
    assert problems({"kind": "teleported"}, "events_classic") == [
        '$.kind: "teleported" is not one of '
        + ", ".join(sorted(contracts_for("classic").event_kinds))  # type: ignore[union-attr]
    ]
    assert problems({"seat": 0, "kind": "call_bluff", "player": 1, "card": "rope"}, "action") == []
    assert problems({"seat": 0, "kind": "call_bluff", "player": 1}, "actions_classic") != []


def test_every_error_code_is_declared_for_the_schema() -> None:
    assert list(ERROR_CODES) == list(typing.get_args(messages.ErrorCode))


def test_hello_lists_each_commands_declared_fields() -> None:
    commands = Engine().handle({"cmd": "hello"})["commands"]
    assert set(commands) == set(messages.REQUESTS) == set(COMMANDS)
    assert commands["view"]["fields"]["seat"] == {
        "types": ["integer", "null"],
        "required": False,
        "help": "a seat, or null for a spectator",
    }
    assert commands["load"]["fields"]["save"]["types"] == ["object", "string"]
    assert commands["legal"]["fields"]["game"]["required"] is True


def error(engine: Engine, request: dict[str, Any]) -> dict[str, Any]:
    reply = engine.handle(request)
    assert reply["ok"] is False and problems(reply, "reply") == [], reply
    return reply["error"]  # type: ignore[no-any-return]


def test_requests_are_refused_by_their_declarations_with_what_is_allowed() -> None:
    engine = Engine()
    gid = engine.handle({"cmd": "new", "seed": 1})["game"]
    unknown = error(engine, {"cmd": "legal", "game": gid, "seat": 0, "seet": 1})
    assert unknown["message"] == (
        "legal does not take 'seet'; it takes game, seat (? = optional), besides cmd and id"
    )
    missing = error(engine, {"cmd": "go", "seat": 0})
    assert missing["message"] == (
        "go needs 'game': a game id from 'new' or 'load'; it takes game, seat, bot?"
    )
    typed = error(engine, {"cmd": "new", "seed": "7"})
    assert typed["message"] == (
        "new: 'seed' must be an integer or null (random seed (default: a fresh one)), got a string"
    )
    assert error(engine, {"cmd": "new", "players": None})["code"] == "bad-request"
    below = error(engine, {"cmd": "apply", "game": gid, "seat": 0, "index": -1})
    assert below["code"] == "bad-request" and "'index' must be 0 or more" in below["message"]
    assert error(engine, {"cmd": "hello", "id": True})["message"] == (
        "'id' must be a string or an integer, got a boolean"
    )


@pytest.mark.parametrize(
    ("action", "message", "allowed"),
    [
        (
            {"seat": 0, "kind": "move", "to": {"row": 1}},
            "move: 'to' must be string or [integer, integer], got an object",
            "move {to: string or [integer, integer]}",
        ),
        (
            {"seat": 0, "kind": "accuse", "suspect": "plum", "weapon": "rope"},
            "accuse needs 'room'",
            "accuse {suspect: string, weapon: string, room: string}",
        ),
        ({"seat": 0, "kind": "roll", "dice": 2}, "roll takes no 'dice'", "roll"),
        ({"kind": "roll"}, "roll needs 'seat'", "roll"),
    ],
)
def test_an_action_is_checked_against_its_kinds_declaration(
    action: dict[str, Any], message: str, allowed: str
) -> None:
    engine = Engine()
    gid = engine.handle({"cmd": "new", "seed": 1})["game"]
    refused = error(engine, {"cmd": "apply", "game": gid, "action": action})
    assert refused == {
        "code": "illegal-action",
        "message": f"[malformed-action] {message} (allowed: {allowed})",
        "rule": "malformed-action",
        "allowed": allowed,
    }
    # An undeclared kind is left to the rules, which name what is possible.
    other = error(engine, {"cmd": "apply", "game": gid, "action": {"seat": 0, "kind": "fly"}})
    assert other["rule"] == "unknown-action"
