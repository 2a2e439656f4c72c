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
from typing import Any

import numpy as np
from numpy.typing import NDArray

from cluedo.content.board import load_board
from cluedo.deduction.knowledge import CardKnowledge
from cluedo.engine.action_space import ActionCatalog
from cluedo.engine.actions import Action
from cluedo.engine.game import Game
from cluedo.mechanics.movement import every_location

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

    def follow(self, game: Game) -> None:
        book = self.book
        if book is not None:
            for event in game.events[self.cursor :]:
                seen = event.for_seat(self.seat)
                if seen is not None:
                    book.observe_event(seen)
        self.cursor = len(game.events)

    def fill(self, out: NDArray[np.float32], layout: Layout) -> None:
        """Write the notebook part: one row per card, one column per place."""
        book = self.book
        if book is None or not book.started or not layout.places:
            return
        # Seats by number, then the envelope and other places in the notebook's order.
        column: dict[Any, int] = {p: p for p in book.places if isinstance(p, int)}
        others = [p for p in book.places if not isinstance(p, int)]
        column.update({p: layout.players + k for k, p in enumerate(others)})
        for card, row in layout.card_index.items():
            if layout.odds:
                values = book.distribution(card)
            else:
                values = dict.fromkeys(book.possible(card), 1.0)
            for place, value in values.items():
                c = column.get(place)
                if c is not None and c < layout.places:
                    out[row, c] = value


class ActionNumbers:
    """The catalog numbers of legal-action lists, remembered per action object.

    Rule sets build their long lists (every accusation, every suggestion) once
    and hand out the same objects each turn, so most actions are looked up once.
    The memo holds the actions themselves, so an id it holds is never reused by
    another object while it is there; it is emptied when it grows large.
    """

    LIMIT = 50_000

    def __init__(self, catalog: ActionCatalog) -> None:
        self.catalog = catalog
        self._memo: dict[int, tuple[Action, int]] = {}

    def of(self, legal: Sequence[Action]) -> list[int]:
        memo = self._memo
        if len(memo) > self.LIMIT:
            memo.clear()
        out = []
        for action in legal:
            known = memo.get(id(action))
            if known is None or known[0] is not action:
                known = memo[id(action)] = (action, self.catalog.index(action))
            out.append(known[1])
        return out


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
        mask = np.zeros(len(self.catalog), dtype=np.int8)
        if legal:
            mask[self.numbers.of(legal)] = 1
        return mask, legal

    def observation(self, seat: int, legal: Sequence[Action]) -> NDArray[np.float32]:
        layout = self.layout
        game = self.game
        memory = self.memory[seat]
        # The rule set's view of this seat; its notebook reads only the events it has not read.
        view = game.rules.view(game.state, seat)
        memory.follow(game)
        out = np.zeros(layout.size, dtype=np.float32)
        part = layout.slice
        part(out, "seat")[seat] = 1.0
        to_act = part(out, "to_act")
        for s in game.to_act():
            to_act[s] = 1.0
        hand = part(out, "hand")
        tokens = layout.token_index
        for card in [*view.get("hand", []), *view.get("playing_cards", [])]:
            i = tokens.get(card)
            if i is not None:
                hand[i] = 1.0
        away = len(layout.locations)
        places = layout.location_index
        pieces = part(out, "pieces")
        for piece, where in (view.get("positions") or {}).items():
            p = layout.piece_index.get(piece)
            if p is not None:
                pieces[p, places.get(_location_key(where), away)] = 1.0
        weapons = part(out, "weapons")
        weapon_places = view.get("weapons") or {}
        for w, name in enumerate(layout.weapons):
            weapons[w, places.get(_location_key(weapon_places.get(name)), away)] = 1.0
        memory.fill(part(out, "notebook"), layout)
        counts = part(out, "counts")
        for f, name in enumerate(layout.count_fields):
            value = view.get(name)
            if isinstance(value, list) and len(value) == layout.players:
                counts[f] = value
        np.clip(counts, -LIMIT, LIMIT, out=counts)
        legal_kinds = part(out, "legal")
        for kind in {action.kind for action in legal}:
            legal_kinds[layout.kind_index[kind]] = 1.0
        return out
