"""Determinism: the same seed gives the same game, whatever else uses randomness."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from cluedo.engine import Game, new_game

Play = Callable[..., Game]


def run(play: Play, players: int, seed: int, disturb: Callable[[int], None] | None) -> Game:
    game = new_game("classic", players=players, seed=seed)
    steps = 0

    def between(_: Game) -> None:
        nonlocal steps
        steps += 1
        if disturb is not None:
            disturb(steps)

    return play(game, random.Random(seed * 7 + 1), on_step=between)


def disturb_global_random(step: int) -> None:
    # Reseed and draw from the module-level generator between every two actions,
    # differently every time: code that used it would now diverge.
    random.seed(step * 7919)
    for _ in range(step % 5):
        random.random()
    random.shuffle(list(range(10)))


@pytest.mark.parametrize(("players", "seed"), [(3, 11), (4, 2024), (6, 7)])
def test_same_seed_same_game_even_when_global_random_is_disturbed(
    play: Play, players: int, seed: int
) -> None:
    quiet = run(play, players, seed, None)
    disturbed = run(play, players, seed, disturb_global_random)
    assert quiet.finished and disturbed.finished
    assert disturbed.full_log() == quiet.full_log()
    assert disturbed.save() == quiet.save()
    assert [disturbed.view(s) for s in range(players)] == [quiet.view(s) for s in range(players)]


def test_engine_never_calls_the_module_level_random(
    play: Play, monkeypatch: pytest.MonkeyPatch
) -> None:
    def forbidden(*_: Any, **__: Any) -> Any:
        raise AssertionError("the engine called the module-level random")

    for name in ("random", "randint", "randrange", "choice", "choices", "shuffle", "sample"):
        monkeypatch.setattr(random, name, forbidden)
    for players in (3, 5):
        game = new_game("classic", players=players, seed=players)
        play(game, random.Random(1))
        assert game.finished
        assert Game.load(game.save()).full_log() == game.full_log()


def test_different_seeds_give_different_games() -> None:
    deals = {json.dumps(new_game("classic", players=4, seed=s).full_log()) for s in range(20)}
    assert len(deals) == 20


SCRIPT = """
import json, random, sys
from cluedo.engine import new_game
game = new_game("classic", players=5, seed=31337)
rng = random.Random(5)
for _ in range(400):
    if game.finished:
        break
    seat = game.to_act()[0]
    legal = [a for a in game.legal_actions(seat) if a.kind != "accuse"]
    game.apply(legal[rng.randrange(len(legal))])
sys.stdout.write(json.dumps([game.save(), game.full_log(), game.view(None)], sort_keys=True))
"""


def test_same_game_in_processes_with_different_hash_seeds() -> None:
    # String hashing differs between processes; a game must not depend on set order.
    outputs = set()
    for hash_seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True
        )
        outputs.add(done.stdout)
    assert len(outputs) == 1
    assert len(json.loads(outputs.pop())[0]["actions"]) > 100
