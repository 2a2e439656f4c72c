"""The referee of the notebook soak (:mod:`cluedo.deduction.truth`) can fail.

Each way it checks - every card's places, the certain envelope, the exact
count, and the place check it does not redo while nothing changed - must still
catch a fact planted false, and skipping unchanged checks must cover the same
facts as redoing them all.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest

from cluedo.agents.registry import make_agent
from cluedo.deduction.knowledge import CardKnowledge
from cluedo.deduction.observations import HasNone
from cluedo.deduction.places import Place
from cluedo.deduction.truth import FalseFact, Referee, TruthTally, check_game, check_seat
from cluedo.engine import Game, new_game


def agents(game: Game, bot: str, seed: int) -> dict[int, Any]:
    return {
        s: make_agent(bot, s, seed=seed * 10 + s, rules=game.rules_name)
        for s in range(game.players)
    }


def play(game: Game, table: dict[int, Any], actions: int) -> None:
    for _ in range(actions):
        if game.finished:
            return
        seat = game.to_act()[0]
        view = game.view(seat, log_since=table[seat].log_cursor)
        table[seat].log_cursor = view["log_end"]
        game.apply(table[seat].choose(view, game.legal_actions(seat)))


def truth_of(game: Game) -> dict[str, Place]:
    return dict(game.rules.card_places(game.state))


@functools.cache
def finished_book(seed: int = 2) -> tuple[Game, CardKnowledge, dict[str, Place]]:
    """A classic game played out by sensible bots, and a seat's notebook that
    knows the envelope (played once: the checks only read the notebook)."""
    game = new_game("classic", players=3, seed=seed)
    play(game, agents(game, "sensible", seed), 2000)
    assert game.finished
    for seat in range(game.players):
        book = CardKnowledge(game.rules.card_reader(seat))  # type: ignore[arg-type]
        book.observe_events(game.log_for(seat))
        if book.solution() is not None:
            return game, book, truth_of(game)
    raise AssertionError("no seat knows the envelope")


def own_card(book: CardKnowledge, truth: dict[str, Place]) -> str:
    """A card the seat holds (so it is sure of its place)."""
    return next(c for c, p in truth.items() if p == book.seat)


def test_check_seat_passes_the_true_places_and_counts_every_fact() -> None:
    _, book, truth = finished_book()
    tally = TruthTally()
    check_seat(book, truth, tally, complete=True)
    assert tally.facts == len(truth) * len(book.places) == tally.exact_checks
    assert tally.unchanged == 0


def test_check_seat_catches_a_card_the_notebook_rules_out_of_its_true_place() -> None:
    _, book, truth = finished_book()
    card = own_card(book, truth)
    with pytest.raises(FalseFact, match=card):
        check_seat(book, {**truth, card: "envelope"}, TruthTally(), complete=False)


def test_check_seat_catches_a_card_the_notebook_does_not_know() -> None:
    _, book, truth = finished_book()
    with pytest.raises(FalseFact, match="unicorn"):
        check_seat(book, {**truth, "unicorn": 0}, TruthTally(), complete=False)


def test_an_unchanged_check_is_counted_apart_and_not_redone() -> None:
    _, book, truth = finished_book()
    card = own_card(book, truth)
    tally = TruthTally()
    # Planted wrong, but declared unchanged: the place check is not redone.
    check_seat(book, {**truth, card: "envelope"}, tally, complete=False, unchanged=True)
    assert tally.facts == 0
    assert tally.unchanged == len(truth) * len(book.places)


def test_the_envelope_is_checked_even_when_the_places_are_unchanged() -> None:
    _, book, truth = finished_book()
    envelope = book.solution()
    assert envelope is not None
    seat = book.seat
    assert seat is not None
    swapped = {**truth, envelope[0]: (seat + 1) % 3}
    with pytest.raises(FalseFact, match="solution"):
        check_seat(book, swapped, TruthTally(), complete=False, unchanged=True)


def test_the_exact_count_is_checked_even_when_the_places_are_unchanged() -> None:
    _, book, truth = finished_book()
    # A card the seat holds, claimed to be with the next seat: the count's
    # certainty (it is the seat's own) is false.
    card = own_card(book, truth)
    seat = book.seat
    assert seat is not None
    with pytest.raises(FalseFact, match="the count says"):
        check_seat(book, {**truth, card: (seat + 1) % 3}, TruthTally(), True, unchanged=True)


def test_the_referee_skips_nothing_when_asked_to_recheck_and_covers_the_same_facts() -> None:
    tallies = []
    for recheck in (False, True):
        game = new_game("classic", players=3, seed=1)
        tallies.append(check_game(game, agents(game, "random", 1), 7, recheck=recheck))
    skipping, full = tallies
    assert skipping.unchanged > 0 and full.unchanged == 0
    assert skipping.facts + skipping.unchanged == full.facts
    assert (skipping.events, skipping.exact_checks) == (full.events, full.exact_checks)


def test_the_referee_catches_a_false_fact_planted_in_a_notebook_mid_game() -> None:
    # The true places do not change; the notebook's version does: checked again.
    game = new_game("classic", players=3, seed=2)
    table = agents(game, "sensible", 2)
    referee = Referee(game)
    referee.catch_up()
    play(game, table, 3)
    referee.catch_up()
    referee.catch_up()
    assert referee.tally.unchanged > 0  # the last catch-up skipped every seat
    truth = truth_of(game)
    book = referee.books[0]
    card = next(c for c, p in truth.items() if p == 1 and book.where(c) is None)
    book.observe(HasNone(player="1", cards=(card,)))
    with pytest.raises(FalseFact, match=card):
        referee.catch_up()


def test_the_referee_catches_a_card_moved_in_the_truth_behind_an_unchanged_notebook(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The notebooks do not change; the true places do: checked again.
    game = new_game("classic", players=3, seed=2)
    referee = Referee(game)
    referee.catch_up()
    referee.catch_up()
    truth = truth_of(game)
    card = own_card(referee.books[0], truth)
    moved = {**truth, card: 1}
    monkeypatch.setattr(game.rules, "card_places", lambda state: moved)
    with pytest.raises(FalseFact, match=card):
        referee.catch_up()


@pytest.mark.parametrize("rules", ["clussassin", "killer-kloo-doo"])
def test_the_referee_checks_cards_that_change_hands(rules: str) -> None:
    # Rule sets whose cards move: the truth changes during the game, so it is
    # snapshotted again; the skipping run covers the facts a full run checks.
    tallies = []
    for recheck in (False, True):
        game = new_game(rules, players=3, seed=5)
        tallies.append(check_game(game, agents(game, "random", 5), 40, limit=80, recheck=recheck))
    skipping, full = tallies
    assert skipping.facts + skipping.unchanged == full.facts > 0
    assert skipping.exact_checks == full.exact_checks
