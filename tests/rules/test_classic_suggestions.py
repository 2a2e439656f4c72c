"""Classic rules, suggestions and refutations: one test per rule sentence of seed 001."""

from __future__ import annotations

from classic_kit import (
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
)

from cluedo.engine import Action, Game

ENVELOPE = ("white", "wrench", "hall")


def in_room_just_entered(players: int = 4, room: str = "lounge", **options: object) -> Game:
    """Seat 0 (Scarlet) has just moved into ``room``; hands are arranged for refuting."""
    game = make(players=players, **options)
    hands = [["peacock"], ["knife", "kitchen"], ["rope", "lounge", "plum"], ["mustard"]]
    hands += [["study"], ["ballroom"]]
    deal(game, hands[:players], ENVELOPE)
    place(game, scarlet=room)
    turn(game, 0, "moved", roll=3, entered=room)
    return game


def test_suggestion_names_the_room_just_entered() -> None:
    game = in_room_just_entered()
    events = suggest(game, 0, "mustard", "rope")
    assert events_of(events, "suggestion")[0].data == {
        "seat": 0,
        "suspect": "mustard",
        "weapon": "rope",
        "room": "lounge",
    }
    # The room is never chosen: a suggestion takes no room.
    game = in_room_just_entered()
    bad = Action.make(0, "suggest", suspect="mustard", weapon="rope", room="kitchen")
    assert refused(game, bad).rule == "malformed-action"
    # Entering by a rolled move or by the secret passage both allow it.
    game = make()
    place(game, scarlet=(18, 6))
    roll(game, 0, 1)
    game.apply(Action.make(0, "move", to="lounge"))
    assert "suggest" in kinds(game.legal_actions(0))
    game = make()
    place(game, scarlet="conservatory")
    game.apply(Action.make(0, "passage"))
    assert events_of(suggest(game, 0, "plum", "knife"), "suggestion")[0].data["room"] == "lounge"


def test_no_suggestion_outside_a_room_or_twice_in_a_turn() -> None:
    game = make()
    roll(game, 0, 1)
    game.apply(Action.make(0, "move", to=(23, 7)))
    assert "suggest" not in kinds(game.legal_actions(0))
    assert refused(game, Action.make(0, "suggest", suspect="plum", weapon="rope")).rule == (
        "suggest-in-room-entered"
    )
    game = in_room_just_entered()
    suggest(game, 0, "plum", "rope")
    game.apply(game.legal_actions(2)[0])  # seat 2 shows a card
    assert refused(game, Action.make(0, "suggest", suspect="plum", weapon="knife")).rule == (
        "suggest-in-room-entered"
    )


def test_suggestion_moves_named_suspect_and_weapon_into_the_room() -> None:
    game = in_room_just_entered()
    state(game).weapons["rope"] = "kitchen"
    place(game, mustard=(8, 16))
    events = suggest(game, 0, "mustard", "rope")
    assert state(game).positions["mustard"] == "lounge"
    assert state(game).weapons["rope"] == "lounge"
    assert events_of(events, "token_moved")[0].data == {"piece": "mustard", "to": "lounge"}
    assert events_of(events, "weapon_moved")[0].data == {"weapon": "rope", "to": "lounge"}
    view = game.view(None)
    assert view["positions"]["mustard"] == "lounge" and view["weapons"]["rope"] == "lounge"
    # A weapon already in the room may share it with the weapon that was there.
    state(game).weapons["knife"] = "lounge"
    assert sum(1 for r in state(game).weapons.values() if r == "lounge") == 2
    # Naming a token already in the room moves nothing.
    game = in_room_just_entered()
    place(game, plum="lounge")
    state(game).weapons["knife"] = "lounge"
    events = suggest(game, 0, "plum", "knife")
    assert not events_of(events, "token_moved") and not events_of(events, "weapon_moved")
    # Suggesting yourself is allowed and leaves you where you are.
    game = in_room_just_entered()
    suggest(game, 0, "scarlet", "knife")
    assert state(game).positions["scarlet"] == "lounge"


def test_suggested_token_may_be_of_a_character_nobody_plays() -> None:
    game = in_room_just_entered(players=3)
    suggest(game, 0, "plum", "rope")
    assert state(game).positions["plum"] == "lounge"
    assert state(game).summoned == [False, False, False]


def test_refutation_goes_left_first_able_player_must_show_and_chooses() -> None:
    # Seat 1 (to the left) has none of the cards; seat 2 has two and chooses; seat 3,
    # who could also refute, is never asked.
    game = in_room_just_entered()
    events = suggest(game, 0, "mustard", "rope")
    assert [e.kind for e in events][-2:] == ["cannot_refute", "must_refute"]
    assert events_of(events, "cannot_refute")[0].data["seat"] == 1
    assert game.to_act() == (2,)
    legal = game.legal_actions(2)
    assert sorted(a["card"] for a in legal) == ["lounge", "rope"]
    assert kinds(legal) == {"show"}
    # The refuter must show: nothing else, and only a matching card of theirs.
    assert refused(game, Action.make(2, "end_turn")).rule == "refute"
    assert refused(game, Action.make(2, "show", card="plum")).rule == "refute"
    assert refused(game, Action.make(2, "show", card="mustard")).rule == "refute"
    assert refused(game, Action.make(0, "end_turn")).rule == "not-your-turn"
    # The refuter's view says which cards may be shown; nobody else's does.
    assert sorted(game.view(2)["pending"]["cards"]) == ["lounge", "rope"]
    assert "cards" not in game.view(0)["pending"] and "cards" not in game.view(None)["pending"]
    # The choice is the refuter's: either card may be shown.
    for card in ("rope", "lounge"):
        game = in_room_just_entered()
        suggest(game, 0, "mustard", "rope")
        shown = game.apply(Action.make(2, "show", card=card))
        assert [e.kind for e in shown] == ["card_shown"]
        assert shown[0].full() == {"kind": "card_shown", "seat": 2, "to": 0, "card": card}
        assert game.to_act() == (0,)
        assert not events_of(game.events, "must_refute")[1:]


def test_refutation_order_wraps_round_the_table() -> None:
    # Seat 2 suggests in a 4-player game: 3 first, then 0, then 1.
    game = make(players=4)
    deal(game, [["rope"], ["mustard"], [], []], ENVELOPE)
    place(game, white="lounge")
    turn(game, 2, "moved", roll=3, entered="lounge")
    events = suggest(game, 2, "mustard", "rope")
    assert [(e.kind, e.data["seat"]) for e in events if "refute" in e.kind] == [
        ("cannot_refute", 3),
        ("must_refute", 0),
    ]
    assert game.to_act() == (0,)


def test_players_who_cannot_refute_pass() -> None:
    game = in_room_just_entered(room="conservatory")
    events = suggest(game, 0, "green", "candlestick")  # nobody holds any of the three
    assert [(e.kind, e.data.get("seat")) for e in events[-4:]] == [
        ("cannot_refute", 1),
        ("cannot_refute", 2),
        ("cannot_refute", 3),
        ("not_refuted", 0),
    ]
    # No one was asked to decide; the suggester carries on and may accuse.
    assert game.to_act() == (0,)
    assert kinds(game.legal_actions(0)) == {"end_turn", "accuse"}
    assert game.view(0)["pending"]["disproved"] is False
    # A player holding a card cannot pass.
    game = in_room_just_entered(room="conservatory")
    suggest(game, 0, "mustard", "candlestick")
    assert game.to_act() == (3,)
    assert [a.kind for a in game.legal_actions(3)] == ["show"]


def test_suggester_own_cards_do_not_refute() -> None:
    game = in_room_just_entered(room="conservatory")
    state(game).hands[0] = ["green", "candlestick", "conservatory"]
    events = suggest(game, 0, "green", "candlestick")
    assert events_of(events, "not_refuted")


def test_moved_by_suggestion_may_suggest_at_start_of_next_turn() -> None:
    game = in_room_just_entered()
    suggest(game, 0, "mustard", "knife")  # Mustard (seat 1) is brought into the Lounge
    assert state(game).summoned[1]
    game.apply(game.legal_actions(state(game).decisions.top.seats[0])[0])  # type: ignore[union-attr]
    game.apply(Action.make(0, "end_turn"))
    assert game.to_act() == (1,)
    legal = game.legal_actions(1)
    assert {"roll", "suggest", "accuse", "passage"} == kinds(legal)
    events = suggest(game, 1, "scarlet", "rope")
    assert events_of(events, "suggestion")[0].data["room"] == "lounge"
    game.apply(Action.make(2, "show", card="rope"))
    # The suggestion replaced the move.
    assert refused(game, Action.make(1, "roll")).rule == "one-roll"


def test_moved_by_suggestion_may_roll_instead() -> None:
    game = in_room_just_entered()
    suggest(game, 0, "mustard", "knife")
    game.apply(game.legal_actions(1)[0])  # seat 1 holds the knife: shows it
    game.apply(Action.make(0, "end_turn"))
    roll(game, 1, 2)
    assert "suggest" not in kinds(game.legal_actions(1))


def test_no_staying_in_a_room_to_suggest_again() -> None:
    game = in_room_just_entered(room="conservatory")
    suggest(game, 0, "green", "candlestick")
    game.apply(Action.make(0, "end_turn"))
    for seat in (1, 2, 3):
        roll(game, seat, 1)
        game.apply(next(a for a in game.legal_actions(seat) if a.kind == "move"))
        game.apply(Action.make(seat, "end_turn"))
    # Back to seat 0, still in the Conservatory: roll or passage, but no suggestion.
    assert game.to_act() == (0,)
    assert "suggest" not in kinds(game.legal_actions(0))
    assert refused(game, Action.make(0, "suggest", suspect="plum", weapon="rope")).rule == (
        "no-staying-to-suggest"
    )


def pass_turn(game: Game, seat: int) -> None:
    """Roll a 1, take the first move if there is one, end the turn."""
    roll(game, seat, 1)
    moves = [a for a in game.legal_actions(seat) if a.kind == "move"]
    if moves:
        game.apply(moves[0])
    game.apply(Action.make(seat, "end_turn"))


def test_summons_lapse_once_the_turn_is_taken() -> None:
    # Moved into the Lounge by a suggestion, Mustard rolls instead of suggesting,
    # is blocked in by a token on the door square, and stays. Next time round he
    # is simply a player who did not enter the room: no suggestion.
    game = in_room_just_entered()
    place(game, white=(18, 6))  # outside the Lounge's only door
    suggest(game, 0, "mustard", "knife")
    game.apply(Action.make(1, "show", card="knife"))
    game.apply(Action.make(0, "end_turn"))
    assert "suggest" in kinds(game.legal_actions(1))
    pass_turn(game, 1)
    assert state(game).positions["mustard"] == "lounge"
    for seat in (2, 3, 0):
        pass_turn(game, seat)
    assert state(game).positions["mustard"] == "lounge"
    assert "suggest" not in kinds(game.legal_actions(1))
    # Named while already in the suggester's room, a token is not moved: no summons.
    game = in_room_just_entered()
    place(game, mustard="lounge")
    suggest(game, 0, "mustard", "knife")
    assert not state(game).summoned[1]


def test_suggestion_view_is_public_to_everyone() -> None:
    game = in_room_just_entered()
    suggest(game, 0, "mustard", "rope")
    for seat in (None, 0, 1, 2, 3):
        log = game.view(seat)["log"]
        assert {
            "kind": "suggestion",
            "seat": 0,
            "suspect": "mustard",
            "weapon": "rope",
            "room": "lounge",
        } in log
