"""Clue or Cruel (rule text 002): one test per rule sentence that changes play."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cluedo.agents import make_agent
from cluedo.agents.random_bot import RandomAgent
from cluedo.content import load_board, load_card_set
from cluedo.engine import Action, Game, IllegalAction, new_game
from cluedo.engine.events import Event
from cluedo.rules.clue_or_cruel.rules import GEMS, CruelState

BOARD = load_board("classic")
CARDS = load_card_set("classic")
SUSPECTS = CARDS.category("suspect")
WEAPONS = CARDS.category("weapon")
ROOMS = CARDS.category("room")
ALL_CARDS = (*SUSPECTS, *WEAPONS, *ROOMS)
DOOR_SQUARES = {d.corridor for d in BOARD.doors}
RULES = "clue-or-cruel"


class ScriptedDice(random.Random):
    """A generator whose die rolls are given in advance (everything else is seeded)."""

    def __init__(self, rolls: list[int]) -> None:
        super().__init__(0)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        return self.rolls.pop(0)


def cruel(game: Game) -> CruelState:
    state = game.state
    assert isinstance(state, CruelState)
    return state


def table(players: int = 3, seed: int = 1, accomplice: int | None = None, **options: Any) -> Game:
    """A game where seat 0 plays first (unless the options say otherwise)."""
    game = new_game(RULES, players=players, seed=seed, options={"first_player": 0, **options})
    if accomplice is not None:
        cruel(game).accomplice = accomplice
    return game


def act(game: Game, seat: int, kind: str, **params: Any) -> list[Event]:
    return game.apply(Action.make(seat, kind, **params))


def give(game: Game, seat: int, *cards: str) -> None:
    """Move cards from the clue pile into a hand (as if drawn)."""
    state = cruel(game)
    for card in cards:
        state.pile.remove(card)
        state.hands[seat].append(card)


def pile_cards(game: Game, category: str, count: int) -> list[str]:
    state = cruel(game)
    return [c for c in CARDS.category(category) if c in state.pile][:count]


def suggest(game: Game, seat: int, room: str, suspect: str, weapon: str) -> list[Event]:
    """``seat`` (to act at the start of its turn) suggests in ``room``."""
    state = cruel(game)
    state.positions[state.characters[seat]] = room
    state.summoned[seat] = True
    return act(game, seat, "suggest", suspect=suspect, weapon=weapon)


def finish_turn(game: Game) -> None:
    """Answer any refutation, then end the current turn (rolling and moving first
    if the turn has only begun)."""
    while not game.finished:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        kinds = {a.kind for a in legal}
        if "end_turn" in kinds:
            act(game, seat, "end_turn")
            return
        step = next((a for a in legal if a.kind in ("show", "roll", "move")), None)
        assert step is not None, kinds
        game.apply(step)


def kinds_of(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


# -- set-up -------------------------------------------------------------------------


def test_registered_for_three_to_six_players_on_the_classic_board() -> None:
    for players in (3, 4, 5, 6):
        assert new_game(RULES, players=players, seed=1).view(None)["board"] == "classic"
    with pytest.raises(Exception, match="3 to 6"):
        new_game(RULES, players=2)
    with pytest.raises(Exception, match="invalid options"):
        new_game(RULES, players=3, options={"gems": "everywhere"})
    with pytest.raises(Exception, match="first_player"):
        new_game(RULES, players=3, options={"first_player": 4})


def test_place_each_of_the_weapons_into_a_different_room() -> None:
    layouts = set()
    for seed in range(15):
        rooms = list(cruel(new_game(RULES, players=3, seed=seed)).weapons.values())
        assert len(rooms) == len(set(rooms)) == len(WEAPONS)
        assert set(rooms) <= set(ROOMS)
        layouts.add(tuple(rooms))
    assert len(layouts) > 10


def test_option_players_select_the_rooms_for_the_weapons_in_turn() -> None:
    game = table(players=3, seed=2, first_player=1, weapons="choose")
    assert cruel(game).weapons == {}
    order = []
    for weapon in WEAPONS:
        seat = game.to_act()[0]
        order.append(seat)
        pending = game.view(seat)["pending"]
        assert pending["kind"] == "place" and pending["weapon"] == weapon
        rooms = [a["room"] for a in game.legal_actions(seat)]
        assert len(rooms) == len(ROOMS) - len(cruel(game).weapons)
        with pytest.raises(IllegalAction):
            act(game, seat, "roll")
        if cruel(game).weapons:
            taken = next(iter(cruel(game).weapons.values()))
            with pytest.raises(IllegalAction, match="weapons-in-different-rooms"):
                act(game, seat, "place_weapon", room=taken)
        act(game, seat, "place_weapon", room=rooms[-1])
    assert order == [1, 2, 0, 1, 2, 0]  # from the first player, in turn
    assert len(set(cruel(game).weapons.values())) == len(WEAPONS)
    assert game.to_act() == (1,)
    assert next(a.kind for a in game.legal_actions(1)) == "roll"


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_eighteen_gems_shared_evenly_at_most_one_per_corridor_square(players: int) -> None:
    game = new_game(RULES, players=players, seed=players)
    state = cruel(game)
    assert len(state.gems) == len(set(state.gems)) == GEMS
    for square in state.gems:
        assert square in BOARD.node_of_square
        assert square not in BOARD.starts.values() and square not in DOOR_SQUARES
    shares = game.view(None)["log"][0]["gem_shares"]
    assert sum(shares) == GEMS and max(shares) - min(shares) <= 1
    # Shared one at a time from the first player: the first seats in turn order get more.
    first = state.first
    in_turn = [shares[(first + k) % players] for k in range(players)]
    assert in_turn == sorted(in_turn, reverse=True)
    assert {3: [6] * 3, 4: [5, 5, 4, 4], 5: [4, 4, 4, 3, 3], 6: [3] * 6}[players] == in_turn


def test_option_each_player_places_their_gems_on_corridor_squares_in_turn() -> None:
    game = table(players=4, seed=3, gems="choose")
    placed_by = []
    while game.view(game.to_act()[0])["pending"]["kind"] == "place":
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        assert all(a.kind == "place_gem" for a in legal)
        with pytest.raises(IllegalAction, match="gems-on-corridor-squares"):
            act(game, seat, "place_gem", at=list(BOARD.starts["scarlet"]))
        if cruel(game).gems:
            with pytest.raises(IllegalAction, match="one-gem-per-square"):
                act(game, seat, "place_gem", at=list(cruel(game).gems[0]))
        game.apply(legal[len(legal) // 2])
        placed_by.append(seat)
    assert placed_by == [0, 1, 2, 3] * 4 + [0, 1]
    assert len(set(cruel(game).gems)) == GEMS
    assert game.to_act() == (0,) and game.view(0)["pending"]["stage"] == "start"


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_one_accomplice_card_and_players_minus_one_guest_cards_dealt_secretly(
    players: int,
) -> None:
    accomplices = set()
    for seed in range(12):
        game = new_game(RULES, players=players, seed=seed)
        state = cruel(game)
        roles = [game.view(s)["role"] for s in range(players)]
        assert roles.count("accomplice") == 1 and roles.count("guest") == players - 1
        assert roles.index("accomplice") == state.accomplice
        accomplices.add(state.accomplice)
        for seat in range(players):
            view = game.view(seat)
            role_events = [e for e in view["log"] if e["kind"] == "role"]
            assert role_events == [{"kind": "role", "seat": seat, "role": roles[seat]}]
            if seat != state.accomplice:
                assert view["accomplice"] is None and view["tally"] is None
        spectator = game.view(None)
        assert spectator["role"] is None and spectator["accomplice"] is None
        assert not [e for e in spectator["log"] if e["kind"] == "role"]
    assert len(accomplices) > 1


def test_each_player_takes_one_bluff_card() -> None:
    game = new_game(RULES, players=5, seed=1)
    assert game.view(None)["bluff_cards"] == [True] * 5


def test_envelope_as_classic_the_other_eighteen_cards_face_down_nobody_starts_with_cards() -> None:
    for seed in range(10):
        game = new_game(RULES, players=4, seed=seed)
        state = cruel(game)
        assert [CARDS.category_of(c) for c in state.envelope] == ["suspect", "weapon", "room"]
        assert len(state.pile) == 18
        assert sorted([*state.envelope, *state.pile]) == sorted(ALL_CARDS)
        assert state.hands == [[]] * 4
        assert game.view(0)["hand_sizes"] == [0] * 4 and game.view(0)["pile_size"] == 18
        assert "pile" not in game.view(0)


def test_first_player_by_a_random_draw_then_play_proceeds_to_the_left() -> None:
    firsts = {cruel(new_game(RULES, players=4, seed=s)).first for s in range(20)}
    assert firsts == {0, 1, 2, 3}
    game = table(players=4, first_player=2)
    assert game.to_act() == (2,)
    game.rng = ScriptedDice([1, 1])
    for seat in (2, 3):
        act(game, seat, "roll")
        game.apply(next(a for a in game.legal_actions(seat) if a.kind == "move"))
        act(game, seat, "end_turn")
    assert game.to_act() == (0,)


def test_each_player_takes_a_suspect_token_and_unplayed_tokens_stay_on_their_names() -> None:
    game = new_game(RULES, players=4, seed=3, options={"characters": list(SUSPECTS[2:])})
    state = cruel(game)
    assert state.characters == list(SUSPECTS[2:])
    assert state.positions == {s: BOARD.starts[s] for s in SUSPECTS}  # all six on the board


# -- moving and gems ----------------------------------------------------------------


def _gem_ahead(game: Game, square: tuple[int, int]) -> None:
    """One gem on ``square``, the other 17 far away in the north of the board."""
    far = [sq for sq in BOARD.corridor if sq[0] <= 8 and sq not in DOOR_SQUARES]
    far = [sq for sq in far if sq not in BOARD.starts.values()]
    cruel(game).gems = sorted([square, *far[: GEMS - 1]])


def test_landing_on_a_gem_takes_it_and_draws_the_top_clue_card_privately() -> None:
    game = table(seed=4)
    state = cruel(game)
    _gem_ahead(game, (22, 7))  # two squares up from Scarlet's start (24, 7)
    top = state.pile[0]
    game.rng = ScriptedDice([2])
    act(game, 0, "roll")
    events = act(game, 0, "move", to=[22, 7])
    taken = next(e for e in events if e.kind == "gem_taken")
    assert state.hands[0] == [top] and len(state.pile) == 17
    assert (22, 7) not in state.gems and state.gems_taken == [1, 0, 0]
    assert taken.for_seat(0) == {
        "kind": "gem_taken",
        "seat": 0,
        "at": [22, 7],
        "pile_size": 17,
        "card": top,
    }
    assert taken.for_seat(1) == {"kind": "gem_taken", "seat": 0, "at": [22, 7], "pile_size": 17}
    assert taken.for_seat(None) == taken.for_seat(2)
    assert game.view(1)["hand_sizes"] == [1, 0, 0]


def test_a_gem_stops_the_move_there_even_with_steps_left() -> None:
    game = table(seed=4)
    _gem_ahead(game, (22, 7))
    game.rng = ScriptedDice([5])
    act(game, 0, "roll")
    dests = [a["to"] for a in game.legal_actions(0) if a.kind == "move"]
    assert (22, 7) in dests  # reached in two of the five steps
    # Squares only reachable through the gem are not destinations: (21, 7) is three
    # steps up the single-file corridor from the start.
    assert (19, 7) not in dests
    act(game, 0, "move", to=[22, 7])
    assert cruel(game).hands[0] and game.view(0)["pending"]["stage"] == "moved"


def test_moving_as_in_the_classic_game_where_no_gem_is_in_reach() -> None:
    from cluedo.rules.classic.rules import ClassicRules

    rng = random.Random(5)
    for seed in range(6):
        game = table(players=4, seed=seed)
        state = cruel(game)
        for _ in range(30):
            seat = rng.randrange(4)
            piece = state.characters[seat]
            free = [sq for sq in BOARD.corridor if sq not in state.positions.values()]
            state.positions[piece] = rng.choice([*free, *ROOMS])
            roll = rng.randint(1, 6)
            here = BOARD.node(state.positions[piece])
            near = BOARD.distances_from(here)
            # Gems only beyond the roll: movement is the classic game's, square for square.
            state.gems = [g for g in state.gems if near[BOARD.node_of_square[g]] > roll]
            classic = ClassicRules.destinations(game.rules, state, seat, roll)  # type: ignore[arg-type]
            assert game.rules.destinations(state, seat, roll) == classic  # type: ignore[attr-defined]


def test_you_may_use_a_secret_passage_instead_of_rolling() -> None:
    game = table(seed=4)
    state = cruel(game)
    state.positions["scarlet"] = "kitchen"
    kinds = {a.kind for a in game.legal_actions(0)}
    assert {"roll", "passage"} <= kinds
    act(game, 0, "passage")
    assert state.positions["scarlet"] == BOARD.passages["kitchen"]


def test_you_may_not_enter_or_land_on_a_square_occupied_by_another_token() -> None:
    # A token between Scarlet and a gem: neither its square nor the gem beyond is reached.
    game = table(seed=4)
    _gem_ahead(game, (22, 7))
    cruel(game).positions["mustard"] = (23, 7)  # between Scarlet (24, 7) and the gem
    game.rng = ScriptedDice([2])
    act(game, 0, "roll")
    dests = [a["to"] for a in game.legal_actions(0) if a.kind == "move"]
    assert (23, 7) not in dests and (22, 7) not in dests


def test_option_gems_taken_only_by_landing_on_them() -> None:
    game = table(seed=4, gem_stop="on_landing")
    _gem_ahead(game, (22, 7))
    game.rng = ScriptedDice([5])
    act(game, 0, "roll")
    dests = [a["to"] for a in game.legal_actions(0) if a.kind == "move"]
    assert (22, 7) not in dests  # exact movement: five steps, no stopping short
    act(game, 0, "move", to=dests[0])
    assert (22, 7) in cruel(game).gems and cruel(game).hands[0] == []


def test_gems_and_cards_are_conserved_and_the_pile_never_runs_dry() -> None:
    game = new_game(RULES, players=3, seed=9)
    agents = {s: RandomAgent(s, s) for s in range(3)}
    for _ in range(4000):
        if game.finished:
            break
        seat = game.to_act()[0]
        legal = [a for a in game.legal_actions(seat) if a.kind not in ("accuse", "call_bluff")]
        game.apply(agents[seat].choose(game.view(seat), legal))
        state = cruel(game)
        assert len(state.gems) + sum(state.gems_taken) == GEMS
        assert len(state.pile) == len(state.gems)  # one card for every gem still out
    assert cruel(game).gems_taken != [0, 0, 0]


# -- suggestions and bluffs ---------------------------------------------------------


def bluff_table(**options: Any) -> tuple[Game, str, str]:
    """Seat 0 is the accomplice holding a suspect and a weapon from the pile; it
    suggests them in the kitchen (which it does not hold)."""
    game = table(players=3, seed=5, accomplice=0, **options)
    suspect, weapon = pile_cards(game, "suspect", 1)[0], pile_cards(game, "weapon", 1)[0]
    give(game, 0, suspect, weapon)
    events = suggest(game, 0, "kitchen", suspect, weapon)
    bluff = next(e for e in events if e.kind == "bluff")
    assert bluff.for_seat(0) == {"kind": "bluff", "seat": 0, "cards": [suspect, weapon]}
    assert bluff.for_seat(1) is None and bluff.for_seat(None) is None
    finish_turn(game)
    return game, suspect, weapon


def test_a_bluff_is_a_card_from_the_accomplices_hand_named_in_its_suggestion() -> None:
    game, suspect, weapon = bluff_table()
    assert cruel(game).bluffs == [suspect, weapon]
    assert game.view(0)["tally"] == {"bluffs": [suspect, weapon], "successes": [], "needed": 3}
    assert game.view(1)["tally"] is None and game.view(None)["tally"] is None


def test_a_card_drawn_after_the_accomplice_named_it_is_no_bluff() -> None:
    game = table(players=3, seed=5, accomplice=0)
    suspect = pile_cards(game, "suspect", 1)[0]
    suggest(game, 0, "kitchen", suspect, WEAPONS[0])
    give(game, 0, suspect)
    assert cruel(game).bluffs == []


def test_a_guest_naming_its_own_cards_is_no_bluff() -> None:
    game = table(players=3, seed=5, accomplice=2)
    suspect = pile_cards(game, "suspect", 1)[0]
    give(game, 0, suspect)
    suggest(game, 0, "kitchen", suspect, WEAPONS[0])
    assert cruel(game).bluffs == []


def test_later_suggestions_naming_a_bluffed_card_are_successful_bluffs_with_who_fell() -> None:
    game, suspect, weapon = bluff_table()
    other_weapon = next(w for w in WEAPONS if w != weapon)
    events = suggest(game, 1, "hall", suspect, other_weapon)
    note = next(e for e in events if e.kind == "bluff_success")
    assert note.for_seat(0) == {
        "kind": "bluff_success",
        "seat": 0,
        "by": 1,
        "cards": [suspect],
        "tally": 1,
    }
    assert note.for_seat(1) is None and note.for_seat(2) is None
    assert cruel(game).successes == [(suspect, 1)]
    assert game.view(0)["tally"]["successes"] == [{"card": suspect, "by": 1}]
    finish_turn(game)


def test_each_bluffed_card_named_counts_once_per_suggestion() -> None:
    game, suspect, weapon = bluff_table()
    suggest(game, 1, "hall", suspect, weapon)
    assert cruel(game).successes == [(suspect, 1), (weapon, 1)]


def test_option_one_successful_bluff_per_suggestion() -> None:
    game, suspect, weapon = bluff_table(bluff_count="per_suggestion")
    suggest(game, 1, "hall", suspect, weapon)
    assert cruel(game).successes == [(suspect, 1)]


def test_option_each_bluffed_card_counts_once_per_game() -> None:
    game, suspect, weapon = bluff_table(bluff_count="distinct_cards")
    suggest(game, 1, "hall", suspect, WEAPONS[0] if WEAPONS[0] != weapon else WEAPONS[1])
    finish_turn(game)
    suggest(game, 2, "hall", suspect, weapon)
    # The suspect was already counted: only the weapon is new.
    assert cruel(game).successes == [(suspect, 1), (weapon, 2)]
    assert not game.finished


def test_the_suggestion_brings_the_named_suspect_and_weapon_into_the_room() -> None:
    game = table(seed=5, accomplice=2)
    suggest(game, 0, "hall", "plum", "rope")
    state = cruel(game)
    assert state.positions["plum"] == "hall" and state.weapons["rope"] == "hall"


def test_the_accomplices_own_later_suggestions_do_not_count() -> None:
    game, suspect, weapon = bluff_table()
    finish_turn(game)  # seat 1
    finish_turn(game)  # seat 2
    suggest(game, 0, "hall", suspect, weapon)
    assert cruel(game).successes == []


def test_a_room_the_accomplice_holds_is_a_bluff_unless_the_option_says_no() -> None:
    for rooms, expected in ((True, ["kitchen"]), (False, [])):
        game = table(players=3, seed=5, accomplice=0, bluff_rooms=rooms)
        if "kitchen" not in cruel(game).pile:
            continue
        give(game, 0, "kitchen")
        suggest(game, 0, "kitchen", SUSPECTS[0], WEAPONS[0])
        assert cruel(game).bluffs == expected


def test_three_successful_bluffs_win_the_game_for_the_accomplice_at_once() -> None:
    game, suspect, weapon = bluff_table()
    suggest(game, 1, "hall", suspect, WEAPONS[-1] if WEAPONS[-1] != weapon else WEAPONS[0])
    finish_turn(game)
    events = suggest(game, 2, "hall", suspect, weapon)
    assert game.finished and cruel(game).winners == (0,)
    assert cruel(game).outcome == "accomplice-bluffs"
    # Nobody refutes: the game ends at the suggestion.
    assert kinds_of(events)[-2:] == ["bluff_success", "game_over"]
    assert "must_refute" not in kinds_of(events) and "cannot_refute" not in kinds_of(events)
    over = events[-1].for_seat(None)
    assert over is not None and over["successes"] == [[suspect, 1], [suspect, 2], [weapon, 2]]
    assert game.to_act() == ()


def test_option_more_bluffs_needed() -> None:
    game, suspect, weapon = bluff_table(bluffs_to_win=4)
    suggest(game, 1, "hall", suspect, weapon)
    finish_turn(game)
    suggest(game, 2, "hall", suspect, WEAPONS[0] if WEAPONS[0] != weapon else WEAPONS[1])
    assert not game.finished and len(cruel(game).successes) == 3


def test_refutation_as_in_the_classic_game_from_the_left() -> None:
    game = table(players=4, seed=6, accomplice=3, first_player=1)
    suspect = pile_cards(game, "suspect", 1)[0]
    give(game, 3, suspect)
    give(game, 2, pile_cards(game, "weapon", 1)[0])
    events = suggest(game, 1, "hall", suspect, cruel(game).hands[2][0])
    assert kinds_of(events)[-1] == "must_refute" and game.to_act() == (2,)


# -- calling a bluff ----------------------------------------------------------------


def test_right_call_the_accomplice_shows_all_cards_and_is_out_but_still_refutes() -> None:
    game, suspect, weapon = bluff_table()
    events = act(game, 1, "call_bluff", player=0, card=weapon)
    assert kinds_of(events) == ["bluff_called", "accomplice_caught"]
    caught = events[1].for_seat(None)
    assert caught is not None and sorted(caught["hand"]) == sorted([suspect, weapon])
    state = cruel(game)
    assert state.caught and state.eliminated[0] and state.bluff_card == [True, False, True]
    assert game.view(2)["accomplice"] == 0 and game.view(2)["caught"] == 0
    assert game.view(1)["pending"]["stage"] == "start"  # the caller's turn goes on
    finish_turn(game)
    assert game.to_act() == (2,)
    # Seat 2 suggests the accomplice's suspect: the caught accomplice still refutes.
    events = suggest(game, 2, "hall", suspect, WEAPONS[0])
    assert "must_refute" in kinds_of(events) and game.to_act() == (0,)
    assert "bluff_success" not in kinds_of(events)  # the tally stops when caught
    act(game, 0, "show", card=suspect)
    act(game, 2, "end_turn")
    assert game.to_act() == (1,)  # the accomplice has no more turns
    assert not any(a.kind == "call_bluff" for a in game.legal_actions(1))


def test_a_call_naming_the_accomplice_but_a_card_never_bluffed_is_wrong() -> None:
    game, suspect, weapon = bluff_table()
    other = next(c for c in ALL_CARDS if c not in (suspect, weapon))
    events = act(game, 1, "call_bluff", player=0, card=other)
    assert events[0].data["right"] is False and not cruel(game).caught


def test_wrong_call_caller_returns_to_start_and_shows_a_clue_card_to_the_named() -> None:
    game, suspect, _weapon = bluff_table()
    state = cruel(game)
    card = pile_cards(game, "room", 1)[0]
    give(game, 1, card)
    state.positions["mustard"] = "hall"
    events = act(game, 1, "call_bluff", player=2, card=suspect)
    assert kinds_of(events) == ["bluff_called", "token_moved", "must_show_clue"]
    assert state.positions["mustard"] == BOARD.starts["mustard"]
    assert game.to_act() == (1,)
    assert [a.kind for a in game.legal_actions(1)] == ["show_clue"]
    with pytest.raises(IllegalAction, match="wrong-call-penalty"):
        act(game, 1, "roll")
    shown = act(game, 1, "show_clue", card=card)[0]
    assert shown.for_seat(2) == {"kind": "clue_shown", "seat": 1, "to": 2, "card": card}
    assert shown.for_seat(0) == {"kind": "clue_shown", "seat": 1, "to": 2}
    assert shown.for_seat(None) == shown.for_seat(0)
    assert game.view(1)["pending"]["stage"] == "start"  # then the turn goes on from the start
    assert not any(a.kind == "call_bluff" for a in game.legal_actions(1))


def test_after_a_wrong_call_no_suggestion_in_the_room_just_entered() -> None:
    game, suspect, _ = bluff_table()
    state = cruel(game)
    state.positions["mustard"] = "hall"
    top = state.decisions.top
    assert top is not None
    top.context.update(stage="moved", entered="hall")
    assert any(a.kind == "suggest" for a in game.legal_actions(1))
    act(game, 1, "call_bluff", player=2, card=suspect)
    assert state.positions["mustard"] == BOARD.starts["mustard"]
    assert not any(a.kind == "suggest" for a in game.legal_actions(1))


def test_wrong_call_with_no_clue_cards_shows_nothing() -> None:
    game, suspect, _ = bluff_table()
    events = act(game, 1, "call_bluff", player=2, card=suspect)
    assert kinds_of(events) == ["bluff_called", "no_clue_to_show"]
    assert game.view(1)["pending"]["kind"] == "turn"


def test_each_player_calls_one_bluff_per_game_with_the_bluff_card() -> None:
    game, suspect, _ = bluff_table()
    act(game, 1, "call_bluff", player=2, card=suspect)
    with pytest.raises(IllegalAction, match="one-bluff-call"):
        act(game, 1, "call_bluff", player=0, card=suspect)
    assert game.view(None)["bluff_cards"] == [True, False, True]


def test_a_bluff_is_called_on_your_own_turn_but_not_in_the_middle_of_a_move() -> None:
    game, suspect, _ = bluff_table()
    with pytest.raises(IllegalAction, match="not-your-turn"):
        act(game, 2, "call_bluff", player=0, card=suspect)
    game.rng = ScriptedDice([3])
    act(game, 1, "roll")
    if game.view(1)["pending"]["stage"] == "move":
        with pytest.raises(IllegalAction, match="call-outside-move"):
            act(game, 1, "call_bluff", player=0, card=suspect)
    with pytest.raises(IllegalAction, match="call-bluff"):
        cruel(game).decisions.top.context["stage"] = "moved"  # type: ignore[union-attr]
        act(game, 1, "call_bluff", player=1, card=suspect)


def test_a_bluff_may_be_called_before_moving_after_moving_and_after_the_suggestion() -> None:
    for stage in ("start", "moved", "done"):
        game, suspect, _ = bluff_table()
        cruel(game).decisions.top.context["stage"] = stage  # type: ignore[union-attr]
        calls = [a for a in game.legal_actions(1) if a.kind == "call_bluff"]
        assert len(calls) == 2 * len(ALL_CARDS)  # either other player, any card
        act(game, 1, "call_bluff", player=0, card=suspect)
        assert cruel(game).caught


def test_nobody_may_call_once_the_accomplice_is_caught() -> None:
    game, suspect, _ = bluff_table()
    act(game, 1, "call_bluff", player=0, card=suspect)
    finish_turn(game)
    with pytest.raises(IllegalAction, match="accomplice-caught"):
        act(game, 2, "call_bluff", player=1, card=suspect)


def test_the_accomplice_calling_a_bluff_is_always_wrong() -> None:
    game = table(players=3, seed=5, accomplice=1)
    finish_turn(game)  # seat 0
    events = act(game, 1, "call_bluff", player=2, card=SUSPECTS[0])
    assert events[0].data["right"] is False and not cruel(game).caught


# -- accusations and the end --------------------------------------------------------


def test_a_correct_guest_accusation_wins() -> None:
    game = table(accomplice=2)
    s, w, r = cruel(game).envelope
    events = act(game, 0, "accuse", suspect=s, weapon=w, room=r)
    assert game.finished and cruel(game).winners == (0,) and cruel(game).outcome == "solved"
    assert events[-1].kind == "game_over"


def test_the_accomplice_may_not_accuse() -> None:
    game = table(accomplice=0)
    assert not any(a.kind == "accuse" for a in game.legal_actions(0))
    s, w, r = cruel(game).envelope
    before = game.dumps()
    with pytest.raises(IllegalAction, match="accomplice-cannot-accuse"):
        act(game, 0, "accuse", suspect=s, weapon=w, room=r)
    assert game.dumps() == before


def test_option_the_accomplice_may_accuse_and_wins_if_right() -> None:
    game = table(accomplice=0, accomplice_accusation="wins")
    assert any(a.kind == "accuse" for a in game.legal_actions(0))
    s, w, r = cruel(game).envelope
    act(game, 0, "accuse", suspect=s, weapon=w, room=r)
    assert game.finished and cruel(game).winners == (0,)


def test_option_an_accomplice_who_accuses_wrongly_is_out_and_bluffs_no_more() -> None:
    game, suspect, weapon = bluff_table(accomplice_accusation="wins")
    finish_turn(game)  # seat 1
    finish_turn(game)  # seat 2
    s, w, r = cruel(game).envelope
    act(game, 0, "accuse", suspect=s, weapon=w, room=next(x for x in ROOMS if x != r))
    assert cruel(game).eliminated[0] and game.to_act() == (1,)
    suggest(game, 1, "hall", suspect, weapon)
    assert cruel(game).successes == []
    finish_turn(game)
    # Both guests out as well: nobody is left who can win.
    act(game, 2, "accuse", suspect=s, weapon=w, room=next(x for x in ROOMS if x != r))
    act(game, 1, "accuse", suspect=s, weapon=w, room=next(x for x in ROOMS if x != r))
    assert game.finished and cruel(game).outcome == "no-winner"


def test_a_wrong_accuser_is_out_but_still_refutes() -> None:
    game = table(accomplice=2)
    card = pile_cards(game, "suspect", 1)[0]
    give(game, 0, card)
    s, w, r = cruel(game).envelope
    wrong = next(x for x in ROOMS if x != r)
    act(game, 0, "accuse", suspect=s, weapon=w, room=wrong)
    assert cruel(game).eliminated[0] and game.to_act() == (1,)
    events = suggest(game, 1, "hall", card, WEAPONS[0])
    assert "must_refute" in kinds_of(events)


def test_when_every_guest_has_accused_wrongly_the_accomplice_wins() -> None:
    game = table(accomplice=2)
    s, w, r = cruel(game).envelope
    wrong = next(x for x in ROOMS if x != r)
    act(game, 0, "accuse", suspect=s, weapon=w, room=wrong)
    events = act(game, 1, "accuse", suspect=s, weapon=w, room=wrong)
    assert game.finished and cruel(game).outcome == "guests-failed"
    assert cruel(game).winners == (2,) and events[-1].kind == "game_over"


# -- hidden information -------------------------------------------------------------


def knowable(game: Game, seat: int) -> set[str]:
    """Cards ``seat`` may have seen, from the full record."""
    known: set[str] = set()
    for event in game.events:
        full = event.full()
        kind = full["kind"]
        if (kind == "gem_taken" and full["seat"] == seat) or (
            kind in ("card_shown", "clue_shown") and seat in (full["seat"], full["to"])
        ):
            known.add(full["card"])
        elif kind == "accomplice_caught":
            known |= set(full["hand"])
        elif (kind == "envelope_seen" and full["seat"] == seat) or kind == "game_over":
            known |= set(full["envelope"])
    return known


def check_no_leaks(game: Game) -> None:
    state = cruel(game)
    for seat in range(game.players):
        view = game.view(seat)
        assert view["hand"] == state.hands[seat]
        assert view["role"] == ("accomplice" if seat == state.accomplice else "guest")
        is_acc = seat == state.accomplice
        if not (is_acc or state.caught or state.finished):
            assert view["accomplice"] is None and view["tally"] is None
        known = knowable(game, seat) | set(state.hands[seat])
        for event in view["log"]:
            if event["kind"] in ("role",):
                assert event["seat"] == seat
            if event["kind"] in ("bluff", "bluff_success"):
                assert is_acc
            for key in ("card", "hand"):
                # A bluff call names its card aloud, like a suggestion.
                if key in event and event["kind"] != "bluff_called":
                    value = event[key] if isinstance(event[key], list) else [event[key]]
                    assert set(value) <= known, (seat, event)
            if event["kind"] == "envelope_seen" and "envelope" in event:
                assert event["seat"] == seat
    spectator = game.view(None)
    assert spectator["hand"] == [] and spectator["role"] is None
    if not state.finished:
        assert spectator["tally"] is None
        assert spectator["accomplice"] == (state.accomplice if state.caught else None)
    text = json.dumps(spectator["log"])
    for event in spectator["log"]:
        assert event["kind"] not in ("role", "bluff", "bluff_success", "dealt")
        assert "card" not in event or event["kind"] == "bluff_called"
        if "hand" in event:
            assert event["kind"] == "accomplice_caught"
    assert '"role"' not in text


def test_no_view_or_log_shows_a_hidden_card_role_or_tally_in_random_games() -> None:
    for seed in range(4):
        game = table(players=4, seed=seed, accomplice=seed % 4, gems="choose")
        rng = random.Random(seed)
        for step in range(1500):
            if game.finished:
                break
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            calm = [a for a in legal if a.kind not in ("accuse",)]
            if rng.random() < 0.999 or not calm:
                calm = [a for a in calm if a.kind != "call_bluff"] or calm
            game.apply(rng.choice(calm or legal))
            if step % 25 == 0:
                check_no_leaks(game)
        check_no_leaks(game)


SECRET_KEYS = {"hand", "hands", "card", "cards", "envelope", "bluffs", "successes", "pile"}


def card_mentions(value: Any, key: str = "") -> list[tuple[str, str]]:
    """(nearest field name, card) for every card id anywhere in ``value``."""
    out: list[tuple[str, str]] = []
    if isinstance(value, dict):
        if value.get("kind") == "bluff_called" or {"player", "right"} <= value.keys():
            # A bluff call names its card aloud, like a suggestion.
            value = {k: v for k, v in value.items() if k != "card"}
        for k, v in value.items():
            out += card_mentions(v, key if k in ALL_CARDS else k)
    elif isinstance(value, list):
        for item in value:
            out += card_mentions(item, key)
    elif isinstance(value, str) and value in ALL_CARDS:
        out.append((key, value))
    return out


def test_no_secret_field_of_any_view_names_a_card_its_seat_cannot_know() -> None:
    """Every view and log entry, walked as JSON, through bot games (bluffs, calls,
    catches): roles, drawn cards, hands and the bluff tally reach only the seats the
    text lets see them."""
    assert card_mentions({"log": [{"hand": ["rope"]}]}) == [("hand", "rope")]
    kinds: set[str] = set()
    for seed in range(3):
        game = new_game(RULES, players=4 + seed, seed=40 + seed)
        agents = {s: make_agent("sensible", s, seed, rules=RULES) for s in range(game.players)}
        cursors: dict[int | None, int] = {}
        for step in range(3000):
            if game.finished:
                break
            seat = game.to_act()[0]
            agent = agents[seat]
            view = game.view(seat, log_since=agent.log_cursor)
            agent.log_cursor = view["log_end"]
            game.apply(agent.choose(view, game.legal_actions(seat)))
            if step % 7 and not game.finished:
                continue
            state = cruel(game)
            for viewer in [None, *range(game.players)]:
                view = game.view(viewer, log_since=cursors.get(viewer, 0))
                cursors[viewer] = view["log_end"]
                known = knowable(game, -1 if viewer is None else viewer)
                if viewer is not None:
                    known |= set(state.hands[viewer])
                if state.finished:
                    known |= set(state.bluffs)  # the accomplice's notebook is shown
                for key, card in card_mentions(json.loads(json.dumps(view))):
                    if key in SECRET_KEYS:
                        assert card in known, (seed, viewer, key, card)
                kinds |= {e["kind"] for e in view["log"]}
                roles = [e for e in view["log"] if e["kind"] == "role"]
                assert all(e["seat"] == viewer for e in roles)
                if viewer != state.accomplice:
                    assert not [e for e in view["log"] if e["kind"] in ("bluff", "bluff_success")]
        assert game.finished
    for kind in ("gem_taken", "bluff", "bluff_success", "bluff_called", "accomplice_caught"):
        assert kind in kinds


# -- whole games: invariants, refusals, save and load ------------------------------


def check_invariants(game: Game) -> None:
    state = cruel(game)
    held = [c for hand in state.hands for c in hand]
    everything = [*state.envelope, *state.pile, *held]
    assert sorted(everything) == sorted(ALL_CARDS)  # cards are conserved
    top = state.decisions.top
    if top is None or top.kind != "place":
        assert len(state.gems) + sum(state.gems_taken) == GEMS
    assert len(state.gems) == len(set(state.gems))
    squares = [p for p in state.positions.values() if isinstance(p, tuple)]
    assert len(squares) == len(set(squares))
    assert all(p in BOARD.node_of_square for p in squares)
    assert not set(squares) & set(state.gems)  # a token on a gem has taken it
    assert set(state.bluffs) <= set(state.hands[state.accomplice])


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(3, 6),
    choose=st.booleans(),
    picks=st.randoms(use_true_random=False),
)
def test_random_play_keeps_invariants_refuses_bad_actions_and_replays(
    seed: int, players: int, choose: bool, picks: Any
) -> None:
    options = {"weapons": "choose", "gems": "choose"} if choose else {}
    game = new_game(RULES, players=players, seed=seed, options=options)
    for step in range(250):
        if game.finished:
            break
        check_invariants(game)
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        # The full comparison costs a save per step, so it runs every few steps.
        full = step % 10 == 0
        before = game.dumps() if full else ""
        count = len(game.actions)
        for bogus in (
            Action.make(seat, "move", to=[99, 99]),
            Action.make(seat, "place_gem", at=[0, 0]),
            Action.make(seat, "call_bluff", player=seat, card="rope"),
            Action.make(seat, "show_clue", card="nothing"),
            Action.make((seat + 1) % players, "roll"),
        ):
            assert bogus not in legal
            with pytest.raises(IllegalAction):
                game.apply(bogus)
        assert len(game.actions) == count
        assert not full or game.dumps() == before
        quiet = [a for a in legal if a.kind != "accuse"] if picks.random() < 0.98 else legal
        game.apply(picks.choice(quiet))
    check_invariants(game)
    assert Game.loads(game.dumps()).full_log() == game.full_log()
