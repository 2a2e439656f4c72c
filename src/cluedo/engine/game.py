"""The game: the one authority that changes state.

A :class:`Game` owns its rule set, its options, its own seeded random generator,
the state, and the logs of actions (intent) and events (results). Front ends
and bots only ever call :meth:`Game.legal_actions`, :meth:`Game.apply` and
:meth:`Game.view`.

A saved game is the rule set, options, player count, seed and action list;
loading replays the actions, so a load gives the same game bit for bit.

>>> game = new_game("classic", players=3, seed=7)
>>> game.to_act()
(0,)
>>> [a.kind for a in game.legal_actions(0)][:1]
['roll']
>>> events = game.apply(game.legal_actions(0)[0])
>>> events[0].kind
'roll'
>>> Game.load(game.save()).view(0) == game.view(0)
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping
from typing import Any

from cluedo.engine.actions import Action
from cluedo.engine.errors import (
    CluedoError,
    IllegalAction,
    MalformedAction,
    OptionsError,
    SaveError,
)
from cluedo.engine.events import Event, json_copy
from cluedo.engine.registry import make_rules, rules_class
from cluedo.engine.ruleset import RuleSet
from cluedo.engine.state import GameState

SAVE_FORMAT = "cluedo-save"
SAVE_VERSION = 1


class Game:
    def __init__(
        self,
        rules: str,
        players: int,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        cls = rules_class(rules)
        if not isinstance(players, int) or not cls.min_players <= players <= cls.max_players:
            raise OptionsError(
                f"{cls.name} is for {cls.min_players} to {cls.max_players} players, got {players!r}"
            )
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise OptionsError(f"the seed must be an integer, got {seed!r}")
        self.rules: RuleSet[Any, Any] = make_rules(cls.name, options)
        self.rules_name = cls.name
        self.players = players
        self.seed = seed
        self.options = self.rules.options.model_dump(mode="json")
        # The game's own generator: nothing here touches the module-level `random`.
        self.rng = random.Random(seed)
        self.state: GameState
        self.state, setup_events = self.rules.setup(players, self.rng)
        self.actions: list[Action] = []
        self.events: list[Event] = list(setup_events)

    # -- the three verbs ------------------------------------------------------------

    def to_act(self) -> tuple[int, ...]:
        """The seats the game is waiting for (empty once it is over)."""
        return self.state.to_act()

    @property
    def finished(self) -> bool:
        return self.state.finished

    def legal_actions(self, seat: int) -> list[Action]:
        if self.state.finished or seat not in self.state.to_act():
            return []
        return self.rules.legal_actions(self.state, seat)

    def check(self, action: Action) -> IllegalAction | None:
        """Why ``action`` would be refused now, or None if it would be applied."""
        if not isinstance(action, Action):
            return MalformedAction(
                f"expected an Action, got {type(action).__name__}",
                "Action.make(seat, kind, ...) or Action.from_json({...})",
            )
        shape = action.shape_error()
        if shape is not None:
            return MalformedAction(shape)
        if self.state.finished:
            return IllegalAction("game-over", "the game is over", "no actions")
        if not 0 <= action.seat < self.players:
            return IllegalAction(
                "no-such-seat",
                f"seat {action.seat} is not at this table",
                f"0 to {self.players - 1}",
            )
        waiting = self.state.to_act()
        if action.seat not in waiting:
            return IllegalAction(
                "not-your-turn",
                f"seat {action.seat} is not to act",
                "seats " + ", ".join(map(str, waiting)),
            )
        return self.rules.check(self.state, action)

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` or raise :class:`IllegalAction`, leaving the game unchanged."""
        error = self.check(action)
        if error is not None:
            raise error
        try:
            events = self.rules.apply(self.state, action, self.rng)
        except Exception:
            # A rule-set bug must not leave a half-applied action: rebuild the game
            # from its record (which does not yet include this action), then re-raise.
            self._rebuild()
            raise
        self.actions.append(action)
        self.events.extend(events)
        return events

    def view(self, seat: int | None, log_since: int = 0) -> dict[str, Any]:
        """What ``seat`` (None = a spectator) sees: the rule set's view plus its log.

        ``log_since`` skips the first events of the log, for clients that keep
        their own copy and want only what is new; ``log_end`` tells where to
        continue from. A seat that is not at the table is refused (a negative
        index must never show the last seat's hand).
        """
        if seat is not None and (
            not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players
        ):
            raise IllegalAction(
                "no-such-seat", f"seat {seat!r} is not at this table", f"0 to {self.players - 1}"
            )
        if not isinstance(log_since, int) or isinstance(log_since, bool) or log_since < 0:
            raise IllegalAction(
                "log-since", f"log_since must be a count of events, got {log_since!r}"
            )
        view = self.rules.view(self.state, seat)
        view["rules"] = self.rules_name
        view["options"] = json_copy(self.options)
        view["seat"] = seat
        view["to_act"] = list(self.to_act())
        view["finished"] = self.state.finished
        view["outcome"] = self.state.outcome or None
        view["winners"] = list(self.state.winners)
        view["log"] = self.log_for(seat, log_since)
        view["log_end"] = len(self.events)
        return view

    def log_for(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        out = []
        for event in self.events[since:]:
            seen = event.for_seat(seat)
            if seen is not None:
                out.append(seen)
        return out

    def full_log(self) -> list[dict[str, Any]]:
        """Every event with every secret: only for replays after the game."""
        return [e.full() for e in self.events]

    # -- save, load, replay ---------------------------------------------------------

    def save(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "rules": self.rules_name,
            "players": self.players,
            "seed": self.seed,
            "options": json_copy(self.options),
            "actions": [a.to_json() for a in self.actions],
        }

    def dumps(self) -> str:
        return json.dumps(self.save(), indent=1)

    @classmethod
    def load(cls, data: Mapping[str, Any]) -> Game:
        """Rebuild a game from :meth:`save`; raise :class:`SaveError` saying what is wrong."""
        if not isinstance(data, Mapping):
            raise SaveError("a save must be a JSON object")
        if data.get("format") != SAVE_FORMAT:
            raise SaveError(f"not a cluedo save: 'format' must be {SAVE_FORMAT!r}")
        if data.get("version") != SAVE_VERSION:
            raise SaveError(
                f"unsupported save version {data.get('version')!r}; this build reads {SAVE_VERSION}"
            )
        for key in ("rules", "players", "seed", "actions"):
            if key not in data:
                raise SaveError(f"the save has no {key!r}")
        if not isinstance(data["actions"], list):
            raise SaveError("'actions' must be a list")
        try:
            game = cls(data["rules"], data["players"], data["seed"], data.get("options") or {})
        except CluedoError as err:
            raise SaveError(f"the save's set-up is invalid: {err}") from None
        game.replay(data["actions"])
        return game

    @classmethod
    def loads(cls, text: str) -> Game:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise SaveError(f"the save is not valid JSON: {err}") from None
        return cls.load(data)

    def replay(self, actions: Iterable[Any]) -> None:
        for index, raw in enumerate(actions):
            try:
                action = raw if isinstance(raw, Action) else Action.from_json(raw)
                self.apply(action)
            except IllegalAction as err:
                raise SaveError(f"action {index} does not replay: {err}") from None

    def _rebuild(self) -> None:
        fresh = Game(self.rules_name, self.players, self.seed, self.options)
        fresh.replay(self.actions)
        self.__dict__.update(fresh.__dict__)


def new_game(
    rules: str = "classic",
    players: int = 3,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
) -> Game:
    """Start a game of a registered rule set.

    >>> new_game("classic", players=7)
    Traceback (most recent call last):
    ...
    cluedo.engine.errors.OptionsError: classic is for 3 to 6 players, got 7
    """
    return Game(rules, players, seed, options)
