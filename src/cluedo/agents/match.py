"""Driving a game with bots: step bots until a person must act, or play a game out."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from cluedo.agents.base import Agent
from cluedo.engine.game import Game

DEFAULT_ACTION_LIMIT = 20_000
"""A safety net for simulations: no classic game comes near it; a bug that loops does."""


class ActionLimitReached(RuntimeError):
    pass


def step_bots(
    game: Game,
    agents: Mapping[int, Agent],
    on_action: Callable[[Game, int], None] | None = None,
    limit: int = DEFAULT_ACTION_LIMIT,
) -> None:
    """Let bots act until the game is over or a seat without a bot must act.

    ``on_action(game, first_new_event_index)`` is called after each bot action,
    so a front end can show what happened.
    """
    for _ in range(limit):
        waiting = game.to_act()
        bot_seats = [s for s in waiting if s in agents]
        if not bot_seats:
            return
        seat = bot_seats[0]
        before = len(game.events)
        agent = agents[seat]
        view = game.view(seat, log_since=agent.log_cursor)
        agent.log_cursor = view["log_end"]
        action = agent.choose(view, game.legal_actions(seat))
        game.apply(action)
        if on_action is not None:
            on_action(game, before)
    raise ActionLimitReached(f"no end after {limit} bot actions")


def play_out(game: Game, agents: Mapping[int, Agent], limit: int = DEFAULT_ACTION_LIMIT) -> Game:
    """Play a game to its end with a bot in every seat."""
    missing = [s for s in range(game.players) if s not in agents]
    if missing:
        raise ValueError(f"no bot for seats {missing}")
    step_bots(game, agents, limit=limit)
    if not game.finished:
        raise ActionLimitReached(f"no end after {limit} actions")
    return game
