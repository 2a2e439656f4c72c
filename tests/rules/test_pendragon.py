"""Pendragon (rule text 003): one test per rule that changes play, named after it."""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from cluedo.content import load_board, load_card_set
from cluedo.content.rewards import load_rewards
from cluedo.content.sheets import SheetError, default_sheets, load_sheet_file
from cluedo.engine import Action, Game, IllegalAction, new_game
from cluedo.engine.errors import OptionsError
from cluedo.rules.pendragon.rolls import report_text
from cluedo.rules.pendragon.rules import PendragonState

BOARD = load_board("pendragon")
CARDS = load_card_set("pendragon")
SUSPECTS = CARDS.category("suspect")
WEAPONS = CARDS.category("weapon")
ROOMS = CARDS.category("room")


class Dice(random.Random):
    """A generator whose die rolls (d6 and d20) are given in advance; shuffles stay seeded."""

    def __init__(self, rolls: Iterable[int]) -> None:
        super().__init__(0)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        return self.rolls.pop(0)


def st(game: Game) -> PendragonState:
    assert isinstance(game.state, PendragonState)
    return game.state


def arranged(
    players: int = 3, seed: int = 1, options: dict[str, Any] | None = None, **where: Any
) -> Game:
    """A game with seat 0 to act and knights placed where a test needs them (``k1=...``)."""
    game = new_game("pendragon", players=players, seed=seed, options=options)
    state = st(game)
    state.current = 0
    state.decisions.top.seats = (0,)  # type: ignore[union-attr]
    for key, loc in where.items():
        state.positions[int(key[1:])] = tuple(loc) if isinstance(loc, list) else loc
    return game


def act(game: Game, kind: str, seat: int = 0, **params: Any) -> list[Any]:
    return game.apply(Action.make(seat, kind, **params))


def kinds(game: Game, seat: int = 0) -> set[str]:
    return {a.kind for a in game.legal_actions(seat)}


def roll(game: Game, *dice: int) -> None:
    game.rng = Dice(dice)
    act(game, "roll")


def dests(game: Game) -> set[Any]:
    return {a["to"] for a in game.legal_actions(0) if a.kind == "move"}


def door_square(room: str, index: int = 0) -> tuple[int, int]:
    return BOARD.doors_of(room)[index].corridor


def set_hands(game: Game, *hands: list[str]) -> None:
    for seat, hand in enumerate(hands):
        st(game).hands[seat] = list(hand)


def no_rewards_no_rolls(players: int = 3, **where: Any) -> Game:
    return arranged(players, options={"rewards": False, "trait_rolls": False}, **where)


# -- the board -----------------------------------------------------------------------


def test_the_castle_has_the_eleven_rooms_and_the_staircase_chamber() -> None:
    assert set(BOARD.rooms) == {*ROOMS, "staircase"}
    assert not BOARD.rooms["staircase"].crime_scene
    assert all(BOARD.rooms[r].crime_scene for r in ROOMS)
    assert "staircase" not in CARDS.ids


def test_secret_passages_join_bedroom_and_treasure_room_kitchen_and_servants_quarters() -> None:
    assert BOARD.passages == {
        "bedroom": "treasure_room",
        "treasure_room": "bedroom",
        "kitchen": "servants_quarters",
        "servants_quarters": "kitchen",
    }


def test_some_rooms_have_two_doors_and_some_double_wide_doors() -> None:
    two = [r for r in BOARD.rooms if len(BOARD.doors_of(r)) >= 2]
    assert len(two) >= 4
    doublewide = [
        r
        for r in BOARD.rooms
        for a in BOARD.doors_of(r)
        for b in BOARD.doors_of(r)
        if abs(a.square[0] - b.square[0]) + abs(a.square[1] - b.square[1]) == 1
    ]
    assert {"great_hall", "chapel", "sitting_room"} <= set(doublewide)


def test_numbered_start_squares_for_eight_players() -> None:
    assert sorted(BOARD.start_numbers.values()) == list(range(1, 9))


def test_every_room_can_be_reached_from_every_start() -> None:
    for square in BOARD.starts.values():
        dist = BOARD.distances_from(BOARD.node(square))
        assert all(dist[BOARD.node(r)] < 100 for r in BOARD.rooms)


# -- set-up --------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(3, 9))
def test_each_knight_starts_on_the_square_of_the_number_drawn(players: int) -> None:
    game = new_game("pendragon", players=players, seed=players)
    state = st(game)
    assert sorted(state.starts) == list(range(1, players + 1))
    by_number = {n: BOARD.starts[p] for p, n in BOARD.start_numbers.items()}
    assert state.positions == [by_number[n] for n in state.starts]


@pytest.mark.parametrize("players", range(3, 9))
def test_cards_are_dealt_equally_and_the_leftovers_lie_face_up(players: int) -> None:
    game = new_game("pendragon", players=players, seed=10 + players)
    state = st(game)
    sizes = {len(h) for h in state.hands}
    assert len(sizes) == 1
    assert len(state.face_up) == (len(CARDS.ids) - 3) % players
    everything = [c for h in state.hands for c in h] + state.face_up + list(state.envelope)
    assert sorted(everything) == sorted(CARDS.ids)
    for seat in [None, *range(players)]:
        assert game.view(seat)["face_up"] == state.face_up


def test_the_crime_folder_holds_one_suspect_one_weapon_one_room() -> None:
    suspect, weapon, room = st(new_game("pendragon", players=4, seed=2)).envelope
    assert suspect in SUSPECTS and weapon in WEAPONS and room in ROOMS


def test_a_reward_card_lies_face_down_in_each_room_but_the_staircase_chamber() -> None:
    game = new_game("pendragon", players=3, seed=4)
    state = st(game)
    assert set(state.rewards) == set(ROOMS)
    assert sorted(state.rewards.values()) == sorted(load_rewards().deck())
    view = game.view(0)
    assert view["reward_rooms"] == sorted(ROOMS)
    assert not set(load_rewards().deck()) & set(str(view).split("'"))  # face down


def test_the_first_player_is_random_and_play_passes_to_the_left() -> None:
    firsts = {st(new_game("pendragon", players=5, seed=s)).current for s in range(30)}
    assert len(firsts) > 2
    game = no_rewards_no_rolls(5)
    act(game, "roll")
    act(game, "stay")
    act(game, "end_turn")
    assert game.to_act() == (1,)


# -- moving --------------------------------------------------------------------------


def test_roll_a_d6_and_move_up_to_that_many_squares() -> None:
    game = no_rewards_no_rolls(k0=[7, 12])
    roll(game, 3)
    squares = {d for d in dests(game) if isinstance(d, tuple)}
    assert (8, 12) in squares and (7, 15) in squares and (7, 13) in squares  # 1..3 away
    assert all(abs(r - 7) + abs(c - 12) <= 3 for r, c in squares)
    assert (7, 16) not in squares


def test_moves_are_horizontal_and_vertical_never_diagonal() -> None:
    game = no_rewards_no_rolls(k0=[7, 12])
    roll(game, 1)
    assert dests(game) == {(6, 12), (8, 12), (7, 11), (7, 13)} - {(6, 12)} | {"great_hall"}


def test_you_may_forfeit_movement_altogether() -> None:
    game = no_rewards_no_rolls(k0=[7, 12])
    roll(game, 4)
    act(game, "stay")
    assert st(game).positions[0] == (7, 12)
    assert kinds(game) == {"end_turn"}


def test_a_knight_blocks_a_square() -> None:
    game = no_rewards_no_rolls(k0=[7, 12], k1=[7, 13])
    roll(game, 1)
    assert (7, 13) not in dests(game)


def test_no_exact_roll_needed_to_enter_a_room() -> None:
    game = no_rewards_no_rolls(k0=[7, 12])
    roll(game, 6)
    assert "great_hall" in dests(game)  # one step away, six rolled


def test_rooms_with_two_doors_may_be_left_by_either() -> None:
    game = no_rewards_no_rolls(k0="kitchen")
    roll(game, 1)
    assert dests(game) == {door_square("kitchen", 0), door_square("kitchen", 1)}


# -- suspicions ----------------------------------------------------------------------


def test_entering_a_room_means_voicing_a_suspicion_about_that_room_at_once() -> None:
    game = no_rewards_no_rolls(k0=[7, 12])
    roll(game, 2)
    act(game, "move", to="great_hall")
    assert kinds(game) == {"suggest"}
    with pytest.raises(IllegalAction) as err:
        act(game, "end_turn")
    assert err.value.rule == "finish-your-turn"
    act(game, "suggest", suspect="fatalina", weapon="black_magic")
    said = next(e for e in game.events if e.kind == "suggestion")
    assert said.data["room"] == "great_hall"


def test_a_suspicion_may_bluff_with_your_own_cards() -> None:
    game = no_rewards_no_rolls(k0=[7, 12])
    set_hands(game, ["fatalina", "black_magic", "great_hall"], ["mordred"], ["lance"])
    roll(game, 1)
    act(game, "move", to="great_hall")
    events = act(game, "suggest", suspect="fatalina", weapon="black_magic")
    assert [e.kind for e in events][-1] == "not_refuted"


def test_the_suspicion_is_shown_in_the_room_for_all_to_see() -> None:
    game = no_rewards_no_rolls(k0=[7, 12])
    roll(game, 1)
    act(game, "move", to="great_hall")
    act(game, "suggest", suspect="morgan", weapon="mace")
    for seat in (None, 0, 1, 2):
        assert game.view(seat)["display"] == {"great_hall": ["morgan", "mace"]}
    assert st(game).positions[0] == "great_hall"  # no suspect tokens are moved


def test_the_player_on_the_left_shows_one_card_secretly_and_chooses_which() -> None:
    game = no_rewards_no_rolls(k0=[7, 12])
    set_hands(game, ["lance"], ["morgan", "mace"], ["great_hall"])
    roll(game, 1)
    act(game, "move", to="great_hall")
    act(game, "suggest", suspect="morgan", weapon="mace")
    assert game.to_act() == (1,)
    assert {a["card"] for a in game.legal_actions(1)} == {"morgan", "mace"}
    act(game, "show", seat=1, card="mace")
    shown = game.events[-1]
    assert game.view(0)["log"][-1]["card"] == "mace"
    assert "card" not in game.view(2)["log"][-1] and shown.kind == "card_shown"
    assert kinds(game) == {"end_turn"}


def test_who_cannot_answer_says_so_and_the_question_passes_left() -> None:
    game = no_rewards_no_rolls(4, k0=[7, 12])
    set_hands(game, ["lance"], ["crossbow"], ["mordred"], ["great_hall"])
    roll(game, 1)
    act(game, "move", to="great_hall")
    events = act(game, "suggest", suspect="morgan", weapon="mace")
    assert [(e.kind, e.data["seat"]) for e in events[1:]] == [
        ("cannot_refute", 1),
        ("cannot_refute", 2),
        ("must_refute", 3),
    ]


def test_nobody_may_be_able_to_answer() -> None:
    game = no_rewards_no_rolls(k0=[7, 12])
    set_hands(game, ["lance"], ["crossbow"], ["mordred"])
    roll(game, 1)
    act(game, "move", to="great_hall")
    events = act(game, "suggest", suspect="morgan", weapon="mace")
    assert events[-1].kind == "not_refuted" and kinds(game) == {"end_turn"}


def test_a_second_suspicion_in_the_same_room_needs_leaving_and_entering_again() -> None:
    game = no_rewards_no_rolls(k0="great_hall")
    roll(game, 1)
    assert "great_hall" not in dests(game)
    game = no_rewards_no_rolls(k0="great_hall")
    roll(game, 2)
    assert "great_hall" in dests(game)
    act(game, "move", to="great_hall")
    assert kinds(game) == {"suggest"}


def test_staying_in_a_room_voices_no_suspicion() -> None:
    game = no_rewards_no_rolls(k0="great_hall")
    roll(game, 3)
    act(game, "stay")
    assert kinds(game) == {"end_turn"}


def test_blocked_doors_stop_the_leave_and_reenter_manoeuvre() -> None:
    doors = [d.corridor for d in BOARD.doors_of("treasure_room")]
    assert len(doors) == 1
    game = no_rewards_no_rolls(k0="treasure_room", k1=list(doors[0]))
    roll(game, 6)
    assert "treasure_room" not in dests(game)
    assert not [d for d in dests(game) if isinstance(d, tuple)]


def test_a_double_wide_door_cannot_be_blocked_by_one_knight() -> None:
    south = [d.corridor for d in BOARD.doors_of("great_hall") if d.side == "S"]
    assert len(south) == 2
    game = no_rewards_no_rolls(k0=[8, 12], k1=list(south[0]))
    roll(game, 3)  # round the knight to the other half of the doorway
    assert "great_hall" in dests(game)


# -- secret passages -----------------------------------------------------------------


def test_a_secret_passage_replaces_the_roll_and_means_a_suspicion() -> None:
    game = no_rewards_no_rolls(k0="kitchen")
    assert {"roll", "passage"} <= kinds(game)
    act(game, "passage")
    assert st(game).positions[0] == "servants_quarters"
    assert kinds(game) == {"suggest"}
    assert not any(e.kind == "roll" for e in game.events)


def test_no_passage_out_and_back_in_the_same_turn() -> None:
    game = no_rewards_no_rolls(k0="kitchen")
    act(game, "passage")
    with pytest.raises(IllegalAction):
        act(game, "passage")
    assert kinds(game) == {"suggest"}


def test_a_secret_passage_cannot_be_blocked() -> None:
    outside = door_square("servants_quarters")
    game = no_rewards_no_rolls(k0="kitchen", k1=list(outside), k2="servants_quarters")
    act(game, "passage")
    assert st(game).positions[0] == "servants_quarters"


def test_only_rooms_with_a_passage_offer_one() -> None:
    game = no_rewards_no_rolls(k0="chapel")
    assert "passage" not in kinds(game)
    with pytest.raises(IllegalAction) as err:
        act(game, "passage")
    assert err.value.rule == "secret-passage"


# -- the chamber with the Staircase --------------------------------------------------


def test_the_staircase_chamber_counts_as_one_square_to_move_through() -> None:
    north = door_square("staircase", 0)  # (9, 12)
    game = no_rewards_no_rolls(k0=list(north))
    roll(game, 2)
    south = door_square("staircase", 1)
    assert south in dests(game)  # one step in, one step out the far side


def test_the_staircase_chamber_can_be_left_by_any_door_even_the_one_entered() -> None:
    game = no_rewards_no_rolls(k0="staircase")
    roll(game, 1)
    assert dests(game) == {d.corridor for d in BOARD.doors_of("staircase")}
    assert "staircase" not in dests(game)
    roll_again = no_rewards_no_rolls(k0="staircase")
    roll(roll_again, 2)
    assert "staircase" in dests(roll_again)


def test_accusations_only_on_entering_the_staircase_chamber() -> None:
    game = no_rewards_no_rolls(k0=[7, 12])
    assert "accuse" not in kinds(game)
    roll(game, 1)
    act(game, "move", to="great_hall")
    assert "accuse" not in kinds(game)
    with pytest.raises(IllegalAction) as err:
        act(game, "accuse", suspect="morgan", weapon="mace", room="chapel")
    assert err.value.rule == "accuse-at-the-staircase"
    game = no_rewards_no_rolls(k0=list(door_square("staircase")))
    roll(game, 1)
    act(game, "move", to="staircase")
    assert kinds(game) == {"accuse", "end_turn"}  # may pass on without accusing


def test_a_knight_staying_in_the_staircase_chamber_cannot_accuse_later() -> None:
    game = no_rewards_no_rolls(k0="staircase")
    roll(game, 2)
    act(game, "stay")
    assert kinds(game) == {"end_turn"}


def test_option_must_accuse_on_entering_the_staircase_chamber() -> None:
    game = arranged(
        options={"staircase": "must_accuse", "rewards": False, "trait_rolls": False},
        k0=list(door_square("staircase")),
    )
    roll(game, 1)
    act(game, "move", to="staircase")
    assert kinds(game) == {"accuse"}


def test_the_staircase_chamber_is_no_crime_scene() -> None:
    game = no_rewards_no_rolls(k0=list(door_square("staircase")))
    roll(game, 1)
    act(game, "move", to="staircase")
    with pytest.raises(IllegalAction, match="no crime scene"):
        act(game, "accuse", suspect="morgan", weapon="mace", room="staircase")


def enter_staircase(game: Game, seat: int = 0) -> None:
    state = st(game)
    state.positions[seat] = door_square("staircase")
    game.rng = Dice([1])
    act(game, "roll", seat=seat)
    act(game, "move", seat=seat, to="staircase")


def test_a_correct_accusation_wins() -> None:
    game = no_rewards_no_rolls()
    enter_staircase(game)
    suspect, weapon, room = st(game).envelope
    act(game, "accuse", suspect=suspect, weapon=weapon, room=room)
    assert game.finished and game.state.winners == (0,) and game.state.outcome == "solved"


def wrong(game: Game) -> dict[str, str]:
    suspect, weapon, room = st(game).envelope
    other = next(s for s in SUSPECTS if s != suspect)
    return {"suspect": other, "weapon": weapon, "room": room}


def test_a_wrong_accuser_is_out_but_keeps_answering() -> None:
    game = no_rewards_no_rolls()
    enter_staircase(game)
    act(game, "accuse", **wrong(game))
    state = st(game)
    assert state.eliminated[0] and not game.finished
    assert game.view(0)["envelope"] == list(state.envelope)  # looked in the folder
    assert game.view(1)["envelope"] is None  # and told nobody
    assert game.to_act() == (1,)
    # Seat 0 is skipped in turn order but still answers Suspicions.
    set_hands(game, ["morgan"], ["lance"], ["crossbow"])
    state.positions[2] = door_square("great_hall", 2)
    game.rng = Dice([1, 1])
    act(game, "roll", seat=1)
    act(game, "stay", seat=1)
    act(game, "end_turn", seat=1)
    act(game, "roll", seat=2)
    act(game, "move", seat=2, to="great_hall")
    act(game, "suggest", seat=2, suspect="morgan", weapon="mace")
    assert game.to_act() == (0,)
    act(game, "show", card="morgan")
    act(game, "end_turn", seat=2)
    assert game.to_act() == (1,)


def test_when_everyone_has_accused_wrongly_the_folder_is_shown_and_nobody_wins() -> None:
    game = no_rewards_no_rolls()
    for seat in range(3):
        enter_staircase(game, seat)
        act(game, "accuse", seat=seat, **wrong(game))
    assert game.finished and game.state.outcome == "no-winner" and game.state.winners == ()
    assert game.view(None)["envelope"] == list(st(game).envelope)


# -- rewards -------------------------------------------------------------------------


def with_reward(reward: str, room: str = "great_hall", players: int = 3) -> Game:
    game = arranged(players, options={"trait_rolls": False}, k0=[7, 12])
    st(game).rewards[room] = reward
    return game


def enter_hall(game: Game, seat: int = 0) -> list[Any]:
    game.rng = Dice([1])
    act(game, "roll", seat=seat)
    return act(game, "move", seat=seat, to="great_hall")


def answer_and_end_turn(game: Game) -> None:
    """Let the others answer seat 0's Suspicion, then end seat 0's turn."""
    while game.to_act() != (0,):
        game.apply(game.legal_actions(game.to_act()[0])[0])
    act(game, "end_turn")


def test_the_first_knight_into_a_room_claims_its_reward_card() -> None:
    game = with_reward("swift_steed")
    events = enter_hall(game)
    assert ("reward_claimed", "swift_steed") in [(e.kind, e.data.get("reward")) for e in events]
    assert st(game).claimed["great_hall"] == (0, "swift_steed")
    assert "great_hall" not in game.view(1)["reward_rooms"]
    act(game, "suggest", suspect="morgan", weapon="mace")
    answer_and_end_turn(game)
    # A later knight entering the room finds no card there.
    state = st(game)
    state.positions[1] = (7, 12)
    assert game.to_act() == (1,)
    events = enter_hall(game, 1)
    assert not any(e.kind == "reward_claimed" for e in events)


def test_reward_swift_steed_adds_two_to_every_movement_roll() -> None:
    game = with_reward("swift_steed")
    enter_hall(game)
    assert st(game).steed[0] == 2
    st(game).positions[0] = (7, 3)
    st(game).decisions.top.context.update(stage="start")  # type: ignore[union-attr]
    roll(game, 1)
    assert (7, 6) in dests(game) and (7, 7) not in dests(game)


def test_reward_kings_errand_gives_another_turn_straight_away() -> None:
    game = with_reward("kings_errand")
    enter_hall(game)
    act(game, "suggest", suspect="morgan", weapon="mace")
    while game.to_act() != (0,):
        game.apply(game.legal_actions(game.to_act()[0])[0])
    events = act(game, "end_turn")
    assert [e.kind for e in events] == ["extra_turn", "turn"]
    assert game.to_act() == (0,) and "roll" in kinds(game)


def test_reward_squires_gossip_shows_a_random_card_of_a_chosen_player() -> None:
    game = with_reward("squires_gossip")
    set_hands(game, ["lance"], ["crossbow", "mordred"], ["chapel"])
    enter_hall(game)
    assert {a["target"] for a in game.legal_actions(0)} == {1, 2}
    act(game, "glimpse", target=1)
    seen = game.view(0)["log"][-1]
    assert seen["kind"] == "glimpse" and seen["card"] in ("crossbow", "mordred")
    assert "card" not in game.view(2)["log"][-1]
    assert kinds(game) == {"suggest"}


def test_reward_hidden_stair_once_takes_you_into_the_staircase_chamber() -> None:
    game = with_reward("hidden_stair")
    enter_hall(game)
    assert st(game).kept[0] == ["hidden_stair"]
    state = st(game)
    state.decisions.top.context.update(stage="start")  # type: ignore[union-attr]
    act(game, "use_reward", reward="hidden_stair", to="staircase")
    assert state.positions[0] == "staircase" and kinds(game) == {"accuse", "end_turn"}
    assert state.kept[0] == []


def test_reward_royal_messenger_once_takes_you_into_any_room() -> None:
    game = with_reward("royal_messenger")
    enter_hall(game)
    state = st(game)
    state.decisions.top.context.update(stage="start")  # type: ignore[union-attr]
    targets = {a["to"] for a in game.legal_actions(0) if a.kind == "use_reward"}
    assert targets == set(ROOMS) - {"great_hall"}
    act(game, "use_reward", reward="royal_messenger", to="workroom")
    assert state.positions[0] == "workroom" and kinds(game) == {"suggest"}


def test_reward_stern_questioning_shows_every_named_card_of_the_answerer() -> None:
    game = with_reward("stern_questioning")
    set_hands(game, ["lance"], ["morgan", "mace"], ["chapel"])
    enter_hall(game)
    assert st(game).kept[0] == ["stern_questioning"]
    events = act(game, "suggest", suspect="morgan", weapon="mace")
    shown = [e for e in events if e.kind == "card_shown"]
    assert sorted(e.secret["card"] for e in shown) == ["mace", "morgan"]
    assert [x["kind"] for x in game.view(2)["log"]].count("card_shown") == 1
    assert kinds(game) == {"end_turn"} and st(game).kept[0] == []


def test_reward_royal_pardon_forgives_the_first_wrong_accusation() -> None:
    game = with_reward("royal_pardon")
    enter_hall(game)
    act(game, "suggest", suspect="morgan", weapon="mace")
    answer_and_end_turn(game)
    game.rng = random.Random(5)
    for seat in (1, 2):
        game.apply(Action.make(seat, "roll"))
        game.apply(Action.make(seat, "stay"))
        game.apply(Action.make(seat, "end_turn"))
    enter_staircase(game)
    events = act(game, "accuse", **wrong(game))
    assert [e.kind for e in events][:2] == ["accusation", "pardoned"]
    assert not st(game).eliminated[0] and game.view(0)["envelope"] is None


def test_every_reward_card_has_an_effect_the_rules_implement() -> None:
    effects = {r.effect for r in load_rewards().rewards}
    assert effects == {
        "steed",
        "errand",
        "glimpse",
        "hidden_stair",
        "messenger",
        "interrogation",
        "pardon",
    }
    assert len(load_rewards().deck()) == len(ROOMS)


# -- trait and skill rolls -----------------------------------------------------------


def rolls_game(**where: Any) -> Game:
    return arranged(options={"rewards": False}, **where)


def test_the_first_entry_into_a_room_rolls_its_trait_or_skill_on_a_d20() -> None:
    game = rolls_game(k0=[7, 12])
    game.rng = Dice([1, 4])
    act(game, "roll")
    events = act(game, "move", to="great_hall")
    rolled = [e.data for e in events if e.kind == "trait_roll"]
    heraldry = st(game).sheets[0].skills["heraldry"]
    assert rolled == [
        {
            "seat": 0,
            "room": "great_hall",
            "stat": "heraldry",
            "value": heraldry,
            "roll": 4,
            "result": "success",
            "checked": True,
        }
    ]


def test_each_room_roll_is_made_once_per_game() -> None:
    game = rolls_game(k0="great_hall")
    st(game).rolls[0].append(
        {
            "room": "great_hall",
            "stat": "heraldry",
            "value": 10,
            "roll": 3,
            "result": "success",
            "checked": True,
        }
    )
    game.rng = Dice([2])
    act(game, "roll")
    events = act(game, "move", to="great_hall")
    assert not any(e.kind == "trait_roll" for e in events)


def test_an_opposed_trait_is_rolled_after_a_failure() -> None:
    game = rolls_game(k0="treasure_room")
    game.rng = Dice([19, 2])
    events = act(game, "passage")  # into the Bedroom: Energetic, else Lazy
    rolled = [(e.data["stat"], e.data["checked"]) for e in events if e.kind == "trait_roll"]
    assert rolled == [("energetic", False), ("lazy", True)]


def test_a_success_needs_no_opposed_roll() -> None:
    game = rolls_game(k0="treasure_room")
    game.rng = Dice([1])
    events = act(game, "passage")
    assert [e.data["stat"] for e in events if e.kind == "trait_roll"] == ["energetic"]


def test_the_barracks_rolls_a_weapon_skill_of_the_players_choice() -> None:
    game = rolls_game(k0=list(door_square("barracks")))
    game.rng = Dice([1, 7])
    act(game, "roll")
    act(game, "move", to="barracks")
    choices = {a["skill"] for a in game.legal_actions(0)}
    assert choices == {f"weapon:{w}" for w in st(game).sheets[0].weapons}
    events = act(game, "roll_skill", skill="weapon:lance")
    assert events[0].data["stat"] == "weapon:lance" and kinds(game) == {"suggest"}


def test_the_music_room_rolls_play_for_the_players_instrument() -> None:
    game = rolls_game(k0=list(door_square("music_room")))
    game.rng = Dice([1, 7])
    act(game, "roll")
    act(game, "move", to="music_room")
    assert {a["skill"] for a in game.legal_actions(0)} == {"play:harp", "play:lute"}
    with pytest.raises(IllegalAction) as err:
        act(game, "roll_skill", skill="play:bagpipes")
    assert err.value.rule == "roll-of-your-choice"


def test_no_roll_in_the_staircase_chamber() -> None:
    game = rolls_game(k0=list(door_square("staircase")))
    game.rng = Dice([1])
    act(game, "roll")
    events = act(game, "move", to="staircase")
    assert not any(e.kind == "trait_roll" for e in events)


def test_the_game_master_gets_a_report_of_every_roll_and_check() -> None:
    game = rolls_game(k0="treasure_room")
    game.rng = Dice([19, 2])
    act(game, "passage")
    assert game.view(0)["report"] is None
    act(game, "suggest", suspect="morgan", weapon="mace")
    answer_and_end_turn(game)
    for seat in (1, 2, 0):
        enter_staircase(game, seat)
        act(game, "accuse", seat=seat, **wrong(game))
    report = game.view(None)["report"]
    amig = report["knights"][0]
    assert [r["stat"] for r in amig["rolls"]] == ["energetic", "lazy"]
    assert amig["checks"] == ["Lazy"]
    assert report["mystery"]["outcome"] == "no-winner"
    text = report_text(report, CARDS.name)
    assert "[x] Lazy" in text and "[ ] Energetic" in text and "Sir Amig" in text


# -- character sheets and options ----------------------------------------------------


def test_a_view_shows_every_knights_sheet_and_a_change_to_it_reaches_no_later_view() -> None:
    game = new_game("pendragon", players=4, seed=3)
    first = game.view(0)["sheets"]
    assert first == [sheet.model_dump(mode="json") for sheet in st(game).sheets]
    first[0]["skills"]["heraldry"] = 99  # a front end changing what it got
    first[1]["name"] = "changed"
    again = game.view(2)["sheets"]
    assert again == [sheet.model_dump(mode="json") for sheet in st(game).sheets]
    assert again[0]["skills"] is not first[0]["skills"]


def test_a_player_can_bring_their_own_character_sheet(tmp_path: Path) -> None:
    sheet = tmp_path / "knight.toml"
    sheet.write_text(
        'name = "Sir Test"\n'
        "traits = { energetic = 20, lazy = 0, temperate = 10, indulgent = 10, humility = 10,"
        " pride = 10, pious = 10, worldly = 10 }\n"
        "skills = { read_latin = 1, chirurgery = 2, heraldry = 3, battle = 4, industry = 5 }\n"
        "weapons = { axe = 12 }\ninstruments = { drum = 3 }\n",
        encoding="utf-8",
    )
    mine = load_sheet_file(sheet)
    game = new_game("pendragon", players=3, seed=1, options={"sheets": [mine.model_dump()]})
    assert game.view(1)["knights"][0] == "Sir Test"
    assert game.view(1)["knights"][1] == default_sheets()[1].name
    assert Game.load(game.save()).view(0)["sheets"][0]["weapons"] == {"axe": 12}


def test_a_bad_sheet_is_refused_saying_what_is_wrong(tmp_path: Path) -> None:
    sheet = tmp_path / "bad.toml"
    sheet.write_text('name = "Sir Bad"\ntraits = { energetic = 15, lazy = 15 }\n', "utf-8")
    with pytest.raises(SheetError, match="traits"):
        load_sheet_file(sheet)
    with pytest.raises(OptionsError, match="sheets"):
        new_game("pendragon", players=3, options={"sheets": [{"name": "x"}]})


def test_bad_options_and_player_counts_are_refused() -> None:
    with pytest.raises(OptionsError, match="3 to 8 players"):
        new_game("pendragon", players=9)
    with pytest.raises(OptionsError, match="staircase"):
        new_game("pendragon", players=3, options={"staircase": "never"})


def test_illegal_actions_name_the_rule_and_leave_the_game_unchanged() -> None:
    game = no_rewards_no_rolls(k0=[7, 12])
    before = game.save(), game.view(0)
    for bad, rule in [
        (Action.make(0, "move", to=[7, 13]), "move-after-roll"),
        (Action.make(0, "fly"), "unknown-action"),
        (Action.make(0, "roll", far=True), "malformed-action"),
        (Action.make(1, "roll"), "not-your-turn"),
        (Action.make(0, "use_reward", reward="royal_pardon", to="chapel"), "reward-card"),
    ]:
        with pytest.raises(IllegalAction) as err:
            game.apply(bad)
        assert err.value.rule == rule
    assert (game.save(), game.view(0)) == before


def test_the_simulator_hooks_group_seats_and_count_what_happened() -> None:
    game = new_game("pendragon", players=4, seed=9)
    labels = game.rules.seat_labels(game.state)
    assert sorted(labels["turn order"]) == ["1.", "2.", "3.", "4."]
    assert labels["turn order"][st(game).first] == "1."
    assert sorted(labels["start square"]) == [f"start {n}" for n in range(1, 5)]
    game.rng = Dice([1, 5])  # the d6, then the Heraldry roll
    st(game).positions[st(game).current] = (7, 12)
    act(game, "roll", seat=st(game).current)
    act(game, "move", seat=st(game).current, to="great_hall")
    stats = game.rules.game_stats(game.state)
    assert stats["rewards claimed"] == 1.0 and stats["suspicions"] == 0.0
    assert stats["trait and skill rolls"] == 1.0
