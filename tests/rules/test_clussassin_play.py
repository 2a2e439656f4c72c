"""Clussassin in whole games: hidden information never leaks, random play keeps the
invariants, bot games end, and saves replay exactly."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cluedo.agents.match import play_out
from cluedo.agents.registry import make_agent
from cluedo.content import load_board, load_card_set
from cluedo.engine import Action, Game, IllegalAction, new_game
from cluedo.rules.clussassin.rules import ClussassinState

BOARD = load_board("classic")
CARD_IDS = frozenset(load_card_set("classic").ids)
Seat = int | None

# Fields that name characters, rooms or weapons without saying who holds which card:
# who plays whom, where tokens and weapons are, who attacked or died, counts.
PUBLIC_KEYS = frozenset(
    {
        "characters",
        "positions",
        "dead",
        "weapons",
        "carried",
        "safe_room",
        "kills",
        "card_counts",
        "attacker",
        "victim",
        "assassin",
        "character",
        "with",
        "choices",
        "to",
        "from",
        "first",
        "destinations",
        "board",
        "edition",
        "holder",
    }
)


def state_of(game: Game) -> ClussassinState:
    assert isinstance(game.state, ClussassinState)
    return game.state


def knowledge(game: Game) -> dict[Seat, set[str]]:
    """The cards each seat may know the holder of, worked out from the full record
    (not from the views): its deal, the cards of its victims, the cards it received
    in a swap, and every card shown to the table."""
    players = game.players
    known: dict[Seat, set[str]] = {s: set() for s in [None, *range(players)]}
    seat_of = {c: s for s, c in enumerate(state_of(game).characters)}

    def everyone(cards: list[str]) -> None:
        for k in known.values():
            k.update(cards)

    swap_pair: tuple[int, ...] = ()
    for event in game.full_log():
        kind = event["kind"]
        if kind == "dealt":
            known[event["seat"]] |= set(event["hand"])
        elif kind in ("attack", "defender_revealed", "pickup"):
            revealed = event["revealed"]
            everyone(revealed if isinstance(revealed, list) else [revealed])
        elif kind == "killed" and event["assassin"] in seat_of:
            known[seat_of[event["assassin"]]] |= set(event["cards"])
        elif kind == "swapped":
            # The drawer's own card visibly goes to the other player; the card coming
            # back is known to the two of them.
            everyone([event["character"]])
            swap_pair = (seat_of[event["character"]], seat_of[event["with"]])
            continue
        elif kind == "new_target":
            for s in swap_pair or (seat_of[event["character"]],):
                known[s].add(event["target"])
            continue
        swap_pair = ()
    return known


def mentions(value: Any, key: str = "") -> Iterator[tuple[str, str]]:
    """(nearest field name, card id) for every card id in a JSON value."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k in CARD_IDS:
                # A card as a key: its value says where it is or who showed it
                # (a character or a room), which is public once the card is.
                yield key, k
                yield from mentions(v, "holder")
            else:
                yield from mentions(v, k)
    elif isinstance(value, list):
        for item in value:
            yield from mentions(item, key)
    elif isinstance(value, str) and value in CARD_IDS:
        yield key, value


def check_no_leak(game: Game) -> None:
    known = knowledge(game)
    for seat in [None, *range(game.players)]:
        view = json.loads(json.dumps(game.view(seat)))
        for key, card in mentions(view):
            if key in PUBLIC_KEYS:
                continue
            assert card in known[seat], (seat, key, card)


@pytest.mark.parametrize("players", [3, 5])
def test_leak_no_view_or_event_names_a_card_the_seat_cannot_know(players: int) -> None:
    for seed in range(3):
        game = new_game("clussassin", players=players, seed=seed)
        agents = {s: make_agent("sensible", s, seed, rules="clussassin") for s in range(players)}
        for step in range(3000):
            if game.finished:
                break
            if step % 5 == 0:
                check_no_leak(game)
            seat = game.to_act()[0]
            view = game.view(seat, log_since=agents[seat].log_cursor)
            agents[seat].log_cursor = view["log_end"]
            game.apply(agents[seat].choose(view, game.legal_actions(seat)))
        check_no_leak(game)
        assert game.finished


def test_leak_the_unplayed_characters_cards_stay_hidden() -> None:
    game = new_game("clussassin", players=3, seed=4)
    unplayed = {c for c in state_of(game).holdings if c not in state_of(game).characters}
    hidden = {card for c in unplayed for card in state_of(game).holdings[c]}
    for seat in (None, 0, 1, 2):
        view = game.view(seat)
        secret = [card for key, card in mentions(view) if key not in PUBLIC_KEYS]
        assert not hidden & set(secret)


# -- random play ---------------------------------------------------------------------


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 6), picks=st.randoms())
def test_random_play_keeps_invariants_and_replays(seed: int, players: int, picks: Any) -> None:
    game = new_game("clussassin", players=players, seed=seed)
    for step in range(250):
        if game.finished:
            break
        state = state_of(game)
        cards = [c for held in state.holdings.values() for c in held]
        assert len(cards) == len(set(cards)) == 18  # cards are never lost nor copied
        squares = [p for p in state.positions.values() if isinstance(p, tuple)]
        assert len(squares) == len(set(squares))  # one token per square
        assert all(p in BOARD.node_of_square for p in squares)
        living = set(state.positions)
        # Every living character hunts exactly one other and is hunted by one.
        assert set(state.target) == living and set(state.target.values()) == living
        assert all(state.target[c] in state.holdings[c] for c in living)
        assert all(state.target[c] != c for c in living) or state.decisions.top.kind == "swap"
        # A weapon lies in a room or is carried, never both; carried ones' cards are held.
        carried = [w for ws in state.carried.values() for w in ws]
        assert sorted([*carried, *state.weapons]) == sorted(set([*carried, *state.weapons]))
        assert len(carried) + len(state.weapons) == 6
        assert all(w in state.holdings[c] for c, ws in state.carried.items() for w in ws)
        seat = game.to_act()[0]
        assert state.characters[seat] not in state.dead
        legal = game.legal_actions(seat)
        assert legal
        if step % 10 == 0:
            before = json.dumps(game.rules.reveal(state))
            with pytest.raises(IllegalAction):
                game.apply(Action.make(seat, "move", to=[99, 99]))
            with pytest.raises(IllegalAction):
                game.apply(Action.make(seat, "swap", **{"with": "nobody"}))
            assert json.dumps(game.rules.reveal(state)) == before
        game.apply(picks.choice(legal))
    assert Game.loads(game.dumps()).full_log() == game.full_log()


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_bot_games_end_with_one_player_alive(players: int) -> None:
    for seed in range(4):
        game = new_game("clussassin", players=players, seed=seed)
        play_out(
            game, {s: make_agent("sensible", s, s, rules="clussassin") for s in range(players)}
        )
        state = state_of(game)
        alive = [c for c in state.characters if c not in state.dead]
        assert game.finished and len(alive) == 1
        assert state.winners == (state.characters.index(alive[0]),)
        assert Game.loads(game.dumps()).full_log() == game.full_log()


def test_random_bots_finish_games_too() -> None:
    rng = random.Random(5)
    for seed in range(3):
        game = new_game("clussassin", players=4, seed=seed)
        for _ in range(20_000):
            if game.finished:
                break
            seat = game.to_act()[0]
            game.apply(rng.choice(game.legal_actions(seat)))
        assert game.finished


CANDIDATES = ("attack", "pickup", "roll", "passage", "stay", "end_turn")


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 6), picks=st.randoms())
def test_check_agrees_with_the_legal_actions(seed: int, players: int, picks: Any) -> None:
    game = new_game("clussassin", players=players, seed=seed)
    for _ in range(150):
        if game.finished:
            break
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        for action in legal:
            assert game.check(action) is None
        tries = [Action.make(seat, kind) for kind in CANDIDATES]
        tries += [Action.make(seat, "pickup", weapon=w) for w in state_of(game).weapons]
        tries += [Action.make((seat + 1) % players, "roll")]
        for action in tries:
            if action not in legal:
                error = game.check(action)
                assert error is not None and error.rule and str(error)
        game.apply(picks.choice(legal))


def test_the_game_owns_its_randomness() -> None:
    # Disturbing the module-level generator between steps changes nothing.
    def run(disturb: bool) -> list[Any]:
        game = new_game("clussassin", players=4, seed=99)
        chooser = random.Random(1)
        for step in range(400):
            if game.finished:
                break
            if disturb:
                random.seed(step)
                random.random()
            seat = game.to_act()[0]
            game.apply(chooser.choice(game.legal_actions(seat)))
        return game.full_log()

    assert run(False) == run(True)
