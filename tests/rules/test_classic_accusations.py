"""Classic rules, accusations and the end of the game: one test per rule sentence of seed 001."""

from __future__ import annotations

import json

from classic_kit import (
    accuse,
    deal,
    events_of,
    kinds,
    make,
    place,
    refused,
    roll,
    state,
    suggest,
    turn,
    wrong_triple,
)

from cluedo.engine import Action, Game

ENVELOPE = ("white", "wrench", "hall")
HANDS = [["peacock", "study"], ["knife", "kitchen"], ["rope", "lounge", "plum"], ["mustard"]]


def four_players(**options: object) -> Game:
    game = make(players=4, **options)
    deal(game, HANDS, ENVELOPE)
    return game


def after_suggestion(disproved: bool, **options: object) -> Game:
    """Seat 0 has suggested in the Lounge; the suggestion was disproved or not."""
    game = four_players(**options)
    place(game, scarlet="lounge")
    turn(game, 0, "moved", roll=3, entered="lounge")
    if disproved:
        suggest(game, 0, "mustard", "candlestick")
        game.apply(Action.make(2, "show", card="lounge"))
    else:
        state(game).hands[2].remove("lounge")
        suggest(game, 0, "green", "candlestick")
    return game


def test_accusation_ends_the_turn() -> None:
    # At the start of a turn, after moving, after a suggestion: each accusation ends it.
    for stage in ("start", "moved"):
        game = four_players()
        turn(game, 0, stage, **({"roll": 2, "entered": None} if stage == "moved" else {}))
        events = accuse(game, 0, *wrong_triple(game))
        assert events[-1].kind == "turn" and events[-1].data["seat"] == 1
        assert game.to_act() == (1,)
    game = after_suggestion(disproved=False)
    accuse(game, 0, *wrong_triple(game))
    assert game.to_act() == (1,)
    # Not in the middle of a move: the move comes first.
    game = four_players()
    roll(game, 0, 3)
    assert "accuse" not in kinds(game.legal_actions(0))
    assert (
        refused(game, Action.make(0, "accuse", suspect="white", weapon="wrench", room="hall")).rule
        == "accuse"
    )


def test_accusation_may_name_any_room() -> None:
    # Unlike a suggestion, an accusation names any room, wherever the accuser stands.
    game = four_players()
    legal = [a for a in game.legal_actions(0) if a.kind == "accuse"]
    assert len(legal) == 6 * 6 * 9
    accuse(game, 0, *ENVELOPE)  # Scarlet is on her start square, not in the Hall
    assert game.finished


def test_no_accusation_after_own_suggestion_disproved_this_turn() -> None:
    game = after_suggestion(disproved=True)
    assert kinds(game.legal_actions(0)) == {"end_turn"}
    error = refused(game, Action.make(0, "accuse", suspect="white", weapon="wrench", room="hall"))
    assert error.rule == "no-accusation-after-disproof"
    assert game.view(0)["pending"]["disproved"] is True
    # Not disproved: the accusation is allowed.
    game = after_suggestion(disproved=False)
    assert "accuse" in kinds(game.legal_actions(0))
    # The bar lasts only for the turn: next turn, the same player may accuse at once.
    game = after_suggestion(disproved=True)
    game.apply(Action.make(0, "end_turn"))
    for seat in (1, 2, 3):
        roll(game, seat, 1)
        game.apply(next(a for a in game.legal_actions(seat) if a.kind == "move"))
        game.apply(Action.make(seat, "end_turn"))
    assert "accuse" in kinds(game.legal_actions(0))


def test_option_accusation_after_own_suggestion_disproved() -> None:
    game = after_suggestion(disproved=True, accuse_after_disproved=True)
    assert "accuse" in kinds(game.legal_actions(0))
    accuse(game, 0, *ENVELOPE)
    assert game.finished and game.state.winners == (0,)


def test_wrong_accusation_eliminates_but_still_refutes() -> None:
    game = four_players()
    turn(game, 1)
    events = accuse(game, 1, *wrong_triple(game))
    assert events_of(events, "accusation")[0].data["correct"] is False
    assert state(game).eliminated == [False, True, False, False]
    assert game.view(None)["eliminated"] == [False, True, False, False]
    # Eliminated players take no more turns ...
    seats = []
    for _ in range(4):
        seat = game.to_act()[0]
        seats.append(seat)
        roll(game, seat, 1)
        game.apply(next(a for a in game.legal_actions(seat) if a.kind == "move"))
        game.apply(Action.make(seat, "end_turn"))
    assert seats == [2, 3, 0, 2]
    # ... but must still disprove suggestions: seat 1 holds the knife.
    game = four_players()
    turn(game, 1)
    accuse(game, 1, *wrong_triple(game))
    place(game, scarlet="lounge")
    turn(game, 0, "moved", roll=3, entered="lounge")
    state(game).hands[2].remove("lounge")
    suggest(game, 0, "green", "knife")
    assert game.to_act() == (1,)
    assert [a["card"] for a in game.legal_actions(1)] == ["knife"]
    game.apply(Action.make(1, "show", card="knife"))
    assert game.to_act() == (0,)


def test_wrong_accuser_alone_sees_the_envelope() -> None:
    game = four_players()
    turn(game, 1)
    events = accuse(game, 1, *wrong_triple(game))
    seen = events_of(events, "envelope_seen")[0]
    assert seen.for_seat(1) == {"kind": "envelope_seen", "seat": 1, "envelope": list(ENVELOPE)}
    for other in (None, 0, 2, 3):
        view = game.view(other)
        assert view["envelope"] is None
        assert not any("envelope" in entry for entry in view["log"])
        assert {"kind": "envelope_seen", "seat": 1} in view["log"]
        since = next(i for i, e in enumerate(view["log"]) if e["kind"] == "accusation")
        assert "hall" not in json.dumps(view["log"][since:])  # the envelope's room, unnamed
    assert game.view(1)["envelope"] == list(ENVELOPE)
    assert not game.finished


def test_eliminated_token_moved_off_doorway_into_room() -> None:
    # (7,4) is the square outside the Kitchen's door; (20,15) is outside one of the Hall's.
    for square, room in [((7, 4), "kitchen"), ((20, 15), "hall"), ((16, 16), "library")]:
        game = four_players()
        place(game, scarlet=square)
        events = accuse(game, 0, *wrong_triple(game))
        assert state(game).positions["scarlet"] == room
        assert events_of(events, "token_moved")[0].data["to"] == room
    # A token elsewhere on the corridor stays where it is.
    game = four_players()
    place(game, scarlet=(8, 16))
    events = accuse(game, 0, *wrong_triple(game))
    assert state(game).positions["scarlet"] == (8, 16)
    assert not events_of(events, "token_moved")


def test_eliminated_token_can_still_be_moved_by_suggestions() -> None:
    game = four_players()
    turn(game, 1)
    accuse(game, 1, *wrong_triple(game))
    place(game, scarlet="lounge")
    turn(game, 0, "moved", roll=3, entered="lounge")
    suggest(game, 0, "mustard", "rope")
    assert state(game).positions["mustard"] == "lounge"


def test_correct_accusation_wins() -> None:
    game = four_players()
    turn(game, 2)
    events = accuse(game, 2, *ENVELOPE)
    assert game.finished and game.state.winners == (2,) and game.state.outcome == "solved"
    assert events_of(events, "accusation")[0].data["correct"] is True
    # The cards are laid face up: everyone sees the envelope.
    over = events_of(events, "game_over")[0]
    assert over.data == {"outcome": "solved", "winners": [2], "envelope": list(ENVELOPE)}
    for seat in (None, 0, 1, 2, 3):
        view = game.view(seat)
        assert view["envelope"] == list(ENVELOPE)
        assert view["finished"] and view["winners"] == [2] and view["outcome"] == "solved"
    assert game.to_act() == ()
    assert game.legal_actions(2) == []
    assert refused(game, Action.make(2, "end_turn")).rule == "game-over"


def test_all_eliminated_ends_game_and_reveals_envelope() -> None:
    game = make(players=3)
    deal(game, HANDS[:3], ENVELOPE)
    for seat in (0, 1, 2):
        assert not game.finished
        assert game.to_act() == (seat,)
        events = accuse(game, seat, *wrong_triple(game))
    assert game.finished and game.state.outcome == "no-winner" and game.state.winners == ()
    over = events_of(events, "game_over")[0]
    assert over.data == {"outcome": "no-winner", "winners": [], "envelope": list(ENVELOPE)}
    assert game.view(None)["envelope"] == list(ENVELOPE)
    assert game.view(None)["log"][-1]["envelope"] == list(ENVELOPE)


def test_last_player_standing_keeps_playing_until_accusing() -> None:
    # Not in the rule text: one player left does not win by default; they go on.
    game = make(players=3)
    deal(game, HANDS[:3], ENVELOPE)
    accuse(game, 0, *wrong_triple(game))
    accuse(game, 1, *wrong_triple(game))
    assert not game.finished and game.to_act() == (2,)
    roll(game, 2, 1)
    game.apply(next(a for a in game.legal_actions(2) if a.kind == "move"))
    game.apply(Action.make(2, "end_turn"))
    assert game.to_act() == (2,)
