"""Killer Kloo Doo, Part 1 (rule text 000): one test per rule that changes play."""

from __future__ import annotations

import pytest
from kkd_kit import act, char, game, give, kinds, put, rules, state, turn_of

from cluedo.engine import Action, IllegalAction, OptionsError, new_game
from cluedo.mechanics.playing_cards import full_deck


@pytest.mark.parametrize(
    ("players", "each", "middle"), [(2, 8, 2), (3, 5, 3), (4, 4, 2), (5, 3, 3), (6, 2, 6)]
)
def test_clue_cards_dealt_and_left_in_the_middle_by_player_count(
    players: int, each: int, middle: int
) -> None:
    s = state(game(players))
    assert [len(h) for h in s.hands] == [each] * players
    assert len(s.middle_clues) == middle
    everything = [c for h in s.hands for c in h] + s.middle_clues + list(s.envelope)
    assert sorted(everything) == sorted(rules(game(players)).clue_cards)


def test_weapons_start_together_in_the_middle_not_in_rooms() -> None:
    s = state(game())
    assert sorted(s.middle_weapons) == sorted(rules(game()).weapon_ids)
    assert s.weapons == {}


def test_first_player_by_die_roll_then_clockwise() -> None:
    for seed in range(6):
        g = game(4, seed=seed)
        setup = g.full_log()[0]
        last = setup["first_rolls"][-1]
        assert last[str(setup["first"])] == max(last.values())
        assert g.to_act() == (setup["first"],)
    g = game(3)
    first = state(g).current
    act(g, first, "roll") if "roll" in kinds(g, first) else None
    while state(g).current == first:
        legal = g.legal_actions(first)
        g.apply(next(a for a in legal if a.kind in ("move", "end_turn", "stay")))
    assert state(g).current == (first + 1) % 3


def test_uk_names_by_default_and_two_to_six_players() -> None:
    g = game(2)
    assert g.options["edition"] == "uk"
    assert rules(g).card_set.name("knife") == "Dagger"
    with pytest.raises(OptionsError):
        new_game("killer-kloo-doo", players=7)
    with pytest.raises(OptionsError, match="parts"):
        new_game("killer-kloo-doo", players=3, options={"parts": "three"})


def test_playing_card_drawn_on_entering_a_new_room() -> None:
    g = game()
    put(g, char(g, 0), (7, 4))  # outside the Kitchen door
    ctx = turn_of(g, 0, stage="move")
    ctx.update(roll=1, destinations=rules(g).destinations(state(g), 0, 1))
    deck = len(state(g).deck)
    events = act(g, 0, "move", to="kitchen")
    assert [e["kind"] for e in events] == ["moved", "card_drawn"]
    assert len(state(g).cards[0]) == 1 and len(state(g).deck) == deck - 1


def test_no_card_for_the_same_room_again_without_visiting_another_between() -> None:
    g = game()
    s = state(g)
    s.last_room[0] = "kitchen"
    put(g, char(g, 0), (7, 4))
    ctx = turn_of(g, 0, stage="move")
    ctx.update(roll=1, destinations=rules(g).destinations(s, 0, 1))
    assert [e["kind"] for e in act(g, 0, "move", to="kitchen")] == ["moved"]
    s.last_room[0] = "ballroom"
    put(g, char(g, 0), (7, 4))
    ctx = turn_of(g, 0, stage="move")
    ctx.update(roll=1, destinations=rules(g).destinations(s, 0, 1))
    assert "card_drawn" in [e["kind"] for e in act(g, 0, "move", to="kitchen")]


def test_secret_passage_takes_two_turns_through_the_tunnels() -> None:
    g = game()
    s = state(g)
    put(g, char(g, 0), "kitchen")
    turn_of(g, 0)
    act(g, 0, "passage")
    assert s.positions[char(g, 0)] == "tunnels"
    assert g.view(1)["in_tunnels"] == [char(g, 0)]
    act(g, 0, "end_turn")
    turn_of(g, 0)
    assert kinds(g, 0) >= {"emerge"} and "roll" not in kinds(g, 0)
    act(g, 0, "emerge")
    assert s.positions[char(g, 0)] == "study"


def test_suggestion_needs_you_the_person_and_the_weapon_in_the_room() -> None:
    g = game()
    s = state(g)
    put(g, char(g, 0), "lounge")
    turn_of(g, 0, stage="moved")
    assert "suggest" not in kinds(g, 0)
    put(g, "plum", "lounge")
    assert "suggest" not in kinds(g, 0)  # no weapon yet
    s.carried[0].append("rope")
    assert {(a["suspect"], a["weapon"]) for a in g.legal_actions(0) if a.kind == "suggest"} == {
        ("scarlet", "rope"),
        ("plum", "rope"),
    }
    with pytest.raises(IllegalAction):
        g.apply(Action.make(0, "suggest", suspect="green", weapon="rope"))


def test_suggestion_is_refuted_by_the_first_player_clockwise_holding_a_named_card() -> None:
    g = game()
    s = state(g)
    put(g, char(g, 0), "lounge")
    put(g, "plum", "lounge")
    s.carried[0].append("rope")
    s.hands = [["hall"], ["kitchen"], ["plum", "lounge"]]
    turn_of(g, 0, stage="moved")
    events = act(g, 0, "suggest", suspect="plum", weapon="rope")
    assert [e["kind"] for e in events][-2:] == ["cannot_refute", "must_refute"]
    assert g.to_act() == (2,)
    act(g, 2, "show", card="lounge")
    assert g.to_act() == (0,)


def test_weapon_used_in_a_suggestion_stays_and_cannot_be_picked_up_before_another_room() -> None:
    g = game()
    s = state(g)
    put(g, char(g, 0), "lounge")
    put(g, "plum", "lounge")
    s.carried[0].append("rope")
    s.hands = [["hall"], ["kitchen"], ["study"]]
    turn_of(g, 0, stage="moved")
    act(g, 0, "suggest", suspect="plum", weapon="rope")
    assert s.weapons["rope"] == "lounge" and s.carried[0] == []
    turn_of(g, 0, stage="moved")
    assert "pick_up" not in kinds(g, 0)
    put(g, char(g, 1), "lounge")
    turn_of(g, 1, stage="moved")
    assert "pick_up" in kinds(g, 1)  # others may take it
    rules(g).place(s, char(g, 0), "hall")  # a visit to another room ...
    put(g, char(g, 0), "lounge")
    turn_of(g, 0, stage="moved")
    assert "pick_up" in kinds(g, 0)  # ... frees it again


def test_walk_into_a_room_to_pick_up_weapons_and_carry_any_number() -> None:
    g = game()
    s = state(g)
    put(g, char(g, 0), "hall")
    s.weapons.update(rope="hall", knife="hall")
    s.carried[0].append("revolver")
    turn_of(g, 0, stage="moved")
    act(g, 0, "pick_up", weapon="rope")
    act(g, 0, "pick_up", weapon="knife")
    assert s.carried[0] == ["revolver", "rope", "knife"]


def test_spade_digs_a_clue_card_from_the_middle_then_weapons() -> None:
    g = game()
    s = state(g)
    give(g, 0, "3S", "4S", "5S", "6S")
    turn_of(g, 0)
    middle = list(s.middle_clues)
    assert {a.get("weapon") for a in g.legal_actions(0) if a.kind == "dig"} == {None}
    events = act(g, 0, "dig", card="3S")
    assert events[0]["card"] in middle and events[0]["card"] in s.hands[0]
    assert "card" not in g.view(1)["log"][-1]  # the others do not see which
    act(g, 0, "dig", card="4S")
    act(g, 0, "dig", card="5S")
    assert s.middle_clues == []
    act(g, 0, "dig", card="6S", weapon="revolver")
    assert s.carried[0] == ["revolver"] and "revolver" not in s.middle_weapons
    assert "3S" in s.deck  # played cards go back into the pack


def test_heart_persuades_a_player_character_the_higher_heart_wins() -> None:
    g = game()
    s = state(g)
    put(g, char(g, 0), "hall")
    give(g, 0, "9H")
    give(g, 1, "5H", "10H")
    turn_of(g, 0)
    act(g, 0, "persuade", card="9H", person=char(g, 1))
    assert g.to_act() == (1,)
    pending = g.view(1)["pending"]
    assert pending["type"] == "persuade" and "card" not in pending  # face down
    act(g, 1, "defend", card="5H")
    assert s.positions[char(g, 1)] == "hall"
    give(g, 0, "9D", "2H")
    act(g, 0, "persuade", card="2H", person="plum")  # the pack's top card decides for Plum
    put(g, char(g, 1), "kitchen")
    give(g, 0, "8H")
    act(g, 0, "persuade", card="8H", person=char(g, 1))
    act(g, 1, "defend", card="10H")
    assert s.positions[char(g, 1)] == "kitchen"


def test_heart_against_a_non_player_character_meets_the_top_card_of_the_pack() -> None:
    g = game()
    s = state(g)
    put(g, char(g, 0), "hall")
    give(g, 0, "AH")
    s.deck.remove("KS")
    s.deck.append("KS")
    turn_of(g, 0)
    events = act(g, 0, "persuade", card="AH", person="plum")
    assert events[0]["against"] == "KS" and events[0]["won"]
    assert s.positions["plum"] == "hall"
    give(g, 0, "2H")
    s.deck.remove("AS")
    s.deck.append("AS")
    put(g, "green", "kitchen")
    events = act(g, 0, "persuade", card="2H", person="green")
    assert not events[0]["won"] and s.positions["green"] == "kitchen"


def test_court_card_tricks_a_person_into_coming_with_no_defence() -> None:
    g = game()
    s = state(g)
    put(g, char(g, 0), "hall")
    give(g, 0, "JC")
    turn_of(g, 0)
    act(g, 0, "trick", card="JC", person=char(g, 2))
    assert s.positions[char(g, 2)] == "hall" and g.to_act() == (0,)


def test_court_card_sends_a_servant_to_fetch_a_weapon_from_another_room() -> None:
    g = game()
    s = state(g)
    put(g, char(g, 0), "hall")
    s.weapons["rope"] = "kitchen"
    give(g, 0, "KS")
    turn_of(g, 0)
    act(g, 0, "fetch", card="KS", weapon="rope")
    assert s.weapons["rope"] == "hall"


def test_diamond_bribe_for_a_weapon_or_a_clue_card_of_their_choice() -> None:
    g = game()
    s = state(g)
    s.carried[1].append("rope")
    give(g, 0, "7D", "3D")
    turn_of(g, 0)
    act(g, 0, "bribe", card="7D", target=1, ask="weapon", weapon="rope")
    assert g.view(1)["pending"]["card"] == "7D"  # a bribe is offered face up
    act(g, 1, "accept")
    assert s.carried[0] == ["rope"] and "7D" in s.cards[1]
    turn_of(g, 0)
    act(g, 0, "bribe", card="3D", target=2, ask="clue")
    choice = s.hands[2][0]
    act(g, 2, "accept", card=choice)
    assert choice in s.hands[0] and choice not in s.hands[2]
    assert "card" not in g.view(1)["log"][-1]


def test_refused_bribe_keeps_the_diamond_and_one_offer_per_player_a_turn() -> None:
    g = game()
    s = state(g)
    give(g, 0, "7D", "8D")
    turn_of(g, 0)
    act(g, 0, "bribe", card="7D", target=1, ask="clue")
    act(g, 1, "refuse")
    assert "7D" in s.cards[0]
    assert not [a for a in g.legal_actions(0) if a.kind == "bribe" and a["target"] == 1]


def test_club_grab_only_in_reach_and_the_higher_club_wins() -> None:
    g = game()
    s = state(g)
    give(g, 0, "9C", "4C")
    give(g, 1, "6C")
    s.carried[1].append("knife")
    put(g, char(g, 0), (16, 5))
    put(g, char(g, 1), (16, 1))
    turn_of(g, 0)
    assert "grab" not in kinds(g, 0)
    put(g, char(g, 1), (16, 7))
    turn_of(g, 0)
    assert "grab" in kinds(g, 0)
    act(g, 0, "grab", card="9C", target=1, take="weapon", weapon="knife")
    act(g, 1, "defend", card="6C")
    assert s.carried[0] == ["knife"]
    before = len(s.hands[1])
    act(g, 0, "grab", card="4C", target=1, take="clue")
    act(g, 1, "concede")
    assert len(s.hands[1]) == before - 1


def test_ace_drugs_a_player_who_misses_their_next_turn() -> None:
    g = game()
    s = state(g)
    give(g, 0, "AC")
    turn_of(g, 0, stage="moved")
    act(g, 0, "drug", card="AC", target=1)
    events = act(g, 0, "end_turn")
    assert [e["kind"] for e in events] == ["missed_turn", "turn"]
    assert s.current == 2


def test_right_accusation_scores_60_wrong_minus_20_and_either_ends_part_one() -> None:
    g = game()
    s = state(g)
    give(g, 0, "10H", "5D", "9S")
    give(g, 1, "KH")
    turn_of(g, 0)
    suspect, weapon, room = s.envelope
    act(g, 0, "accuse", suspect=suspect, weapon=weapon, room=room)
    assert g.finished and s.scores == [75, 15, 0] and g.state.winners == (0,)
    g = game()
    s = state(g)
    give(g, 1, "4H")
    turn_of(g, 0)
    wrong = next(r for r in rules(g).rooms if r != s.envelope[2])
    act(g, 0, "accuse", suspect=s.envelope[0], weapon=s.envelope[1], room=wrong)
    assert g.finished and s.outcome == "accused-wrong" and s.scores == [-20, 4, 0]


def test_part_one_stalls_at_the_turn_limit_and_scores_the_cards() -> None:
    g = game(2, turn_limit=10)
    while not g.finished:
        seat = g.to_act()[0]
        legal = [a for a in g.legal_actions(seat) if a.kind != "accuse"]
        g.apply(next(a for a in legal if a.kind in ("stay", "end_turn", "roll", "move", "emerge")))
    assert state(g).outcome == "stalled"


def test_the_deck_is_every_playing_card_once() -> None:
    s = state(game())
    assert sorted(s.deck) == sorted(full_deck())


def test_dice_option_rolls_one_or_two_dice() -> None:
    for n in (1, 2):
        g = game(dice=n)
        first = state(g).current
        events = g.apply(Action.make(first, "roll"))
        assert len(events[0].data["dice"]) == n


def test_movement_option_exact_or_up_to_the_roll() -> None:
    for movement in ("exact", "up_to"):
        g = game(movement=movement)
        put(g, char(g, 0), (16, 1))
        board = rules(g).board
        ends = rules(g).destinations(state(g), 0, 4)
        corridor = {steps for n, steps in ends.items() if not isinstance(board.node_name(n), str)}
        assert corridor == ({4} if movement == "exact" else {1, 2, 3, 4})
