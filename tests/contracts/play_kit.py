"""Seeded random play that checks every event and legal action against its rule set's
declarations (``rules/<name>/events.py``), and records which kinds it met.

The bot is random but curious: it takes the kind of action it has taken least so
far (among those legal), so that kinds a uniform bot seldom reaches (a servant's
theft, a bluff call) come up in a few games. It holds back accusations for a while,
as they end most games. Options that are a choice of words or a yes/no are drawn at
random for each game, so that kinds only some options cause (players placing gems,
Part 2 alone) appear too.
"""

from __future__ import annotations

import random
import typing
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from cluedo.engine.actions import Action
from cluedo.engine.contracts import Contracts, contracts_for
from cluedo.engine.events import Event
from cluedo.engine.game import Game, new_game
from cluedo.engine.registry import rules_class

PLAYERS = (3, 4, 5, 6)
GAMES_PER_COUNT = 2
"""Games at each player count (seeded); with the step cap, a few seconds in all."""
MAX_STEPS = 400
"""Actions per game at most: enough to reach a game's end or its second part."""
ROOM_BIAS = 0.6
"""How often a move goes to a room when one is in reach: rooms are where most happens
(suggestions, rewards, the staircase, cards drawn)."""
HOLD_ACCUSATIONS = 200
"""Steps before the bot may accuse (an accusation ends most games)."""


@dataclass
class Record:
    """What random play of one rule set met, and what did not match its declarations."""

    problems: list[str] = field(default_factory=list)
    events: Counter[str] = field(default_factory=Counter)
    actions: Counter[str] = field(default_factory=Counter)
    decisions: set[str] = field(default_factory=set)
    stages: set[str] = field(default_factory=set)
    finished: int = 0
    games: int = 0

    def problem(self, where: str, text: str) -> None:
        if len(self.problems) < 40:  # enough to see what is wrong
            self.problems.append(f"{where}: {text}")


def random_options(rules: str, rng: random.Random) -> dict[str, Any]:
    """A random value for each option that is a Literal or a bool."""
    out: dict[str, Any] = {}
    for name, spec in rules_class(rules).options_type.model_fields.items():
        if typing.get_origin(spec.annotation) is typing.Literal:
            out[name] = rng.choice(typing.get_args(spec.annotation))
        elif spec.annotation is bool:
            out[name] = rng.random() < 0.5
    return out


def check_event(
    contracts: Contracts, event: Event, players: int, record: Record, where: str
) -> None:
    """The event as each seat and a spectator receive it, and its split into a public
    and a secret part, against its declaration."""
    record.events[event.kind] += 1
    for text in contracts.split_problems(event):
        record.problem(where, text)
    seen: list[dict[str, Any]] = []
    for seat in (None, *range(players)):
        view = event.for_seat(seat)
        if view is None or view in seen:
            continue  # what two seats receive alike is checked once
        seen.append(view)
        for text in contracts.event_problems(view):
            record.problem(f"{where} (as seat {seat} sees it)", text)


class Curious:
    """Random, preferring the kinds of action taken least so far."""

    def __init__(self, seed: int, taken: Counter[str]) -> None:
        self.rng = random.Random(seed)
        self.taken = taken

    def choose(self, legal: list[Action], step: int) -> Action:
        kinds = sorted({a.kind for a in legal})
        if "accuse" in kinds and len(kinds) > 1:
            if step < HOLD_ACCUSATIONS:
                kinds.remove("accuse")
            else:
                kinds = ["accuse"]  # time to end the game
        if self.rng.random() < 0.5:
            least = min(self.taken[k] for k in kinds)
            kinds = [k for k in kinds if self.taken[k] == least]
        kind = self.rng.choice(kinds)
        self.taken[kind] += 1
        same = [a for a in legal if a.kind == kind]
        rooms = [a for a in same if isinstance(a.get("to"), str)]
        if rooms and self.rng.random() < ROOM_BIAS:
            return self.rng.choice(rooms)
        return self.rng.choice(same)


def play_one(rules: str, players: int, seed: int, contracts: Contracts, record: Record) -> None:
    rng = random.Random(seed)
    game: Game = new_game(rules, players=players, seed=seed, options=random_options(rules, rng))
    where = f"{rules}, {players} players, seed {seed}"
    bot = Curious(seed, record.actions)
    # Rule sets hand out the same action objects again and again (the 324 accusations):
    # each object is checked once, kept here so that its id is never reused.
    checked: dict[int, Action] = {}
    done = 0
    for step in range(MAX_STEPS + 1):
        for event in game.events[done:]:
            check_event(contracts, event, players, record, where)
        done = len(game.events)
        if game.finished or step == MAX_STEPS:
            break
        for decision in game.state.decisions.items:
            record.decisions.add(decision.kind)
            stage = decision.context.get("stage")
            if stage is not None:
                record.stages.add(stage)
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        for action in [a for a in legal if id(a) not in checked]:
            checked[id(action)] = action
            for text in contracts.action_problems(action.to_json()):
                record.problem(f"{where}, a legal action", text)
        game.apply(bot.choose(legal, step))
    record.games += 1
    record.finished += game.finished


@cache
def played(rules: str) -> Record:
    """Random play of ``rules`` at each player count it allows from 3 to 6."""
    contracts = contracts_for(rules)
    assert contracts is not None, f"{rules} declares no contracts"
    cls = rules_class(rules)
    record = Record()
    for players in PLAYERS:
        if not cls.min_players <= players <= cls.max_players:
            continue
        for k in range(GAMES_PER_COUNT):
            play_one(rules, players, 1000 * players + k, contracts, record)
    return record
