"""The strong bot reads which card a careful answerer chose to show.

Careful players (the sensible bot) show a card the asker has seen from them
before, else a room when they hold it. So an answer that showed this seat a
suspect or weapon although the room was named says the answerer most likely
does not hold the room; and an opponent's rebuilt notebook takes the room as
the card it was shown when its answerer held one.
"""

from __future__ import annotations

import random

from cluedo.agents.opponent_model import Likelihood, Question, place_weights
from cluedo.agents.race import PublicNotebook, QuickNotebook

ROOM_FIRST = Likelihood(own_card=1.0, renamed=1.0, shown_room=0.1)


def test_showing_this_seat_a_weapon_instead_of_the_named_room_lowers_the_room_in_that_hand() -> (
    None
):
    asked = Question(0, ("plum", "rope", "hall"), (1,), 2, "rope")
    weights = place_weights([asked], 0, ROOM_FIRST)
    assert weights == {"hall": {2: 0.1}}


def test_no_room_evidence_when_the_room_was_shown_or_the_card_was_shown_before() -> None:
    lounge = Question(0, ("plum", "rope", "lounge"), (), 1, "rope")
    study = Question(0, ("plum", "rope", "study"), (), 1, "rope")
    hall_shown = Question(0, ("plum", "rope", "hall"), (), 1, "hall")
    hall_plum = Question(0, ("plum", "rope", "hall"), (), 1, "plum")
    # Rope had been shown to this seat: a careful answerer shows it again whatever
    # else it holds, so the study question says nothing about the study.
    assert place_weights([lounge, study], 0, ROOM_FIRST) == {"lounge": {1: 0.1}}
    assert place_weights([hall_shown], 0, ROOM_FIRST) == {}
    assert place_weights([hall_shown, hall_plum], 0, ROOM_FIRST) == {}


def test_other_players_answers_carry_no_room_evidence_for_this_seat() -> None:
    theirs = Question(1, ("plum", "rope", "hall"), (), 2, None)
    assert "hall" not in place_weights([theirs], 0, ROOM_FIRST)
    assert (
        place_weights(
            [Question(0, ("plum", "rope", "hall"), (1,), 2, "rope")], 0, Likelihood(shown_room=1.0)
        )
        == {}
    )


def seat_two_answers_seat_one(
    room_first: bool,
) -> tuple[PublicNotebook, QuickNotebook, list[int], list[Question]]:
    """Seat 1 asks (a, c, x) and seat 2, holding a and x, shows it a card unseen by the
    table. Suspects a, b, e; weapons c, d; rooms x, y; seat 1 holds b, seat 0 c, the
    envelope (bit 3) e, d and y."""
    cards = ["a", "b", "e", "c", "d", "x", "y"]
    public = PublicNotebook(cards, [1, 1, 2], [["a", "b", "e"], ["c", "d"], ["x", "y"]])
    public.room_first = room_first
    public.observe_event(
        {"kind": "suggestion", "seat": 1, "suspect": "a", "weapon": "c", "room": "x"}
    )
    public.observe_event({"kind": "card_shown", "seat": 2, "to": 1})
    holder = [2, 1, 3, 0, 3, 2, 3]
    questions = [Question(1, ("a", "c", "x"), (), 2, None)]
    return public, public.settled(), holder, questions


def test_a_rebuilt_opponent_notebook_takes_the_room_as_the_card_a_careful_answerer_showed() -> None:
    public, base, holder, questions = seat_two_answers_seat_one(room_first=True)
    x, a = public.index["x"], public.index["a"]
    for seed in range(8):
        book = public.notebook_of(base, 1, holder, questions, random.Random(seed))
        assert book is not None
        assert book.possible[x] == 1 << 2  # seat 1 saw the room
        assert book.possible[a] != 1 << 2  # and not the suspect


def test_without_room_first_the_shown_card_is_drawn_among_those_held() -> None:
    public, base, holder, questions = seat_two_answers_seat_one(room_first=False)
    seen = set()
    for seed in range(16):
        book = public.notebook_of(base, 1, holder, questions, random.Random(seed))
        assert book is not None
        seen |= {c for c in ("a", "x") if book.possible[public.index[c]] == 1 << 2}
    assert seen == {"a", "x"}
