"""An accusation: a player names the three cards they believe are in the envelope.

Right, and the accuser wins at once. Wrong, and the accuser looks inside (nobody
else does) and is out of the hunt; the game ends with no winner once every player
has accused wrongly. Shared by the rule sets played that way (the classic game and
its variants, Pendragon); each adds what is its own around these steps (a pardon
that spares a wrong accuser, a token moved off a doorway).

>>> from dataclasses import dataclass, field
>>> from cluedo.engine.state import GameState
>>> @dataclass
... class Case(GameState):
...     envelope: tuple[str, ...] = ("plum", "rope", "hall")
...     eliminated: list[bool] = field(default_factory=lambda: [False, False])
...     envelope_seen_by: set[int] = field(default_factory=set)
...     accusations: int = 0
>>> case = Case(players=2)
>>> wrong = Action.make(0, "accuse", suspect="plum", weapon="rope", room="study")
>>> [e.kind for e in accuse(case, wrong)], case.finished
(['accusation'], False)
>>> [e.kind for e in rule_out(case, 0)], everyone_out(case)
(['envelope_seen'], [])
>>> right = Action.make(1, "accuse", suspect="plum", weapon="rope", room="hall")
>>> [e.kind for e in accuse(case, right)], case.winners
(['accusation', 'game_over'], (1,))
"""

from __future__ import annotations

from typing import Protocol

from cluedo.engine.actions import Action
from cluedo.engine.events import Event


class CaseState(Protocol):
    """What an accusation reads and changes in a rule set's state."""

    players: int
    envelope: tuple[str, ...]
    eliminated: list[bool]
    """Seats that accused wrongly."""
    envelope_seen_by: set[int]
    accusations: int
    finished: bool

    def finish(self, outcome: str, winners: tuple[int, ...] = ()) -> None: ...


def accuse(state: CaseState, action: Action) -> list[Event]:
    """Count and announce the accusation ``action`` makes; a right one ends the game
    with the accuser the winner (``state.finished`` tells the caller)."""
    seat = action.seat
    triple = (action["suspect"], action["weapon"], action["room"])
    state.accusations += 1
    right = triple == state.envelope
    public = {"seat": seat, "suspect": triple[0], "weapon": triple[1], "room": triple[2]}
    events = [Event("accusation", {**public, "correct": right})]
    if right:
        state.finish("solved", (seat,))
        events.append(_game_over(state, "solved", [seat]))
    return events


def rule_out(state: CaseState, seat: int) -> list[Event]:
    """A wrong accuser is out of the hunt, and looks into the envelope, telling nobody."""
    state.eliminated[seat] = True
    state.envelope_seen_by.add(seat)
    return [
        Event(
            "envelope_seen", {"seat": seat}, {"envelope": list(state.envelope)}, frozenset({seat})
        )
    ]


def everyone_out(state: CaseState) -> list[Event]:
    """When every player has accused wrongly, the game ends with no winner: its events;
    none while somebody can still accuse."""
    if not all(state.eliminated):
        return []
    state.finish("no-winner")
    return [_game_over(state, "no-winner", [])]


def envelope_for(state: CaseState, seat: int | None) -> list[str] | None:
    """The envelope's cards as ``seat`` (None: a spectator) may see them: once the
    game is over, or after their own wrong accusation; None until then."""
    if state.finished or (seat is not None and seat in state.envelope_seen_by):
        return list(state.envelope)
    return None


def _game_over(state: CaseState, outcome: str, winners: list[int]) -> Event:
    return Event(
        "game_over", {"outcome": outcome, "winners": winners, "envelope": list(state.envelope)}
    )
