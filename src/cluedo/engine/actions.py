"""Actions: what a seat asks for (intent), never what happened (see events).

An action is immutable and hashable so that legal-action lists can be compared
and searched. Parameters hold only JSON-like values; squares are tuples inside
the engine and lists in JSON. Each rule set declares its kinds of action and their
parameters in its ``events`` module (see :mod:`cluedo.engine.contracts`), which the
protocol checks an action from outside against.

>>> a = Action.make(0, "move", to=(7, 4))
>>> a.to_json()
{'seat': 0, 'kind': 'move', 'to': [7, 4]}
>>> Action.from_json(a.to_json()) == a
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from cluedo.engine.errors import MalformedAction

Param = Any
"""A parameter value: str, int, bool, None or a (nested) tuple of those."""


_PLAIN = frozenset({str, int, bool, type(None)})
"""Types of a parameter value that are well formed as they are (no nesting to look into)."""


def _freeze(value: Any, path: str) -> Param:
    if value is None or isinstance(value, (str, bool, int)):
        return value
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v, path) for v in value)
    raise MalformedAction(
        f"parameter {path!r} has a value of type {type(value).__name__}",
        "strings, integers, booleans, null and lists of those",
    )


def _is_frozen(value: Any) -> bool:
    if value is None or isinstance(value, (str, bool, int)):
        return True
    return isinstance(value, tuple) and all(_is_frozen(v) for v in value)


def _thaw(value: Param) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Action:
    seat: int
    kind: str
    params: tuple[tuple[str, Param], ...] = ()

    @classmethod
    def make(cls, seat: int, kind: str, /, **params: Any) -> Action:
        # Rule sets make thousands of these per game: plain values need no freezing,
        # and one parameter no sorting.
        pairs = [(k, v if type(v) in _PLAIN else _freeze(v, k)) for k, v in params.items()]
        if len(pairs) > 1:
            pairs.sort()
        return cls(seat, kind, tuple(pairs))

    def get(self, name: str, default: Param = None) -> Param:
        for key, value in self.params:
            if key == name:
                return value
        return default

    def __getitem__(self, name: str) -> Param:
        for key, value in self.params:
            if key == name:
                return value
        raise KeyError(name)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "kind": self.kind}
        for key, value in self.params:
            out[key] = _thaw(value)
        return out

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """Build an action from its JSON form; raise :class:`MalformedAction` if it is not one."""
        if not isinstance(data, Mapping):
            raise MalformedAction(
                f"an action must be a JSON object, got {type(data).__name__}",
                '{"seat": <int>, "kind": <str>, ...parameters}',
            )
        seat, kind = data.get("seat"), data.get("kind")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise MalformedAction("an action needs an integer 'seat'")
        if not isinstance(kind, str) or not kind:
            raise MalformedAction("an action needs a string 'kind'")
        params = {k: v for k, v in data.items() if k not in ("seat", "kind")}
        for key in params:
            if not isinstance(key, str):
                raise MalformedAction("parameter names must be strings")
        return cls.make(seat, kind, **params)

    def shape_error(self) -> str | None:
        """What is wrong with how this action was built, or None if it is well formed.

        :meth:`make` and :meth:`from_json` always build well-formed actions; this
        catches actions built by hand with the wrong types.
        """
        # Checked on every apply: the common well-formed action in one pass of exact
        # type tests; anything else (a subclass of int, a nested value) the long way.
        seat, kind, params = self.seat, self.kind, self.params
        if type(seat) is int and type(kind) is str and kind and type(params) is tuple:
            for pair in params:
                if (
                    type(pair) is not tuple
                    or len(pair) != 2
                    or type(pair[0]) is not str
                    or type(pair[1]) not in _PLAIN
                ):
                    break
            else:
                return None
        if not isinstance(self.seat, int) or isinstance(self.seat, bool):
            return f"'seat' must be an integer, got {self.seat!r}"
        if not isinstance(self.kind, str) or not self.kind:
            return f"'kind' must be a non-empty string, got {self.kind!r}"
        if not isinstance(self.params, tuple) or not all(
            isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], str) for p in self.params
        ):
            return "'params' must be a tuple of (name, value) pairs"
        if not all(_is_frozen(value) for _, value in self.params):
            return "parameter values must be strings, integers, booleans, None or tuples of those"
        return None

    def __str__(self) -> str:
        args = " ".join(f"{k}={_thaw(v)}" for k, v in self.params)
        return f"seat {self.seat}: {self.kind}{' ' + args if args else ''}"


class ActionPool:
    """One action object for each action a rule set hands out again and again.

    A rule set's legal lists repeat: the same seat rolls, moves to the same squares,
    ends its turn. Handing out the very same (immutable) object each time saves
    making it, and lets whoever numbers the lists (the learning environment's action
    masks) remember each object's number instead of looking it up again.

    >>> pool = ActionPool()
    >>> pool.plain(0, "roll") is pool.plain(0, "roll")
    True
    >>> pool.make(1, "glimpse", target=2) is pool.make(1, "glimpse", target=2)
    True
    >>> pool.make(1, "glimpse", target=2) == Action.make(1, "glimpse", target=2)
    True
    """

    def __init__(self) -> None:
        self._plain: dict[tuple[int, str], Action] = {}
        self._moves: dict[tuple[int, int], Action] = {}
        self._made: dict[tuple[Any, ...], Action] = {}

    def plain(self, seat: int, kind: str) -> Action:
        """The seat's action of ``kind`` without parameters (a roll, an end of turn)."""
        action = self._plain.get((seat, kind))
        if action is None:
            action = self._plain[seat, kind] = Action(seat, kind)
        return action

    def move(self, seat: int, node: int, name: Callable[[int], Any]) -> Action:
        """The seat's move to board ``node`` (``name`` gives the node's name)."""
        action = self._moves.get((seat, node))
        if action is None:
            action = self._moves[seat, node] = Action(seat, "move", (("to", name(node)),))
        return action

    def make(self, seat: int, kind: str, /, **params: Any) -> Action:
        """What :meth:`Action.make` makes, made once (the values must be hashable)."""
        key = (seat, kind, *params.items())
        action = self._made.get(key)
        if action is None:
            action = self._made[key] = Action.make(seat, kind, **params)
        return action
