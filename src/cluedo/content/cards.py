"""Card sets as data: categories of cards with per-edition display names.

>>> cards = load_card_set("classic", "uk")
>>> cards.name("knife"), cards.name("green")
('Dagger', 'Reverend Green')
>>> [len(cards.category(c)) for c in cards.categories]
[6, 6, 9]
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from typing import Any


class CardSetError(ValueError):
    """A card-set file or request is invalid; the message says what is allowed."""


@dataclass(frozen=True)
class Card:
    id: str
    category: str
    code: str
    names: dict[str, str]
    color: str | None = None


@dataclass(frozen=True)
class CardSet:
    """Cards grouped by category, in a fixed order, shown with one edition's names."""

    id: str
    edition: str
    editions: tuple[str, ...]
    categories: tuple[str, ...]
    cards: tuple[Card, ...]

    def category(self, category: str) -> tuple[str, ...]:
        """Card ids of one category, in the set's order."""
        return tuple(c.id for c in self.cards if c.category == category)

    def by_category(self) -> dict[str, tuple[str, ...]]:
        return {cat: self.category(cat) for cat in self.categories}

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards)

    def card(self, card_id: str) -> Card:
        found = self._by_id.get(card_id)
        if found is None:
            raise CardSetError(f"no card {card_id!r} in the {self.id} set")
        return found

    @cached_property
    def _by_id(self) -> dict[str, Card]:
        # Words for people name cards all the time: a look-up, not a scan of the set.
        return {c.id: c for c in self.cards}

    def name(self, card_id: str) -> str:
        """The display name of a card in this set's edition."""
        return self.card(card_id).names[self.edition]

    def category_of(self, card_id: str) -> str:
        return self.card(card_id).category

    def lookup(self, text: str) -> str:
        """Resolve an id, a two-letter code, a display name (any edition) or the unique
        start of a display name in this edition (``da`` for the UK Dagger) to an id.

        >>> load_card_set("classic", "uk").lookup("da"), load_card_set("classic").lookup("re")
        ('knife', 'revolver')
        """
        wanted = text.strip().lower()
        for c in self.cards:
            if wanted in (c.id, c.code) or any(n.lower() == wanted for n in c.names.values()):
                return c.id
        starts = {
            c.id
            for c in self.cards
            if len(wanted) >= 2 and c.names[self.edition].lower().startswith(wanted)
        }
        if len(starts) == 1:
            return starts.pop()
        known = ", ".join(f"{c.code}={c.names[self.edition]}" for c in self.cards)
        raise CardSetError(f"no card {text!r}; cards: {known}")

    def with_edition(self, edition: str) -> CardSet:
        if edition not in self.editions:
            raise CardSetError(
                f"unknown edition {edition!r}; {self.id} has: {', '.join(self.editions)}"
            )
        return CardSet(self.id, edition, self.editions, self.categories, self.cards)


def parse_card_set(data: dict[str, Any], source: str = "<cards>") -> CardSet:
    try:
        editions = tuple(data["editions"])
        categories = tuple(data["categories"])
        cards = []
        seen: set[str] = set()
        for i, raw in enumerate(data["card"]):
            card = Card(
                id=raw["id"],
                category=raw["category"],
                code=raw["code"],
                names=dict(raw["names"]),
                color=raw.get("color"),
            )
            if card.category not in categories:
                raise CardSetError(f"{source}: card {i} ({card.id}) has unknown category")
            if set(card.names) != set(editions):
                raise CardSetError(f"{source}: card {card.id} needs a name for each edition")
            if card.id in seen:
                raise CardSetError(f"{source}: card id {card.id} appears twice")
            seen.add(card.id)
            cards.append(card)
        return CardSet(data["id"], data["default_edition"], editions, categories, tuple(cards))
    except KeyError as missing:
        raise CardSetError(f"{source}: missing field {missing}") from None


_cache: dict[str, CardSet] = {}


def load_card_set(name: str = "classic", edition: str | None = None) -> CardSet:
    """Load a shipped card set, optionally in a given edition (``"us"`` or ``"uk"``)."""
    base = _cache.get(name)
    if base is None:
        resource = resources.files("cluedo.content") / "cards" / f"{name}.toml"
        if not resource.is_file():
            raise CardSetError(f"no card set named {name!r}")
        base = parse_card_set(tomllib.loads(resource.read_text(encoding="utf-8")), name)
        _cache[name] = base
    return base if edition is None else base.with_edition(edition)
