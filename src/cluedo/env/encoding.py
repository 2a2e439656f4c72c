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

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, ClassVar, cast

import numpy as np
from numpy.typing import NDArray

from cluedo.content.board import load_board
from cluedo.deduction.knowledge import CardKnowledge
from cluedo.deduction.reading import EventReader
from cluedo.engine.action_space import ActionCatalog
from cluedo.engine.actions import Action
from cluedo.engine.events import Event, json_copy
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

    SEGMENTS = 5
    """The parts set as ones, each kept as its list of flat positions: to-act, hand,
    pieces, weapons and the kinds of legal action (the seat part never changes)."""

    def __init__(self, game: Game, seat: int) -> None:
        self.seat = seat
        reader = game.rules.card_reader(seat)
        self.book = CardKnowledge(reader) if reader is not None else None
        self.kinds = _kinds_read(reader)
        """The kinds of event the notebook reads (None: every event)."""
        self.reader = reader if self.kinds is not None and isinstance(reader, EventReader) else None
        """The reader, when it is shown only the kinds it reads (see :meth:`_unread`)."""
        self.cursor = 0
        self.read = 0
        """How many events the notebook has read."""
        self._block_version: tuple[int, int] = (-1, -1)
        self._block_read = -1
        self._rows: dict[frozenset[Any], NDArray[np.float32]] = {}
        """The notebook row of each set of places a card may be (0/1 notebooks)."""
        self._possible: Mapping[str, frozenset[Any]] = {}
        """The places of each card as the notebook part shows them now."""
        self._places: tuple[Any, ...] = ()
        """The notebook's places the rows were made for."""
        self.vector: NDArray[np.float32] | None = None
        """The seat's last observation (changed in place; callers get copies)."""
        self.cells: memoryview[float] = memoryview(b"")
        """``vector``'s memory, to set single entries through (a tenth of the cost of
        numpy's item assignment, which a step makes a dozen times)."""
        self._book_part: NDArray[np.float32] = np.zeros(0, dtype=np.float32)
        """The notebook part of ``vector`` (a view of it)."""
        self._segments: list[list[int]] = [[] for _ in range(self.SEGMENTS)]
        self._hand: tuple[tuple[str, ...], list[int]] = ((), [])
        self._counts: list[Any] | None = None
        self._filled = -1
        """How many events the notebook had read when the notebook part was last
        looked at (its answers change only when it reads)."""

    def follow(self, game: Game) -> None:
        """Let the notebook read the events logged since it last read (all at once, so
        that the eliminations are drawn once rather than after each event)."""
        events = game.events
        cursor = self.cursor
        if cursor == len(events):
            return
        self.cursor = len(events)
        if self.book is not None:
            self.book.catch_up(self._unread(events, cursor))

    def _unread(self, events: Sequence[Event], cursor: int) -> Iterator[Mapping[str, Any]]:
        """The events from ``cursor`` on as this seat sees them, counted in ``read``.

        Each is handed over as :meth:`Event.for_seat` gives it but not copied (the
        readers only read), worked out here in line (a call per event cost more than
        the notebook's reading of it); events of the kinds the reader never reads are
        skipped. Lazily, as the notebook reads: a reader keeping a fact back for the
        next event (``EventReader.holding``, known only once it has read the events
        before) is shown the next event whatever its kind.
        """
        seat, kinds, reader = self.seat, self.kinds, self.reader
        for e in events[cursor:]:
            unread = kinds is not None and e.kind not in kinds
            if unread and (reader is None or not reader.holding):
                continue
            shown = e.rendering or e.render()
            seen = shown.known if seat in e.knowers else shown.public
            if seen is not None:
                self.read += 1
                yield seen

    def fill(self, out: NDArray[np.float32], layout: Layout) -> bool:
        """Write the notebook part (one row per card, one column per place) if it may
        have changed since ``out`` last got it; True if it was written.

        ``out`` must be the same array every time (the part of this seat's vector):
        only the rows of cards whose places changed are written again. The part is
        looked at again only when the notebook's answers may have changed (its
        ``version``); most steps teach a seat nothing about cards. Probabilities may
        change with any event the notebook reads (an exact count takes in what the
        sound eliminations learn nothing from), so with ``odds`` every such event
        counts as a change.
        """
        book = self.book
        if book is None or not book.started or not layout.places:
            return False
        version = book.version
        read = self.read if layout.odds else 0
        if self._block_version == version and self._block_read == read:
            return False
        self._block_version, self._block_read = version, read
        if layout.odds:
            block = np.zeros(out.shape, dtype=np.float32)
            self._write_block(book, block, layout)
            out[...] = block
        else:
            self._write_rows(book, out, layout)
        return True

    def _write_rows(self, book: CardKnowledge, out: NDArray[np.float32], layout: Layout) -> None:
        places = book.places
        if places != self._places:  # dealt (again): every row afresh
            self._places, self._rows, self._possible = places, {}, {}
        possible = book.every_possible()
        before, rows = self._possible, self._rows
        for card, row in layout.card_index.items():
            now = possible.get(card, frozenset())
            # The notebook hands out one set per set of places: most rows are the same set.
            if before.get(card) is now:
                continue
            values = rows.get(now)
            if values is None:
                values = rows[now] = np.zeros(out.shape[1], dtype=np.float32)
                columns = _columns(places, layout)
                for place in now:
                    c = columns.get(place)
                    if c is not None and c < layout.places:
                        values[c] = 1.0
            out[row] = values
        self._possible = possible

    def hand_ones(self, cards: tuple[str, ...], layout: Layout) -> list[int]:
        """The flat positions of the hand part's ones (the same list while the hand is
        the same)."""
        known, ones = self._hand
        if cards != known:
            hand, tokens = layout.start["hand"], layout.token_index
            ones = [hand + tokens[c] for c in cards if c in tokens]
            self._hand = (cards, ones)
        return ones

    def start_vector(self, layout: Layout) -> NDArray[np.float32]:
        """The seat's vector before its first observation: zeros but for its seat."""
        vector = self.vector = np.zeros(layout.size, dtype=np.float32)
        self.cells = cast("memoryview[float]", vector.data)
        vector[layout.start["seat"] + self.seat] = 1.0
        self._book_part = layout.slice(vector, "notebook")
        return vector

    def set_counts(self, counts: list[Any], layout: Layout) -> None:
        """Write the counts part (the view's raw values, clipped to +-LIMIT): only the
        entries that differ from the last counts written (most steps change one, a
        hand size or a summons; numpy converting the whole list costs more)."""
        at = layout.start["counts"]
        before = self._counts
        if before is None or len(before) != len(counts):
            before = [None] * len(counts)
        cells = self.cells
        for i, value in enumerate(counts):
            if value != before[i]:
                cells[at + i] = min(max(value, -LIMIT), LIMIT)
        self._counts = counts

    @staticmethod
    def _write_block(book: CardKnowledge, out: NDArray[np.float32], layout: Layout) -> None:
        column = _columns(book.places, layout)
        for card, row in layout.card_index.items():
            for place, value in book.distribution(card).items():
                c = column.get(place)
                if c is not None and c < layout.places:
                    out[row, c] = value


def _columns(places: Sequence[Any], layout: Layout) -> dict[Any, int]:
    """The notebook part's column of each place: seats by number, then the envelope
    and the other places in the notebook's order."""
    column: dict[Any, int] = {p: p for p in places if isinstance(p, int)}
    others = [p for p in places if not isinstance(p, int)]
    column.update({p: layout.players + k for k, p in enumerate(others)})
    return column


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
    heads: dict[tuple[int, ...], _Parts] = field(default_factory=dict)
    """The parts of each list of this tail, by its head's numbers (the kinds of the head
    and the tail are joined once per head)."""


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

    The environments of one configuration share one memory (the rule set keeps its
    action objects from game to game, see :func:`cluedo.env.aec.action_numbers`);
    whatever it hands out was worked out for the very objects it is asked about.
    """

    LIMIT = 1_024
    """Tails kept at most (each holds its actions alive); past it, all are dropped."""

    SHORTEST: ClassVar[int] = 16
    """A tail shorter than this is not worth keeping apart from its list."""

    KNOWN = 1 << 12
    """Numbers of action objects remembered at most (each holds its action alive)."""

    def __init__(self, catalog: ActionCatalog) -> None:
        self.catalog = catalog
        self._tails: dict[int, _Tail] = {}
        self._short: dict[tuple[int, ...], _Parts] = {}
        """Masks of short lists by their numbers (a roll, an end of turn, a few moves)."""
        self._known: dict[int, tuple[Action, int]] | None = {}
        """The number of each action object met, by its id (the action kept alive);
        None once it proved useless."""
        self._looked_up = 0
        """Numbers asked for since the memory was last cleared."""
        self._once: set[tuple[int, ...]] = set()
        """Numbers of short lists met once (their masks are kept from the second time)."""
        self._seen: dict[int, list[Action]] = {}
        """Long lists met once, by their last action's id: a later list ending the same
        way makes their shared run a tail."""
        empty = np.zeros(len(catalog), dtype=np.int8)
        empty.flags.writeable = False
        self._empty: _Parts = (empty, (), frozenset())
        self._last: tuple[Sequence[Action] | None, _Parts] = (
            None,
            self._empty,
        )
        self._listed: tuple[Sequence[Action] | None, tuple[int, ...]] = (None, ())
        """The last list numbered, with the numbers of its first actions (its head, or
        all of it)."""

    def mask(self, legal: Sequence[Action]) -> tuple[NDArray[np.int8], frozenset[str]]:
        """The mask of ``legal`` (1 at each legal action's number; the caller may not
        change it) and the set of its kinds."""
        base, extra, kinds = self.parts(legal)
        if not extra:
            return base, kinds
        return _with_ones(base, extra), kinds

    def pick(self, legal: Sequence[Action], number: int) -> Action | None:
        """The action of ``legal`` numbered ``number`` (None if none is): found among the
        numbers of the list just masked when it is there, else looked for."""
        listed, numbers = self._listed
        if listed is legal and number in numbers:
            return legal[numbers.index(number)]
        return self.catalog.pick(number, legal)

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
        if tail is not None and tail.actions[-1] is last:
            size = len(tail.actions)
            if len(legal) >= size and legal[-size:] == tail.actions:
                if len(legal) == size:
                    return tail.mask, (), tail.kinds
                head = legal[: len(legal) - size]
                numbers = self._numbers(head)
                self._listed = (legal, numbers)
                found = tail.heads.get(numbers)
                if found is None:
                    if len(tail.heads) >= self.HEADS:
                        tail.heads.clear()
                    found = tail.heads[numbers] = self._headed(tail, numbers, head)
                return found
            earlier: Sequence[Action] | None = tail.actions
        else:
            earlier = None
        if len(legal) < self.SHORTEST:
            return self._short_mask(legal)
        # A long list: does it end like a tail, or a list, seen before with the same
        # last action? A list met only once (moves made afresh, say) keeps no tail.
        if earlier is None:
            seen = self._seen.get(id(last))
            if seen is not None and seen[-1] is last:
                earlier = seen
        same = _common_tail(legal, earlier) if earlier is not None else 0
        if same < self.SHORTEST:
            # A rule set that makes its actions afresh (the memory of numbers gave up on
            # it) never ends a list with an action met before: its lists are not kept.
            if self._known is not None:
                if len(self._seen) >= self.LIMIT:
                    self._seen.clear()
                self._seen[id(last)] = list(legal)
            return self._short_mask(legal)
        if len(tails) >= self.LIMIT:
            tails.clear()
        self._seen.pop(id(last), None)
        tail = tails[id(last)] = self._tail(list(legal[len(legal) - same :]))
        return self._masked(legal)

    def _numbers(self, actions: Sequence[Action]) -> tuple[int, ...]:
        """The number of each action, remembered by the action object: most rule sets
        hand out the same objects again and again (a roll, an end of turn, each move).
        A rule set that makes its actions afresh each time fills the memory with
        actions never met again: once the memory fills that way, it is not used."""
        index = self.catalog.index
        known = self._known
        if known is None:
            return tuple([index(action) for action in actions])
        if len(known) >= self.KNOWN:
            # Mostly new objects since the last clearing: the memory does not pay.
            if self._looked_up < 2 * self.KNOWN:
                self._known = None
                self._seen.clear()
                return tuple([index(action) for action in actions])
            known.clear()
            self._looked_up = 0
        out = []
        for action in actions:
            found = known.get(id(action))
            if found is None or found[0] is not action:
                found = known[id(action)] = (action, index(action))
            out.append(found[1])
        self._looked_up += len(out)
        return tuple(out)

    def _short_mask(self, legal: Sequence[Action]) -> _Parts:
        """A short list's mask, the same for every list of the same numbers (most short
        lists are made afresh each time, so the tails would never see them again). A
        list of numbers met for the first time is handed out as numbers to set: many
        (moves from one square) never come again."""
        numbers = self._numbers(legal)
        self._listed = (legal, numbers)
        found = self._short.get(numbers)
        if found is None:
            if len(self._short) >= self.LIMIT:
                self._short.clear()
            if numbers not in self._once:
                if len(self._once) >= self.LIMIT:
                    self._once.clear()
                self._once.add(numbers)
                return self._empty[0], numbers, _kinds(legal)
            mask = np.zeros(len(self.catalog), dtype=np.int8)
            mask[list(numbers)] = 1
            mask.flags.writeable = False
            found = self._short[numbers] = (mask, (), _kinds(legal))
        return found

    FULL = 1 << 12
    """Catalogs up to this size keep a whole mask per head of a tail (a copy a step,
    rather than a copy and the head set in it); Killer Kloo Doo's 100,000 do not."""

    HEADS = 256
    """Heads kept per tail at most; past it, the tail's are dropped."""

    def _headed(self, tail: _Tail, numbers: tuple[int, ...], head: Sequence[Action]) -> _Parts:
        kinds = tail.kinds | _kinds(head)
        if len(self.catalog) > self.FULL:
            return tail.mask, numbers, kinds
        mask = tail.mask.copy()
        mask[list(numbers)] = 1
        mask.flags.writeable = False
        return mask, (), kinds

    def _tail(self, actions: list[Action]) -> _Tail:
        mask = np.zeros(len(self.catalog), dtype=np.int8)
        index = self.catalog.index  # a tail's actions are looked up as the tail after this
        mask[[index(action) for action in actions]] = 1
        mask.flags.writeable = False
        return _Tail(actions, mask, _kinds(actions))


def _with_ones(base: NDArray[np.int8], numbers: tuple[int, ...]) -> NDArray[np.int8]:
    """A copy of the mask ``base`` with 1 at each of ``numbers``, set through the copy's
    memory (numpy's own item or list assignment costs several times as much)."""
    mask = base.copy()
    if numbers:
        cells = mask.data
        for number in numbers:
            cells[number] = 1
    return mask


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

    def __init__(
        self,
        game: Game,
        catalog: ActionCatalog,
        layout: Layout,
        numbers: ActionNumbers | None = None,
    ) -> None:
        self.game = game
        self.catalog = catalog
        self.layout = layout
        self.memory = [SeatMemory(game, seat) for seat in range(game.players)]
        self.numbers = numbers if numbers is not None else ActionNumbers(catalog)
        """The memory of action numbers (an environment passes its configuration's,
        shared by its games: most rule sets keep their action objects from game to game)."""
        self._legal: tuple[int, int, list[Action]] = (-1, -1, [])
        self._to_act: tuple[int, tuple[int, ...]] = (-1, ())
        self._kinds: dict[frozenset[str], list[int]] = {}
        self._waiting: dict[tuple[int, ...], list[int]] = {}
        self._no_counts = [0] * layout.players
        # The last positions and weapons read from a view, with their ones: most steps
        # move nothing, whichever seat looks.
        self._pieces: tuple[Any, list[int]] = (None, [])
        self._weapons: tuple[Any, list[int]] = (None, [])

    def _to_act_ones(self) -> list[int]:
        """The flat positions of the to-act part's ones (one list per set of seats)."""
        waiting = self.to_act()
        ones = self._waiting.get(waiting)
        if ones is None:
            at = self.layout.start["to_act"]
            ones = self._waiting[waiting] = [at + s for s in waiting]
        return ones

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

    def play(self, seat: int, number: int) -> tuple[int, ...] | None:
        """Apply the seat's action numbered ``number`` and return the seats the game
        waits for then; None, with nothing applied, if that number is not legal now.
        (The legal list, the pick and to-act in one call: see :meth:`observe`.)"""
        game = self.game
        moment = len(game.actions)
        cached_seat, cached_moment, legal = self._legal
        if cached_seat != seat or cached_moment != moment:
            legal = game.legal_actions(seat)
            self._legal = (seat, moment, legal)
        chosen = self.numbers.pick(legal, number)
        if chosen is None:
            return None
        game.apply(chosen)
        waiting = tuple(game.to_act())
        self._to_act = (len(game.actions), waiting)
        return waiting

    def mask(self, seat: int) -> tuple[NDArray[np.int8], list[Action]]:
        legal = self.legal(seat)
        base, extra, _ = self.numbers.parts(legal)
        mask = _with_ones(base, extra)
        return mask, legal

    def observe(self, seat: int) -> tuple[NDArray[np.float32], NDArray[np.int8]]:
        """The seat's observation and action mask now: :meth:`observation` and
        :meth:`mask` in one pass (each Python call costs about as much as a dictionary
        look-up made in C many times over; an environment step makes one here)."""
        game = self.game
        moment = len(game.actions)
        cached_seat, cached_moment, legal = self._legal
        if cached_seat != seat or cached_moment != moment:
            legal = game.legal_actions(seat)
            self._legal = (seat, moment, legal)
        numbers = self.numbers
        last, parts = numbers._last
        if last is not legal:  # what numbers.parts does, without the call
            parts = numbers._masked(legal) if legal else numbers._empty
            numbers._last = (legal, parts)
        base, extra, kinds = parts
        mask = _with_ones(base, extra)
        return self._vector(seat, kinds), mask

    def observation(self, seat: int, legal: Sequence[Action]) -> NDArray[np.float32]:
        return self._vector(seat, self.numbers.parts(legal)[2])

    def _vector(self, seat: int, kinds: frozenset[str]) -> NDArray[np.float32]:
        layout = self.layout
        game = self.game
        memory = self.memory[seat]
        # The rule set's view of this seat; its notebook reads only the events it has not read.
        view = game.rules.view(game.state, seat)
        if memory.cursor != len(game.events):
            memory.follow(game)
        get = view.get
        # The one-hot entries are gathered as flat positions, part by part; a part that
        # did not change is the very list of the last step, and the seat's vector changes
        # only where a part differs from its last observation's (a numpy call per entry,
        # or a fresh vector each step, cost more than the engine step the observation
        # follows). The parts are worked out in line: a Python call per part costs
        # more than most parts.
        moment = len(game.actions)
        if self._to_act[0] != moment:
            self._to_act = (moment, tuple(game.to_act()))
        waiting = self._to_act[1]
        to_act = self._waiting.get(waiting)
        if to_act is None:
            to_act = self._to_act_ones()
        playing = get("playing_cards")
        cards = (*get("hand", ()), *playing) if playing else tuple(get("hand", ()))
        known_cards, hand = memory._hand
        if cards != known_cards:
            hand = memory.hand_ones(cards, layout)
        positions = get("positions") or {}
        known_positions, pieces = self._pieces
        if positions != known_positions:
            pieces = self._piece_ones(positions)
        weapons = get("weapons") or {}
        known_weapons, carried = self._weapons
        if weapons != known_weapons:
            carried = self._weapon_ones(weapons)
        legal_kinds = self._kinds.get(kinds)
        if legal_kinds is None:
            legal_kinds = self._kind_ones(kinds)
        counts: list[Any] = []
        players = layout.players
        for value in map(get, layout.count_fields):
            if isinstance(value, list) and len(value) == players:
                counts += value
            else:
                counts += self._no_counts
        vector = memory.vector
        if vector is None:
            vector = memory.start_vector(layout)
        known, cells = memory._segments, memory.cells
        for i, now in enumerate((to_act, hand, pieces, carried, legal_kinds)):
            # Most parts are the very list of the last step (nothing moved); the others
            # change a few entries, set one by one (a numpy call on a list costs more).
            before = known[i]
            if now is not before and now != before:
                for at in before:
                    cells[at] = 0.0
                for at in now:
                    cells[at] = 1.0
                known[i] = now
        if counts != memory._counts:
            memory.set_counts(counts, layout)
        # The notebook part may change only when the notebook has read something.
        if memory._filled != memory.read:
            memory._filled = memory.read
            memory.fill(memory._book_part, layout)
        return vector.copy()

    def _piece_ones(self, positions: Mapping[str, Any]) -> list[int]:
        known, ones = self._pieces
        if positions != known:
            layout = self.layout
            away = len(layout.locations)
            width, places, at = away + 1, layout.location_index, layout.start["pieces"]
            ones = []
            # A copy to compare the next view with (the view's lists must not change
            # under the comparison), made in the same pass: a square is a flat list.
            copied: dict[str, Any] = {}
            for piece, where in positions.items():
                if type(where) is list:
                    key: Any = tuple(where)
                    place = places.get(key)
                    copied[piece] = [*where] if place is not None else json_copy(where)
                else:
                    key = where
                    place = places.get(key)
                    copied[piece] = where if type(where) is str else json_copy(where)
                p = layout.piece_index.get(piece)
                if p is not None:
                    ones.append(at + p * width + (away if place is None else place))
            self._pieces = (copied, ones)
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
            # Most weapons lie in rooms (names): only the rest need copying.
            copied = {
                name: where if type(where) is str else json_copy(where)
                for name, where in weapons.items()
            }
            self._weapons = (copied, ones)
        return ones

    def _kind_ones(self, kinds: frozenset[str]) -> list[int]:
        ones = self._kinds.get(kinds)
        if ones is None:
            at, index = self.layout.start["legal"], self.layout.kind_index
            ones = self._kinds[kinds] = sorted(at + index[kind] for kind in kinds)
        return ones
