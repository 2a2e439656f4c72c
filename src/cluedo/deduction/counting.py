"""Exact model counting of deals: the arithmetic core of the notebook.

A :class:`Problem` is cards with allowed atoms, atom capacities and "at least
one of" clauses. :func:`count` returns the number of assignments that fill
every atom exactly, the number with each card in each atom, and the number for
each envelope combination (one card per category).

Method (see docs/deduction.md): a dynamic programme over the cards in a chosen
order. A state is the remaining room of every atom plus one bit per *open*
clause (some card placed, some not) saying whether it is already satisfied;
the rooms form the axes of a numpy array and the clause bits key a dict of
such arrays. A forward and a backward pass give every card's count in every
atom. All envelope categories but one carry a "which group went into the
envelope" axis in both passes; the last one is read off at its cards' steps,
which yields the joint envelope distribution.

That is the numpy path. Where the compiled core of
:mod:`cluedo.deduction.sparse_count` is available, propagation and the count
run there instead, over the reachable states only (same results; see
docs/deduction.md, "Algorithm").
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from cluedo.deduction import sparse_count

Array = npt.NDArray[Any]

_INT64_LIMIT = 1 << 62


@dataclass(frozen=True)
class Problem:
    """A counting problem after propagation.

    ``caps[a]`` is the size of atom ``a``; ``env_category[a]`` is the category
    an envelope atom accepts (-1 for other atoms); ``allowed[c]`` the atoms
    card ``c`` may be in; ``category[c]`` its category; ``clauses`` pairs of
    (atom mask, cards): at least one of the cards is in one of the atoms.
    """

    caps: tuple[int, ...]
    env_category: tuple[int, ...]
    allowed: tuple[int, ...]
    category: tuple[int, ...]
    clauses: tuple[tuple[int, frozenset[int]], ...]


class Counts:
    """The result of :func:`count`: ``total`` assignments; ``marginal[c][a]``, the
    assignments with card ``c`` in atom ``a``; ``joint``, envelope card per category
    -> assignments (zero entries omitted), built when first read."""

    __slots__ = ("_cards", "_groups", "_joint", "_rows", "marginal", "total")

    def __init__(
        self,
        total: int,
        marginal: list[list[int]],
        joint: dict[tuple[int, ...], int] | None = None,
        rows: list[int] | None = None,
        groups: list[dict[int, list[int]]] | None = None,
        cards: list[int] | None = None,
    ) -> None:
        self.total = total
        self.marginal = marginal
        self._joint = joint
        self._rows = rows
        """The compiled core's envelope rows: the count, then per category the card,
        or minus a group of cards nothing tells apart (see ``_count_sparse``)."""
        self._groups = groups
        self._cards = cards
        """The same rows with every group spelled out card by card, if the core gave
        them (what :func:`_expand_rows` makes of ``rows``)."""

    def _row_cards(self, row: list[int]) -> list[list[int]]:
        assert self._groups is not None
        groups = self._groups
        return [[c] if c >= 0 else groups[k][-c] for k, c in enumerate(row)]

    @property
    def joint(self) -> dict[tuple[int, ...], int]:
        if self._joint is None:
            groups = self._groups or []
            if self._cards is not None and groups:
                self._joint = _joint_of_rows(self._cards, 1 + len(groups))
            else:
                self._joint = _expand_rows(self._rows or [], groups)
            self._rows = self._groups = self._cards = None
        return self._joint

    def shares(self) -> list[tuple[int, int]]:
        """(assignments, how many envelopes have that many): the joint's counts without
        naming the envelopes (one pair per row of cards nothing tells apart)."""
        if self._joint is not None or self._rows is None:
            return [(n, 1) for n in self.joint.values()]
        rows, width = self._rows, 1 + len(self._groups or ())
        out = []
        for i in range(0, len(rows), width):
            times = math.prod(len(cs) for cs in self._row_cards(rows[i + 1 : i + width]))
            out.append((rows[i] // times, times))
        return out


def _joint_of_rows(rows: list[int], width: int) -> dict[tuple[int, ...], int]:
    """Rows of (count, one card per category) as a dict, without a Python loop per row."""
    if width == 1:  # no categories: one empty envelope
        return {(): rows[-1]} if rows else {}
    combos = zip(*(rows[k::width] for k in range(1, width)), strict=True)
    return dict(zip(combos, rows[::width], strict=True))


def _expand_rows(rows: list[int], groups: list[dict[int, list[int]]]) -> dict[tuple[int, ...], int]:
    """The joint envelope counts from the compiled core's grouped rows (see :class:`Counts`).

    Cards nothing tells apart share their group's count evenly. The core
    spells the groups out itself (``Counts._cards``); this is the plain
    computation the tests hold it to, and the way for rows given without.
    """
    joint: dict[tuple[int, ...], int] = {}
    width = 1 + len(groups)
    for i in range(0, len(rows), width):
        codes = rows[i + 1 : i + width]
        if not codes or min(codes) >= 0:
            joint[tuple(codes)] = rows[i]
            continue
        parts = [[c] if c >= 0 else groups[k][-c] for k, c in enumerate(codes)]
        times = 1
        for cs in parts:
            times *= len(cs)
        joint.update(dict.fromkeys(itertools.product(*parts), rows[i] // times))
    return joint


class Infeasible(Exception):
    """Propagation found that no assignment exists."""


_bits = sparse_count.bits


def propagate(
    caps: Sequence[int],
    allowed: Sequence[int],
    clauses: Sequence[tuple[int, frozenset[int]]],
) -> tuple[list[int], list[int], list[tuple[int, frozenset[int]]]]:
    """Unit propagation: fix single-atom cards, close full atoms, shrink clauses.

    Returns (remaining capacity per atom, allowed masks, open clauses). Cards
    whose mask has one bit are fixed and already subtracted from capacities.
    Raises :class:`Infeasible` on a plain contradiction. Runs in the compiled
    core where it is available (same rules; see sparse_count.C_SOURCE).
    """
    fast = sparse_count.propagate(caps, allowed, clauses)
    if fast is False:
        raise Infeasible("no assignment fits")
    if isinstance(fast, tuple):
        return fast
    return _propagate(caps, allowed, clauses)


def _propagate(
    caps: Sequence[int],
    allowed: Sequence[int],
    clauses: Sequence[tuple[int, frozenset[int]]],
) -> tuple[list[int], list[int], list[tuple[int, frozenset[int]]]]:
    """:func:`propagate` in Python."""
    allowed = list(allowed)
    n_atoms = len(caps)
    cls = [(m, set(cs)) for m, cs in clauses]
    while True:
        changed = False
        remaining = list(caps)
        free_in = [0] * n_atoms
        per_mask: dict[int, int] = {}
        for m in allowed:
            per_mask[m] = per_mask.get(m, 0) + 1
        for m, k in per_mask.items():
            if m == 0:
                raise Infeasible("a card has no possible place")
            if m & (m - 1) == 0:
                remaining[m.bit_length() - 1] -= k
            else:
                for a in _bits(m):
                    free_in[a] += k
        full = 0
        for a in range(n_atoms):
            if remaining[a] < 0:
                raise Infeasible("an atom holds too many cards")
            if remaining[a] == 0:
                full |= 1 << a
            elif free_in[a] < remaining[a]:
                raise Infeasible("an atom cannot be filled")
            elif free_in[a] == remaining[a]:
                # Every card that may go here must go here.
                for c, m in enumerate(allowed):
                    if m & (m - 1) and (m >> a) & 1:
                        allowed[c] = 1 << a
                        changed = True
        if changed:
            continue
        for c, m in enumerate(allowed):
            if m & (m - 1) and m & full:
                allowed[c] = m & ~full
                changed = True
        new_cls: list[tuple[int, set[int]]] = []
        for mask, cs in cls:
            live = {c for c in cs if allowed[c] & mask}
            if any(allowed[c] & ~mask == 0 for c in live):
                continue  # satisfied for sure
            if not live:
                raise Infeasible("a clause cannot be satisfied")
            if len(live) == 1:
                (c,) = live
                allowed[c] &= mask
                changed = True
                continue
            new_cls.append((mask, live))
        cls = new_cls
        if not changed:
            break
    # Drop clauses implied by a smaller one on the same or fewer atoms.
    uniq = sorted({(m, frozenset(cs)) for m, cs in cls}, key=lambda x: len(x[1]))
    kept: list[tuple[int, frozenset[int]]] = []
    for m, group in uniq:
        if not any(k_cs <= group and k_m & ~m == 0 for k_m, k_cs in kept):
            kept.append((m, group))
    return remaining, allowed, kept


def _order(cards: list[int], clauses: list[tuple[int, frozenset[int]]]) -> list[int]:
    """Greedy card order that keeps few clauses open at once.

    Next is the card that closes most clauses, then opens fewest, then
    touches most; cards in no clause come last (their order does not matter).
    """
    left = [set(cs) for _, cs in clauses]
    member: dict[int, list[int]] = {c: [] for c in cards}
    for i, (_, cs) in enumerate(clauses):
        for c in cs:
            member[c].append(i)
    todo = {c for c in cards if member[c]}
    opened = [False] * len(clauses)
    order: list[int] = []
    while todo:
        best = min(
            todo,
            key=lambda c: (
                -sum(1 for i in member[c] if len(left[i]) == 1),
                sum(1 for i in member[c] if not opened[i]),
                -len(member[c]),
                c,
            ),
        )
        order.append(best)
        todo.discard(best)
        for i in member[best]:
            left[i].discard(best)
            opened[i] = True
    order.extend(c for c in cards if not member[c])
    return order


def _multinomial_bound(n: int, caps: Sequence[int]) -> int:
    out = math.factorial(n)
    for k in caps:
        out //= math.factorial(k)
    return out


def count(problem: Problem) -> Counts:
    """Count assignments exactly; see the module docstring for the method."""
    n_atoms = len(problem.caps)
    n_cards = len(problem.allowed)
    n_cats = 1 + max(problem.category, default=-1)
    try:
        remaining, allowed, clauses = propagate(problem.caps, problem.allowed, problem.clauses)
    except Infeasible:
        return Counts(0, [[0] * n_atoms for _ in range(n_cards)])
    # Many observations only restate what propagation already knew: the
    # propagated problem is then unchanged and the last count is reused.
    reduced = Problem(
        problem.caps, problem.env_category, tuple(allowed), problem.category, tuple(clauses)
    )
    return _count_reduced(reduced, tuple(remaining), n_cats)


def count_total(problem: Problem) -> int:
    """Only the number of assignments (what :func:`count` gives as ``total``)."""
    try:
        remaining, allowed, clauses = propagate(problem.caps, problem.allowed, problem.clauses)
    except Infeasible:
        return 0
    reduced = Problem(
        problem.caps, problem.env_category, tuple(allowed), problem.category, tuple(clauses)
    )
    return _total_reduced(reduced, tuple(remaining))


@lru_cache(maxsize=256)
def _total_reduced(problem: Problem, remaining: tuple[int, ...]) -> int:
    n_cats = 1 + max(problem.category, default=-1)
    allowed = problem.allowed
    if sparse_count.available():
        n_free = sum(1 for m in allowed if m & (m - 1))
        if _multinomial_bound(n_free, [r for r in remaining if r > 0]) < _INT64_LIMIT:
            found = sparse_count.count_total(
                remaining, allowed, problem.clauses, problem.env_category, n_cats
            )
            if found is not None:
                return found
    return _count_reduced(problem, remaining, n_cats).total


@lru_cache(maxsize=256)
def _count_reduced(problem: Problem, remaining: tuple[int, ...], n_cats: int) -> Counts:
    fast = _count_sparse(problem, remaining, n_cats)
    if fast is not None:
        return fast
    return _Counter(
        problem, list(remaining), list(problem.allowed), list(problem.clauses), n_cats
    ).run()


def _count_sparse(problem: Problem, remaining: tuple[int, ...], n_cats: int) -> Counts | None:
    """The count by the compiled core over reachable states, or None to use :class:`_Counter`.

    Same results as :class:`_Counter` (the tests compare them on random
    problems); see :mod:`cluedo.deduction.sparse_count`.
    """
    if not sparse_count.available():
        return None
    allowed = problem.allowed
    n_free = sum(1 for m in allowed if m & (m - 1))
    if _multinomial_bound(n_free, [r for r in remaining if r > 0]) >= _INT64_LIMIT:
        return None
    core = sparse_count.count_problem(
        remaining, allowed, problem.clauses, problem.env_category, n_cats
    )
    if core is None:
        return None
    rows, width = core.rows, core.width
    total = sum(rows[::width])
    marginal = core.marginal
    if total == 0:
        return Counts(0, [[0] * len(remaining) for _ in allowed])
    for c, m in enumerate(allowed):
        if m & (m - 1) == 0:
            marginal[c][m.bit_length() - 1] = total
    if not core.shared:
        return Counts(total, marginal, _joint_of_rows(rows, width))
    # Cards nothing tells apart share their group's count evenly.
    groups: list[dict[int, list[int]]] = [{} for _ in range(n_cats)]
    for c, g in enumerate(core.group):
        if g:
            groups[problem.category[c]].setdefault(g, []).append(c)
    return Counts(total, marginal, rows=rows, groups=groups, cards=core.cards)


class _Counter:
    """One forward-backward count; split into methods to keep each readable."""

    def __init__(
        self,
        problem: Problem,
        remaining: list[int],
        allowed: list[int],
        clauses: list[tuple[int, frozenset[int]]],
        n_cats: int,
    ) -> None:
        self.problem = problem
        self.remaining = remaining
        self.allowed = allowed
        self.clauses = clauses
        self.n_cats = n_cats
        n_cards = len(allowed)
        env_cat = problem.env_category
        self.fixed_atom = [m.bit_length() - 1 if m & (m - 1) == 0 else -1 for m in allowed]
        self.free = [c for c in range(n_cards) if self.fixed_atom[c] < 0]
        self.env_fixed: dict[int, int] = {}
        for c in range(n_cards):
            a = self.fixed_atom[c]
            if a >= 0 and env_cat[a] >= 0:
                self.env_fixed[env_cat[a]] = c

        # Axes: atoms with room left. The fullest plain atom gets no axis: its
        # room is implied by the others, since each step places one card.
        axes = [a for a in range(len(remaining)) if remaining[a] > 0]
        plain = [a for a in axes if env_cat[a] < 0]
        self.hidden = max(plain, key=lambda a: remaining[a]) if plain else -1
        kept = [a for a in axes if a != self.hidden]

        # Envelope cards of a category that nothing tells apart form a group.
        self.groups: dict[int, list[list[int]]] = {}
        self.group_of: dict[int, int] = {}
        for a in kept:
            k = env_cat[a]
            if k < 0:
                continue
            keyed: dict[tuple[int, frozenset[int]], list[int]] = {}
            for c in self.free:
                if (allowed[c] >> a) & 1:
                    member = frozenset(i for i, (_, cs) in enumerate(clauses) if c in cs)
                    keyed.setdefault((allowed[c], member), []).append(c)
            self.groups[k] = list(keyed.values())
            for g, group in enumerate(self.groups[k]):
                for c in group:
                    self.group_of[c] = g + 1
        # The envelope category with most groups is read off step by step
        # (a 0/1 axis); the others carry "which group" axes in both passes.
        env_atoms = sorted(
            (a for a in kept if env_cat[a] >= 0), key=lambda a: len(self.groups[env_cat[a]])
        )
        plain_atoms = [a for a in kept if env_cat[a] < 0]
        # Envelope axes go first: slices along them are then contiguous blocks.
        self.axes = [*env_atoms[:-1], *env_atoms[-1:], *plain_atoms]
        self.axis_of = {a: i for i, a in enumerate(self.axes)}
        self.which_axes = list(range(max(0, len(env_atoms) - 1)))
        self.step_axis = len(env_atoms) - 1 if env_atoms else -1

        bound = _multinomial_bound(len(self.free), [remaining[a] for a in axes])
        self.dtype: Any = np.int64 if bound < _INT64_LIMIT else object
        self.shape = tuple(
            len(self.groups[env_cat[a]]) + 1 if i in self.which_axes else remaining[a] + 1
            for i, a in enumerate(self.axes)
        )
        self.order = _order(self.free, clauses)
        pos = {c: i for i, c in enumerate(self.order)}
        self.close_bits = [0] * len(self.order)
        for i, (_, members) in enumerate(clauses):
            self.close_bits[max(pos[c] for c in members)] |= 1 << i
        self.load_f = self._load(self.shape, _is_zero)
        self.load_b = self._load(self.shape, _is_positive)

    def _load(self, shape: tuple[int, ...], which: Callable[[int], Array]) -> Array:
        """Cards the axes still expect in each state (for the hidden atom's room)."""
        return _load_array(shape, len(self.which_axes), which)

    def _sat_bits(self, c: int, a: int) -> int:
        out = 0
        for i, (m, cs) in enumerate(self.clauses):
            if c in cs and (m >> a) & 1:
                out |= 1 << i
        return out

    def _index(self, i: int, value: int | slice) -> tuple[Any, ...]:
        idx: list[Any] = [slice(None)] * len(self.axes)
        idx[i] = value
        return tuple(idx)

    def _options(self, c: int) -> list[_Option]:
        """Where card ``c`` can go, with the array indices each pass needs."""
        opts = []
        for a in _bits(self.allowed[c]):
            sat = self._sat_bits(c, a)
            if a == self.hidden:
                opts.append(_Option(a, sat, None, None, None, None, None, None, False))
                continue
            i = self.axis_of[a]
            cap = self.remaining[a]
            down = (self._index(i, slice(1, cap + 1)), self._index(i, slice(0, cap)))
            if i in self.which_axes:
                g = self.group_of[c]
                f = (self._index(i, 0), self._index(i, g))
                b = (self._index(i, g), self._index(i, 0))
                m = (self._index(i, slice(1, 2)), self._index(i, slice(0, 1)))
                opts.append(_Option(a, sat, *f, *b, *m, False))
            else:
                opts.append(_Option(a, sat, *down, *down, *down, i == self.step_axis))
        return opts

    def _collapse(self, arr: Array, forward: bool) -> Array:
        """Which-group axes to 0/1 remaining-room axes, as the other passes use."""
        if not self.which_axes:
            return arr
        for i in self.which_axes:
            lead = (slice(None),) * i
            none = arr[(*lead, slice(0, 1))]
            some = arr[(*lead, slice(1, None))].sum(axis=i, keepdims=True)
            # Forward: "none yet" = room 1. Backward: "none later" = room 0.
            arr = np.concatenate([some, none] if forward else [none, some], axis=i)
        return arr

    def run(self) -> Counts:
        n_atoms = len(self.remaining)
        n_cards = len(self.allowed)
        marginal = [[0] * n_atoms for _ in range(n_cards)]
        steps = [self._options(c) for c in self.order]
        n_steps = len(steps)
        axes = self.axes
        env_cat = self.problem.env_category

        # Forward pass; keep every layer (mask -> array).
        start = np.zeros(self.shape, dtype=self.dtype)
        start[
            tuple(0 if i in self.which_axes else self.remaining[a] for i, a in enumerate(axes))
        ] = 1
        layers: list[dict[int, Array]] = [{0: start}]
        for t, opts in enumerate(steps):
            nxt: dict[int, Array] = {}
            close = self.close_bits[t]
            room = self.load_f <= n_steps - t - 1
            for mask, arr in layers[t].items():
                for o in opts:
                    m2 = mask | o.sat
                    if m2 & close != close:
                        continue
                    m2 &= ~close
                    out = nxt.get(m2)
                    if out is None:
                        out = nxt[m2] = np.zeros(self.shape, dtype=self.dtype)
                    if o.fsrc is None:
                        out += arr * room
                    else:
                        out[o.fdst] += arr[o.fsrc]
            layers.append(nxt)

        final_idx = tuple(slice(1, None) if i in self.which_axes else 0 for i in range(len(axes)))
        final = layers[-1].get(0)
        total = int(np.sum(final[final_idx])) if final is not None else 0
        if total == 0:
            return Counts(0, marginal)

        # Backward pass, combined with the forward layers at every step.
        which_groups = [len(self.groups[env_cat[axes[i]]]) for i in self.which_axes]
        joint_g: dict[int, Array] = {}  # step-category card -> which-group counts
        end = np.zeros(self.shape, dtype=self.dtype)
        end[(0,) * len(axes)] = 1
        back: dict[int, Array] = {0: end}
        back_col: dict[int, Array] = {0: self._collapse(end, False)}
        for t in range(n_steps - 1, -1, -1):
            c = self.order[t]
            close = self.close_bits[t]
            room = self.load_b <= n_steps - t - 1
            prev: dict[int, Array] = {}
            for mask, farr in layers[t].items():
                fcol = self._collapse(farr, True)
                barr = np.zeros(self.shape, dtype=self.dtype)
                for o in steps[t]:
                    m2 = mask | o.sat
                    if m2 & close != close:
                        continue
                    nb = back.get(m2 & ~close)
                    if nb is None:
                        continue
                    ncol = back_col[m2 & ~close]
                    if o.fsrc is None:  # its marginal is the complement, below
                        barr += nb * room
                        continue
                    barr[o.bsrc] += nb[o.bdst]
                    if env_cat[o.atom] < 0:  # envelope marginals come from the joint
                        marginal[c][o.atom] += int((fcol[o.msrc] * ncol[o.mdst]).sum())
                    if o.step_env:
                        part = self._joint_part(farr[o.fsrc], nb[o.fdst], which_groups)
                        acc = joint_g.get(c)
                        joint_g[c] = part if acc is None else acc + part
                prev[mask] = barr
            back = prev
            back_col = {m: self._collapse(arr, False) for m, arr in prev.items()}

        for c in range(n_cards):
            if self.fixed_atom[c] >= 0:
                marginal[c][self.fixed_atom[c]] = total
        joint = self._expand_joint(joint_g, total)
        env_atom = {k: a for a, k in enumerate(env_cat) if k >= 0}
        for combo, n in joint.items():
            for k, c in enumerate(combo):
                if self.fixed_atom[c] < 0:
                    marginal[c][env_atom[k]] += n
        if self.hidden >= 0:
            # Every deal puts a card somewhere: the hidden atom gets the rest.
            for c in self.free:
                if (self.allowed[c] >> self.hidden) & 1:
                    marginal[c][self.hidden] = total - sum(marginal[c])
        return Counts(total, marginal, joint)

    def _joint_part(self, f: Array, b: Array, sizes: list[int]) -> Array:
        """Sum over states of forward x backward, keeping which-group indices.

        For each which-axis exactly one side chose the group: the forward side
        (the card came earlier) or the backward side (it comes later).
        """
        n = len(self.axes)
        out: Array | None = None
        for sides in itertools.product((0, 1), repeat=len(self.which_axes)):
            fi: list[Any] = [slice(None)] * n
            bi: list[Any] = [slice(None)] * n
            for side, i in zip(sides, self.which_axes, strict=True):
                if side == 0:  # chosen before: forward has the group, backward none
                    fi[i], bi[i] = slice(1, None), slice(0, 1)
                else:
                    fi[i], bi[i] = slice(0, 1), slice(1, None)
            prod = f[tuple(fi)] * b[tuple(bi)]
            keep = tuple(i for i in range(n) if i not in self.which_axes)
            term = prod.sum(axis=keep) if keep else prod
            out = term if out is None else out + term
        assert out is not None
        return out.reshape(sizes) if sizes else out

    def _expand_joint(self, joint_g: dict[int, Array], total: int) -> dict[tuple[int, ...], int]:
        """Counts per envelope combination of cards, from counts per group."""
        env_cat = self.problem.env_category
        which_cats = [env_cat[self.axes[i]] for i in self.which_axes]
        step_cat = env_cat[self.axes[self.step_axis]] if self.step_axis >= 0 else -1
        joint: dict[tuple[int, ...], int] = {}

        slot = {k: j for j, k in enumerate(which_cats)}

        def emit(counts: Array, extra: dict[int, int]) -> None:
            if which_cats:
                cells = np.argwhere(counts).tolist()
                values = counts[counts != 0].tolist()
            else:
                cells, values = [[]], [int(counts)]
            fixed = extra | self.env_fixed
            for idx, value in zip(cells, values, strict=True):
                chosen = [self.groups[k][g] for k, g in zip(which_cats, idx, strict=True)]
                share = int(value) // math.prod(len(m) for m in chosen)
                for combo in itertools.product(*chosen):
                    joint[
                        tuple(combo[slot[k]] if k in slot else fixed[k] for k in range(self.n_cats))
                    ] = share

        if step_cat < 0:
            if which_cats:  # cannot happen: the step axis is picked first
                raise AssertionError("which axes without a step axis")
            emit(np.asarray(total), {})
        else:
            for c, counts in joint_g.items():
                emit(counts, {step_cat: c})
        return joint


@dataclass(frozen=True)
class _Option:
    """Card to atom: clause bits it satisfies and array indices per pass.

    Indices are None for the hidden atom (no axis: a room mask applies).
    ``f*`` forward, ``b*`` backward, ``m*`` marginals on collapsed arrays.
    """

    atom: int
    sat: int
    fsrc: Any
    fdst: Any
    bsrc: Any
    bdst: Any
    msrc: Any
    mdst: Any
    step_env: bool


_LOADS: dict[tuple[Any, ...], Array] = {}


def _load_array(shape: tuple[int, ...], n_which: int, which: Callable[[int], Array]) -> Array:
    """Sum over axes of each index's load; which-axes (the first ``n_which``) use ``which``."""
    key = (shape, n_which, which)
    cached = _LOADS.get(key)
    if cached is None:
        cached = np.zeros(shape, dtype=np.int64)
        for i, size in enumerate(shape):
            view = [1] * len(shape)
            view[i] = size
            vec = which(size) if i < n_which else np.arange(size)
            cached = cached + vec.astype(np.int64).reshape(view)
        if len(_LOADS) > 4096:
            _LOADS.clear()
        _LOADS[key] = cached
    return cached


def _is_zero(size: int) -> Array:
    out: Array = np.arange(size) == 0
    return out


def _is_positive(size: int) -> Array:
    out: Array = np.arange(size) > 0
    return out
