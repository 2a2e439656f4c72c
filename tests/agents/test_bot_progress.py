"""Bots never play for ever: alone with an unsolved case, a bot finds a question that
can teach it something and solves the case in a bounded number of actions.

The position behind these tests was found in a six-player classic game where five
random bots had accused wrongly: the bot left alone knew every card but two
weapons, held no room, and stood in a room with a secret passage whose card, like
the card of the room at the other end, was held by a player asked before the one
who might hold the unknown weapon. Every room was "placed", so every room looked
alike and the tie always chose the passage; and each question there was answered
with the room card by its holder. Back and forth, for thousands of turns.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from cluedo.agents.base import Agent
from cluedo.agents.detective import DetectiveAgent
from cluedo.agents.match import ActionLimitReached, step_bots
from cluedo.agents.sensible import SensibleAgent
from cluedo.content import load_card_set
from cluedo.deduction import ENVELOPE
from cluedo.engine import Game, new_game

CATEGORIES = load_card_set("classic").by_category()
PASSAGES = (("lounge", "conservatory"), ("kitchen", "study"))
BOUND = 300
"""Bot actions allowed to finish the case (the loop ran to any limit)."""


def _lone_bot_position(
    make_bot: Callable[[int], SensibleAgent],
) -> tuple[Game, dict[int, Agent], SensibleAgent, str]:
    """A six-player classic game with every other seat out, the bot's case nearly
    solved (two weapons left: the envelope's and one held by seat ``k``), the bot in
    a room with a passage, and both rooms of the passage held by seats answering
    before ``k``. Returns the game, the agents, the bot and the passage's far room."""
    for seed in range(3000):
        game = new_game("classic", players=6, seed=seed)
        state: Any = game.state
        me = state.current
        order = {(me + k) % 6: k for k in range(1, 6)}
        holder = {c: s for s, hand in enumerate(state.hands) for c in hand}
        if any(c in CATEGORIES["room"] for c in state.hands[me]):
            continue  # a room of its own would be a good place to ask: no loop
        weapons = [w for w in CATEGORIES["weapon"] if holder.get(w, me) != me]
        for weapon in weapons:
            k = order[holder[weapon]]
            for here, there in PASSAGES:
                if not all(order.get(holder.get(r, me), 6) < k for r in (here, there)):
                    continue
                for seat in range(6):
                    state.eliminated[seat] = seat != me
                state.positions[state.characters[me]] = here
                bot = make_bot(me)
                agents: dict[int, Agent] = {
                    s: bot if s == me else SensibleAgent(s, seed=s) for s in range(6)
                }
                # The bot has followed the game so far, and has been shown every card
                # in the others' hands but one weapon.
                view = game.view(me)
                bot.log_cursor = view["log_end"]
                book = bot._follow(view)
                for card, seat in holder.items():
                    if seat != me and card != weapon:
                        book.observe_event(
                            {"kind": "card_shown", "seat": seat, "to": me, "card": card}
                        )
                envelope_weapon = state.envelope[1]
                assert book.possible(weapon) == {ENVELOPE, holder[weapon]}
                assert book.possible(envelope_weapon) == {ENVELOPE, holder[weapon]}
                assert book.solution() is None
                return game, agents, bot, there
    raise AssertionError("no suitable deal found")


BOTS: list[Callable[[int], SensibleAgent]] = [
    lambda seat: SensibleAgent(seat, seed=1),
    lambda seat: DetectiveAgent(seat, seed=1),
]


@pytest.mark.parametrize("make_bot", BOTS, ids=["sensible", "detective"])
def test_a_lone_bot_solves_a_nearly_solved_case(make_bot: Callable[[int], SensibleAgent]) -> None:
    game, agents, bot, _ = _lone_bot_position(make_bot)
    try:
        step_bots(game, agents, limit=BOUND)
    except ActionLimitReached:
        pytest.fail(f"{bot.name} did not solve the case in {BOUND} actions")
    assert game.finished
    assert game.state.outcome == "solved"
    assert tuple(game.state.winners) == (bot.seat,)


@pytest.mark.parametrize("make_bot", BOTS, ids=["sensible", "detective"])
def test_a_lone_bot_does_not_take_a_passage_to_a_room_that_teaches_nothing(
    make_bot: Callable[[int], SensibleAgent],
) -> None:
    game, _, bot, there = _lone_bot_position(make_bot)
    seat = bot.seat
    view = game.view(seat, log_since=bot.log_cursor)
    legal = game.legal_actions(seat)
    assert {a.kind for a in legal} >= {"roll", "passage"}
    # Every question in the far room is answered by the room's holder before anyone
    # who may hold the unknown weapon is asked.
    assert bot.choose(view, legal).kind == "roll"
    assert bot._question_value(there) == 0.0


@pytest.mark.parametrize("make_bot", BOTS, ids=["sensible", "detective"])
def test_a_question_uses_known_cards_so_only_the_unknown_card_can_answer(
    make_bot: Callable[[int], SensibleAgent],
) -> None:
    """In the envelope's room, the question names the unknown weapon with a suspect
    nobody asked can hold: whoever answers, the case is then solved."""
    game, agents, bot, _ = _lone_bot_position(make_bot)
    state: Any = game.state
    seat = bot.seat
    room = state.envelope[2]
    state.positions[state.characters[seat]] = room
    state.decisions.top.context.update(stage="moved", entered=room)
    view = game.view(seat, log_since=bot.log_cursor)
    bot.log_cursor = view["log_end"]
    choice = bot.choose(view, game.legal_actions(seat))
    assert choice.kind == "suggest"
    assert choice["weapon"] in bot.book.envelope_candidates("weapon")  # type: ignore[union-attr]
    held_by_others = {c for s, hand in enumerate(state.hands) if s != seat for c in hand}
    assert choice["suspect"] not in held_by_others
    game.apply(choice)
    step_bots(game, {s: a for s, a in agents.items() if s != seat})
    view = game.view(seat, log_since=bot.log_cursor)
    bot.log_cursor = view["log_end"]
    bot._follow(view)
    assert bot.book is not None and bot.book.solution() == tuple(state.envelope)
