"""Typed contracts: every kind of action and event of a rule set, declared once.

Each kind is a ``TypedDict`` (``typing_extensions``'s, which pydantic needs before
Python 3.12) whose ``kind`` is a one-value ``Literal``: an event
as a seat receives it (``Event.for_seat``), an action as ``Action.to_json`` writes
it. A field that only the event's knowers see is marked :data:`SECRET` (and is
``NotRequired``, as the rest of the table never gets it). A rule set lists its kinds
in a :class:`Contracts`, with the kinds of decision it pushes and the stages of its
turn, as ``CONTRACTS`` in the module ``events`` of its package
(``cluedo.rules.classic.events`` for the built-in classic game). The engine finds
that module by this convention, as :mod:`cluedo.agents.registry` finds bots, so it
never imports a rule set.

The declarations serve the edges: checking what comes in (the protocol's actions),
generating the protocol's JSON Schema and its reference, and typing front ends. The
engine's ``apply`` never validates against them: events stay plain
:class:`~cluedo.engine.events.Event` objects on the hot path, and a test plays many
games to hold every rule set to its declarations.

>>> from typing import Literal
>>> from typing_extensions import NotRequired, TypedDict
>>> class Shown(TypedDict):
...     '''A card shown to one player.'''
...     kind: Literal["shown"]
...     seat: Seat
...     card: NotRequired[Annotated[str, SECRET]]
>>> class Show(TypedDict):
...     '''Show a card.'''
...     seat: Seat
...     kind: Literal["show"]
...     card: str
>>> toy = Contracts(events=[Shown], actions=[Show])
>>> toy.event_problems({"kind": "shown", "seat": 1})
[]
>>> toy.event_problems({"kind": "shown", "seat": "1"})
["shown: 'seat' must be an integer, got a string"]
>>> toy.action_problems({"seat": 0, "kind": "show"})
["show needs 'card'"]
>>> toy.signature("show")
'show {card: string}'
"""

from __future__ import annotations

import functools
import importlib
import typing
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Annotated, Any, Literal, NotRequired, Required

from pydantic import ConfigDict, Field, Strict, TypeAdapter, ValidationError
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import CoreSchema, ErrorDetails
from typing_extensions import is_typeddict

from cluedo.engine.events import Event

# -- the building blocks of declarations ----------------------------------------------

Seat = Annotated[int, Field(ge=0)]
"""A seat at the table, counted from 0 on the wire."""
Count = Annotated[int, Field(ge=0)]
"""A number of things (cards left, steps taken)."""
Square = Annotated[tuple[int, int], Strict(False)]
"""A corridor square: ``[row, column]`` on the wire (a tuple inside the engine)."""
Location = str | Square
"""A room id or a corridor square."""


@dataclass(frozen=True)
class Secret:
    """Marks a field of an event that only the event's knowers see: it is in the
    event's secret part, so the rest of the table never receives it.

    ``public``, when given, is the type the field has in the public part, for a
    field the rest of the table sees in another form (a count of cards where the
    knowers see the cards) or that some events of the kind make public.
    """

    public: Any = None

    def __get_pydantic_json_schema__(self, schema: CoreSchema, handler: Any) -> JsonSchemaValue:
        out: JsonSchemaValue = handler(schema)
        out["description"] = (
            "secret: only the seats allowed to know it receive this field"
            if self.public is None
            else "the seats allowed to know it receive this form; the others may get another"
        )
        return out


SECRET = Secret()
"""The usual :class:`Secret` mark: a field only the event's knowers receive."""

_CONFIG = ConfigDict(extra="forbid", strict=True)
"""Declarations are checked strictly: no field beyond those declared, no 1 for a true."""


class _Generator(GenerateJsonSchema):
    """JSON Schema without a title on every field (the field's name says it)."""

    def field_title_should_be_set(self, schema: Any) -> bool:
        return False


SCHEMA_GENERATOR = _Generator
"""The JSON Schema generator every generated schema of the package uses."""


def _literal_values(tp: Any, what: str) -> tuple[str, ...]:
    """The values of a ``Literal`` of strings (a kind, the stages of a turn)."""
    if tp is None:
        return ()
    if typing.get_origin(tp) is not Literal or not all(
        isinstance(v, str) for v in typing.get_args(tp)
    ):
        raise TypeError(f"{what} must be a Literal of strings, got {tp!r}")
    return tuple(typing.get_args(tp))


@dataclass(frozen=True)
class FieldSpec:
    """One field of a declared kind: whether it is required and whether it is secret."""

    name: str
    required: bool
    secret: Secret | None
    annotation: Any


@dataclass(frozen=True)
class Kind:
    """One declared kind of event or action."""

    kind: str
    declaration: type
    fields: Mapping[str, FieldSpec]

    @property
    def description(self) -> str:
        """The declaration's docstring, in one line."""
        return " ".join((self.declaration.__doc__ or "").split())


def _parse(declaration: type, what: str) -> Kind:
    if not is_typeddict(declaration):
        raise TypeError(f"{what} {declaration!r} must be a TypedDict")
    hints = typing.get_type_hints(declaration, include_extras=True)
    fields: dict[str, FieldSpec] = {}
    kind = ""
    for name, hint in hints.items():
        # Read from the annotation: __required_keys__ cannot see NotRequired in a module
        # with postponed annotations.
        optional = typing.get_origin(hint) is NotRequired
        while typing.get_origin(hint) in (NotRequired, Required):
            hint = typing.get_args(hint)[0]
        secret = None
        if typing.get_origin(hint) is Annotated:
            marks = [m for m in hint.__metadata__ if isinstance(m, Secret)]
            secret = marks[0] if marks else None
        if name == "kind":
            values = _literal_values(hint, f"'kind' of {declaration.__name__}")
            if len(values) != 1:
                raise TypeError(f"'kind' of {declaration.__name__} must be one Literal value")
            kind = values[0]
        if secret is not None and secret.public is None and not optional:
            raise TypeError(
                f"{declaration.__name__}.{name} is secret, so the rest of the table never "
                "receives it: declare it NotRequired"
            )
        fields[name] = FieldSpec(name, not optional, secret, hint)
    if not kind:
        raise TypeError(f"{what} {declaration.__name__} has no 'kind'")
    if "__pydantic_config__" not in vars(declaration):
        # Checked strictly (pydantic reads this, as pydantic.with_config would set it).
        declaration.__pydantic_config__ = _CONFIG  # type: ignore[attr-defined]
    return Kind(kind, declaration, fields)


def _union(declarations: Sequence[type]) -> Any:
    """The declarations as one type, told apart by ``kind``."""
    if len(declarations) == 1:
        return declarations[0]
    union = typing.Union.__getitem__(tuple(declarations))
    return Annotated[union, Field(discriminator="kind")]


# -- what a rule set declares ---------------------------------------------------------


@dataclass
class Contracts:
    """A rule set's declared kinds of event and action, decisions and turn stages.

    ``decisions`` and ``stages`` are ``Literal`` types: the kinds of decision the
    rule set pushes on the stack (``"turn"``, ``"refute"`` ...) and the stages a
    turn decision goes through (its context's ``stage``). ``rare_events`` and
    ``rare_actions`` name the kinds that random play may well never reach, each
    with the reason, so that a test can ask every other kind to appear.
    """

    events: Sequence[type]
    actions: Sequence[type]
    decisions: Any = None
    stages: Any = None
    rare_events: Mapping[str, str] = field(default_factory=dict)
    rare_actions: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.event_kinds: dict[str, Kind] = self._kinds(self.events, "event")
        self.action_kinds: dict[str, Kind] = self._kinds(self.actions, "action")
        self.decision_kinds: tuple[str, ...] = _literal_values(self.decisions, "decisions")
        self.stage_names: tuple[str, ...] = _literal_values(self.stages, "stages")
        for name, rare, kinds in (
            ("rare_events", self.rare_events, self.event_kinds),
            ("rare_actions", self.rare_actions, self.action_kinds),
        ):
            unknown = sorted(set(rare) - set(kinds))
            if unknown:
                raise ValueError(f"{name} names kinds that are not declared: {unknown}")
        for spec in self.action_kinds.values():
            if "seat" not in spec.fields or spec.fields["seat"].secret is not None:
                raise TypeError(f"action {spec.kind!r} must declare a public 'seat'")

    @staticmethod
    def _kinds(declarations: Iterable[type], what: str) -> dict[str, Kind]:
        out: dict[str, Kind] = {}
        for declaration in declarations:
            spec = _parse(declaration, what)
            if spec.kind in out:
                raise ValueError(f"{what} kind {spec.kind!r} is declared twice")
            out[spec.kind] = spec
        return out

    # -- the declarations as types, for validation and schemas ----------------------

    @property
    def event_type(self) -> Any:
        """Every event kind as one type (a union told apart by ``kind``)."""
        return _union([k.declaration for k in self.event_kinds.values()])

    @property
    def action_type(self) -> Any:
        """Every action kind as one type (a union told apart by ``kind``)."""
        return _union([k.declaration for k in self.action_kinds.values()])

    @cached_property
    def _event_adapters(self) -> dict[str, TypeAdapter[Any]]:
        return {k: TypeAdapter(s.declaration) for k, s in self.event_kinds.items()}

    @cached_property
    def _action_adapters(self) -> dict[str, TypeAdapter[Any]]:
        return {k: TypeAdapter(s.declaration) for k, s in self.action_kinds.items()}

    @cached_property
    def _public_adapters(self) -> dict[tuple[str, str], TypeAdapter[Any]]:
        """For each secret field that has a public form too, a check of that form."""
        return {
            (kind, name): adapter(f.secret.public)
            for kind, spec in self.event_kinds.items()
            for name, f in spec.fields.items()
            if f.secret is not None and f.secret.public is not None
        }

    def parameters(self) -> dict[str, frozenset[str]]:
        """Each action kind with the names of its parameters (every field but seat and kind).

        >>> from cluedo.mechanics.events import AccuseAction, EndTurnAction
        >>> table = Contracts(events=(), actions=[AccuseAction, EndTurnAction]).parameters()
        >>> sorted(table["accuse"]), table["end_turn"]
        (['room', 'suspect', 'weapon'], frozenset())
        """
        return {
            kind: frozenset(spec.fields) - {"seat", "kind"}
            for kind, spec in self.action_kinds.items()
        }

    # -- checking -------------------------------------------------------------------

    def event_problems(self, event: Mapping[str, Any]) -> list[str]:
        """What is wrong with ``event`` (as a seat receives it) for its declaration."""
        return _problems(event, self.event_kinds, self._event_adapters, "event")

    def action_problems(self, action: Mapping[str, Any]) -> list[str]:
        """What is wrong with ``action`` (its JSON form) for its declaration."""
        return _problems(action, self.action_kinds, self._action_adapters, "action")

    def split_problems(self, event: Event) -> list[str]:
        """What is wrong with how ``event`` splits its fields into a public and a secret
        part: a secret field in the public part (where the public form is another,
        that one's type), an open field in the secret part."""
        spec = self.event_kinds.get(event.kind)
        if spec is None:
            return [f"undeclared event kind {event.kind!r}"]
        out = []
        for key, value in event.data.items():
            f = spec.fields.get(key)
            if f is None or f.secret is None:
                continue  # an undeclared field: the whole event's check says so
            if f.secret.public is None:
                out.append(f"{event.kind}: secret field {key!r} is in the public part")
                continue
            try:
                self._public_adapters[event.kind, key].validate_python(value)
            except ValidationError as err:
                out += [
                    f"{event.kind}: " + p.replace("'the value'", f"the public {key!r}", 1)
                    for p in _explain(err, "")
                ]
        for key in event.secret:
            f = spec.fields.get(key)
            if f is not None and f.secret is None:
                out.append(f"{event.kind}: field {key!r} is declared public but is secret")
            elif f is None:
                out.append(f"{event.kind}: undeclared field {key!r} in the secret part")
        return out

    # -- words ------------------------------------------------------------------------

    def signature(self, kind: str) -> str:
        """An action kind's parameters in one line, for an error's "allowed" part."""
        spec = self.action_kinds[kind]
        schema = _schema_of(spec.declaration)
        params = [
            f"{name}{'' if name in schema.get('required', ()) else '?'}: "
            f"{describe(prop, schema.get('$defs', {}))}"
            for name, prop in schema.get("properties", {}).items()
            if name not in ("seat", "kind")
        ]
        return kind + (" {" + ", ".join(params) + "}" if params else "")


def _problems(
    value: Mapping[str, Any],
    kinds: Mapping[str, Kind],
    adapters: Mapping[str, TypeAdapter[Any]],
    what: str,
) -> list[str]:
    kind = value.get("kind")
    if not isinstance(kind, str) or kind not in kinds:
        return [f"undeclared {what} kind {kind!r}; declared: {', '.join(sorted(kinds))}"]
    try:
        adapters[kind].validate_python(value)
    except ValidationError as err:
        return _explain(err, kind, kinds[kind].declaration)
    return []


_JSON_KINDS = {
    "int": "an integer",
    "bool": "a boolean",
    "str": "a string",
    "float": "a number with a fraction",
    "NoneType": "null",
    "list": "a list",
    "tuple": "a list",
    "dict": "an object",
}


def json_kind(value: Any) -> str:
    """``value``'s JSON type, for messages.

    >>> json_kind(True), json_kind([1]), json_kind(None)
    ('a boolean', 'a list', 'null')
    """
    return _JSON_KINDS.get(type(value).__name__, type(value).__name__)


_EXPECTED = {
    "int_type": "an integer",
    "bool_type": "a boolean",
    "string_type": "a string",
    "list_type": "a list",
    "tuple_type": "a list",
    "dict_type": "an object",
    "typed_dict_type": "an object",
    "none_required": "null",
}


def _explain(err: ValidationError, kind: str, declaration: Any = None) -> list[str]:
    """A validation error as short sentences, one per field that is wrong.

    ``declaration`` (the declared type checked) lets a field whose every form failed
    (a room or a square, say) be described by what it may be.
    """
    by_field: dict[str, list[ErrorDetails]] = {}
    for detail in err.errors(include_url=False):
        loc = detail["loc"]
        by_field.setdefault(str(loc[0]) if loc else "", []).append(detail)
    prefix = f"{kind}: " if kind else ""
    out: list[str] = []
    for name, details in by_field.items():
        if len(details) > 1 and declaration is not None and name:
            prop = _properties(declaration).get(name)
            if prop is not None:
                got = json_kind(details[0]["input"]) if len(details[0]["loc"]) <= 2 else ""
                out.append(
                    f"{prefix}{name!r} must be {describe(prop, _defs(declaration))}"
                    + (f", got {got}" if got else "")
                )
                continue
        out.append(_sentence(details[0], kind, name, prefix))
    return out


@functools.cache
def _schema_of(declaration: Any) -> dict[str, Any]:
    return TypeAdapter(declaration).json_schema(schema_generator=SCHEMA_GENERATOR)


def _properties(declaration: Any) -> dict[str, Any]:
    return dict(_schema_of(declaration).get("properties", {}))


def _defs(declaration: Any) -> dict[str, Any]:
    return dict(_schema_of(declaration).get("$defs", {}))


def _sentence(detail: ErrorDetails, kind: str, where: str, prefix: str) -> str:
    kind_of = detail["type"]
    if kind_of == "missing":
        return f"{kind} needs {where!r}" if kind else f"needs {where!r}"
    if kind_of == "extra_forbidden":
        return f"{kind} takes no {where!r}" if kind else f"takes no {where!r}"
    inner = [p for p in detail["loc"] if isinstance(p, int)]
    shown = (where or "the value") + "".join(f"[{i}]" for i in inner)
    got = json_kind(detail.get("input"))
    ctx = detail.get("ctx") or {}
    expected = _EXPECTED.get(kind_of)
    if expected is not None:
        return f"{prefix}{shown!r} must be {expected}, got {got}"
    if kind_of in ("literal_error", "enum"):
        return f"{prefix}{shown!r} must be {ctx.get('expected', '')}, got {detail['input']!r}"
    if kind_of == "greater_than_equal":
        return f"{prefix}{shown!r} must be {ctx.get('ge')} or more, got {detail['input']!r}"
    if kind_of == "less_than_equal":
        return f"{prefix}{shown!r} must be at most {ctx.get('le')}, got {detail['input']!r}"
    return f"{prefix}{shown!r}: {detail['msg'][:1].lower()}{detail['msg'][1:]}"


def describe(schema: Mapping[str, Any], defs: Mapping[str, Any] | None = None) -> str:
    """A JSON Schema in a few words: ``integer``, ``[integer, integer]``, ``list of string``.

    >>> describe({"anyOf": [{"type": "string"}, {"type": "array", "prefixItems":
    ...     [{"type": "integer"}, {"type": "integer"}]}]})
    'string or [integer, integer]'
    >>> describe({"enum": ["a", "b"], "type": "string"})
    "'a' or 'b'"
    """
    defs = defs or {}
    if "$ref" in schema:
        name = str(schema["$ref"]).rpartition("/")[2]
        return describe(defs[name], defs) if name in defs else name
    if "const" in schema:
        return repr(schema["const"])
    if "enum" in schema:
        return " or ".join(repr(v) for v in schema["enum"])
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return " or ".join(describe(option, defs) for option in schema[key])
    kind = schema.get("type")
    if kind == "array":
        if "prefixItems" in schema:
            return "[" + ", ".join(describe(item, defs) for item in schema["prefixItems"]) + "]"
        return "list of " + describe(schema.get("items", {}), defs)
    if kind == "object":
        values = schema.get("additionalProperties")
        if isinstance(values, Mapping) and "properties" not in schema:
            return "object with " + describe(values, defs) + " values"
        props = schema.get("properties")
        if props:
            return "{" + ", ".join(f"{k}: {describe(v, defs)}" for k, v in props.items()) + "}"
        return "object"
    if isinstance(kind, list):
        return " or ".join(kind)
    low, high = schema.get("minimum"), schema.get("maximum")
    if kind == "integer" and low is not None:
        return f"integer {low} to {high}" if high is not None else f"integer from {low}"
    return str(kind) if kind else "anything"


# -- finding a rule set's declarations --------------------------------------------------

_FOUND: dict[str, Contracts | None] = {}


def contracts_for(rules: str) -> Contracts | None:
    """The declarations of ``rules`` (a rule set's name or alias): ``CONTRACTS`` in the
    ``events`` module of the rule set's package; None for a rule set that declares none.

    >>> sorted(contracts_for("classic").action_kinds)[:3]
    ['accuse', 'end_turn', 'move']
    """
    from cluedo.engine.registry import rules_class

    cls = rules_class(rules)
    if cls.name in _FOUND:
        return _FOUND[cls.name]
    package = cls.__module__.rpartition(".")[0]
    found: Contracts | None = None
    if package:
        try:
            module = importlib.import_module(f"{package}.events")
        except ModuleNotFoundError as err:
            if err.name != f"{package}.events":
                raise
        else:
            declared = getattr(module, "CONTRACTS", None)
            if not isinstance(declared, Contracts):
                raise TypeError(f"{package}.events must define CONTRACTS, a Contracts")
            found = declared
    _FOUND[cls.name] = found
    return found


def adapter(tp: Any) -> TypeAdapter[Any]:
    """A strict validator of ``tp`` (a declaration, or a union of them)."""
    if is_typeddict(tp):
        return TypeAdapter(tp)
    return TypeAdapter(tp, config=_CONFIG)


__all__ = [
    "SCHEMA_GENERATOR",
    "SECRET",
    "Contracts",
    "Count",
    "FieldSpec",
    "Kind",
    "Location",
    "Seat",
    "Secret",
    "Square",
    "adapter",
    "contracts_for",
    "describe",
    "json_kind",
]
