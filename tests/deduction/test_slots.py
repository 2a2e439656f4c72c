"""Slot deals (cards dealt into slots whose holders change in public) against
brute-force enumeration of every deal."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction

import pytest

from cluedo.deduction.errors import (
    ContradictionError,
    SetupError,
    UnknownNameError,
    UnsupportedObservationError,
)
from cluedo.deduction.observations import FaceUp, Hand, HandOver, Transfer
from cluedo.deduction.places import Layout, Place
from cluedo.deduction.slots import SlotDeal, pair_counts, permanent, sample_assignment

Matrix = list[list[bool]]


def random_matrix(rng: random.Random, n: int, density: float) -> Matrix:
    return [[rng.random() < density for _ in range(n)] for _ in range(n)]


def assignments(allowed: Matrix) -> list[tuple[int, ...]]:
    n = len(allowed)
    return [
        perm
        for perm in itertools.permutations(range(n))
        if all(allowed[i][perm[i]] for i in range(n))
    ]


@pytest.mark.parametrize("n", [0, 1, 2, 3, 5, 6])
def test_permanent_and_pair_counts_equal_enumeration(n: int) -> None:
    rng = random.Random(n)
    for trial in range(25):
        allowed = random_matrix(rng, n, density=0.3 + 0.1 * (trial % 6))
        found = assignments(allowed)
        assert permanent(allowed) == len(found)
        pairs = pair_counts(allowed)
        for i in range(n):
            for j in range(n):
                assert pairs[i][j] == sum(1 for perm in found if perm[i] == j)


def test_sampled_assignments_are_uniform_over_the_allowed_ones() -> None:
    allowed = [[i != j for j in range(4)] for i in range(4)]  # the 9 derangements of 4
    allowed[0][1] = False  # and one hole more: 6 remain
    found = assignments(allowed)
    assert len(found) == 6
    rng = random.Random(1)
    draws = 3000
    seen = Counter(tuple(sample_assignment(allowed, rng)) for _ in range(draws))
    assert set(seen) == set(found)
    for perm in found:  # each 500 expected; 5 standard deviations is about 100
        assert abs(seen[perm] - draws / 6) < 100


def test_sampling_with_no_allowed_assignment_is_a_contradiction() -> None:
    with pytest.raises(ContradictionError):
        sample_assignment([[False, True], [False, True]], random.Random(0))


# -- slot deals against a brute-force reference --------------------------------------

CATS = {"s": ("s1", "s2", "s3"), "r": ("r1", "r2", "r3", "r4")}
HOLDERS: tuple[Place, ...] = (0, 1, 2)
SLOTS: dict[str, tuple[str, Place]] = {
    **{f"s@{h}": ("s", h) for h in HOLDERS},
    **{f"r@{h}": ("r", h) for h in HOLDERS},
    "r@pile": ("r", "pile"),
}
PLACES: list[Place] = [*HOLDERS, "pile"]
World = dict[str, str]  # card -> slot


def all_worlds() -> list[World]:
    out = []
    s_slots = [s for s, (c, _) in SLOTS.items() if c == "s"]
    r_slots = [s for s, (c, _) in SLOTS.items() if c == "r"]
    for sp in itertools.permutations(s_slots):
        for rp in itertools.permutations(r_slots):
            out.append(
                dict(zip(CATS["s"], sp, strict=True)) | dict(zip(CATS["r"], rp, strict=True))
            )
    return out


class Reference:
    """Every world kept while it agrees with every observation, slot holders followed."""

    def __init__(self) -> None:
        self.worlds = all_worlds()
        self.holder: dict[str, Place] = {s: h for s, (_, h) in SLOTS.items()}

    def keep(self, test: Callable[[World, dict[str, Place]], bool]) -> None:
        now = dict(self.holder)
        self.worlds = [w for w in self.worlds if test(w, now)]

    def distribution(self, card: str) -> dict[Place, Fraction]:
        seen = Counter(self.holder[w[card]] for w in self.worlds)
        return {h: Fraction(n, len(self.worlds)) for h, n in seen.items()}


def step(deal: SlotDeal, ref: Reference, truth: World, rng: random.Random) -> None:
    """One random public move or one true observation, on both."""
    cards = list(truth)
    roll = rng.randrange(8)
    if roll == 0:
        source, target = rng.sample(PLACES, 2)
        deal.hand_over(source, target)
        ref.holder.update({s: target for s, h in ref.holder.items() if h == source})
    elif roll == 1:
        first, second = rng.sample(list(SLOTS), 2)
        deal.exchange(first, second)
        ref.holder[first], ref.holder[second] = ref.holder[second], ref.holder[first]
    elif roll == 2:
        card = rng.choice(cards)
        place = ref.holder[truth[card]]
        deal.shown(place, card)
        ref.keep(lambda w, now: now[w[card]] == place)
    elif roll == 3:
        place = rng.choice(PLACES)
        having = {c for c, s in truth.items() if ref.holder[s] == place}
        pool = [c for c in cards if c not in having]
        lacking = tuple(rng.sample(pool, min(2, len(pool))))
        deal.has_none(place, lacking)
        ref.keep(lambda w, now: all(now[w[c]] != place for c in lacking))
    elif roll == 4:
        card = rng.choice(cards)
        deal.pin(card, truth[card])
        ref.keep(lambda w, now: w[card] == truth[card])
    elif roll == 5:
        card = rng.choice(cards)
        slot = rng.choice([s for s in SLOTS if SLOTS[s][0] == SLOTS[truth[card]][0]])
        if slot != truth[card]:
            deal.exclude(card, slot)
            ref.keep(lambda w, now: w[card] != slot)
    elif roll == 6:
        place = rng.choice(HOLDERS)
        held = tuple(c for c, s in truth.items() if ref.holder[s] == place)
        deal.hand(place, held)
        ref.keep(lambda w, now: {c for c, s in w.items() if now[s] == place} == set(held))
    else:
        slot = rng.choice(list(SLOTS))
        place = rng.choice(PLACES)
        deal.move(slot, place)
        ref.holder[slot] = place


@pytest.mark.parametrize("seed", range(12))
def test_slot_deal_counts_equal_enumeration_through_random_histories(seed: int) -> None:
    rng = random.Random(seed)
    truth = rng.choice(all_worlds())
    deal, ref = SlotDeal(CATS, SLOTS), Reference()
    for _ in range(10):
        step(deal, ref, truth, rng)
        assert deal.holder == ref.holder
        assert deal.count() == len(ref.worlds)
        for card in truth:
            assert deal.distribution(card) == ref.distribution(card)
            where = ref.holder[truth[card]]
            assert deal.status(card, where) is (
                True if ref.distribution(card) == {where: 1} else None
            )


def test_a_derangement_of_target_cards_then_a_kill_and_a_swap() -> None:
    # Three characters hunting each other, none dealt its own card: two deals.
    cats = {"t": ("a", "b", "c")}
    deal = SlotDeal(cats, {"ta": ("t", "a"), "tb": ("t", "b"), "tc": ("t", "c")})
    for who in ("a", "b", "c"):
        deal.exclude(who, f"t{who}")
    assert deal.count() == 2
    # a attacks and shows b: a's target slot holds b.
    deal.pin("b", "ta")
    assert deal.count() == 1 and deal.status("c", "b") is True
    # a kills b and takes b's slot, which holds c (b's target).
    deal.hand_over("b", "a")
    assert deal.distribution("c") == {"a": 1}
    # a and c trade their target slots in public.
    deal.exchange("tb", "tc")
    assert deal.distribution("c") == {"c": 1} and deal.distribution("a") == {"a": 1}


def test_probabilities_follow_counts_not_room_left() -> None:
    # One holder with 3 of 4 room slots, a pile with 1: each room is the pile's 1 in 4.
    cats = {"r": ("r1", "r2", "r3", "r4")}
    slots: dict[str, tuple[str, Place]] = {"x": ("r", 0), "y": ("r", 0), "z": ("r", 0)}
    deal = SlotDeal(cats, {**slots, "u": ("r", "unused")})
    assert deal.distribution("r1") == {0: Fraction(3, 4), "unused": Fraction(1, 4)}


def test_slot_deal_samples_uniformly_and_copies_independently() -> None:
    deal = SlotDeal(CATS, SLOTS)
    deal.has_none(0, ("s1", "r1"))
    copy = deal.copy()
    copy.shown(1, "s1")
    assert deal.count() == 4 * 18 and copy.count() == 2 * 18  # s1 off 0, r1 off 0
    rng = random.Random(3)
    draws = [deal.sample(rng) for _ in range(2000)]
    s1 = Counter(d["s1"] for d in draws)
    assert set(s1) == {1, 2} and abs(s1[1] - 1000) < 115
    assert all(d["r1"] != 0 and sorted(map(str, d.values())).count("0") == 2 for d in draws)


def test_impossible_observations_and_bad_names_are_refused() -> None:
    deal = SlotDeal(CATS, SLOTS)
    deal.shown(0, "s1")
    deal.shown(0, "s2")  # only one s slot at 0
    with pytest.raises(ContradictionError):
        deal.count()
    with pytest.raises(UnknownNameError):
        deal.pin("nope", "s@0")
    with pytest.raises(UnknownNameError):
        deal.pin("s1", "r@0")
    with pytest.raises(UnknownNameError):
        deal.move("nowhere", 1)
    with pytest.raises(SetupError):
        SlotDeal(CATS, {"s@0": ("s", 0)})


def test_a_layout_becomes_slots_and_holder_observations_apply() -> None:
    layout = Layout.create(
        {"s": ("s1", "s2"), "r": ("r1", "r2", "r3")},
        {0: 2, 1: 2, "face_up": 1},
        {0: {"s": 1, "r": 1}, 1: {"s": 1, "r": 1}, "face_up": {"r": 1}},
    )
    deal = SlotDeal.of_layout(layout)
    assert sorted(deal.held_by(0)) == ["0/r/0", "0/s/0"]
    deal.observe(FaceUp(("r3",)))
    deal.observe(Hand("0", ("s1", "r1")))
    assert deal.distribution("r2") == {1: 1} and deal.count() == 1
    deal.observe(HandOver("1", "0"))
    assert deal.distribution("s2") == {0: 1}
    with pytest.raises(UnsupportedObservationError):
        deal.observe(Transfer("0", "1", category="s"))
    with pytest.raises(SetupError):
        SlotDeal.of_layout(Layout.create({"s": ("s1",)}, {0: 1}))
