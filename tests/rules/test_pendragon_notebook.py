"""Pendragon's notebook: what each event tells a seat, and notebooks checked against true games.

The unit tests feed :class:`PendragonReader` hand-made events, one kind each;
the truth runs play whole games (random bots and the knight bot) and check
every seat's notebook after every event against where the cards really are.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from cluedo.agents.registry import bots_for, make_agent
from cluedo.content.cards import load_card_set
from cluedo.deduction.knowledge import CardKnowledge
from cluedo.deduction.observations import (
    FaceUp,
    Hand,
    HasNone,
    HasOneOf,
    Shown,
    WrongAccusation,
)
from cluedo.deduction.places import Layout, Place
from cluedo.deduction.truth import TruthTally, check_game
from cluedo.engine import Action, Game, new_game
from cluedo.env.encoding import SeatMemory
from cluedo.rules.pendragon.reading import PendragonReader
from cluedo.rules.pendragon.rules import PendragonRules, PendragonState

CARDS = load_card_set("pendragon").by_category()
ALL_CARDS = [c for cards in CARDS.values() for c in cards]
STERN = "stern_questioning"
ASKED = {"kind": "suggestion", "seat": 0, "suspect": "morgan", "weapon": "lance", "room": "chapel"}
NAMED = ("morgan", "lance", "chapel")


def reader(seat: int | None = 0) -> PendragonReader:
    return PendragonReader(seat, CARDS, interrogations=(STERN,))


def read_all(r: PendragonReader, events: Iterable[dict[str, Any]]) -> list[Any]:
    return [obs for event in events for obs in r.read(event)]


# -- what each event teaches ---------------------------------------------------------


def test_setup_lays_out_hands_envelope_and_the_face_up_leftovers() -> None:
    out = reader().read({"kind": "setup", "hand_sizes": [6, 6, 6], "face_up": ["kitchen", "mace"]})
    layout, face_up = out
    assert isinstance(layout, Layout)
    assert layout.places == (0, 1, 2, "envelope", "face_up")
    assert [layout.sizes[p] for p in layout.places] == [6, 6, 6, 3, 2]
    assert face_up == FaceUp(("kitchen", "mace"))


def test_setup_without_leftovers_has_no_face_up_place() -> None:
    out = reader().read({"kind": "setup", "hand_sizes": [5, 5, 5, 5], "face_up": []})
    assert len(out) == 1 and isinstance(out[0], Layout)
    assert out[0].places == (0, 1, 2, 3, "envelope")


def test_a_seat_reads_its_own_dealt_hand_only() -> None:
    hand = ["morgan", "lance"]
    assert reader(1).read({"kind": "dealt", "seat": 1, "hand": hand}) == [Hand("1", tuple(hand))]
    assert reader(0).read({"kind": "dealt", "seat": 1}) == []
    assert reader(None).read({"kind": "dealt", "seat": 1}) == []


def test_who_cannot_answer_holds_none_of_the_three_named_cards() -> None:
    events = [ASKED, {"kind": "cannot_refute", "seat": 1, "suggester": 0}]
    assert read_all(reader(2), events) == [HasNone("1", NAMED)]


def test_the_asked_answerer_holds_one_of_them_and_the_unseen_card_adds_nothing() -> None:
    events = [
        ASKED,
        {"kind": "must_refute", "seat": 2, "suggester": 0},
        {"kind": "card_shown", "seat": 2, "to": 0},
    ]
    assert read_all(reader(1), events) == [HasOneOf("2", NAMED)]


def test_the_asker_reads_the_card_shown() -> None:
    events = [
        ASKED,
        {"kind": "must_refute", "seat": 2, "suggester": 0},
        {"kind": "card_shown", "seat": 2, "to": 0, "card": "lance"},
    ]
    assert read_all(reader(0), events) == [HasOneOf("2", NAMED), Shown("2", "lance")]


def test_nobody_answering_says_so_only_through_each_cannot_refute() -> None:
    events = [
        ASKED,
        {"kind": "cannot_refute", "seat": 1, "suggester": 0},
        {"kind": "cannot_refute", "seat": 2, "suggester": 0},
        {"kind": "not_refuted", "seat": 0},
    ]
    assert read_all(reader(0), events) == [HasNone("1", NAMED), HasNone("2", NAMED)]


def stern_events(shown: Iterable[str], asker_sees: bool = True) -> list[dict[str, Any]]:
    """A Suspicion answered under Stern Questioning by seat 1, then the next turn."""
    cards = list(shown)
    out: list[dict[str, Any]] = [
        ASKED,
        {"kind": "must_refute", "seat": 1, "suggester": 0},
        {"kind": "reward_used", "seat": 0, "reward": STERN},
    ]
    if asker_sees:
        out += [{"kind": "card_shown", "seat": 1, "to": 0, "card": c} for c in cards]
    else:
        out.append({"kind": "card_shown", "seat": 1, "to": 0})  # the others see the first only
    return [*out, {"kind": "turn", "seat": 1, "turn": 2}]


def test_stern_questioning_tells_the_asker_the_answerer_has_none_of_the_cards_not_shown() -> None:
    out = read_all(reader(0), stern_events(["morgan"]))
    assert out == [HasOneOf("1", NAMED), Shown("1", "morgan"), HasNone("1", ("lance", "chapel"))]


def test_stern_questioning_fact_waits_for_the_end_of_the_answers() -> None:
    r = reader(0)
    events = stern_events(["morgan", "chapel"])
    before_turn = read_all(r, events[:-1])
    assert not any(isinstance(o, HasNone) for o in before_turn)
    assert r.read(events[-1]) == [HasNone("1", ("lance",))]


def test_stern_questioning_showing_all_three_leaves_nothing_to_rule_out() -> None:
    out = read_all(reader(0), stern_events(NAMED))
    assert not any(isinstance(o, HasNone) for o in out)
    assert [o for o in out if isinstance(o, Shown)] == [Shown("1", c) for c in NAMED]


def test_stern_questioning_teaches_the_rest_of_the_table_only_that_one_card_was_held() -> None:
    out = read_all(reader(2), stern_events(["morgan"], asker_sees=False))
    assert out == [HasOneOf("1", NAMED)]


def test_the_answerer_under_stern_questioning_learns_nothing_new() -> None:
    out = read_all(reader(1), stern_events(["morgan"]))
    assert out == [HasOneOf("1", NAMED), Shown("1", "morgan")]


def test_a_reward_that_moves_a_knight_is_no_questioning() -> None:
    r = reader(0)
    events = [
        ASKED,
        {"kind": "must_refute", "seat": 1, "suggester": 0},
        {"kind": "reward_used", "seat": 0, "reward": "hidden_stair", "to": "staircase"},
        {"kind": "card_shown", "seat": 1, "to": 0, "card": "morgan"},
        {"kind": "turn", "seat": 1, "turn": 2},
    ]
    assert read_all(r, events) == [HasOneOf("1", NAMED), Shown("1", "morgan")]


def test_a_glimpse_shows_the_glimpser_a_card_of_the_target() -> None:
    event = {"kind": "glimpse", "seat": 0, "target": 2, "card": "mace"}
    assert reader(0).read(event) == [Shown("2", "mace")]


def test_a_glimpse_seen_from_outside_says_nothing() -> None:
    assert reader(1).read({"kind": "glimpse", "seat": 0, "target": 2}) == []


def test_a_wrong_accusation_rules_out_that_folder_even_when_pardoned() -> None:
    accused = {
        "kind": "accusation",
        "seat": 0,
        **dict(zip(("suspect", "weapon", "room"), NAMED, strict=True)),
    }
    events = [
        {**accused, "correct": False},
        {"kind": "pardoned", "seat": 0, "reward": "royal_pardon"},
    ]
    assert read_all(reader(1), events) == [WrongAccusation(NAMED)]
    assert reader(1).read({**accused, "correct": True}) == []


def test_the_folder_seen_by_a_wrong_accuser_or_shown_at_the_end() -> None:
    folder = list(NAMED)
    seen = {"kind": "envelope_seen", "seat": 0, "envelope": folder}
    assert reader(0).read(seen) == [Shown("envelope", c) for c in NAMED]
    assert reader(1).read({"kind": "envelope_seen", "seat": 0}) == []
    over = {"kind": "game_over", "outcome": "no-winner", "winners": [], "envelope": folder}
    assert reader(1).read(over) == [Shown("envelope", c) for c in NAMED]


@pytest.mark.parametrize(
    "event",
    [
        {"kind": "roll", "seat": 0, "roll": 4},
        {"kind": "moved", "seat": 0, "to": "chapel", "steps": 3},
        {"kind": "passage", "seat": 0, "from": "kitchen", "to": "servants_quarters"},
        {"kind": "stayed", "seat": 0},
        {"kind": "reward_claimed", "seat": 0, "room": "chapel", "reward": "squires_gossip"},
        {"kind": "trait_roll", "seat": 0, "room": "chapel", "stat": "read_latin", "roll": 3},
        {"kind": "extra_turn", "seat": 0},
        {"kind": "turn", "seat": 1, "turn": 2},
    ],
    ids=lambda e: e["kind"],
)
def test_events_about_knights_say_nothing_about_cards(event: dict[str, Any]) -> None:
    assert reader(0).read(event) == []


# -- the rule set's hooks ------------------------------------------------------------


def test_card_places_puts_every_card_in_a_hand_the_folder_or_face_up() -> None:
    game = new_game("pendragon", players=3, seed=1)
    state = game.state
    assert isinstance(state, PendragonState)
    places = game.rules.card_places(state)
    assert sorted(places) == sorted(ALL_CARDS)
    assert [c for c, p in places.items() if p == "envelope"] == list(state.envelope)
    assert sorted(c for c, p in places.items() if p == "face_up") == sorted(state.face_up)
    for seat, hand in enumerate(state.hands):
        assert sorted(c for c, p in places.items() if p == seat) == sorted(hand)


def test_card_reader_knows_the_stern_questioning_card() -> None:
    rules = new_game("pendragon", players=3, seed=1).rules
    assert isinstance(rules, PendragonRules)
    r = rules.card_reader(2)
    assert isinstance(r, PendragonReader)
    assert r.seat == 2 and r.interrogations == {STERN}


# -- the real events of a game ---------------------------------------------------------


class Dice(random.Random):
    """Die rolls given in advance."""

    def __init__(self, rolls: Iterable[int]) -> None:
        super().__init__(0)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        return self.rolls.pop(0)


def enter_hall_with(reward: str) -> Game:
    """Seat 0 rides into the Great Hall, whose reward card is ``reward``."""
    game = new_game("pendragon", players=3, seed=1, options={"trait_rolls": False})
    state = game.state
    assert isinstance(state, PendragonState) and state.decisions.top is not None
    state.current = 0
    state.decisions.top.seats = (0,)
    state.positions[0] = (7, 12)
    state.rewards["great_hall"] = reward
    game.rng = Dice([1])
    game.apply(Action.make(0, "roll"))
    game.apply(Action.make(0, "move", to="great_hall"))
    return game


def notebook(game: Game, seat: int) -> CardKnowledge:
    book = CardKnowledge(game.rules.card_reader(seat))  # type: ignore[arg-type]
    book.observe_events(game.log_for(seat))
    return book


def test_a_real_stern_questioning_rules_out_the_named_cards_not_shown() -> None:
    game = enter_hall_with(STERN)
    state = game.state
    assert isinstance(state, PendragonState)
    suspect = next(c for c in state.hands[1] if c in CARDS["suspect"])
    weapon = state.envelope[1]  # so that only the asker can rule seat 1 out
    assert notebook(game, 0).possible(weapon) == {1, 2, "envelope"}
    game.apply(Action.make(0, "suggest", suspect=suspect, weapon=weapon))
    game.apply(Action.make(0, "end_turn"))
    asker, other = notebook(game, 0), notebook(game, 2)
    assert asker.where(suspect) == 1
    assert asker.possible(weapon) == {2, "envelope"}
    assert asker.status(weapon, 1) is False
    assert other.possible(suspect) == {0, 1, "envelope"}


def test_a_stern_questioning_fact_reaches_notebooks_that_read_in_batches() -> None:
    # The fact comes with the next event whatever its kind (here the turn passing on,
    # which no reader reads for itself): a notebook catching up on a run of events, and
    # the learning environment's, which skips the kinds a reader does not read, must
    # take it in as the one that reads event by event does.
    game = enter_hall_with(STERN)
    state = game.state
    assert isinstance(state, PendragonState)
    suspect = next(c for c in state.hands[1] if c in CARDS["suspect"])
    weapon = state.envelope[1]
    game.apply(Action.make(0, "suggest", suspect=suspect, weapon=weapon))
    game.apply(Action.make(0, "end_turn"))
    reader = game.rules.card_reader(0)
    assert isinstance(reader, PendragonReader)
    assert game.events[-1].kind not in reader.readers  # the event that brings the fact
    batched = CardKnowledge(reader)
    batched.catch_up(game.log_for(0))
    memory = SeatMemory(game, 0)
    memory.follow(game)
    assert memory.book is not None
    for book in (batched, memory.book):
        assert book.possible(weapon) == {2, "envelope"}


def test_a_real_glimpse_shows_the_card_to_the_glimpser_only() -> None:
    game = enter_hall_with("squires_gossip")
    game.apply(Action.make(0, "glimpse", target=1))
    card = game.events[-1].secret["card"]
    assert notebook(game, 0).where(card) == 1
    assert notebook(game, 2).possible(card) == {0, 1, "envelope"}


# -- probabilities against brute force on a small table ----------------------------------

SMALL = {"suspect": ("a", "b", "s"), "weapon": ("c", "d", "w"), "room": ("e", "f", "g", "h")}
SMALL_SETUP: list[dict[str, Any]] = [
    {"kind": "setup", "hand_sizes": [2, 2, 2], "face_up": ["h"]},
    {"kind": "dealt", "seat": 0, "hand": ["a", "e"]},
]


def small_deals() -> Iterable[dict[str, Place]]:
    """Every deal possible for seat 0 after the set-up above."""
    known: dict[str, Place] = {"a": 0, "e": 0, "h": "face_up"}
    unseen = [c for cards in SMALL.values() for c in cards if c not in known]
    for envelope in itertools.product(*SMALL.values()):
        if any(c in known for c in envelope):
            continue
        rest = [c for c in unseen if c not in envelope]
        for hand1 in itertools.combinations(rest, 2):
            deal = dict(known)
            deal.update(dict.fromkeys(envelope, "envelope"))
            deal.update({c: 1 if c in hand1 else 2 for c in rest})
            yield deal


def brute_force(weight: Callable[[dict[str, Place]], float]) -> dict[str, dict[Place, float]]:
    """Each card's place, averaged over the deals, each deal weighted by how likely
    it makes what the seat saw."""
    totals: dict[str, dict[Place, float]] = {}
    mass = 0.0
    for deal in small_deals():
        w = weight(deal)
        mass += w
        for card, place in deal.items():
            totals.setdefault(card, {}).setdefault(place, 0.0)
            totals[card][place] += w
    return {c: {p: w / mass for p, w in by.items() if w > 0} for c, by in totals.items()}


def assert_distributions(
    events: list[dict[str, Any]], expected: dict[str, dict[Place, float]]
) -> None:
    book = CardKnowledge(PendragonReader(0, SMALL, interrogations=(STERN,)))
    book.observe_events(events)
    assert book.exact
    for card, odds in expected.items():
        assert book.distribution(card) == pytest.approx(odds), card


def test_a_glimpse_read_as_a_shown_card_gives_the_exact_odds() -> None:
    # The glimpsed card is drawn uniformly from the target's hand: with every hand
    # the same size, that weighs each deal holding it alike.
    glimpse = {"kind": "glimpse", "seat": 0, "target": 1, "card": "f"}
    expected = brute_force(lambda deal: 0.5 if deal["f"] == 1 else 0.0)
    assert expected["f"] == {1: 1.0} and len(expected["b"]) == 3
    assert_distributions([*SMALL_SETUP, glimpse], expected)


def test_stern_questioning_gives_the_exact_odds() -> None:
    asked = {"kind": "suggestion", "seat": 0, "suspect": "b", "weapon": "d", "room": "g"}
    events = [
        *SMALL_SETUP,
        asked,
        {"kind": "must_refute", "seat": 1, "suggester": 0},
        {"kind": "reward_used", "seat": 0, "reward": STERN},
        {"kind": "card_shown", "seat": 1, "to": 0, "card": "b"},
        {"kind": "turn", "seat": 1, "turn": 2},
    ]

    def shows_b_only(deal: dict[str, Place]) -> float:
        return 1.0 if [c for c in ("b", "d", "g") if deal[c] == 1] == ["b"] else 0.0

    expected = brute_force(shows_b_only)
    assert expected["b"] == {1: 1.0} and set(expected["d"]) == {2, "envelope"}
    assert_distributions(events, expected)


# -- notebooks against the true game -------------------------------------------------

MAX_PLAYERS = PendragonRules.max_players
PLACES_AT_END = {3: 5, MAX_PLAYERS: MAX_PLAYERS + 2}
"""Places a card may be: the seats, the folder and the face-up leftovers."""


@functools.cache
def truth_run(
    players: int, bot: str, seed: int, complete_every: int, limit: int = 20_000
) -> tuple[Game, TruthTally]:
    """A checked game (kept, so that a test about the same game does not play it again)."""
    game = new_game("pendragon", players=players, seed=seed)
    agents = {s: make_agent(bot, s, seed=seed, rules="pendragon") for s in range(players)}
    return game, check_game(game, agents, complete_every=complete_every, limit=limit)


def assert_checked(players: int, tally: TruthTally) -> None:
    assert tally.facts > 0
    # More exact checks than the final one alone: the count was checked during the game.
    final = players * len(ALL_CARDS) * PLACES_AT_END[players]
    assert tally.exact_checks > final
    assert not tally.estimated_seats  # Pendragon's deal is always counted exactly


def test_the_knight_bot_is_pendragons_own() -> None:
    assert {"random", "knight"} <= set(bots_for("pendragon"))


@pytest.mark.parametrize("seed", [0, 4])
def test_random_three_player_games_notebooks_never_lie(seed: int) -> None:
    game, tally = truth_run(3, "random", seed, complete_every=150)
    assert game.finished
    assert_checked(3, tally)


@pytest.mark.parametrize("seed", [0, 1, 3])
def test_knight_three_player_games_notebooks_never_lie(seed: int) -> None:
    game, tally = truth_run(3, "knight", seed, complete_every=40)
    assert game.finished
    assert_checked(3, tally)


@pytest.mark.parametrize("seed", [2, 3])
def test_random_full_table_notebooks_never_lie(seed: int) -> None:
    # Random knights wander for thousands of turns at a full table: the opening is checked.
    _, tally = truth_run(MAX_PLAYERS, "random", seed, complete_every=300, limit=150)
    assert_checked(MAX_PLAYERS, tally)


@pytest.mark.parametrize("seed", [1, 4])
def test_knight_full_table_notebooks_never_lie(seed: int) -> None:
    game, tally = truth_run(MAX_PLAYERS, "knight", seed, complete_every=400)
    assert game.finished
    assert_checked(MAX_PLAYERS, tally)


def test_checked_knight_games_include_glimpses_and_stern_questioning() -> None:
    # The runs above pass through Pendragon's own events, not only the shared ones.
    game, _ = truth_run(3, "knight", 0, complete_every=40)
    kinds = [(e.kind, e.data.get("reward")) for e in game.events]
    assert ("glimpse", None) in kinds
    assert ("reward_used", STERN) in kinds


def test_a_spectator_knows_only_the_face_up_cards_and_the_folder_at_the_end() -> None:
    game, _ = truth_run(3, "knight", 0, complete_every=40)
    state = game.state
    assert isinstance(state, PendragonState) and state.face_up
    book = CardKnowledge(game.rules.card_reader(None))  # type: ignore[arg-type]
    log = game.log_for(None)
    book.observe_events(log[:-1])  # all but the end of the game
    assert all(book.where(c) == "face_up" for c in state.face_up)
    assert book.where(state.hands[0][0]) is None
    book.observe_event(log[-1])
    assert book.solution() == state.envelope
