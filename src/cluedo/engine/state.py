"""The part of a game's state every rule set shares."""

from __future__ import annotations

from dataclasses import dataclass, field

from cluedo.engine.decisions import DecisionStack


@dataclass
class GameState:
    """Seats, whose turn it is, the pending decisions and the outcome.

    Rule sets subclass this with their own fields (hands, tokens, resources).
    """

    players: int
    current: int = 0
    turn: int = 0
    decisions: DecisionStack = field(default_factory=DecisionStack)
    finished: bool = False
    winners: tuple[int, ...] = ()
    outcome: str = ""
    """How the game ended, in a word a simulator can count ("solved", "no-winner", ...)."""

    def to_act(self) -> tuple[int, ...]:
        return () if self.finished else self.decisions.to_act()

    def finish(self, outcome: str, winners: tuple[int, ...] = ()) -> None:
        self.finished = True
        self.outcome = outcome
        self.winners = winners
        self.decisions.clear()
