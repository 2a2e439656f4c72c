"""Reward cards as data: what lies face down in each room of the Pendragon castle.

>>> deck = load_rewards()
>>> len(deck.deck())
11
>>> deck.card("royal_pardon").effect
'pardon'
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

EFFECTS = (
    "steed",
    "errand",
    "glimpse",
    "hidden_stair",
    "messenger",
    "interrogation",
    "pardon",
)
"""Every effect the rules implement; a reward file may use only these."""


class RewardFileError(ValueError):
    """A reward file is invalid; the message says what is allowed."""


@dataclass(frozen=True)
class Reward:
    id: str
    name: str
    effect: str
    count: int
    glory: int
    text: str


@dataclass(frozen=True)
class RewardSet:
    rewards: tuple[Reward, ...]

    def card(self, reward_id: str) -> Reward:
        for reward in self.rewards:
            if reward.id == reward_id:
                return reward
        raise RewardFileError(
            f"no reward {reward_id!r}; rewards: {', '.join(r.id for r in self.rewards)}"
        )

    def deck(self) -> list[str]:
        """Every reward card's id, ``count`` times each, in file order (shuffle before use)."""
        return [r.id for r in self.rewards for _ in range(r.count)]


def parse_rewards(data: dict[str, Any], source: str = "<rewards>") -> RewardSet:
    rewards: list[Reward] = []
    for i, raw in enumerate(data.get("reward", [])):
        try:
            reward = Reward(
                id=str(raw["id"]),
                name=str(raw["name"]),
                effect=str(raw["effect"]),
                count=int(raw.get("count", 1)),
                glory=int(raw.get("glory", 0)),
                text=str(raw["text"]),
            )
        except KeyError as missing:
            raise RewardFileError(f"{source}: reward {i} has no {missing}") from None
        if reward.effect not in EFFECTS:
            raise RewardFileError(
                f"{source}: reward {reward.id} has effect {reward.effect!r}; "
                f"allowed: {', '.join(EFFECTS)}"
            )
        if reward.count < 1 or any(r.id == reward.id for r in rewards):
            raise RewardFileError(f"{source}: reward {reward.id} needs a count >= 1 and one entry")
        rewards.append(reward)
    if not rewards:
        raise RewardFileError(f"{source}: no [[reward]] entries")
    return RewardSet(tuple(rewards))


_cache: dict[str, RewardSet] = {}


def load_rewards(name: str = "pendragon") -> RewardSet:
    """The reward cards shipped for a rule set (``content/<name>/rewards.toml``)."""
    cached = _cache.get(name)
    if cached is None:
        resource = resources.files("cluedo.content") / name / "rewards.toml"
        cached = parse_rewards(tomllib.loads(resource.read_text(encoding="utf-8")), name)
        _cache[name] = cached
    return cached
