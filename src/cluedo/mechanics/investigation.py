"""The murder investigation shared by the classic game and its variants:
the envelope, the deal, who refutes a suggestion, and accusations.

>>> import random
>>> cards = {"suspect": ["a", "b"], "weapon": ["c", "d"], "room": ["e", "f", "g"]}
>>> envelope, rest = draw_envelope(cards, random.Random(1))
>>> len(envelope), len(rest)
(3, 4)
>>> deal_round_robin(["x", "y", "z", "w", "v"], [2, 0, 1])
[['y', 'v'], ['z'], ['x', 'w']]
>>> refutation_order(1, 4)
[2, 3, 0]
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from cluedo.engine.events import Event


def draw_envelope(
    cards_by_category: Mapping[str, Sequence[str]], rng: random.Random
) -> tuple[tuple[str, ...], list[str]]:
    """One random card of each category into the envelope; the rest shuffled together."""
    envelope = tuple(rng.choice(list(cards)) for cards in cards_by_category.values())
    rest = [c for cards in cards_by_category.values() for c in cards if c not in envelope]
    rng.shuffle(rest)
    return envelope, rest


def deal_round_robin(cards: Sequence[str], order: Sequence[int]) -> list[list[str]]:
    """Deal one card at a time to the seats in ``order`` until none are left.

    Returns hands indexed by seat; hands may differ in size by one.
    """
    hands: list[list[str]] = [[] for _ in order]
    for i, card in enumerate(cards):
        hands[order[i % len(order)]].append(card)
    return hands


def refutation_order(suggester: int, players: int) -> list[int]:
    """The other seats, starting with the one to the suggester's left (clockwise)."""
    return [(suggester + k) % players for k in range(1, players)]


def matching(hand: Iterable[str], named: Iterable[str]) -> list[str]:
    """Cards in ``hand`` among the ``named`` ones, in hand order."""
    wanted = set(named)
    return [c for c in hand if c in wanted]


def ask_to_the_left(
    asker: int, hands: Sequence[Iterable[str]], named: Iterable[str]
) -> tuple[list[int], int | None, list[str]]:
    """Ask each player in turn from the asker's left until one holds a named card.

    Returns the seats that could not answer (in order), the first seat that can
    (or None: nobody could), and that seat's matching cards (it picks one to show).

    >>> ask_to_the_left(0, [["a"], ["x"], ["b", "c"]], ["b", "c", "z"])
    ([1], 2, ['b', 'c'])
    >>> ask_to_the_left(1, [["a"], ["x"], ["y"]], ["b"])
    ([2, 0], None, [])
    """
    named = tuple(named)
    passed: list[int] = []
    for other in refutation_order(asker, len(hands)):
        cards = matching(hands[other], named)
        if cards:
            return passed, other, cards
        passed.append(other)
    return passed, None, []


def dealt_events(hands: Sequence[Iterable[str]]) -> list[Event]:
    """One private ``dealt`` event a seat: each player sees only their own hand.

    >>> [e.for_seat(0) for e in dealt_events([["a"], ["b"]])]
    [{'kind': 'dealt', 'seat': 0, 'hand': ['a']}, None]
    """
    return [
        Event("dealt", {"seat": s}, {"hand": list(hand)}, frozenset({s}), private=True)
        for s, hand in enumerate(hands)
    ]
