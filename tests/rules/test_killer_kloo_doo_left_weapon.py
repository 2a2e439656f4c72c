"""Killer Kloo Doo (rule text 000): "Once you've made a suggestion, the murder weapon
involved must be left behind in the room. You can pick it up again, but only after
you've been to a different room first."

For every way a character can come to be in a room there are two tests: the lock
holds after a round trip through the corridor back into the same room, and it is
released once that way has put the character in a different room. Seat 0 suggests
Plum with the Rope in the Kitchen throughout; nobody can refute, so the turn goes on.
"""

from __future__ import annotations

from kkd_kit import act, char, game, give, kinds, put, state, turn_of

from cluedo.engine import Game
from scripted_dice import script_dice

KITCHEN_DOOR = (8, 4)
"""A corridor square two steps from the Kitchen: a roll of 1 + 1 goes out and back."""


def table(where: object = "kitchen", last_room: str | None = "kitchen") -> Game:
    """Three players; seat 0 at ``where`` carrying the Rope, Plum waiting in the Kitchen."""
    g = game()
    s = state(g)
    s.hands = [["hall"], ["ballroom"], ["study"]]  # no one holds Plum, the Rope or the Kitchen
    s.carried[0].append("rope")
    s.last_room[0] = last_room
    put(g, char(g, 0), where)
    put(g, "plum", "kitchen")
    return g


def suggest_in_the_kitchen(g: Game) -> None:
    """Seat 0, in the Kitchen, stays, suggests with the Rope and ends its turn."""
    s = state(g)
    assert s.positions[char(g, 0)] == "kitchen"
    turn_of(g, 0)
    act(g, 0, "stay")
    act(g, 0, "suggest", suspect="plum", weapon="rope")
    assert s.weapons["rope"] == "kitchen" and "rope" not in s.carried[0]
    act(g, 0, "end_turn")


def walk(g: Game, to: object, *dice: int) -> None:
    """A whole turn for seat 0: roll the scripted dice, move to ``to``, end the turn."""
    turn_of(g, 0)
    script_dice(g, *dice)
    act(g, 0, "roll")
    act(g, 0, "move", to=to)
    act(g, 0, "end_turn")


def corridor_round_trip(g: Game) -> None:
    """Out of the Kitchen into the corridor, then back in on the next turn."""
    walk(g, KITCHEN_DOOR, 1, 1)
    assert state(g).positions[char(g, 0)] == KITCHEN_DOOR
    walk(g, "kitchen", 1, 1)


def may_pick_up_the_rope(g: Game) -> bool:
    assert state(g).positions[char(g, 0)] == "kitchen"
    assert state(g).weapons["rope"] == "kitchen"
    turn_of(g, 0, stage="moved")
    return "pick_up" in kinds(g, 0)


def persuaded(g: Game, persuader: int, room: str) -> None:
    """``persuader`` in ``room`` wins a persuasion of seat 0, who has no heart to answer."""
    put(g, char(g, persuader), room)
    give(g, persuader, "9H")
    turn_of(g, persuader)
    act(g, persuader, "persuade", card="9H", person=char(g, 0))
    act(g, 0, "concede")
    assert state(g).positions[char(g, 0)] == room


def tricked(g: Game, trickster: int, room: str) -> None:
    """``trickster`` in ``room`` plays a court card on seat 0, who cannot resist."""
    put(g, char(g, trickster), room)
    give(g, trickster, "QD")
    turn_of(g, trickster)
    act(g, trickster, "trick", card="QD", person=char(g, 0))
    assert state(g).positions[char(g, 0)] == room


# -- the character's own roll of the dice --------------------------------------------


def test_left_weapon_stays_locked_after_corridor_round_trip_when_walked_in() -> None:
    g = table(where=KITCHEN_DOOR, last_room="hall")
    walk(g, "kitchen", 1, 1)
    suggest_in_the_kitchen(g)
    assert not may_pick_up_the_rope(g)
    corridor_round_trip(g)
    assert not may_pick_up_the_rope(g)


def test_left_weapon_is_released_after_walking_into_a_different_room() -> None:
    g = table()
    suggest_in_the_kitchen(g)
    walk(g, "ballroom", 3, 4)
    walk(g, "kitchen", 3, 4)
    assert may_pick_up_the_rope(g)


# -- a secret passage and the tunnels --------------------------------------------------


def test_left_weapon_stays_locked_after_corridor_round_trip_when_come_up_from_the_tunnels() -> None:
    g = table(where="study", last_room="study")
    turn_of(g, 0)
    act(g, 0, "passage")
    act(g, 0, "end_turn")
    turn_of(g, 0)
    act(g, 0, "emerge")
    act(g, 0, "end_turn")
    suggest_in_the_kitchen(g)
    corridor_round_trip(g)
    assert not may_pick_up_the_rope(g)


def test_left_weapon_is_released_after_the_tunnels_lead_to_a_different_room() -> None:
    g = table()
    s = state(g)
    suggest_in_the_kitchen(g)
    turn_of(g, 0)
    act(g, 0, "passage")
    assert s.left_behind[0] == {"rope": "kitchen"}  # under the house is no room at all
    act(g, 0, "end_turn")
    turn_of(g, 0)
    act(g, 0, "emerge")
    assert s.positions[char(g, 0)] == "study"
    act(g, 0, "end_turn")
    turn_of(g, 0)
    act(g, 0, "passage")
    act(g, 0, "end_turn")
    turn_of(g, 0)
    act(g, 0, "emerge")
    assert may_pick_up_the_rope(g)


# -- persuasion (hearts) -------------------------------------------------------------


def test_left_weapon_stays_locked_after_corridor_round_trip_when_persuaded_in() -> None:
    g = table(where="hall", last_room="hall")
    persuaded(g, 1, "kitchen")
    suggest_in_the_kitchen(g)
    corridor_round_trip(g)
    assert not may_pick_up_the_rope(g)
    walk(g, KITCHEN_DOOR, 1, 1)
    persuaded(g, 1, "kitchen")  # and persuaded back in from the corridor
    assert not may_pick_up_the_rope(g)


def test_left_weapon_is_released_after_being_persuaded_into_a_different_room() -> None:
    g = table()
    suggest_in_the_kitchen(g)
    persuaded(g, 1, "ballroom")
    walk(g, "kitchen", 3, 4)
    assert may_pick_up_the_rope(g)


# -- a trick (court cards) -----------------------------------------------------------


def test_left_weapon_stays_locked_after_corridor_round_trip_when_tricked_in() -> None:
    g = table(where="hall", last_room="hall")
    tricked(g, 2, "kitchen")
    suggest_in_the_kitchen(g)
    corridor_round_trip(g)
    assert not may_pick_up_the_rope(g)
    walk(g, KITCHEN_DOOR, 1, 1)
    tricked(g, 2, "kitchen")  # and tricked back in from the corridor
    assert not may_pick_up_the_rope(g)


def test_left_weapon_is_released_after_being_tricked_into_a_different_room() -> None:
    g = table()
    suggest_in_the_kitchen(g)
    tricked(g, 2, "ballroom")
    walk(g, "kitchen", 3, 4)
    assert may_pick_up_the_rope(g)


# -- whose lock, and which part ---------------------------------------------------------


def test_left_weapon_binds_only_the_seat_that_suggested() -> None:
    g = table()
    suggest_in_the_kitchen(g)
    put(g, char(g, 1), "kitchen")
    turn_of(g, 1, stage="moved")
    assert "pick_up" in kinds(g, 1)
    tricked(g, 2, "ballroom")  # another seat moving about changes nothing for seat 1
    assert state(g).left_behind[1] == {}


def test_left_weapon_does_not_carry_into_part_two() -> None:
    g = game(parts="both")
    s = state(g)
    s.hands = [["hall"], ["ballroom"], ["kitchen"]]
    s.carried[0].append("rope")
    put(g, char(g, 0), "study")
    put(g, "plum", "study")
    turn_of(g, 0)
    act(g, 0, "stay")
    act(g, 0, "suggest", suspect="plum", weapon="rope")
    assert s.left_behind[0] == {"rope": "study"}
    env = s.envelope
    act(g, 0, "accuse", suspect=env[0], weapon=env[1], room=env[2])
    assert s.part == 2 and s.positions[char(g, 0)] == "study"
    assert s.left_behind == [{}, {}, {}]
    s.weapons["rope"] = "study"  # say someone has since left it in the Study again
    turn_of(g, 0, stage="moved")
    assert any(a.kind == "pick_up" and a["weapon"] == "rope" for a in g.legal_actions(0))


# -- the same "different room in between" for drawing playing cards --------------------


def test_playing_card_not_drawn_again_after_being_brought_in_then_stepping_out_and_back() -> None:
    """Rule 000: a card for a room already visited only after a different room in
    between. Being persuaded in counts as being there, so stepping out into the
    corridor and back draws nothing, however one came to be there."""
    g = table(where="hall", last_room="hall")
    persuaded(g, 1, "kitchen")
    hand = len(state(g).cards[0])
    corridor_round_trip(g)
    assert len(state(g).cards[0]) == hand


def test_playing_card_drawn_on_walking_into_a_room_after_being_brought_elsewhere() -> None:
    g = table()
    persuaded(g, 1, "ballroom")
    hand = len(state(g).cards[0])
    walk(g, "kitchen", 3, 4)
    assert len(state(g).cards[0]) == hand + 1
