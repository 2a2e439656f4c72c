"""One seat against built-in bots, as a Gymnasium environment.

The learner plays ``seat``; every other seat is played by a bot of the rule
set (its default bot unless ``bots`` names others, see
:func:`cluedo.agents.registry.bots_for`). Bots see only their own seat's view,
as everywhere else. An episode is one game: +1 if the learner is among the
winners, -1 if not; truncated with no reward after ``max_actions`` actions of
the learner's. An action outside the mask changes nothing: it costs
``illegal_penalty`` and ``info["illegal"]`` says why (with ``illegal_penalty=None``
it raises ValueError instead).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from cluedo.agents.base import Agent
from cluedo.agents.match import step_bots
from cluedo.agents.registry import bots_for, default_bot, make_agent
from cluedo.engine.game import Game, new_game
from cluedo.env.aec import LOSS, WIN, action_numbers, configuration
from cluedo.env.encoding import LIMIT, Encoder

Observation = dict[str, NDArray[Any]]


class SingleSeatEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of ``rules`` against bots; see the module's text."""

    def __init__(
        self,
        rules: str = "classic",
        players: int = 3,
        seat: int = 0,
        bots: Sequence[str] | None = None,
        options: Mapping[str, Any] | None = None,
        max_actions: int = 5_000,
        illegal_penalty: float | None = -0.1,
        render_mode: str | None = None,
        odds: bool = False,
    ) -> None:
        probe = new_game(rules, players=players, seed=0, options=options)
        self.rules = probe.rules_name
        if not 0 <= seat < players:
            raise ValueError(f"seat must be from 0 to {players - 1}, got {seat}")
        others = players - 1
        names = list(bots) if bots is not None else [default_bot(self.rules)] * others
        if len(names) != others:
            raise ValueError(f"name a bot for each of the {others} other seats, got {len(names)}")
        allowed = bots_for(self.rules)
        for name in names:
            if name not in allowed:
                raise ValueError(f"no bot {name!r} for {self.rules}; choose from {sorted(allowed)}")
        self.metadata = {"render_modes": ["ansi"]}
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.players = players
        self.seat = seat
        self.bot_names = names
        self.options = dict(probe.options)
        self.max_actions = max_actions
        self.illegal_penalty = illegal_penalty
        self.render_mode = render_mode
        self.catalog, self.layout = configuration(self.rules, players, self.options, odds)
        self.numbers = action_numbers(self.rules, players, self.options)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    -LIMIT, LIMIT, shape=(self.layout.size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(0, 1, shape=(len(self.catalog),), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(len(self.catalog))
        self.game: Game | None = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**62))
        self.game = new_game(self.rules, self.players, seed=game_seed, options=self.options)
        self.encoder = Encoder(self.game, self.catalog, self.layout, self.numbers)
        seats = [s for s in range(self.players) if s != self.seat]
        self.bots: dict[int, Agent] = {
            s: make_agent(name, s, game_seed + s, self.rules)
            for s, name in zip(seats, self.bot_names, strict=True)
        }
        self.actions_taken = 0
        step_bots(self.game, self.bots)
        return self._observe(), {"seed": game_seed}

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        game = self._game()
        legal = self.encoder.legal(self.seat)
        chosen = self.encoder.numbers.pick(legal, int(action))
        if chosen is None:
            why = (
                f"action {action!r} is not legal now; choose a number whose action_mask "
                f"entry is 1 ({len(legal)} of {len(self.catalog)} are)"
            )
            if self.illegal_penalty is None:
                raise ValueError(why)
            # The game is unchanged: the learner is told, penalised, and asked again.
            return self._observe(), self.illegal_penalty, False, False, {"illegal": why}
        game.apply(chosen)
        self.actions_taken += 1
        step_bots(game, self.bots)
        reward = 0.0
        info: dict[str, Any] = {}
        if game.finished:
            won = self.seat in game.state.winners
            reward = WIN if won else LOSS
            info = {"outcome": game.state.outcome, "won": won}
        truncated = not game.finished and self.actions_taken >= self.max_actions
        return self._observe(), reward, game.finished, truncated, info

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        view = self.game.view(self.seat)
        return f"{self.rules}: turn {view.get('turn', '?')}, {len(self.game.actions)} actions"

    def _game(self) -> Game:
        if self.game is None:
            raise RuntimeError("call reset() before step()")
        return self.game

    def _observe(self) -> Observation:
        observation, mask = self.encoder.observe(self.seat)
        return {"observation": observation, "action_mask": mask}
