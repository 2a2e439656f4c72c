"""Every message of the engine protocol and of the external-bot protocol, declared once.

Requests, replies, saves and the messages of external bots are ``TypedDict``
declarations: the engine validates each request with them (:func:`validate_request`),
:mod:`cluedo.protocol.schema` generates the JSON Schema from them, and the server's
code is typed by them. Events and actions are each rule set's own declarations
(:mod:`cluedo.engine.contracts`); here they appear as references to the schema's
``event``, ``action`` and ``view`` definitions.

>>> validate_request("legal", {"cmd": "legal", "game": "g1", "seat": 0})
{'cmd': 'legal', 'game': 'g1', 'seat': 0}
>>> try:
...     validate_request("legal", {"cmd": "legal", "game": "g1", "seat": "zero"})
... except ProtocolError as err:
...     print(err.code, err.message)
bad-request legal: 'seat' must be an integer (a seat number, 0 to players-1), got a string
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Literal, NotRequired, cast

from pydantic import ConfigDict, Field, TypeAdapter, ValidationError, with_config
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema, ErrorDetails
from typing_extensions import TypedDict

from cluedo.engine.contracts import Count, Seat, json_kind

STRICT = ConfigDict(extra="forbid", strict=True)
OPEN = ConfigDict(extra="allow", strict=True)


class ProtocolError(Exception):
    """A request that cannot be carried out; becomes an error reply."""

    def __init__(self, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = extra

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, **self.extra}


@dataclass(frozen=True)
class Ref:
    """A field whose JSON Schema is a definition of the protocol's schema (an action,
    an event, a view, a save), which :mod:`cluedo.protocol.schema` builds from the
    rule sets found."""

    name: str

    def __get_pydantic_json_schema__(self, schema: CoreSchema, handler: Any) -> JsonSchemaValue:
        # A placeholder the schema's builder turns into a "$ref" (pydantic would look
        # a "$ref" up among its own definitions).
        return {REF_MARK: self.name}


REF_MARK = "cluedo-ref"


RequestId = Annotated[str | int, Field(description="echoed back in the reply")]
GameId = Annotated[str, Field(description="a game id from 'new' or 'load'")]
SeatNumber = Annotated[int, Field(ge=0, description="a seat number, 0 to players-1")]
ActionJson = Annotated[dict[str, Any], Ref("action")]
EventJson = Annotated[dict[str, Any], Ref("event")]
ViewJson = Annotated[dict[str, Any], Ref("view")]
SaveJson = Annotated[dict[str, Any], Ref("save")]

# -- requests -------------------------------------------------------------------------


@with_config(STRICT)
class HelloRequest(TypedDict):
    """engine name, version, protocol version and rule sets"""

    cmd: Literal["hello"]
    id: NotRequired[RequestId]


@with_config(STRICT)
class InfoRequest(TypedDict):
    """the same as hello"""

    cmd: Literal["info"]
    id: NotRequired[RequestId]


@with_config(STRICT)
class NewRequest(TypedDict):
    """start a game; replies with its id"""

    cmd: Literal["new"]
    id: NotRequired[RequestId]
    rules: NotRequired[Annotated[str, Field(description="rule set name (default classic)")]]
    players: NotRequired[
        Annotated[int, Field(description="number of players (default: the minimum)")]
    ]
    seed: NotRequired[
        Annotated[int | None, Field(description="random seed (default: a fresh one)")]
    ]
    options: NotRequired[
        Annotated[dict[str, Any], Field(description="rule-set options (see hello)")]
    ]


@with_config(STRICT)
class LegalRequest(TypedDict):
    """the legal actions of a seat"""

    cmd: Literal["legal"]
    id: NotRequired[RequestId]
    game: GameId
    seat: SeatNumber


@with_config(STRICT)
class ApplyRequest(TypedDict):
    """apply an action; replies with the events as the acting seat sees them"""

    cmd: Literal["apply"]
    id: NotRequired[RequestId]
    game: GameId
    action: NotRequired[Annotated[ActionJson, Field(description="the action, as listed by legal")]]
    index: NotRequired[
        Annotated[int, Field(ge=0, description="instead of action: an index into legal")]
    ]
    seat: NotRequired[
        Annotated[int, Field(ge=0, description="the seat whose legal list index refers to")]
    ]


@with_config(STRICT)
class ViewRequest(TypedDict):
    """what a seat (or a spectator) sees, with its log"""

    cmd: Literal["view"]
    id: NotRequired[RequestId]
    game: GameId
    seat: NotRequired[
        Annotated[int | None, Field(ge=0, description="a seat, or null for a spectator")]
    ]
    log_since: NotRequired[
        Annotated[int, Field(ge=0, description="skip the first log_since events")]
    ]


@with_config(STRICT)
class ToActRequest(TypedDict):
    """who must act now, and whether the game is over"""

    cmd: Literal["to_act"]
    id: NotRequired[RequestId]
    game: GameId


@with_config(STRICT)
class SaveRequest(TypedDict):
    """the save object (rules, players, seed, options, actions)"""

    cmd: Literal["save"]
    id: NotRequired[RequestId]
    game: GameId


@with_config(STRICT)
class LoadRequest(TypedDict):
    """open a saved game under a new id"""

    cmd: Literal["load"]
    id: NotRequired[RequestId]
    save: Annotated[SaveJson | str, Field(description="a save object, or its JSON text")]


@with_config(STRICT)
class GoRequest(TypedDict):
    """ask a built-in bot which action it would take for a seat (not applied)"""

    cmd: Literal["go"]
    id: NotRequired[RequestId]
    game: GameId
    seat: SeatNumber
    bot: NotRequired[
        Annotated[str, Field(description="a built-in bot (default: the rule set's default)")]
    ]


@with_config(STRICT)
class NotebookRequest(TypedDict):
    """where a seat may believe each card is, from its own log: a probability per place"""

    cmd: Literal["notebook"]
    id: NotRequired[RequestId]
    game: GameId
    seat: SeatNumber


@with_config(STRICT)
class CloseRequest(TypedDict):
    """forget a game"""

    cmd: Literal["close"]
    id: NotRequired[RequestId]
    game: GameId


@with_config(STRICT)
class GamesRequest(TypedDict):
    """the ids of the open games"""

    cmd: Literal["games"]
    id: NotRequired[RequestId]


@with_config(STRICT)
class QuitRequest(TypedDict):
    """stop the engine"""

    cmd: Literal["quit"]
    id: NotRequired[RequestId]


REQUESTS: dict[str, type] = {
    "hello": HelloRequest,
    "info": InfoRequest,
    "new": NewRequest,
    "legal": LegalRequest,
    "apply": ApplyRequest,
    "view": ViewRequest,
    "to_act": ToActRequest,
    "save": SaveRequest,
    "load": LoadRequest,
    "go": GoRequest,
    "notebook": NotebookRequest,
    "close": CloseRequest,
    "games": GamesRequest,
    "quit": QuitRequest,
}
"""Every command, in the order the protocol lists them."""
COMMON_FIELDS = ("cmd", "id")

# -- what the requests declare, for hello and for error messages ----------------------


@dataclass(frozen=True)
class FieldSpec:
    """One field of a request: its JSON type(s), whether it is required, what it means."""

    types: tuple[str, ...]
    required: bool
    help: str


@dataclass(frozen=True)
class CommandSpec:
    fields: dict[str, FieldSpec]
    help: str


def _json_types(annotation: Any) -> tuple[str, ...]:
    """The JSON types a Python annotation takes, in order."""
    origin = typing.get_origin(annotation)
    if origin is Annotated:
        return _json_types(typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        return tuple(t for arg in typing.get_args(annotation) for t in _json_types(arg))
    base = origin or annotation
    names = {int: "integer", str: "string", dict: "object", list: "array", bool: "boolean"}
    if annotation is type(None):
        return ("null",)
    return (names[base],)


def _help(annotation: Any) -> str:
    for mark in getattr(annotation, "__metadata__", ()):
        description = getattr(mark, "description", None)
        if description:
            return str(description)
    return ""


def _command(declaration: type) -> CommandSpec:
    hints = typing.get_type_hints(declaration, include_extras=True)
    fields: dict[str, FieldSpec] = {}
    for name, hint in hints.items():
        if name in COMMON_FIELDS:
            continue
        # Read from the annotation: __required_keys__ cannot see NotRequired here, as
        # this module's annotations are postponed.
        optional = typing.get_origin(hint) is NotRequired
        if optional:
            hint = typing.get_args(hint)[0]
        fields[name] = FieldSpec(_json_types(hint), not optional, _help(hint))
    return CommandSpec(fields, " ".join((declaration.__doc__ or "").split()))


COMMANDS: dict[str, CommandSpec] = {name: _command(decl) for name, decl in REQUESTS.items()}
"""Each command's fields (with their JSON types) and what it does, from its declaration."""

_TYPE_NAMES = {
    "string": "a string",
    "integer": "an integer",
    "object": "an object",
    "null": "null",
    "array": "a list",
    "boolean": "a boolean",
}


def _type_names(types: tuple[str, ...]) -> str:
    return " or ".join(_TYPE_NAMES[t] for t in types)


@cache
def _adapter(cmd: str) -> TypeAdapter[Any]:
    return TypeAdapter(REQUESTS[cmd])


_ID: TypeAdapter[Any] = TypeAdapter(cast(Any, RequestId), config=STRICT)  # a union, not a class


def request_id(value: Any) -> RequestId:
    """A request's ``id``: a string or an integer (not a boolean)."""
    try:
        checked: RequestId = _ID.validate_python(value)
    except ValidationError:
        raise ProtocolError(
            "bad-request", f"'id' must be a string or an integer, got {json_kind(value)}"
        ) from None
    return checked


def validate_request(cmd: str, request: Mapping[str, Any]) -> Any:
    """``request`` checked against its command's declaration: refuse unknown, missing and
    ill-typed fields, saying what the command takes. Returns the request, typed."""
    try:
        return _adapter(cmd).validate_python(request)
    except ValidationError as err:
        raise _request_error(cmd, request, err.errors(include_url=False)) from None


def _request_error(cmd: str, request: Mapping[str, Any], errors: list[ErrorDetails]) -> Exception:
    spec = COMMANDS[cmd]
    takes = (
        ", ".join(f"{name}{'' if f.required else '?'}" for name, f in spec.fields.items())
        or "no fields"
    )
    unknown = [str(e["loc"][0]) for e in errors if e["type"] == "extra_forbidden"]
    if unknown:
        return ProtocolError(
            "bad-request",
            f"{cmd} does not take {', '.join(map(repr, unknown))}; it takes {takes} "
            "(? = optional), besides cmd and id",
        )
    wrong: dict[str, ErrorDetails] = {}
    for error in errors:
        if error["loc"]:
            wrong.setdefault(str(error["loc"][0]), error)
    if "id" in wrong:
        return ProtocolError(
            "bad-request", f"'id' must be a string or an integer, got {json_kind(request['id'])}"
        )
    for name, field in spec.fields.items():
        if name not in wrong:
            continue
        error = wrong[name]
        if error["type"] == "missing":
            return ProtocolError(
                "bad-request", f"{cmd} needs {name!r}: {field.help}; it takes {takes}"
            )
        value = request[name]
        if error["type"] == "greater_than_equal":
            return ProtocolError(
                "bad-request", f"{cmd}: {name!r} must be 0 or more ({field.help}), got {value}"
            )
        return ProtocolError(
            "bad-request",
            f"{cmd}: {name!r} must be {_type_names(field.types)} ({field.help}), "
            f"got {json_kind(value)}",
        )
    return ProtocolError("bad-request", f"{cmd}: {errors[0]['msg']}")


# -- replies --------------------------------------------------------------------------


class Status(TypedDict):
    """Where a game stands: the same five fields in every reply about a game."""

    to_act: Annotated[
        list[Seat], Field(description="seats the game waits for; empty once it is over")
    ]
    finished: bool
    outcome: Annotated[str | None, Field(description="e.g. solved, no-winner")]
    winners: list[Seat]
    log_end: Annotated[
        Count, Field(description="events so far; pass as log_since to view only what is new")
    ]


class OptionInfo(TypedDict):
    default: Any
    description: str
    schema: dict[str, Any]


@with_config(STRICT)
class RulesInfo(TypedDict):
    """A rule set: its name, title, aliases, player range and options."""

    name: str
    title: str
    aliases: list[str]
    min_players: int
    max_players: int
    options: dict[str, OptionInfo]


class Limits(TypedDict):
    max_line_bytes: int
    max_games: int


@with_config(STRICT)
class HelloReply(TypedDict):
    """The engine, its version, the protocol's version, the rule sets and the commands."""

    ok: Literal[True]
    id: NotRequired[RequestId]
    cmd: Literal["hello", "info"]
    engine: str
    version: str
    protocol: Literal[1]
    rules: list[RulesInfo]
    commands: dict[str, Any]
    limits: Limits


class Opened(Status):
    """A game opened: its id, rule set, players, seed (also one the engine chose) and
    options (every option, defaults filled in)."""

    ok: Literal[True]
    id: NotRequired[RequestId]
    game: str
    rules: str
    players: Annotated[int, Field(ge=1)]
    seed: int
    options: dict[str, Any]


@with_config(STRICT)
class NewReply(Opened):
    """A new game: its id, rule set, players, seed (also one the engine chose) and
    options (every option, defaults filled in)."""

    cmd: Literal["new"]


@with_config(STRICT)
class LoadReply(Opened):
    """A loaded game, under a new id: its rule set, players, seed and options."""

    cmd: Literal["load"]


@with_config(STRICT)
class LegalReply(Status):
    """A seat's legal actions (empty if it is not to act)."""

    ok: Literal[True]
    id: NotRequired[RequestId]
    cmd: Literal["legal"]
    game: str
    seat: Seat
    actions: list[ActionJson]


@with_config(STRICT)
class ApplyReply(Status):
    """The action applied and the events it caused, as the acting seat sees them."""

    ok: Literal[True]
    id: NotRequired[RequestId]
    cmd: Literal["apply"]
    game: str
    action: ActionJson
    events: Annotated[
        list[EventJson], Field(description="what the action caused, as the acting seat sees it")
    ]


@with_config(STRICT)
class ViewReply(TypedDict):
    """What a seat or a spectator sees."""

    ok: Literal[True]
    id: NotRequired[RequestId]
    cmd: Literal["view"]
    game: str
    view: ViewJson


@with_config(STRICT)
class ToActReply(Status):
    """Who the game waits for."""

    ok: Literal[True]
    id: NotRequired[RequestId]
    cmd: Literal["to_act"]
    game: str


@with_config(STRICT)
class SaveReply(TypedDict):
    """The game's save."""

    ok: Literal[True]
    id: NotRequired[RequestId]
    cmd: Literal["save"]
    game: str
    save: SaveJson


@with_config(STRICT)
class GoReply(TypedDict):
    """What a built-in bot would do; not applied."""

    ok: Literal[True]
    id: NotRequired[RequestId]
    cmd: Literal["go"]
    game: str
    seat: Seat
    bot: str
    action: Annotated[ActionJson, Field(description="the bot's choice; send it with apply")]


Probability = Annotated[float, Field(ge=0, le=1)]


@with_config(STRICT)
class Notebook(TypedDict):
    """where the seat may believe each card is, from its own log alone"""

    places: Annotated[
        list[int | str],
        Field(
            description="every place a card can be: seat numbers, then by name 'envelope' "
            "(where the game has one) and the rule set's other places (such as 'pile', "
            "'middle', 'face_up')"
        ),
    ]
    cards: Annotated[
        dict[str, dict[str, Probability]],
        Field(
            description="for each card, its probability at each place, keyed by the place "
            "as a string (seat 2 is '2'). A place left out is certainly not where the card "
            "is; a certainty is exactly 1 and then the only key; every other value is "
            "strictly between 0 and 1; a card's values add up to 1, give or take rounding",
            examples=[
                {
                    "scarlet": {"0": 1.0},
                    "rope": {"1": 0.4, "2": 0.4, "envelope": 0.2},
                    "kitchen": {"envelope": 1.0},
                }
            ],
        ),
    ]
    exact: Annotated[
        bool,
        Field(
            description="true: the probabilities are exact counts over the deals the seat "
            "cannot rule out; false: estimates (certainties are sound either way)"
        ),
    ]
    why_estimated: Annotated[
        str | None, Field(description="when exact is false, why; null when exact")
    ]


@with_config(STRICT)
class NotebookReply(Status):
    """A seat's notebook."""

    ok: Literal[True]
    id: NotRequired[RequestId]
    cmd: Literal["notebook"]
    game: str
    seat: Seat
    notebook: Notebook


@with_config(STRICT)
class CloseReply(TypedDict):
    """The game is forgotten."""

    ok: Literal[True]
    id: NotRequired[RequestId]
    cmd: Literal["close"]
    game: str
    closed: Literal[True]


@with_config(STRICT)
class GamesReply(TypedDict):
    """The open games, oldest first."""

    ok: Literal[True]
    id: NotRequired[RequestId]
    cmd: Literal["games"]
    games: list[str]


@with_config(STRICT)
class QuitReply(TypedDict):
    """The engine stops after this reply."""

    ok: Literal[True]
    id: NotRequired[RequestId]
    cmd: Literal["quit"]
    bye: Literal[True]


REPLIES: dict[str, type] = {
    "hello": HelloReply,
    "new": NewReply,
    "legal": LegalReply,
    "apply": ApplyReply,
    "view": ViewReply,
    "to_act": ToActReply,
    "save": SaveReply,
    "load": LoadReply,
    "go": GoReply,
    "notebook": NotebookReply,
    "close": CloseReply,
    "games": GamesReply,
    "quit": QuitReply,
}
"""Each command's success reply (info's is hello's)."""

ERROR_CODES: dict[str, str] = {
    "bad-json": "the line is not UTF-8 JSON",
    "bad-request": "not an object, or a field is unknown, missing or of the wrong type",
    "unknown-command": "no such command",
    "unknown-game": "no open game with that id",
    "illegal-action": "the rules refuse the action; 'rule' names the rule",
    "bad-options": "unknown rule set, bad player count, seed or options",
    "bad-save": "the save is corrupt or does not replay",
    "line-too-long": "the request line is longer than the limit",
    "too-many-games": "the engine already holds its most open games",
    "internal-error": "a bug in the engine; the game is unchanged",
}
"""Every error code a reply may carry, with what it means."""

ErrorCode = Literal[
    "bad-json",
    "bad-request",
    "unknown-command",
    "unknown-game",
    "illegal-action",
    "bad-options",
    "bad-save",
    "line-too-long",
    "too-many-games",
    "internal-error",
]


@with_config(STRICT)
class ErrorBody(TypedDict):
    code: ErrorCode
    message: Annotated[str, Field(min_length=1)]
    rule: NotRequired[
        Annotated[str, Field(description="with illegal-action: the rule the action breaks")]
    ]
    allowed: NotRequired[Annotated[str, Field(description="what is allowed instead")]]


@with_config(STRICT)
class ErrorReply(TypedDict):
    """Any request that fails: nothing was changed."""

    ok: Literal[False]
    id: NotRequired[RequestId]
    cmd: NotRequired[str]
    error: ErrorBody


# -- what every view holds, and a save ---------------------------------------------------


@with_config(OPEN)
class CommonView(Status):
    """The common part of every rule set's view; each rule set adds its own fields."""

    rules: str
    options: dict[str, Any]
    seat: Seat | None
    log: list[EventJson]


@with_config(OPEN)
class Save(TypedDict):
    """A saved game: replaying its actions gives the same game."""

    format: Literal["cluedo-save"]
    version: int
    rules: str
    players: int
    seed: int
    options: NotRequired[dict[str, Any]]
    actions: list[ActionJson]


# -- external bots ------------------------------------------------------------------------


@with_config(STRICT)
class BotHello(TypedDict):
    """The first message a bot reads; it needs no answer."""

    type: Literal["hello"]
    protocol: Literal[1]
    seat: Seat
    seed: int | None


@with_config(STRICT)
class BotChoose(TypedDict):
    """A decision: the seat's view (its log since the last choose) and its legal actions."""

    type: Literal["choose"]
    seat: Seat
    view: ViewJson
    legal: list[ActionJson]


@with_config(STRICT)
class BotQuit(TypedDict):
    """The game is over; the bot's stdin closes next."""

    type: Literal["quit"]


@with_config(STRICT)
class BotAction(TypedDict):
    """An answer: one of the legal actions."""

    action: ActionJson


@with_config(STRICT)
class BotIndex(TypedDict):
    """An answer: the position of the chosen action in legal, from 0."""

    index: Annotated[int, Field(ge=0)]


@with_config(STRICT)
class BotName(TypedDict):
    """optional, once, before the first answer"""

    type: Literal["hello"]
    name: NotRequired[str]
