"""Rule sets by name, with validated options.

The registry *finds* rule sets; it never imports one by name. Every installed
package may declare rule sets as entry points in the ``cluedo.rulesets`` group
(``name = "package.module:RulesClass"``); the built-in five are declared that way
in this project's own ``pyproject.toml``. :func:`register` adds one in-process
(for a test, or a notebook session); :func:`refresh` looks again after a package
was installed or removed while running.

>>> from cluedo.engine.registry import available
>>> "classic" in available()
True
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping
from importlib.metadata import entry_points
from typing import Any, Literal, get_args, get_origin

from pydantic import ValidationError
from pydantic.fields import FieldInfo

from cluedo.engine.errors import OptionsError
from cluedo.engine.ruleset import RuleOptions, RuleSet

ENTRY_POINT_GROUP = "cluedo.rulesets"

_RULES: dict[str, type[RuleSet[Any, Any]]] = {}
_ALIASES: dict[str, str] = {}
_DECLARED: set[str] = set()
"""Names of the rule sets found through entry points (not registered in process)."""
_scanned = False


def register(rules: type[RuleSet[Any, Any]]) -> type[RuleSet[Any, Any]]:
    """Make a rule set available by its name and aliases (usable as a class decorator)."""
    _RULES[rules.name] = rules
    for alias in rules.aliases:
        _ALIASES[alias] = rules.name
    return rules


def _scan() -> None:
    """Load every rule set declared under the entry point group, once."""
    global _scanned
    if _scanned:
        return
    _scanned = True
    for point in entry_points(group=ENTRY_POINT_GROUP):
        loaded = point.load()
        if not (isinstance(loaded, type) and issubclass(loaded, RuleSet)):
            raise TypeError(
                f"entry point {point.name} = {point.value} in {ENTRY_POINT_GROUP} "
                "must name a RuleSet subclass"
            )
        register(loaded)
        _DECLARED.add(loaded.name)


def refresh() -> None:
    """Look for entry points again, after a package was installed or removed while
    running: rule sets no longer declared are forgotten, new ones found."""
    global _scanned
    for name in _DECLARED:
        _forget(name)
    _DECLARED.clear()
    importlib.invalidate_caches()  # the import system's view of the folders on sys.path
    _scanned = False
    _scan()


def _forget(name: str) -> None:
    _RULES.pop(name, None)
    for alias in [a for a, n in _ALIASES.items() if n == name]:
        del _ALIASES[alias]
    for key in [k for k in _INSTANCES if k[0] == name]:
        del _INSTANCES[key]


def available() -> list[str]:
    _scan()
    return sorted(_RULES)


def rules_class(name: str) -> type[RuleSet[Any, Any]]:
    _scan()
    key = _ALIASES.get(name, name)
    if key not in _RULES:
        raise OptionsError(f"unknown rule set {name!r}; available: {', '.join(sorted(_RULES))}")
    return _RULES[key]


def option_text(value: Any) -> str:
    """An option's value as typed after ``-o KEY=``: text as it is, ``true`` or
    ``false``, a comma list; empty for none.

    >>> option_text(False), option_text("up_to"), option_text(("plum", "white")), option_text(None)
    ('false', 'up_to', 'plum,white', '')
    """
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    if isinstance(value, list | tuple):
        return ",".join(option_text(v) for v in value)
    return json.dumps(value)


def typed_options(options: Mapping[str, Any]) -> str:
    """Options as typed after ``-o``, joined by commas (empty for none).

    >>> typed_options({"movement": "up_to", "accuse_after_disproved": True})
    'movement=up_to, accuse_after_disproved=true'
    """
    return ", ".join(f"{key}={option_text(value)}" for key, value in options.items())


def option_choices(field: FieldInfo) -> tuple[str, ...]:
    """The values an option takes, as typed after ``-o KEY=``, when they are few (a
    fixed list or a yes/no); empty when it takes any number or text."""
    kinds = get_args(field.annotation) if get_origin(field.annotation) is not Literal else ()
    for kind in (field.annotation, *kinds):
        if get_origin(kind) is Literal:
            return tuple(option_text(v) for v in get_args(kind))
        if kind is bool:
            return ("true", "false")
    return ()


def option_with_default(key: str, field: FieldInfo) -> str:
    """An option and its default as typed after ``-o`` (``movement=exact``), or the
    option alone, marked unset, when it has none."""
    default = option_text(field.default)
    return f"{key}={default}" if default else f"{key} (unset)"


def allowed_options(name: str) -> str:
    """Every option of a rule set with its default as typed after ``-o``, for messages
    that say what is allowed."""
    fields = rules_class(name).options_type.model_fields
    return ", ".join(option_with_default(key, f) for key, f in fields.items())


def parse_options(name: str, options: Mapping[str, Any] | None) -> RuleOptions:
    """Validate options for a rule set; the error lists every problem and the allowed keys."""
    cls = rules_class(name)
    try:
        return cls.options_type.model_validate(dict(options or {}))
    except ValidationError as err:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'options'}: {e['msg']}" for e in err.errors()
        )
        raise OptionsError(
            f"invalid options for {cls.name}: {problems}. "
            f"Allowed options, each with its default: {allowed_options(cls.name)}"
        ) from None


def parse_option_values(rules: str, pairs: list[str]) -> dict[str, Any]:
    """``-o KEY=VALUE`` pairs as typed options for ``rules``; ValueError says what is wrong.

    Values are read as JSON when they can be (numbers, true, null, lists), else as
    text; a comma list fills an option that takes several values.

    >>> parse_option_values("clue-or-cruel", ["bluffs_to_win=2", "gems=choose"])
    {'bluffs_to_win': 2, 'gems': 'choose'}
    >>> parse_option_values("classic", ["characters=plum,white,green"])
    {'characters': ['plum', 'white', 'green']}
    """
    fields = rules_class(rules).options_type.model_fields
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise ValueError(f"-o takes KEY=VALUE, got {pair!r}")
        if key not in fields:
            raise ValueError(
                f"{rules} has no option {key!r}. "
                f"Allowed options, each with its default: {allowed_options(rules)}"
            )
        value: Any
        try:
            value = json.loads(text)
        except json.JSONDecodeError:
            value = text.strip()
            wants_many = any(t in str(fields[key].annotation) for t in ("tuple", "list"))
            if wants_many:
                value = [v.strip() for v in value.split(",") if v.strip()]
        out[key] = value
    parse_options(rules, out)  # the rule set's own checks, with every allowed value
    return out


_INSTANCES: dict[tuple[str, str], RuleSet[Any, Any]] = {}


def make_rules(name: str, options: Mapping[str, Any] | None = None) -> RuleSet[Any, Any]:
    """The rule set with these options.

    Rule sets hold no game state (only tables derived from their options, such as
    the board and the lists of possible suggestions), so one instance serves every
    game with the same options; simulations then build those tables once.
    """
    cls = rules_class(name)
    # Every bot's notebook and every game asks again with the same options: the options
    # as given are remembered too, so they are validated once (under a key that no
    # validated options' JSON can be, in the same table, so it is forgotten with them).
    raw = _raw_key(options)
    if raw is not None:
        rules = _INSTANCES.get((cls.name, raw))
        if rules is not None and type(rules) is cls:
            return rules
    parsed = parse_options(cls.name, options)
    key = (cls.name, parsed.model_dump_json())
    rules = _INSTANCES.get(key)
    if rules is None:
        rules = _INSTANCES[key] = cls(parsed)
    if raw is not None:
        _INSTANCES[(cls.name, raw)] = rules
    return rules


def _raw_key(options: Mapping[str, Any] | None) -> str | None:
    """Options as given, as text (None when they are not plain JSON data)."""
    try:
        return "as given: " + json.dumps(dict(options or {}), sort_keys=True)
    except (TypeError, ValueError):
        return None
