"""The game: the one authority that changes state.

A :class:`Game` owns its rule set, its options, its chance (every random draw,
recorded as an outcome: :mod:`cluedo.engine.chance`), the state, and the logs of
actions (intent) and events (results). Front ends and bots only ever call
:meth:`Game.legal_actions`, :meth:`Game.apply` and :meth:`Game.view`.

A saved game is the rule set, options, player count, seed, action list and the
chance outcomes of each step; loading replays the actions with those outcomes,
so a load gives the same game bit for bit on any Python version. Saves from
before outcomes were recorded (version 1) replay their draws from the seed.

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

import copy
import json
import math
import pickle
import random
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cluedo.engine.actions import Action
from cluedo.engine.chance import Chance, ChanceError
from cluedo.engine.errors import (
    CluedoError,
    IllegalAction,
    MalformedAction,
    OptionsError,
    SaveError,
)
from cluedo.engine.events import _PLAIN, Event, json_copy, seen_by
from cluedo.engine.registry import make_rules, rules_class
from cluedo.engine.ruleset import RuleSet
from cluedo.engine.state import GameState

SAVE_FORMAT = "cluedo-save"
SAVE_VERSION = 2
"""Version 2 adds ``chance``: the outcomes drawn at set-up and by each action."""
READ_VERSIONS = (1, 2)
"""Save versions :meth:`Game.load` reads; version 1 draws chance from the seed again."""


class Game:
    _flat_options: dict[str, Any] | None = None
    """The options when none of their values is a list or an object (see view)."""

    def __init__(
        self,
        rules: str,
        players: int,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        outcomes: Sequence[Sequence[Any]] | None = None,
    ) -> None:
        """A new game; ``outcomes`` (per step, as :attr:`Chance.record` holds them)
        are taken by the set-up and the first actions applied, in place of fresh
        draws, as when a save is loaded."""
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
        self._flat_options = (
            self.options if all(type(v) in _PLAIN for v in self.options.values()) else None
        )
        # The game's own chance: nothing here touches the module-level `random`.
        self.chance = Chance(seed, outcomes)
        self.state: GameState
        # Rule sets are annotated with random.Random; Chance has its drawing methods.
        self.state, setup_events = self.rules.setup(players, self.chance)  # type: ignore[arg-type]
        if self.chance.script is not None:
            self.chance.close_step()
        self.actions: list[Action] = []
        self.events: list[Event] = list(setup_events)

    @property
    def rng(self) -> Chance:
        """The game's chance, by its older name. Setting it to a ``random.Random``
        makes that the source of fresh outcomes (:meth:`Chance.use`)."""
        return self.chance

    @rng.setter
    def rng(self, source: random.Random) -> None:
        self.chance.use(source)

    # -- the three verbs ------------------------------------------------------------

    def to_act(self) -> tuple[int, ...]:
        """The seats the game is waiting for (empty once it is over)."""
        return self.state.to_act()

    @property
    def finished(self) -> bool:
        return self.state.finished

    def legal_actions(self, seat: int) -> list[Action]:
        state = self.state
        if state.finished or seat not in state.to_act():
            return []
        return self.rules.legal_actions(state, seat)

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
        chance = self.chance
        chance.begin()
        try:
            events = self.rules.apply(self.state, action, chance)  # type: ignore[arg-type]
            if chance.script is not None:
                chance.close_step()
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
        state = self.state
        view = self.rules.view(state, seat)
        view["rules"] = self.rules_name
        options = self.options
        # Options are nearly always plain values: a shallow copy is then a fresh copy.
        flat = self._flat_options
        view["options"] = (
            flat.copy() if flat is not None and flat is options else json_copy(options)
        )
        view["seat"] = seat
        view["to_act"] = list(state.to_act())
        view["finished"] = state.finished
        view["outcome"] = state.outcome or None
        view["winners"] = list(state.winners)
        events = self.events
        view["log"] = seen_by(events[log_since:] if log_since else events, seat)
        view["log_end"] = len(events)
        return view

    def log_for(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        """The events from index ``since`` on as ``seat`` sees them (fresh copies)."""
        return seen_by(self.events[since:], seat)

    def full_log(self) -> list[dict[str, Any]]:
        """Every event with every secret: only for replays after the game."""
        return [e.full() for e in self.events]

    # -- save, load, replay ---------------------------------------------------------

    def save(self) -> dict[str, Any]:
        """The game as data: rule set, options, players, seed, actions, and ``chance``,
        one list of outcomes per step (the set-up, then each action)."""
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "rules": self.rules_name,
            "players": self.players,
            "seed": self.seed,
            "options": json_copy(self.options),
            "actions": [a.to_json() for a in self.actions],
            "chance": self.chance.outcomes(),
        }

    def dumps(self) -> str:
        return json.dumps(self.save(), indent=1)

    @classmethod
    def load(cls, data: Mapping[str, Any], *, from_seed: bool = False) -> Game:
        """Rebuild a game from :meth:`save`; raise :class:`SaveError` saying what is wrong.

        The actions are replayed with the save's chance outcomes; the random module
        is not consulted. A version 1 save, which has none, draws them from its seed
        as it was played. ``from_seed=True`` draws from the seed whatever the save
        holds and refuses a save whose outcomes are not the seed's: a check that
        the game was dealt and rolled from that seed.

        :class:`SaveError` is the only error a save can cause, whatever it holds:
        a save is data from outside (a file, a network client), so every field is
        checked before it is used, and an action that makes the rules fail is
        reported as an action that does not replay. Keys other than the save's own
        (a front end's section, say) are not looked at.

        >>> Game.load({"format": "cluedo-save", "version": 1, "rules": "classic"})
        Traceback (most recent call last):
        ...
        cluedo.engine.errors.SaveError: the save has no 'players'
        >>> Game.load({**new_game(seed=1).save(), "rules": ["classic"]})
        Traceback (most recent call last):
        ...
        cluedo.engine.errors.SaveError: 'rules' must be a string (a rule set's name), got a list
        """
        if not isinstance(data, Mapping):
            raise SaveError(f"a save must be a JSON object, got {json_kind(data)}")
        check_save_data(data)
        if data.get("format") != SAVE_FORMAT:
            raise SaveError(f"not a cluedo save: 'format' must be {SAVE_FORMAT!r}")
        version = data.get("version")
        if type(version) is not int or version not in READ_VERSIONS:
            raise SaveError(
                f"unsupported save version {_shown(version)}; this build reads "
                + " and ".join(map(str, READ_VERSIONS))
            )
        for key in ("rules", "players", "seed", "actions", *(("chance",) if version > 1 else ())):
            if key not in data:
                raise SaveError(f"the save has no {key!r}")
        rules, players, seed = data["rules"], data["players"], data["seed"]
        options, actions = data.get("options"), data["actions"]
        if not isinstance(rules, str):
            raise SaveError(f"'rules' must be a string (a rule set's name), got {json_kind(rules)}")
        if type(players) is not int:
            raise SaveError(f"'players' must be an integer, got {json_kind(players)}")
        if not 0 < players <= MAX_SAVE_PLAYERS:
            raise SaveError(f"'players' must be a count of players, got {_shown(players)}")
        if type(seed) is not int:
            raise SaveError(f"'seed' must be an integer, got {json_kind(seed)}")
        if options is not None and not isinstance(options, Mapping):
            raise SaveError(f"'options' must be an object, got {json_kind(options)}")
        if not isinstance(actions, list):
            raise SaveError(f"'actions' must be a list, got {json_kind(actions)}")
        stored = _stored_outcomes(data, len(actions)) if version > 1 else None
        try:
            game = cls(rules, players, seed, options or {}, outcomes=None if from_seed else stored)
        except CluedoError as err:
            raise SaveError(f"the save's set-up is invalid: {err}") from None
        except Exception as err:  # a rule set that fails on options it accepted
            raise SaveError(
                f"the save's set-up is invalid: the rules failed on it ({type(err).__name__}: "
                f"{_clip(str(err))})"
            ) from None
        game.replay(actions)
        if from_seed and stored is not None:
            _check_outcomes(game.chance.record, stored)
        return game

    @classmethod
    def loads(cls, text: str | bytes) -> Game:
        """:meth:`load` from a save's JSON text (or UTF-8 bytes); raises only :class:`SaveError`."""
        return cls.load(parse_save(text))

    def replay(self, actions: Iterable[Any]) -> None:
        """Apply recorded actions in order; raise :class:`SaveError` at the first that fails."""
        for index, raw in enumerate(actions):
            try:
                action = raw if isinstance(raw, Action) else Action.from_json(raw)
                self.apply(action)
            except (IllegalAction, ChanceError) as err:
                raise SaveError(f"action {index} does not replay: {err}") from None
            except Exception as err:  # the rules failed on it: still a save that does not load
                raise SaveError(
                    f"action {index} does not replay: the rules failed on it "
                    f"({type(err).__name__}: {_clip(str(err))})"
                ) from None

    def clone(self) -> Game:
        """An independent copy: state, logs and chance, at the same point.

        The copy draws the outcomes the original would draw, until either is forced
        (:meth:`Chance.force`) or given another source (:meth:`Chance.use`); a
        search clones a game and chooses chance in the copy. The rule set and the
        options are shared (they never change), and so are past events and actions.
        """
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.state = _copied_state(self.state)
        other.actions = list(self.actions)
        other.events = list(self.events)
        other.chance = self.chance.clone()
        return other

    def _rebuild(self) -> None:
        """Make the game again from its record: the actions applied, with the outcomes
        they drew. Forced outcomes not yet taken are dropped."""
        old = self.chance
        script = old.script_until(len(self.actions) + 1)
        fresh = Game(self.rules_name, self.players, self.seed, self.options, outcomes=script)
        fresh.replay(self.actions)
        fresh.chance.carry_over(old)
        self.__dict__.update(fresh.__dict__)


def _copied_state(state: GameState) -> GameState:
    """A deep copy of a state; pickling copies plain data three to four times faster
    than ``copy.deepcopy`` (a state that cannot be pickled is deep-copied)."""
    try:
        copied = pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
    except Exception:  # a class pickle cannot find, a lambda ...
        return copy.deepcopy(state)
    assert isinstance(copied, GameState)
    return copied


def _stored_outcomes(data: Mapping[str, Any], actions: int) -> list[list[Any]]:
    """The save's ``chance``: a list of outcomes for the set-up and for each action."""
    chance = data["chance"]
    if not isinstance(chance, list):
        raise SaveError(f"'chance' must be a list, got {json_kind(chance)}")
    if len(chance) != actions + 1:
        raise SaveError(
            f"'chance' holds {len(chance)} steps; a save of {actions} actions needs "
            f"{actions + 1} (the set-up, then each action)"
        )
    for index, step in enumerate(chance):
        if not isinstance(step, list):
            raise SaveError(f"chance[{index}] must be a list of outcomes, got {json_kind(step)}")
    return chance


def _check_outcomes(drawn: list[list[Any]], stored: list[list[Any]]) -> None:
    """Refuse stored outcomes that differ from those drawn from the seed."""
    for index, (mine, theirs) in enumerate(zip(drawn, stored, strict=True)):
        if mine != theirs:
            step = "the set-up" if index == 0 else f"action {index - 1}"
            raise SaveError(
                f"the save's chance outcomes of {step} are not the ones its seed gives "
                f"({_shown(theirs)} stored, {_shown(mine)} from the seed)"
            )


MAX_SAVE_DEPTH = 32
"""Deepest nesting of lists and objects a save may hold (a real one uses about six)."""
MAX_SAVE_PLAYERS = 1000
"""A player count beyond any rule set's, refused before the rule set is asked."""


def json_kind(value: Any) -> str:
    """``value``'s JSON type, for messages: 'a list', 'a string', ...

    >>> json_kind(1.5), json_kind([1]), json_kind(True)
    ('a number with a fraction', 'a list', 'a boolean')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number with a fraction"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__


def _clip(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _shown(value: Any) -> str:
    """A value from a save in a message: its repr, shortened (a save may hold anything)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**30:
        return "a huge integer"  # repr of a 4000-digit number helps nobody
    return _clip(repr(value), 60)


def _where(path: list[str | int]) -> str:
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else step)
    return out or "the save"


def check_save_data(data: Any) -> None:
    """Refuse data no save can hold: nesting deeper than :data:`MAX_SAVE_DEPTH`, text
    that is not Unicode (a lone surrogate), keys that are not strings, and numbers
    that are not finite. Raises :class:`SaveError` naming where.

    It walks with its own stack, so no nesting can exhaust Python's.

    >>> check_save_data({"actions": [{"kind": "\\ud800"}]})
    Traceback (most recent call last):
    ...
    cluedo.engine.errors.SaveError: actions[0].kind is not valid Unicode (a lone surrogate)
    """
    stack: list[tuple[Any, list[str | int]]] = [(data, [])]
    while stack:
        value, path = stack.pop()
        if len(path) > MAX_SAVE_DEPTH:
            where = _where(path[:3])
            raise SaveError(
                f"the save is nested more than {MAX_SAVE_DEPTH} levels deep ({where}...)"
            )
        if isinstance(value, str):
            if _SURROGATE.search(value):
                raise SaveError(f"{_where(path)} is not valid Unicode (a lone surrogate)")
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise SaveError(f"{_where(path)} is {value!r}, which is not a JSON number")
        elif isinstance(value, Mapping):
            for key, item in value.items():
                if not isinstance(key, str):
                    raise SaveError(f"{_where(path)} has a key that is not a string: {_shown(key)}")
                if _SURROGATE.search(key):
                    raise SaveError(
                        f"{_where(path)} has a key that is not valid Unicode (a lone surrogate)"
                    )
                stack.append((item, [*path, key]))
        elif isinstance(value, (list, tuple)):
            stack.extend((item, [*path, i]) for i, item in enumerate(value))


_SURROGATE = re.compile("[\ud800-\udfff]")


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_save(text: str | bytes) -> dict[str, Any]:
    """The JSON object in a save's text (or UTF-8 bytes), checked by :func:`check_save_data`.

    Raises :class:`SaveError` saying what is wrong; it does not look at the fields
    (:meth:`Game.load` does).

    >>> parse_save(b"\\xff")
    Traceback (most recent call last):
    ...
    cluedo.engine.errors.SaveError: the save is not UTF-8 text (byte 0xff at position 0)
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")  # a byte-order mark, as some editors write, is fine
        except UnicodeDecodeError as err:
            raise SaveError(
                f"the save is not UTF-8 text (byte 0x{err.object[err.start]:02x} at position "
                f"{err.start})"
            ) from None
    if not text.strip():
        raise SaveError("the save is empty")
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as err:
        raise SaveError(f"the save is not valid JSON: {err}") from None
    except ValueError as err:  # NaN, Infinity, or an integer with thousands of digits
        raise SaveError(f"the save is not valid JSON: {_clip(str(err))}") from None
    except RecursionError:
        raise SaveError(f"the save is nested more than {MAX_SAVE_DEPTH} levels deep") from None
    if not isinstance(data, dict):
        raise SaveError(f"a save must be a JSON object, got {json_kind(data)}")
    check_save_data(data)
    return data


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
