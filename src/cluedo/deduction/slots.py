"""Exact counts for cards dealt into slots whose holders everyone can follow.

Some card models move whole groups of cards in public: when a Clussassin
character dies, every card it holds goes to its assassin; when two players
swap target cards, everyone knows which two *positions* changed hands even if
not which cards. Such a deal is best seen as cards dealt once into **slots**
(the first card of a character's hand, the second, a pile's place) and slots
that later change holders publicly. A card never leaves its slot; what moves is
the slot, and who holds each slot now is known to everyone.

Each category is dealt separately and uniformly, one card per slot, so a
deal of one category is a one-to-one assignment of its cards to its slots.
Every observation about "now" (a card is or is not with a holder, a card is
or is not in a given slot) only allows or forbids single (card, slot) pairs.
The consistent deals of a category are therefore the perfect matchings of a
0/1 matrix, and their number is its permanent. :class:`SlotDeal` counts it by
a dynamic programme over subsets of slots (2^n steps of n for n cards: 9 rooms
is 4,608 steps), and counts every (card, slot) pair with one pass forward and
one backward. The categories are independent, so the number of deals is the
product, and a card's probability at a holder is the share of its
category's deals that put it in one of that holder's slots.

>>> deal = SlotDeal({"s": ("a", "b", "c")}, {"x": ("s", "p"), "y": ("s", "q"), "z": ("s", "r")})
>>> deal.exclude("a", "x"); deal.exclude("b", "y"); deal.exclude("c", "z")  # a derangement
>>> deal.count()
2
>>> deal.hand_over("q", "p")  # q dies; its slot is p's now
>>> deal.distribution("a")
{'p': Fraction(1, 2), 'r': Fraction(1, 2)}
>>> deal.shown("p", "b")
>>> deal.count(), deal.status("a", "r")
(1, True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction

from cluedo.deduction.errors import (
    ContradictionError,
    SetupError,
    UnknownNameError,
    UnsupportedObservationError,
)
from cluedo.deduction.observations import FaceUp, Hand, HandOver, HasNone, Observation, Shown
from cluedo.deduction.places import Layout, Place, place_of
from cluedo.deduction.setup import FACE_UP


def permanent(allowed: Sequence[Sequence[bool]]) -> int:
    """The number of ways to give row ``i`` a distinct column ``j`` with
    ``allowed[i][j]``, for every row (a square 0/1 matrix's permanent).

    >>> permanent([[True, True], [True, False]])
    1
    """
    return _forward(allowed)[-1]


def _forward(allowed: Sequence[Sequence[bool]]) -> list[int]:
    """``f[mask]``: ways to give the first popcount(mask) rows the columns in mask."""
    n = len(allowed)
    f = [0] * (1 << n)
    f[0] = 1
    for mask in range(1, 1 << n):
        row = allowed[mask.bit_count() - 1]
        total = 0
        rest = mask
        while rest:
            low = rest & -rest
            if row[low.bit_length() - 1]:
                total += f[mask ^ low]
            rest ^= low
        f[mask] = total
    return f


def _backward(allowed: Sequence[Sequence[bool]]) -> list[int]:
    """``b[mask]``: ways to give the rows from popcount(mask) on the columns not in mask."""
    n = len(allowed)
    full = (1 << n) - 1
    b = [0] * (1 << n)
    b[full] = 1
    for mask in range(full - 1, -1, -1):
        row = allowed[mask.bit_count()]
        total = 0
        free = full ^ mask
        while free:
            low = free & -free
            if row[low.bit_length() - 1]:
                total += b[mask | low]
            free ^= low
        b[mask] = total
    return b


def pair_counts(allowed: Sequence[Sequence[bool]]) -> list[list[int]]:
    """For every row ``i`` and column ``j``, the assignments that give ``j`` to ``i``.

    >>> pair_counts([[True, True], [True, True]])
    [[1, 1], [1, 1]]
    """
    n = len(allowed)
    f, b = _forward(allowed), _backward(allowed)
    out = [[0] * n for _ in range(n)]
    for mask in range(1 << n):
        if not f[mask]:
            continue
        i = mask.bit_count()
        if i == n:
            continue
        row = allowed[i]
        for j in range(n):
            bit = 1 << j
            if row[j] and not mask & bit:
                out[i][j] += f[mask] * b[mask | bit]
    return out


def sample_assignment(allowed: Sequence[Sequence[bool]], rng: random.Random) -> list[int]:
    """A uniformly random assignment (row -> column) among all allowed ones."""
    n = len(allowed)
    b = _backward(allowed)
    if not b[0]:
        raise ContradictionError(None, "no assignment is allowed")
    mask, out = 0, []
    for i in range(n):
        choices = [j for j in range(n) if allowed[i][j] and not mask & (1 << j)]
        weights = [b[mask | (1 << j)] for j in choices]
        j = rng.choices(choices, weights)[0]
        out.append(j)
        mask |= 1 << j
    return out


class SlotDeal:
    """Cards dealt one per slot, each category uniformly; slots change holders in public.

    ``categories`` maps a category to its cards; ``slots`` maps each slot's name
    to (its category, its first holder). Every category needs as many slots as
    cards.
    """

    def __init__(
        self,
        categories: Mapping[str, Sequence[str]],
        slots: Mapping[str, tuple[str, Place]],
    ) -> None:
        self.categories = {name: tuple(cards) for name, cards in categories.items()}
        self.category_of = {c: cat for cat, cards in self.categories.items() for c in cards}
        self.slots: dict[str, tuple[str, ...]] = {
            cat: tuple(s for s, (c, _) in slots.items() if c == cat) for cat in self.categories
        }
        self.slot_category = {s: cat for s, (cat, _) in slots.items()}
        unknown = set(self.slot_category.values()) - set(self.categories)
        if unknown:
            raise SetupError(f"slots of unknown categories: {sorted(unknown)}")
        for cat, cards in self.categories.items():
            if len(self.slots[cat]) != len(cards):
                raise SetupError(f"{cat}: {len(cards)} cards but {len(self.slots[cat])} slots")
        self.holder: dict[str, Place] = {s: h for s, (_, h) in slots.items()}
        self._allowed: dict[str, list[list[bool]]] = {
            cat: [[True] * len(cards) for _ in cards] for cat, cards in self.categories.items()
        }
        self._pairs: dict[str, list[list[int]]] = {}
        """Counted (card, slot) pairs per category, until the category changes."""

    @classmethod
    def of_layout(cls, layout: Layout) -> SlotDeal:
        """One slot per card a place holds of each category (named ``place/category/k``);
        every place must hold a fixed number of each category."""
        slots: dict[str, tuple[str, Place]] = {}
        for place in layout.places:
            counts = layout.per_category.get(place)
            if counts is None:
                raise SetupError(f"{place} holds no fixed number of each category")
            for cat, n in counts.items():
                slots.update({f"{place}/{cat}/{k}": (cat, place) for k in range(n)})
        return cls(dict(layout.categories), slots)

    # -- slots changing holders (public) ---------------------------------------------

    def held_by(self, place: Place) -> list[str]:
        """The slots ``place`` holds now."""
        return [s for s, h in self.holder.items() if h == place]

    def move(self, slot: str, place: Place) -> None:
        """``slot`` (whatever card it holds) goes to ``place``."""
        self._slot(slot)
        self.holder[slot] = place

    def hand_over(self, source: Place, target: Place) -> None:
        """Every slot of ``source`` goes to ``target``."""
        for slot in self.held_by(source):
            self.holder[slot] = target

    def exchange(self, first: str, second: str) -> None:
        """The holders of two slots trade them."""
        self.holder[self._slot(first)], self.holder[self._slot(second)] = (
            self.holder[second],
            self.holder[first],
        )

    # -- observations about now ------------------------------------------------------

    def pin(self, card: str, slot: str) -> None:
        """``card`` is in ``slot``."""
        cat, i = self._card(card)
        j = self._index(cat, slot)
        for other in range(len(self.categories[cat])):
            if other != i:
                self._set(cat, other, j, False)
        for k in range(len(self.slots[cat])):
            if k != j:
                self._set(cat, i, k, False)

    def exclude(self, card: str, slot: str) -> None:
        """``card`` is not in ``slot``."""
        cat, i = self._card(card)
        self._set(cat, i, self._index(cat, slot), False)

    def shown(self, place: Place, card: str) -> None:
        """``place`` holds ``card`` now: the card is in one of its slots."""
        cat, i = self._card(card)
        mine = set(self.held_by(place))
        for j, slot in enumerate(self.slots[cat]):
            if slot not in mine:
                self._set(cat, i, j, False)

    def has_none(self, place: Place, cards: Sequence[str]) -> None:
        """``place`` holds none of ``cards`` now."""
        for slot in self.held_by(place):
            for card in cards:
                if self.category_of.get(card) == self.slot_category[slot]:
                    self.exclude(card, slot)

    def hand(self, place: Place, cards: Sequence[str]) -> None:
        """``place`` holds exactly ``cards`` now."""
        for card in cards:
            self.shown(place, card)
        self.has_none(place, [c for c in self.category_of if c not in cards])

    def observe(self, obs: Observation) -> None:
        """Take in an observation about holders (place names as the notebook gives
        them). Moves of single cards are not slot moves and are refused."""
        if isinstance(obs, Hand):
            self.hand(place_of(obs.player), obs.cards)
        elif isinstance(obs, Shown):
            self.shown(place_of(obs.player), obs.card)
        elif isinstance(obs, HasNone):
            self.has_none(place_of(obs.player), obs.cards)
        elif isinstance(obs, FaceUp):
            for card in obs.cards:
                self.shown(FACE_UP, card)
        elif isinstance(obs, HandOver):
            self.hand_over(place_of(obs.source), place_of(obs.target))
        else:
            raise UnsupportedObservationError(f"a slot deal cannot follow {obs!r}")

    # -- counting --------------------------------------------------------------------

    def count(self, category: str | None = None) -> int:
        """The consistent deals of ``category``, or of all categories together."""
        if category is not None:
            return sum(self._counts(category)[0])
        out = 1
        for cat in self.categories:
            out *= self.count(cat)
        return out

    def slot_distribution(self, card: str) -> dict[str, Fraction]:
        """Probability of each slot holding ``card`` (slots at 0 left out)."""
        cat, i = self._card(card)
        counts = self._counts(cat)
        total = sum(counts[0])
        return {
            slot: Fraction(n, total)
            for slot, n in zip(self.slots[cat], counts[i], strict=True)
            if n
        }

    def distribution(self, card: str) -> dict[Place, Fraction]:
        """Probability of each holder having ``card`` now (holders at 0 left out)."""
        out: dict[Place, Fraction] = {}
        for slot, p in self.slot_distribution(card).items():
            holder = self.holder[slot]
            out[holder] = out.get(holder, Fraction(0)) + p
        return out

    def status(self, card: str, place: Place) -> bool | None:
        """True if ``place`` certainly holds ``card``, False if certainly not, else None."""
        p = self.distribution(card).get(place, Fraction(0))
        return True if p == 1 else False if p == 0 else None

    def sample(self, rng: random.Random) -> dict[str, Place]:
        """Where every card is in one deal drawn uniformly among the consistent ones."""
        out: dict[str, Place] = {}
        for cat, cards in self.categories.items():
            picks = sample_assignment(self._allowed[cat], rng)
            for card, j in zip(cards, picks, strict=True):
                out[card] = self.holder[self.slots[cat][j]]
        return out

    def copy(self) -> SlotDeal:
        other = SlotDeal.__new__(SlotDeal)
        other.categories = self.categories
        other.category_of = self.category_of
        other.slots = self.slots
        other.slot_category = self.slot_category
        other.holder = dict(self.holder)
        other._allowed = {cat: [row[:] for row in rows] for cat, rows in self._allowed.items()}
        other._pairs = dict(self._pairs)
        return other

    # -- inside ----------------------------------------------------------------------

    def _counts(self, cat: str) -> list[list[int]]:
        counts = self._pairs.get(cat)
        if counts is None:
            counts = self._pairs[cat] = pair_counts(self._allowed[cat])
            if not sum(counts[0]):
                raise ContradictionError(None, f"no deal of the {cat} cards fits")
        return counts

    def _set(self, cat: str, i: int, j: int, value: bool) -> None:
        if self._allowed[cat][i][j] != value:
            self._allowed[cat][i][j] = value
            self._pairs.pop(cat, None)

    def _card(self, card: str) -> tuple[str, int]:
        cat = self.category_of.get(card)
        if cat is None:
            raise UnknownNameError(f"unknown card {card!r}")
        return cat, self.categories[cat].index(card)

    def _slot(self, slot: str) -> str:
        if slot not in self.holder:
            raise UnknownNameError(f"unknown slot {slot!r}")
        return slot

    def _index(self, cat: str, slot: str) -> int:
        if self.slot_category.get(self._slot(slot)) != cat:
            raise UnknownNameError(f"slot {slot!r} does not hold {cat} cards")
        return self.slots[cat].index(slot)
