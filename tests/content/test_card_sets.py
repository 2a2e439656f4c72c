"""The classic card set: 21 cards, two editions of names."""

from __future__ import annotations

import pytest

from cluedo.content import CardSetError, load_card_set
from cluedo.content.cards import parse_card_set

DIFFERENT = {
    # id: (US name, UK name)
    "scarlet": ("Miss Scarlet", "Miss Scarlett"),
    "green": ("Mr. Green", "Reverend Green"),
    "knife": ("Knife", "Dagger"),
    "wrench": ("Wrench", "Spanner"),
    "lead_pipe": ("Lead Pipe", "Lead Piping"),
}
SAME = {"revolver": "Revolver", "rope": "Rope", "candlestick": "Candlestick"}


def test_twenty_one_cards_in_three_categories() -> None:
    cards = load_card_set("classic")
    assert cards.categories == ("suspect", "weapon", "room")
    assert cards.category("suspect") == ("scarlet", "mustard", "white", "green", "peacock", "plum")
    assert cards.category("weapon") == (
        "candlestick",
        "knife",
        "lead_pipe",
        "revolver",
        "rope",
        "wrench",
    )
    assert set(cards.category("room")) == {
        "kitchen",
        "ballroom",
        "conservatory",
        "dining_room",
        "billiard_room",
        "library",
        "lounge",
        "hall",
        "study",
    }
    assert len(cards.ids) == len(set(cards.ids)) == 21
    codes = [cards.card(c).code for c in cards.ids]
    assert len(set(codes)) == 21 and all(len(c) == 2 for c in codes)


def test_us_edition_names() -> None:
    cards = load_card_set("classic", "us")
    for card, (us, _) in DIFFERENT.items():
        assert cards.name(card) == us
    for card, name in SAME.items():
        assert cards.name(card) == name


def test_uk_edition_names() -> None:
    cards = load_card_set("classic", "uk")
    for card, (_, uk) in DIFFERENT.items():
        assert cards.name(card) == uk
    for card, name in SAME.items():
        assert cards.name(card) == name


def test_lookup_by_id_code_or_any_edition_name() -> None:
    cards = load_card_set("classic", "us")
    assert cards.lookup("Dagger") == cards.lookup("knife") == cards.lookup("KN") == "knife"
    assert cards.lookup(" reverend green ") == "green"
    with pytest.raises(CardSetError, match="no card 'butler'; cards: sc=Miss Scarlet"):
        cards.lookup("butler")


def test_unknown_edition_and_set_are_refused() -> None:
    with pytest.raises(CardSetError, match="unknown edition 'fr'; classic has: us, uk"):
        load_card_set("classic", "fr")
    with pytest.raises(CardSetError, match="no card set named"):
        load_card_set("tarot")


def test_suspect_colours() -> None:
    cards = load_card_set("classic")
    colours = {s: cards.card(s).color for s in cards.category("suspect")}
    assert colours == {
        "scarlet": "red",
        "mustard": "yellow",
        "white": "white",
        "green": "green",
        "peacock": "blue",
        "plum": "magenta",
    }


def test_card_set_validation() -> None:
    base = {"id": "x", "editions": ["us"], "default_edition": "us", "categories": ["suspect"]}
    good = {"id": "a", "category": "suspect", "code": "aa", "names": {"us": "A"}}
    assert parse_card_set({**base, "card": [good]}).ids == ("a",)
    with pytest.raises(CardSetError, match="appears twice"):
        parse_card_set({**base, "card": [good, good]})
    with pytest.raises(CardSetError, match="unknown category"):
        parse_card_set({**base, "card": [{**good, "category": "pet"}]})
    with pytest.raises(CardSetError, match="name for each edition"):
        parse_card_set({**base, "card": [{**good, "names": {"uk": "A"}}]})
    with pytest.raises(CardSetError, match="missing field 'code'"):
        parse_card_set({**base, "card": [{"id": "a", "category": "suspect", "names": {}}]})
