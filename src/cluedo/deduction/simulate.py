"""Random game records with a known true deal, for tests, benchmarks and soaks."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cluedo.deduction.observations import (
    FaceUp,
    Hand,
    Observation,
    WrongAccusation,
    suggestion_observations,
)
from cluedo.deduction.setup import CLASSIC_CATEGORIES, ENVELOPE, FACE_UP, DealSetup, dealt_sizes


@dataclass(frozen=True)
class GameRecord:
    """A true deal and what ``observer`` saw, as groups (one group per event)."""

    setup: DealSetup
    deal: dict[str, str]
    """card -> location in the true deal."""
    observer: str
    events: list[list[Observation]]


def random_deal(setup: DealSetup, rng: random.Random) -> dict[str, str]:
    """A uniformly random deal for ``setup``."""
    deal: dict[str, str] = {}
    rest: list[str] = []
    for _, cards in setup.categories:
        pick = rng.choice(cards)
        deal[pick] = ENVELOPE
        rest.extend(c for c in cards if c != pick)
    rng.shuffle(rest)
    slots = [name for name, size in (*setup.players, *setup.piles) for _ in range(size)]
    deal.update(zip(rest, slots, strict=True))
    return deal


def random_record(
    rng: random.Random,
    n_players: int,
    *,
    categories: Mapping[str, Sequence[str]] | None = None,
    suggestions: int = 30,
    accusation_rate: float = 0.05,
) -> GameRecord:
    """A random legal record: a true deal, random suggestions, true refutations."""
    cats = {k: list(v) for k, v in (categories or CLASSIC_CATEGORIES).items()}
    names = [f"p{i}" for i in range(n_players)]
    n_cards = sum(len(v) for v in cats.values()) - len(cats)
    setup = DealSetup.create(cats, list(zip(names, dealt_sizes(n_cards, n_players), strict=True)))
    deal = random_deal(setup, rng)
    observer = names[0]
    events: list[list[Observation]] = [
        [Hand(observer, tuple(c for c in setup.cards if deal[c] == observer))]
    ]
    if FACE_UP in setup.pile_names:
        events.append([FaceUp(tuple(c for c in setup.cards if deal[c] == FACE_UP))])
    truth = tuple(c for c in setup.cards if deal[c] == ENVELOPE)
    for _ in range(suggestions):
        triple = tuple(rng.choice(v) for v in cats.values())
        if rng.random() < accusation_rate and triple != truth:
            events.append([WrongAccusation(triple)])
            continue
        suggester = rng.choice(names)
        start = names.index(suggester)
        refuter = None
        for k in range(1, n_players):
            p = names[(start + k) % n_players]
            if any(deal[c] == p for c in triple):
                refuter = p
                break
        shown = None
        if refuter is not None and observer in (suggester, refuter):
            shown = rng.choice([c for c in triple if deal[c] == refuter])
        obs = suggestion_observations(names, suggester, triple, refuter, shown)
        events.append(obs)
    return GameRecord(setup, deal, observer, events)
