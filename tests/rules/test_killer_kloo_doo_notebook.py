"""Killer Kloo Doo's notebook: how a seat's events become facts about the clue
cards that move in Part 1 (dug from the middle, bribed and grabbed between
hands, seen by some seats and not others), checked on hand-made events, against
brute-force enumeration, and against the true game after every event."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import Any

import pytest

from cluedo.agents.base import Agent
from cluedo.agents.registry import bots_for, make_agent
from cluedo.deduction.knowledge import CardKnowledge
from cluedo.deduction.observations import Draw, Shown, Transfer
from cluedo.deduction.places import Layout
from cluedo.deduction.truth import TruthTally, check_game
from cluedo.engine import Action, Game, new_game
from cluedo.engine.registry import make_rules
from cluedo.rules.killer_kloo_doo.reading import KlooDooReader
from cluedo.rules.killer_kloo_doo.state import DEAL, KillerKlooDooState

RULES = "killer-kloo-doo"
CATEGORIES = make_rules(RULES).card_set.by_category()  # type: ignore[attr-defined]


def book_for(seat: int | None, events: Sequence[dict[str, Any]]) -> CardKnowledge:
    book = CardKnowledge(KlooDooReader(seat, CATEGORIES))
    book.observe_events(events)
    return book


def setup_event(players: int = 3) -> dict[str, Any]:
    each, middle = DEAL[players]
    return {"kind": "setup", "part": 1, "hand_sizes": [each] * players, "middle": middle}


# -- the reader on hand-made events --------------------------------------------------------


def test_setup_lays_out_hands_envelope_and_the_middle_for_the_exact_count() -> None:
    (layout,) = KlooDooReader(0, CATEGORIES).read(setup_event(3))
    assert isinstance(layout, Layout)
    assert layout.places == (0, 1, 2, "envelope", "middle")
    assert layout.sizes["middle"] == 3 and layout.sizes[0] == 5
    assert layout.setup is not None  # a model the exact engine counts


def test_a_dug_clue_is_a_draw_from_the_middle_named_only_for_the_digger() -> None:
    dug = {"kind": "dug_clue", "seat": 1, "card_played": "4S", "middle": 2}
    assert KlooDooReader(1, CATEGORIES).read({**dug, "card": "rope"}) == [
        Draw("1", "middle", "rope")
    ]
    assert KlooDooReader(0, CATEGORIES).read(dug) == [Draw("1", "middle", None)]


def test_a_passed_clue_is_a_transfer_named_only_for_giver_and_taker() -> None:
    passed = {"kind": "clue_passed", "seat": 2, "to": 0}
    assert KlooDooReader(0, CATEGORIES).read({**passed, "card": "hall"}) == [
        Transfer("2", "0", "hall")
    ]
    assert KlooDooReader(1, CATEGORIES).read(passed) == [Transfer("2", "0", None)]


def test_the_end_of_part_one_shows_the_envelope_to_every_seat() -> None:
    over = {
        "kind": "part_one_over",
        "how": "accused-wrong",
        "scores": [0, 0, 0],
        "envelope": ["plum", "rope", "hall"],
        "cards": [["2H"], [], []],
    }
    for seat in (0, 2, None):
        assert KlooDooReader(seat, CATEGORIES).read(over) == [
            Shown("envelope", "plum"),
            Shown("envelope", "rope"),
            Shown("envelope", "hall"),
        ]


@pytest.mark.parametrize(
    "event",
    [
        {"kind": "part_two", "part": 2, "characters": [], "scores": [0, 0, 0]},
        {"kind": "objectives", "seat": 0, "objectives": ["plum", "rope", "hall"]},
        {"kind": "objective_achieved", "seat": 0, "objective": "plum"},
        {"kind": "card_given", "seat": 1, "to": 0, "card": "QD"},
        {"kind": "bribe_accepted", "seat": 0, "target": 1, "card_played": "9D", "ask": "clue"},
        {"kind": "contest_result", "type": "grab", "seat": 0, "target": 1, "won": True},
        {"kind": "dug_weapon", "seat": 0, "card_played": "4S", "weapon": "rope"},
    ],
)
def test_events_that_move_no_clue_card_say_nothing(event: dict[str, Any]) -> None:
    # Part 2's objectives are secret goals drawn from a fresh set, not cards held;
    # a bribe or grab says nothing until its clue_passed event.
    assert KlooDooReader(0, CATEGORIES).read(event) == []


def test_part_two_alone_deals_no_clue_cards_so_keeps_no_notebook() -> None:
    assert make_rules(RULES, {"parts": "survival"}).card_reader(0) is None
    assert isinstance(make_rules(RULES, {"parts": "investigation"}).card_reader(0), KlooDooReader)
    assert isinstance(make_rules(RULES).card_reader(None), KlooDooReader)


# -- the bug: cards that change hands ---------------------------------------------


def test_a_card_seen_in_a_hand_may_have_left_it_with_an_unseen_pass() -> None:
    """Seat 0 saw seat 1 hold scarlet; after seat 1 passed an unseen card to seat 2,
    the notebook must no longer say seat 1 holds it."""
    events = [
        setup_event(3),
        {"kind": "dealt", "seat": 0, "hand": ["mustard", "knife", "hall", "study", "lounge"]},
        {"kind": "suggestion", "seat": 0, "suspect": "scarlet", "weapon": "rope", "room": "hall"},
        {"kind": "card_shown", "seat": 1, "to": 0, "card": "scarlet"},
    ]
    book = book_for(0, events)
    assert book.status("scarlet", 1) is True
    book.observe_event({"kind": "clue_passed", "seat": 1, "to": 2})
    assert book.possible("scarlet") == {1, 2}
    assert book.status("scarlet", 1) is None and book.status("scarlet", "envelope") is False
    assert book.exact
    assert book.probability("scarlet", 2) == pytest.approx(1 / 5)  # 1 of seat 1's 5 cards


def test_a_card_arriving_unseen_undoes_an_earlier_could_not_refute() -> None:
    """Seat 2 could not refute scarlet, then may have received it unseen: when seat 1
    later cannot refute it, scarlet is with seat 2 - not in the envelope."""
    events = [
        setup_event(3),
        {"kind": "dealt", "seat": 0, "hand": ["mustard", "knife", "hall", "study", "lounge"]},
        {"kind": "suggestion", "seat": 1, "suspect": "scarlet", "weapon": "rope", "room": "hall"},
        {"kind": "cannot_refute", "seat": 2, "suggester": 1},
        {"kind": "card_shown", "seat": 0, "to": 1, "card": "hall"},
        {"kind": "suggestion", "seat": 0, "suspect": "scarlet", "weapon": "knife", "room": "study"},
        {"kind": "card_shown", "seat": 1, "to": 0, "card": "scarlet"},
        {"kind": "clue_passed", "seat": 1, "to": 2},
        {"kind": "suggestion", "seat": 0, "suspect": "scarlet", "weapon": "knife", "room": "hall"},
        {"kind": "cannot_refute", "seat": 1, "suggester": 0},
    ]
    book = book_for(0, events)
    assert book.possible("scarlet") == {2}
    assert book.status("scarlet", 2) is True
    assert book.envelope_status("scarlet") is False
    assert "scarlet" not in book.envelope_candidates("suspect")


def test_a_card_the_seat_gave_away_is_with_the_taker() -> None:
    events = [
        setup_event(3),
        {"kind": "dealt", "seat": 0, "hand": ["mustard", "knife", "hall", "study", "lounge"]},
        {"kind": "clue_passed", "seat": 0, "to": 1, "card": "knife"},
        {"kind": "dug_clue", "seat": 0, "middle": 2, "card": "plum"},
    ]
    book = book_for(0, events)
    assert book.status("knife", 0) is False and book.status("knife", 1) is True
    assert book.status("plum", 0) is True and book.status("plum", "middle") is False
    assert book.possible("white") == {1, 2, "envelope", "middle"}


# -- against brute force: an unseen pass is a uniformly random card of the hand -----------

SMALL = {"suspect": ("a", "b", "c"), "weapon": ("d", "e", "f"), "room": ("g", "h")}
Worlds = list[tuple[Fraction, dict[int, list[str]], list[str]]]
Step = Callable[[dict[int, list[str]], list[str]], Iterator[tuple[Fraction, Any, Any]]]


def dig(seat: int, seen: str | None = None) -> Step:
    def step(h: dict[int, list[str]], m: list[str]) -> Iterator[tuple[Fraction, Any, Any]]:
        for i, card in enumerate(m):
            if seen in (None, card):
                hands = {s: [*cs, card] if s == seat else list(cs) for s, cs in h.items()}
                yield Fraction(1, len(m)), hands, m[:i] + m[i + 1 :]

    return step


def give(source: int, target: int, seen: str | None = None) -> Step:
    def step(h: dict[int, list[str]], m: list[str]) -> Iterator[tuple[Fraction, Any, Any]]:
        for i, card in enumerate(h[source]):
            if seen in (None, card):
                hands = {s: list(cs) for s, cs in h.items()}
                hands[source].pop(i)
                hands[target].append(card)
                yield Fraction(1, len(h[source])), hands, m

    return step


def holding(seat: int, cards: str, some: bool) -> Step:
    """Keeps the worlds where ``seat`` holds some of ``cards`` (or none, ``some=False``)."""

    def step(h: dict[int, list[str]], m: list[str]) -> Iterator[tuple[Fraction, Any, Any]]:
        if bool(set(cards) & set(h[seat])) == some:
            yield Fraction(1), h, m

    return step


def enumerate_places(hand: list[str], steps: list[Step]) -> dict[tuple[str, Any], Fraction]:
    """Exact P(card at place) for seat 0 holding ``hand``, by every deal and history
    (three seats of one card, two in the middle)."""
    weight: dict[tuple[str, Any], Fraction] = {}
    total = Fraction(0)
    cards = [c for cs in SMALL.values() for c in cs]
    for envelope in itertools.product(*SMALL.values()):
        rest = [c for c in cards if c not in envelope]
        for order in itertools.permutations(rest):
            if [order[0]] != hand:
                continue
            worlds: Worlds = [(Fraction(1), {s: [order[s]] for s in range(3)}, list(order[3:]))]
            for step in steps:
                worlds = [(p * q, h2, m2) for p, h, m in worlds for q, h2, m2 in step(h, m)]
            for p, h, m in worlds:
                total += p
                places: dict[str, Any] = dict.fromkeys(envelope, "envelope")
                places.update(dict.fromkeys(m, "middle"))
                for seat, held in h.items():
                    places.update(dict.fromkeys(held, seat))
                for card, place in places.items():
                    weight[(card, place)] = weight.get((card, place), Fraction(0)) + p
    return {key: w / total for key, w in weight.items()}


SCENARIOS = {
    "unseen dig and pass": (
        [
            {"kind": "dug_clue", "seat": 1, "middle": 1},
            {"kind": "suggestion", "seat": 2, "suspect": "b", "weapon": "e", "room": "h"},
            {"kind": "cannot_refute", "seat": 0, "suggester": 2},
            {"kind": "card_shown", "seat": 1, "to": 2},
            {"kind": "clue_passed", "seat": 1, "to": 2},
            {"kind": "suggestion", "seat": 0, "suspect": "c", "weapon": "f", "room": "g"},
            {"kind": "cannot_refute", "seat": 1, "suggester": 0},
            {"kind": "card_shown", "seat": 2, "to": 0, "card": "f"},
        ],
        [
            dig(1),
            holding(1, "beh", True),
            give(1, 2),
            holding(1, "cfg", False),
            holding(2, "f", True),
        ],
    ),
    "seen moves, then an unseen pass of a card seen arriving": (
        [
            {"kind": "dug_clue", "seat": 0, "middle": 1, "card": "d"},
            {"kind": "clue_passed", "seat": 0, "to": 1, "card": "a"},
            {"kind": "clue_passed", "seat": 1, "to": 2},
            {"kind": "suggestion", "seat": 1, "suspect": "b", "weapon": "e", "room": "g"},
            {"kind": "cannot_refute", "seat": 2, "suggester": 1},
            {"kind": "cannot_refute", "seat": 0, "suggester": 1},
        ],
        [dig(0, "d"), give(0, 1, "a"), give(1, 2), holding(2, "beg", False)],
    ),
}


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_probabilities_after_unseen_digs_and_passes_equal_brute_force(name: str) -> None:
    events, steps = SCENARIOS[name]
    start = [
        {"kind": "setup", "part": 1, "hand_sizes": [1, 1, 1], "middle": 2},
        {"kind": "dealt", "seat": 0, "hand": ["a"]},
    ]
    book = CardKnowledge(KlooDooReader(0, SMALL))
    book.observe_events(start + events)
    assert book.exact
    truth = enumerate_places(["a"], steps)
    for card in itertools.chain(*SMALL.values()):
        for place in (0, 1, 2, "envelope", "middle"):
            expected = float(truth.get((card, place), 0))
            assert book.probability(card, place) == pytest.approx(expected, abs=1e-12)


# -- the truth: every seat's notebook against the real game --------------------------------


class ClueMover(Agent):
    """Moves clue cards whenever it can: digs, bribes and grabs for clues, accepts
    every bribe (always giving its first card - a choice, not a random pick) and
    gives in to every grab; otherwise walks into rooms, suggests, never accuses."""

    name = "clue-mover"

    def __init__(self, seat: int, seed: int | None = None, eager: float = 1.0) -> None:
        super().__init__(seat, seed)
        self.eager = eager

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        kinds: dict[str, list[Action]] = {}
        for action in legal:
            kinds.setdefault(action.kind, []).append(action)
        for answer in ("accept", "concede"):
            if answer in kinds:
                return kinds[answer][0]
        if "show" in kinds:
            return self.rng.choice(kinds["show"])
        moving = [
            a for a in legal if a.kind == "dig" or a.get("ask") == "clue" or a.get("take") == "clue"
        ]
        if moving and self.rng.random() < self.eager:
            return self.rng.choice(moving)
        for kind in ("suggest", "pick_up", "trick", "fetch"):
            if kind in kinds and self.rng.random() < 0.8:
                return self.rng.choice(kinds[kind])
        if "move" in kinds:
            rooms = [a for a in kinds["move"] if isinstance(a.get("to"), str)]
            return self.rng.choice(rooms or kinds["move"])
        for kind in ("roll", "emerge", "end_turn"):
            if kind in kinds:
                return kinds[kind][0]
        return self.rng.choice([a for a in legal if a.kind != "accuse"])


def test_card_places_puts_every_clue_card_in_one_place_and_keeps_it_in_part_two() -> None:
    g = new_game(RULES, players=4, seed=5, options={"turn_limit": 10})
    agents = {s: ClueMover(s, s) for s in range(4)}
    rules = g.rules
    state = g.state
    assert isinstance(state, KillerKlooDooState)
    before: dict[str, int | str] = {}
    while True:
        places = rules.card_places(state)
        assert sorted(places) == sorted(itertools.chain(*CATEGORIES.values()))
        if state.part == 1:
            middle = [c for c, p in places.items() if p == "middle"]
            assert sorted(middle) == sorted(state.middle_clues)
            before = places
        else:
            assert places == before  # Part 2 moves no clue card
        if g.finished:
            break
        seat = g.to_act()[0]
        g.apply(agents[seat].choose(g.view(seat), g.legal_actions(seat)))
    assert state.part == 2 and clue_moves(g) > 0
    assert list(before.values()).count("envelope") == 3


def play_checked(
    players: int, agents: dict[int, Agent], seed: int, parts: str = "investigation", **kw: Any
) -> tuple[Game, TruthTally]:
    options: dict[str, Any] = {"parts": parts}
    if "turn_limit" in kw:
        options["turn_limit"] = kw.pop("turn_limit")
    g = new_game(RULES, players=players, seed=seed, options=options)
    return g, check_game(g, agents, **kw)


def clue_moves(g: Game) -> int:
    return sum(1 for e in g.full_log() if e["kind"] in ("dug_clue", "clue_passed"))


def test_the_registry_names_the_kloo_doo_bots() -> None:
    assert set(bots_for(RULES)) == {"random", "sensible", "strong", "casual"}
    assert make_agent("sensible", 0, rules=RULES).name != "random"


@pytest.mark.parametrize("seed", [2, 4, 7])
def test_every_seat_stays_true_in_sensible_games_of_three(seed: int) -> None:
    agents = {s: make_agent("sensible", s, seed=seed, rules=RULES) for s in range(3)}
    g, tally = play_checked(3, agents, seed, complete_every=25)
    assert g.finished
    assert clue_moves(g) >= 4
    assert tally.facts > 0 and tally.exact_checks > 0


@pytest.mark.parametrize(("seed", "limit"), [(1, 110), (8, 20_000)])
def test_every_seat_stays_true_in_sensible_games_of_six(seed: int, limit: int) -> None:
    """Six seats: the middle's six cards are dug out early, each unseen dig a slot of
    its own, and the exact count is soon put off as too large. The opening moves
    (seed 1) are where it still counts; the whole game (seed 8) checks the rest."""
    agents = {s: make_agent("sensible", s, seed=seed, rules=RULES) for s in range(6)}
    g, tally = play_checked(6, agents, seed, complete_every=40, limit=limit)
    assert clue_moves(g) >= 6
    assert tally.facts > 0 and tally.exact_checks > 0
    assert g.finished == (limit > 1000)


@pytest.mark.parametrize(("players", "seed", "limit"), [(3, 1, 20_000), (6, 1, 200), (6, 2, 200)])
def test_every_seat_stays_true_through_both_parts_with_random_bots(
    players: int, seed: int, limit: int
) -> None:
    """Random bots accuse at once: Part 1 ends, the envelope is shown, and Part 2
    changes nothing the notebook holds (at six seats, its first few hundred actions)."""
    agents = {s: make_agent("random", s, seed=seed, rules=RULES) for s in range(players)}
    g, tally = play_checked(players, agents, seed, parts="both", complete_every=50, limit=limit)
    assert tally.facts > 0 and tally.exact_checks > 0
    state = g.state
    assert isinstance(state, KillerKlooDooState) and state.part == 2
    for seat in [*range(players), None]:  # None: a spectator, who holds no hand
        book = book_for(seat, g.log_for(seat))
        assert book.solution() == tuple(state.envelope)
        assert book.certain_envelope() == tuple(state.envelope)


@pytest.mark.parametrize(("seed", "eager"), [(0, 1.0), (2, 0.3), (5, 0.3)])
def test_every_seat_stays_true_while_clue_cards_change_hands_again_and_again(
    seed: int, eager: float
) -> None:
    """The issue's bug: after clue cards changed hands the notebook said a seat held a
    card it did not, and named the wrong envelope. Here every seat passes clue cards
    whenever it can and every seat's notebook is checked after every event; where
    the unseen passes outrun the exact count, the sound eliminations are still checked."""
    agents: dict[int, Agent] = {s: ClueMover(s, seed * 10 + s, eager) for s in range(3)}
    g, tally = play_checked(3, agents, seed, turn_limit=40, complete_every=50)
    passes = sum(1 for e in g.full_log() if e["kind"] == "clue_passed")
    assert passes >= 10
    assert tally.facts > 0 and tally.exact_checks > 0
    for seat in range(3):  # the envelope shown at the end is taken in by every seat
        book = book_for(seat, g.log_for(seat))
        state = g.state
        assert isinstance(state, KillerKlooDooState)
        assert book.solution() == tuple(state.envelope)


def test_when_the_exact_count_gives_up_the_notebook_says_why_and_stays_true() -> None:
    """More unseen pass histories than the exact count follows: CardKnowledge falls
    back to the sound eliminations and estimated probabilities, and its certainties
    are still true."""
    agents: dict[int, Agent] = {s: ClueMover(s, s) for s in range(3)}
    g = new_game(RULES, players=3, seed=0, options={"parts": "investigation", "turn_limit": 40})
    passes = 0
    while passes < 25:  # well into the passing, before Part 1 ends and shows the envelope
        seat = g.to_act()[0]
        events = g.apply(agents[seat].choose(g.view(seat), g.legal_actions(seat)))
        passes += sum(1 for e in events if e.kind == "clue_passed")
    truth = g.rules.card_places(g.state)
    gave_up = 0
    for seat in range(3):
        book = book_for(seat, g.log_for(seat))
        if book.exact:
            continue
        gave_up += 1
        assert book.why_estimated is not None
        for card, place in truth.items():
            assert book.status(card, place) is not False
            for other in book.places:
                if other != place:
                    assert book.status(card, other) is not True
            assert book.probability(card, place) > 0
            assert sum(book.distribution(card).values()) == pytest.approx(1)
    assert gave_up > 0
