"""Every action a configuration could ever allow, numbered once: a fixed action space.

A rule set declares the *shapes* of its actions - each kind with the values each
parameter may take - and :class:`ActionCatalog` numbers every combination in a
stable order. Learning agents (see :mod:`cluedo.env`) choose by number, with a
mask of the numbers that are legal now; the same number always means the same
action for a given rule set, player count and options.

A parameter whose value is a set of distinct values (clubs laid together, say)
is declared with :class:`Subsets`: the engine may list the same set in any
order, and the catalog numbers the set once.

>>> shapes = [ActionShape("roll"), ActionShape("show", {"card": ("rope", "hall")})]
>>> catalog = ActionCatalog(shapes)
>>> len(catalog), catalog.index(Action.make(2, "show", card="hall"))
(3, 2)
>>> catalog.describe(2)
{'kind': 'show', 'card': 'hall'}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations, product
from typing import Any

from cluedo.engine.actions import Action, Param


@dataclass(frozen=True)
class Subsets:
    """A parameter whose value is a set of distinct ``values`` (any order), of a size
    from ``min_size`` to ``max_size`` (None: as many as there are values)."""

    values: tuple[Param, ...]
    min_size: int = 1
    max_size: int | None = None

    def choices(self) -> list[tuple[Param, ...]]:
        top = len(self.values) if self.max_size is None else self.max_size
        out: list[tuple[Param, ...]] = []
        for size in range(self.min_size, top + 1):
            out += combinations(self.values, size)
        return out


Domain = tuple[Param, ...] | Subsets
"""The values one parameter may take: a tuple of values, or sets of them."""


@dataclass(frozen=True)
class ActionShape:
    """One form of an action kind: the values each of its parameters may take.

    A kind may have several forms (a bribe asking for a weapon names the weapon;
    one asking for a clue card does not).
    """

    kind: str
    params: Mapping[str, Domain] = field(default_factory=dict)


Key = tuple[str, tuple[tuple[str, Param], ...]]
"""An action without its seat, sets in a canonical order: the catalog's look-up key."""


class ActionCatalog:
    """Every action of some shapes, numbered from 0 in the order the shapes list them."""

    def __init__(self, shapes: Iterable[ActionShape]) -> None:
        self.keys: list[Key] = []
        self._index: dict[Key, int] = {}
        self._sets: dict[str, frozenset[str]] = {}
        """Per kind, the parameters whose values are sets."""
        self._order: dict[str, dict[Param, int]] = {}
        """Per set parameter, where each value stands in its domain (for a canonical order)."""
        for shape in shapes:
            names = sorted(shape.params)
            choices: list[Sequence[Param]] = []
            for name in names:
                domain = shape.params[name]
                if isinstance(domain, Subsets):
                    self._sets[shape.kind] = self._sets.get(shape.kind, frozenset()) | {name}
                    order = self._order.setdefault(name, {})
                    for value in domain.values:
                        order.setdefault(value, len(order))
                    choices.append(domain.choices())
                else:
                    choices.append(domain)
            for values in product(*choices):
                key: Key = (shape.kind, tuple(zip(names, values, strict=True)))
                key = self._canonical(key)
                if key not in self._index:
                    self._index[key] = len(self.keys)
                    self.keys.append(key)

    def __len__(self) -> int:
        return len(self.keys)

    @property
    def kinds(self) -> list[str]:
        """Every action kind, in the order the catalog first meets them."""
        return list(dict.fromkeys(kind for kind, _ in self.keys))

    def _canonical(self, key: Key) -> Key:
        kind, params = key
        sets = self._sets.get(kind)
        if not sets:
            return key
        return (
            kind,
            tuple(
                (name, self._sorted(name, value)) if name in sets else (name, value)
                for name, value in params
            ),
        )

    def _sorted(self, name: str, value: Param) -> Param:
        if not isinstance(value, tuple):
            return value
        order = self._order[name]
        return tuple(sorted(value, key=lambda v: order.get(v, len(order))))

    def key(self, action: Action) -> Key:
        return self._canonical((action.kind, action.params))

    def index(self, action: Action) -> int:
        """The number of ``action`` (any seat); ValueError if the shapes never allow it."""
        if action.kind in self._sets:
            found = self._index.get(self.key(action))
        else:  # most actions: their parameters are already the key
            found = self._index.get((action.kind, action.params))
        if found is None:
            raise ValueError(
                f"{action.kind} with {dict(action.params)} is not in this action space "
                f"({len(self)} actions of kinds {', '.join(self.kinds)})"
            )
        return found

    def describe(self, index: int) -> dict[str, Any]:
        """The action a number stands for, as JSON without a seat."""
        kind, params = self.keys[index]
        return {"kind": kind, **{name: _json(value) for name, value in params}}

    def pick(self, index: int, legal: Sequence[Action]) -> Action | None:
        """The legal action a number stands for, or None if it is not legal now."""
        if not 0 <= index < len(self.keys):
            return None
        kind, params = wanted = self.keys[index]
        if kind in self._sets:
            for action in legal:
                if action.kind == kind and self.key(action) == wanted:
                    return action
            return None
        for action in legal:  # most actions: their parameters are already the key
            if action.kind == kind and action.params == params:
                return action
        return None


def _json(value: Param) -> Any:
    return [_json(v) for v in value] if isinstance(value, tuple) else value
