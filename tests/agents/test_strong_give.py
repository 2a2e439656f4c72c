"""The strong bot's GIVE setting: a question judged also by what it teaches the others."""

from __future__ import annotations

from typing import Any

import numpy as np
from test_strong_parts import _played

from cluedo.agents.inquiry import Draws
from cluedo.agents.race import PublicNotebook, QuickNotebook
from cluedo.agents.strong import StrongAgent, told_distance


def _opponent_one_card_away() -> QuickNotebook:
    """Three seats of two cards; suspects a b c d (0-3), weapons w v (4, 5), rooms x y z
    (6-8). Seat 1 holds b and y, knows seat 0 holds c and w and seat 2 holds z: so the
    envelope holds v and x, and seat 1 knows all but which of a and d is the suspect."""
    book = QuickNotebook([2, 2, 2], [[0, 1, 2, 3], [4, 5], [6, 7, 8]])
    book.hand(1, [1, 7])
    book.holds(0, 2)
    book.holds(0, 4)
    book.holds(2, 8)
    book.propagate()
    assert book.candidates(0) == [0, 3] and book.distance() == 1
    return book


def test_an_answer_heard_by_an_opponent_can_close_its_case() -> None:
    book = _opponent_one_card_away()
    a, d, v, x = 0, 3, 5, 6
    # The deal: a with seat 2, d in the envelope (seat 3 here).
    holder = [2, 1, 0, 3, 0, 3, 3, 1, 2]
    order = [1, 2]  # seat 0 asks: seat 1 first, then seat 2
    # Asking about a with a weapon and a room nobody else holds: seat 2 shows a card,
    # and seat 1, knowing the other two are not seat 2's, learns it is a.
    assert told_distance(book, 1, (a, v, x), holder, order) == 0
    # Asking about d, in the envelope: seat 2 passes, and seat 1 learns as much.
    assert told_distance(book, 1, (d, v, x), holder, order) == 0
    # Asking about cards seat 1 knows the place of teaches it nothing.
    assert told_distance(book, 1, (2, v, x), holder, order) == 1
    # Nor does the answer it gives itself: seat 1 is the one that shows.
    assert told_distance(book, 1, (1, v, x), holder, order) == 1
    # The notebook it was given is left as it was.
    assert book.distance() == 1


def _strong_at(seed: int, actions: int) -> tuple[StrongAgent, dict[str, Any], str]:
    game = _played(6, seed=seed, actions=actions)
    seat = 0
    bot = StrongAgent(seat, seed=1)
    view = game.view(seat)
    bot._follow(view)
    assert bot.book is not None
    room = bot.book.categories["room"][0]
    return bot, view, room


def _late_state() -> tuple[StrongAgent, dict[str, Any], str, list[tuple[str, str]]]:
    """A state where some question would bring an opponent nearer the solution."""
    for seed in range(20):
        bot, view, room = _strong_at(seed, actions=150)
        assert bot.book is not None
        if bot.book.exact_notebook() is None or bot.book.solution() is not None:
            continue
        pairs = [
            (s, w) for s in bot.book.categories["suspect"] for w in bot.book.categories["weapon"]
        ]
        now, after = bot._after_questions(view, room, pairs)
        if (after < now - 1e-9).any():
            return bot, view, room, pairs
    raise AssertionError("no state found where a question helps an opponent")


def test_hearing_a_question_never_takes_an_opponent_further_from_the_solution() -> None:
    bot, view, room, pairs = _late_state()
    now, after = bot._after_questions(view, room, pairs)
    assert after.min() >= 0.0 and (after <= now + 1e-12).all()
    assert after.max() - after.min() > 1e-9  # questions differ in what they give away


def test_with_give_the_bot_asks_what_helps_the_others_least() -> None:
    bot, view, room, _ = _late_state()
    plain = bot._chosen_question(view, room)
    _, suspect, weapon = bot._best_question(view, room)
    assert plain == (suspect, weapon)  # GIVE is 0: the most informative question
    bot.GIVE = 1e6
    bot.GIVE_QUESTIONS = 36
    chosen = bot._chosen_question(view, room)
    assert bot.book is not None
    pairs = [(s, w) for s in bot.book.categories["suspect"] for w in bot.book.categories["weapon"]]
    _, after = bot._after_questions(view, room, pairs)
    assert after[pairs.index(chosen)] >= after.max() - 1e-12
    if after[pairs.index(plain)] < after.max() - 1e-9:
        assert chosen != plain


def test_the_race_values_a_question_by_its_own_survival() -> None:
    holders = [[0, 1, 2, 3, 2, 3], [1, 0, 3, 2, 3, 2], [2, 3, 0, 1, 1, 3]]
    draws = Draws(holders, 3, [[0, 1], [2, 3], [4, 5]])
    order = draws.answer_order(0)
    silence = (np.full((2, 2), 0.25), np.full((2, 2), 0.5))
    plain = draws.race_values([0, 1], [2, 3], 4, order, 0.8, 0.2, silence, 0.4)
    same = draws.race_values([0, 1], [2, 3], 4, order, np.full((2, 2), 0.8), 0.2, silence, 0.4)
    assert np.allclose(plain, same)
    lower = np.full((2, 2), 0.8)
    lower[1, 0] = 0.5
    told = draws.race_values([0, 1], [2, 3], 4, order, lower, 0.2, silence, 0.4)
    assert told[1, 0] < plain[1, 0]
    others = np.ones((2, 2), dtype=bool)
    others[1, 0] = False
    assert np.allclose(told[others], plain[others])


# -- KNOWN_NAMED: riding what the opponents' questions say they do not know ------------


def _named_scene() -> tuple[StrongAgent, list[str]]:
    """Seat 1 asked about a, weapon w, room x, and seat 2 showed it a card; then seat 1
    named a again. Seen from seat 0 (three seats holding 3, 2 and 2 cards)."""
    cards = ["a", "b", "c", "d", "w", "v", "u", "x", "y", "z"]
    categories = [["a", "b", "c", "d"], ["w", "v", "u"], ["x", "y", "z"]]
    bot = StrongAgent(0, seed=1)
    bot.KNOWN_NAMED = 0.1
    bot.public = PublicNotebook(cards, [3, 2, 2], categories)
    events: list[dict[str, Any]] = [
        {"kind": "suggestion", "seat": 1, "suspect": "a", "weapon": "w", "room": "x"},
        {"kind": "card_shown", "seat": 2, "to": 1},
        {"kind": "suggestion", "seat": 1, "suspect": "a", "weapon": "v", "room": "y"},
    ]
    for event in events:
        bot.log.observe_event(event)
        bot.public.observe_event(event)
        if event["kind"] == "suggestion":
            bot._public_at[len(bot.log.questions) - 1] = bot.public.book.copy()
    return bot, cards


def _deal(cards: list[str], **where: int) -> list[int]:
    return [where[c] for c in cards]


def test_a_deal_where_the_asker_had_been_shown_the_card_it_names_again_weighs_less() -> None:
    bot, cards = _named_scene()
    envelope = 3
    # Seat 2 held a and nothing else named: it showed a, and seat 1 (holding c, its
    # suspects still open between b and d) would not name a again.
    shown_a = _deal(cards, z=0, v=0, d=0, y=1, c=1, a=2, u=2, b=envelope, w=envelope, x=envelope)
    # a in the envelope (seat 2 showed w): naming it again is what seat 1 would do.
    a_inside = _deal(cards, z=0, v=0, d=0, y=1, c=1, b=2, w=2, a=envelope, u=envelope, x=envelope)
    # Seat 2 held a and the room x: a careful player shows the room, a stays unknown.
    room_too = _deal(cards, z=0, v=0, d=0, y=1, c=1, a=2, x=2, b=envelope, w=envelope, u=envelope)
    weights = bot.named_weights([shown_a, a_inside, room_too])
    assert abs(weights[0] - 0.1) < 1e-12
    assert weights[1] == 1.0 and weights[2] == 1.0


def test_the_weights_resample_the_deals_and_move_the_envelope_odds() -> None:
    bot, cards = _named_scene()
    envelope = 3
    shown_a = _deal(cards, z=0, v=0, d=0, y=1, c=1, a=2, u=2, b=envelope, w=envelope, x=envelope)
    a_inside = _deal(cards, z=0, v=0, d=0, y=1, c=1, b=2, w=2, a=envelope, u=envelope, x=envelope)
    bot.KNOWN_SHRINK = 0.0
    drawn = bot._weigh_named([shown_a] * 10 + [a_inside] * 10, envelope)
    assert drawn.count(a_inside) > drawn.count(shown_a) > 0  # 10 to 1 in weight
    assert drawn.count(a_inside) + drawn.count(shown_a) == 20
    assert bot._named_ratio is not None
    ratio = bot._named_ratio[1]
    assert ratio[("a", "u", "x")] > 1.0 > ratio[("b", "w", "x")]
    assert abs(ratio[("a", "u", "x")] - 2 / 1.1) < 1e-9


def test_in_a_game_the_weights_lower_the_odds_of_envelopes_their_deals_ruled_against() -> None:
    lowered = 0
    for seed in range(4):
        game = _played(6, seed=seed, actions=150)
        if game.finished:
            continue
        bot = StrongAgent(0, seed=1)
        bot.KNOWN_NAMED = 0.05
        view = game.view(0)
        book = bot._follow(view)
        if book.exact_notebook() is None:
            continue
        assert sorted(bot._public_at) == list(range(len(bot.log.questions)))
        bot._judge(view)
        assert bot._named_ratio is not None and bot._named_ratio[0] == bot._learnt
        ratio = bot._named_ratio[1]
        weighed = dict(bot.odds(book))
        assert abs(sum(weighed.values()) - 1.0) < 1e-9
        saved, bot._named_ratio = bot._named_ratio, None
        plain = dict(bot.odds(book))
        bot._named_ratio = saved
        if min(ratio.values()) < max(ratio.values()):
            worst = min(ratio, key=lambda e: ratio[e])
            assert weighed[worst] < plain[worst]
            lowered += 1
    assert lowered > 0
