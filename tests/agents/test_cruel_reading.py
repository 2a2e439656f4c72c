"""The Clue or Cruel bot's reading of its notebook (kept per version of the notebook):
the quick answers it gives agree with the plain rules they stand for."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from cluedo.agents import make_agent
from cluedo.agents.base import ENVELOPE
from cluedo.deduction.knowledge import CardKnowledge
from cluedo.engine import new_game
from cluedo.rules.clue_or_cruel.bots import CruelAgent

RULES = "clue-or-cruel"


def positions(
    players: int, seed: int, every: int = 7
) -> Iterator[tuple[CruelAgent, CardKnowledge]]:
    """Bots' notebooks along a game of sensible bots, every ``every`` actions."""
    game = new_game(RULES, players=players, seed=seed)
    agents = {s: make_agent("sensible", s, seed * 10 + s, rules=RULES) for s in range(players)}
    steps = 0
    while not game.finished and steps < 3000:
        seat = game.to_act()[0]
        agent = agents[seat]
        view = game.view(seat, log_since=agent.log_cursor)
        agent.log_cursor = view["log_end"]
        game.apply(agent.choose(view, game.legal_actions(seat)))
        steps += 1
        if steps % every == 0:
            assert isinstance(agent, CruelAgent) and agent.book is not None
            if not agent.broken:
                yield agent, agent.book


def round_worth(agent: CruelAgent, book: CardKnowledge, named: Sequence[str]) -> float:
    """What the answer to a suggestion may teach, asked seat by seat as the round goes:
    the rule :meth:`CruelAgent._answer_worth` stands for, written out plainly."""

    def info(card: str) -> float:
        places = book.possible(card)
        others = any(isinstance(p, int) and p != agent.seat for p in places)
        return 1.0 if ENVELOPE in places and len(places) > 1 and others else 0.0

    open_cards = [c for c in named if info(c) > 0]
    if not open_cards:
        return 0.0
    worth = 0.0
    for step in range(1, agent.players):
        p = (agent.seat + step) % agent.players
        if any(book.possible(c) == frozenset({p}) for c in named):
            break
        worth += sum(info(c) for c in open_cards if p in book.possible(c)) / len(named)
        open_cards = [c for c in open_cards if p not in book.possible(c)]
        if not open_cards:
            break
    return worth


def test_answer_worth_equals_the_round_asked_seat_by_seat_to_the_last_bit() -> None:
    checked = 0
    worthwhile = 0
    for players, seed in ((4, 1), (6, 2)):
        for agent, book in positions(players, seed, every=13):
            cats = agent.categories
            for suspect in cats["suspect"]:
                for weapon in cats["weapon"][::2]:
                    for room in cats["room"][::3]:
                        triple = (suspect, weapon, room)
                        expected = round_worth(agent, book, triple)
                        assert agent._answer_worth(book, triple) == expected, triple
                        checked += 1
                        worthwhile += expected > 0
    assert checked > 500 and worthwhile > 50


def test_answer_worth_of_fewer_cards_equals_the_round_too() -> None:
    for agent, book in positions(5, 3, every=11):
        for suspect in agent.categories["suspect"]:
            for weapon in agent.categories["weapon"]:
                pair = (suspect, weapon)
                assert agent._answer_worth(book, pair) == round_worth(agent, book, pair)


def test_a_rooms_worth_is_four_times_its_best_suggestion_with_the_likeliest_fillers() -> None:
    for agent, book in positions(4, 4, every=9):
        if agent.role != "guest":
            continue
        cats = agent.categories
        suspects = sorted(cats["suspect"], key=lambda c: -agent._info(book, c))[:3]
        weapons = sorted(cats["weapon"], key=lambda c: -agent._info(book, c))[:3]
        for room in cats["room"]:
            best = max(round_worth(agent, book, (s, w, room)) for s in suspects for w in weapons)
            assert agent._room_worth(book, room) == 4.0 * best


def test_own_named_cards_agree_with_the_card_by_card_rule() -> None:
    found = 0
    for agent, book in positions(4, 5, every=5):
        for seat in agent.suggested:
            by_card = [
                [c for c in triple[:2] if agent._held_when_named(book, seat, c, size, drawn)]
                for triple, size, drawn in agent.suggested[seat]
            ]
            assert agent._own_named(book, seat) == by_card
            found += sum(1 for cards in by_card if cards)
    assert found > 0


def test_the_reading_is_taken_again_once_the_notebook_changes() -> None:
    renewed = kept = 0
    for agent, book in positions(4, 6, every=3):
        before = agent._reading
        reading = agent._read(book)
        if before is not None:
            renewed += before is not reading
            kept += before is reading
        assert agent._read(book) is reading  # the same notebook: the same reading
        assert reading.possible == book.every_possible()
        assert reading.own == [c for c in agent.cards if book.possible(c) == {agent.seat}]
    # Along a game some readings were still good and some had to be taken again.
    assert renewed > 0 and kept > 0
