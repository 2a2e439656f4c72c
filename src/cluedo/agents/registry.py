"""Bots by name, for front ends: ``random``, ``sensible``, or an external command.

Names are per rule set: ``sensible`` is the careful detective in the classic
game and the hunter in Clussassin; ``random`` plays any rule set.
"""

from __future__ import annotations

from collections.abc import Callable

from cluedo.agents.base import Agent
from cluedo.agents.cruel_bots import CruelAgent
from cluedo.agents.detective import DetectiveAgent
from cluedo.agents.hunter import HunterAgent
from cluedo.agents.kkd_bots import KlooDooAgent
from cluedo.agents.knight import KnightAgent
from cluedo.agents.random_bot import RandomAgent
from cluedo.agents.sensible import SensibleAgent

AgentFactory = Callable[[int, int | None], Agent]

BOTS: dict[str, AgentFactory] = {
    "random": RandomAgent,
    "sensible": SensibleAgent,
    "detective": DetectiveAgent,
}
"""The classic game's bots."""

RULE_BOTS: dict[str, dict[str, AgentFactory]] = {
    "classic": BOTS,
    "clussassin": {"random": RandomAgent, "sensible": HunterAgent, "hunter": HunterAgent},
    "clue-or-cruel": {"random": RandomAgent, "sensible": CruelAgent},
    "killer-kloo-doo": {"random": RandomAgent, "sensible": KlooDooAgent},
    "pendragon": {"random": RandomAgent, "sensible": KnightAgent, "knight": KnightAgent},
}


def bots_for(rules: str) -> dict[str, AgentFactory]:
    """The bots that can play ``rules`` (a rule set's name or alias)."""
    from cluedo.engine.registry import rules_class

    return RULE_BOTS.get(rules_class(rules).name, {"random": RandomAgent})


def make_agent(spec: str, seat: int, seed: int | None = None, rules: str = "classic") -> Agent:
    """A bot from its name, or ``cmd:<command line>`` for a bot in another process.

    >>> make_agent("random", 0).name
    'random'
    >>> make_agent("sensible", 0, rules="clussassin").name
    'hunter'
    """
    if spec.startswith("cmd:"):
        from cluedo.agents.external import ExternalAgent

        agent: Agent = ExternalAgent(spec[4:], seat, seed)
        return agent
    bots = bots_for(rules)
    factory = bots.get(spec)
    if factory is None:
        raise ValueError(
            f"unknown bot {spec!r} for {rules}; bots: {', '.join(sorted(bots))}, "
            "or cmd:<command line>"
        )
    return factory(seat, seed)
