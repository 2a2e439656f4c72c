"""Classic rules, set-up and turn order: one test per rule sentence of seed 001."""

from __future__ import annotations

from collections import Counter

import pytest
from classic_kit import make, state

from cluedo.content import load_board, load_card_set
from cluedo.engine import Action, OptionsError
from cluedo.mechanics.investigation import deal_round_robin

CARDS = load_card_set("classic")
SUSPECTS = CARDS.category("suspect")
WEAPONS = CARDS.category("weapon")
ROOMS = CARDS.category("room")


def test_envelope_holds_one_suspect_one_weapon_one_room() -> None:
    seen: set[tuple[str, ...]] = set()
    for seed in range(60):
        game = make(players=3 + seed % 4, seed=seed)
        envelope = state(game).envelope
        assert len(envelope) == 3
        assert envelope[0] in SUSPECTS and envelope[1] in WEAPONS and envelope[2] in ROOMS
        in_hands = {c for hand in state(game).hands for c in hand}
        assert not in_hands & set(envelope), "an envelope card was also dealt"
        seen.add(envelope)
    # Drawn at random: many different envelopes over 60 seeds, every category varied.
    assert len(seen) > 30
    for i in range(3):
        assert len({e[i] for e in seen}) > 3


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_cards_dealt_clockwise_until_all_dealt_unequal_hands_allowed(players: int) -> None:
    game = make(players=players, seed=players * 11)
    st = state(game)
    dealt = [c for hand in st.hands for c in hand]
    assert len(dealt) == len(set(dealt)) == 18  # every card but the envelope's three
    assert set(dealt) | set(st.envelope) == set(CARDS.ids)
    # Clockwise from the first player: the first 18 % players seats get one card more.
    first = st.current
    for seat, hand in enumerate(st.hands):
        extra = 1 if (seat - first) % players < 18 % players else 0
        assert len(hand) == 18 // players + extra
    sizes = Counter(len(h) for h in st.hands)
    assert len(sizes) == (1 if 18 % players == 0 else 2)
    # The deal itself goes one card at a time round the table in turn order.
    order = [(first + k) % players for k in range(players)]
    deck = [f"c{i}" for i in range(18)]
    hands = deal_round_robin(deck, order)
    for i, card in enumerate(deck):
        assert card in hands[order[i % players]]


def test_weapons_in_random_rooms_at_most_one_per_room() -> None:
    placements = set()
    for seed in range(40):
        weapons = state(make(seed=seed)).weapons
        assert set(weapons) == set(WEAPONS)
        assert set(weapons.values()) <= set(ROOMS)
        assert len(set(weapons.values())) == 6, "two weapons share a room"
        placements.add(tuple(sorted(weapons.items())))
    assert len(placements) > 30
    # The placement is public: the set-up event and every view show it.
    game = make(seed=3)
    assert game.events[0].data["weapons"] == state(game).weapons
    assert game.view(None)["weapons"] == state(game).weapons


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_all_six_suspect_tokens_on_start_squares_with_fewer_players(players: int) -> None:
    game = make(players=players, seed=5)
    board = load_board("classic")
    assert state(game).positions == {s: board.starts[s] for s in SUSPECTS}
    positions = game.view(None)["positions"]
    assert len(positions) == 6
    assert all(tuple(positions[s]) == board.starts[s] for s in SUSPECTS)


def test_each_player_takes_a_different_character() -> None:
    # By default the seats take the suspects in turn order.
    assert state(make(players=4)).characters == ["scarlet", "mustard", "white", "green"]
    chosen = ("plum", "scarlet", "peacock")
    assert state(make(players=3, characters=chosen)).characters == list(chosen)
    with pytest.raises(OptionsError, match="different character"):
        make(players=3, characters=("plum", "plum", "white"))
    with pytest.raises(OptionsError, match="unknown"):
        make(players=3, characters=("plum", "butler", "white"))
    with pytest.raises(OptionsError):
        make(players=3, characters=("plum", "white"))


def _turn_order(game_players: int, **options: object) -> list[int]:
    """Seats in the order they get turns, by playing roll/move/end_turn round the table."""
    game = make(players=game_players, seed=9, **options)
    order = []
    for _ in range(game_players * 2):
        seat = state(game).current
        order.append(seat)
        assert game.to_act() == (seat,)
        game.apply(Action.make(seat, "roll"))
        moves = [a for a in game.legal_actions(seat) if a.kind == "move"]
        if moves:
            game.apply(moves[0])
        game.apply(Action.make(seat, "end_turn"))
    return order


def test_miss_scarlet_goes_first_then_clockwise() -> None:
    assert _turn_order(4) == [0, 1, 2, 3, 0, 1, 2, 3]
    # Scarlet's player starts wherever she sits; play then goes round in seat order.
    assert _turn_order(3, characters=("white", "mustard", "scarlet")) == [2, 0, 1, 2, 0, 1]
    # If nobody plays Scarlet, the first suspect in turn order who is played starts.
    assert _turn_order(3, characters=("plum", "white", "green")) == [1, 2, 0, 1, 2, 0]
    game = make(players=5, characters=("green", "plum", "scarlet", "white", "mustard"))
    assert game.to_act() == (2,)
    assert game.events[0].data["first"] == 2


def test_first_player_is_dealt_first() -> None:
    # With 4 players two hands have 5 cards: Scarlet's seat and the next one clockwise.
    game = make(players=4, characters=("white", "mustard", "scarlet", "green"))
    assert [len(h) for h in state(game).hands] == [4, 4, 5, 5]


def test_us_and_uk_edition_names_in_a_game() -> None:
    us = make(edition="us")
    uk = make(edition="uk")
    assert us.rules.cards.name("green") == "Mr. Green"  # type: ignore[attr-defined]
    assert uk.rules.cards.name("green") == "Reverend Green"  # type: ignore[attr-defined]
    # The edition changes names only: ids, deal and play are the same.
    assert state(us).hands == state(uk).hands and state(us).envelope == state(uk).envelope
    assert us.view(0)["edition"] == "us" and uk.view(0)["edition"] == "uk"
    with pytest.raises(OptionsError, match="edition"):
        make(edition="fr")


def test_unknown_option_is_refused_with_the_allowed_ones() -> None:
    with pytest.raises(OptionsError, match="Allowed options"):
        make(speed="fast")
    with pytest.raises(OptionsError, match="movement"):
        make(movement="sideways")


@pytest.mark.parametrize(
    "board", ["atlantis", "/etc/passwd", "../boards/classic.txt", "classic.txt"]
)
def test_board_option_names_a_shipped_board_only(board: str) -> None:
    with pytest.raises(OptionsError, match="unknown board") as caught:
        make(board=board)
    assert "root:" not in str(caught.value)
    assert "boards: classic" in str(caught.value)


@pytest.mark.parametrize("players", [2, 7, 0])
def test_three_to_six_players(players: int) -> None:
    with pytest.raises(OptionsError, match="3 to 6"):
        make(players=players)
