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
from cluedo.env.encoding import LIMIT, ActionNumbers, Encoder, Layout

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


@lru_cache(maxsize=16)
def _numbers(rules: str, players: int, options_json: str) -> ActionNumbers:
    """The memory of action numbers and masks of a configuration, shared by all its
    environments: a rule set keeps most of its action objects for every game of a
    configuration, so the masks of their lists are worked out once, not once a game."""
    return ActionNumbers(_catalog(rules, players, options_json))


def action_numbers(
    rules: str, players: int, options: Mapping[str, Any] | None = None
) -> ActionNumbers:
    """The shared memory of action numbers of a configuration (see :class:`ActionNumbers`)."""
    return _numbers(rules, players, json.dumps(dict(options or {}), sort_keys=True))


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
        self.numbers = action_numbers(self.rules, players, self.options)
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
        self.encoder = Encoder(self.game, self.catalog, self.layout, self.numbers)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.actions_taken = 0
        self._rewarded = False
        """Whether ``rewards`` holds anything but zeros (only once the game is over)."""
        self.agent_selection = self._to_act()

    def observe(self, agent: str) -> dict[str, NDArray[Any]]:
        if self.game is None:
            self._game()  # raises
        observation, mask = self.encoder.observe(self.agent_seat[agent])
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game if self.game is not None else self._game()
        encoder = self.encoder
        seat = self.agent_seat[agent]
        waiting = None if action is None else encoder.play(seat, int(action))
        if waiting is None:
            raise ValueError(
                f"action {action!r} is not legal for {agent} now; choose a number whose "
                f"action_mask entry is 1 ({len(encoder.legal(seat))} of {len(self.catalog)} "
                "are)"
            )
        self.actions_taken += 1
        self._cumulative_rewards[agent] = 0.0
        finished = game.state.finished
        if not finished and self.actions_taken < self.max_actions:
            # Before the end every reward is 0: the zeros of the last step stand.
            if self._rewarded:
                self.rewards = dict.fromkeys(self.agents, 0.0)
                self._rewarded = False
            self.agent_selection = self.possible_agents[waiting[0]] if waiting else self.agents[0]
            return
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if finished:
            winners = set(game.state.winners)
            for a in self.agents:
                self.rewards[a] = WIN if self.agent_seat[a] in winners else LOSS
                self.terminations[a] = True
                self.infos[a] = {"outcome": game.state.outcome, "winners": sorted(winners)}
            self._rewarded = True
            self._accumulate_rewards()
        else:
            for a in self.agents:
                self.truncations[a] = True
            self.agent_selection = self._to_act()
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
