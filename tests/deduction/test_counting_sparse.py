"""The compiled counting core gives exactly the numpy path's counts.

Every problem the notebook meets on random games is counted both ways (the
core over reachable states, :mod:`cluedo.deduction.sparse_count`, and the
dense numpy programme, ``counting._Counter``): the totals, every card-atom
count and the joint envelope distribution must be equal. Without the core
(no compiler, or ``CLUEDO_PURE_COUNT=1``) the notebook counts with numpy and
answers the same.
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from cluedo.deduction import (
    CLASSIC_CATEGORIES,
    ContradictionError,
    DealSetup,
    Draw,
    HasNone,
    HasOneOf,
    Notebook,
    Observation,
    Shown,
    Transfer,
    UnsupportedObservationError,
    WrongAccusation,
    counting,
    sparse_count,
)
from cluedo.deduction import notebook as notebook_module
from cluedo.deduction.counting import Counts, Problem
from cluedo.deduction.model import apply_branches
from cluedo.deduction.observations import Hand
from cluedo.deduction.simulate import random_deal, random_record

needs_core = pytest.mark.skipif(not sparse_count.available(), reason="no compiled core here")


def _clear() -> None:
    counting._count_reduced.cache_clear()
    notebook_module._count_cached.cache_clear()


@pytest.fixture
def compared(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Problem]]:
    """Count every problem both ways; yields the problems the core counted."""
    seen: list[Problem] = []
    real = counting._count_sparse

    def both(problem: Problem, remaining: tuple[int, ...], n_cats: int) -> Counts | None:
        fast = real(problem, remaining, n_cats)
        slow = counting._Counter(
            problem, list(remaining), list(problem.allowed), list(problem.clauses), n_cats
        ).run()
        assert fast is not None
        assert fast.total == slow.total
        assert fast.marginal == slow.marginal
        assert fast.joint == {k: v for k, v in slow.joint.items() if v}
        seen.append(problem)
        return fast

    monkeypatch.setattr(counting, "_count_sparse", both)
    _clear()
    yield seen
    _clear()


@needs_core
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_classic_records_count_the_same_both_ways(players: int, compared: list[Problem]) -> None:
    rng = random.Random(players)
    for _ in range(3):
        rec = random_record(rng, players, suggestions=25, accusation_rate=0.1)
        nb = Notebook(rec.setup)
        for event in rec.events:
            nb.observe_all(event)
    assert len(compared) > 20


def _moving_story(rng: random.Random, setup: DealSetup, steps: int) -> Iterator[Observation]:
    """A true game with a hidden pile, draws and passes, watched by the first player."""
    deal = random_deal(setup, rng)
    players = list(setup.player_names)
    me = players[0]
    pile = setup.pile_names[0]
    yield Hand(me, tuple(c for c in setup.cards if deal[c] == me))
    for _ in range(steps):
        kind = rng.choice(["ask", "ask", "accuse", "draw", "pass"])
        holding = {p: [c for c in setup.cards if deal[c] == p] for p in [*players, pile]}
        if kind == "ask":
            named = tuple(rng.choice(cards) for _, cards in setup.categories)
            who = rng.choice(players[1:])
            having = [c for c in named if deal[c] == who]
            if not having:
                yield HasNone(who, named)
            elif rng.random() < 0.5:
                yield Shown(who, rng.choice(having))
            else:
                yield HasOneOf(who, named)
        elif kind == "accuse":
            named = tuple(rng.choice(cards) for _, cards in setup.categories)
            if any(deal[c] != "envelope" for c in named):
                yield WrongAccusation(named)
        elif kind == "draw" and holding[pile]:
            card = rng.choice(holding[pile])
            who = rng.choice(players)
            deal[card] = who
            yield Draw(who, pile, card if who == me else None)
        elif kind == "pass":
            source, target = rng.sample(players, 2)
            if holding[source]:
                card = rng.choice(holding[source])
                deal[card] = target
                yield Transfer(source, target, card if me in (source, target) else None)


@needs_core
@pytest.mark.parametrize("seed", range(6))
def test_piles_draws_and_passes_count_the_same_both_ways(
    seed: int, compared: list[Problem]
) -> None:
    rng = random.Random(seed)
    players = [(f"p{i}", 3) for i in range(rng.choice([3, 4]))]
    setup = DealSetup.create(CLASSIC_CATEGORIES, players, {"pile": 18 - 3 * len(players)})
    nb = Notebook(setup)
    for obs in _moving_story(rng, setup, 30):
        try:
            nb.observe(obs)
        except UnsupportedObservationError:
            break  # too many histories of unseen moves: the notebook stops counting
    assert compared


@needs_core
def test_without_the_core_the_notebook_counts_with_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    rec = random_record(random.Random(5), 6, suggestions=20, accusation_rate=0.2)
    _clear()
    fast = Notebook(rec.setup)
    fast.observe_all(obs for event in rec.events for obs in event)
    monkeypatch.setattr(sparse_count, "_LIB", [None])
    assert not sparse_count.available()
    _clear()
    slow = Notebook(rec.setup)
    for event in rec.events:
        slow.observe_all(event)
    _clear()
    assert slow.summary == fast.summary


def test_counts_past_int64_and_wide_keys_go_to_python_ints(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    problem = Problem(
        (2, 2, 1, 1), (-1, -1, 0, 1), (0b0111, 0b0111, 0b0011, 0b1011), (0, 0, 0, 1), ()
    )
    assert (
        sparse_count.make_plan(
            (1 << 40, 1 << 40, 1, 1), problem.allowed, (), (-1, -1, 0, 1), [0, 1, 2, 3]
        )
        is None
    )
    monkeypatch.setattr(counting, "_INT64_LIMIT", 0)
    assert counting._count_sparse(problem, (2, 2, 1, 1), 2) is None


def test_no_compiler_means_no_core(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sparse_count, "_compile", lambda target: False)
    monkeypatch.setattr(sparse_count, "_cache_dir", lambda: tmp_path / "cache")
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(tmp_path / "tmp"))
    monkeypatch.delenv("CLUEDO_PURE_COUNT", raising=False)
    assert sparse_count._load() is None
    monkeypatch.setenv("CLUEDO_PURE_COUNT", "1")
    assert sparse_count._load() is None


@needs_core
def test_a_contradiction_still_names_its_observation() -> None:
    _clear()
    nb = Notebook.create({"s": ["a", "b"], "w": ["c", "d"]}, [("p", 1), ("q", 1)])
    nb.observe(Hand("p", ("a",)))
    refused = Shown("q", "b")
    with pytest.raises(ContradictionError) as err:
        nb.observe_all([HasNone("q", ("b",)), refused])
    assert err.value.observation == refused
    assert nb.deals == 2


@needs_core
def test_the_core_lays_out_problems_as_the_python_plan_does(compared: list[Problem]) -> None:
    rec = random_record(random.Random(11), 6, suggestions=25)
    nb = Notebook(rec.setup)
    for event in rec.events:
        nb.observe_all(event)
    for problem in compared:
        remaining, allowed, _ = counting.propagate(problem.caps, problem.allowed, ())
        assert allowed == list(problem.allowed)  # already propagated
        free = [c for c, m in enumerate(allowed) if m & (m - 1)]
        order = counting._order(free, list(problem.clauses))
        plan = sparse_count.make_plan(
            remaining, allowed, problem.clauses, problem.env_category, order
        )
        core = sparse_count.count_problem(
            remaining, allowed, problem.clauses, problem.env_category, 3
        )
        assert plan is not None and core is not None
        result = sparse_count.run_plan(plan)
        assert result is not None
        by_option = [[0] * len(remaining) for _ in allowed]
        for (c, a), v in zip(plan.options, result.option_counts, strict=True):
            by_option[c][a] += v
        assert by_option == core.marginal
        assert sorted(v for _, v in result.final) == sorted(core.rows[:: core.width])


@needs_core
@pytest.mark.parametrize("players", [3, 6])
def test_propagation_in_the_core_is_the_python_one(players: int) -> None:
    rng = random.Random(players + 100)
    checked = infeasible = 0
    for _ in range(4):
        rec = random_record(rng, players, suggestions=30, accusation_rate=0.1)
        nb = Notebook(rec.setup)
        for event in rec.events:
            nb.observe_all(event)
            record = nb.record
            caps = [a.size for a in record.atoms]
            # The record as it is, and with one card wrongly pinned to the first
            # player (often infeasible).
            card = rng.randrange(len(record.allowed))
            pinned = list(record.allowed)
            pinned[card] = 1
            for allowed in (list(record.allowed), pinned):
                clauses = list(record.clauses)
                try:
                    want = counting._propagate(caps, allowed, clauses)
                except counting.Infeasible:
                    assert sparse_count.propagate(caps, allowed, clauses) is False
                    infeasible += 1
                    continue
                got = sparse_count.propagate(caps, allowed, clauses)
                assert isinstance(got, tuple)
                assert got[0] == want[0] and got[1] == want[1]
                assert set(got[2]) == set(want[2]) and len(got[2]) == len(want[2])
                checked += 1
    assert checked > 50 and infeasible > 0


@needs_core
@pytest.mark.parametrize("players", [3, 6])
def test_counting_deals_only_gives_the_whole_counts_total(players: int) -> None:
    """The forward pass alone (a question's chance of each answer needs no more)."""
    rng = random.Random(40 + players)
    checked = 0
    for _ in range(4):
        rec = random_record(rng, players, suggestions=12)
        nb = Notebook(rec.setup)
        for event in rec.events:
            try:
                nb.observe_all(event)
            except ContradictionError:
                continue
            for player in rec.setup.player_names[1:3]:
                cards = tuple(rng.choice(cards) for _, cards in rec.setup.categories)
                branches = nb.branches
                try:
                    for obs in (HasNone(player, cards),):
                        branches = apply_branches(branches, obs)
                except ContradictionError:
                    continue
                _clear()
                counting._total_reduced.cache_clear()
                whole = notebook_module.summarise_branches(branches)[0].deals
                assert notebook_module.deal_total(branches) == whole
                checked += 1
    assert checked > 20


@needs_core
def test_the_cores_rows_card_by_card_are_its_grouped_rows_spelled_out(
    compared: list[Problem],
) -> None:
    """The core splits each group of cards nothing tells apart into one row per
    envelope; the same joint, in the same order, as the grouped rows expanded in
    Python, and the same shares (grouped) for a question's outcomes."""
    rng = random.Random(23)
    shared = 0
    for players in (3, 6):
        rec = random_record(rng, players, suggestions=20)
        nb = Notebook(rec.setup)
        for event in rec.events:
            nb.observe_all(event)
    for problem in compared:
        remaining, allowed, clauses = problem.caps, problem.allowed, problem.clauses
        rest = counting.propagate(remaining, allowed, clauses)[0]
        n_cats = 1 + max(problem.category)
        core = sparse_count.count_problem(rest, allowed, clauses, problem.env_category, n_cats)
        assert core is not None
        groups: list[dict[int, list[int]]] = [{} for _ in range(n_cats)]
        for c, g in enumerate(core.group):
            if g:
                groups[problem.category[c]].setdefault(g, []).append(c)
        spelled = counting._expand_rows(core.rows, groups)
        assert list(counting._joint_of_rows(core.cards, core.width).items()) == list(
            spelled.items()
        )
        # As _count_sparse keeps them (the fixture's comparison with numpy
        # covers its joint): shares before the joint is read stay grouped.
        counts = Counts(0, [], rows=list(core.rows), groups=groups, cards=core.cards)
        plain = Counts(0, [], rows=list(core.rows), groups=groups)
        assert counts.shares() == plain.shares()
        assert list(counts.joint.items()) == list(plain.joint.items())
        shared += core.shared
    assert shared > 0


@needs_core
def test_a_group_of_nineteen_unseen_cards_is_spelled_out_card_by_card(
    compared: list[Problem],
) -> None:
    """Nineteen suspects nothing tells apart form one group: the core writes a row
    per envelope for each of them, and the joint is numpy's (the fixture compares)."""
    _clear()
    cats = {"s": [f"s{i}" for i in range(30)], "w": ["w0", "w1", "w2"], "r": ["r0", "r1", "r2"]}
    nb = Notebook.create(cats, [("p", 11), ("q", 11), ("x", 11)])
    nb.observe(Hand("p", (*(f"s{i}" for i in range(9)), "w0", "r0")))
    nb.observe(HasNone("q", ("s9", "w1", "r1")))
    nb.observe(HasOneOf("x", ("s10", "w2", "r2")))
    assert len(nb.summary.envelope) == 21 * 2 * 2 - 1  # s10, w2 and r2 not all three
    problem = compared[-1]
    remaining, allowed, clauses = counting.propagate(problem.caps, problem.allowed, problem.clauses)
    core = sparse_count.count_problem(remaining, allowed, clauses, problem.env_category, 3)
    assert core is not None
    assert max(core.group[c] for c in range(11, 30)) == min(core.group[c] for c in range(11, 30))
    assert len(core.cards) == len(nb.summary.envelope) * core.width


@needs_core
def test_the_core_refuses_a_card_that_may_go_to_two_envelope_atoms() -> None:
    """No deal lets a card into two envelope places; the core keeps one entry per
    card for the spelled-out rows, so it refuses such a problem instead of
    writing past them."""
    caps, env = (9, 8, 1, 1, 1), (-1, -1, 0, 1, 2)
    everywhere = [0b11111] * 20
    assert sparse_count.count_problem(caps, everywhere, (), env, 3) is None
    one_each = [0b00011 | 1 << (2 + c % 3) for c in range(20)]
    core = sparse_count.count_problem(caps, one_each, (), env, 3)
    assert core is not None and len(core.cards) == 7 * 7 * 6 * core.width


_WORD = (1 << 64) - 1


def _run_plan_in_python(plan: sparse_count.Plan) -> tuple[list[int], list[tuple[int, int]]]:
    """The compiled core's three passes over a plan, written plainly with dicts: the
    counts per option and the last layer's (key, count) rows, in the order the core
    gives them. Each layer is a dict in the order its keys were first reached; the
    backward half of the envelope pass meets a state's entries latest first."""
    code = list(plan.code)
    n, slot_mask, start, n_env, h, env_mask = code[:6]
    steps = []
    at = 6
    for _ in range(n):
        close, no, nc = code[at : at + 3]
        opts = [code[at + 3 + 6 * o : at + 9 + 6 * o] for o in range(no)]
        base = at + 3 + 6 * no
        checks = [code[base + 4 * q : base + 4 * q + 4] for q in range(nc)]
        steps.append((close, opts, checks))
        at = base + 4 * nc

    def move(key: int, op: list[int], collapsed: bool, close: int) -> int | None:
        field = (key >> op[0]) & op[1]
        if (field != 0) if op[2] else (field == 0):
            return None
        new = (key + op[4 if collapsed else 3]) & _WORD
        slots = (new & slot_mask) | op[5]
        if slots & close != close:
            return None
        return (new & ~slot_mask & _WORD) | (slots & ~close)

    def fails(key: int, check: list[int]) -> bool:
        field = (key >> check[0]) & check[1]
        return field == 0 and check[3] == 0 if check[2] else field > check[3]

    # 1. Forward over collapsed keys, with every state's successor per option.
    layers: list[dict[int, int]] = [{start: 1}]
    succ: list[list[list[int]]] = []
    for close, opts, checks in steps:
        keys = list(layers[-1])
        index: dict[int, int] = {}
        nxt: dict[int, int] = {}
        rows = []
        for key in keys:
            row = []
            for op in opts:
                new = move(key, op, True, close)
                if new is None or any(fails(new, ch) for ch in checks):
                    row.append(-1)
                    continue
                j = index.setdefault(new, len(index))
                nxt[new] = nxt.get(new, 0) + layers[-1][key]
                row.append(j)
            rows.append(row)
        succ.append(rows)
        layers.append(nxt)
    # 2. Backward: completions of each state, counts per option.
    back = [[0] * len(layer) for layer in layers]
    back[n] = [1] * len(layers[n])
    counts: list[int] = []
    for t in range(n - 1, -1, -1):
        forward = list(layers[t].values())
        here = [0] * len(steps[t][1])
        for i, row in enumerate(succ[t]):
            for o, j in enumerate(row):
                if j >= 0:
                    back[t][i] += back[t + 1][j]
                    here[o] += forward[i] * back[t + 1][j]
        counts[:0] = here
    if n_env == 0:
        return counts, list(layers[n].items())
    # 3. Forward to step h with the groups: key -> [count, collapsed index].
    ahead: dict[int, list[int]] = {start: [1, 0]}
    for t in range(h):
        close, opts, _ = steps[t]
        nxt_f: dict[int, list[int]] = {}
        for key, (value, ci) in ahead.items():
            for o, op in enumerate(opts):
                cj = succ[t][ci][o]
                if cj < 0 or back[t + 1][cj] == 0:
                    continue
                new = move(key, op, False, close)
                assert new is not None
                nxt_f.setdefault(new, [0, cj])[0] += value
        ahead = nxt_f
    # Backward from the end to step h: per collapsed state, its entries (envelope
    # code, count) latest first.
    final_keys = list(layers[n])
    behind: list[list[tuple[int, int]]] = [[(0, 1)] for _ in final_keys]
    for t in range(n - 1, h - 1, -1):
        _, opts, _ = steps[t]
        nxt_b: list[list[tuple[int, int]]] = []
        for i in range(len(layers[t])):
            sums: dict[int, int] = {}
            if back[t][i]:
                for o, op in enumerate(opts):
                    cj = succ[t][i][o]
                    if cj < 0 or back[t + 1][cj] == 0:
                        continue
                    add = op[3] if op[2] else 0
                    for env, value in behind[cj]:
                        sums[env | add] = sums.get(env | add, 0) + value
            nxt_b.append(list(reversed(sums.items())))
        behind = nxt_b
    joint: dict[int, int] = {}
    for key, (value, ci) in ahead.items():
        for env, later in behind[ci]:
            both = (key & env_mask) | env
            joint[both] = joint.get(both, 0) + value * later
    return counts, list(joint.items())


@needs_core
@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_core_runs_a_plan_as_the_python_passes_do(
    players: int, compared: list[Problem]
) -> None:
    """The compiled passes (hash-free envelope halves, checks read once per state)
    give the plain dict version's counts per option and its envelope rows, in the
    same order: the order the notebook's envelope table keeps."""
    rng = random.Random(players + 40)
    rec = random_record(rng, players, suggestions=12)
    nb = Notebook(rec.setup)
    for event in rec.events:
        nb.observe_all(event)
    checked = 0
    for problem in compared:
        remaining, allowed, clauses = problem.caps, problem.allowed, problem.clauses
        rest, allowed2, clauses2 = counting.propagate(remaining, allowed, clauses)
        free = [c for c, m in enumerate(allowed2) if m & (m - 1)]
        order = counting._order(free, clauses2)
        plan = sparse_count.make_plan(rest, allowed2, clauses2, problem.env_category, order)
        assert plan is not None
        result = sparse_count.run_plan(plan)
        assert result is not None
        counts, rows = _run_plan_in_python(plan)
        assert result.option_counts == counts
        assert result.final == rows
        checked += 1
    assert checked > 5
