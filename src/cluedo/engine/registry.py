"""Rule sets by name, with validated options.

>>> from cluedo.engine.registry import available
>>> "classic" in available()
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from cluedo.engine.errors import OptionsError
from cluedo.engine.ruleset import RuleOptions, RuleSet

_RULES: dict[str, type[RuleSet[Any, Any]]] = {}
_ALIASES: dict[str, str] = {}


def register(rules: type[RuleSet[Any, Any]]) -> type[RuleSet[Any, Any]]:
    """Class decorator: make a rule set available by its name and aliases."""
    _RULES[rules.name] = rules
    for alias in rules.aliases:
        _ALIASES[alias] = rules.name
    return rules


def _load_builtin() -> None:
    # Importing the package registers every shipped rule set.
    import cluedo.rules  # noqa: F401


def available() -> list[str]:
    _load_builtin()
    return sorted(_RULES)


def rules_class(name: str) -> type[RuleSet[Any, Any]]:
    _load_builtin()
    key = _ALIASES.get(name, name)
    if key not in _RULES:
        raise OptionsError(f"unknown rule set {name!r}; available: {', '.join(sorted(_RULES))}")
    return _RULES[key]


def parse_options(name: str, options: Mapping[str, Any] | None) -> RuleOptions:
    """Validate options for a rule set; the error lists every problem and the allowed keys."""
    cls = rules_class(name)
    try:
        return cls.options_type.model_validate(dict(options or {}))
    except ValidationError as err:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'options'}: {e['msg']}" for e in err.errors()
        )
        allowed = ", ".join(
            f"{k} (default {f.default!r})" for k, f in cls.options_type.model_fields.items()
        )
        raise OptionsError(
            f"invalid options for {cls.name}: {problems}. Allowed options: {allowed}"
        ) from None


_INSTANCES: dict[tuple[str, str], RuleSet[Any, Any]] = {}


def make_rules(name: str, options: Mapping[str, Any] | None = None) -> RuleSet[Any, Any]:
    """The rule set with these options.

    Rule sets hold no game state (only tables derived from their options, such as
    the board and the lists of possible suggestions), so one instance serves every
    game with the same options; simulations then build those tables once.
    """
    cls = rules_class(name)
    parsed = parse_options(cls.name, options)
    key = (cls.name, parsed.model_dump_json())
    rules = _INSTANCES.get(key)
    if rules is None:
        rules = _INSTANCES[key] = cls(parsed)
    return rules
