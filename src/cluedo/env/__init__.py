"""Reinforcement-learning environments for every rule set (the ``rl`` extra).

    from cluedo.env import env
    e = env(rules="classic", players=4)

:func:`env` is a PettingZoo AEC environment with one agent per seat;
:class:`SingleSeatEnv` is a Gymnasium environment where one seat plays against
built-in bots. See docs/env.md for the observation layout and the action space.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

try:
    import gymnasium  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as missing:  # pragma: no cover - depends on what is installed
    raise ImportError(
        f"cluedo.env needs PettingZoo and Gymnasium ({missing.name} is missing): "
        "pip install -e '.[rl]'"
    ) from missing

from pettingzoo.utils import wrappers

from cluedo.env.aec import CluedoEnv, configuration
from cluedo.env.single import SingleSeatEnv


def raw_env(
    rules: str = "classic",
    players: int = 3,
    options: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> CluedoEnv:
    """The environment without PettingZoo's safety wrappers."""
    return CluedoEnv(rules, players, options, **kwargs)


def env(
    rules: str = "classic",
    players: int = 3,
    options: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> Any:
    """The AEC environment, wrapped so that out-of-order calls and actions outside
    the action space are refused with a clear error."""
    inner = raw_env(rules, players, options, **kwargs)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(inner))


__all__ = ["CluedoEnv", "SingleSeatEnv", "configuration", "env", "raw_env"]
