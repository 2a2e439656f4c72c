"""The JSON Schema (draft 2020-12) of ``cluedo engine`` and of the external-bot protocol.

Request schemas are built from :data:`cluedo.protocol.server.COMMANDS`, so the
schema cannot drift from what the engine accepts; reply schemas are written
here. ``docs/protocol.schema.json`` is :func:`schema_text` (a test checks), and
``cluedo engine --schema`` prints it.

Definitions worth knowing: ``#/$defs/request`` and ``#/$defs/reply`` for the
engine; ``#/$defs/bot_message`` (what a bot reads) and ``#/$defs/bot_reply``
(what it writes) for external bots.

>>> schema()["$defs"]["request"]["oneOf"][0]
{'$ref': '#/$defs/request_hello'}
>>> problems({"cmd": "view", "game": 3}, "request")
['$: no alternative of oneOf matches']

:func:`problems` checks a message against a definition. It understands only
the keywords this schema uses, so that no JSON Schema library is needed; use
a full validator (``jsonschema``) for anything else.
"""

from __future__ import annotations

import json
from typing import Any

from cluedo.agents.external import BOT_PROTOCOL_VERSION
from cluedo.protocol.server import COMMANDS, ERROR_CODES, PROTOCOL_VERSION

DIALECT = "https://json-schema.org/draft/2020-12/schema"

Schema = dict[str, Any]


def _ref(name: str) -> Schema:
    return {"$ref": f"#/$defs/{name}"}


_SEAT: Schema = {"type": "integer", "minimum": 0}
_SEATS: Schema = {"type": "array", "items": _SEAT}
_ID: Schema = {"type": ["string", "integer"], "description": "echoed back in the reply"}
_FIELD_TYPES: dict[str, Schema] = {
    "string": {"type": "string"},
    "integer": {"type": "integer"},
    "object": {"type": "object"},
    "null": {"type": "null"},
}


def _field_schema(name: str, types: tuple[str, ...], help_text: str) -> Schema:
    # Some fields have a richer shape than their JSON type; name them here.
    if name == "action":
        return {**_ref("action"), "description": help_text}
    if name == "save" and "object" in types:
        return {"anyOf": [_ref("save"), {"type": "string"}], "description": help_text}
    if name in ("seat", "index", "log_since"):
        base: Schema = {"type": list(types) if len(types) > 1 else types[0]}
        if "integer" in types:
            base["minimum"] = 0
        return {**base, "description": help_text}
    if len(types) == 1:
        return {**_FIELD_TYPES[types[0]], "description": help_text}
    return {"type": list(types), "description": help_text}


def _request(cmd: str) -> Schema:
    spec = COMMANDS[cmd]
    props: Schema = {"cmd": {"const": cmd}, "id": _ID}
    for name, field in spec.fields.items():
        props[name] = _field_schema(name, field.types, field.help)
    required = ["cmd", *[n for n, f in spec.fields.items() if f.required]]
    return {
        "type": "object",
        "description": spec.help,
        "properties": props,
        "required": required,
        "additionalProperties": False,
    }


_STATUS: Schema = {
    "to_act": {**_SEATS, "description": "seats the game waits for; empty once it is over"},
    "finished": {"type": "boolean"},
    "outcome": {"type": ["string", "null"], "description": "e.g. solved, no-winner"},
    "winners": _SEATS,
    "log_end": {
        "type": "integer",
        "minimum": 0,
        "description": "events so far; pass as log_since to view only what is new",
    },
}
_OPENED: Schema = {
    "game": {"type": "string"},
    "rules": {"type": "string"},
    "players": {"type": "integer", "minimum": 1},
    "seed": {"type": "integer"},
    "options": {"type": "object"},
    **_STATUS,
}
_RULES_INFO: Schema = {
    "type": "object",
    "properties": {
        "name": {"type": "string"},
        "title": {"type": "string"},
        "aliases": {"type": "array", "items": {"type": "string"}},
        "min_players": {"type": "integer"},
        "max_players": {"type": "integer"},
        "options": {
            "type": "object",
            "additionalProperties": {
                "type": "object",
                "properties": {
                    "default": {},
                    "description": {"type": "string"},
                    "schema": {"type": "object"},
                },
                "required": ["default", "description", "schema"],
            },
        },
    },
    "required": ["name", "title", "aliases", "min_players", "max_players", "options"],
    "additionalProperties": False,
}
_PROBABILITY: Schema = {"type": "number", "minimum": 0, "maximum": 1}
_NOTEBOOK: Schema = {
    "type": "object",
    "description": "where the seat may believe each card is, from its own log alone",
    "properties": {
        "places": {
            "type": "array",
            "items": {"type": ["integer", "string"]},
            "description": "every place a card can be: seat numbers, then by name 'envelope' "
            "(where the game has one) and the rule set's other places (such as 'pile', "
            "'middle', 'face_up')",
        },
        "cards": {
            "type": "object",
            "description": "for each card, its probability at each place, keyed by the place "
            "as a string (seat 2 is '2'). A place left out is certainly not where the card "
            "is; a certainty is exactly 1 and then the only key; every other value is "
            "strictly between 0 and 1; a card's values add up to 1, give or take rounding",
            "additionalProperties": {"type": "object", "additionalProperties": _PROBABILITY},
            "examples": [
                {
                    "scarlet": {"0": 1.0},
                    "rope": {"1": 0.4, "2": 0.4, "envelope": 0.2},
                    "kitchen": {"envelope": 1.0},
                }
            ],
        },
        "exact": {
            "type": "boolean",
            "description": "true: the probabilities are exact counts over the deals the seat "
            "cannot rule out; false: estimates (certainties are sound either way)",
        },
        "why_estimated": {
            "type": ["string", "null"],
            "description": "when exact is false, why; null when exact",
        },
    },
    "required": ["places", "cards", "exact", "why_estimated"],
    "additionalProperties": False,
}
_REPLY_BODIES: dict[str, Schema] = {
    "hello": {
        "engine": {"type": "string"},
        "version": {"type": "string"},
        "protocol": {"const": PROTOCOL_VERSION},
        "rules": {"type": "array", "items": _RULES_INFO},
        "commands": {"type": "object"},
        "limits": {
            "type": "object",
            "properties": {
                "max_line_bytes": {"type": "integer"},
                "max_games": {"type": "integer"},
            },
            "required": ["max_line_bytes", "max_games"],
        },
    },
    "new": _OPENED,
    "load": _OPENED,
    "legal": {
        "game": {"type": "string"},
        "seat": _SEAT,
        "actions": {"type": "array", "items": _ref("action")},
        **_STATUS,
    },
    "apply": {
        "game": {"type": "string"},
        "action": _ref("action"),
        "events": {
            "type": "array",
            "items": _ref("event"),
            "description": "what the action caused, as the acting seat sees it",
        },
        **_STATUS,
    },
    "view": {"game": {"type": "string"}, "view": _ref("view")},
    "to_act": {"game": {"type": "string"}, **_STATUS},
    "save": {"game": {"type": "string"}, "save": _ref("save")},
    "go": {
        "game": {"type": "string"},
        "seat": _SEAT,
        "bot": {"type": "string"},
        "action": {**_ref("action"), "description": "the bot's choice; send it with apply"},
    },
    "notebook": {"game": {"type": "string"}, "seat": _SEAT, "notebook": _NOTEBOOK, **_STATUS},
    "close": {"game": {"type": "string"}, "closed": {"const": True}},
    "games": {"games": {"type": "array", "items": {"type": "string"}}},
    "quit": {"bye": {"const": True}},
}


def _reply(cmd: str) -> Schema:
    body = _REPLY_BODIES["hello" if cmd == "info" else cmd]
    cmds: Schema = {"enum": ["hello", "info"]} if cmd == "hello" else {"const": cmd}
    return {
        "type": "object",
        "properties": {"ok": {"const": True}, "id": _ID, "cmd": cmds, **body},
        "required": ["ok", "cmd", *body],
        "additionalProperties": False,
    }


def schema() -> Schema:
    """The whole schema as a dict."""
    reply_cmds = [c for c in COMMANDS if c != "info"]
    defs: Schema = {
        "request": {"oneOf": [_ref(f"request_{c}") for c in COMMANDS]},
        **{f"request_{c}": _request(c) for c in COMMANDS},
        "reply": {"oneOf": [_ref("error_reply"), *[_ref(f"reply_{c}") for c in reply_cmds]]},
        "error_reply": {
            "type": "object",
            "properties": {
                "ok": {"const": False},
                "id": _ID,
                "cmd": {"type": "string"},
                "error": {
                    "type": "object",
                    "properties": {
                        "code": {"enum": list(ERROR_CODES)},
                        "message": {"type": "string", "minLength": 1},
                        "rule": {
                            "type": "string",
                            "description": "with illegal-action: the rule the action breaks",
                        },
                        "allowed": {"type": "string", "description": "what is allowed instead"},
                    },
                    "required": ["code", "message"],
                    "additionalProperties": False,
                },
            },
            "required": ["ok", "error"],
            "additionalProperties": False,
        },
        **{f"reply_{c}": _reply(c) for c in reply_cmds},
        "action": {
            "type": "object",
            "description": "seat and kind, plus the parameters of that kind of action",
            "properties": {"seat": _SEAT, "kind": {"type": "string", "minLength": 1}},
            "required": ["seat", "kind"],
        },
        "event": {
            "type": "object",
            "description": "kind plus the event's data as the receiving seat may see it",
            "properties": {"kind": {"type": "string"}},
            "required": ["kind"],
        },
        "view": {
            "type": "object",
            "description": "the common part of every rule set's view; rule sets add more",
            "properties": {
                "rules": {"type": "string"},
                "options": {"type": "object"},
                "seat": {"type": ["integer", "null"]},
                "log": {"type": "array", "items": _ref("event")},
                **_STATUS,
            },
            "required": ["rules", "options", "seat", "log", *_STATUS],
        },
        "save": {
            "type": "object",
            "properties": {
                "format": {"const": "cluedo-save"},
                "version": {"type": "integer"},
                "rules": {"type": "string"},
                "players": {"type": "integer"},
                "seed": {"type": "integer"},
                "options": {"type": "object"},
                "actions": {"type": "array", "items": _ref("action")},
            },
            "required": ["format", "version", "rules", "players", "seed", "actions"],
        },
        "bot_message": {
            "description": "what cluedo sends an external bot, one per line",
            "oneOf": [_ref("bot_hello"), _ref("bot_choose"), _ref("bot_quit")],
        },
        "bot_hello": {
            "type": "object",
            "properties": {
                "type": {"const": "hello"},
                "protocol": {"const": BOT_PROTOCOL_VERSION},
                "seat": _SEAT,
                "seed": {"type": ["integer", "null"]},
            },
            "required": ["type", "protocol", "seat", "seed"],
            "additionalProperties": False,
        },
        "bot_choose": {
            "type": "object",
            "properties": {
                "type": {"const": "choose"},
                "seat": _SEAT,
                "view": _ref("view"),
                "legal": {"type": "array", "items": _ref("action")},
            },
            "required": ["type", "seat", "view", "legal"],
            "additionalProperties": False,
        },
        "bot_quit": {
            "type": "object",
            "properties": {"type": {"const": "quit"}},
            "required": ["type"],
            "additionalProperties": False,
        },
        "bot_reply": {
            "description": "what an external bot writes: one answer per choose",
            "oneOf": [
                {
                    "type": "object",
                    "properties": {"action": _ref("action")},
                    "required": ["action"],
                    "additionalProperties": False,
                },
                {
                    "type": "object",
                    "properties": {"index": {"type": "integer", "minimum": 0}},
                    "required": ["index"],
                    "additionalProperties": False,
                },
                {
                    "type": "object",
                    "description": "optional, once, before the first answer",
                    "properties": {"type": {"const": "hello"}, "name": {"type": "string"}},
                    "required": ["type"],
                    "additionalProperties": False,
                },
            ],
        },
    }
    return {
        "$schema": DIALECT,
        "title": f"cluedo engine protocol {PROTOCOL_VERSION}",
        "description": "One JSON object per line. Requests and replies of `cluedo engine`, and "
        "the messages of the external-bot protocol; see docs/protocol.md.",
        "anyOf": [_ref("request"), _ref("reply")],
        "$defs": defs,
    }


def schema_text() -> str:
    """The schema as the text of ``docs/protocol.schema.json``."""
    return json.dumps(schema(), indent=2) + "\n"


# -- a validator for the subset of JSON Schema used above ---------------------------------

_TYPE_CHECKS: dict[str, Any] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}
SUPPORTED_KEYWORDS = frozenset(
    {
        "$schema", "$ref", "$defs", "title", "description", "default", "examples",
        "type", "properties", "required", "additionalProperties", "items",
        "enum", "const", "oneOf", "anyOf", "minimum", "maximum", "minLength",
    }
)  # fmt: skip


def _same(a: Any, b: Any) -> bool:
    # JSON equality: True is not 1, and 1 is not 1.0 for const/enum purposes here.
    return type(a) is type(b) and a == b


def _check(value: Any, node: Schema, root: Schema, path: str, out: list[str]) -> None:
    unknown = set(node) - SUPPORTED_KEYWORDS
    if unknown:
        raise ValueError(f"schema at {path} uses unsupported keywords {sorted(unknown)}")
    if "$ref" in node:
        ref = node["$ref"]
        if not ref.startswith("#/$defs/"):
            raise ValueError(f"only local $defs references are supported, got {ref!r}")
        _check(value, root["$defs"][ref.removeprefix("#/$defs/")], root, path, out)
    if "type" in node:
        types = node["type"] if isinstance(node["type"], list) else [node["type"]]
        if not any(_TYPE_CHECKS[t](value) for t in types):
            out.append(f"{path}: expected {' or '.join(types)}, got {json.dumps(value)[:60]}")
            return
    if "const" in node and not _same(value, node["const"]):
        out.append(f"{path}: expected {json.dumps(node['const'])}, got {json.dumps(value)[:60]}")
    if "enum" in node and not any(_same(value, e) for e in node["enum"]):
        out.append(f"{path}: {json.dumps(value)[:60]} is not one of {node['enum']}")
    if "minimum" in node and _TYPE_CHECKS["number"](value) and value < node["minimum"]:
        out.append(f"{path}: {value} is less than {node['minimum']}")
    if "maximum" in node and _TYPE_CHECKS["number"](value) and value > node["maximum"]:
        out.append(f"{path}: {value} is more than {node['maximum']}")
    if "minLength" in node and isinstance(value, str) and len(value) < node["minLength"]:
        out.append(f"{path}: shorter than {node['minLength']} characters")
    if isinstance(value, dict):
        props: Schema = node.get("properties", {})
        for key in node.get("required", []):
            if key not in value:
                out.append(f"{path}: missing {key!r}")
        extra = node.get("additionalProperties", True)
        for key, item in value.items():
            if key in props:
                _check(item, props[key], root, f"{path}.{key}", out)
            elif extra is False:
                out.append(f"{path}: unexpected {key!r}")
            elif isinstance(extra, dict):
                _check(item, extra, root, f"{path}.{key}", out)
    if isinstance(value, list) and "items" in node:
        for index, item in enumerate(value):
            _check(item, node["items"], root, f"{path}[{index}]", out)
    for keyword in ("oneOf", "anyOf"):
        if keyword in node:
            matches = 0
            for option in node[keyword]:
                trial: list[str] = []
                _check(value, option, root, path, trial)
                matches += not trial
            if matches == 0 or (keyword == "oneOf" and matches > 1):
                how = "no alternative" if matches == 0 else f"{matches} alternatives"
                out.append(f"{path}: {how} of {keyword} matches")


def problems(message: Any, definition: str, root: Schema | None = None) -> list[str]:
    """Why ``message`` does not match ``#/$defs/<definition>`` (empty if it does)."""
    root = schema() if root is None else root
    out: list[str] = []
    _check(message, root["$defs"][definition], root, "$", out)
    return out
