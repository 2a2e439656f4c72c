"""Killer Kloo Doo, Part 2 (rule text 000): one test per rule that changes play."""

from __future__ import annotations

import pytest
from kkd_kit import act, char, dice, game, give, kinds, put, rules, state, turn_of

from cluedo.engine import Game, IllegalAction
from cluedo.mechanics.playing_cards import full_deck

NPC = "plum"  # seats 0-2 play Scarlet, Mustard and White


def survival_game(players: int = 3, seed: int = 1, **options: object) -> Game:
    g = game(players, parts="survival", seed=seed, **options)
    s = state(g)
    s.survival = {c: 40 for c in s.survival}
    s.dead = []
    return g


def test_survival_points_are_the_part_one_score_plus_two_dice() -> None:
    g = game(3, parts="both")
    s = state(g)
    give(g, 0, "10H", "4D", "9C")
    turn_of(g, 0)
    dice(g, 3, 4, 1, 1, 2, 2, 5, 5, 6, 6, 1, 2)
    suspect, weapon, room = s.envelope
    events = act(g, 0, "accuse", suspect=suspect, weapon=weapon, room=room)
    part_two = next(e for e in events if e["kind"] == "part_two")
    assert part_two["scores"] == [74, 0, 0]
    assert s.survival["scarlet"] == 74 + 3 + 4
    assert s.survival["mustard"] == 0 + 1 + 1
    assert s.part == 2


def test_part_two_starts_in_the_study_with_every_weapon_in_the_lounge_and_a_fresh_deck() -> None:
    g = game(4, parts="survival", seed=3)
    s = state(g)
    living = [c for c in s.positions]
    assert all(s.positions[c] == "study" for c in living)
    assert set(s.weapons.values()) == {"lounge"} and len(s.weapons) == 6
    assert sorted(s.deck) == sorted(full_deck()) and s.cards == [[], [], [], []]
    first = next(e for e in g.full_log() if e["kind"] == "first_player")
    assert first["rolls"][-1][str(first["seat"])] == max(first["rolls"][-1].values())


def test_at_zero_survival_points_or_below_a_character_is_dead() -> None:
    g = survival_game()
    s = state(g)
    s.survival[NPC] = 5
    events = rules(g).damage(s, NPC, 5, 0, g.rng)
    assert [e.kind for e in events][:2] == ["wounded", "killed"]
    assert NPC in s.dead and NPC not in s.positions


def test_three_secret_objectives_each_never_your_own_character() -> None:
    for seed in range(10):
        g = game(6, parts="survival", seed=seed)
        s = state(g)
        drawn = [c for objs in s.objectives for c in objs]
        assert all(len(o) == 3 for o in s.objectives) and len(set(drawn)) == 18
        assert all(s.characters[i] not in s.objectives[i] for i in range(6))
        other = g.view(1)
        assert other["objectives"] == s.objectives[1]
        assert not any(
            "objectives" in e and e["seat"] != 1
            for e in g.view(1)["log"]
            if e["kind"] == "objectives"
        )


def test_person_objective_is_achieved_when_that_character_dies() -> None:
    g = survival_game()
    s = state(g)
    s.objectives[0] = [NPC, "rope", "hall"]
    s.survival[NPC] = 1
    events = [e.for_seat(2) for e in rules(g).damage(s, NPC, 3, 1, g.rng)]
    assert s.achieved[0] == [NPC]
    # Turned face up: the whole table sees which objective was done.
    assert {"kind": "objective_achieved", "seat": 0, "card": NPC, "done": 1} in events


def test_weapon_objective_cleaned_in_the_kitchen_then_thrown_out_of_the_hall() -> None:
    g = survival_game()
    s = state(g)
    s.objectives[0] = ["rope", "mustard", "hall"]
    s.weapons.pop("rope")
    s.carried[0] = ["rope"]
    put(g, char(g, 0), "kitchen")
    turn_of(g, 0)
    act(g, 0, "stay")
    act(g, 0, "end_turn")
    assert "rope" in s.clean
    put(g, char(g, 0), "hall")
    put(g, NPC, "hall")
    ctx = turn_of(g, 0)
    ctx["hall_alone"] = False  # somebody was in the Hall at the start
    act(g, 0, "stay")
    act(g, 0, "end_turn")
    assert s.carried[0] == ["rope"]
    put(g, NPC, "kitchen")
    turn_of(g, 0)
    s.decisions.clear()
    s.current = 2
    turn_of(g, 2, stage="moved")
    act(g, 2, "end_turn")  # the Hall is empty when seat 0's turn begins
    assert s.decisions.top is not None and s.decisions.top.context["hall_alone"]
    act(g, 0, "stay")
    events = act(g, 0, "end_turn")
    assert "weapon_thrown" in [e["kind"] for e in events]
    assert "rope" in s.gone and s.carried[0] == [] and "rope" in s.achieved[0]


def test_a_weapon_is_cleaned_only_by_starting_and_ending_a_turn_in_the_kitchen() -> None:
    g = survival_game()
    s = state(g)
    s.weapons.pop("rope")
    s.carried[0] = ["rope"]
    put(g, char(g, 0), (7, 4))
    turn_of(g, 0, stage="moved")
    put(g, char(g, 0), "kitchen")
    act(g, 0, "end_turn")
    assert s.clean == []


def test_room_objective_needs_a_court_card_then_two_dice_of_seven_alone() -> None:
    g = survival_game()
    s = state(g)
    s.objectives[0] = ["ballroom", "rope", "mustard"]
    put(g, char(g, 0), "ballroom")
    turn_of(g, 0)
    assert "clean_room" not in kinds(g, 0)
    give(g, 0, "QC")
    assert "clean_room" in kinds(g, 0) and "search" not in kinds(g, 0)
    act(g, 0, "clean_room", card="QC")
    put(g, NPC, "ballroom")
    assert "search" not in kinds(g, 0)  # not alone
    put(g, NPC, "kitchen")
    dice(g, 3, 3)
    assert not act(g, 0, "search")[0]["done"]
    assert "search" not in kinds(g, 0)  # once a turn
    turn_of(g, 0)
    dice(g, 4, 3)
    events = act(g, 0, "search")
    assert events[0]["done"] and s.achieved[0] == ["ballroom"] and "QC" in s.deck


def test_leaving_the_room_before_it_is_clear_sends_the_servant_away() -> None:
    g = survival_game()
    s = state(g)
    s.objectives[0] = ["ballroom", "rope", "mustard"]
    put(g, char(g, 0), "ballroom")
    give(g, 0, "JD")
    turn_of(g, 0)
    act(g, 0, "clean_room", card="JD")
    dice(g, 1, 1)
    events = act(g, 0, "roll")
    move = next(a for a in g.legal_actions(0) if a.kind == "move")
    events = [e.full() for e in g.apply(move)]
    assert "materials_lost" in [e["kind"] for e in events]
    assert s.materials[0] is None and "JD" in s.deck


def test_one_weapon_carried_at_a_time_picking_up_swaps() -> None:
    g = survival_game()
    s = state(g)
    put(g, char(g, 0), "lounge")
    turn_of(g, 0)
    act(g, 0, "pick_up", weapon="rope")
    act(g, 0, "pick_up", weapon="revolver")
    assert s.carried[0] == ["revolver"] and s.weapons["rope"] == "lounge"


def test_assault_both_play_clubs_and_the_difference_is_the_damage() -> None:
    g = survival_game()
    s = state(g)
    for c in ("scarlet", "mustard"):
        put(g, c, "hall")
    s.carried[1] = ["revolver"]
    give(g, 0, "10C", "9C")
    give(g, 1, "5C")
    turn_of(g, 0)
    act(g, 0, "assault", person="mustard", cards=["10C", "9C"])
    assert g.to_act() == (1,)
    assert {a.kind for a in g.legal_actions(1)} == {"defend", "concede"}  # no weapon in defence
    act(g, 1, "defend", cards=["5C"])
    assert s.survival["mustard"] == 40 - 14
    assert "assault" not in kinds(g, 0)  # one attack a turn


def test_assault_on_a_non_player_character_meets_the_top_card() -> None:
    g = survival_game()
    s = state(g)
    put(g, char(g, 0), "hall")
    put(g, NPC, "hall")
    give(g, 0, "AC")
    s.deck.remove("3H")
    s.deck.append("3H")
    turn_of(g, 0)
    act(g, 0, "assault", person=NPC, cards=["AC"])
    assert s.survival[NPC] == 40 - 17


def test_murder_weapon_does_one_die_times_its_power() -> None:
    g = survival_game()
    s = state(g)
    put(g, char(g, 0), "hall")
    put(g, NPC, "hall")
    s.carried[0] = ["revolver"]
    turn_of(g, 0)
    dice(g, 5)
    act(g, 0, "attack", person=NPC)
    assert s.survival[NPC] == 40 - 30


def test_when_both_are_armed_both_roll_and_the_loser_takes_the_difference() -> None:
    g = survival_game()
    s = state(g)
    put(g, char(g, 0), "hall")
    put(g, char(g, 1), "hall")
    s.carried[0] = ["candlestick"]
    s.carried[1] = ["rope"]
    turn_of(g, 0)
    dice(g, 6, 5)  # 6 x 2 = 12 against 5 x 4 = 20
    act(g, 0, "attack", person=char(g, 1))
    assert s.survival[char(g, 0)] == 40 - 8 and s.survival[char(g, 1)] == 40


def test_no_attack_with_another_character_in_the_room() -> None:
    g = survival_game()
    s = state(g)
    put(g, char(g, 0), "hall")
    put(g, NPC, "hall")
    put(g, "green", "hall")
    s.carried[0] = ["rope"]
    turn_of(g, 0)
    assert "attack" not in kinds(g, 0)
    put(g, "green", "kitchen")
    turn_of(g, 0)
    assert "attack" in kinds(g, 0)


def test_passageway_attack_within_two_squares_with_no_one_else_within_six() -> None:
    g = survival_game()
    s = state(g)
    for c in list(s.positions):
        put(g, c, "kitchen")
    s.carried[0] = ["rope"]
    put(g, char(g, 0), (16, 1))
    put(g, NPC, (16, 3))
    turn_of(g, 0)
    assert "attack" in kinds(g, 0)
    put(g, "green", (16, 6))
    turn_of(g, 0)
    assert "attack" not in kinds(g, 0)
    put(g, "green", "kitchen")
    put(g, NPC, (16, 4))
    turn_of(g, 0)
    assert "attack" not in kinds(g, 0)


def test_hearts_heal_and_go_back_into_the_pack() -> None:
    g = survival_game()
    s = state(g)
    give(g, 0, "KH")
    turn_of(g, 0)
    act(g, 0, "heal", card="KH")
    assert s.survival[char(g, 0)] == 55 and "KH" in s.deck


def test_ace_poisons_a_player_who_misses_the_next_turn() -> None:
    g = survival_game()
    s = state(g)
    give(g, 0, "AD")
    turn_of(g, 0, stage="moved")
    act(g, 0, "poison", card="AD", target=1)
    act(g, 0, "end_turn")
    assert s.current == 2


def test_bribe_in_reach_for_a_weapon_or_a_playing_card_of_their_choice() -> None:
    g = survival_game()
    s = state(g)
    put(g, char(g, 0), "hall")
    put(g, char(g, 1), "kitchen")
    give(g, 0, "9D")
    give(g, 1, "2S", "KH")
    turn_of(g, 0)
    assert "bribe" not in kinds(g, 0)
    put(g, char(g, 1), "hall")
    turn_of(g, 0)
    act(g, 0, "bribe", card="9D", target=1, ask="card")
    act(g, 1, "accept", card="2S")
    assert "2S" in s.cards[0] and "9D" in s.cards[1]


def test_lure_sends_a_character_to_a_room_not_your_own_a_spade_may_see_through_it() -> None:
    g = survival_game()
    s = state(g)
    put(g, char(g, 0), "hall")
    give(g, 0, "JS", "5D", "QS", "8D")
    give(g, 1, "7S")
    turn_of(g, 0)
    rooms = {a["room"] for a in g.legal_actions(0) if a.kind == "lure"}
    assert "hall" not in rooms and len(rooms) == 8
    act(g, 0, "lure", card="JS", diamond="5D", person=char(g, 1), room="kitchen")
    pending = g.view(1)["pending"]
    assert "court" not in pending and "diamonds" not in pending  # face down
    act(g, 1, "defend", card="7S")
    assert s.positions[char(g, 1)] == "study"
    act(g, 0, "lure", card="QS", diamond="8D", person=NPC, room="kitchen")
    assert s.positions[NPC] == "kitchen"  # a non-player character cannot defend
    assert all(c in s.deck for c in ("JS", "5D", "7S", "QS", "8D"))


def test_spy_turns_the_targets_playing_cards_face_up_until_used() -> None:
    g = survival_game()
    give(g, 0, "KC", "4D")
    give(g, 1, "9H", "3C")
    turn_of(g, 0)
    act(g, 0, "spy", card="KC", diamond="4D", target=1)
    act(g, 1, "concede")
    assert g.view(2)["exposed"][1] == ["9H", "3C"]
    turn_of(g, 1)
    act(g, 1, "heal", card="9H")
    assert g.view(2)["exposed"][1] == ["3C"]


def test_steal_needs_a_room_two_diamonds_and_leaves_the_weapon_in_a_named_room() -> None:
    g = survival_game()
    s = state(g)
    give(g, 0, "KD", "4D", "6D")
    give(g, 1, "9S")
    s.weapons.pop("rope")
    s.carried[1] = ["rope"]
    put(g, char(g, 0), (16, 1))
    turn_of(g, 0)
    assert "steal" not in kinds(g, 0)
    put(g, char(g, 0), "hall")
    turn_of(g, 0)
    assert "hall" not in {a["room"] for a in g.legal_actions(0) if a.kind == "steal"}
    act(g, 0, "steal", card="KD", diamonds=["4D", "6D"], target=1, room="kitchen")
    act(g, 1, "defend", card="9S")  # 9 against 4 + 6: the theft succeeds
    assert s.carried[1] == [] and s.weapons["rope"] == "kitchen"


def test_escape_when_a_turn_begins_on_the_staircase_with_every_objective_done() -> None:
    g = survival_game()
    s = state(g)
    stairs = sorted(rules(g).staircase)[0]
    s.achieved[0] = list(s.objectives[0])
    put(g, char(g, 0), stairs)
    turn_of(g, 0, stage="moved")
    events = act(g, 0, "end_turn")
    assert "on_staircase" in [e["kind"] for e in events] and s.escaping == 0
    for seat in (1, 2):
        assert s.current == seat
        turn_of(g, seat, stage="moved")
        events = act(g, seat, "end_turn")
    assert g.finished and s.outcome == "escaped" and s.winners == (0,)


def test_everyone_alive_gets_one_turn_to_stop_the_escape() -> None:
    g = survival_game()
    s = state(g)
    stairs = sorted(rules(g).staircase)[0]
    s.achieved[0] = list(s.objectives[0])
    put(g, char(g, 0), stairs)
    turn_of(g, 0, stage="moved")
    act(g, 0, "end_turn")
    give(g, 1, "JH", "2D")
    turn_of(g, 1)
    act(g, 1, "lure", card="JH", diamond="2D", person=char(g, 0), room="kitchen")
    act(g, 0, "concede")
    assert s.escaping is None and s.positions[char(g, 0)] == "kitchen"


def test_the_last_player_character_standing_wins() -> None:
    g = survival_game()
    s = state(g)
    rules(g).damage(s, char(g, 1), 99, 0, g.rng)
    assert not g.finished
    rules(g).damage(s, char(g, 2), 99, 0, g.rng)
    assert g.finished and s.outcome == "last-standing" and s.winners == (0,)


def test_the_police_arrive_at_the_turn_limit_and_nobody_escapes() -> None:
    g = game(2, parts="survival", turn_limit=10)
    while not g.finished:
        seat = g.to_act()[0]
        legal = g.legal_actions(seat)
        g.apply(next(a for a in legal if a.kind in ("stay", "end_turn", "roll", "move", "emerge")))
    assert state(g).outcome in ("police", "last-standing")


def test_illegal_actions_are_refused_saying_why_and_the_game_is_unchanged() -> None:
    g = survival_game()
    turn_of(g, 0)
    before = g.view(None)
    with pytest.raises(IllegalAction, match="heart"):
        act(g, 0, "heal", card="KH")
    with pytest.raises(IllegalAction, match="end_turn"):
        act(g, 0, "end_turn")
    assert g.view(None) == before
