"""Classic rules, the die and movement: one test per rule sentence of seed 001.

Coordinates are (row, col) on the classic board (see boards/classic.txt).
Handy landmarks: Scarlet starts at (24,7) with one way out, (23,7); Mustard at
(17,0) with one way out, (17,1); the Kitchen's only door opens onto (7,4); the
Hall's doors open onto (17,11), (17,12) and (20,15).
"""

from __future__ import annotations

from collections import Counter

import pytest
from classic_kit import (
    destinations,
    events_of,
    kinds,
    load_die,
    make,
    place,
    refused,
    roll,
    state,
    turn,
)

from cluedo.engine import Action

ALL_STARTS = {
    "scarlet": (24, 7),
    "mustard": (17, 0),
    "white": (0, 9),
    "green": (0, 14),
    "peacock": (6, 23),
    "plum": (19, 23),
}


def test_one_die() -> None:
    values: Counter[int] = Counter()
    for seed in range(120):
        game = make(seed=seed)
        events = game.apply(Action.make(0, "roll"))
        rolls = events_of(events, "roll")
        assert len(rolls) == 1  # one die: one number per roll
        values[rolls[0].data["roll"]] += 1
    assert set(values) == {1, 2, 3, 4, 5, 6}
    # Roughly uniform: no face shows up far more than its share of 20.
    assert max(values.values()) < 40
    # One roll per turn.
    game = make(seed=1)
    game.apply(Action.make(0, "roll"))
    assert refused(game, Action.make(0, "roll")).rule == "one-roll"


def test_move_exactly_the_roll() -> None:
    game = make()
    assert destinations(game, 0, 1) == {(23, 7)}
    game = make()
    assert destinations(game, 0, 2) == {(22, 7), (23, 8)}
    game = make()
    dests = destinations(game, 0, 3)
    assert dests == {(21, 7), (22, 8)}
    # A square one step away cannot be the end of a three-step move.
    assert refused(game, Action.make(0, "move", to=(23, 7))).rule == "movement"
    game.apply(Action.make(0, "move", to=(21, 7)))
    moved = events_of(game.events, "moved")[-1]
    assert moved.data == {"seat": 0, "to": [21, 7], "steps": 3}


def test_option_move_up_to_the_roll() -> None:
    game = make(movement="up_to")
    assert destinations(game, 0, 3) == {(23, 7), (22, 7), (23, 8), (21, 7), (22, 8)}
    game.apply(Action.make(0, "move", to=(23, 7)))
    assert state(game).positions["scarlet"] == (23, 7)
    # Exact mode on the same roll does not offer the shorter moves.
    assert (23, 7) not in destinations(make(movement="exact"), 0, 3)


def test_only_orthogonal_moves() -> None:
    game = make()
    place(game, scarlet=(8, 16))  # open corridor, all four neighbours free
    assert destinations(game, 0, 1) == {(7, 16), (9, 16), (8, 15), (8, 17)}
    assert refused(game, Action.make(0, "move", to=(9, 17))).rule == "movement"
    game = make()
    place(game, scarlet=(8, 16))
    # With two steps the diagonal squares are reached only by two orthogonal steps
    # ((7,15) is a Ballroom wall, so it is no destination).
    two = destinations(game, 0, 2)
    assert two == {(6, 16), (10, 16), (8, 14), (7, 17), (9, 15), (9, 17)}


def test_cannot_enter_a_square_twice_in_one_turn() -> None:
    # Back and forth is not a move of two; round a 2x2 block is not a move of four.
    for rolled in (2, 4, 6):
        game = make()
        place(game, scarlet=(8, 16))  # (8,16) (8,17) (9,17) (9,16) is a 2x2 block
        assert (8, 16) not in destinations(game, 0, rolled)
    # From a start square with a single way out, two steps can never come back.
    game = make()
    assert (24, 7) not in destinations(game, 0, 2)


def test_cannot_reenter_the_room_left_this_turn() -> None:
    # Out of the Hall by (17,11), along to (17,12), back in by the other door: three
    # steps, but that would be entering the Hall twice in one turn.
    game = make()
    place(game, scarlet="hall")
    dests = destinations(game, 0, 3)
    assert "hall" not in dests
    assert (17, 13) in dests  # out by (17,11), past (17,12): walking past the door is fine
    game = make(movement="up_to")
    place(game, scarlet="hall")
    assert "hall" not in destinations(game, 0, 6)


def test_cannot_move_onto_or_through_an_occupied_square() -> None:
    game = make()
    place(game, mustard=(22, 7))
    assert destinations(game, 0, 2) == {(23, 8)}  # not onto (22,7)
    game = make()
    place(game, mustard=(22, 7))
    three = destinations(game, 0, 3)
    assert (21, 7) not in three  # only reachable through (22,7)
    assert (22, 8) in three
    game = make()
    assert (21, 7) in destinations(game, 0, 3)  # the same move with the square free
    # Tokens of characters nobody plays still block: Plum is not in a 3-player game.
    game = make(players=3)
    place(game, plum=(22, 7))
    assert (22, 7) not in destinations(game, 0, 2)


def test_door_blocked_by_a_token() -> None:
    # A token on (7,4), outside the Kitchen's only door, keeps others out ...
    game = make()
    place(game, scarlet=(7, 6), mustard=(7, 4))
    assert "kitchen" not in destinations(game, 0, 3)
    game = make()
    place(game, scarlet=(7, 6))
    assert "kitchen" in destinations(game, 0, 3)
    # ... and keeps a token inside in: it cannot leave by rolling.
    game = make()
    place(game, scarlet="kitchen", mustard=(7, 4))
    roll(game, 0, 5)
    assert "move" not in kinds(game.legal_actions(0))
    # A token in the room is no obstacle to the door.
    game = make()
    place(game, scarlet=(7, 6), mustard="kitchen")
    assert "kitchen" in destinations(game, 0, 3)


def test_entering_a_room_ends_the_move() -> None:
    game = make()
    place(game, scarlet=(7, 5))
    dests = destinations(game, 0, 6)
    # The Kitchen is two steps away; with a roll of 6 the move may end there.
    assert "kitchen" in dests
    game.apply(Action.make(0, "move", to="kitchen"))
    assert state(game).positions["scarlet"] == "kitchen"
    assert events_of(game.events, "moved")[-1].data["steps"] == 2
    assert "move" not in kinds(game.legal_actions(0))
    assert refused(game, Action.make(0, "move", to=(7, 4))).rule == "one-move"
    # A room is never walked through: from (5,7) next to the Ballroom door, the
    # Ballroom's other doors are not two steps away.
    game = make()
    place(game, scarlet=(5, 7))
    two = destinations(game, 0, 2)
    assert not two & {(8, 9), (8, 14), (5, 16)}
    assert "ballroom" in two


def test_rooms_may_be_entered_with_steps_to_spare() -> None:
    # Exact mode: corridor squares need the exact count, a room may be entered early.
    game = make()
    place(game, scarlet=(7, 4))
    dests = destinations(game, 0, 4)
    assert "kitchen" in dests  # one step away
    assert (7, 5) not in dests  # one step away too, but a corridor square needs all four


def test_any_number_of_tokens_in_a_room() -> None:
    game = make(players=6)
    place(
        game,
        mustard="kitchen",
        white="kitchen",
        green="kitchen",
        peacock="kitchen",
        plum="kitchen",
        scarlet=(7, 5),
    )
    assert "kitchen" in destinations(game, 0, 2)
    game.apply(Action.make(0, "move", to="kitchen"))
    assert set(state(game).positions.values()) == {"kitchen"}
    assert all(p == "kitchen" for p in game.view(None)["positions"].values())


def test_secret_passage_instead_of_rolling() -> None:
    game = make()
    place(game, scarlet="kitchen")
    assert {"roll", "passage"} <= kinds(game.legal_actions(0))
    events = game.apply(Action.make(0, "passage"))
    assert events_of(events, "passage")[0].data == {"seat": 0, "from": "kitchen", "to": "study"}
    assert state(game).positions["scarlet"] == "study"
    # The passage replaces the roll and ends the movement; a suggestion may follow.
    assert refused(game, Action.make(0, "roll")).rule == "one-roll"
    assert "suggest" in kinds(game.legal_actions(0))
    # Both ways, both passages.
    for room, other in [
        ("study", "kitchen"),
        ("conservatory", "lounge"),
        ("lounge", "conservatory"),
    ]:
        game = make()
        place(game, scarlet=room)
        game.apply(Action.make(0, "passage"))
        assert state(game).positions["scarlet"] == other


def test_passage_only_from_a_room_that_has_one_at_the_start_of_the_turn() -> None:
    game = make()
    place(game, scarlet="ballroom")
    assert "passage" not in kinds(game.legal_actions(0))
    assert refused(game, Action.make(0, "passage")).rule == "secret-passage"
    game = make()  # a corridor square
    assert refused(game, Action.make(0, "passage")).rule == "secret-passage"
    # After rolling, the passage is no longer an option.
    game = make()
    place(game, scarlet="kitchen")
    roll(game, 0, 3)
    assert refused(game, Action.make(0, "passage")).rule == "passage-instead-of-roll"
    # Entering a passage room during the turn does not give a passage ride.
    game = make()
    place(game, scarlet=(7, 5))
    roll(game, 0, 2)
    game.apply(Action.make(0, "move", to="kitchen"))
    assert refused(game, Action.make(0, "passage")).rule == "passage-instead-of-roll"


def test_must_start_the_turn_by_rolling_or_taking_a_passage() -> None:
    game = make()
    place(game, scarlet="lounge")
    assert "end_turn" not in kinds(game.legal_actions(0))
    assert refused(game, Action.make(0, "end_turn")).rule == "must-move"
    assert refused(game, Action.make(0, "move", to=(18, 6))).rule == "move-after-roll"
    roll(game, 0, 1)
    # After a roll the move comes first.
    assert kinds(game.legal_actions(0)) == {"move"}
    assert refused(game, Action.make(0, "end_turn")).rule == "must-move"


def test_no_legal_move_after_roll() -> None:
    # Mustard's start square has one way out; block it and every roll is forfeited.
    game = make()
    turn(game, 1)
    place(game, scarlet=(17, 1))
    events = roll(game, 1, 4)
    assert events_of(events, "blocked")[0].data == {"seat": 1, "roll": 4}
    legal = game.legal_actions(1)
    assert "move" not in kinds(legal)
    # The player may still accuse or end the turn; nothing else.
    assert kinds(legal) == {"end_turn", "accuse"}
    assert state(game).positions["mustard"] == ALL_STARTS["mustard"]
    game.apply(Action.make(1, "end_turn"))
    assert game.to_act() == (2,)


def test_blocked_in_a_room_with_every_door_blocked() -> None:
    game = make()
    place(game, scarlet="kitchen", mustard=(7, 4))
    events = roll(game, 0, 6)
    assert events_of(events, "blocked")
    assert "suggest" not in kinds(game.legal_actions(0))  # still in the room, but did not enter it


@pytest.mark.parametrize("rolled", [1, 2, 3, 4, 5, 6])
def test_dice_roll_is_recorded_and_public(rolled: int) -> None:
    game = make()
    load_die(game, rolled)
    game.apply(Action.make(0, "roll"))
    for seat in (None, 0, 1, 2):
        view = game.view(seat)
        assert view["log"][-1] == {"kind": "roll", "seat": 0, "roll": rolled}
        assert view["pending"]["roll"] == rolled
