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

from collections.abc import Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

import numpy as np
from numpy.typing import NDArray

from cluedo.content.board import load_board
from cluedo.deduction.knowledge import CardKnowledge
from cluedo.engine.action_space import ActionCatalog
from cluedo.engine.actions import Action
from cluedo.engine.game import Game
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
    """A seat's notebook, kept up to date with the events it has not read yet."""

    def __init__(self, game: Game, seat: int) -> None:
        self.seat = seat
        reader = game.rules.card_reader(seat)
        self.book = CardKnowledge(reader) if reader is not None else None
        self.cursor = 0
        self._block: NDArray[np.float32] | None = None
        self._block_version: tuple[int, int] = (-1, -1)

    def follow(self, game: Game) -> None:
        book = self.book
        if book is not None:
            for event in game.events[self.cursor :]:
                seen = event.for_seat(self.seat)
                if seen is not None:
                    book.observe_event(seen)
        self.cursor = len(game.events)

    def fill(self, out: NDArray[np.float32], layout: Layout) -> None:
        """Write the notebook part: one row per card, one column per place.

        The block is worked out again only when the notebook's answers may have
        changed (its ``version``); most steps teach a seat nothing about cards.
        """
        book = self.book
        if book is None or not book.started or not layout.places:
            return
        version = book.version
        if self._block is None or self._block_version != version:
            block = np.zeros(out.shape, dtype=np.float32)
            self._write_block(book, block, layout)
            self._block, self._block_version = block, version
        out[...] = self._block

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
        self._last: tuple[Sequence[Action] | None, tuple[NDArray[np.int8], frozenset[str]]] = (
            None,
            (np.zeros(len(catalog), dtype=np.int8), frozenset()),
        )

    def mask(self, legal: Sequence[Action]) -> tuple[NDArray[np.int8], frozenset[str]]:
        """The mask of ``legal`` (1 at each legal action's number; the caller may not
        change it) and the set of its kinds."""
        if self._last[0] is legal:  # the mask and the observation of one position
            return self._last[1]
        found = (
            self._masked(legal) if legal else (np.zeros(len(self.catalog), np.int8), frozenset())
        )
        self._last = (legal, found)
        return found

    def _masked(self, legal: Sequence[Action]) -> tuple[NDArray[np.int8], frozenset[str]]:
        tails = self._tails
        last = legal[-1]
        tail = tails.get(id(last))
        if tail is None or tail.actions[-1] is not last:
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
            return tail.mask, tail.kinds
        head = legal[: len(legal) - size]
        mask = tail.mask.copy()
        index = self.catalog.index
        mask[[index(action) for action in head]] = 1
        return mask, tail.kinds | _kinds(head)

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
        return self.numbers.mask(legal)[0].copy(), legal

    def observation(self, seat: int, legal: Sequence[Action]) -> NDArray[np.float32]:
        layout = self.layout
        game = self.game
        memory = self.memory[seat]
        # The rule set's view of this seat; its notebook reads only the events it has not read.
        view = game.rules.view(game.state, seat)
        memory.follow(game)
        out = np.zeros(layout.size, dtype=np.float32)
        # The one-hot entries are gathered as flat positions and set in one numpy call:
        # a call per entry cost more than the engine step the observation follows.
        start = layout.start
        ones = [start["seat"] + seat]
        ones += [start["to_act"] + s for s in game.to_act()]
        tokens = layout.token_index
        hand = start["hand"]
        for card in (*view.get("hand", ()), *view.get("playing_cards", ())):
            i = tokens.get(card)
            if i is not None:
                ones.append(hand + i)
        away = len(layout.locations)
        width = away + 1
        places = layout.location_index
        pieces = start["pieces"]
        for piece, where in (view.get("positions") or {}).items():
            p = layout.piece_index.get(piece)
            if p is not None:
                ones.append(pieces + p * width + places.get(_location_key(where), away))
        weapons = start["weapons"]
        weapon_places = view.get("weapons") or {}
        for w, name in enumerate(layout.weapons):
            ones.append(
                weapons + w * width + places.get(_location_key(weapon_places.get(name)), away)
            )
        kinds = start["legal"]
        ones += [kinds + layout.kind_index[kind] for kind in self.numbers.mask(legal)[1]]
        out[ones] = 1.0
        memory.fill(layout.slice(out, "notebook"), layout)
        counts = start["counts"]
        players = layout.players
        for f, name in enumerate(layout.count_fields):
            value = view.get(name)
            if isinstance(value, list) and len(value) == players:
                at = counts + f * players
                out[at : at + players] = [min(max(x, -LIMIT), LIMIT) for x in value]
        return out
