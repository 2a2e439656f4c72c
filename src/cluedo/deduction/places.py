"""Where cards can be: the places of a card model and how many cards each holds.

A :class:`Layout` is the shape every notebook works on, whatever the rule set:
the card categories, and the places a card can be - seats (numbered from 0),
the envelope, and named piles such as a hidden clue pile, the middle of the
board or the cards left face up. Each place holds a known number of cards;
some hold a fixed number of each category (the envelope holds one of each, a
Clussassin character one target, one room and one weapon).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from cluedo.deduction.setup import ENVELOPE, DealSetup

Place = int | str
"""A seat number, ``"envelope"`` or a pile's name."""


def place_name(place: Place) -> str:
    """The exact notebook's name for a place (seats are named by their number)."""
    return str(place)


def place_of(name: str) -> Place:
    """Inverse of :func:`place_name`."""
    return int(name) if name.isdigit() else name


@dataclass(frozen=True)
class Layout:
    """Categories of cards, and the places they can be with how many each holds.

    >>> deal = DealSetup.create({"s": ["a", "b"], "w": ["c", "d"]}, [("0", 1), ("1", 1)])
    >>> lay = Layout.of_setup(deal)
    >>> lay.places, lay.sizes[ENVELOPE], lay.per_category[ENVELOPE]
    ((0, 1, 'envelope'), 2, {'s': 1, 'w': 1})
    """

    categories: tuple[tuple[str, tuple[str, ...]], ...]
    places: tuple[Place, ...]
    sizes: Mapping[Place, int]
    per_category: Mapping[Place, Mapping[str, int]] = field(default_factory=dict)
    """Places holding a fixed number of cards of each category."""
    setup: DealSetup | None = None
    """The exact counting engine's set-up, when the model is one it counts."""

    @classmethod
    def of_setup(cls, setup: DealSetup) -> Layout:
        """The layout of a deal the exact engine counts: hands, envelope, piles."""
        sizes: dict[Place, int] = {place_of(n): s for n, s in setup.players}
        sizes[ENVELOPE] = len(setup.categories)
        sizes.update({place_of(n): s for n, s in setup.piles})
        one_each = {name: 1 for name, _ in setup.categories}
        return cls(
            setup.categories,
            tuple(place_of(n) for n in setup.locations),
            sizes,
            {ENVELOPE: one_each},
            setup,
        )

    @classmethod
    def create(
        cls,
        categories: Mapping[str, Sequence[str]],
        sizes: Mapping[Place, int],
        per_category: Mapping[Place, Mapping[str, int]] | None = None,
    ) -> Layout:
        """A layout the exact engine does not count (probabilities are estimated)."""
        cats = tuple((name, tuple(cards)) for name, cards in categories.items())
        return cls(cats, tuple(sizes), dict(sizes), dict(per_category or {}))

    @property
    def cards(self) -> tuple[str, ...]:
        return tuple(c for _, cards in self.categories for c in cards)

    @property
    def has_envelope(self) -> bool:
        return ENVELOPE in self.sizes

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(p for p in self.places if isinstance(p, int))
