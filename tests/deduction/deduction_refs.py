"""Independent reference solvers for the notebook tests: brute force and SAT."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver

from cluedo.deduction import (
    ENVELOPE,
    DealSetup,
    FaceUp,
    Hand,
    HasNone,
    HasOneOf,
    Observation,
    Shown,
    WrongAccusation,
)


def all_deals(setup: DealSetup) -> Iterator[dict[str, str]]:
    """Every deal of ``setup`` (card -> location), by plain enumeration."""
    holders = [*setup.players, *setup.piles]
    for env in itertools.product(*(cards for _, cards in setup.categories)):
        rest = [c for c in setup.cards if c not in env]

        def fill(i: int, left: list[str]) -> Iterator[dict[str, str]]:
            if i == len(holders):
                yield {}
                return
            name, size = holders[i]
            for pick in itertools.combinations(left, size):
                others = [c for c in left if c not in pick]
                for tail in fill(i + 1, others):
                    tail.update(dict.fromkeys(pick, name))
                    yield tail

        for part in fill(0, rest):
            part.update(dict.fromkeys(env, ENVELOPE))
            yield part


def consistent(deal: dict[str, str], obs: Observation) -> bool:
    """Whether a static deal agrees with one observation."""
    if isinstance(obs, Hand):
        return {c for c, loc in deal.items() if loc == obs.player} == set(obs.cards)
    if isinstance(obs, Shown):
        return deal[obs.card] == obs.player
    if isinstance(obs, HasOneOf):
        return any(deal[c] == obs.player for c in obs.cards)
    if isinstance(obs, HasNone):
        return all(deal[c] != obs.player for c in obs.cards)
    if isinstance(obs, FaceUp):
        return all(deal[c] == "face_up" for c in obs.cards)
    if isinstance(obs, WrongAccusation):
        return not all(deal[c] == ENVELOPE for c in obs.cards)
    raise TypeError(obs)


class SatReference:
    """Certain facts by SAT entailment (one solver call per card and location)."""

    def __init__(self, setup: DealSetup) -> None:
        self.setup = setup
        self.pool = IDPool()
        self.solver = Solver(name="m22")
        locs = setup.locations
        sizes = dict(setup.players) | dict(setup.piles)
        for c in setup.cards:
            lits = [self.var(c, loc) for loc in locs]
            for cl in CardEnc.equals(lits, 1, vpool=self.pool, encoding=EncType.seqcounter):
                self.solver.add_clause(cl)
        for loc, size in sizes.items():
            lits = [self.var(c, loc) for c in setup.cards]
            for cl in CardEnc.equals(lits, size, vpool=self.pool, encoding=EncType.seqcounter):
                self.solver.add_clause(cl)
        for _, cards in setup.categories:
            lits = [self.var(c, ENVELOPE) for c in cards]
            for cl in CardEnc.equals(lits, 1, vpool=self.pool, encoding=EncType.seqcounter):
                self.solver.add_clause(cl)

    def var(self, card: str, loc: str) -> int:
        return int(self.pool.id((card, loc)))

    def add(self, obs: Observation) -> None:
        v = self.var
        s = self.solver
        if isinstance(obs, Hand):
            for c in self.setup.cards:
                s.add_clause([v(c, obs.player) if c in obs.cards else -v(c, obs.player)])
        elif isinstance(obs, Shown):
            s.add_clause([v(obs.card, obs.player)])
        elif isinstance(obs, HasOneOf):
            s.add_clause([v(c, obs.player) for c in obs.cards])
        elif isinstance(obs, HasNone):
            for c in obs.cards:
                s.add_clause([-v(c, obs.player)])
        elif isinstance(obs, FaceUp):
            for c in obs.cards:
                s.add_clause([v(c, "face_up")])
        elif isinstance(obs, WrongAccusation):
            s.add_clause([-v(c, ENVELOPE) for c in obs.cards])
        else:
            raise TypeError(obs)

    def facts(self, cards: Sequence[str] | None = None) -> set[tuple[str, str, bool]]:
        out = set()
        for c in cards or self.setup.cards:
            for loc in self.setup.locations:
                x = self.var(c, loc)
                if not self.solver.solve(assumptions=[-x]):
                    out.add((c, loc, True))
                elif not self.solver.solve(assumptions=[x]):
                    out.add((c, loc, False))
        return out
