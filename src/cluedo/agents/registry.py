"""Bots by name, for front ends: ``random``, ``sensible``, or an external command."""

from __future__ import annotations

from collections.abc import Callable

from cluedo.agents.base import Agent
from cluedo.agents.random_bot import RandomAgent
from cluedo.agents.sensible import SensibleAgent

AgentFactory = Callable[[int, int | None], Agent]

BOTS: dict[str, AgentFactory] = {
    "random": RandomAgent,
    "sensible": SensibleAgent,
}


def make_agent(spec: str, seat: int, seed: int | None = None) -> Agent:
    """A bot from its name, or ``cmd:<command line>`` for a bot in another process.

    >>> make_agent("random", 0).name
    'random'
    """
    if spec.startswith("cmd:"):
        from cluedo.agents.external import ExternalAgent

        return ExternalAgent(spec[4:], seat, seed)
    factory = BOTS.get(spec)
    if factory is None:
        raise ValueError(
            f"unknown bot {spec!r}; bots: {', '.join(sorted(BOTS))}, or cmd:<command line>"
        )
    return factory(seat, seed)
