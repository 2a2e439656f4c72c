"""Pending decisions: who must decide what, right now.

Turn flow is a stack. The bottom entry is usually the current player's turn;
interruptions (a refuter choosing a card, both sides of a contest choosing a
card, an offer to answer) are pushed on top and popped when answered. ``to_act``
is whoever the top decision still waits for - one seat, or several at once for
simultaneous choices.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cluedo.engine.actions import Action


@dataclass(slots=True)
class Decision:
    kind: str
    seats: tuple[int, ...]
    context: dict[str, Any] = field(default_factory=dict)
    answers: dict[int, Action] = field(default_factory=dict)
    """For simultaneous decisions: the answers given so far, kept until all have answered."""

    def waiting_for(self) -> tuple[int, ...]:
        seats = self.seats
        if not self.answers and type(seats) is tuple:  # nearly always: nobody answered yet
            return seats
        return tuple(s for s in seats if s not in self.answers)


@dataclass(slots=True)
class DecisionStack:
    items: list[Decision] = field(default_factory=list)

    def push(self, decision: Decision) -> None:
        self.items.append(decision)

    def pop(self) -> Decision:
        return self.items.pop()

    @property
    def top(self) -> Decision | None:
        return self.items[-1] if self.items else None

    def to_act(self) -> tuple[int, ...]:
        items = self.items
        return items[-1].waiting_for() if items else ()

    def clear(self) -> None:
        self.items.clear()
