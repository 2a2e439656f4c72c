"""Accusations, shared by the classic game, its variants and Pendragon
(:mod:`cluedo.mechanics.accusation`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from cluedo.engine.actions import Action
from cluedo.engine.state import GameState
from cluedo.mechanics.accusation import accuse, envelope_for, everyone_out, rule_out


@dataclass
class Case(GameState):
    envelope: tuple[str, ...] = ("plum", "rope", "hall")
    eliminated: list[bool] = field(default_factory=lambda: [False, False, False])
    envelope_seen_by: set[int] = field(default_factory=set)
    accusations: int = 0


def accusation(seat: int, suspect: str, weapon: str, room: str) -> Action:
    return Action.make(seat, "accuse", suspect=suspect, weapon=weapon, room=room)


def test_a_right_accusation_wins_at_once_and_shows_everyone_the_envelope() -> None:
    case = Case(players=3)
    events = accuse(case, accusation(1, "plum", "rope", "hall"))
    assert [e.kind for e in events] == ["accusation", "game_over"]
    assert events[0].data["correct"] is True
    assert events[1].data == {"outcome": "solved", "winners": [1], "envelope": list(case.envelope)}
    assert case.finished and case.winners == (1,) and case.accusations == 1
    assert envelope_for(case, None) == ["plum", "rope", "hall"]


def test_a_wrong_accuser_alone_looks_in_the_envelope_and_is_out() -> None:
    case = Case(players=3)
    events = accuse(case, accusation(0, "plum", "rope", "study"))
    assert [e.kind for e in events] == ["accusation"] and events[0].data["correct"] is False
    assert not case.finished
    (seen,) = rule_out(case, 0)
    assert seen.for_seat(0) == {"kind": "envelope_seen", "seat": 0, "envelope": list(case.envelope)}
    assert seen.for_seat(1) == {"kind": "envelope_seen", "seat": 0}
    assert case.eliminated == [True, False, False]
    assert envelope_for(case, 0) == list(case.envelope)
    assert envelope_for(case, 1) is None and envelope_for(case, None) is None
    assert everyone_out(case) == [] and not case.finished


def test_the_game_ends_without_a_winner_once_everyone_has_accused_wrongly() -> None:
    case = Case(players=3)
    for seat in range(3):
        accuse(case, accusation(seat, "green", "rope", "hall"))
        rule_out(case, seat)
    (over,) = everyone_out(case)
    assert over.data == {"outcome": "no-winner", "winners": [], "envelope": list(case.envelope)}
    assert case.finished and case.outcome == "no-winner" and case.accusations == 3
