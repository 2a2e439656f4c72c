"""The contract between the engine and a rule set.

A rule set is stateless: it sets up a state, lists legal actions, checks and
applies actions, and renders per-seat views. The :class:`~cluedo.engine.game.Game`
owns the state, the random generator and the logs, and is the only caller.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict

from cluedo.engine.action_space import ActionShape
from cluedo.engine.actions import Action
from cluedo.engine.errors import IllegalAction
from cluedo.engine.events import Event
from cluedo.engine.state import GameState


class CardReader(Protocol):
    """Reads one seat's events as notebook observations (see :mod:`cluedo.deduction.reading`).

    Declared here so the engine names the contract without importing the
    deduction layer, which comes after it.
    """

    @property
    def seat(self) -> int | None:
        """The seat whose log is read (None: a spectator)."""
        ...

    @property
    def categories(self) -> Mapping[str, tuple[str, ...]]:
        """The notebook's cards by category."""
        ...

    def read(self, event: Mapping[str, Any]) -> Sequence[Any]:
        """The observations (or a new layout of the cards) ``event`` gives the seat."""
        ...


def listed(action: Action, legal: Sequence[Action]) -> bool:
    """Whether ``legal`` holds ``action``, each value of the same type: Python counts
    ``True`` equal to ``1``, but a seat named ``true`` on the wire is no seat.

    >>> legal = [Action.make(0, "glimpse", target=1)]
    >>> listed(Action.make(0, "glimpse", target=1), legal)
    True
    >>> listed(Action.make(0, "glimpse", target=True), legal)
    False
    """
    try:
        found = legal[legal.index(action)]
    except ValueError:
        return False
    return found is action or not _holds_bool(action.params) or _typed(found) == _typed(action)


def _holds_bool(value: Any) -> bool:
    if value is True or value is False:
        return True
    return type(value) is tuple and any(_holds_bool(v) for v in value)


def _typed(value: Any) -> Any:
    """``value`` with the type of each part beside it, for comparing to the type."""
    if isinstance(value, Action):
        return _typed(value.params)
    if type(value) is tuple:
        return tuple(_typed(v) for v in value)
    return (type(value), value)


def not_listed(
    action: Action, legal: Sequence[Action], reasons: Mapping[str, str] | None = None
) -> IllegalAction:
    """An error for an action missing from ``legal``: its kind is not possible now
    (with the reason ``reasons`` gives for that kind), or these parameters are not.

    >>> legal = [Action.make(0, "roll"), Action.make(0, "show", card="rope")]
    >>> str(not_listed(Action.make(0, "fly"), legal, {"fly": "nobody flies"}))
    "[fly] 'fly' is not possible now: nobody flies (allowed: roll, show)"
    >>> error = not_listed(Action.make(0, "show", card="hall"), legal)
    >>> error.message, error.allowed
    ('seat 0: show card=hall is not one of the show actions possible now', 'seat 0: show card=rope')
    """
    same = [a for a in legal if a.kind == action.kind]
    if not same:
        reason = (reasons or {}).get(action.kind)
        kinds = sorted({a.kind for a in legal})
        return IllegalAction(
            action.kind,
            f"{action.kind!r} is not possible now" + (f": {reason}" if reason else ""),
            ", ".join(kinds) or "nothing",
        )
    shown = ", ".join(str(a) for a in same[:12]) + (" ..." if len(same) > 12 else "")
    return IllegalAction(
        action.kind, f"{action} is not one of the {action.kind} actions possible now", shown
    )


def parameters_error(
    action: Action, parameters: Mapping[str, AbstractSet[str]]
) -> IllegalAction | None:
    """Whether ``action`` is a kind in ``parameters`` (kind -> the names it takes) with
    exactly those parameters: the first thing a rule set's explanation checks.

    >>> table = {"roll": set(), "move": {"to"}}
    >>> parameters_error(Action.make(0, "fly"), table).rule
    'unknown-action'
    >>> str(parameters_error(Action.make(0, "move", by=2), table))
    "[malformed-action] move takes exactly the parameters ['to'], got ['by']"
    """
    if action.kind not in parameters:
        return IllegalAction(
            "unknown-action", f"no action {action.kind!r}", ", ".join(sorted(parameters))
        )
    expected = parameters[action.kind]
    given = {k for k, _ in action.params}
    if given != expected:
        return IllegalAction(
            "malformed-action",
            f"{action.kind} takes exactly the parameters {sorted(expected) or 'none'}, "
            f"got {sorted(given) or 'none'}",
        )
    return None


class RuleOptions(BaseModel):
    """Base of every rule set's options: typed, immutable, unknown keys refused."""

    model_config = ConfigDict(extra="forbid", frozen=True)


S = TypeVar("S", bound=GameState)
Opts = TypeVar("Opts", bound=RuleOptions)


class RuleSet(ABC, Generic[S, Opts]):
    name: ClassVar[str]
    title: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_type: ClassVar[type[RuleOptions]]

    def __init__(self, options: Opts) -> None:
        self.options = options

    @abstractmethod
    def setup(self, players: int, rng: random.Random) -> tuple[S, list[Event]]:
        """A new state and the events of setting up (deals, placements)."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (empty if it is not to act)."""

    def check(self, state: S, action: Action) -> IllegalAction | None:
        """Why ``action`` is illegal now, or None if it is legal.

        By default an action is legal exactly when :meth:`legal_actions` lists it,
        and :meth:`explain_illegal` says which rule a refused one breaks. A rule set
        overrides this only where measurement shows the list is too slow to build
        for one action; its check must then agree with the list exactly (a property
        test per rule set holds it to that).
        """
        legal = self.legal_actions(state, action.seat)
        if listed(action, legal):
            return None
        return self.explain_illegal(state, action, legal)

    def explain_illegal(self, state: S, action: Action, legal: Sequence[Action]) -> IllegalAction:
        """The rule ``action`` breaks, given that it is not among ``legal`` (the seat's
        legal actions now). Rule sets override this to name their rules; the default
        says what the seat may do instead.
        """
        return not_listed(action, legal)

    @abstractmethod
    def apply(self, state: S, action: Action, rng: random.Random) -> list[Event]:
        """Apply a legal action. Only called after :meth:`check` returned None."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None = a spectator) may see of the state, as JSON data."""

    def reveal(self, state: S) -> dict[str, Any]:
        """Everything, for a finished game's replay. Defaults to the spectator view."""
        return self.view(state, None)

    # -- for the notebook ---------------------------------------------------------------

    def card_reader(self, seat: int | None) -> CardReader | None:
        """How ``seat`` (None = a spectator) reads this rule set's events as facts
        about where the cards are: the only translation of its events into the
        notebook's observations. None: the rule set has no card notebook."""
        return None

    def card_places(self, state: S) -> dict[str, int | str]:
        """Where every notebook card truly is now: a seat, ``"envelope"`` or a pile's
        name. The referee of the notebook tests and soaks; never shown to a seat."""
        raise NotImplementedError(f"{self.name} has no card notebook")

    # -- for learning agents ----------------------------------------------------------

    def action_shapes(self, players: int) -> list[ActionShape]:
        """Every form an action can take at a table of ``players``, with the values
        of each parameter: the fixed action space of :mod:`cluedo.env`.

        Every action :meth:`legal_actions` can return must fit one of them
        (tests/env checks this over many games). Default: none declared.
        """
        raise NotImplementedError(f"{self.name} declares no fixed action space")

    # -- for the simulator's report (a designer's view of finished games) -----------

    def seat_labels(self, state: S) -> dict[str, list[str]]:
        """Named ways to group the seats, each a label per seat.

        The simulator reports win rates by each grouping: ``{"character": [...]}``
        gives a win rate per character, ``{"role": ["guest", "accomplice", ...]}``
        one per role. Default: no grouping.
        """
        return {}

    def game_stats(self, state: S) -> dict[str, float]:
        """Numbers about a game as it stands (kills, bluff calls, gems taken ...).

        The simulator records them per game and reports their mean over a run.
        Default: none.
        """
        return {}
