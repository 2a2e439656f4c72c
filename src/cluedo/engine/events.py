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

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple


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
    # Exact types first, each value's type tested before a call: this copies every
    # event the first time a seat sees it, and every view's options.
    if kind is dict:
        return {k: v if type(v) in _PLAIN else json_copy(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return [v if type(v) in _PLAIN else json_copy(v) for v in value]
    if kind in _PLAIN:
        return value
    if isinstance(value, Mapping):
        return {k: json_copy(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_copy(v) for v in value]
    return value


_PLAIN = frozenset({str, int, bool, float, type(None)})
"""Types :func:`json_copy` returns as they are."""


_NOTHING: Any = object()
"""An argument not given (an empty dict is made for it)."""


@dataclass(frozen=True, slots=True, init=False)
class Event:
    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    secret: Mapping[str, Any] = field(default_factory=dict)
    knowers: frozenset[int] = frozenset()
    private: bool = False
    rendering: Rendering | None = field(default=None, init=False, repr=False, compare=False)
    """The event as the table and as its knowers see it, made on first use by
    :meth:`render` (an event never changes once logged): every view of every seat
    copies one of the two; a reader inside the engine that only reads (a notebook
    following a seat's log) may take it as it is, and must not change it."""

    def __init__(
        self,
        kind: str,
        data: Mapping[str, Any] = _NOTHING,
        secret: Mapping[str, Any] = _NOTHING,
        knowers: frozenset[int] = frozenset(),
        private: bool = False,
    ) -> None:
        # What the generated __init__ of a frozen dataclass does, through the slots'
        # own setters: a game makes hundreds of events, and this is quicker.
        kind_, data_, secret_, knowers_, private_, shown_ = _SETTERS
        kind_(self, kind)
        data_(self, {} if data is _NOTHING else data)
        secret_(self, {} if secret is _NOTHING else secret)
        knowers_(self, knowers)
        private_(self, private)
        shown_(self, None)

    def visible_to(self, seat: int | None) -> bool:
        return not self.private or (seat is not None and seat in self.knowers)

    def for_seat(self, seat: int | None) -> dict[str, Any] | None:
        """The event as ``seat`` sees it (``None`` = a spectator), or None if unseen.

        Each call returns a fresh copy: a front end may change what it gets.
        """
        shown = self.rendering or self.render()
        seen: dict[str, Any] | None
        if seat is not None and seat in self.knowers:
            seen, nested = shown.known, shown.known_nested
        else:
            seen, nested = shown.public, shown.public_nested
            if seen is None:
                return None
        out = seen.copy()
        for key in nested:
            out[key] = json_copy(out[key])
        return out

    def render(self) -> Rendering:
        """Make both renderings once: the table's and the knowers' (the table's with
        the secret part added)."""
        data = self.data
        public: dict[str, Any] = {"kind": self.kind}
        public.update(data)
        nested: list[str] = []
        plain = _PLAIN
        for key, value in data.items():
            if type(value) not in plain:  # most values are plain: copied above as they are
                public[key] = _copied_into(value, key, nested)
        known, known_nested = public, nested
        if self.secret:
            known, known_nested = public.copy(), nested.copy()
            for key, value in self.secret.items():
                if key in known_nested:
                    known_nested.remove(key)
                known[key] = _copied_into(value, key, known_nested)
        shown = Rendering(
            None if self.private else public, tuple(nested), known, tuple(known_nested)
        )
        object.__setattr__(self, "rendering", shown)
        return shown

    def full(self) -> dict[str, Any]:
        """Everything, for replays after the game and for the game's own record."""
        return {"kind": self.kind, **json_copy(self.data), **json_copy(self.secret)}


_SETTERS = tuple(
    getattr(Event, name).__set__
    for name in ("kind", "data", "secret", "knowers", "private", "rendering")
)
"""The setters of an event's slots, in the order of its fields."""


class Rendering(NamedTuple):
    """An event's two renderings: for the table (None: a private event) and for its
    knowers, each with the keys whose values are lists or objects (copied per call).
    A named tuple: one is made for every event, and a tuple is quicker to make."""

    public: dict[str, Any] | None
    public_nested: tuple[str, ...]
    known: dict[str, Any]
    known_nested: tuple[str, ...]


def _copied_into(value: Any, key: str, nested: list[str]) -> Any:
    """``value`` as :func:`json_copy` copies it, with ``key`` added to ``nested`` when
    the copy is a list or an object (to be copied again for each seat)."""
    if type(value) in _PLAIN:
        return value
    value = json_copy(value)
    if type(value) is list or type(value) is dict:
        nested.append(key)
    return value


def seen_by(events: Iterable[Event], seat: int | None) -> list[dict[str, Any]]:
    """Each of ``events`` as ``seat`` sees it, leaving out those it does not see: a
    seat's log (:meth:`Event.for_seat` of each, in one loop)."""
    out: list[dict[str, Any]] = []
    append = out.append
    for event in events:
        shown = event.rendering or event.render()
        seen: dict[str, Any] | None
        if seat is not None and seat in event.knowers:
            seen, nested = shown.known, shown.known_nested
        else:
            seen, nested = shown.public, shown.public_nested
            if seen is None:
                continue
        if nested:
            copied = seen.copy()
            for key in nested:
                copied[key] = json_copy(copied[key])
            append(copied)
        else:  # most events hold only plain values
            append(seen.copy())
    return out
