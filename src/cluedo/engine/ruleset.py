"""The contract between the engine and a rule set.

A rule set is stateless: it sets up a state, lists legal actions, checks and
applies actions, and renders per-seat views. The :class:`~cluedo.engine.game.Game`
owns the state, the random generator and the logs, and is the only caller.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
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

    @abstractmethod
    def check(self, state: S, action: Action) -> IllegalAction | None:
        """Why ``action`` is illegal now, or None if it is legal.

        Must agree exactly with :meth:`legal_actions`; it exists so that
        checking one action need not build the whole list, and so that the
        error can name the broken rule.
        """

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
