"""Pendragon under random play, with invariants checked at every step (hypothesis).

* cards are conserved (hands + face-up + folder = the 23 cards), hands never
  change, the folder never changes;
* knights stand only on corridor squares or in rooms, never two on one square;
* a reward card is either face down in its room or claimed, never both;
* every legal action passes ``check``; drawn illegal actions and junk are
  refused, the game unchanged;
* save and load replay the same game; every game ends.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cluedo.content import load_board, load_card_set
from cluedo.content.rewards import load_rewards
from cluedo.engine import Action, Game, IllegalAction, MalformedAction, new_game
from cluedo.rules.pendragon.rules import PendragonState

BOARD = load_board("pendragon")
CARDS = sorted(load_card_set("pendragon").ids)
KINDS = [
    "roll",
    "passage",
    "use_reward",
    "move",
    "stay",
    "roll_skill",
    "glimpse",
    "suggest",
    "show",
    "accuse",
    "end_turn",
]
NAMES = ["to", "suspect", "weapon", "room", "card", "reward", "skill", "target"]
values = st.one_of(
    st.sampled_from([*CARDS, "staircase", "hidden_stair", "weapon:sword", "", "cellar"]),
    st.tuples(st.integers(-2, 27), st.integers(-2, 27)),
    st.integers(-2, 9),
    st.booleans(),
    st.none(),
)
plausible = st.builds(
    lambda seat, kind, params: Action.make(seat, kind, **params),
    st.integers(-1, 8),
    st.sampled_from([*KINDS, "fly"]),
    st.dictionaries(st.sampled_from(NAMES), values, max_size=3),
)


def state(game: Game) -> PendragonState:
    assert isinstance(game.state, PendragonState)
    return game.state


def fingerprint(game: Game) -> tuple[Any, ...]:
    return game.save(), repr(game.state), game.rng.getstate(), len(game.events)


def check_invariants(game: Game, start: PendragonState) -> None:
    s = state(game)
    held = [c for h in s.hands for c in h] + s.face_up + list(s.envelope)
    assert sorted(held) == CARDS
    assert s.envelope == start.envelope and s.hands == start.hands
    squares = [p for p in s.positions if isinstance(p, tuple)]
    assert len(squares) == len(set(squares))
    assert all(p in BOARD.node_of_square for p in squares)
    assert all(p in BOARD.rooms for p in s.positions if isinstance(p, str))
    assert not set(s.rewards) & set(s.claimed)
    cards = sorted([*s.rewards.values(), *(r for _, r in s.claimed.values())])
    assert set(cards) <= set(load_rewards().deck())


def pick(game: Game, rng: random.Random) -> Action:
    """Random play that ends: toward the staircase now and then, accusing there."""
    seat = game.to_act()[0]
    legal = game.legal_actions(seat)
    moves = [a for a in legal if a.kind == "move"]
    if moves and rng.random() < 0.4:
        stairs = BOARD.distances_from(BOARD.node("staircase"))
        return min(moves, key=lambda a: stairs[BOARD.node(a["to"])])
    accusations = [a for a in legal if a.kind == "accuse"]
    if accusations and rng.random() < 0.7:
        return rng.choice(accusations)
    others = [a for a in legal if a.kind != "accuse"] or legal
    return rng.choice(others)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(3, 8),
    seed=st.integers(0, 10**6),
    staircase=st.sampled_from(["may_accuse", "must_accuse"]),
    rewards=st.booleans(),
    data=st.data(),
)
def test_random_play_keeps_the_invariants(
    players: int, seed: int, staircase: str, rewards: bool, data: st.DataObject
) -> None:
    options = {"staircase": staircase, "rewards": rewards}
    game = new_game("pendragon", players=players, seed=seed, options=options)
    start = PendragonState(**{k: v for k, v in vars(state(game)).items()})
    start.hands = [list(h) for h in state(game).hands]
    rng = random.Random(seed)
    for step in range(3000):
        if game.finished:
            break
        check_invariants(game, start)
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        assert legal, "a seat to act always has something to do"
        for action in legal[:40]:
            assert game.check(action) is None, action
        if step % 15 == 0:
            bad = data.draw(plausible)
            before = fingerprint(game)
            if bad not in legal:
                error = game.check(bad)
                assert isinstance(error, (IllegalAction, MalformedAction)), bad
                assert error.message
                assert fingerprint(game) == before
        if step % 40 == 0:
            again = Game.load(game.save())
            assert again.full_log() == game.full_log()
        game.apply(pick(game, rng))
    assert game.finished, "the game did not end"
    check_invariants(game, start)
    assert Game.loads(game.dumps()).full_log() == game.full_log()


def test_the_golden_games_cover_pendragons_own_events_and_both_endings() -> None:
    import json
    from pathlib import Path

    golden = Path(__file__).resolve().parents[1] / "golden"
    records = [json.loads(p.read_text("utf-8")) for p in sorted(golden.glob("pendragon_*.json"))]
    assert [r["save"]["players"] for r in records] == [4, 8]
    assert {r["outcome"] for r in records} == {"solved", "no-winner"}
    kinds = {e["kind"] for r in records for e in r["log"]}
    wanted = {
        "reward_claimed",
        "reward_used",
        "trait_roll",
        "glimpse",
        "pardoned",
        "extra_turn",
        "passage",
        "stayed",
        "card_shown",
        "cannot_refute",
        "envelope_seen",
    }
    assert wanted <= kinds
