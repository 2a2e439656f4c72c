"""Clussassin (rule text 004): one test per rule that changes play."""

from __future__ import annotations

from typing import Any

import pytest

from cluedo.content import load_board, load_card_set
from cluedo.engine import Action, Game, IllegalAction, new_game
from cluedo.mechanics.sight import can_see
from cluedo.rules.clussassin.rules import ClussassinRules, ClussassinState
from scripted_dice import ScriptedDice, script_dice

BOARD = load_board("classic")
CARDS = load_card_set("classic")
SUSPECTS = CARDS.category("suspect")
WEAPONS = CARDS.category("weapon")
ROOMS = CARDS.category("room")


def state_of(game: Game) -> ClussassinState:
    state = game.state
    assert isinstance(state, ClussassinState)
    return state


def arranged(
    players: int = 3, seed: int = 1, options: dict[str, Any] | None = None, **positions: Any
) -> Game:
    """A game with tokens moved where a test needs them (others stay put)."""
    game = new_game("clussassin", players=players, seed=seed, options=options or {})
    state = state_of(game)
    for character, loc in positions.items():
        state.positions[character] = tuple(loc) if isinstance(loc, list) else loc
    return game


def set_targets(game: Game, **targets: str) -> None:
    """Rewire targets (and the character cards held) for a test, keeping a permutation."""
    state = state_of(game)
    for hunter, target in targets.items():
        old = state.target[hunter]
        state.holdings[hunter].remove(old)
        state.holdings[hunter].append(target)
        state.target[hunter] = target


def aim(game: Game, hunter: str, victim: str) -> None:
    """Make ``hunter`` hunt ``victim``; whoever hunted the victim takes over the
    hunter's old target, so targets stay a permutation."""
    state = state_of(game)
    previous = next(c for c, t in state.target.items() if t == victim)
    if previous != hunter:
        old = state.target[hunter]
        set_targets(game, **{previous: old})
        set_targets(game, **{hunter: victim})


def attack_ready(
    victim: str = "mustard", players: int = 3, options: dict[str, Any] | None = None
) -> Game:
    """Scarlet (seat 0) alone in the kitchen with her target (Mustard, seat 1)."""
    game = arranged(players, options=options, scarlet="kitchen", **{victim: "kitchen"})
    state = state_of(game)
    aim(game, "scarlet", victim)
    # No modifiers unless a test adds them: kill zones elsewhere.
    for character in ("scarlet", victim):
        held = state.holdings[character]
        for i, card in enumerate(held):
            if card == "kitchen":
                held[i] = state.unused_rooms[0]
    if state.safe_room == "kitchen":
        state.safe_room = "study"
    return game


def set_card(game: Game, character: str, card: str) -> None:
    """Give ``character`` the room or weapon ``card`` in place of its card of that kind
    (whoever held ``card`` gets the old one: cards stay conserved)."""
    state = state_of(game)
    kind = CARDS.category_of(card)
    held = state.holdings[character]
    if card in held:
        return
    mine = next(i for i, c in enumerate(held) if CARDS.category_of(c) == kind)
    old = held[mine]
    for other in [*state.holdings.values(), state.unused_rooms]:
        if card in other:
            other[other.index(card)] = old
    held[mine] = card


def specialty(game: Game, character: str) -> str:
    return next(c for c in state_of(game).holdings[character] if c in WEAPONS)


def carry(game: Game, character: str, weapon: str) -> None:
    state = state_of(game)
    state.weapons.pop(weapon, None)
    state.carried[character].append(weapon)


def kinds_of(events: list[Any]) -> list[str]:
    return [e.kind for e in events]


def act(game: Game, seat: int, kind: str, **params: Any) -> list[Any]:
    return game.apply(Action.make(seat, kind, **params))


# -- set-up -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_unplayed_characters_stay_on_their_start_squares_and_are_in_the_game(
    players: int,
) -> None:
    game = new_game("clussassin", players=players, seed=3)
    state = state_of(game)
    assert set(state.positions) == set(SUSPECTS)
    for suspect in SUSPECTS:
        assert state.positions[suspect] == BOARD.starts[suspect]
        assert len(state.holdings[suspect]) == 3


def test_weapons_each_in_a_random_empty_room() -> None:
    seen = set()
    for seed in range(20):
        state = state_of(new_game("clussassin", players=4, seed=seed))
        rooms = list(state.weapons.values())
        assert len(set(rooms)) == len(WEAPONS)
        assert set(rooms) <= set(ROOMS)
        seen.add(tuple(rooms))
    assert len(seen) > 10


def test_every_character_dealt_one_target_one_zone_one_specialty() -> None:
    for seed in range(20):
        state = state_of(new_game("clussassin", players=3, seed=seed))
        for character, held in state.holdings.items():
            assert [CARDS.category_of(c) for c in held] == ["suspect", "room", "weapon"]
            assert state.target[character] == held[0]
        dealt = [c for held in state.holdings.values() for c in held]
        assert len(dealt) == len(set(dealt)) == 18


def test_no_character_is_dealt_itself_as_target() -> None:
    for seed in range(200):
        state = state_of(new_game("clussassin", players=3, seed=seed))
        assert all(state.target[c] != c for c in SUSPECTS)
        assert sorted(state.target.values()) == sorted(SUSPECTS)


def test_one_more_room_card_face_up_is_the_safe_room() -> None:
    game = new_game("clussassin", players=4, seed=5)
    state = state_of(game)
    zones = {held[1] for held in state.holdings.values()}
    assert state.safe_room in ROOMS and state.safe_room not in zones
    assert len(state.unused_rooms) == 2
    assert all(game.view(s)["safe_room"] == state.safe_room for s in (None, 0, 1))


def test_miss_scarlet_opens_then_turns_go_clockwise() -> None:
    game = new_game(
        "clussassin", players=3, seed=2, options={"characters": ["plum", "scarlet", "white"]}
    )
    assert game.to_act() == (1,)
    act(game, 1, "roll")
    game.apply(next(a for a in game.legal_actions(1) if a.kind in ("stay", "move")))
    act(game, 1, "end_turn")
    assert game.to_act() == (2,)


# -- moving -------------------------------------------------------------------------


def test_roll_two_dice_and_move_up_to_the_total() -> None:
    game = new_game("clussassin", players=3, seed=4)
    game.rng = ScriptedDice([2, 1])
    events = act(game, 0, "roll")
    assert events[0].data["dice"] == [2, 1]
    pending = game.view(0)["pending"]
    assert pending["roll"] == 3
    start = BOARD.starts["scarlet"]
    dests = [tuple(d) for d in pending["destinations"] if isinstance(d, list)]
    # Up to three: one, two and three steps away are all possible.
    distances = {abs(r - start[0]) + abs(c - start[1]) for r, c in dests}
    assert distances == {1, 2, 3}
    assert any(a.kind == "stay" for a in game.legal_actions(0))


def test_option_more_dice() -> None:
    game = new_game("clussassin", players=3, seed=4, options={"dice": 3})
    events = act(game, 0, "roll")
    assert len(events[0].data["dice"]) == 3


def test_entering_a_room_ends_the_move_and_rooms_hold_several_tokens() -> None:
    game = arranged(scarlet=(8, 9), mustard="ballroom", white="ballroom")
    game.rng = ScriptedDice([6, 6])
    act(game, 0, "roll")
    moves = [a["to"] for a in game.legal_actions(0) if a.kind == "move"]
    assert "ballroom" in moves
    act(game, 0, "move", to="ballroom")
    assert state_of(game).positions["scarlet"] == "ballroom"
    assert game.view(0)["pending"]["stage"] == "moved"


def test_no_entering_a_square_occupied_by_another_token() -> None:
    # Scarlet's start square has one neighbour; a token there leaves her no move.
    game = arranged(mustard=(23, 7))
    script_dice(game, 3, 3)
    act(game, 0, "roll")
    assert [a.kind for a in game.legal_actions(0)] == ["end_turn"]


def test_no_square_twice_in_a_turn() -> None:
    # Coming back to the square you started on would enter it twice: it is never a
    # destination (staying put is a separate choice), however large the roll.
    for roll in ((1, 1), (2, 3), (6, 6)):
        game = arranged(scarlet=(17, 4))
        script_dice(game, *roll)
        act(game, 0, "roll")
        moves = [a["to"] for a in game.legal_actions(0) if a.kind == "move"]
        assert [17, 4] not in [list(m) for m in moves if not isinstance(m, str)]


def test_moves_are_orthogonal_never_diagonal() -> None:
    game = arranged(options={"dice": 1}, scarlet=(17, 4))
    script_dice(game, 1)
    act(game, 0, "roll")
    moves = {tuple(a["to"]) for a in game.legal_actions(0) if a.kind == "move"}
    assert moves == {(16, 4), (18, 4), (17, 3), (17, 5)} & set(BOARD.node_of_square)
    assert (16, 5) not in moves and (18, 3) not in moves


def test_a_blocked_in_token_waits() -> None:
    # The Study's only door opens onto (20, 17): a token there traps whoever is inside
    # (the Study's passage aside, which the test does not take).
    game = arranged(scarlet="study", mustard=(20, 17))
    game.rng = ScriptedDice([4, 4])
    events = act(game, 0, "roll")
    assert [e.kind for e in events] == ["roll", "blocked"]
    assert state_of(game).positions["scarlet"] == "study"


def test_secret_passage_instead_of_rolling() -> None:
    game = arranged(scarlet="kitchen")
    assert Action.make(0, "passage") in game.legal_actions(0)
    act(game, 0, "passage")
    assert state_of(game).positions["scarlet"] == "study"
    assert Action.make(0, "roll") not in game.legal_actions(0)


# -- the safe room ------------------------------------------------------------------


def test_no_attack_is_ever_made_in_the_safe_room() -> None:
    game = attack_ready()
    state_of(game).safe_room = "kitchen"
    assert Action.make(0, "attack") not in game.legal_actions(0)
    with pytest.raises(IllegalAction, match="safe room"):
        act(game, 0, "attack")


def test_must_leave_the_safe_room_the_turn_after_entering() -> None:
    game = arranged(scarlet="hall")
    state_of(game).safe_room = "hall"
    game.rng = ScriptedDice([2, 2])
    act(game, 0, "roll")
    kinds = {a.kind for a in game.legal_actions(0)}
    assert "stay" not in kinds and "move" in kinds
    with pytest.raises(IllegalAction) as err:
        act(game, 0, "stay")
    assert err.value.rule == "leave-the-safe-room"


def test_the_secret_passage_also_leaves_the_safe_room() -> None:
    game = arranged(scarlet="kitchen")
    state_of(game).safe_room = "kitchen"
    act(game, 0, "passage")
    assert state_of(game).positions["scarlet"] == "study"


def test_blocked_in_the_safe_room_waits() -> None:
    # The Study's one door is taken: whoever is in it cannot leave by rolling.
    game = arranged(scarlet="study", mustard=(20, 17))
    state_of(game).safe_room = "study"
    script_dice(game, 5, 5)
    events = act(game, 0, "roll")
    assert kinds_of(events) == ["roll", "blocked"]
    assert [a.kind for a in game.legal_actions(0)] == ["end_turn"]


# -- weapons ------------------------------------------------------------------------


def test_pick_up_a_weapon_only_with_its_specialty_card_which_is_revealed() -> None:
    game = arranged(scarlet="kitchen")
    state = state_of(game)
    specialty = state.holdings["scarlet"][2]
    other = next(w for w in WEAPONS if w != specialty)
    state.weapons = {specialty: "kitchen", other: "kitchen"}
    pickups = [a["weapon"] for a in game.legal_actions(0) if a.kind == "pickup"]
    assert pickups == [specialty]
    with pytest.raises(IllegalAction):
        act(game, 0, "pickup", weapon=other)
    act(game, 0, "pickup", weapon=specialty)
    assert state.carried["scarlet"] == [specialty]
    assert game.view(None)["revealed"][specialty] == "scarlet"


# -- attacks ------------------------------------------------------------------------


def test_attack_alone_in_a_room_with_your_target() -> None:
    game = attack_ready()
    assert Action.make(0, "attack") in game.legal_actions(0)


def test_no_attack_when_someone_else_is_in_the_room() -> None:
    game = attack_ready()
    state_of(game).positions["white"] = "kitchen"
    with pytest.raises(IllegalAction, match="not alone"):
        act(game, 0, "attack")


def test_only_your_target_can_be_attacked() -> None:
    game = attack_ready()
    state = state_of(game)
    state.positions["mustard"] = (7, 4)
    state.positions["white"] = "kitchen"
    # White is alone with Scarlet but is not her target.
    assert Action.make(0, "attack") not in game.legal_actions(0)


def test_hallway_attack_within_three_squares_in_line_of_sight() -> None:
    game = attack_ready()
    state = state_of(game)
    state.positions["scarlet"], state.positions["mustard"] = (17, 2), (17, 5)
    assert Action.make(0, "attack") in game.legal_actions(0)
    state.positions["mustard"] = (17, 6)  # four squares: too far
    assert Action.make(0, "attack") not in game.legal_actions(0)


def test_hallway_attack_needs_line_of_sight() -> None:
    game = attack_ready()
    state = state_of(game)
    # Two squares apart along the corridor west of the Ballroom: in sight.
    state.positions["scarlet"], state.positions["mustard"] = (6, 7), (4, 7)
    assert can_see(BOARD, (6, 7), (4, 7))
    assert Action.make(0, "attack") in game.legal_actions(0)
    # Three squares apart, but the Kitchen's wall at (6, 5) is in the way.
    state.positions["scarlet"], state.positions["mustard"] = (5, 6), (7, 5)
    assert not can_see(BOARD, (5, 6), (7, 5))
    with pytest.raises(IllegalAction, match="line of sight"):
        act(game, 0, "attack")


def test_hallway_attack_spoiled_by_a_witness_within_six_squares_in_sight() -> None:
    game = attack_ready()
    state = state_of(game)
    state.positions["scarlet"], state.positions["mustard"] = (17, 4), (17, 6)
    state.positions["white"] = (17, 10)  # six squares along the corridor, in sight
    assert Action.make(0, "attack") not in game.legal_actions(0)
    state.positions["white"] = (17, 11)  # seven: too far to count
    assert Action.make(0, "attack") in game.legal_actions(0)


def test_option_witnesses_players_only() -> None:
    game = new_game("clussassin", players=3, seed=1, options={"witnesses": "players"})
    state = state_of(game)
    set_targets(game)
    hunter_of_mustard = next(c for c, t in state.target.items() if t == "mustard")
    if hunter_of_mustard != "scarlet":
        set_targets(game, **{hunter_of_mustard: state.target["scarlet"]})
        set_targets(game, scarlet="mustard")
    state.positions["scarlet"], state.positions["mustard"] = (17, 4), (17, 6)
    state.positions["peacock"] = (17, 8)  # unplayed: not a witness with this option
    assert Action.make(0, "attack") in game.legal_actions(0)


def test_attack_before_or_after_moving_but_once_per_turn() -> None:
    game = attack_ready()
    game.rng = ScriptedDice([1])  # a miss
    act(game, 0, "attack")
    assert Action.make(0, "attack") not in game.legal_actions(0)
    with pytest.raises(IllegalAction) as err:
        act(game, 0, "attack")
    assert err.value.rule == "one-attack"
    # The move is still to come.
    assert Action.make(0, "roll") in game.legal_actions(0)


def test_attack_after_moving() -> None:
    game = attack_ready()
    state = state_of(game)
    state.positions["scarlet"] = (7, 4)  # just outside the kitchen door
    game.rng = ScriptedDice([1, 1])
    act(game, 0, "roll")
    act(game, 0, "move", to="kitchen")
    assert Action.make(0, "attack") in game.legal_actions(0)


def test_attack_reveals_the_target_card() -> None:
    game = attack_ready()
    script_dice(game, 2)
    events = act(game, 0, "attack")
    assert events[0].kind == "attack" and events[0].data["revealed"] == ["mustard"]
    assert game.view(2)["revealed"]["mustard"] == "scarlet"


def test_attack_roll_of_three_or_more_hits_below_misses() -> None:
    game = attack_ready()
    script_dice(game, 2)
    events = act(game, 0, "attack")
    assert kinds_of(events) == ["attack", "defender_revealed", "attack_roll"]
    assert not events[2].data["hit"]
    game = attack_ready()
    script_dice(game, 3, 1)
    events = act(game, 0, "attack")
    assert events[2].data["hit"] and events[3].kind == "defence_roll"


def test_modifiers_are_revealed_before_the_rolls() -> None:
    game = attack_ready()
    set_card(game, "mustard", "kitchen")  # Mustard stands in his kill zone
    dice = script_dice(game, 1)  # the attack misses: no defence roll follows
    events = act(game, 0, "attack")
    assert kinds_of(events) == ["attack", "defender_revealed", "attack_roll"]
    assert events[1].data["revealed"] == ["kitchen"] and events[1].data["dice"] == 2
    assert dice.rolls == []
    # Shown to everybody, although no defence roll was needed.
    assert game.view(2)["revealed"]["kitchen"] == "mustard"


def test_kill_zone_and_specialty_weapon_each_add_a_die_keep_the_best() -> None:
    game = attack_ready()
    set_card(game, "scarlet", "kitchen")  # Scarlet's kill zone is where she stands
    weapon = specialty(game, "scarlet")
    carry(game, "scarlet", weapon)
    script_dice(game, 1, 5, 2, 4)
    events = act(game, 0, "attack")
    assert events[0].data["dice"] == 3
    assert set(events[0].data["revealed"]) == {"mustard", "kitchen", weapon}
    assert events[2].data["rolls"] == [1, 5, 2] and events[2].data["roll"] == 5
    assert events[3].data["rolls"] == [4] and not events[3].data["survived"]


def test_one_extra_die_per_kind_of_modifier() -> None:
    # Two specialty weapons carried are still one modifier: one extra die, not two.
    game = attack_ready()
    first = specialty(game, "scarlet")
    second = next(w for w in WEAPONS if w not in state_of(game).holdings["scarlet"])
    for holder in state_of(game).holdings.values():
        if second in holder:
            holder.remove(second)
    state_of(game).holdings["scarlet"].append(second)
    carry(game, "scarlet", first)
    carry(game, "scarlet", second)
    script_dice(game, 3, 6, 1)
    events = act(game, 0, "attack")
    assert events[0].data["dice"] == 2
    assert events[2].data["rolls"] == [3, 6]


def test_defender_modifiers_too() -> None:
    game = attack_ready()
    set_card(game, "mustard", "kitchen")
    script_dice(game, 4, 1, 4, 1, 1)
    events = act(game, 0, "attack")
    assert events[3].data["rolls"] == [1, 4] and events[3].data["survived"]


def test_defence_equal_or_higher_survives_and_the_defender_rolls_to_move_away() -> None:
    game = attack_ready()
    dice = script_dice(game, 4, 4, 2, 1)
    events = act(game, 0, "attack")
    assert kinds_of(events)[-2:] == ["defence_roll", "escape_roll"]
    assert events[-1].data["dice"] == [2, 1] and events[-1].data["roll"] == 3
    assert dice.rolls == []
    # Mustard (seat 1) now chooses where to run, up to 3 squares, or to stay.
    assert game.to_act() == (1,)
    assert game.view(1)["pending"]["roll"] == 3
    moves = [a for a in game.legal_actions(1) if a.kind == "move"]
    assert moves and {a.kind for a in game.legal_actions(1)} == {"move", "stay"}
    top = state_of(game).decisions.top
    assert top is not None and max(top.context["destinations"].values()) <= 3
    game.apply(moves[0])
    to = moves[0]["to"]
    assert state_of(game).positions["mustard"] == (to if isinstance(to, str) else tuple(to))
    # Back to Scarlet's turn, who has attacked and still has to move.
    assert game.to_act() == (0,)
    assert Action.make(0, "roll") in game.legal_actions(0)
    assert Action.make(0, "attack") not in game.legal_actions(0)


def test_option_escape_defence_roll() -> None:
    game = attack_ready(options={"escape": "defence_roll"})
    dice = script_dice(game, 3, 5)
    events = act(game, 0, "attack")
    assert "escape_roll" not in kinds_of(events) and dice.rolls == []
    assert game.view(1)["pending"]["roll"] == 5


def test_escape_blocked_in_waits() -> None:
    game = attack_ready()
    state = state_of(game)
    kitchen = BOARD.node("kitchen")
    doors = [BOARD.node_name(n) for n in BOARD.neighbours[kitchen] if n < len(BOARD.corridor)]
    for blocker, door in zip(["white", "green", "peacock", "plum"], doors, strict=False):
        state.positions[blocker] = door
    script_dice(game, 4, 4, 3, 3)
    events = act(game, 0, "attack")
    assert kinds_of(events)[-2:] == ["escape_roll", "blocked"]
    assert game.to_act() == (0,) and state.positions["mustard"] == "kitchen"


def test_an_unplayed_defender_who_survives_stays_put() -> None:
    game = attack_ready(victim="green")  # three players: Green has no player
    dice = script_dice(game, 3, 3)
    events = act(game, 0, "attack")
    assert events[-1].kind == "defence_roll" and events[-1].data["survived"]
    assert dice.rolls == [] and game.to_act() == (0,)
    assert state_of(game).positions["green"] == "kitchen"


def test_failed_defence_kills_and_hands_cards_and_weapons_to_the_assassin() -> None:
    game = attack_ready()
    state = state_of(game)
    carry(game, "mustard", "rope")
    mustard_cards = list(state.holdings["mustard"])
    script_dice(game, 5, 4)
    events = act(game, 0, "attack")
    assert "mustard" in state.dead and "mustard" not in state.positions
    assert set(mustard_cards) <= set(state.holdings["scarlet"])
    assert "rope" in state.carried["scarlet"]
    killed = next(e for e in events if e.kind == "killed")
    assert killed.for_seat(0)["cards"] == mustard_cards
    assert killed.for_seat(2)["cards"] == len(mustard_cards)  # a count, not the cards
    assert killed.for_seat(2)["weapons"] == ["rope"]  # weapons are in plain sight


def test_the_assassins_new_target_is_in_the_victims_cards() -> None:
    game = attack_ready()
    aim(game, "mustard", "white")
    script_dice(game, 6, 1)
    events = act(game, 0, "attack")
    assert state_of(game).target["scarlet"] == "white"
    assert game.view(0)["target"] == "white"
    new = next(e for e in events if e.kind == "new_target")
    assert new.for_seat(0)["target"] == "white" and "target" not in new.for_seat(2)


def test_cards_of_an_unplayed_character_are_seen_once_it_is_assassinated() -> None:
    game = attack_ready(victim="green")
    greens = list(state_of(game).holdings["green"])
    for seat in (0, 1, 2):
        assert not set(greens) & set(game.view(seat)["hand"])
    script_dice(game, 6, 1)
    events = act(game, 0, "attack")
    killed = next(e for e in events if e.kind == "killed")
    assert killed.for_seat(0)["cards"] == greens
    assert killed.for_seat(1)["cards"] == len(greens)
    assert set(greens) <= set(game.view(0)["hand"])


def test_inherited_cards_are_new_kill_zones_and_specialties() -> None:
    game = attack_ready()
    state = state_of(game)
    rules = game.rules
    assert isinstance(rules, ClussassinRules)
    zone = next(c for c in state.holdings["mustard"] if c in ROOMS)
    script_dice(game, 6, 1)
    act(game, 0, "attack")
    state.positions["scarlet"] = zone
    assert zone in rules.modifier_cards(state, "scarlet")
    assert zone in game.view(0)["kill_zones"]


def test_drawing_your_own_character_card_means_swapping_targets() -> None:
    game = attack_ready()
    state = state_of(game)
    aim(game, "mustard", "scarlet")  # killing Mustard hands Scarlet her own card
    script_dice(game, 6, 1)
    events = act(game, 0, "attack")
    assert any(e.kind == "own_card_drawn" for e in events)
    assert game.to_act() == (0,)
    choices = [a["with"] for a in game.legal_actions(0)]
    assert choices == ["white"]  # the only other living player
    whites_target = state.target["white"]
    act(game, 0, "swap", **{"with": "white"})
    assert state.target["scarlet"] == whites_target
    assert state.target["white"] == "scarlet"
    assert sorted(state.target.values()) == sorted(state.target)


def test_swapping_hands_over_the_target_cards_themselves() -> None:
    game = attack_ready(players=4)
    state = state_of(game)
    aim(game, "mustard", "scarlet")
    whites_target = state.target["white"]
    state.revealed[whites_target] = "white"  # White once attacked her target
    script_dice(game, 6, 1)
    act(game, 0, "attack")
    events = act(game, 0, "swap", **{"with": "white"})
    assert "scarlet" not in state.holdings["scarlet"] and "scarlet" in state.holdings["white"]
    assert whites_target in state.holdings["scarlet"]
    assert whites_target not in state.holdings["white"]
    cards = [c for held in state.holdings.values() for c in held]
    assert len(cards) == len(set(cards)) == 18
    # Everyone sees Scarlet's own card go to White; a card shown before is known to
    # have changed hands; what Scarlet receives stays between the two of them.
    assert game.view(None)["revealed"]["scarlet"] == "white"
    assert game.view(3)["revealed"][whites_target] == "scarlet"
    mine, theirs = (e for e in events if e.kind == "new_target")
    assert mine.for_seat(2)["target"] == whites_target
    assert "target" not in mine.for_seat(3) and "target" not in mine.for_seat(None)
    assert theirs.for_seat(None)["target"] == "scarlet"


def test_dead_players_are_skipped_in_turn_order() -> None:
    game = attack_ready()
    script_dice(game, 6, 1, 1, 1)
    act(game, 0, "attack")
    act(game, 0, "roll")
    act(game, 0, "stay")
    act(game, 0, "end_turn")
    assert game.to_act() == (2,)


def test_game_ends_when_one_players_character_is_left_unplayed_ones_do_not_count() -> None:
    game = attack_ready()
    state = state_of(game)
    aim(game, "mustard", "white")
    # White dies off stage: Mustard's target passes to Scarlet when she kills him.
    state.dead.append("white")
    state.positions.pop("white")
    state.target["mustard"] = state.target.pop("white")
    script_dice(game, 6, 1)
    events = act(game, 0, "attack")
    assert game.finished and state.winners == (0,)
    assert events[-1].kind == "game_over"
    # Green, Peacock and Plum have no player: still standing, and not counted.
    assert {"green", "peacock", "plum"} <= set(state.positions)


# -- what the table sees and the simulator reports ------------------------------------


def test_view_shows_own_zone_specialty_and_squares_in_sight() -> None:
    game = arranged(scarlet=(17, 4))
    state = state_of(game)
    view = game.view(0)
    held = state.holdings["scarlet"]
    assert view["kill_zones"] == [c for c in held if c in ROOMS]
    assert view["specialties"] == [c for c in held if c in WEAPONS]
    in_sight = {tuple(sq) for sq in view["in_sight"]}
    assert (17, 8) in in_sight and (17, 4) not in in_sight
    assert all(can_see(BOARD, (17, 4), sq) for sq in in_sight)
    assert "kill_zones" not in game.view(None)


def test_simulator_hooks_label_seats_by_character_and_count_kills() -> None:
    game = attack_ready()
    rules = game.rules
    assert isinstance(rules, ClussassinRules)
    state = state_of(game)
    assert rules.seat_labels(state) == {
        "character": ["Miss Scarlet", "Colonel Mustard", "Mrs. White"]
    }
    script_dice(game, 6, 1)
    act(game, 0, "attack")
    stats = rules.game_stats(state)
    assert stats["kills"] == 1 and stats["attacks"] == 1 and stats["hits"] == 1
    assert stats["escapes"] == 0 and stats["turns"] == 1
