"""A PettingZoo AEC environment for every rule set: one agent per seat.

Agents are named ``player_1`` ... ``player_N`` for seats 0 ... N-1. The agent
to act is the first seat the game waits for (a refutation, a contest or an
offer waits for a seat other than the one whose turn it is). Each observation is
a dict: ``observation`` (see :mod:`cluedo.env.encoding`) and ``action_mask``,
which marks the numbers of the actions legal now; the action space numbers every
action the configuration allows (:class:`~cluedo.engine.action_space.ActionCatalog`).

A game ends for everyone at once: +1 for each winner, -1 for every other seat.
A game that reaches ``max_actions`` is truncated with no reward.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv

from cluedo.engine.action_space import ActionCatalog
from cluedo.engine.game import Game, new_game
from cluedo.env.encoding import LIMIT, Encoder, Layout

WIN, LOSS = 1.0, -1.0


@lru_cache(maxsize=16)
def _configuration(
    rules: str, players: int, options_json: str, odds: bool
) -> tuple[ActionCatalog, Layout]:
    """The action space and observation layout of a configuration (built once)."""
    catalog = _catalog(rules, players, options_json)
    game = new_game(rules, players=players, seed=0, options=json.loads(options_json))
    return catalog, Layout(game, catalog, odds)


@lru_cache(maxsize=16)
def _catalog(rules: str, players: int, options_json: str) -> ActionCatalog:
    """The action space of a configuration, the same with or without ``odds`` (the
    Killer Kloo Doo catalog holds about 100,000 actions)."""
    game = new_game(rules, players=players, seed=0, options=json.loads(options_json))
    return ActionCatalog(game.rules.action_shapes(players))


def configuration(
    rules: str, players: int, options: Mapping[str, Any] | None = None, odds: bool = False
) -> tuple[ActionCatalog, Layout]:
    """The action space and the observation layout; ``odds``: the notebook part holds
    each card's probability at each place (counted, slower) instead of 0/1."""
    return _configuration(rules, players, json.dumps(dict(options or {}), sort_keys=True), odds)


class CluedoEnv(AECEnv[str, dict[str, NDArray[Any]], int]):  # type: ignore[misc]  # untyped base
    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "cluedo_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: str = "classic",
        players: int = 3,
        options: Mapping[str, Any] | None = None,
        max_actions: int = 20_000,
        render_mode: str | None = None,
        odds: bool = False,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        # A game built now checks the rule set, player count and options at once.
        probe = new_game(rules, players=players, seed=0, options=options)
        self.rules = probe.rules_name
        self.players = players
        self.options = dict(probe.options)
        self.max_actions = max_actions
        self.render_mode = render_mode
        self.catalog, self.layout = configuration(self.rules, players, self.options, odds)
        self.possible_agents = [f"player_{s + 1}" for s in range(players)]
        self.agent_seat = {a: s for s, a in enumerate(self.possible_agents)}
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    -LIMIT, LIMIT, shape=(self.layout.size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(0, 1, shape=(len(self.catalog),), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: self._observation_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(len(self.catalog)) for a in self.possible_agents}
        self._seeds = np.random.default_rng()
        self.game: Game | None = None

    # -- PettingZoo's API ------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        game_seed = int(self._seeds.integers(2**62))
        self.game = new_game(self.rules, self.players, seed=game_seed, options=self.options)
        self.encoder = Encoder(self.game, self.catalog, self.layout)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.actions_taken = 0
        self.agent_selection = self._to_act()

    def observe(self, agent: str) -> dict[str, NDArray[Any]]:
        self._game()
        seat = self.agent_seat[agent]
        mask, legal = self.encoder.mask(seat)
        return {"observation": self.encoder.observation(seat, legal), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self._game()
        seat = self.agent_seat[agent]
        legal = self.encoder.legal(seat)
        chosen = None if action is None else self.catalog.pick(int(action), legal)
        if chosen is None:
            raise ValueError(
                f"action {action!r} is not legal for {agent} now; choose a number whose "
                f"action_mask entry is 1 ({len(legal)} of {len(self.catalog)} are)"
            )
        game.apply(chosen)
        self.actions_taken += 1
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if game.finished:
            winners = set(game.state.winners)
            for a in self.agents:
                self.rewards[a] = WIN if self.agent_seat[a] in winners else LOSS
                self.terminations[a] = True
                self.infos[a] = {"outcome": game.state.outcome, "winners": sorted(winners)}
        elif self.actions_taken >= self.max_actions:
            for a in self.agents:
                self.truncations[a] = True
        if game.finished:  # before the end every reward is 0: nothing to add up
            self._accumulate_rewards()
        self.agent_selection = self._to_act() if not game.finished else agent
        if game.finished or self.actions_taken >= self.max_actions:
            self._deads_step_first()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        view = self.game.view(None)
        waiting = ", ".join(f"player_{s + 1}" for s in view["to_act"]) or "nobody"
        state = "over" if view["finished"] else f"turn {view.get('turn', '?')}"
        return f"{self.rules}, {state}; waiting for {waiting}; {len(self.game.actions)} actions"

    def close(self) -> None:
        self.game = None

    # -- helpers -----------------------------------------------------------------------

    def _game(self) -> Game:
        if self.game is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game

    def _to_act(self) -> str:
        self._game()
        waiting = self.encoder.to_act()
        return self.possible_agents[waiting[0]] if waiting else self.agents[0]

    @property
    def seed_used(self) -> int:
        """The seed of the game being played (with the same options, it replays it)."""
        return self._game().seed
