"""The strong bot's UNSOLVED setting: an opponent that let a chance to accuse pass was
not sure yet, so deals on which it would have been weigh less."""

from __future__ import annotations

from typing import Any

from test_strong_parts import _played

from cluedo.agents.race import PublicNotebook
from cluedo.agents.strong import StrongAgent

CARDS = ["a", "b", "c", "w", "v", "x", "y", "z"]
CATEGORIES = [["a", "b", "c"], ["w", "v"], ["x", "y", "z"]]
ENVELOPE = 3


def _turn(seat: int) -> dict[str, Any]:
    return {"kind": "turn", "seat": seat}


def _asks(seat: int, suspect: str, weapon: str, room: str) -> dict[str, Any]:
    return {"kind": "suggestion", "seat": seat, "suspect": suspect, "weapon": weapon, "room": room}


# Seen from seat 0, which holds x (three seats holding 1, 2 and 2 cards). Seat 1 asks
# about c, w, x and seat 2 shows it a card; seat 2 asks about b, v, z and nobody can
# answer; seat 1 asks about c, v, x, seat 2 cannot answer and seat 0 shows it x.
QUESTIONS: list[dict[str, Any]] = [
    _turn(1),
    _asks(1, "c", "w", "x"),
    {"kind": "card_shown", "seat": 2, "to": 1},
    _turn(2),
    _asks(2, "b", "v", "z"),
    {"kind": "cannot_refute", "seat": 0},
    {"kind": "cannot_refute", "seat": 1},
    _turn(0),
    _turn(1),
    _asks(1, "c", "v", "x"),
    {"kind": "cannot_refute", "seat": 2},
    {"kind": "card_shown", "seat": 0, "to": 1, "card": "x"},
]
# Then seat 1's turn passes, and it starts another without accusing.
LATER: list[dict[str, Any]] = [_turn(2), _turn(0), _turn(1)]


def _bot(events: list[dict[str, Any]]) -> StrongAgent:
    bot = StrongAgent(0, seed=1)
    bot.UNSOLVED = 0.1
    bot.public = PublicNotebook(CARDS, [1, 2, 2], CATEGORIES)
    for event in events:
        if event["kind"] != "turn":
            bot.log.observe_event(event)
            bot.public.observe_event(event)
        bot._note_declined(event)
    return bot


def _deal(**where: int) -> list[int]:
    return [where[c] for c in CARDS]


# Both deals fit everything seat 0 knows. On the first, seat 1 (holding a and y) was
# shown w by seat 2 and knows the rest by elimination: it would have accused.
SURE = _deal(x=0, a=1, y=1, b=2, w=2, c=ENVELOPE, v=ENVELOPE, z=ENVELOPE)
# On the second, seat 1 (holding c and y) still wavers between a and b.
UNSURE = _deal(x=0, c=1, y=1, b=2, w=2, a=ENVELOPE, v=ENVELOPE, z=ENVELOPE)


def test_a_deal_on_which_an_opponent_that_did_not_accuse_was_sure_weighs_less() -> None:
    bot = _bot(QUESTIONS + LATER)
    assert bot.unsolved_weights([SURE, UNSURE]) == [0.1, 1.0]


def test_only_what_the_opponent_knew_when_it_last_could_accuse_counts() -> None:
    # Its own question was answered, which bars accusing in that turn: its last chance
    # was the start of the turn, before it heard seat 0's answer.
    bot = _bot(QUESTIONS)
    assert bot._declined[1][1] == 2
    assert bot.unsolved_weights([SURE, UNSURE]) == [1.0, 1.0]


def test_a_question_nobody_answers_leaves_the_asker_a_chance_to_accuse() -> None:
    bot = _bot(QUESTIONS + LATER)
    asked = len(bot.log.questions)
    for event in (
        _asks(1, "a", "w", "y"),
        {"kind": "cannot_refute", "seat": 2},
        {"kind": "cannot_refute", "seat": 0},
    ):
        bot.log.observe_event(event)
        bot.public.observe_event(event)  # type: ignore[union-attr]
        bot._note_declined(event)
    assert bot._declined[1][1] == asked  # the turn is not over yet
    bot._note_declined(_turn(2))
    assert bot._declined[1][1] == asked + 1
    assert bot._declined[2][1] == asked + 1


def test_an_opponent_out_of_the_game_no_longer_counts() -> None:
    bot = _bot(QUESTIONS + LATER)
    wrong = {"kind": "accusation", "seat": 1, "suspect": "a", "weapon": "v", "room": "y"}
    bot._note_declined({**wrong, "correct": False})
    assert 1 not in bot._declined
    assert bot.unsolved_weights([SURE, UNSURE]) == [1.0, 1.0]


def test_in_a_game_the_bot_notes_chances_only_with_the_setting_on() -> None:
    game = _played(6, seed=2, actions=150)
    plain, aware = StrongAgent(0, seed=1), StrongAgent(0, seed=1)
    aware.UNSOLVED = 0.1
    plain._follow(game.view(0))
    aware._follow(game.view(0))
    assert plain._declined == {}
    out = game.view(0)["eliminated"]
    assert set(aware._declined) == {s for s in range(1, 6) if not out[s]}
    assert aware._learnt > plain._learnt
