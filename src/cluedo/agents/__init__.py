"""Bots. Each receives a seat's view and legal actions, never the game state."""

from cluedo.agents.base import Agent
from cluedo.agents.random_bot import RandomAgent
from cluedo.agents.registry import BOTS, make_agent

__all__ = ["BOTS", "Agent", "RandomAgent", "make_agent"]
