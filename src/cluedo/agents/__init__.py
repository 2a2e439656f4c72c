"""What every bot shares: the agent protocol, the random bot, the careful
detective that several rule sets build on, and bots by name (:mod:`.registry`)."""

from cluedo.agents.base import Agent
from cluedo.agents.random_bot import RandomAgent
from cluedo.agents.registry import make_agent

__all__ = ["Agent", "RandomAgent", "make_agent"]
