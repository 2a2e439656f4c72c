"""Exact model counting of deals: the arithmetic core of the notebook.

A :class:`Problem` is cards with allowed atoms, atom capacities and "at least
one of" clauses. :func:`count` returns the number of assignments that fill
every atom exactly, the number with each card in each atom, and the number for
each envelope combination (one card per category).

Method (see docs/deduction.md): a dynamic programme over the cards in a chosen
order. A state is the remaining capacity of every atom plus one bit per
*open* clause (some card seen, some not) saying whether it is already
satisfied; the capacities form the axes of a numpy array and the clause bits
key a dict of such arrays. A forward pass also tracks, per envelope category,
which group of interchangeable cards went into the envelope, which yields the
joint envelope distribution; a backward pass gives every card's marginals.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

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


@dataclass
class Counts:
    """The result of :func:`count`."""

    total: int
    marginal: list[list[int]]
    """``marginal[c][a]``: assignments with card ``c`` in atom ``a``."""
    joint: dict[tuple[int, ...], int] = field(default_factory=dict)
    """Envelope card per category -> assignments (zero entries omitted)."""


class Infeasible(Exception):
    """Propagation found that no assignment exists."""


def _bits(mask: int) -> list[int]:
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return out


def propagate(
    caps: Sequence[int],
    allowed: Sequence[int],
    clauses: Sequence[tuple[int, frozenset[int]]],
) -> tuple[list[int], list[int], list[tuple[int, frozenset[int]]]]:
    """Unit propagation: fix single-atom cards, close full atoms, shrink clauses.

    Returns (remaining capacity per atom, allowed masks, open clauses). Cards
    whose mask has one bit are fixed and already subtracted from capacities.
    Raises :class:`Infeasible` on a plain contradiction.
    """
    allowed = list(allowed)
    n_atoms = len(caps)
    cls = [(m, set(cs)) for m, cs in clauses]
    while True:
        changed = False
        remaining = list(caps)
        free_in = [0] * n_atoms
        for m in allowed:
            if m == 0:
                raise Infeasible("a card has no possible place")
            if m & (m - 1) == 0:
                remaining[m.bit_length() - 1] -= 1
            else:
                for a in _bits(m):
                    free_in[a] += 1
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
    """Greedy card order that keeps few clauses open at once."""
    todo = set(cards)
    left = [set(cs) for _, cs in clauses]
    opened = [False] * len(clauses)
    order: list[int] = []
    while todo:
        best = None
        best_key: tuple[int, int, int] | None = None
        for c in todo:
            closes = sum(1 for i, s in enumerate(left) if s == {c})
            opens = sum(1 for i, s in enumerate(left) if c in s and not opened[i])
            touches = sum(1 for s in left if c in s)
            key = (-closes, opens, -touches)
            if best_key is None or key < best_key or (key == best_key and c < (best or 0)):
                best, best_key = c, key
        assert best is not None
        order.append(best)
        todo.discard(best)
        for i, s in enumerate(left):
            if best in s:
                s.discard(best)
                opened[i] = True
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
        remaining, allowed, clauses = propagate(
            problem.caps, problem.allowed, problem.clauses
        )
    except Infeasible:
        return Counts(0, [[0] * n_atoms for _ in range(n_cards)])

    fixed_atom = [m.bit_length() - 1 if m & (m - 1) == 0 else -1 for m in allowed]
    free = [c for c in range(n_cards) if fixed_atom[c] < 0]
    env_fixed: dict[int, int] = {}
    for c in range(n_cards):
        a = fixed_atom[c]
        if a >= 0 and problem.env_category[a] >= 0:
            env_fixed[problem.env_category[a]] = c

    # Axes: atoms with room left. Envelope atoms get a "which group" axis forward.
    # The fullest other atom gets no axis: its room is implied by the others,
    # since every step places exactly one card (saves a factor cap + 1).
    axes = [a for a in range(n_atoms) if remaining[a] > 0]
    plain = [a for a in axes if problem.env_category[a] < 0]
    hidden = max(plain, key=lambda a: remaining[a]) if plain else -1
    axes = [a for a in axes if a != hidden]
    axis_of = {a: i for i, a in enumerate(axes)}
    groups: dict[int, list[list[int]]] = {}  # category -> groups of cards
    group_of: dict[int, int] = {}
    for a in axes:
        k = problem.env_category[a]
        if k < 0:
            continue
        keyed: dict[tuple[int, frozenset[int]], list[int]] = {}
        for c in free:
            if (allowed[c] >> a) & 1:
                member = frozenset(i for i, (_, cs) in enumerate(clauses) if c in cs)
                keyed.setdefault((allowed[c], member), []).append(c)
        groups[k] = list(keyed.values())
        for g, cs in enumerate(groups[k]):
            for c in cs:
                group_of[c] = g + 1

    bound = _multinomial_bound(len(free), [remaining[a] for a in axes])
    dtype: Any = np.int64 if bound < _INT64_LIMIT else object

    bits_shape = tuple(remaining[a] + 1 for a in axes)
    which_shape = tuple(
        len(groups[problem.env_category[a]]) + 1 if problem.env_category[a] >= 0
        else remaining[a] + 1
        for a in axes
    )
    env_axes = [i for i, a in enumerate(axes) if problem.env_category[a] >= 0]

    order = _order(free, clauses)
    pos = {c: i for i, c in enumerate(order)}
    close_bits = [0] * len(order)
    for i, (_, members) in enumerate(clauses):
        close_bits[max(pos[c] for c in members)] |= 1 << i

    def sat_bits(c: int, a: int) -> int:
        out = 0
        for i, (m, cs) in enumerate(clauses):
            if c in cs and (m >> a) & 1:
                out |= 1 << i
        return out

    full = slice(None)

    # S(x): cards still expected by the axes; the hidden atom's room at step t
    # is (cards left) - S(x), so placing there needs S(x) <= cards left - 1.
    def load(shape: tuple[int, ...], which: bool) -> Array:
        total_load = np.zeros(shape, dtype=np.int64)
        for i, size in enumerate(shape):
            view = [1] * len(shape)
            view[i] = size
            if which and i in env_axes:
                vec = (np.arange(size) == 0).astype(np.int64)
            else:
                vec = np.arange(size, dtype=np.int64)
            total_load = total_load + vec.reshape(view)
        return total_load

    load_which = load(which_shape, True)
    load_bits = load(bits_shape, False)
    n_steps = len(order)

    def cap_slices(i: int, cap: int) -> tuple[tuple[slice, ...], tuple[slice, ...]]:
        src = [full] * len(axes)
        dst = [full] * len(axes)
        src[i] = slice(1, cap + 1)
        dst[i] = slice(0, cap)
        return tuple(src), tuple(dst)

    # Per step: list of (atom, src index, dst index for the "which" pass,
    # src/dst for the capacity pass, sat bits).
    steps: list[list[tuple[int, Any, Any, Any, Any, int]]] = []
    for c in order:
        opts: list[tuple[int, Any, Any, Any, Any, int]] = []
        for a in _bits(allowed[c]):
            if a == hidden:
                opts.append((a, None, None, None, None, sat_bits(c, a)))
                continue
            i = axis_of[a]
            bsrc, bdst = cap_slices(i, remaining[a])
            if problem.env_category[a] >= 0:
                wsrc_l = [full] * len(axes)
                wdst_l = [full] * len(axes)
                wsrc_l[i] = 0  # type: ignore[call-overload]
                wdst_l[i] = group_of[c]  # type: ignore[call-overload]
                wsrc: Any = tuple(wsrc_l)
                wdst: Any = tuple(wdst_l)
            else:
                wsrc, wdst = bsrc, bdst
            opts.append((a, wsrc, wdst, bsrc, bdst, sat_bits(c, a)))
        steps.append(opts)

    # Forward pass with "which group" envelope axes; keep every layer.
    start = np.zeros(which_shape, dtype=dtype)
    start[tuple(0 if problem.env_category[a] >= 0 else remaining[a] for a in axes)] = 1
    layers: list[dict[int, Array]] = [{0: start}]
    cur = layers[0]
    for t, opts in enumerate(steps):
        nxt: dict[int, Array] = {}
        close = close_bits[t]
        room = load_which <= n_steps - t - 1
        for mask, arr in cur.items():
            for _a, wsrc, wdst, _bs, _bd, sat in opts:
                m2 = mask | sat
                if m2 & close != close:
                    continue
                m2 &= ~close
                out = nxt.get(m2)
                if out is None:
                    out = nxt[m2] = np.zeros(which_shape, dtype=dtype)
                if wsrc is None:
                    out += arr * room
                else:
                    out[wdst] += arr[wsrc]
        cur = nxt
        layers.append(cur)

    final = cur.get(0)
    # Capacity axes must be empty; every envelope axis must have chosen a group.
    zero_idx = tuple(slice(1, None) if i in env_axes else 0 for i in range(len(axes)))
    marginal = [[0] * n_atoms for _ in range(n_cards)]
    if final is None:
        return Counts(0, marginal)
    joint_groups = final[zero_idx]
    total = int(joint_groups.sum())
    if total == 0:
        return Counts(0, marginal)

    # Joint envelope distribution, expanded from groups to cards.
    joint: dict[tuple[int, ...], int] = {}
    env_cats = [problem.env_category[axes[i]] for i in env_axes]
    nonzero = zip(*np.nonzero(joint_groups), strict=True) if env_axes else iter(())
    for idx in nonzero:
        value = int(joint_groups[idx])
        chosen = [groups[k][int(g)] for k, g in zip(env_cats, idx, strict=True)]
        share = value // math.prod(len(m) for m in chosen)
        for combo in _product(chosen):
            key_map = dict(zip(env_cats, combo, strict=True))
            key_map.update(env_fixed)
            joint[tuple(key_map[k] for k in range(n_cats))] = share
    if not env_axes:
        joint[tuple(env_fixed[k] for k in range(n_cats))] = total

    # Backward pass on capacity states; combine with collapsed forward layers.
    def collapse(arr: Array) -> Array:
        for i in env_axes:
            lead = (full,) * i
            first = arr[(*lead, slice(0, 1))]
            rest = arr[(*lead, slice(1, None))].sum(axis=i, keepdims=True)
            arr = np.concatenate([rest, first], axis=i)  # index = remaining capacity
        return arr

    end = np.zeros(bits_shape, dtype=dtype)
    end[tuple(0 for _ in axes)] = 1
    back: dict[int, Array] = {0: end}
    for t in range(len(order) - 1, -1, -1):
        c = order[t]
        fwd = layers[t]
        close = close_bits[t]
        prev: dict[int, Array] = {}
        room = load_bits <= n_steps - t - 1
        for mask, farr in fwd.items():
            fcol = collapse(farr)
            barr = np.zeros(bits_shape, dtype=dtype)
            for a, _ws, _wd, bsrc, bdst, sat in steps[t]:
                m2 = mask | sat
                if m2 & close != close:
                    continue
                nb = back.get(m2 & ~close)
                if nb is None:
                    continue
                if bsrc is None:
                    moved = nb * room
                    barr += moved
                    marginal[c][a] += int((fcol * moved).sum())
                    continue
                moved = nb[bdst]
                barr[bsrc] += moved
                marginal[c][a] += int((fcol[bsrc] * moved).sum())
            prev[mask] = barr
        back = prev

    for c in range(n_cards):
        if fixed_atom[c] >= 0:
            marginal[c][fixed_atom[c]] = total
    return Counts(total, marginal, joint)


def _product(members: list[list[int]]) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = [()]
    for m in members:
        out = [(*p, c) for p in out for c in m]
    return out
