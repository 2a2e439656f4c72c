"""The deck of playing cards shared by the variants that use one."""

from __future__ import annotations

import random

from cluedo.mechanics.dice import roll_off
from cluedo.mechanics.playing_cards import (
    Deck,
    full_deck,
    is_ace,
    is_card,
    is_court,
    label,
    of_suit,
    total,
    value,
)


def test_a_deck_has_52_different_cards_13_of_each_suit() -> None:
    deck = full_deck()
    assert len(deck) == len(set(deck)) == 52
    for suit in "SHDC":
        assert len(of_suit(deck, suit)) == 13


def test_card_values_ace_20_court_12_13_15_pips_face_value() -> None:
    assert value("AS") == 20
    assert [value(f"{n}H") for n in range(2, 11)] == list(range(2, 11))
    assert (value("JD"), value("QD"), value("KD")) == (12, 13, 15)
    assert total(["AS", "2C", "KH"]) == 37


def test_court_cards_are_jack_queen_king_and_not_the_ace() -> None:
    assert [c for c in full_deck() if is_court(c)] == [f"{r}{s}" for s in "SHDC" for r in "JQK"]
    assert is_ace("AC") and not is_court("AC")


def test_card_ids_are_recognised_and_labelled() -> None:
    assert is_card("10D") and not is_card("11D") and not is_card("rope")
    assert label("QH") == "Q\u2665"


def test_deck_draws_from_the_top_and_shuffles_cards_back_in() -> None:
    rng = random.Random(3)
    deck = Deck(rng)
    top = deck.cards[-1]
    assert deck.draw() == top and len(deck) == 51
    deck.shuffle_in([top], rng)
    assert sorted(deck.cards) == sorted(full_deck())
    empty = Deck(rng, cards=[])
    assert empty.draw() is None


def test_the_deck_order_depends_only_on_the_games_generator() -> None:
    assert Deck(random.Random(9)).cards == Deck(random.Random(9)).cards
    assert Deck(random.Random(9)).cards != Deck(random.Random(10)).cards


def test_roll_off_rerolls_ties_until_one_seat_is_highest() -> None:
    for seed in range(50):
        winner, rounds = roll_off(random.Random(seed), [0, 1, 2, 3])
        last = rounds[-1]
        assert last[winner] == max(last.values())
        assert list(last.values()).count(last[winner]) == 1
        for earlier in rounds[:-1]:
            best = max(earlier.values())
            assert list(earlier.values()).count(best) > 1
