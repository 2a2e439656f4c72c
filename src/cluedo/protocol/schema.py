"""The JSON Schema (draft 2020-12) of ``cluedo engine`` and of the external-bot protocol,
generated from the declarations.

Requests, replies, saves and bot messages come from :mod:`cluedo.protocol.messages`;
events and actions from each rule set's declared kinds
(:func:`cluedo.engine.contracts.contracts_for`), one set of definitions per rule set
found: ``events_<rules>``, ``actions_<rules>`` and ``view_<rules>`` (a view whose log
holds that rule set's events and whose pending decision names its decisions and turn
stages). Nothing here is written by hand but the glue. ``docs/protocol.schema.json``
is :func:`schema_text` for the rule sets this package ships (a test checks), and
``cluedo engine --schema`` prints it for the rule sets installed.

Definitions worth knowing: ``#/$defs/request`` and ``#/$defs/reply`` for the
engine; ``#/$defs/bot_message`` (what a bot reads) and ``#/$defs/bot_reply``
(what it writes) for external bots; ``#/$defs/event`` and ``#/$defs/action`` (any
rule set's) and their per-rule-set forms.

>>> schema()["$defs"]["request"]["oneOf"][0]
{'$ref': '#/$defs/request_hello'}
>>> problems({"cmd": "view", "game": 3}, "request")
['$: no alternative of oneOf matches']
>>> problems({"kind": "roll", "seat": 0, "roll": 7}, "events_classic")
['$.roll: 7 is more than 6']

:func:`problems` checks a message against a definition. It understands only
the keywords this schema uses, so that no JSON Schema library is needed; use
a full validator (``jsonschema``) for anything else.

:func:`reference` writes the event and action reference of ``docs/protocol.md``
from the same declarations.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from importlib.metadata import PackageNotFoundError, distribution
from typing import Any

from pydantic import TypeAdapter

from cluedo.engine.contracts import (
    SCHEMA_GENERATOR,
    Contracts,
    Kind,
    adapter,
    contracts_for,
    describe,
)
from cluedo.engine.registry import ENTRY_POINT_GROUP, available, rules_class
from cluedo.protocol import messages as m
from cluedo.protocol.server import PROTOCOL_VERSION

DIALECT = "https://json-schema.org/draft/2020-12/schema"

Schema = dict[str, Any]


def _ref(name: str) -> Schema:
    return {"$ref": f"#/$defs/{name}"}


_ANY_EVENT: Schema = {
    "type": "object",
    "description": "a rule set that declares no kinds: kind plus the event's data",
    "properties": {"kind": {"type": "string"}},
    "required": ["kind"],
}
_ANY_ACTION: Schema = {
    "type": "object",
    "description": "a rule set that declares no kinds: seat and kind, plus the parameters",
    "properties": {"seat": {"type": "integer", "minimum": 0}, "kind": {"type": "string"}},
    "required": ["seat", "kind"],
}
_BOT_MESSAGES = {"bot_hello": m.BotHello, "bot_choose": m.BotChoose, "bot_quit": m.BotQuit}
_BOT_REPLIES = (m.BotAction, m.BotIndex, m.BotName)


def shipped_rules() -> list[str]:
    """The rule sets this package itself declares (its ``cluedo.rulesets`` entry points):
    the ones ``docs/protocol.schema.json`` is written for."""
    try:
        points = distribution("cluedo").entry_points
    except PackageNotFoundError:  # a source tree that was never installed
        return available()
    return sorted(rules_class(p.name).name for p in points if p.group == ENTRY_POINT_GROUP)


def _pending(contracts: Contracts) -> Schema:
    """A view's pending decision, as far as the engine's conventions go."""
    decision: Schema = {
        "type": "object",
        "description": "the decision the game waits for; rule sets add what is their own",
        "properties": {
            "kind": {"enum": list(contracts.decision_kinds)},
            "seats": {"type": "array", "items": {"type": "integer", "minimum": 0}},
        },
        "required": ["kind", "seats"],
    }
    if contracts.stage_names:
        decision["properties"]["stage"] = {
            "enum": list(contracts.stage_names),
            "description": "the stage of a turn",
        }
    return {"anyOf": [decision, {"type": "null"}]}


def _view(name: str, contracts: Contracts | None, common: Schema) -> Schema:
    props = dict(common["properties"])
    props["rules"] = {"const": name}
    props["log"] = {"type": "array", "items": _ref(f"events_{name}")}
    if contracts is not None:
        props["pending"] = _pending(contracts)
    return {
        "type": "object",
        "description": f"what a seat or a spectator sees of a {name} game; the rule set's "
        "own fields besides these",
        "properties": props,
        "required": list(common["required"]),
    }


def _generate(inputs: list[tuple[str, Any]]) -> tuple[dict[str, Schema], Schema]:
    """Each declaration's JSON Schema (a reference, for a TypedDict) and the definitions
    they share."""
    keyed, top = TypeAdapter.json_schemas(
        [(key, "validation", adapter(tp)) for key, tp in inputs],
        ref_template="#/$defs/{model}",
        schema_generator=SCHEMA_GENERATOR,
    )
    out = {key: _resolved(value) for (key, _), value in keyed.items()}
    return out, _resolved(dict(top.get("$defs", {})))


def _resolved(node: Any) -> Any:
    """``node`` with each placeholder of :class:`cluedo.protocol.messages.Ref` made a
    reference to the schema's own definition."""
    if isinstance(node, dict):
        if m.REF_MARK in node:
            rest = {k: _resolved(v) for k, v in node.items() if k != m.REF_MARK}
            return {"$ref": f"#/$defs/{node[m.REF_MARK]}", **rest}
        return {k: _resolved(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_resolved(v) for v in node]
    return node


@cache
def _schema(rules: tuple[str, ...]) -> Schema:
    found = {name: contracts_for(name) for name in rules}
    reply_cmds = list(m.REPLIES)
    inputs: list[tuple[str, Any]] = [
        *((f"request_{cmd}", decl) for cmd, decl in m.REQUESTS.items()),
        ("error_reply", m.ErrorReply),
        *((f"reply_{cmd}", m.REPLIES[cmd]) for cmd in reply_cmds),
        ("view_common", m.CommonView),
        ("save", m.Save),
        *_BOT_MESSAGES.items(),
        *((f"bot_reply_{i}", decl) for i, decl in enumerate(_BOT_REPLIES)),
    ]
    for name, contracts in found.items():
        if contracts is not None:
            inputs += [(f"events_{name}", contracts.event_type)]
            inputs += [(f"actions_{name}", contracts.action_type)]
    keyed, shared = _generate(inputs)
    common = shared[keyed.pop("view_common")["$ref"].rpartition("/")[2]]
    defs: Schema = {
        "request": {"oneOf": [_ref(f"request_{cmd}") for cmd in m.REQUESTS]},
        **{f"request_{cmd}": keyed[f"request_{cmd}"] for cmd in m.REQUESTS},
        "reply": {"oneOf": [_ref("error_reply"), *(_ref(f"reply_{c}") for c in reply_cmds)]},
        "error_reply": keyed["error_reply"],
        **{f"reply_{cmd}": keyed[f"reply_{cmd}"] for cmd in reply_cmds},
        "action": {
            "description": "an action of any rule set: seat and kind, plus the parameters "
            "of that kind",
            "anyOf": [_ref(f"actions_{name}") for name in found],
        },
        "event": {
            "description": "an event of any rule set, as the receiving seat may see it",
            "anyOf": [_ref(f"events_{name}") for name in found],
        },
        "view": {
            "description": "what a seat or a spectator sees: the common fields, the rule "
            "set's own, and the log of events",
            "oneOf": [_ref(f"view_{name}") for name in found],
            "discriminator": {
                "propertyName": "rules",
                "mapping": {name: f"#/$defs/view_{name}" for name in found},
            },
        },
        "save": keyed["save"],
        "bot_message": {
            "description": "what cluedo sends an external bot, one per line",
            "oneOf": [_ref(name) for name in _BOT_MESSAGES],
        },
        **{name: keyed[name] for name in _BOT_MESSAGES},
        "bot_reply": {
            "description": "what an external bot writes: one answer per choose",
            "oneOf": [keyed[f"bot_reply_{i}"] for i in range(len(_BOT_REPLIES))],
        },
    }
    for name, contracts in found.items():
        defs[f"events_{name}"] = keyed.get(f"events_{name}", _ANY_EVENT)
        defs[f"actions_{name}"] = keyed.get(f"actions_{name}", _ANY_ACTION)
        defs[f"view_{name}"] = _view(name, contracts, common)
    clash = sorted(set(defs) & set(shared))
    if clash:
        raise ValueError(f"declarations named like the schema's own definitions: {clash}")
    defs.update(sorted(shared.items()))
    return {
        "$schema": DIALECT,
        "title": f"cluedo engine protocol {PROTOCOL_VERSION}",
        "description": "One JSON object per line. Requests and replies of `cluedo engine`, and "
        "the messages of the external-bot protocol; see docs/protocol.md.",
        "anyOf": [_ref("request"), _ref("reply")],
        "$defs": defs,
    }


def schema(rules: Sequence[str] | None = None) -> Schema:
    """The whole schema as a dict, for ``rules`` (default: every rule set found)."""
    copied: Schema = json.loads(json.dumps(_schema(tuple(available() if rules is None else rules))))
    return copied


def schema_text(rules: Sequence[str] | None = None) -> str:
    """The schema as the text of ``docs/protocol.schema.json`` (with ``shipped_rules()``)."""
    return json.dumps(schema(rules), indent=2) + "\n"


# -- the reference in docs/protocol.md ----------------------------------------------------

REFERENCE_BEGIN = "<!-- reference: generated by cluedo.protocol.schema.reference -->"
REFERENCE_END = "<!-- end of the generated reference -->"


def _definition(union: Schema, kind: str, defs: Schema) -> Schema:
    """The definition of ``kind`` in a union of declarations told apart by kind."""
    mapping = union.get("discriminator", {}).get("mapping", {})
    ref = mapping.get(kind) or union.get("$ref")
    return dict(defs[str(ref).rpartition("/")[2]]) if ref else union


def _fields(spec: Kind, body: Schema, defs: Schema, skip: tuple[str, ...]) -> str:
    required = body.get("required", [])
    out = []
    for name, prop in body.get("properties", {}).items():
        if name in skip:
            continue
        field = spec.fields.get(name)
        secret = " (secret)" if field is not None and field.secret is not None else ""
        optional = "" if name in required else "?"
        out.append(f"`{name}{optional}`: {describe(prop, defs)}{secret}")
    return "; ".join(out) or "-"


def reference(rules: Sequence[str] | None = None) -> str:
    """The event and action reference of ``docs/protocol.md``: for each rule set, every
    declared kind with its fields and what it means, from the declarations."""
    names = shipped_rules() if rules is None else list(rules)
    defs = schema(names)["$defs"]
    lines = [
        REFERENCE_BEGIN,
        "",
        "Written from the declarations (`rules/<name>/events.py`, shared kinds in "
        "`mechanics/events.py`) by `cluedo.protocol.schema.reference()`; a test keeps it "
        "current. Fields marked `?` may be absent; a *secret* field reaches only the seats "
        "allowed to know it (the others receive the event without it, or in the other "
        "form given); a square is `[row, column]`. Every action also has `seat`.",
    ]
    for name in names:
        contracts = contracts_for(name)
        if contracts is None:
            continue
        lines += ["", f"#### {rules_class(name).title} (`{name}`)", ""]
        lines.append(
            "Decisions: "
            + ", ".join(f"`{d}`" for d in contracts.decision_kinds)
            + ". Stages of a turn: "
            + ", ".join(f"`{s}`" for s in contracts.stage_names)
            + "."
        )
        for title, kinds, union, skip in (
            ("Events", contracts.event_kinds, defs[f"events_{name}"], ("kind",)),
            ("Actions", contracts.action_kinds, defs[f"actions_{name}"], ("kind", "seat")),
        ):
            lines += ["", f"{title}:", "", "| kind | fields | what it is |", "| --- | --- | --- |"]
            for kind, spec in kinds.items():
                text = _fields(spec, _definition(union, kind, defs), defs, skip)
                meaning = spec.description.replace("|", "/")
                lines.append(f"| `{kind}` | {text} | {meaning} |")
    lines += ["", REFERENCE_END]
    return "\n".join(lines) + "\n"


def documented(text: str) -> str:
    """The generated reference inside ``docs/protocol.md``'s text (empty if absent)."""
    start, end = text.find(REFERENCE_BEGIN), text.find(REFERENCE_END)
    if start < 0 or end < 0:
        return ""
    return text[start : end + len(REFERENCE_END)] + "\n"


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
        "prefixItems", "minItems", "maxItems", "enum", "const", "oneOf", "anyOf",
        "discriminator", "minimum", "maximum", "minLength",
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
        if len(node) == 1:
            return
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
    if isinstance(value, list):
        prefix = node.get("prefixItems", [])
        for index, item in enumerate(value[: len(prefix)]):
            _check(item, prefix[index], root, f"{path}[{index}]", out)
        if "items" in node:
            for index, item in enumerate(value[len(prefix) :], len(prefix)):
                _check(item, node["items"], root, f"{path}[{index}]", out)
        if len(value) < node.get("minItems", 0):
            out.append(f"{path}: fewer than {node['minItems']} items")
        if "maxItems" in node and len(value) > node["maxItems"]:
            out.append(f"{path}: more than {node['maxItems']} items")
    picked = node.get("discriminator")
    if picked is not None and isinstance(value, dict):
        # OpenAPI's hint, as pydantic writes it: the one alternative named by the value's
        # property (kind, rules) is checked, which also says better what is wrong.
        key = value.get(picked["propertyName"])
        target = picked["mapping"].get(key) if isinstance(key, str) else None
        if target is None:
            known = ", ".join(sorted(picked["mapping"]))
            out.append(
                f"{path}.{picked['propertyName']}: {json.dumps(key)[:60]} is not one of {known}"
            )
        else:
            _check(value, {"$ref": target}, root, path, out)
        return
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
    root = _schema(tuple(available())) if root is None else root
    out: list[str] = []
    _check(message, root["$defs"][definition], root, "$", out)
    return out
