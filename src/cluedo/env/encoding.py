"""A seat's view as fixed-shape arrays, and its legal actions as a mask.

Everything here reads only what :meth:`Game.view` gives that seat (its log is
already redacted by the engine), so an observation cannot hold a card the seat
could not know. The layout is fixed by the rule set, the player count and the
options, so that one network fits every game of a configuration:

==============  ==============================  =====================================
part            shape                           meaning
==============  ==============================  =====================================
``seat``        players                         which seat this is (one-hot)
``to_act``      players                         the seats the game waits for
``hand``        tokens                          the cards in the seat's hand
``pieces``      pieces x (locations + 1)        where each token stands (last: away)
``weapons``     weapons x (locations + 1)       where each weapon lies (last: carried)
``notebook``    cards x places                  the seat's notebook: 1 where a card may
                                                be, 0 where it cannot (with ``odds``:
                                                the probability of each place)
``counts``      count fields x players          the view's per-seat numbers (hand
                                                sizes, scores ...), as they are
``legal``       action kinds                    the kinds of action legal now
==============  ==============================  =====================================

``tokens`` are every name the action space uses (cards, characters, playing
cards...), ``locations`` every square and room of the board; ``cards`` and
``places`` are the notebook's (:mod:`cluedo.deduction`): the seats first, then
the envelope and the rule set's other places in the notebook's order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

import numpy as np
from numpy.typing import NDArray

from cluedo.content.board import load_board
from cluedo.deduction.knowledge import CardKnowledge
from cluedo.deduction.reading import EventReader
from cluedo.engine.action_space import ActionCatalog
from cluedo.engine.actions import Action
from cluedo.engine.events import json_copy
from cluedo.engine.game import Game
from cluedo.engine.ruleset import CardReader
from cluedo.mechanics.movement import every_location

_kind = attrgetter("kind")

LIMIT = 10_000.0
"""Every entry lies within +-LIMIT (counts beyond it are clipped)."""


@dataclass(frozen=True)
class Part:
    name: str
    shape: tuple[int, ...]
    start: int
    size: int


def _location_key(location: Any) -> Any:
    return tuple(location) if isinstance(location, list) else location


class Layout:
    """Where each part of the observation vector lies, fixed for a configuration."""

    def __init__(self, game: Game, catalog: ActionCatalog, odds: bool = False) -> None:
        players = game.players
        self.odds = odds
        """Whether the notebook part holds probabilities (counted: slower) or 0/1."""
        view = game.view(None)
        self.players = players
        self.tokens: list[str] = sorted(
            {v for _, params in catalog.keys for _, v in params if isinstance(v, str)}
            | {c for c in view.get("characters", []) if isinstance(c, str)}
        )
        self.token_index = {t: i for i, t in enumerate(self.tokens)}
        board = load_board(str(view["board"]))
        self.locations = [_location_key(loc) for loc in every_location(board)]
        self.location_index = {loc: i for i, loc in enumerate(self.locations)}
        self.pieces: list[str] = sorted(view.get("positions", {}))
        self.piece_index = {p: i for i, p in enumerate(self.pieces)}
        self.weapons: list[str] = sorted(
            {v for _, params in catalog.keys for k, v in params if k == "weapon"}
        )
        self.weapon_index = {w: i for i, w in enumerate(self.weapons)}
        self.count_fields: list[str] = sorted(
            key
            for key, value in game.view(0).items()
            if isinstance(value, list)
            and len(value) == players
            and all(isinstance(x, int | float) for x in value)
        )
        book = notebook_of(game, 0)
        self.cards: list[str] = list(book.fast.cards) if book and book.fast else []
        self.card_index = {c: i for i, c in enumerate(self.cards)}
        self.places = len(book.places) if book and book.started else 0
        self.kinds = catalog.kinds
        self.kind_index = {k: i for i, k in enumerate(self.kinds)}
        places = len(self.locations) + 1
        tokens = len(self.tokens)
        shapes = [
            ("seat", (players,)),
            ("to_act", (players,)),
            ("hand", (tokens,)),
            ("pieces", (len(self.pieces), places)),
            ("weapons", (len(self.weapons), places)),
            ("notebook", (len(self.cards), self.places)),
            ("counts", (len(self.count_fields), players)),
            ("legal", (len(self.kinds),)),
        ]
        self.parts: dict[str, Part] = {}
        start = 0
        for name, shape in shapes:
            part = Part(name, shape, start, int(np.prod(shape)))
            self.parts[name] = part
            start += part.size
        self.size = start
        self.start = {name: part.start for name, part in self.parts.items()}
        """Where each part begins in the flat vector."""

    def slice(self, vector: NDArray[np.float32], name: str) -> NDArray[np.float32]:
        """One part of an observation vector, in its own shape (a view, not a copy)."""
        part = self.parts[name]
        return vector[part.start : part.start + part.size].reshape(part.shape)


def notebook_of(game: Game, seat: int) -> CardKnowledge | None:
    """The seat's notebook, read from its own log so far (None: no card notebook)."""
    reader = game.rules.card_reader(seat)
    if reader is None:
        return None
    book = CardKnowledge(reader)
    book.observe_events(game.log_for(seat))
    return book


class SeatMemory:
    """A seat's notebook, kept up to date with the events it has not read yet, and the
    seat's last observation, which the next one changes only where it differs."""

    def __init__(self, game: Game, seat: int) -> None:
        self.seat = seat
        reader = game.rules.card_reader(seat)
        self.book = CardKnowledge(reader) if reader is not None else None
        self.kinds = _kinds_read(reader)
        """The kinds of event the notebook reads (None: every event)."""
        self.cursor = 0
        self.read = 0
        """How many events the notebook has read."""
        self._block: NDArray[np.float32] | None = None
        self._block_version: tuple[int, int, int] = (-1, -1, -1)
        self.vector: NDArray[np.float32] | None = None
        """The seat's last observation (changed in place; callers get copies)."""
        self._book_part: NDArray[np.float32] = np.zeros(0, dtype=np.float32)
        """The notebook part of ``vector`` (a view of it)."""
        self._ones: list[int] = []
        self._hand: tuple[tuple[str, ...], list[int]] = ((), [])
        self._counts: list[Any] | None = None

    def follow(self, game: Game) -> None:
        book = self.book
        events = game.events
        if book is not None and self.cursor < len(events):
            seat, kinds = self.seat, self.kinds
            for event in events[self.cursor :]:
                # An event of a kind the notebook never reads is not copied for the seat.
                if kinds is not None and event.kind not in kinds:
                    continue
                seen = event.for_seat(seat)
                if seen is not None:
                    book.observe_event(seen)
                    self.read += 1
        self.cursor = len(events)

    def fill(self, out: NDArray[np.float32], layout: Layout) -> bool:
        """Write the notebook part (one row per card, one column per place) if it may
        have changed since ``out`` last got it; True if it was written.

        The block is worked out again only when the notebook's answers may have
        changed (its ``version``); most steps teach a seat nothing about cards.
        Probabilities may change with any event the notebook reads (an exact count
        takes in what the sound eliminations learn nothing from), so with ``odds``
        every such event counts as a change.
        """
        book = self.book
        if book is None or not book.started or not layout.places:
            return False
        version = (*book.version, self.read if layout.odds else 0)
        if self._block is not None and self._block_version == version:
            return False
        block = np.zeros(out.shape, dtype=np.float32)
        self._write_block(book, block, layout)
        self._block, self._block_version = block, version
        out[...] = block
        return True

    def hand_ones(self, cards: tuple[str, ...], layout: Layout) -> list[int]:
        """The flat positions of the hand part's ones (kept while the hand is the same)."""
        known, ones = self._hand
        if cards != known:
            hand, tokens = layout.start["hand"], layout.token_index
            ones = [hand + tokens[c] for c in cards if c in tokens]
            self._hand = (cards, ones)
        return ones

    def update(self, ones: list[int], counts: list[Any], layout: Layout) -> NDArray[np.float32]:
        """Bring the seat's vector to ``ones`` (every flat position set to 1 outside the
        notebook and the counts) and ``counts`` (the counts part's raw values), writing
        only what changed, and the notebook part; returns a copy."""
        vector = self.vector
        if vector is None:
            vector = self.vector = np.zeros(layout.size, dtype=np.float32)
            self._book_part = layout.slice(vector, "notebook")
        if ones != self._ones:
            before, now = set(self._ones), set(ones)
            # Entry by entry: a step changes a few (a numpy call on a list costs more).
            for at in before - now:
                vector[at] = 0.0
            for at in now - before:
                vector[at] = 1.0
            self._ones = ones
        if counts != self._counts:
            at = layout.start["counts"]
            if counts and (max(counts) > LIMIT or min(counts) < -LIMIT):
                vector[at : at + len(counts)] = [min(max(x, -LIMIT), LIMIT) for x in counts]
            else:
                vector[at : at + len(counts)] = counts
            self._counts = counts
        self.fill(self._book_part, layout)
        return vector.copy()

    @staticmethod
    def _write_block(book: CardKnowledge, out: NDArray[np.float32], layout: Layout) -> None:
        # Seats by number, then the envelope and other places in the notebook's order.
        column: dict[Any, int] = {p: p for p in book.places if isinstance(p, int)}
        others = [p for p in book.places if not isinstance(p, int)]
        column.update({p: layout.players + k for k, p in enumerate(others)})
        possible = None if layout.odds else book.every_possible()
        for card, row in layout.card_index.items():
            if possible is None:
                values = book.distribution(card)
            else:
                values = dict.fromkeys(possible.get(card, ()), 1.0)
            for place, value in values.items():
                c = column.get(place)
                if c is not None and c < layout.places:
                    out[row, c] = value


def _kinds_read(reader: CardReader | None) -> Mapping[str, Any] | None:
    """The kinds of event a plain :class:`EventReader` turns into observations, or None
    when the notebook must see every event (a reader that reads in its own way, or one
    with an exact count of its own, which follows the whole log)."""
    if (
        not isinstance(reader, EventReader)
        or type(reader).read is not EventReader.read
        or callable(getattr(reader, "exact_counter", None))
    ):
        return None
    return reader.readers


_Parts = tuple[NDArray[np.int8], tuple[int, ...], frozenset[str]]
"""A shared mask, the numbers to set in a copy of it, and the kinds of the list."""


@dataclass(frozen=True)
class _Tail:
    actions: list[Action]
    mask: NDArray[np.int8]
    kinds: frozenset[str]


class ActionNumbers:
    """The action masks and the kinds of legal-action lists, worked out once per run.

    A rule set builds its long runs of actions (every accusation, every suggestion)
    once and ends many legal lists with the same run, so a pass over every action of
    every list would cost more than the engine step itself. The mask of a list's
    tail is kept under the tail's last action; a later list ending with the same
    action reuses it when its tail compares equal (a comparison done in C that
    passes over each object that is the very same). Equal actions have equal
    numbers, so a reused tail is always right. Only the short head before the tail
    is numbered action by action.
    """

    LIMIT = 1_024
    """Tails kept at most (each holds its actions alive); past it, all are dropped."""

    SHORTEST = 16
    """A tail shorter than this is not worth keeping apart from its list."""

    def __init__(self, catalog: ActionCatalog) -> None:
        self.catalog = catalog
        self._tails: dict[int, _Tail] = {}
        self._short: dict[tuple[int, ...], _Parts] = {}
        """Masks of short lists by their numbers (a roll, an end of turn, a few moves)."""
        empty = np.zeros(len(catalog), dtype=np.int8)
        empty.flags.writeable = False
        self._empty: _Parts = (empty, (), frozenset())
        self._last: tuple[Sequence[Action] | None, _Parts] = (
            None,
            self._empty,
        )

    def mask(self, legal: Sequence[Action]) -> tuple[NDArray[np.int8], frozenset[str]]:
        """The mask of ``legal`` (1 at each legal action's number; the caller may not
        change it) and the set of its kinds."""
        base, extra, kinds = self.parts(legal)
        if not extra:
            return base, kinds
        mask = base.copy()
        mask[list(extra)] = 1
        return mask, kinds

    def parts(self, legal: Sequence[Action]) -> _Parts:
        """The mask of ``legal`` as a shared mask (which the caller may not change) and
        the numbers to set in a copy of it, and the set of its kinds."""
        if self._last[0] is legal:  # the mask and the observation of one position
            return self._last[1]
        found = self._masked(legal) if legal else self._empty
        self._last = (legal, found)
        return found

    def _masked(self, legal: Sequence[Action]) -> _Parts:
        tails = self._tails
        last = legal[-1]
        tail = tails.get(id(last))
        if tail is None or tail.actions[-1] is not last:
            if len(legal) < self.SHORTEST:
                return self._short_mask(legal)
            if len(tails) >= self.LIMIT:
                tails.clear()
            tail = tails[id(last)] = self._tail(list(legal))
        size = len(tail.actions)
        if len(legal) < size or legal[-size:] != tail.actions:
            same = _common_tail(legal, tail.actions)
            tail = tails[id(last)] = self._tail(
                list(legal[len(legal) - same :] if same >= self.SHORTEST else legal)
            )
            size = len(tail.actions)
        if len(legal) == size:
            return tail.mask, (), tail.kinds
        head = legal[: len(legal) - size]
        index = self.catalog.index
        return tail.mask, tuple([index(action) for action in head]), tail.kinds | _kinds(head)

    def _short_mask(self, legal: Sequence[Action]) -> _Parts:
        """A short list's mask, the same for every list of the same numbers (most short
        lists are made afresh each time, so the tails would never see them again)."""
        index = self.catalog.index
        numbers = tuple([index(action) for action in legal])
        found = self._short.get(numbers)
        if found is None:
            if len(self._short) >= self.LIMIT:
                self._short.clear()
            mask = np.zeros(len(self.catalog), dtype=np.int8)
            mask[list(numbers)] = 1
            mask.flags.writeable = False
            found = self._short[numbers] = (mask, (), _kinds(legal))
        return found

    def _tail(self, actions: list[Action]) -> _Tail:
        mask = np.zeros(len(self.catalog), dtype=np.int8)
        index = self.catalog.index
        mask[[index(action) for action in actions]] = 1
        mask.flags.writeable = False
        return _Tail(actions, mask, _kinds(actions))


def _kinds(actions: Sequence[Action]) -> frozenset[str]:
    return frozenset(map(_kind, actions))


def _common_tail(a: Sequence[Action], b: Sequence[Action]) -> int:
    """How many actions at the end of ``a`` and ``b`` are equal."""
    same = 0
    for x, y in zip(reversed(a), reversed(b), strict=False):
        if x is not y and x != y:
            break
        same += 1
    return same


class Encoder:
    """Observations and action masks for every seat of one game."""

    def __init__(self, game: Game, catalog: ActionCatalog, layout: Layout) -> None:
        self.game = game
        self.catalog = catalog
        self.layout = layout
        self.memory = [SeatMemory(game, seat) for seat in range(game.players)]
        self.numbers = ActionNumbers(catalog)
        self._legal: tuple[int, int, list[Action]] = (-1, -1, [])
        self._to_act: tuple[int, tuple[int, ...]] = (-1, ())
        self._kinds: dict[frozenset[str], list[int]] = {}
        self._no_counts = [0] * layout.players
        # The last positions and weapons read from a view, with their ones: most steps
        # move nothing, whichever seat looks.
        self._pieces: tuple[Any, list[int]] = (None, [])
        self._weapons: tuple[Any, list[int]] = (None, [])

    def to_act(self) -> tuple[int, ...]:
        """The seats the game waits for now (asked of the engine once per position)."""
        moment = len(self.game.actions)
        if self._to_act[0] != moment:
            self._to_act = (moment, tuple(self.game.to_act()))
        return self._to_act[1]

    def legal(self, seat: int) -> list[Action]:
        """The seat's legal actions now (asked of the engine once per position)."""
        moment = len(self.game.actions)
        cached_seat, cached_moment, legal = self._legal
        if (cached_seat, cached_moment) != (seat, moment):
            legal = self.game.legal_actions(seat)
            self._legal = (seat, moment, legal)
        return legal

    def mask(self, seat: int) -> tuple[NDArray[np.int8], list[Action]]:
        legal = self.legal(seat)
        base, extra, _ = self.numbers.parts(legal)
        mask = base.copy()
        if len(extra) > 4:
            mask[list(extra)] = 1
        else:  # entry by entry: most heads are a roll or an end of turn
            for number in extra:
                mask[number] = 1
        return mask, legal

    def observation(self, seat: int, legal: Sequence[Action]) -> NDArray[np.float32]:
        layout = self.layout
        game = self.game
        memory = self.memory[seat]
        # The rule set's view of this seat; its notebook reads only the events it has not read.
        view = game.rules.view(game.state, seat)
        memory.follow(game)
        # The one-hot entries are gathered as flat positions; the seat's vector changes
        # only where they differ from its last observation's (a numpy call per entry, or
        # a fresh vector each step, cost more than the engine step the observation follows).
        start = layout.start
        ones = [start["seat"] + seat]
        at = start["to_act"]
        ones += [at + s for s in self.to_act()]
        ones += memory.hand_ones((*view.get("hand", ()), *view.get("playing_cards", ())), layout)
        ones += self._piece_ones(view.get("positions") or {})
        ones += self._weapon_ones(view.get("weapons") or {})
        ones += self._kind_ones(self.numbers.parts(legal)[2])
        counts: list[Any] = []
        players = layout.players
        for name in layout.count_fields:
            value = view.get(name)
            if isinstance(value, list) and len(value) == players:
                counts += value
            else:
                counts += self._no_counts
        return memory.update(ones, counts, layout)

    def _piece_ones(self, positions: Mapping[str, Any]) -> list[int]:
        known, ones = self._pieces
        if positions != known:
            layout = self.layout
            away = len(layout.locations)
            width, places, at = away + 1, layout.location_index, layout.start["pieces"]
            ones = []
            for piece, where in positions.items():
                p = layout.piece_index.get(piece)
                if p is not None:
                    key = tuple(where) if type(where) is list else where
                    ones.append(at + p * width + places.get(key, away))
            # A copy: the view's lists must not change under the comparison.
            self._pieces = (json_copy(positions), ones)
        return ones

    def _weapon_ones(self, weapons: Mapping[str, Any]) -> list[int]:
        known, ones = self._weapons
        if weapons != known:
            layout = self.layout
            away = len(layout.locations)
            width, places, at = away + 1, layout.location_index, layout.start["weapons"]
            ones = []
            for w, name in enumerate(layout.weapons):
                where = weapons.get(name)
                key = tuple(where) if type(where) is list else where
                ones.append(at + w * width + places.get(key, away))
            self._weapons = (json_copy(weapons), ones)
        return ones

    def _kind_ones(self, kinds: frozenset[str]) -> list[int]:
        ones = self._kinds.get(kinds)
        if ones is None:
            at, index = self.layout.start["legal"], self.layout.kind_index
            ones = self._kinds[kinds] = sorted(at + index[kind] for kind in kinds)
        return ones
