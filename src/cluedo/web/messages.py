"""Everything a browser may send, as typed models: request bodies and websocket messages.

A body or a message is first read by :func:`cluedo.web.guard.parse_json` (size,
depth, NaN, lone surrogates), then validated here: strict types (``1.0`` is not
a seat, ``true`` is not a number), no unknown fields, and people's text
normalised (NFC) and checked. A refusal is a :class:`WebError` whose message
names the field, says what was wrong with it and what is allowed, and whose
``rule`` is the one the page and the tests know (``bad-players``,
``bad-chat`` ...). What a model cannot know - a rule set's player range and
bots, which seats are free, which cards a notebook has - the lobby and the
table check next.

The protocol section of docs/web.md is made from these models
(:func:`protocol_markdown`; ``python -m cluedo.web.messages`` prints it), and
a test keeps the two the same.
"""

from __future__ import annotations

import functools
import types
import typing
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal, TypeVar, Union

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    JsonValue,
    RootModel,
    ValidationError,
    model_validator,
)
from pydantic.fields import FieldInfo

from cluedo.agents.registry import bots_for
from cluedo.deduction.person import NOTE_LIMIT
from cluedo.engine.registry import available
from cluedo.web.guard import ALLOWED_TEXT, WebError, clean_text, dumps, looks_like_bot, parse_json

MAX_NAME = 40
"""Longest name of a person, in characters."""
MAX_CHAT = 500
"""Longest chat message, in characters."""
MAX_PING_ID = 64
"""Longest text a ping may carry as its ``id``."""

NAME_ALLOWED = f"1 to {MAX_NAME} {ALLOWED_TEXT}; not a bot's name, nor one with the word 'bot'"


@dataclass(frozen=True)
class Refusal:
    """Field metadata: the error ``rule`` for a bad value here, and what is allowed
    (else the field's description says it)."""

    rule: str
    allowed: str | None = None


# -- people's text -----------------------------------------------------------------


def _bot_names() -> frozenset[str]:
    # Every bot of every rule set (the stand-in for an absent person is one of them).
    return _bots_of(tuple(available()))


@functools.cache
def _bots_of(rule_sets: tuple[str, ...]) -> frozenset[str]:
    return frozenset(name for rules in rule_sets for name in bots_for(rules))


def _person_name(name: str) -> str:
    clean, problem = clean_text(name)
    if problem is not None:
        raise ValueError(f"this name cannot be used: {problem}")
    clean = " ".join(clean.split())
    if not clean:
        raise ValueError(f"a seat needs a 'name' ({NAME_ALLOWED})")
    if len(clean) > MAX_NAME:
        raise ValueError(f"names are at most {MAX_NAME} characters")
    if looks_like_bot(clean, _bot_names()):
        raise ValueError(f"the name {clean!r} could pass for a bot; people's names may not")
    return clean


def _chat_text(text: str) -> str:
    if not text.strip():
        raise ValueError("a chat message needs some 'text'")
    clean, problem = clean_text(text.strip())
    if problem is not None:
        raise ValueError(f"this chat message cannot be sent: {problem}")
    if len(clean) > MAX_CHAT:
        raise ValueError(f"chat messages are at most {MAX_CHAT} characters")
    return clean


def _note_text(text: str) -> str:
    clean, problem = clean_text(text.strip())
    if problem is not None:
        raise ValueError(f"this note cannot be kept: {problem}")
    if len(clean) > NOTE_LIMIT:
        raise ValueError(f"a note is at most {NOTE_LIMIT} characters")
    return clean


PersonName = Annotated[str, AfterValidator(_person_name)]
ChatText = Annotated[str, AfterValidator(_chat_text)]
NoteText = Annotated[str, AfterValidator(_note_text)]


class Incoming(BaseModel):
    """Something a browser sent: strict types, no fields but its own."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    rule: ClassVar[str] = "bad-request"
    """The error rule for what no field's :class:`Refusal` covers (unknown fields ...)."""
    unknown_hint: ClassVar[dict[str, str]] = {}
    """Words added when a field of that name is sent though it is not allowed."""
    example: ClassVar[str] = ""
    """A typical message, for the documentation."""
    sent_as: ClassVar[str] = ""
    """Where a request body (or part of one) is sent, for the documentation."""

    def given(self) -> dict[str, Any]:
        """The fields the sender gave (not those left at their defaults), as JSON data."""
        return self.model_dump(mode="json", include=set(self.model_fields_set))


# -- HTTP request bodies -----------------------------------------------------------

Seconds = Annotated[float, Field(ge=1, le=86400)]


class SeatChoice(Incoming):
    """One seat of a new table: a person's (taken later by joining) or a bot's."""

    rule = "bad-seats"
    sent_as = "each entry of `seats`"

    kind: Literal["person", "bot"] = Field(description="'person' or 'bot'")
    bot: str | None = Field(
        None, description="for a bot: one of the rule set's bots (default: its default bot)"
    )

    @model_validator(mode="after")
    def _bot_only_for_bots(self) -> SeatChoice:
        if self.kind == "person" and self.bot is not None:
            raise ValueError("a person's seat names no 'bot'")
        return self


class TableSettings(Incoming):
    """How a table plays; every setting left out takes the server's default."""

    rule = "bad-settings"
    sent_as = "`settings`"

    bot_delay: float = Field(
        0.6, ge=0, le=5, description="seconds a bot waits before it acts, 0 to 5"
    )
    idle_bot_after: Seconds | None = Field(
        None,
        description="a bot plays for a person away this long: seconds from 1 to 86400, "
        "or null (never)",
    )
    turn_limit: Seconds | None = Field(
        None,
        description="a bot moves for a seat waited on this long: seconds from 1 to 86400, "
        "or null (never)",
    )
    notebook_aid: bool = Field(True, description="true or false: the notebook shows its odds")
    spectator_chat: bool = Field(False, description="true or false: spectators may chat")


class Host(Incoming):
    """The person opening a table, seated by the same request (the table is then made
    whole, or not at all)."""

    sent_as = "`host`"

    name: Annotated[PersonName, Refusal("bad-name", NAME_ALLOWED)] = Field(description=NAME_ALLOWED)
    seat: int | None = Field(
        None,
        description="a person's seat, counted from 0 as in `seats` (default: the first)",
    )
    character: Annotated[str | None, Refusal("bad-character")] = Field(
        None, description="a character's id from GET /api/rules, or null (one is given)"
    )


class CreateTable(Incoming):
    """Open a table. Every field has a default."""

    sent_as = "`POST /api/tables`"
    example = '{"rules": "classic", "players": 4}'
    unknown_hint = {"seed": "the server draws the shuffle; nobody chooses it"}

    rules: Annotated[str, Refusal("bad-options")] = Field(
        "classic", description="a rule set's name (GET /api/rules lists them)"
    )
    players: Annotated[int | None, Refusal("bad-players")] = Field(
        None, description="a whole number in the rule set's range (default 4, or its most)"
    )
    options: Annotated[dict[str, JsonValue] | None, Refusal("bad-options")] = Field(
        None, description="a JSON object of the rule set's options (GET /api/rules)"
    )
    seats: Annotated[list[SeatChoice] | None, Refusal("bad-seats")] = Field(
        None,
        description="one entry per player (default: the first a person, the rest the "
        "rule set's default bot)",
    )
    settings: Annotated[TableSettings | None, Refusal("bad-settings")] = Field(
        None, description="a JSON object of the table's settings"
    )
    host: Host | None = Field(
        None,
        description="a JSON object: the person opening the table, seated at once "
        "(the answer then holds their seat's link)",
    )


class JoinTable(Incoming):
    """Take a free person's seat."""

    sent_as = "`POST /api/tables/{code}/join`"
    example = '{"name": "Ann", "seat": 1, "character": "plum"}'

    name: Annotated[PersonName, Refusal("bad-name", NAME_ALLOWED)] = Field(description=NAME_ALLOWED)
    seat: int | None = Field(
        None,
        description="a free seat's number, counted from 0 as in the table's `seats` "
        "(default: the first free)",
    )
    character: Annotated[str | None, Refusal("bad-character")] = Field(
        None, description="a free character's id, or null (one is given)"
    )


# -- websocket messages ------------------------------------------------------------


class ActionRequest(BaseModel):
    """An action for the sender's seat: its ``kind`` and the kind's own parameters,
    exactly as in the frame's ``legal`` list. The engine checks the parameters."""

    model_config = ConfigDict(extra="allow", strict=True, frozen=True)
    __pydantic_extra__: dict[str, JsonValue]

    kind: str = Field(min_length=1, max_length=64, description="the action's kind")
    seat: int | None = Field(None, description="may be left out; if given, the sender's seat")

    def as_json(self) -> dict[str, Any]:
        """The action as the engine reads it, without a seat."""
        return {"kind": self.kind, **(self.__pydantic_extra__ or {})}


class Act(Incoming):
    """An action for your seat (one of the frame's ``legal``)."""

    rule = "malformed-action"
    example = '{"type": "act", "action": {"kind": "move", "to": [7, 4]}}'

    type: Literal["act"]
    action: ActionRequest = Field(description='a JSON object {"kind": ..., ...}')


class Chat(Incoming):
    """A chat line, to everyone at the table (spectators only where it allows them)."""

    rule = "bad-chat"
    example = '{"type": "chat", "text": "..."}'

    type: Literal["chat"]
    text: ChatText = Field(description=f"1 to {MAX_CHAT} {ALLOWED_TEXT}")


class AskNotebook(Incoming):
    """Ask for your notebook (answered with a ``notebook`` frame)."""

    rule = "bad-message"
    example = '{"type": "notebook"}'

    type: Literal["notebook"]


class Note(Incoming):
    """Keep one of your own marks, then get the notebook. ``""`` rubs a mark out."""

    rule = "bad-note"
    example = '{"type": "note", "card": "rope", "place": 1, "text": "✓"}'

    type: Literal["note"]
    card: str = Field(description="a card's id in the notebook")
    place: int | str | None = Field(
        None,
        description="one of the notebook's places (a seat number, 'envelope', 'pile' ...), "
        "or null for a note on the card itself",
    )
    text: NoteText = Field("", description=f"0 to {NOTE_LIMIT} {ALLOWED_TEXT}")


class Ping(Incoming):
    """Answered with ``pong`` (with the same ``id``, if one is given)."""

    rule = "bad-message"
    example = '{"type": "ping", "id": 7}'

    type: Literal["ping"]
    id: Annotated[str, Field(max_length=MAX_PING_ID)] | int | None = Field(
        None, description=f"a whole number, or text of at most {MAX_PING_ID} characters"
    )


MESSAGES: tuple[type[Incoming], ...] = (Act, Chat, AskNotebook, Note, Ping)
Message = Act | Chat | AskNotebook | Note | Ping


class BrowserMessage(RootModel[Annotated[Message, Field(discriminator="type")]]):
    """Any message a browser sends on its websocket, told apart by its ``type``."""

    model_config = ConfigDict(strict=True)


_BY_TYPE: dict[str, type[Incoming]] = {
    typing.get_args(m.model_fields["type"].annotation)[0]: m for m in MESSAGES
}
MESSAGE_TYPES = ", ".join(_BY_TYPE)

MAX_MESSAGE = 8192
"""Largest websocket message accepted, in characters (and HTTP body, in bytes)."""


def read_message(text: str) -> Message:
    """One websocket message, checked; or :class:`WebError` saying what is wrong."""
    if len(text) > MAX_MESSAGE:
        raise WebError(f"messages are at most {MAX_MESSAGE} characters", "too-large")
    data = parse_json(text, "message")
    try:
        return BrowserMessage.model_validate(data).root
    except ValidationError as err:
        raise _refusal(err, None, "message") from None


M = TypeVar("M", bound=Incoming)


def read_request(model: type[M], data: Any) -> M:
    """A request body (already parsed JSON) as ``model``; or :class:`WebError`."""
    try:
        return model.model_validate(data)
    except ValidationError as err:
        raise _refusal(err, model, "request") from None


# -- refusals in words ----------------------------------------------------------------

_WORDS = {
    "int_type": "must be a whole number",
    "float_type": "must be a number",
    "bool_type": "must be true or false",
    "string_type": "must be text",
    "dict_type": "must be a JSON object",
    "model_type": "must be a JSON object",
    "model_attributes_type": "must be a JSON object",
    "list_type": "must be a list",
    "none_required": "must be null",
}


def _refusal(err: ValidationError, model: type[Incoming] | None, what: str) -> WebError:
    errors = err.errors(include_url=False)
    first = errors[0]
    loc = tuple(first["loc"])
    kind = first["type"]
    if model is None:  # a websocket message: the first step of the path is its type
        if kind in ("union_tag_invalid", "union_tag_not_found", "model_attributes_type"):
            return _bad_type(first)
        model, loc = _BY_TYPE[str(loc[0])], loc[1:]
        errors = [{**e, "loc": tuple(e["loc"])[1:]} for e in errors]
    unknown = [e for e in errors if e["type"] == "extra_forbidden"]
    if unknown:
        return _unknown_fields(model, unknown)
    rule, allowed = _rule_at(model, loc)
    _, kept = _path(model, loc)
    where = _where(kept) if kept else f"the {what}"
    if kind == "value_error":
        said = str(first["ctx"]["error"])
        message = f"{where}: {said}" if kept and isinstance(kept[-1], int) else said
    elif kind == "missing":
        message = f"{where} is missing"
    else:
        if len(kept) < len(loc) and allowed:  # a union: say every kind of value allowed
            words = f"must be {allowed}"
        else:
            words = _WORDS.get(kind) or _plain(first["msg"])
        shown = dumps(first["input"])
        shown = shown if len(shown) <= 40 else shown[:39] + "…"
        message = f"{where} {words}, not {shown}" if kept else f"{where} {words}"
    return WebError(message, rule, allowed)


def _bad_type(error: Any) -> WebError:
    """A message that is not an object, has no ``type``, or a type nobody knows."""
    given = error["input"].get("type") if isinstance(error["input"], dict) else None
    if isinstance(given, str):
        return WebError(f"unknown message type {given!r}", "bad-message", MESSAGE_TYPES)
    if given is not None:
        shown = dumps(given)[:40]
        return WebError(f"'type' must be text, not {shown}", "bad-message", MESSAGE_TYPES)
    return WebError("a message is a JSON object with a 'type'", "bad-message", MESSAGE_TYPES)


def _unknown_fields(model: type[Incoming], errors: list[Any]) -> WebError:
    parent = tuple(errors[0]["loc"][:-1])
    names = sorted(str(e["loc"][-1]) for e in errors if tuple(e["loc"][:-1]) == parent)
    owner = _model_at(model, parent)
    hints = [owner.unknown_hint[n] for n in names if n in owner.unknown_hint]
    rule = _rule_at(model, parent)[0] if parent else owner.rule
    where = f" in {_where(_path(model, parent)[1])}" if parent else ""
    hint = f" ({'; '.join(hints)})" if hints else ""
    fields = ", ".join(f for f in owner.model_fields if f != "type")
    return WebError(f"unknown fields {names}{where}{hint}", rule, fields or "no other fields")


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    """The models an annotation holds (through lists, unions, Annotated)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    origin = typing.get_origin(annotation)
    if origin is Annotated:
        return _models_in(typing.get_args(annotation)[0])
    if origin in (list, Union, types.UnionType):
        return [m for arg in typing.get_args(annotation) for m in _models_in(arg)]
    return []


def _path(model: type[BaseModel], loc: tuple[Any, ...]) -> tuple[list[FieldInfo], tuple[Any, ...]]:
    """The fields a path goes through (outermost first), and the path without the
    steps that name no field (which member of a union was tried)."""
    found: list[FieldInfo] = []
    kept: list[Any] = []
    current: list[type[BaseModel]] = [model]
    for part in loc:
        if isinstance(part, int):
            kept.append(part)  # a list index
            continue
        owner = next((m for m in current if part in m.model_fields), None)
        if owner is None:
            continue
        field = owner.model_fields[part]
        found.append(field)
        kept.append(part)
        current = _models_in(field.annotation)
    return found, tuple(kept)


def _model_at(model: type[Incoming], loc: tuple[Any, ...]) -> type[Incoming]:
    fields, _ = _path(model, loc)
    inner = _incoming_in(fields[-1].annotation) if fields else []
    return inner[0] if inner else model


def _incoming_in(annotation: Any) -> list[type[Incoming]]:
    return [m for m in _models_in(annotation) if issubclass(m, Incoming)]


def _rule_at(model: type[Incoming], loc: tuple[Any, ...]) -> tuple[str, str | None]:
    """The error rule and the words for what is allowed, for a bad value at ``loc``."""
    rule, allowed = model.rule, None
    for field in _path(model, loc)[0]:
        refusal = next((m for m in field.metadata if isinstance(m, Refusal)), None)
        inner = _incoming_in(field.annotation)
        if refusal is not None:
            rule = refusal.rule
        elif inner:
            rule = inner[0].rule
        allowed = (refusal.allowed if refusal else None) or field.description
    return rule, allowed


def _where(loc: tuple[Any, ...]) -> str:
    """A field's place for people: 'players', 'settings.bot_delay', seat 2's 'kind'."""
    names: list[str] = []
    prefix = ""
    for part in loc:
        if isinstance(part, int):
            # Seats are counted from 1 for people, as everywhere else.
            owner = ".".join(names)
            prefix = f"seat {part + 1}" if owner == "seats" else f"item {part + 1} of '{owner}'"
            names = []
        else:
            names.append(str(part))
    path = f"'{'.'.join(names)}'" if names else ""
    if prefix and path:
        return f"{prefix}'s {path}"
    return prefix or path or "the request"


def _plain(message: str) -> str:
    for start, words in (("Input should be", "must be"), ("String should", "must")):
        if message.startswith(start):
            return words + message[len(start) :]
    if message.startswith("List should"):
        return "must" + message[len("List should") :]
    return message[:1].lower() + message[1:]


# -- the documentation ------------------------------------------------------------


def _fields_in_words(model: type[BaseModel]) -> str:
    parts = []
    for name, field in model.model_fields.items():
        if name != "type":
            required = " (required)" if field.is_required() else ""
            parts.append(f"`{name}`{required}: {field.description}")
    return "; ".join(parts) or "-"


def _doc(model: type[BaseModel]) -> str:
    return " ".join((model.__doc__ or "").split()).replace("``", "`")


def protocol_markdown() -> str:
    """The tables of docs/web.md's protocol section, made from the models."""
    lines = [
        "Browser to server (websocket `/ws/CODE?token=...`; without a token or with",
        "`spectate=1`, a spectator); a field not listed is refused:",
        "",
        "| message | meaning | fields |",
        "| --- | --- | --- |",
    ]
    for model in MESSAGES:
        lines.append(f"| `{model.example}` | {_doc(model)} | {_fields_in_words(model)} |")
    lines += [
        "",
        f"An `action`: {_fields_in_words(ActionRequest)}; and the parameters of its kind,",
        "as in the frame's `legal` list (the engine checks them).",
        "",
        "HTTP request bodies (JSON objects; a field not listed is refused):",
        "",
        "| sent as | meaning | fields |",
        "| --- | --- | --- |",
    ]
    for model in (CreateTable, JoinTable, SeatChoice, TableSettings, Host):
        example = f" Example: `{model.example}`." if model.example else ""
        lines.append(f"| {model.sent_as} | {_doc(model)}{example} | {_fields_in_words(model)} |")
    return "\n".join(lines)


def json_schemas() -> dict[str, Any]:
    """JSON Schema of every message and request body (for tools that want one)."""
    return {
        "message": BrowserMessage.model_json_schema(),
        "create_table": CreateTable.model_json_schema(),
        "join_table": JoinTable.model_json_schema(),
    }


if __name__ == "__main__":
    print(protocol_markdown())
