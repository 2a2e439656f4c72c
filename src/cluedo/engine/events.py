"""Events: what happened, with who may see which part of it.

Every event has a public part (``data``) that everybody at the table sees, and
optionally a ``secret`` part seen only by ``knowers``. A ``private`` event is
invisible to everyone but its knowers (a dealt hand, for example). This is the
single place where hidden information is redacted for seats and spectators.

Each rule set declares its kinds of event, with their fields and which of them are
secret, in its ``events`` module (see :mod:`cluedo.engine.contracts`); events stay
plain objects here, so that declaring them costs the game nothing.

>>> e = Event("card_shown", {"by": 1, "to": 0}, secret={"card": "rope"}, knowers=frozenset({0, 1}))
>>> e.for_seat(0)
{'kind': 'card_shown', 'by': 1, 'to': 0, 'card': 'rope'}
>>> e.for_seat(2)
{'kind': 'card_shown', 'by': 1, 'to': 0}
>>> e.for_seat(None)  # a spectator
{'kind': 'card_shown', 'by': 1, 'to': 0}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


def json_copy(value: Any) -> Any:
    """A fresh copy of JSON-like data (dicts, lists and tuples copied; tuples become lists).

    Views and logs are handed to front ends and bots, which may change what they
    get; copying keeps that from reaching the game's own record.

    >>> inner = [1, 2]
    >>> copied = json_copy({"a": inner, "b": (3,)})
    >>> copied, copied["a"] is inner
    ({'a': [1, 2], 'b': [3]}, False)
    """
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return value  # the common case first: this runs for every event of every view
    if kind is dict or isinstance(value, Mapping):
        return {k: json_copy(v) for k, v in value.items()}
    if kind is list or kind is tuple or isinstance(value, (list, tuple)):
        return [json_copy(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    secret: Mapping[str, Any] = field(default_factory=dict)
    knowers: frozenset[int] = frozenset()
    private: bool = False

    def visible_to(self, seat: int | None) -> bool:
        return not self.private or (seat is not None and seat in self.knowers)

    def for_seat(self, seat: int | None) -> dict[str, Any] | None:
        """The event as ``seat`` sees it (``None`` = a spectator), or None if unseen."""
        if not self.visible_to(seat):
            return None
        out = {"kind": self.kind, **json_copy(self.data)}
        if self.secret and seat is not None and seat in self.knowers:
            out.update(json_copy(self.secret))
        return out

    def full(self) -> dict[str, Any]:
        """Everything, for replays after the game and for the game's own record."""
        return {"kind": self.kind, **json_copy(self.data), **json_copy(self.secret)}
