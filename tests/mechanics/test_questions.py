"""A question put to the table and answered to the left: the one place that knows the
``refute`` decision (:mod:`cluedo.mechanics.questions`)."""

from __future__ import annotations

from cluedo.engine.actions import Action
from cluedo.engine.decisions import DecisionStack
from cluedo.mechanics.questions import (
    QuestionLists,
    explain_answer,
    put_question,
    settle,
    show_actions,
)

HANDS = [["plum"], ["knife", "hall"], ["rope", "study"], ["lounge"]]


def test_players_without_a_named_card_pass_and_the_first_who_holds_one_must_show() -> None:
    stack = DecisionStack()
    events = put_question(stack, 3, ("plum", "rope", "hall"), HANDS)
    # To the left of seat 3: seat 0 holds the plum.
    assert [(e.kind, e.data["seat"]) for e in events] == [("must_refute", 0)]
    stack = DecisionStack()
    events = put_question(stack, 0, ("green", "rope", "hall"), HANDS)
    assert [(e.kind, e.data["seat"]) for e in events] == [("must_refute", 1)]
    refute = stack.top
    assert refute is not None and refute.kind == "refute" and refute.seats == (1,)
    assert show_actions(refute, 1) == [Action.make(1, "show", card="hall")]


def test_nobody_answers_when_nobody_holds_a_named_card() -> None:
    stack = DecisionStack()
    events = put_question(stack, 1, ("green", "wrench", "ballroom"), HANDS)
    assert [e.kind for e in events] == ["cannot_refute"] * 3 + ["not_refuted"]
    assert stack.top is None


def test_the_card_shown_reaches_only_the_asker_and_the_answer_is_taken_off_the_stack() -> None:
    stack = DecisionStack()
    put_question(stack, 0, ("green", "rope", "study"), HANDS)
    shown = settle(stack, Action.make(2, "show", card="study"))
    assert stack.top is None
    assert shown.for_seat(0) == {"kind": "card_shown", "seat": 2, "to": 0, "card": "study"}
    assert shown.for_seat(2) == {"kind": "card_shown", "seat": 2, "to": 0, "card": "study"}
    assert shown.for_seat(1) == {"kind": "card_shown", "seat": 2, "to": 0}


def test_a_refused_answer_names_the_rule_it_breaks() -> None:
    stack = DecisionStack()
    put_question(stack, 0, ("green", "rope", "study"), HANDS)
    refute = stack.top
    assert refute is not None
    assert explain_answer(refute, Action.make(2, "end_turn")).rule == "refute"
    assert explain_answer(refute, Action.make(2, "show", card="rope", also=1)).rule == (
        "malformed-action"
    )
    wrong = explain_answer(refute, Action.make(2, "show", card="plum"), question="Suspicion")
    assert wrong.message == "'plum' is not a card of yours named in the Suspicion"
    assert wrong.allowed == "rope, study"


def test_question_lists_know_their_own_questions_in_one_look_up() -> None:
    lists = QuestionLists(("plum", "green"), ("rope",), ("hall", "study"))
    for seat in (0, 3):
        assert all(lists.is_suggestion(a) for a in lists.suggestions(seat))
        assert all(lists.is_accusation(a) for a in lists.accusations(seat))
    assert not lists.is_suggestion(Action.make(0, "suggest", suspect="plum", weapon="knife"))
    assert not lists.is_suggestion(Action.make(0, "accuse", suspect="plum", weapon="rope"))
    assert not lists.is_accusation(
        Action.make(0, "accuse", suspect="plum", weapon="rope", room="hall", extra=True)
    )
