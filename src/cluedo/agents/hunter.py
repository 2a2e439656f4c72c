"""A Clussassin bot that hunts its target and keeps away from whoever hunts it.

It reads only its seat's view: token positions, revealed cards (a revealed
character card tells who hunts whom), its own hand and target.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cluedo.agents.base import Agent
from cluedo.content.board import Board, Square, load_board
from cluedo.engine.actions import Action
from cluedo.mechanics.sight import can_see, manhattan

ATTACK_REACH = 3
WITNESS_REACH = 6


def _loc(value: Any) -> str | Square:
    return value if isinstance(value, str) else (value[0], value[1])


class HunterAgent(Agent):
    name = "hunter"

    def __init__(self, seat: int, seed: int | None = None) -> None:
        super().__init__(seat, seed)
        self.board: Board | None = None
        self.stalled = 0
        """My turns in a row that ended where they started."""
        self._turn_start: Any = None

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        if self.board is None:
            self.board = load_board(view.get("board", "classic"))
        by_kind: dict[str, list[Action]] = {}
        for action in legal:
            by_kind.setdefault(action.kind, []).append(action)
        pending = view["pending"] or {}
        if pending.get("kind") == "swap":
            return by_kind["swap"][self.rng.randrange(len(by_kind["swap"]))]
        if pending.get("kind") == "escape":
            attacker = _loc(view["positions"][pending["attacker"]])
            return self._best_move(view, legal, lambda to: -self._distance(to, attacker))
        for kind in ("attack", "pickup"):
            if kind in by_kind:
                return by_kind[kind][0]
        if "passage" in by_kind:
            me = view["characters"][self.seat]
            here = view["positions"][me]
            assert self.board is not None
            other = self.board.passages[here]
            if self._hunt_score(view, other) > self._hunt_score(view, _loc(here)):
                return by_kind["passage"][0]
        if "roll" in by_kind:
            here = view["positions"][view["characters"][self.seat]]
            self.stalled = self.stalled + 1 if here == self._turn_start else 0
            self._turn_start = here
            return by_kind["roll"][0]
        if "move" in by_kind:
            return self._best_move(view, legal, lambda to: self._hunt_score(view, to))
        return by_kind.get("end_turn", list(legal))[0]

    # -- scoring ----------------------------------------------------------------------

    def _distance(self, a: str | Square, b: str | Square) -> int:
        board = self.board
        assert board is not None
        return board.distances_from(board.node(a))[board.node(b)]

    def _hunters(self, view: Mapping[str, Any]) -> list[str]:
        """Characters known to hunt me: they revealed my character card as their target."""
        me = view["characters"][self.seat]
        return [c for card, c in view["revealed"].items() if card == me and c != me]

    def _hunt_score(self, view: Mapping[str, Any], to: str | Square) -> float:
        board = self.board
        assert board is not None
        target: str | None = view.get("target")
        me = view["characters"][self.seat]
        positions = {c: _loc(p) for c, p in view["positions"].items() if c != me}
        score = 0.0
        if target is not None and target in positions:
            there = positions[target]
            score -= self._distance(to, there)
            if self._could_attack_from(view, to, target, positions):
                score += 100.0
            elif isinstance(to, tuple):
                # Onlookers spoil hallway attacks: prefer squares few others can see.
                score -= 2.0 * sum(
                    1.0
                    for c, loc in positions.items()
                    if c != target
                    and isinstance(loc, tuple)
                    and manhattan(to, loc) <= WITNESS_REACH
                    and can_see(board, to, loc)
                )
        for hunter in self._hunters(view):
            if hunter in positions:
                score += min(self._distance(to, positions[hunter]), 8) * 0.5
        if to == view.get("safe_room"):
            score -= 5.0  # no attack from there, and it must be left next turn
        # After several turns without a change, shake things up: a jam of hunters
        # watching each other never resolves if everyone holds still.
        return score + self.rng.random() * (0.01 + 4.0 * self.stalled)

    def _could_attack_from(
        self,
        view: Mapping[str, Any],
        here: str | Square,
        target: str,
        others: Mapping[str, str | Square],
    ) -> bool:
        board = self.board
        assert board is not None
        there = others[target]
        rest = [loc for c, loc in others.items() if c != target]
        if isinstance(here, str):
            return here == there and here != view.get("safe_room") and here not in rest
        if isinstance(there, str):
            return False
        if manhattan(here, there) > ATTACK_REACH or not can_see(board, here, there):
            return False
        return not any(
            isinstance(loc, tuple)
            and manhattan(here, loc) <= WITNESS_REACH
            and can_see(board, here, loc)
            for loc in rest
        )

    def _best_move(self, view: Mapping[str, Any], legal: Sequence[Action], score: Any) -> Action:
        me = view["characters"][self.seat]
        here = _loc(view["positions"][me])
        best: Action | None = None
        best_score = float("-inf")
        for action in legal:
            if action.kind == "move":
                value = float(score(_loc(action["to"])))
            elif action.kind == "stay":
                value = float(score(here))
            else:
                continue
            if value > best_score:
                best, best_score = action, value
        return best if best is not None else legal[0]
