"""Helpers for Killer Kloo Doo's rule tests: set a table up by hand, script dice."""

from __future__ import annotations

import random
from typing import Any

from cluedo.engine import Action, Game, new_game
from cluedo.rules.killer_kloo_doo import KillerKlooDooRules, KillerKlooDooState

RULES = "killer-kloo-doo"


class ScriptedDice(random.Random):
    """Die rolls given in advance; shuffles and choices stay seeded."""

    def __init__(self, rolls: list[int], seed: int = 0) -> None:
        super().__init__(seed)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        return self.rolls.pop(0) if self.rolls else super().randint(a, b)


def game(players: int = 3, parts: str = "investigation", seed: int = 1, **options: Any) -> Game:
    return new_game(RULES, players=players, seed=seed, options={"parts": parts, **options})


def state(g: Game) -> KillerKlooDooState:
    assert isinstance(g.state, KillerKlooDooState)
    return g.state


def rules(g: Game) -> KillerKlooDooRules:
    assert isinstance(g.rules, KillerKlooDooRules)
    return g.rules


def give(g: Game, seat: int, *cards: str) -> None:
    """Put playing cards into a seat's hand (from wherever they were)."""
    s = state(g)
    for card in cards:
        if card in s.deck:
            s.deck.remove(card)
        for hand in s.cards:
            if card in hand:
                hand.remove(card)
        s.cards[seat].append(card)


def put(g: Game, character: str, location: Any) -> None:
    state(g).positions[character] = location


def turn_of(g: Game, seat: int, stage: str = "start") -> dict[str, Any]:
    """Make it ``seat``'s turn, at ``stage``, from where its token stands now."""
    s = state(g)
    s.decisions.clear()
    s.current = seat
    decision = rules(g).turn_decision(s, seat)
    decision.context["stage"] = stage
    if s.part == 2:
        decision.context["hall_alone"] = False
    s.decisions.push(decision)
    return decision.context


def act(g: Game, seat: int, kind: str, **params: Any) -> list[dict[str, Any]]:
    events = g.apply(Action.make(seat, kind, **params))
    return [e.full() for e in events]


def kinds(g: Game, seat: int) -> set[str]:
    return {a.kind for a in g.legal_actions(seat)}


def dice(g: Game, *rolls: int) -> None:
    g.rng = ScriptedDice(list(rolls))


def char(g: Game, seat: int) -> str:
    return state(g).characters[seat]
