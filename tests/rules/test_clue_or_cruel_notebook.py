"""Clue or Cruel's notebook: hands that start empty and grow from a hidden clue pile.

The reader (:mod:`cluedo.rules.clue_or_cruel.reading`) on hand-made events,
whole games checked against the true cards after every event, the issue 14
bug (a guest's notebook with several cards of a category "in the envelope"),
and exact probabilities against brute-force enumeration of every envelope and
pile order of a tiny game.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any

import pytest

from cluedo.agents.base import Agent
from cluedo.agents.registry import bots_for, make_agent
from cluedo.deduction.knowledge import CardKnowledge
from cluedo.deduction.observations import Draw, Hand, HasNone, HasOneOf, Shown
from cluedo.deduction.places import Layout, Place
from cluedo.deduction.truth import check_game
from cluedo.engine.actions import Action
from cluedo.engine.game import Game, new_game
from cluedo.rules.clue_or_cruel.reading import PILE, SAYS_NOTHING, CruelReader
from cluedo.rules.clue_or_cruel.rules import CruelState

RULES = "clue-or-cruel"
TINY = {"suspect": ("a", "b"), "weapon": ("c", "d"), "room": ("e", "f", "g")}
"""Seven cards: three go in the envelope and four into the clue pile."""


def cruel(game: Game) -> CruelState:
    assert isinstance(game.state, CruelState)
    return game.state


def seat_reader(game: Game, seat: int) -> CruelReader:
    found = game.rules.card_reader(seat)
    assert isinstance(found, CruelReader)
    return found


def suggestion(seat: int, s: str, w: str, r: str) -> dict[str, Any]:
    return {"kind": "suggestion", "seat": seat, "suspect": s, "weapon": w, "room": r}


def gem(seat: int, pile_size: int, card: str | None = None) -> dict[str, Any]:
    event: dict[str, Any] = {"kind": "gem_taken", "seat": seat, "at": [7, 5]}
    event["pile_size"] = pile_size
    if card is not None:
        event["card"] = card
    return event


# -- the reader, event by event ------------------------------------------------------


def test_the_clue_pile_is_a_place_of_the_notebook_and_every_hand_starts_empty() -> None:
    game = new_game(RULES, players=4, seed=2)
    seat0 = seat_reader(game, 0)
    readings = [r for e in game.log_for(0) for r in seat0.read(e)]
    layout = readings[0]
    assert isinstance(layout, Layout)
    assert layout.places == (0, 1, 2, 3, "envelope", PILE)
    assert [layout.sizes[s] for s in range(4)] == [0, 0, 0, 0]
    assert layout.sizes[PILE] == 18
    assert readings[1:] == []  # roles and the first turn say nothing about cards


def test_a_gem_is_a_draw_from_the_pile_whose_card_only_the_drawer_sees() -> None:
    reader = CruelReader(0, TINY)
    assert reader.read(gem(0, 3, "a")) == [Draw("0", PILE, "a")]
    assert reader.read(gem(1, 2)) == [Draw("1", PILE, None)]


def test_a_wrong_callers_penalty_card_is_a_fact_for_the_two_who_see_it_only() -> None:
    seen = {"kind": "clue_shown", "seat": 2, "to": 1, "card": "c"}
    unseen = {"kind": "clue_shown", "seat": 2, "to": 1}
    assert CruelReader(1, TINY).read(seen) == [Shown("2", "c")]
    assert CruelReader(0, TINY).read(unseen) == []


def test_a_caught_accomplice_shows_its_whole_hand() -> None:
    event = {"kind": "accomplice_caught", "seat": 1, "hand": ["b", "f"], "bluffs": ["f"]}
    assert CruelReader(0, TINY).read(event) == [Hand("1", ("b", "f"))]


def test_refutations_read_as_in_the_classic_game() -> None:
    reader = CruelReader(0, TINY)
    assert reader.read(suggestion(0, "a", "c", "e")) == []
    assert reader.read({"kind": "cannot_refute", "seat": 1}) == [HasNone("1", ("a", "c", "e"))]
    shown = {"kind": "card_shown", "seat": 2, "to": 0, "card": "c"}
    assert reader.read(shown) == [Shown("2", "c")]
    reader.read(suggestion(1, "b", "d", "f"))
    assert reader.read({"kind": "card_shown", "seat": 2, "to": 1}) == [
        HasOneOf("2", ("b", "d", "f"))
    ]


def test_the_accomplices_bluffs_teach_a_guest_nothing() -> None:
    # Seat 1, the accomplice, drew two cards and names cards in its suggestions
    # over and over; until someone answers, the guest's notebook must not move.
    book = CardKnowledge(CruelReader(0, TINY))
    for event in ({"kind": "setup", "hand_sizes": [0, 0, 0], "pile_size": 4}, gem(1, 3), gem(1, 2)):
        book.observe_event(event)
    before = {card: book.distribution(card) for cards in TINY.values() for card in cards}
    for event in (
        suggestion(1, "a", "c", "e"),
        {"kind": "bluff", "seat": 1},
        suggestion(1, "a", "d", "e"),
        {"kind": "bluff_success", "seat": 1},
        {"kind": "bluff_called", "seat": 2, "player": 1, "card": "g", "right": False},
        {"kind": "must_show_clue", "seat": 2, "to": 1},
    ):
        assert book.reader.read(event) == []
        book.observe_event(event)
    after = {card: book.distribution(card) for card in before}
    assert after == before
    assert book.status("a", "envelope") is None


def test_cards_still_in_the_pile_are_not_taken_for_envelope_cards() -> None:
    # The issue 14 bug: a guest saw most cards named and none shown, and its
    # notebook put them all in the envelope. Undrawn cards may be in the pile.
    book = CardKnowledge(CruelReader(0, TINY))
    book.observe_event({"kind": "setup", "hand_sizes": [0, 0, 0], "pile_size": 4})
    book.observe_event(gem(0, 3, "a"))
    for event in (
        suggestion(0, "b", "c", "e"),
        {"kind": "cannot_refute", "seat": 1},
        {"kind": "cannot_refute", "seat": 2},
        {"kind": "not_refuted", "seat": 0},
    ):
        book.observe_event(event)
    assert book.status("b", "envelope") is True  # seat 0 drew the other suspect
    for card in ("c", "e"):
        assert book.status(card, "envelope") is None
        assert book.possible(card) == frozenset({"envelope", PILE})


def test_every_event_the_rules_emit_is_read_or_known_to_say_nothing() -> None:
    kinds = Counter(e.kind for seed in (6, 7) for e in hasty_game(3, seed).events)
    readers = set(CruelReader(0, TINY).readers)
    assert not SAYS_NOTHING & readers
    unknown = set(kinds) - SAYS_NOTHING - readers
    assert not unknown, f"events nobody decided about: {sorted(unknown)}"
    assert kinds["gem_taken"] and kinds["clue_shown"] and kinds["accomplice_caught"]


def test_a_caught_accomplice_shows_every_card_it_drew_and_draws_no_more() -> None:
    # What lets the reader take the shown hand as the whole hand for good.
    caught = 0
    for seed in (1, 6):
        game = hasty_game(3, seed)
        log = game.full_log()
        for i, event in enumerate(log):
            if event["kind"] != "accomplice_caught":
                continue
            caught += 1
            seat = event["seat"]
            drawn = [e["card"] for e in log if e["kind"] == "gem_taken" and e["seat"] == seat]
            before = [e["card"] for e in log[:i] if e["kind"] == "gem_taken" and e["seat"] == seat]
            assert sorted(event["hand"]) == sorted(before) == sorted(drawn)
            assert sorted(cruel(game).hands[seat]) == sorted(drawn)
    assert caught == 2


# -- whole games against the truth ---------------------------------------------------


class HastyCaller(Agent):
    """A Clue or Cruel bot that calls a bluff as soon as it holds a card, naming
    its own card (never a bluff, so the call is always wrong and costs a penalty
    card); otherwise it plays as ``inner`` does."""

    name = "hasty"

    def __init__(self, inner: Agent) -> None:
        super().__init__(inner.seat)
        self.inner = inner
        self.backlog: list[dict[str, Any]] = []

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        self.backlog += view["log"]
        calls = [a for a in legal if a.kind == "call_bluff"]
        if calls and view["hand"]:
            card = view["hand"][0]
            return next(a for a in calls if a.get("card") == card)
        if legal and all(a.kind == "show_clue" for a in legal):
            return legal[0]
        # The inner bot follows the log: give it everything it missed.
        seen, self.backlog = self.backlog, []
        return self.inner.choose({**view, "log": seen}, legal)


def hasty_table(game: Game, players: int, seed: int) -> dict[int, Agent]:
    """Cruel bots, the second seat a hasty caller (wrong calls and penalty cards)."""
    agents = {s: make_agent("sensible", s, seed=seed, rules=RULES) for s in range(players)}
    agents[1] = HastyCaller(agents[1])
    return agents


def play_out(game: Game, agents: Mapping[int, Agent]) -> None:
    while not game.finished:
        seat = game.to_act()[0]
        agent = agents[seat]
        view = game.view(seat, log_since=agent.log_cursor)
        agent.log_cursor = view["log_end"]
        game.apply(agent.choose(view, game.legal_actions(seat)))


@functools.cache
def hasty_game(players: int, seed: int) -> Game:
    """A finished game of a hasty table (played once, read by several tests)."""
    game = new_game(RULES, players=players, seed=seed)
    play_out(game, hasty_table(game, players, seed))
    return game


def bots(name: str, players: int, seed: int) -> dict[int, Agent]:
    return {s: make_agent(name, s, seed=seed, rules=RULES) for s in range(players)}


def test_clue_or_cruel_has_random_and_its_own_bots() -> None:
    assert {"random", "sensible"} <= set(bots_for(RULES))


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (3, 2), (6, 1), (6, 2)])
def test_random_bots_games_never_make_a_notebook_state_a_false_fact(
    players: int, seed: int
) -> None:
    game = new_game(RULES, players=players, seed=seed)
    tally = check_game(game, bots("random", players, seed), complete_every=5)
    assert tally.facts > 0 and tally.exact_checks > 0
    # A seat may end on estimates while its count is too large to finish quickly
    # (CardKnowledge.COUNT_LIMIT); never every seat.
    assert len(tally.estimated_seats) < players


@pytest.mark.parametrize(
    ("players", "seed", "every"), [(3, 1, 100), (3, 6, 100), (6, 3, 60), (6, 4, 60)]
)
def test_cruel_bots_games_never_make_a_notebook_state_a_false_fact(
    players: int, seed: int, every: int
) -> None:
    game = new_game(RULES, players=players, seed=seed)
    tally = check_game(game, bots("sensible", players, seed), complete_every=every)
    assert tally.facts > 0 and tally.exact_checks > 0
    # A seat may end on estimates while its count is too large to finish quickly
    # (CardKnowledge.COUNT_LIMIT); never every seat.
    assert len(tally.estimated_seats) < players


@pytest.mark.parametrize(("players", "seed", "every"), [(3, 5, 100), (6, 3, 60)])
def test_wrong_bluff_calls_and_penalty_cards_never_make_a_notebook_state_a_false_fact(
    players: int, seed: int, every: int
) -> None:
    game = new_game(RULES, players=players, seed=seed)
    tally = check_game(game, hasty_table(game, players, seed), complete_every=every)
    assert tally.facts > 0 and tally.exact_checks > 0
    assert any(e.kind == "clue_shown" for e in game.events)


def test_a_spectators_notebook_follows_the_public_log_without_a_false_fact() -> None:
    game = hasty_game(3, 6)
    found = game.rules.card_reader(None)
    assert isinstance(found, CruelReader)
    book = CardKnowledge(found)
    truth = game.rules.card_places(game.state)
    log = game.log_for(None)
    assert all("card" not in e for e in log if e["kind"] == "gem_taken")
    book.observe_events(log)
    for card, place in truth.items():
        assert book.status(card, place) is not False
        for other in book.places:
            assert other == place or book.status(card, other) is not True
    accomplice = cruel(game).accomplice
    for card in cruel(game).hands[accomplice]:  # shown to all when caught
        assert book.where(card) == accomplice
    assert book.solution() == cruel(game).envelope


# -- issue 14: never two cards of a category "certainly in the envelope" -------------


def test_no_notebook_ever_puts_two_cards_of_a_category_certainly_in_the_envelope() -> None:
    # Each seat looks at its notebook as its turn begins, as a person would,
    # and once more at the end (a wrong bluff call and a caught accomplice included).
    game = new_game(RULES, players=3, seed=6)
    agents = hasty_table(game, 3, 6)
    books = {s: CardKnowledge(seat_reader(game, s)) for s in range(3)}
    cursors = dict.fromkeys(books, 0)
    solved: set[int] = set()

    def look(seat: int) -> None:
        book = books[seat]
        book.observe_events(game.log_for(seat, since=cursors[seat]))
        cursors[seat] = len(game.events)
        for cards in book.categories.values():
            inside = [c for c in cards if book.status(c, "envelope") is True]
            assert len(inside) <= 1, f"seat {seat}: {inside} all in the envelope"
            if inside:
                assert inside[0] in cruel(game).envelope
                solved.add(seat)

    while not game.finished:
        seat = game.to_act()[0]
        agent = agents[seat]
        view = game.view(seat, log_since=agent.log_cursor)
        agent.log_cursor = view["log_end"]
        for event in game.apply(agent.choose(view, game.legal_actions(seat))):
            if event.kind == "turn":
                look(event.data["seat"])
    for seat in books:
        look(seat)
    assert solved == {0, 1, 2}  # every notebook got envelope cards: the check had teeth


# -- exact probabilities against brute force ------------------------------------------

SCENARIOS: dict[str, list[dict[str, Any]]] = {
    "draws_and_a_failed_refutation_before_a_draw": [
        gem(1, 3),
        suggestion(0, "a", "c", "e"),
        {"kind": "cannot_refute", "seat": 1},  # true of seat 1's one card so far
        gem(0, 2, "b"),
        gem(1, 1),  # may be a, c or e after all
        {"kind": "accusation", "seat": 1, "suspect": "a", "weapon": "d", "room": "g"}
        | {"correct": False},
    ],
    "a_penalty_card": [
        gem(1, 3),
        gem(1, 2),
        suggestion(0, "b", "d", "f"),
        {"kind": "cannot_refute", "seat": 1},
        {"kind": "clue_shown", "seat": 1, "to": 0, "card": "g"},
        gem(0, 1, "e"),
    ],
    "a_caught_hand_then_more_draws": [
        gem(1, 3),
        suggestion(0, "a", "d", "g"),
        {"kind": "card_shown", "seat": 1, "to": 0, "card": "d"},
        gem(1, 2),
        {"kind": "accomplice_caught", "seat": 1, "hand": ["d", "f"], "bluffs": ["d"]},
        gem(0, 1, "b"),
    ],
}


def worlds() -> Iterator[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Every envelope and every order of the clue pile, equally likely."""
    for envelope in itertools.product(*TINY.values()):
        rest = [c for cards in TINY.values() for c in cards if c not in envelope]
        for order in itertools.permutations(rest):
            yield envelope, order


def fits(
    event: Mapping[str, Any],
    named: set[str],
    hands: Mapping[int, list[str]],
    envelope: tuple[str, ...],
) -> bool:
    """Whether ``event`` could have happened with these hands and this envelope."""
    kind = event["kind"]
    held = set(hands.get(event.get("seat", -1), ()))
    if kind == "cannot_refute":
        return not named & held
    if kind in ("card_shown", "clue_shown"):
        return event["card"] in held
    if kind == "accomplice_caught":
        return held == set(event["hand"]) and len(held) == len(event["hand"])
    if kind == "accusation":
        return (event["suspect"], event["weapon"], event["room"]) != envelope
    return True


def play_world(
    envelope: tuple[str, ...], order: tuple[str, ...], events: Sequence[Mapping[str, Any]]
) -> dict[str, Place] | None:
    """Where each card ends up if the game went as ``events`` say, or None if it
    could not have: the rules' meaning of each event, written out plainly."""
    pile = list(order)
    hands: dict[int, list[str]] = {0: [], 1: []}
    named: set[str] = set()
    for e in events:
        if e["kind"] == "gem_taken":
            card = pile.pop(0)
            if e.get("card", card) != card:
                return None
            hands[e["seat"]].append(card)
        elif e["kind"] == "suggestion":
            named = {e["suspect"], e["weapon"], e["room"]}
        elif not fits(e, named, hands, envelope):
            return None
    places: dict[str, Place] = dict.fromkeys(envelope, "envelope")
    places.update(dict.fromkeys(pile, PILE))
    for seat, hand in hands.items():
        places.update(dict.fromkeys(hand, seat))
    return places


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_probabilities_equal_brute_force_over_every_envelope_and_pile_order(name: str) -> None:
    events = [{"kind": "setup", "hand_sizes": [0, 0], "pile_size": 4}, *SCENARIOS[name]]
    book = CardKnowledge(CruelReader(0, TINY))
    cards = [c for group in TINY.values() for c in group]
    for step in range(1, len(events) + 1):
        book.observe_event(events[step - 1])
        seen: list[dict[str, Place]] = []
        for envelope, order in worlds():
            placed = play_world(envelope, order, events[:step])
            if placed is not None:
                seen.append(placed)
        assert seen, "the scenario must be possible"
        exact = book.exact_notebook()
        assert exact is not None
        for card in cards:
            tally = Counter(placed[card] for placed in seen)
            for place in book.places:
                truth = Fraction(tally[place], len(seen))
                assert exact.exact_probability(card, str(place)) == truth, (step, card, place)
                assert book.probability(card, place) == pytest.approx(float(truth))
                expected = True if truth == 1 else False if truth == 0 else None
                assert book.status(card, place) is expected
