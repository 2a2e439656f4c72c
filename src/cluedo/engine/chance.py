"""Chance made explicit: every random draw of a game is an outcome in its record.

A rule set never owns randomness. It is handed the game's :class:`Chance`, which
has the drawing methods of :class:`random.Random` that rule sets use
(``randint``, ``randrange``, ``choice``, ``sample``, ``shuffle``, ``random``,
``uniform``, ``getrandbits``), so rule code reads as it always did. Each call is
a *chance outcome* (OpenSpiel's chance nodes), written down in the game's record
in a form that needs no random module to read back:

========================  =====================================================
draw                      its outcome
========================  =====================================================
``randint(a, b)``         the number, ``a`` to ``b``
``randrange(...)``        the number
``choice(seq)``           the position picked in ``seq`` (from 0)
``sample(pop, k)``        the ``k`` positions picked in ``pop``, in order
``shuffle(x)``            the new order as positions in the old one:
                          ``x[i]`` is then what was at the outcome's ``i``-th
``random()``              the float (``uniform`` draws one ``random()``)
``getrandbits(k)``        the number
========================  =====================================================

The record holds one list of outcomes per step: the set-up first, then one per
action (mostly empty). A save stores it as ``"chance"`` beside the actions, and
loading replays the actions with those outcomes: the random module is not
consulted, so a save replays the same on any Python version.

**Where fresh outcomes come from.** A new game draws from ``random.Random(seed)``
exactly as games always have, so a seed gives the game it always gave. After a
load, the first fresh draw brings a generator seeded from the save's seed up to
date by repeating the same calls, so a loaded game goes on exactly as the
original would have. Saves from before this record existed (save version 1:
seed and actions only) load by drawing from the seed as they were made.

**Choosing outcomes.** A test or a search says what chance does next with
:meth:`Chance.force`; the forced outcomes are used in order, each by the next
draw, whatever action makes it, and recorded like any other. An outcome that
does not fit its draw (a 7 for a six-sided die, a shuffle that is not a
rearrangement) raises :class:`ChanceError` and the game is left as it was:

>>> from cluedo.engine.game import new_game
>>> game = new_game("classic", players=3, seed=7)
>>> roll = game.legal_actions(0)[0]
>>> _ = game.chance.force(9)
>>> try:
...     game.apply(roll)
... except ChanceError as err:
...     print(err)
the forced outcome 9 does not fit randint(1, 6): it must be a whole number from 1 to 6
>>> _ = game.chance.force(6)
>>> [e.data["roll"] for e in game.apply(roll)]
[6]
>>> game.chance.record[-1]
[6]

:class:`Picked` names an outcome by what it picks rather than by position:

>>> Chance(1).force(Picked("lounge")).choice(["hall", "lounge", "study"])
'lounge'

:meth:`Chance.use` swaps the source of fresh outcomes (scripted dice, another
seed for a search's sampled future). :meth:`cluedo.engine.game.Game.clone` copies
a game with its chance: the copy goes on drawing as the original would, until
either is forced or given another source.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, MutableSequence, Sequence
from itertools import repeat
from random import Random
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from cluedo.engine.errors import CluedoError

T = TypeVar("T")

Outcome = int | float | list[int]
"""A chance outcome as recorded: a number, or a list of positions."""


class ChanceError(CluedoError, ValueError):
    """A chance outcome that does not fit the draw it was given to, or a draw with
    no outcome left where one was needed (a save whose chance does not replay)."""


class Draws(Protocol):
    """What a rule set may ask of chance: both :class:`Chance` and
    :class:`random.Random` have these, so rule code and its unit tests accept either."""

    def random(self) -> float: ...

    def uniform(self, a: float, b: float) -> float: ...

    def getrandbits(self, k: int, /) -> int: ...

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int: ...

    def randint(self, a: int, b: int) -> int: ...

    def choice(self, seq: Sequence[T]) -> T: ...

    def sample(
        self, population: Sequence[T], k: int, *, counts: Iterable[int] | None = None
    ) -> list[T]: ...

    def shuffle(self, x: MutableSequence[Any]) -> None: ...


class Picked:
    """A forced outcome given by what it picks, not by position.

    ``Picked("plum")`` for a ``choice``; ``Picked(["rope", "lounge"])`` for a
    ``sample``; ``Picked(new_order)`` for a ``shuffle`` (the whole order after
    it); for a number it is the number itself. It is turned into positions when
    a draw takes it, and recorded as those.
    """

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __repr__(self) -> str:
        return f"Picked({self.value!r})"


Call = tuple[Any, ...]
"""A draw as made: its name and arguments, sizes in place of sequences."""


class Chance:
    """The game's chance: its draws, their recorded outcomes, and what comes next.

    ``Chance(seed)`` draws fresh from ``random.Random(seed)``. ``Chance(seed,
    script)`` first replays ``script`` (outcomes per step, as :attr:`record`
    holds them) and refuses any draw beyond it until the script's last step is
    closed; then it draws fresh, brought up to date from the seed.
    """

    __slots__ = (
        "_behind",
        "_current",
        "_queue",
        "_ready",
        "_seeded",
        "_shared",
        "_source",
        "record",
        "script",
        "seed",
    )

    def __init__(self, seed: int, script: Sequence[Sequence[Any]] | None = None) -> None:
        self.seed = seed
        self.record: list[list[Any]] = [[]]
        """Outcomes drawn, per step: the set-up, then each action applied."""
        self._current = self.record[0]
        self._source: Random | None = None
        # The source when it can be drawn from as it is (nothing to catch up, not shared).
        self._ready: Random | None = None
        self._seeded = True  # the source is the seed's (else one given to `use`)
        self._shared = False  # the source object is shared with a clone: copy before drawing
        self._behind: list[Call] = []  # draws the seed's source has yet to repeat
        self._queue: list[Any] = []  # outcomes to take next, the next one last
        self.script: Sequence[Sequence[Any]] | None = None
        """The stored outcomes being replayed, per step, or None once draws are fresh."""
        if script is None:
            self._source = self._ready = Random(seed)
        else:
            if not script:
                raise ChanceError("a chance script needs the set-up's outcomes (step 0)")
            self.script = script
            self._queue = _reversed_step(script[0], 0)

    # -- the draws a rule set makes ---------------------------------------------------

    def randint(self, a: int, b: int) -> int:
        if self._queue:
            value: int = self._take(("randint", a, b))
        else:
            source = self._ready
            value = (source if source is not None else self._source_now()).randint(a, b)
        self._current.append(value)
        return value

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        if self._queue:
            value: int = self._take(("randrange", start, stop, step))
        else:
            source = self._ready
            value = (source if source is not None else self._source_now()).randrange(
                start, stop, step
            )
        self._current.append(value)
        return value

    def choice(self, seq: Sequence[T]) -> T:
        n = len(seq)
        if self._queue:
            index: int = self._take(("choice", n), seq)
        else:
            source = self._ready
            index = (source if source is not None else self._source_now()).choice(range(n))
        self._current.append(index)
        return seq[index]

    def sample(
        self, population: Sequence[T], k: int, *, counts: Iterable[int] | None = None
    ) -> list[T]:
        if counts is not None:  # as random.Random does: each item repeated its count
            population = [x for x, c in zip(population, counts, strict=True) for x in repeat(x, c)]
        n = len(population)
        if self._queue:
            picks = self._take(("sample", n, k), population)
        else:
            source = self._ready
            picks = (source if source is not None else self._source_now()).sample(range(n), k)
        self._current.append(picks)
        return [population[i] for i in picks]

    def shuffle(self, x: MutableSequence[Any]) -> None:
        n = len(x)
        if self._queue:
            order = self._take(("shuffle", n), x)
        else:
            source = self._ready
            order = list(range(n))
            (source if source is not None else self._source_now()).shuffle(order)
        self._current.append(order)
        old = list(x)
        if type(x) is list:
            x[:] = [old[i] for i in order]
        else:
            for place, i in enumerate(order):
                x[place] = old[i]

    def random(self) -> float:
        if self._queue:
            value: float = self._take(("random",))
        else:
            source = self._ready
            value = (source if source is not None else self._source_now()).random()
        self._current.append(value)
        return value

    def uniform(self, a: float, b: float) -> float:
        return a + (b - a) * self.random()  # as random.Random: one random() per draw

    def getrandbits(self, k: int, /) -> int:
        if self._queue:
            value: int = self._take(("getrandbits", k))
        else:
            source = self._ready
            value = (source if source is not None else self._source_now()).getrandbits(k)
        self._current.append(value)
        return value

    def __getattr__(self, name: str) -> Any:
        # Only reached for names Chance lacks: a draw that would go unrecorded.
        raise AttributeError(
            f"the game's chance has no {name!r}: rule sets draw with randint, randrange, "
            "choice, sample, shuffle, random, uniform or getrandbits, each recorded as an "
            "outcome (add any other to cluedo.engine.chance so that it is recorded too)"
        )

    # -- choosing what comes next -----------------------------------------------------

    def force(self, *outcomes: Outcome | tuple[int, ...] | Picked) -> Chance:
        """Make the next draws take ``outcomes``, in order, whatever action draws them.

        Each is an outcome as :attr:`record` holds them (a number, or positions)
        or a :class:`Picked`. One that cannot be an outcome at all is refused
        here; one that does not fit the draw that takes it is refused then, with
        the game left as it was and no forced outcome left. Returns the chance,
        so that calls can be chained.
        """
        if self.script is not None:
            raise ChanceError("outcomes cannot be forced while stored ones are being replayed")
        for outcome in outcomes:
            _check_form(outcome)
        self._queue[:0] = [_owned(o) for o in reversed(outcomes)]
        return self

    @property
    def forced(self) -> tuple[Any, ...]:
        """The forced outcomes not yet taken, the next one first."""
        return () if self.script is not None else tuple(reversed(self._queue))

    def unforce(self) -> None:
        """Drop the forced outcomes not yet taken."""
        if self.script is None:
            self._queue = []

    def use(self, source: Random) -> None:
        """Draw fresh outcomes from ``source`` from now on (scripted dice in a test,
        another seed for a search's sampled future). They are recorded as ever."""
        if not isinstance(source, Random):
            raise ChanceError(f"a source of chance is a random.Random, got {type(source).__name__}")
        self._source = self._ready = source
        self._seeded = False
        self._shared = False
        self._behind = []

    @property
    def source(self) -> Random | None:
        """Where fresh outcomes come from now (None until a loaded game first needs one)."""
        return self._source

    # -- for the game ------------------------------------------------------------------

    def begin(self) -> None:
        """Start the next step: the outcomes of the action about to be applied."""
        current: list[Any] = []
        self.record.append(current)
        self._current = current
        if self.script is not None:
            step = len(self.record) - 1
            self._queue = _reversed_step(self.script[step], step)

    def close_step(self) -> None:
        """End a replayed step: every stored outcome of it must have been taken. After
        the script's last step, draws are fresh."""
        if self.script is None:
            return
        step = len(self.record) - 1
        if self._queue:
            stored = len(self.script[step])
            raise ChanceError(
                f"{_step_name(step)} used {stored - len(self._queue)} of the {stored} chance "
                "outcomes stored for it"
            )
        if step + 1 >= len(self.script):
            self.script = None

    def script_until(self, steps: int) -> Sequence[Sequence[Any]]:
        """The outcomes to rebuild the first ``steps`` steps with (and, while a script
        is replayed, the rest of it)."""
        return self.script if self.script is not None else self.record[:steps]

    def carry_over(self, old: Chance) -> None:
        """After a rebuild from ``old``'s record: draw fresh where ``old`` did, if it
        had been given a source."""
        if not old._seeded and old._source is not None:
            self.use(old._source)

    def outcomes(self) -> list[list[Any]]:
        """The record as a save stores it (a copy)."""
        return [[_owned(o) for o in step] for step in self.record]

    def getstate(self) -> tuple[Any, ...]:
        """Where chance stands, to compare (not a random.Random state): every outcome
        drawn and every one forced to come."""
        return (self.seed, _frozen(self.record), _frozen(self.forced))

    def clone(self) -> Chance:
        """An independent copy at the same point: it draws as this one would."""
        other = Chance.__new__(Chance)
        other.seed = self.seed
        record = list(self.record)  # past steps never change: shared
        record[-1] = list(record[-1])
        other.record = record
        other._current = record[-1]
        other._queue = list(self._queue)
        other.script = self.script
        other._seeded = self._seeded
        other._behind = list(self._behind)
        other._source = self._source
        other._ready = None
        # Copying a Mersenne Twister costs more than copying a game's state: both
        # share it, and whichever draws fresh first copies it then.
        other._shared = self._shared = self._source is not None
        self._ready = None
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> Chance:
        return self.clone()

    # -- inside --------------------------------------------------------------------------

    def _source_now(self) -> Random:
        """The source for a fresh draw: made, copied or caught up first if need be."""
        if self.script is not None:
            step = len(self.record) - 1
            raise ChanceError(
                f"{_step_name(step)} drew more than the {len(self.script[step])} chance "
                "outcomes stored for it"
            )
        source = self._source
        if source is None:
            source = Random(self.seed)
        elif self._shared:
            source = _copied(source)
        for call in self._behind:
            _repeat(source, call)
        self._behind = []
        self._shared = False
        self._source = self._ready = source
        return source

    def _take(self, call: Call, items: Sequence[Any] | None = None) -> Any:
        """The next queued outcome for ``call``, checked; the seed's source must repeat it."""
        outcome = self._queue.pop()
        if type(outcome) is Picked:
            outcome = _positions(outcome, call, items)
        elif type(outcome) is list:
            outcome = list(outcome)  # the record's own: a save's data may change later
        why = _misfit(outcome, call)
        if why is not None:
            forced = self.script is None
            self._queue = [] if forced else self._queue
            raise ChanceError(
                f"the {'forced' if forced else 'stored'} outcome {_shown(outcome)} does not "
                f"fit {_call_name(call)}: {why}"
            )
        if self._seeded:
            self._behind.append(call)
            self._ready = None
        return outcome


def _reversed_step(step: Any, index: int) -> list[Any]:
    if not isinstance(step, (list, tuple)):
        raise ChanceError(f"the chance outcomes of {_step_name(index)} are not a list")
    return list(reversed(step))


def _step_name(step: int) -> str:
    return "the set-up" if step == 0 else f"action {step - 1}"


def _check_form(outcome: Any) -> None:
    if type(outcome) is Picked or type(outcome) in (int, float):
        return
    if isinstance(outcome, (list, tuple)) and all(type(i) is int for i in outcome):
        return
    raise ChanceError(
        f"{_shown(outcome)} cannot be a chance outcome: give a number, a list of positions "
        "or Picked(...)"
    )


def _owned(outcome: Any) -> Any:
    return list(outcome) if isinstance(outcome, (list, tuple)) else outcome


def _misfit(outcome: Any, call: Call) -> str | None:
    """Why ``outcome`` cannot be the result of ``call``, or None if it can."""
    name = call[0]
    if name == "shuffle" or name == "sample":
        n = call[1]
        k = n if name == "shuffle" else call[2]
        if (
            not isinstance(outcome, list)
            or len(outcome) != k
            or any(type(i) is not int or not 0 <= i < n for i in outcome)
            or len(set(outcome)) != k
        ):
            if name == "shuffle":
                return f"it must be a rearrangement of the positions 0 to {n - 1}"
            return f"it must be {k} different positions from 0 to {n - 1}"
        return None
    if name == "random":
        if type(outcome) is float and 0.0 <= outcome < 1.0:
            return None
        return "it must be a number from 0 up to (not including) 1"
    if type(outcome) is not int:
        return "it must be a whole number"
    if name == "randint":
        a, b = call[1], call[2]
        return None if a <= outcome <= b else f"it must be a whole number from {a} to {b}"
    if name == "randrange":
        allowed = range(call[1]) if call[2] is None else range(call[1], call[2], call[3])
        return None if outcome in allowed else f"it must be in {allowed}"
    if name == "choice":
        n = call[1]
        return None if 0 <= outcome < n else f"it must be a position from 0 to {n - 1}"
    if name == "getrandbits":
        return None if 0 <= outcome < 1 << call[1] else f"it must be below 2**{call[1]}"
    raise AssertionError(name)


def _positions(picked: Picked, call: Call, items: Sequence[Any] | None) -> Any:
    """A :class:`Picked` outcome as positions in ``items`` (numbers are themselves)."""
    name, value = call[0], picked.value
    if items is None:
        return value
    if name == "choice":
        wanted = [value]
    elif isinstance(value, (list, tuple)):
        wanted = list(value)
    else:
        raise ChanceError(f"{picked!r} for {_call_name(call)} must list the items picked")
    free = list(range(len(items)))
    out = []
    for item in wanted:
        for j, place in enumerate(free):
            if items[place] == item:
                out.append(free.pop(j))
                break
        else:
            raise ChanceError(f"{picked!r} does not fit {_call_name(call)}: no {item!r} left")
    return out[0] if name == "choice" else out


def _call_name(call: Call) -> str:
    name, args = call[0], call[1:]
    if name == "randrange" and args[1] is None:
        args = args[:1]
    elif name == "randrange" and args[2] == 1:
        args = args[:2]
    if name in ("choice", "shuffle"):
        return f"{name} of {args[0]} items"
    if name == "sample":
        return f"sample of {args[1]} from {args[0]} items"
    return f"{name}({', '.join(map(str, args))})"


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _frozen(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    return value


def _repeat(source: Random, call: Call) -> None:
    """Make ``call`` on ``source`` for its effect on the generator (the result is dropped)."""
    name = call[0]
    if name == "randint":
        source.randint(call[1], call[2])
    elif name == "randrange":
        source.randrange(call[1], call[2], call[3])
    elif name == "choice":
        source.choice(range(call[1]))
    elif name == "sample":
        source.sample(range(call[1]), call[2])
    elif name == "shuffle":
        source.shuffle(list(range(call[1])))
    elif name == "random":
        source.random()
    else:
        source.getrandbits(call[1])


def _copied(source: Random) -> Random:
    """An independent copy of a generator (a subclass's own attributes copied too)."""
    kind = type(source)
    twin = kind.__new__(kind)
    if hasattr(source, "__dict__"):
        twin.__dict__.update(copy.deepcopy(vars(source)))
    Random.setstate(twin, Random.getstate(source))
    return twin


if TYPE_CHECKING:  # the type checker holds both to the protocol

    def _both_draw(chance: Chance, generator: Random) -> list[Draws]:
        return [chance, generator]
