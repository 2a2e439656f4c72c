"""The shape of a deal: card categories, players with hand sizes, hidden piles."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from cluedo.deduction.errors import SetupError

ENVELOPE = "envelope"
"""Name of the envelope (case file) location: one card of each category."""

FACE_UP = "face_up"
"""Name of the automatic pile holding the cards left over after the deal."""


@dataclass(frozen=True)
class DealSetup:
    """Which cards exist and where they can be.

    ``categories`` maps a category name to its card ids (all ids distinct).
    ``players`` lists (name, hand size) in turn order. ``piles`` maps extra
    hidden piles to their sizes. Cards not accounted for by hands, piles and
    the envelope (one per category) form the automatic ``face_up`` pile.

    >>> s = DealSetup.create({"s": ["a", "b"], "w": ["c", "d"]}, [("p", 1), ("q", 1)])
    >>> s.locations
    ('p', 'q', 'envelope')
    """

    categories: tuple[tuple[str, tuple[str, ...]], ...]
    players: tuple[tuple[str, int], ...]
    piles: tuple[tuple[str, int], ...] = field(default=())

    @classmethod
    def create(
        cls,
        categories: Mapping[str, Sequence[str]],
        players: Sequence[tuple[str, int]] | Mapping[str, int],
        piles: Mapping[str, int] | None = None,
    ) -> DealSetup:
        """Validate and build a setup, adding the ``face_up`` pile if cards are left over."""
        cats = tuple((name, tuple(cards)) for name, cards in categories.items())
        plist = tuple(players.items()) if isinstance(players, Mapping) else tuple(players)
        pl = tuple((str(n), int(s)) for n, s in plist)
        pi = dict(piles or {})
        all_cards = [c for _, cards in cats for c in cards]
        if not cats or any(not cards for _, cards in cats):
            raise SetupError("every category needs at least one card")
        if len(set(all_cards)) != len(all_cards):
            raise SetupError("card ids must be distinct across categories")
        names = [n for n, _ in pl] + list(pi)
        if len(set(names)) != len(names) or ENVELOPE in names:
            raise SetupError("player and pile names must be distinct and not 'envelope'")
        if not pl:
            raise SetupError("at least one player is needed")
        if any(s < 0 for _, s in pl) or any(s < 0 for s in pi.values()):
            raise SetupError("hand and pile sizes must not be negative")
        left = len(all_cards) - len(cats) - sum(s for _, s in pl) - sum(pi.values())
        if left < 0:
            raise SetupError(f"hands and piles need {-left} more cards than the set has")
        if left > 0:
            if FACE_UP in pi:
                raise SetupError(f"{left} cards are not accounted for by hands and piles")
            pi[FACE_UP] = left
        return cls(cats, pl, tuple(pi.items()))

    @cached_property
    def cards(self) -> tuple[str, ...]:
        """All card ids, category by category."""
        return tuple(c for _, cards in self.categories for c in cards)

    @cached_property
    def category_names(self) -> tuple[str, ...]:
        """The category names in order."""
        return tuple(n for n, _ in self.categories)

    @cached_property
    def player_names(self) -> tuple[str, ...]:
        """The players in turn order."""
        return tuple(n for n, _ in self.players)

    @cached_property
    def pile_names(self) -> tuple[str, ...]:
        """The hidden piles."""
        return tuple(n for n, _ in self.piles)

    @cached_property
    def locations(self) -> tuple[str, ...]:
        """Every place a card can be: players, the envelope, then piles."""
        return (*self.player_names, ENVELOPE, *self.pile_names)

    @cached_property
    def card_position(self) -> dict[str, int]:
        """Each card's index in :attr:`cards`."""
        return {c: i for i, c in enumerate(self.cards)}

    @cached_property
    def _categories_of(self) -> dict[str, str]:
        return {c: name for name, cards in self.categories for c in cards}

    def category_of(self, card: str) -> str:
        """The category of ``card``."""
        return self._categories_of[card]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly form."""
        return {
            "categories": {n: list(c) for n, c in self.categories},
            "players": [[n, s] for n, s in self.players],
            "piles": dict(self.piles),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DealSetup:
        """Inverse of :meth:`to_dict`."""
        piles = dict(data.get("piles", {}))
        return cls.create(data["categories"], [(str(n), int(s)) for n, s in data["players"]], piles)


CLASSIC_CATEGORIES: dict[str, list[str]] = {
    "suspect": ["scarlet", "mustard", "white", "green", "peacock", "plum"],
    "weapon": ["candlestick", "knife", "lead_pipe", "revolver", "rope", "wrench"],
    "room": [
        "kitchen",
        "ballroom",
        "conservatory",
        "dining_room",
        "billiard_room",
        "library",
        "lounge",
        "hall",
        "study",
    ],
}
"""The classic card ids (a convenience for tests and front ends)."""


def dealt_sizes(n_cards: int, n_players: int) -> list[int]:
    """Hand sizes when ``n_cards`` are dealt round the table from the first player."""
    base, extra = divmod(n_cards, n_players)
    return [base + (1 if i < extra else 0) for i in range(n_players)]
