"""The Clussassin hunter (``sensible`` in Clussassin): it hunts, evades and beats chance."""

from __future__ import annotations

from typing import Any

from cluedo.agents import RandomAgent, make_agent
from cluedo.agents.base import Agent
from cluedo.agents.match import play_out
from cluedo.content import load_board
from cluedo.engine import Action, Game, new_game
from cluedo.rules.clussassin.bots import HunterAgent, StrongHunterAgent
from cluedo.rules.clussassin.rules import ClussassinState
from scripted_dice import script_dice

BOARD = load_board("classic")


def state_of(game: Game) -> ClussassinState:
    assert isinstance(game.state, ClussassinState)
    return game.state


def aim(game: Game, hunter: str, victim: str) -> None:
    """Make ``hunter`` hunt ``victim``, keeping the targets a permutation and the
    character cards with their hunters."""
    state = state_of(game)
    previous = next(c for c, t in state.target.items() if t == victim)
    if previous == hunter:
        return
    old = state.target[hunter]
    for who, new in ((previous, old), (hunter, victim)):
        held = state.holdings[who]
        held[held.index(state.target[who])] = new
        state.target[who] = new


def choice(agent: Agent, game: Game) -> Action:
    seat = agent.seat
    return agent.choose(game.view(seat), game.legal_actions(seat))


def gap(a: Any, b: Any) -> int:
    return BOARD.distances_from(BOARD.node(a))[BOARD.node(b)]


def test_hunter_is_the_sensible_bot_of_clussassin() -> None:
    assert isinstance(make_agent("sensible", 0, rules="clussassin"), HunterAgent)


def test_hunter_beats_random_bots_clearly() -> None:
    # Three players, the hunter in each seat in turn: chance would win a third.
    wins = games = 0
    for seed in range(30):
        hunter_seat = seed % 3
        game = new_game("clussassin", players=3, seed=500 + seed)
        agents: dict[int, Agent] = {
            s: HunterAgent(s, seed) if s == hunter_seat else RandomAgent(s, seed * 3 + s)
            for s in range(3)
        }
        play_out(game, agents)
        games += 1
        wins += state_of(game).winners == (hunter_seat,)
    assert wins / games >= 0.6, f"{wins} of {games}"


def test_hunter_attacks_when_it_may() -> None:
    game = new_game("clussassin", players=3, seed=2)
    aim(game, "scarlet", "mustard")
    state = state_of(game)
    state.safe_room = "study" if state.safe_room == "kitchen" else state.safe_room
    state.positions["scarlet"] = state.positions["mustard"] = "kitchen"
    assert choice(HunterAgent(0, 1), game) == Action.make(0, "attack")


def test_hunter_moves_to_where_it_can_attack_its_target() -> None:
    game = new_game("clussassin", players=3, seed=2)
    aim(game, "scarlet", "mustard")
    state = state_of(game)
    state.positions["scarlet"], state.positions["mustard"] = (17, 2), (17, 10)
    script_dice(game, 2, 3)
    game.apply(Action.make(0, "roll"))
    move = choice(HunterAgent(0, 1), game)
    assert move.kind == "move"
    to = tuple(move["to"])
    assert abs(to[1] - 10) + abs(to[0] - 17) <= 3  # within striking reach


def test_hunter_keeps_away_from_a_known_hunter() -> None:
    game = new_game("clussassin", players=3, seed=2)
    aim(game, "mustard", "scarlet")  # Mustard hunts Scarlet, and has shown it
    state = state_of(game)
    state.revealed["scarlet"] = "mustard"
    state.positions["scarlet"], state.positions["mustard"] = (17, 6), (17, 4)
    script_dice(game, 6, 6)
    game.apply(Action.make(0, "roll"))
    move = choice(HunterAgent(0, 1), game)
    to = move["to"] if move.kind == "move" else state.positions["scarlet"]
    assert gap(to, (17, 4)) > gap((17, 6), (17, 4)) + 4


def test_hunter_runs_from_its_attacker_when_it_survives() -> None:
    game = new_game("clussassin", players=3, seed=2)
    aim(game, "scarlet", "mustard")
    state = state_of(game)
    state.positions["scarlet"], state.positions["mustard"] = (17, 4), (17, 6)
    script_dice(game, 3, 5, 4, 4)  # hit, defended, an escape roll of 8
    game.apply(Action.make(0, "attack"))
    assert game.to_act() == (1,)
    move = choice(HunterAgent(1, 1), game)
    assert move.kind == "move"
    to = move["to"] if isinstance(move["to"], str) else tuple(move["to"])
    assert gap(to, (17, 4)) >= 5


def test_hunter_gives_its_own_card_to_the_farthest_player() -> None:
    game = new_game("clussassin", players=4, seed=2)
    aim(game, "mustard", "scarlet")
    aim(game, "scarlet", "mustard")
    state = state_of(game)
    state.safe_room = "study" if state.safe_room == "kitchen" else state.safe_room
    state.positions["scarlet"] = state.positions["mustard"] = "kitchen"
    state.positions["white"], state.positions["green"] = (7, 4), BOARD.starts["white"]
    assert gap("kitchen", (7, 4)) < gap("kitchen", BOARD.starts["white"])
    script_dice(game, 6, 1)
    game.apply(Action.make(0, "attack"))
    top = state_of(game).decisions.top
    assert top is not None and top.kind == "swap"
    assert choice(HunterAgent(0, 1), game) == Action.make(0, "swap", **{"with": "green"})


def test_hunter_picks_up_its_specialty_weapon() -> None:
    game = new_game("clussassin", players=3, seed=2)
    state = state_of(game)
    weapon = next(c for c in state.holdings["scarlet"] if c in state.weapons)
    state.positions["scarlet"] = state.weapons[weapon]
    assert choice(HunterAgent(0, 1), game) == Action.make(0, "pickup", weapon=weapon)


def test_strong_hunter_arms_itself_before_attacking_in_the_same_room() -> None:
    game = new_game("clussassin", players=3, seed=2)
    aim(game, "scarlet", "mustard")
    state = state_of(game)
    weapon = next(c for c in state.holdings["scarlet"] if c in state.weapons)
    room = state.weapons[weapon]
    if state.safe_room == room:
        state.safe_room = next(r for r in ("study", "kitchen") if r != room)
    state.positions["scarlet"] = state.positions["mustard"] = room
    assert choice(HunterAgent(0, 1), game) == Action.make(0, "attack")
    strong = StrongHunterAgent(0, 1)
    assert choice(strong, game) == Action.make(0, "pickup", weapon=weapon)
    game.apply(Action.make(0, "pickup", weapon=weapon))
    assert choice(strong, game) == Action.make(0, "attack")


def test_strong_hunter_goes_for_its_weapon_from_farther_than_the_careful_one() -> None:
    game = new_game("clussassin", players=3, seed=2)
    state = state_of(game)
    weapon = next(c for c in state.holdings["scarlet"] if c in state.weapons)
    room = state.weapons[weapon]
    far = next(sq for sq in BOARD.corridor if 14 <= gap(sq, room) <= 20)
    view = game.view(0)
    careful, strong = HunterAgent(0, 1), StrongHunterAgent(0, 1)
    careful.board = strong.board = BOARD
    # Out of the careful hunter's detour, still inside the strong one's.
    assert careful._armoury(view, far) == 0.0
    assert strong._armoury(view, far) > 0.0
    # Nearer the weapon is always better, and once armed it stops pulling.
    steps = (BOARD.node_name(n) for n in BOARD.neighbours[BOARD.node(far)])
    nearer = next(n for n in steps if gap(n, room) < gap(far, room))
    assert strong._armoury(view, nearer) > strong._armoury(view, far)
    state.carried["scarlet"].append(weapon)
    assert strong._armoury(game.view(0), far) == 0.0
