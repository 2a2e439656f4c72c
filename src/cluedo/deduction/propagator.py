"""The one sound, fast propagator: for every card, the places it may still be.

It takes the same observations as the exact notebook and keeps, for each card,
the set of places it may be now. Every elimination is one a careful person can
make and is *sound*: a card is ruled out of a place only when no history of the
game consistent with the observations puts it there. It is not complete - the
exact counting engine (:mod:`cluedo.deduction.notebook`) is - but it answers in
microseconds and follows every card model, including those the exact engine
does not count (cards handed over on a kill, moves of a known category).

Cards that move: a seen move puts the card at its new place; an unseen move out
of a place makes every card that may be there possible at the destination too,
and "holds at least one of" facts about the place widen to take in the
destination. Facts that a place holds *none* of some cards last only until a
card moves into it, which is why an unseen arrival gives the place back every
card that may have come.

>>> from cluedo.deduction.observations import HasNone, Shown
>>> lay = Layout.create({"s": ("a", "b")}, {0: 1, 1: 0, "envelope": 1}, {"envelope": {"s": 1}})
>>> book = Propagator(lay)
>>> book.observe(HasNone("0", ("a",)))
>>> book.possible("a"), book.possible("b")
(frozenset({'envelope'}), frozenset({0}))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from cluedo.deduction.errors import ContradictionError, UnknownNameError
from cluedo.deduction.observations import (
    Draw,
    FaceUp,
    Hand,
    HandOver,
    HasNone,
    HasOneOf,
    Observation,
    Shown,
    Transfer,
    WrongAccusation,
)
from cluedo.deduction.places import Layout, Place, place_of
from cluedo.deduction.setup import ENVELOPE, FACE_UP

Clause = tuple[int, int]
"""At least one of the cards (a bit per card) is in one of the places (a bit per place)."""

_State = tuple[
    dict[Place, int],
    dict[Place, dict[str, int]],
    list[int],
    list[int],
    int,
    list[Clause],
    list[int],
    int,
    int,
]


def _bits(mask: int) -> Iterator[int]:
    """The indices of the bits set in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class _Shape:
    """What never changes for one layout: indices of cards and places, category masks."""

    def __init__(self, layout: Layout) -> None:
        self.cards = layout.cards
        self.places = layout.places
        self.card_index = {c: i for i, c in enumerate(self.cards)}
        self.place_index = {p: i for i, p in enumerate(self.places)}
        self.category_of = {c: cat for cat, cards in layout.categories for c in cards}
        self.category_mask: dict[str, int] = {}
        for cat, cards in layout.categories:
            mask = 0
            for c in cards:
                mask |= 1 << self.card_index[c]
            self.category_mask[cat] = mask
        self.category_cards = {cat: tuple(cards) for cat, cards in layout.categories}
        self.all_cards = (1 << len(self.cards)) - 1
        self.all_places = (1 << len(self.places)) - 1
        self.envelope = self.place_index.get(ENVELOPE, -1)
        self.envelope_bit = 1 << self.envelope if self.envelope >= 0 else 0
        self.name_index = {str(p): i for p, i in self.place_index.items() if p in layout.sizes}
        """Each place's index by its name in observations (seats by number)."""
        self.sets: dict[int, frozenset[Place]] = {}
        """Place masks already turned into sets of places (answers share them)."""

    def place_set(self, mask: int) -> frozenset[Place]:
        found = self.sets.get(mask)
        if found is None:
            found = self.sets[mask] = frozenset(self.places[p] for p in _bits(mask))
        return found


_SHAPES: dict[object, _Shape] = {}
"""Shapes by what they are made of: every seat's notebook of every game with the same
cards and places shares one, with its sets of places (bots look them up by value)."""


def _shape_of(layout: Layout) -> _Shape:
    key = (
        layout.cards,
        layout.places,
        layout.categories,
        tuple(p in layout.sizes for p in layout.places),
    )
    shape = _SHAPES.get(key)
    if shape is None:
        if len(_SHAPES) >= 64:  # a few layouts in practice: keep it small all the same
            _SHAPES.clear()
        shape = _SHAPES[key] = _Shape(layout)
    return shape


class Propagator:
    """Places each card may be, kept sound through every observation.

    Each card's places are a bitmask over the layout's places, and each place's
    possible cards a bitmask over the cards, kept in step: a rule is then a few
    integer operations, and the state to restore after a contradiction is a
    handful of short lists. Propagation is incremental: only the places and
    cards something changed for are looked at again (a rule about a place, a
    clause or an accusation can only give something new once one of them has
    changed), which reaches the same conclusions as trying every rule.
    """

    # Declared here, as a copy takes them from its original before they are made.
    _shape: _Shape
    category_of: dict[str, str]
    cards: tuple[str, ...]
    version: int

    def __init__(self, layout: Layout, *, copy_of: Propagator | None = None) -> None:
        """A notebook of ``layout`` with only its rules applied; or, with ``copy_of``, a
        copy of that notebook, to go on alone (see :meth:`copy`)."""
        self.layout = layout
        if copy_of is not None:  # (a compiled class has no __new__ to skip __init__ with)
            self._shape = copy_of._shape
            self.category_of = copy_of.category_of
            self.cards = copy_of.cards
            self._restore(copy_of._state())
            self.version = copy_of.version
            return
        shape = self._shape = _shape_of(layout)
        self.category_of = shape.category_of
        self.cards = shape.cards
        self.sizes: dict[Place, int] = dict(layout.sizes)
        """Cards each place holds now. Replaced, never changed in place (so a saved
        state may share it)."""
        self.per_category: dict[Place, dict[str, int]] = {
            p: dict(counts) for p, counts in layout.per_category.items()
        }
        """Places holding a fixed number per category. Replaced, never changed in place."""
        self._mask = [shape.all_places] * len(self.cards)
        self._may = [shape.all_cards] * len(shape.places)
        self._fixed = 0
        """Cards with one possible place left (a bit per card)."""
        self._clauses: list[Clause] = []
        """Replaced, never changed in place (so a saved state or a copy may share it)."""
        self._wrong: list[int] = []
        """Cards of each wrong accusation. Replaced, never changed in place."""
        self._touched_places = shape.all_places
        """Places whose cards, room or count changed since their rules were last tried."""
        self._touched_cards = shape.all_cards
        """Cards whose places changed since the clauses and accusations were last tried."""
        self._groups: list[list[tuple[int, int]]] | None = None
        self.version = 0
        """Counts the observations that changed some card's places (a question's answer
        computed from the places may be kept while it stays the same)."""
        for place, counts in self.per_category.items():  # no room for other categories
            p = shape.place_index.get(place)
            if p is None:
                continue
            for cat, mask in shape.category_mask.items():
                if counts.get(cat, 0) == 0:
                    for c in _bits(mask):
                        self._exclude(c, p)
        self.propagate()

    # -- observing ------------------------------------------------------------------

    def observe(self, obs: Observation) -> None:
        """Take in one observation and draw every simple conclusion.

        All or nothing: on a :class:`ContradictionError` (or a name it does not
        know) the propagator is left as it was.
        """
        if self._known_already(obs):
            return
        before = self._state()
        try:
            self._take(obs)
            if self._touched_places or self._touched_cards:  # many observations teach nothing
                self.propagate()
        except Exception:
            self._restore(before)
            raise
        if self._mask != before[2]:
            self.version += 1

    def _known_already(self, obs: Observation) -> bool:
        """Whether ``obs`` only says what is certain already (most answers to other
        players' questions do): then there is nothing to take in or to undo."""
        kind = type(obs)
        cards: tuple[str, ...]
        if type(obs) is HasNone or type(obs) is HasOneOf:
            cards, player = obs.cards, obs.player
        elif type(obs) is Shown:
            cards, player = (obs.card,), obs.player
        else:
            return False  # other kinds (and subclasses) take the full path
        place = self._shape.name_index.get(player)
        if place is None:
            return False
        bit = 1 << place
        index, mask = self._shape.card_index, self._mask
        if kind is HasNone:
            for card in cards:
                c = index.get(card)
                if c is None or mask[c] & bit:
                    return False  # an unknown name (the full path says so), or news
            return True
        surely = False  # one of them is surely there
        for card in cards:
            c = index.get(card)
            if c is None:
                return False
            if mask[c] == bit:
                surely = True
        return surely

    def observe_all(self, observations: Iterable[Observation]) -> None:
        """Take in several observations, then draw the conclusions (all or nothing)."""
        before = self._state()
        try:
            for obs in observations:
                self._take(obs)
            if self._touched_places or self._touched_cards:
                self.propagate()
        except Exception:
            self._restore(before)
            raise
        if self._mask != before[2]:
            self.version += 1

    def _state(self) -> _State:
        # The dicts, the clauses and the wrong accusations are replaced rather than
        # changed (a saved state and a copy may share them), so only the masks are copied.
        return (
            self.sizes,
            self.per_category,
            list(self._mask),
            list(self._may),
            self._fixed,
            self._clauses,
            self._wrong,
            self._touched_places,
            self._touched_cards,
        )

    def _restore(self, state: _State) -> None:
        (
            self.sizes,
            self.per_category,
            self._mask,
            self._may,
            self._fixed,
            self._clauses,
            self._wrong,
            self._touched_places,
            self._touched_cards,
        ) = state
        self._groups = None

    def _take(self, obs: Observation) -> None:
        take = _TAKE.get(type(obs))
        if take is None:
            kind = next((k for k in _TAKE if isinstance(obs, k)), None)
            if kind is None:
                raise TypeError(f"not an observation: {obs!r}")
            take = _TAKE[kind]
        take(self, obs)

    def _has_none(self, obs: HasNone) -> None:
        p = self._place(obs.player)
        bit = 1 << p
        index, mask = self._shape.card_index, self._mask
        for card in obs.cards:
            c = index.get(card)
            if c is None:
                raise UnknownNameError(f"unknown card {card!r}")
            if mask[c] & bit:  # most are known not to be there already
                self._exclude(c, p)

    def _has_one_of(self, obs: HasOneOf) -> None:
        cards = 0
        for c in obs.cards:
            cards |= 1 << self._card(c)
        self._clauses = [*self._clauses, (1 << self._place(obs.player), cards)]
        self._touched_cards |= cards

    def _shown(self, obs: Shown) -> None:
        self._put(self._card(obs.card), self._place(obs.player))

    def _hand(self, obs: Hand) -> None:
        p = self._place(obs.player)
        index = self._shape.card_index
        hand = {index[c] for c in obs.cards if c in index}
        for c in range(len(self.cards)):
            if c in hand:
                self._put(c, p)
            else:
                self._exclude(c, p)

    def _face_up(self, obs: FaceUp) -> None:
        p = self._shape.place_index.get(FACE_UP, -1)
        if p < 0:
            raise ContradictionError(None, "no cards lie face up in this game")
        for card in obs.cards:
            self._put(self._card(card), p)

    def _wrong_accusation(self, obs: WrongAccusation) -> None:
        cards = 0
        for c in obs.cards:
            cards |= 1 << self._card(c)
        self._wrong = [*self._wrong, cards]
        self._touched_cards |= cards

    def _draw(self, obs: Draw) -> None:
        self._move(self._place(obs.pile), self._place(obs.player), obs.card, None)

    def _transfer(self, obs: Transfer) -> None:
        source, target = self._place(obs.source), self._place(obs.target)
        self._move(source, target, obs.card, obs.category)

    def _handed_over(self, obs: HandOver) -> None:
        self._hand_over(self._place(obs.source), self._place(obs.target))

    def _card(self, card: str) -> int:
        index = self._shape.card_index.get(card)
        if index is None:
            raise UnknownNameError(f"unknown card {card!r}")
        return index

    def _place(self, name: str) -> int:
        index = self._shape.name_index.get(name)
        if index is not None:
            return index
        place = place_of(name)
        index = self._shape.place_index.get(place)
        if index is None or place not in self.sizes:
            places = ", ".join(str(p) for p in self.layout.places)
            raise UnknownNameError(f"unknown place {name!r}; places: {places}")
        return index

    def _name(self, c: int) -> str:
        return self.cards[c]

    # Every change of a card's places goes through these, which keep the per-card
    # and per-place masks in step.

    def _put(self, c: int, p: int) -> None:
        bit = 1 << p
        mask = self._mask[c]
        if not mask & bit:
            raise ContradictionError(None, f"{self._name(c)} cannot be at {self.layout.places[p]}")
        if mask != bit:
            self._set(c, bit)

    def _exclude(self, c: int, p: int) -> None:
        bit = 1 << p
        mask = self._mask[c]
        if mask & bit:
            if mask == bit:
                raise ContradictionError(None, f"{self._name(c)} has nowhere left to be")
            mask ^= bit
            self._mask[c] = mask
            card_bit = 1 << c
            self._may[p] &= ~card_bit
            self._touched_cards |= card_bit
            if mask & (mask - 1):
                self._touched_places |= bit
            else:  # now known to be at its last place
                self._fixed |= card_bit
                self._touched_places |= bit | mask

    def _set(self, c: int, new: int) -> None:
        """Card ``c`` may be exactly at the places of ``new`` (not empty)."""
        old = self._mask[c]
        if old == new:
            return
        card_bit = 1 << c
        may = self._may
        for p in _bits(old & ~new):
            may[p] &= ~card_bit
        for p in _bits(new & ~old):
            may[p] |= card_bit
        self._mask[c] = new
        if new & (new - 1):
            self._fixed &= ~card_bit
        else:
            self._fixed |= card_bit
        self._touched_places |= old | new
        self._touched_cards |= card_bit

    def _resize(self, p: int, change: int, category: str | None) -> None:
        self._touched_places |= 1 << p
        self._groups = None
        place = self.layout.places[p]
        size = self.sizes[place] + change
        if size < 0:
            raise ContradictionError(None, f"{place} has no card to give")
        self.sizes = {**self.sizes, place: size}
        counts = self.per_category.get(place)
        if counts is None:
            return
        if category is None:  # which category moved is unknown: the count no longer holds
            self.per_category = {k: v for k, v in self.per_category.items() if k != place}
        else:
            counts = {**counts, category: counts.get(category, 0) + change}
            self.per_category = {**self.per_category, place: counts}

    def _move(self, source: int, target: int, card: str | None, category: str | None) -> None:
        c = -1
        if card is not None:
            c = self._card(card)
            category = self.category_of[card]
        self._resize(source, -1, category)
        self._resize(target, +1, category)
        self._widen_clauses(source, target)
        if c >= 0:
            if not self._mask[c] & (1 << source):
                raise ContradictionError(
                    None, f"{card} left {self.layout.places[source]}, where it cannot be"
                )
            self._set(c, 1 << target)
            return
        moving = self._may[source]
        if category is not None:
            moving &= self._shape.category_mask[category]
        target_bit = 1 << target
        for other in _bits(moving):
            self._set(other, self._mask[other] | target_bit)

    def _hand_over(self, source: int, target: int) -> None:
        self._touched_places |= (1 << source) | (1 << target)
        self._groups = None
        src, dst = self.layout.places[source], self.layout.places[target]
        moved = self.sizes[src]
        self.sizes = {**self.sizes, dst: self.sizes[dst] + moved, src: 0}
        per_category = dict(self.per_category)
        counts = per_category.pop(src, None)
        if dst in per_category:
            if counts is None:
                del per_category[dst]
            else:
                merged = dict(per_category[dst])
                for cat, n in counts.items():
                    merged[cat] = merged.get(cat, 0) + n
                per_category[dst] = merged
        self.per_category = per_category
        self._widen_clauses(source, target)
        source_bit = 1 << source
        self._clauses = [(places & ~source_bit, cards) for places, cards in self._clauses]
        for _, cards in self._clauses:
            self._touched_cards |= cards
        target_bit = 1 << target
        for c in _bits(self._may[source]):
            self._set(c, (self._mask[c] & ~source_bit) | target_bit)

    def _widen_clauses(self, source: int, target: int) -> None:
        # The card that made "source holds one of" true may be the one that left.
        source_bit, target_bit = 1 << source, 1 << target
        widened = []
        for places, cards in self._clauses:
            if places & source_bit:
                places |= target_bit
                self._touched_cards |= cards
            widened.append((places, cards))
        self._clauses = widened

    # -- propagation ----------------------------------------------------------------

    def propagate(self) -> None:
        """Apply the simple eliminations until nothing changes.

        Raises :class:`ContradictionError` when the observations cannot all be
        true - which for a seat's own log means a bug in a rule set's reading.
        """
        while self._touched_places or self._touched_cards:
            if self._touched_places:
                self._fill_places()
            cards = self._touched_cards
            if cards:
                self._touched_cards = 0
                if self._clauses:
                    self._use_clauses(cards)
                if self._wrong:
                    self._use_wrong_accusations(cards)

    def _place_groups(self) -> list[list[tuple[int, int]]]:
        """For each place, (cards it holds, which cards count): all its cards and, for
        places with a fixed number per category, the cards of each category."""
        if self._groups is None:
            shape = self._shape
            index = shape.place_index
            groups: list[list[tuple[int, int]]] = [[] for _ in shape.places]
            for place, size in self.sizes.items():
                groups[index[place]].append((size, shape.all_cards))
            for place, counts in self.per_category.items():
                p = index.get(place)
                if p is None:
                    continue
                for cat, mask in shape.category_mask.items():
                    groups[p].append((counts.get(cat, 0), mask))
            self._groups = groups
        return self._groups

    def _fill_places(self) -> None:
        """A place whose known cards fill it holds nothing else; a place that can
        hold only as many cards as it has room for holds them all. Likewise for
        each category of a place that holds a fixed number of that category.
        Only places something changed for since their last look are looked at."""
        groups = self._place_groups()
        may = self._may
        while self._touched_places:
            touched = self._touched_places
            self._touched_places = 0
            while touched:
                low = touched & -touched
                touched ^= low
                p = low.bit_length() - 1
                for size, which in groups[p]:
                    maybe = may[p] & which
                    known = (
                        maybe & self._fixed
                    )  # a card with one place left that may be here is here
                    n_maybe, n_known = maybe.bit_count(), known.bit_count()
                    if n_maybe < size or n_known > size:
                        place = self.layout.places[p]
                        raise ContradictionError(None, f"{place} cannot hold {size} of these cards")
                    if n_known == size and n_maybe > size:
                        for c in _bits(maybe & ~known):
                            self._exclude(c, p)
                    elif n_maybe == size and n_known < size:
                        for c in _bits(maybe & ~known):
                            self._set(c, low)

    def _use_clauses(self, touched: int) -> None:
        """Drop the cards a clause's places cannot hold; one card left must be there.
        Only clauses about ``touched`` cards can have changed."""
        kept: list[Clause] = []
        mask = self._mask
        for places, cards in self._clauses:
            if not cards & touched:
                kept.append((places, cards))
                continue
            left = 0
            rest = cards
            while rest:
                low = rest & -rest
                rest ^= low
                m = mask[low.bit_length() - 1]
                if not m & ~places:
                    break  # certainly true already
                if m & places:
                    left |= low
            else:
                if not left:
                    names = sorted(self.cards[c] for c in _bits(cards))
                    where = sorted(map(str, self._shape.place_set(places)))
                    raise ContradictionError(None, f"none of {names} can be at {where}")
                if not left & (left - 1):
                    c = left.bit_length() - 1
                    self._set(c, mask[c] & places)
                    continue
                kept.append((places, left))
        self._clauses = kept

    def _use_wrong_accusations(self, touched: int) -> None:
        """If all but one card of a wrong accusation are in the envelope, that one is not."""
        env = self._shape.envelope
        for triple in self._wrong:
            if not triple & touched:
                continue
            in_envelope = self._may[env] & self._fixed if env >= 0 else 0
            unsure = triple & ~in_envelope
            if not unsure:
                raise ContradictionError(None, "a wrong accusation names the envelope")
            if not unsure & (unsure - 1):
                c = unsure.bit_length() - 1
                if env >= 0 and self._mask[c] & (1 << env):
                    self._exclude(c, env)

    # -- questions ------------------------------------------------------------------

    def possible(self, card: str) -> frozenset[Place]:
        """The places where ``card`` may be now."""
        return self._shape.place_set(self._mask[self._shape.card_index[card]])

    def every_possible(self) -> dict[str, frozenset[Place]]:
        """:meth:`possible` for every card at once."""
        shape = self._shape
        found = list(map(shape.sets.get, self._mask))  # nearly always made already
        if None in found:
            return dict(zip(self.cards, map(shape.place_set, self._mask), strict=True))
        return dict(zip(self.cards, found, strict=True))  # type: ignore[arg-type]

    def where(self, card: str) -> Place | None:
        """The place ``card`` is certainly in, or None."""
        mask = self._mask[self._shape.card_index[card]]
        if mask & (mask - 1):
            return None
        return self.layout.places[mask.bit_length() - 1]

    def status(self, card: str, place: Place) -> bool | None:
        """True if ``card`` is surely at ``place``, False if surely not, None if unknown."""
        p = self._shape.place_index.get(place)
        mask = self._mask[self._shape.card_index[card]]
        if p is None or not mask & (1 << p):
            return False
        return None if mask & (mask - 1) else True

    def envelope_candidates(self, category: str) -> list[str]:
        """Cards of ``category`` that may be in the envelope."""
        shape = self._shape
        cards = shape.category_cards[category]
        if shape.envelope < 0:
            return []
        may = self._may[shape.envelope]
        index = shape.card_index
        return [c for c in cards if may >> index[c] & 1]

    def envelope_count(self, category: str) -> int:
        """How many cards of ``category`` may be in the envelope."""
        env = self._shape.envelope
        if env < 0:
            return 0
        return (self._may[env] & self._shape.category_mask[category]).bit_count()

    def solution(self) -> tuple[str, ...] | None:
        """The envelope, one card per category, once every one is certain."""
        shape = self._shape
        env = shape.envelope
        if env < 0:
            return None
        may = self._may[env]
        if may & ~self._fixed:
            return None  # some card may be in the envelope or elsewhere
        out = []
        for category, _ in self.layout.categories:
            here = may & shape.category_mask[category]
            if not here or here & (here - 1):
                return None
            out.append(self.cards[here.bit_length() - 1])
        return tuple(out)

    def estimate(self, card: str) -> dict[Place, float]:
        """An estimate of where ``card`` is, for models the exact engine does not count.

        Each place the card may be gets weight (room left there) / (cards that may
        still fill it), never quite 0; certainties stay exactly 1 and 0.
        """
        mask = self._mask[self._shape.card_index[card]]
        places = self.layout.places
        if not mask & (mask - 1):
            return {places[mask.bit_length() - 1]: 1.0}
        weights: dict[Place, float] = {}
        for p in _bits(mask):
            place = places[p]
            maybe = self._may[p]
            room = self.sizes[place]
            counts = self.per_category.get(place)
            if counts is not None:
                cat = self.category_of[card]
                maybe &= self._shape.category_mask[cat]
                room = counts.get(cat, 0)
            known = (maybe & self._fixed).bit_count()
            open_ = maybe.bit_count() - known
            room -= known
            # A place the card may be in keeps some weight: 0 would read as a certainty.
            weights[place] = max(room / open_ if open_ else 0.0, 1e-6)
        total = sum(weights.values())
        return {p: w / total for p, w in weights.items()}

    def copy(self) -> Propagator:
        return Propagator(self.layout, copy_of=self)


_TAKE: dict[type[Any], Callable[[Propagator, Any], None]] = {
    HasNone: Propagator._has_none,
    HasOneOf: Propagator._has_one_of,
    Shown: Propagator._shown,
    Hand: Propagator._hand,
    FaceUp: Propagator._face_up,
    WrongAccusation: Propagator._wrong_accusation,
    Draw: Propagator._draw,
    Transfer: Propagator._transfer,
    HandOver: Propagator._handed_over,
}
"""How the propagator takes in each kind of observation."""
