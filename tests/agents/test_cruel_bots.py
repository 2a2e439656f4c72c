"""The Clue or Cruel bot: games among bots end, its notebook is sound, each role plays its side."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from cluedo.agents import make_agent
from cluedo.agents.base import Agent
from cluedo.agents.match import play_out
from cluedo.content import load_card_set
from cluedo.deduction.truth import check_game
from cluedo.engine import Action, Game, new_game
from cluedo.rules.clue_or_cruel.bots import CruelAgent
from cluedo.rules.clue_or_cruel.rules import CruelState

RULES = "clue-or-cruel"
CATEGORIES = load_card_set("classic").by_category()
BOUND = 4000
"""Bot actions within which every bot-only game must end (games average ~350)."""


def cruel(game: Game) -> CruelState:
    assert isinstance(game.state, CruelState)
    return game.state


def bots(game: Game, seed: int, skip: Sequence[int] = ()) -> dict[int, Agent]:
    return {
        s: make_agent("sensible", s, seed * 10 + s, rules=RULES)
        for s in range(game.players)
        if s not in skip
    }


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_bot_only_games_always_end_within_a_bounded_number_of_actions(players: int) -> None:
    outcomes = set()
    for seed in range(4):
        game = new_game(RULES, players=players, seed=seed)
        play_out(game, bots(game, seed), limit=BOUND)
        assert game.finished
        outcomes.add(game.state.outcome)
    assert outcomes <= {"solved", "accomplice-bluffs", "guests-failed", "no-winner"}


def test_bot_only_games_end_under_the_other_option_values_too() -> None:
    options = {
        "gem_stop": "on_landing",
        "gems": "choose",
        "weapons": "choose",
        "accomplice_accusation": "wins",
        "bluff_count": "distinct_cards",
        "movement": "up_to",
    }
    for seed in range(2):
        game = new_game(RULES, players=5, seed=seed, options=options)
        play_out(game, bots(game, seed), limit=BOUND)
        assert game.finished


class WrongAccuser(Agent):
    """A person at the table: calls the bluff right (knowing the answer), then accuses
    wrongly - the situation in which bots once played 20 000 actions without end."""

    def __init__(self, seat: int, game: Game, helper: Agent) -> None:
        super().__init__(seat, 0)
        self.game = game
        self.helper = helper

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        state = cruel(self.game)
        kinds = {a.kind for a in legal}
        if "call_bluff" in kinds and state.bluffs and state.accomplice != self.seat:
            return Action.make(
                self.seat, "call_bluff", player=state.accomplice, card=state.bluffs[0]
            )
        if "accuse" in kinds and state.caught:
            suspect, weapon, room = state.envelope
            other = next(s for s in CATEGORIES["suspect"] if s != suspect)
            return Action.make(self.seat, "accuse", suspect=other, weapon=weapon, room=room)
        return self.helper.choose(view, legal)


def test_bots_play_on_to_an_end_after_the_accomplice_is_caught_and_a_person_accused_wrongly() -> (
    None
):
    happened = 0
    for seed in range(3, 7):
        game = new_game(RULES, players=4, seed=seed)
        person = (cruel(game).accomplice + 1) % 4
        agents = bots(game, seed, skip=[person])
        agents[person] = WrongAccuser(person, game, make_agent("sensible", person, 99, rules=RULES))
        play_out(game, agents, limit=BOUND)
        assert game.finished
        state = cruel(game)
        if state.caught and state.eliminated[person]:
            happened += 1
            assert state.outcome in ("solved", "no-winner")
    assert happened >= 2


def test_the_notebook_never_rules_out_the_truth() -> None:
    """Follow every seat's log through whole games of bots with the referee of
    :mod:`cluedo.deduction.truth`: each card's true place stays possible."""
    for seed in range(2):
        game = new_game(RULES, players=3 + seed % 4, seed=seed)
        tally = check_game(game, bots(game, seed), limit=BOUND)
        assert game.finished and tally.facts > 0


def _games(players: int, count: int) -> list[Game]:
    out = []
    for seed in range(count):
        game = new_game(RULES, players=players, seed=100 + seed)
        play_out(game, bots(game, seed), limit=BOUND)
        out.append(game)
    return out


def test_the_accomplice_bluffs_with_its_own_cards_and_guests_call_on_evidence() -> None:
    games = _games(4, 10)
    bluffed = sum(1 for g in games if cruel(g).bluffs)
    calls = [call for g in games for call in cruel(g).calls]
    right = sum(1 for *_, ok in calls if ok)
    # The accomplice bluffs in nearly every game; most calls find it.
    assert bluffed >= 8
    assert calls and right / len(calls) >= 0.6
    winners = {g.state.outcome for g in games}
    assert "solved" in winners and "accomplice-bluffs" in winners


def test_guests_accuse_only_when_certain_or_stuck() -> None:
    for game in _games(5, 4):
        state = cruel(game)
        wrong = [s for s in range(game.players) if state.eliminated[s] and s != state.accomplice]
        assert len(wrong) <= 1


def test_a_guest_takes_a_gem_it_can_reach_at_the_start() -> None:
    """At the start nothing can be learnt in a room (nobody holds a card): a guest
    whose roll reaches a gem takes it."""
    tried = 0
    for seed in range(40):
        game = new_game(RULES, players=3, seed=seed, options={"first_player": 0})
        state = cruel(game)
        state.accomplice = 2
        agent = CruelAgent(0, 0)
        roll = agent.choose(game.view(0), game.legal_actions(0))
        assert roll.kind == "roll"
        game.apply(roll)
        legal = game.legal_actions(0)
        gems = {(g[0], g[1]) for g in state.gems}
        on_gem = [a for a in legal if a.kind == "move" and isinstance(a["to"], tuple)]
        on_gem = [a for a in on_gem if tuple(a["to"]) in gems]
        if not on_gem:
            continue
        tried += 1
        choice = agent.choose(game.view(0, log_since=agent.log_cursor), legal)
        assert choice in on_gem
    assert tried >= 3


def test_a_guest_that_learns_nothing_for_many_turns_guesses_so_the_game_ends() -> None:
    from cluedo.rules.clue_or_cruel.bots import STALE_TURNS

    game = new_game(RULES, players=3, seed=4, options={"first_player": 0})
    cruel(game).accomplice = 2
    agent = CruelAgent(0, 0)
    assert agent.choose(game.view(0), game.legal_actions(0)).kind != "accuse"
    agent.stale_turns = STALE_TURNS  # as if its notebook had been still that long
    guess = agent.choose(game.view(0, log_since=agent.log_cursor), game.legal_actions(0))
    assert guess.kind == "accuse"
    assert all(guess[c] in CATEGORIES[c] for c in ("suspect", "weapon", "room"))
