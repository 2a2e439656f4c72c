"""The detective's faster scoring asks the same questions as the slow reference.

The detective scores each candidate question by its expected entropy drop. Its
scoring now counts outcomes without a notebook each and skips questions that
differ from one already scored only by cards nothing tells apart. The reference
here scores every candidate the first way (a notebook per outcome, the exact
distribution as fractions); both follow the same seat's log in real games and
must pick the same question at every position.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

import pytest

from cluedo.agents import make_agent
from cluedo.agents.base import ENVELOPE
from cluedo.agents.detective import DetectiveAgent
from cluedo.deduction import ContradictionError, Notebook
from cluedo.deduction.knowledge import CardKnowledge
from cluedo.deduction.observations import HasOneOf, Observation, Shown, suggestion_observations
from cluedo.engine import Action, new_game


def _entropy(notebook: Notebook) -> float:
    return -sum(
        float(p) * math.log2(float(p)) for p in notebook.envelope_distribution().values() if p > 0
    )


def _after(notebook: Notebook, observations: Iterable[Observation]) -> Notebook | None:
    nb = notebook.copy()
    try:
        nb.observe_all(observations)
    except ContradictionError:
        return None
    return nb


def slow_drop(notebook: Notebook, me: str, cards: Sequence[str]) -> float:
    """Expected entropy drop of my question, one notebook per outcome (the first way)."""
    order = notebook.setup.player_names
    expected = 0.0
    for refuter in [None, *(p for p in order if p != me)]:
        obs = suggestion_observations(order, me, cards, refuter)
        nb = _after(notebook, obs)
        if nb is None:
            continue
        p_refuter = Fraction(nb.deals, notebook.deals)
        if refuter is None:
            expected += float(p_refuter) * _entropy(nb)
            continue
        shown = []
        for card in cards:
            seen = [o if not isinstance(o, HasOneOf) else Shown(refuter, card) for o in obs]
            nb_c = _after(notebook, seen)
            if nb_c is not None:
                shown.append((nb_c.deals, nb_c))
        weight = sum(n for n, _ in shown)
        for n, nb_c in shown:
            expected += float(p_refuter * Fraction(n, weight)) * _entropy(nb_c)
    return _entropy(notebook) - expected


class SlowDetective(DetectiveAgent):
    """The detective scoring every candidate question the first way."""

    def _suggest(self, book: CardKnowledge, options: Sequence[Action], room: str) -> Action:
        notebook = book.exact_notebook()
        assert notebook is not None
        pools: list[list[str]] = []
        for category in ("suspect", "weapon"):
            unknown = [c for c in self.categories[category] if c in self._positions]
            unknown.sort(key=lambda c: abs(notebook.probability(c, ENVELOPE) - 0.5))
            pool = unknown[: self.PER_CATEGORY]
            filler = self._filler(category) if len(pool) < self.PER_CATEGORY else None
            if filler is not None:
                pool.append(filler)
            pools.append(pool)
        best: tuple[float, str, str] | None = None
        for suspect, weapon in itertools.product(*pools):
            named = (suspect, weapon, room)
            if self._question_worth(named) <= 0.0:
                continue
            drop = slow_drop(notebook, str(self.seat), named)
            if best is None or drop > best[0]:
                best = (drop, suspect, weapon)
        if best is not None and best[0] > 1e-9:
            wanted = Action(self.seat, "suggest", (("suspect", best[1]), ("weapon", best[2])))
            if wanted in options:
                return wanted
        return super(DetectiveAgent, self)._suggest(book, options, room)


@pytest.mark.parametrize(("players", "seed"), [(4, 3), (3, 8)])
def test_detective_asks_what_the_slow_reference_asks(players: int, seed: int) -> None:
    game = new_game("classic", players=players, seed=seed)
    agents: dict[int, Any] = {s: make_agent("sensible", s, seed + s) for s in range(1, players)}
    fast, slow = DetectiveAgent(0, seed=seed), SlowDetective(0, seed=seed)
    questions = 0
    while not game.finished and len(game.actions) < 2000:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        if seat == 0:
            view = game.view(0, log_since=fast.log_cursor)
            fast.log_cursor = view["log_end"]
            choice = fast.choose(view, legal)
            assert slow.choose(view, legal) == choice, f"action {len(game.actions)}"
            questions += choice.kind == "suggest"
        else:
            agent = agents[seat]
            view = game.view(seat, log_since=agent.log_cursor)
            agent.log_cursor = view["log_end"]
            choice = agent.choose(view, legal)
        game.apply(choice)
    assert game.finished and questions >= 2
