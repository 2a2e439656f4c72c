"""Random play with invariants, driven by hypothesis.

Each example is a seeded game (3-6 players, both movement modes, both
accusation options) played by choices hypothesis draws from the legal actions.
At every step:

* cards are conserved (hands + envelope = the 21 distinct cards) and the
  envelope never changes;
* tokens stand only on corridor squares or in rooms, never two on one square;
  weapons are only in rooms;
* every legal action passes ``check``; ``check`` and ``legal_actions`` agree on
  drawn illegal actions, which are refused with the game left unchanged;
* random JSON-like junk is refused as malformed or illegal, game unchanged;
* save/load round-trips (checked every few steps, and at the end);
* each legal action applies to a clone (``Game.clone``) leaving the game as it was.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cluedo.content import load_board, load_card_set
from cluedo.engine import Action, Game, IllegalAction, MalformedAction, new_game
from cluedo.rules.classic.rules import ClassicState

BOARD = load_board("classic")
CARDS = load_card_set("classic")
ALL_CARDS = frozenset(CARDS.ids)
KINDS = ["roll", "passage", "move", "suggest", "show", "accuse", "end_turn"]
PARAM_NAMES = ["to", "suspect", "weapon", "room", "card"]

keys = st.text(max_size=6) | st.sampled_from(["seat", "kind", "cls", "self", *PARAM_NAMES])
json_like = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 30) | st.text(max_size=6) | st.sampled_from(KINDS),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=3),
    max_leaves=8,
)
param_value = st.one_of(
    st.sampled_from([*sorted(ALL_CARDS), "butler", "cellar", "", "KITCHEN"]),
    st.tuples(st.integers(-3, 27), st.integers(-3, 27)),
    st.tuples(st.integers(0, 24), st.integers(0, 23), st.integers(0, 3)),
    st.integers(-3, 30),
    st.booleans(),
    st.none(),
)
# Plausible actions: right shape, often wrong seat, kind, square or card.
plausible = st.builds(
    lambda seat, kind, params: Action.make(seat, kind, **params),
    st.integers(-2, 7),
    st.sampled_from([*KINDS, "fly", ""]),
    st.dictionaries(st.sampled_from(PARAM_NAMES), param_value, max_size=3),
)


def cstate(game: Game) -> ClassicState:
    assert isinstance(game.state, ClassicState)
    return game.state


def fingerprint(game: Game) -> tuple[Any, ...]:
    """Everything observable about a game, to tell whether a refusal changed it.

    The log only grows, so its length and its last entries stand for all of it.
    """
    tail = max(0, len(game.events) - 3)
    return (
        game.save(),
        game.view(None, log_since=tail),
        [game.view(s, log_since=tail) for s in range(game.players)],
        repr(game.state),
        game.chance.getstate(),
        len(game.events),
        [e.full() for e in game.events[tail:]],
    )


def check_invariants(game: Game, envelope: tuple[str, ...]) -> None:
    st_ = cstate(game)
    dealt = [c for hand in st_.hands for c in hand]
    assert len(dealt) + 3 == len(set(dealt) | set(st_.envelope)) == 21
    assert set(dealt) | set(st_.envelope) == ALL_CARDS
    assert st_.envelope == envelope
    squares = [loc for loc in st_.positions.values() if isinstance(loc, tuple)]
    assert len(squares) == len(set(squares)), "two tokens on one square"
    for loc in st_.positions.values():
        assert loc in BOARD.rooms if isinstance(loc, str) else loc in BOARD.node_of_square
    assert set(st_.weapons.values()) <= set(BOARD.rooms)
    assert len(st_.positions) == 6 and len(st_.weapons) == 6
    if game.finished:
        assert game.to_act() == ()
    else:
        assert len(game.to_act()) == 1
        assert not st_.eliminated[st_.current]


def assert_refused(game: Game, action: Action) -> None:
    before = fingerprint(game)
    error = game.check(action)
    assert error is not None
    try:
        game.apply(action)
    except IllegalAction as raised:
        assert raised.rule and str(raised)
    else:
        raise AssertionError(f"{action} was applied")
    assert fingerprint(game) == before


def assert_each_applies(game: Game, actions: list[Action], envelope: tuple[str, ...]) -> None:
    before = fingerprint(game)
    for action in actions:
        trial = game.clone()  # each legal action tried on an independent copy
        events = trial.apply(action)
        assert events, action
        check_invariants(trial, envelope)
    assert fingerprint(game) == before


def assert_round_trip(game: Game) -> None:
    loaded = Game.loads(game.dumps())
    assert loaded.full_log() == game.full_log()
    assert repr(loaded.state) == repr(game.state)
    assert loaded.chance.getstate() == game.chance.getstate()
    for seat in [None, *range(game.players)]:
        assert loaded.view(seat) == game.view(seat)
        assert loaded.legal_actions(seat or 0) == game.legal_actions(seat or 0)


@settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    seed=st.integers(0, 2**40),
    players=st.integers(3, 6),
    movement=st.sampled_from(["exact", "up_to"]),
    accuse_after_disproved=st.booleans(),
    data=st.data(),
)
def test_random_play_keeps_every_invariant(
    seed: int, players: int, movement: str, accuse_after_disproved: bool, data: st.DataObject
) -> None:
    options = {"movement": movement, "accuse_after_disproved": accuse_after_disproved}
    game = new_game("classic", players=players, seed=seed, options=options)
    envelope = cstate(game).envelope
    for step in range(160):
        check_invariants(game, envelope)
        if game.finished:
            break
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        assert legal, "a seat to act always has a legal action"
        assert len(set(legal)) == len(legal)
        # Every legal action passes check (of the 324 accusations, a drawn few: they
        # are one list, the same every time).
        accusations = [a for a in legal if a.kind == "accuse"]
        others = [a for a in legal if a.kind != "accuse"]
        sample = accusations[data.draw(st.integers(0, 320), label="acc") :][:4]
        for action in others + sample:
            assert game.check(action) is None, action
        if step % 20 == 0:  # every legal action applies (on copies of the game)
            assert_each_applies(game, others[:12] + sample[:2], envelope)
        for other in range(game.players):
            if other != seat:
                assert game.legal_actions(other) == []
        # A drawn plausible action: legal exactly when listed, refused otherwise.
        candidate = data.draw(plausible, label="plausible")
        if candidate in legal:
            assert game.check(candidate) is None
        else:
            assert_refused(game, candidate)
        # Junk from the wire: malformed, or refused like any illegal action.
        if step % 3 == 0:
            junk = data.draw(json_like, label="junk")
            try:
                parsed = Action.from_json(junk)
            except MalformedAction:
                pass
            else:
                if parsed not in legal:
                    assert_refused(game, parsed)
        # Play on: accusations are rare, so that games get deep.
        if accusations and (not others or data.draw(st.integers(0, 40), label="accuse?") == 0):
            action = data.draw(st.sampled_from(accusations), label="accusation")
        else:
            action = data.draw(st.sampled_from(others), label="action")
        events = game.apply(action)
        assert events and game.actions[-1] == action
        if step % 40 == 39:
            assert_round_trip(game)
    check_invariants(game, envelope)
    assert_round_trip(game)
