"""The strong bot's parts: drawn deals, the opponent-aware odds, question worth, the
opponents' rebuilt notebooks, the race, and the forgetful (easy) bot."""

from __future__ import annotations

import itertools
import math
import random
from collections import defaultdict
from typing import Any

import numpy as np

from cluedo.agents.base import card_knowledge
from cluedo.agents.forgetful import ForgetfulAgent
from cluedo.agents.inquiry import Draws
from cluedo.agents.match import play_out
from cluedo.agents.opponent_model import (
    DealSampler,
    Likelihood,
    Question,
    QuestionLog,
    aware_odds,
    place_weights,
)
from cluedo.agents.race import PublicNotebook, QuickNotebook, accuse_now, survival, waiting
from cluedo.agents.sensible import SensibleAgent
from cluedo.agents.strong import StrongAgent
from cluedo.deduction.knowledge import CardKnowledge
from cluedo.engine.actions import Action
from cluedo.engine.game import Game, new_game


def _played(players: int, seed: int, actions: int) -> Game:
    """A game of sensible bots stopped after some actions."""
    game = new_game("classic", players=players, seed=seed)
    agents = {s: SensibleAgent(s, seed=seed + s) for s in range(players)}
    for _ in range(actions):
        if game.finished:
            break
        seat = game.to_act()[0]
        agent = agents[seat]
        view = game.view(seat, log_since=agent.log_cursor)
        agent.log_cursor = view["log_end"]
        game.apply(agent.choose(view, game.legal_actions(seat)))
    return game


def _knowledge(game: Game, seat: int) -> tuple[CardKnowledge, QuestionLog]:
    book = card_knowledge(game.view(seat), seat)
    log = QuestionLog(seat)
    for event in game.log_for(seat):
        book.observe_event(event)
        log.observe_event(event)
    return book, log


def test_every_drawn_deal_fits_what_the_seat_knows() -> None:
    game = _played(5, seed=3, actions=120)
    book, log = _knowledge(game, 0)
    for aware in (False, True):
        sampler = DealSampler(book, 0, log.questions, aware=aware)
        for deal in sampler.draw(random.Random(1), 60):
            assert all(place in book.possible(card) for card, place in deal.items())
            assert sorted(c for c, p in deal.items() if p == 0) == sorted(game.view(0)["hand"])


def test_a_chain_goes_on_from_an_earlier_draw_that_still_fits() -> None:
    game = _played(4, seed=8, actions=60)
    book, log = _knowledge(game, 1)
    sampler = DealSampler(book, 1, log.questions)
    first = sampler.draw_owners(random.Random(2), 8)
    assert all(sampler.consistent(owner) for owner in first)
    assert not sampler.consistent(first[0][:-1])


def test_a_card_named_by_a_player_is_less_likely_in_its_hand_when_aware() -> None:
    game = _played(6, seed=11, actions=70)
    lowered = 0
    for seat in range(6):
        book, log = _knowledge(game, seat)
        aware = aware_odds(book, log.questions, seat)
        named = {(q.asker, c) for q in log.questions if q.asker != seat for c in q.cards[:2]}
        for asker, card in named:
            plain = book.probability(card, asker)
            if 0.0 < plain < 1.0:
                assert aware.probability(card, asker) < plain
                lowered += 1
        assert math.isclose(sum(p for _, p in aware.envelopes), 1.0)
    assert lowered > 0


def test_the_naming_weight_counts_each_naming_and_ignores_the_seat_itself() -> None:
    mine = Question(0, ("plum", "rope", "hall"), (), 1, "rope")
    theirs = Question(2, ("plum", "rope", "hall"), (1,), None, None)
    plain_answers = Likelihood(own_card=0.1, renamed=1.0, shown_room=1.0)
    weights = place_weights([mine, theirs, theirs], 0, plain_answers)
    assert math.isclose(weights["plum"][2], 0.01)
    assert 0 not in weights["plum"] and "hall" not in weights


def _brute_worth(
    draws: Draws, holders: list[list[int]], named: tuple[int, ...], order: Any
) -> float:
    """Expected envelope entropy drop by enumerating the answers draw by draw."""
    groups: dict[Any, list[np.ndarray]] = defaultdict(
        lambda: [np.zeros(len(c)) for c in draws.categories]
    )
    for n, holder in enumerate(holders):
        places = {c: order[holder[c]] for c in named}
        first = min(places.values())
        answers: dict[Any, float]
        if first > draws.players:
            answers = {("none",): 1.0}
        else:
            seat = next(s for s in range(draws.players) if order[s] == first)
            held = [c for c in named if places[c] == first]
            again = [c for c in held if (seat, c) in draws.shown_before]
            shown = again or held
            answers = {(first, c): 1.0 / len(shown) for c in shown}
        for key, weight in answers.items():
            for k, values in enumerate(draws.envelope):
                groups[key][k][values[n]] += weight
    after = 0.0
    for counts in groups.values():
        for row in counts:
            total = row.sum()
            if total:
                p = row[row > 0] / total
                bins = len(p)
                after += total * (-(p * np.log2(p)).sum() + (bins - 1) / (2 * total * math.log(2)))
    return draws.prior - after / len(holders)


def test_question_worth_matches_counting_the_answers_draw_by_draw() -> None:
    rng = random.Random(4)
    categories = [list(range(3)), list(range(3, 6)), list(range(6, 10))]
    holders = []
    for _ in range(40):
        envelope = [rng.choice(c) for c in categories]
        rest = [c for c in range(10) if c not in envelope]
        rng.shuffle(rest)
        holder = [0] * 10
        for i, c in enumerate(rest):
            holder[c] = i % 3
        for c in envelope:
            holder[c] = 3
        holders.append(holder)
    draws = Draws(holders, 3, categories, shown_before={(1, 7)})
    order = draws.answer_order(0)
    worths = draws.worths(categories[0], categories[1], 7, order)
    for (i, s), (j, w) in itertools.product(enumerate(categories[0]), enumerate(categories[1])):
        assert math.isclose(
            worths[i, j], _brute_worth(draws, holders, (s, w, 7), order), abs_tol=1e-9
        )


def test_an_opponents_rebuilt_notebook_never_rules_out_the_true_envelope() -> None:
    for seed in (2, 6):
        game = _played(6, seed=seed, actions=200)
        state: Any = game.state
        holder_of = {c: s for s, hand in enumerate(state.hands) for c in hand}
        holder_of.update(dict.fromkeys(state.envelope, 6))
        book, log = _knowledge(game, 0)
        cards = [c for cards in book.categories.values() for c in cards]
        public = PublicNotebook(
            cards, [len(h) for h in state.hands], list(book.categories.values())
        )
        for event in game.log_for(0):
            public.observe_event(event)
        base = public.settled()
        truth = [holder_of[c] for c in cards]
        for seat in range(1, 6):
            notebook = public.notebook_of(base, seat, truth, log.questions, random.Random(1))
            assert notebook is not None
            for k, card in enumerate(state.envelope):
                assert public.index[card] in notebook.candidates(k)
            assert notebook.distance() >= 0


def test_a_quick_notebook_fills_a_hand_and_finds_the_envelope() -> None:
    book = QuickNotebook([1, 1], [[0, 1], [2, 3]])  # two seats of one card, two categories
    book.hand(0, [0])
    book.has_none(1, [1])
    book.propagate()
    assert book.candidates(0) == [1]
    assert book.candidates(1) == [2, 3]
    book.has_one_of(1, [2, 1])
    book.propagate()
    assert book.candidates(1) == [3]
    assert book.distance() == 0


def test_nobody_survives_an_opponent_who_already_knows_the_envelope() -> None:
    public = PublicNotebook(["a", "b", "c", "d"], [1, 1], [["a", "b"], ["c", "d"]])
    # Seat 1 holds "b"; from its own hand and a shown card it knows everything.
    public.observe_event(
        {"kind": "suggestion", "seat": 1, "suspect": "a", "weapon": "d", "room": "x"}
    )
    public.observe_event({"kind": "card_shown", "seat": 0, "to": 1})
    holder = [2, 1, 2, 0]  # a and c in the envelope (seat 2), b with seat 1, d with seat 0
    questions = [Question(1, ("a", "d", "x"), (), 0, None)]
    assert survival(public, [holder], questions, [1], random.Random(1)) == 0.0
    assert survival(public, [holder], questions, [], random.Random(1)) == 1.0


def test_accusing_pays_when_the_round_is_unlikely_to_be_survived() -> None:
    assert accuse_now(0.3, survive=0.2)
    assert not accuse_now(0.3, survive=0.99)
    assert accuse_now(1.0, survive=1.0)
    assert waiting(0.5, 0.5) < waiting(0.5, 0.9)


def test_shows_the_card_that_teaches_the_asker_least() -> None:
    bot = StrongAgent(0, seed=1)
    game = _played(3, seed=1, actions=0)
    bot.book = card_knowledge(game.view(0), 0)
    bot.book.observe_events(game.log_for(0))
    options = [Action.make(0, "show", card=c) for c in ("plum", "rope")]
    bot._teaches = lambda view, cards, asker: {"plum": 0.9, "rope": 0.2}  # type: ignore[method-assign]
    assert bot._show({}, options, 1)["card"] == "rope"
    bot.shown["plum"] = {1}
    assert bot._show({}, options, 1)["card"] == "plum"  # seen before: teaches nothing


def test_the_forgetful_bot_knows_no_more_than_the_sensible_one_and_never_accuses_wrongly() -> None:
    game = new_game("classic", players=4, seed=12)
    forgetful = ForgetfulAgent(0, seed=3)
    agents = {0: forgetful, **{s: SensibleAgent(s, seed=s) for s in (1, 2, 3)}}
    for _ in range(150):
        if game.finished:
            break
        seat = game.to_act()[0]
        view = game.view(seat, log_since=agents[seat].log_cursor)
        agents[seat].log_cursor = view["log_end"]
        game.apply(agents[seat].choose(view, game.legal_actions(seat)))
    careful, _ = _knowledge(game, 0)
    assert forgetful.book is not None
    for cards in careful.categories.values():
        for card in cards:
            assert careful.possible(card) <= forgetful.book.possible(card)
    for seed in (5, 6):
        game = new_game("classic", players=4, seed=seed)
        agents = {
            0: ForgetfulAgent(0, seed=seed),
            **{s: SensibleAgent(s, seed=s) for s in (1, 2, 3)},
        }
        play_out(game, agents)
        state: Any = game.state
        assert not state.eliminated[0]


def test_the_forgetful_bot_misses_some_answers_but_never_a_pass_to_its_own_question() -> None:
    bot = ForgetfulAgent(0, seed=7)
    question = {"suspect": "plum", "weapon": "rope", "room": "hall"}
    others: list[dict[str, Any]] = []
    for k in range(40):
        asker = 1 + k % 3
        others.append({"kind": "suggestion", "seat": asker, **question})
        others.append({"kind": "cannot_refute", "seat": 1 + (asker % 3), "suggester": asker})
        others.append({"kind": "card_shown", "seat": 1 + ((asker + 1) % 3), "to": asker})
    kept = bot.notice(others)
    assert sum(e["kind"] == "suggestion" for e in kept) == 40  # a question is never missed
    assert 0 < len(kept) - 40 < 80  # some of the 80 passes and answers are missed
    own: list[dict[str, Any]] = []
    for _ in range(40):
        own.append({"kind": "suggestion", "seat": 0, **question})
        own.append({"kind": "cannot_refute", "seat": 1, "suggester": 0})
        own.append({"kind": "card_shown", "seat": 2, "to": 0, "card": "rope"})
    kept = bot.notice(own)
    assert sum(e["kind"] == "cannot_refute" for e in kept) == 40
    assert 0 < sum(e["kind"] == "card_shown" for e in kept) < 40  # some shown cards forgotten


def test_the_forgetful_bot_notes_most_of_the_other_players_answers() -> None:
    # An easy bot that misses things now and then, not one that hardly listens.
    bot = ForgetfulAgent(0, seed=11)
    question = {"suspect": "plum", "weapon": "rope", "room": "hall"}
    others: list[dict[str, Any]] = []
    for k in range(100):
        asker = 1 + k % 3
        others.append({"kind": "suggestion", "seat": asker, **question})
        others.append({"kind": "cannot_refute", "seat": 1 + (asker % 3), "suggester": asker})
        others.append({"kind": "card_shown", "seat": 1 + ((asker + 1) % 3), "to": asker})
    noted = len(bot.notice(others)) - 100
    assert 140 < noted < 200
