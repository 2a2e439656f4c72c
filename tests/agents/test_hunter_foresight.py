"""The strong Clussassin hunter's foresight: where its hunters' next roll can bring
them in reach of it."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cluedo.content import load_board
from cluedo.engine import Action, Game, new_game
from cluedo.rules.clussassin.bots import HunterAgent, StrongHunterAgent, reach_chance
from cluedo.rules.clussassin.rules import ClussassinState
from scripted_dice import script_dice

BOARD = load_board("classic")


def state_of(game: Game) -> ClussassinState:
    assert isinstance(game.state, ClussassinState)
    return game.state


def gap(a: object, b: object) -> int:
    return BOARD.distances_from(BOARD.node(a))[BOARD.node(b)]  # type: ignore[arg-type]


def strong_bot(seat: int = 0) -> StrongHunterAgent:
    bot = StrongHunterAgent(seat, 1)
    bot.board = BOARD
    return bot


def hunted_by_mustard() -> Game:
    """Four players; Mustard has shown that Scarlet (seat 0, the bot) is its target,
    and the two unplayed characters stand far off on their start squares."""
    game = new_game("clussassin", players=4, seed=2)
    state = state_of(game)
    state.revealed["scarlet"] = "mustard"
    state.positions["white"], state.positions["green"] = (0, 9), (0, 14)
    return game


@pytest.mark.parametrize(
    ("steps", "dice", "chance"),
    [(1, 2, Fraction(1)), (2, 2, Fraction(1)), (7, 2, Fraction(21, 36)), (12, 2, Fraction(1, 36))],
)
def test_reach_chance_is_the_chance_the_dice_total_at_least_the_steps(
    steps: int, dice: int, chance: Fraction
) -> None:
    assert reach_chance(steps, dice) == pytest.approx(float(chance))


def test_reach_chance_is_zero_beyond_the_dice_and_follows_the_dice_option() -> None:
    assert reach_chance(13, 2) == 0.0
    assert reach_chance(6, 1) == pytest.approx(1 / 6)
    assert reach_chance(19, 3) == 0.0 and reach_chance(18, 3) > 0.0


def test_strong_hunter_sees_a_hallway_square_guarded_by_an_onlooker_as_safe() -> None:
    # Every square Mustard could attack (3, 6) from is watched by Plum, who never moves.
    game = hunted_by_mustard()
    state = state_of(game)
    state.positions["mustard"] = next(
        sq for sq in BOARD.corridor if gap(sq, (3, 6)) == 5 and sq not in BOARD.starts.values()
    )
    state.positions["plum"] = (4, 6)
    strong = strong_bot()
    view = game.view(0)
    threats = strong._threats(view)
    assert threats == {"mustard": 1.0}
    assert strong._safety(view, (3, 6), threats) == 0.0
    # The careful hunter goes by Mustard's distance alone and fears the square.
    careful = HunterAgent(0, 1)
    careful.board = BOARD
    assert careful._safety(view, (3, 6), threats) < 0.0
    # Without the onlooker the square is in Mustard's easy reach.
    state.positions["plum"] = BOARD.starts["plum"]
    assert strong._safety(game.view(0), (3, 6), threats) < 0.0


def test_strong_hunter_weighs_a_lone_room_by_the_odds_of_its_hunter_reaching_it() -> None:
    game = hunted_by_mustard()
    state = state_of(game)
    room = "lounge" if state.safe_room != "lounge" else "study"
    door = BOARD.doors_of(room)[0].corridor
    strong = strong_bot()
    for steps in (2, 5, 9, 12):
        spot = next(sq for sq in BOARD.corridor if gap(sq, room) == steps and sq != door)
        state.positions["mustard"] = spot
        view = game.view(0)
        danger = -strong._safety(view, room, {"mustard": 1.0})
        assert danger == pytest.approx(strong.FORESIGHT * reach_chance(steps))
    # Beyond any roll of two dice, and in company, the room is safe.
    state.positions["mustard"] = next(sq for sq in BOARD.corridor if gap(sq, room) >= 13)
    assert strong._safety(game.view(0), room, {"mustard": 1.0}) == 0.0
    state.positions["mustard"] = door
    state.positions["white"] = room
    assert strong._safety(game.view(0), room, {"mustard": 1.0}) == 0.0


def test_strong_hunter_never_fears_the_safe_room() -> None:
    game = hunted_by_mustard()
    state = state_of(game)
    state.positions["mustard"] = BOARD.doors_of(state.safe_room)[0].corridor
    assert strong_bot()._safety(game.view(0), state.safe_room, {"mustard": 1.0}) == 0.0


def test_strong_hunter_moves_out_of_its_known_hunters_reach() -> None:
    game = hunted_by_mustard()
    state = state_of(game)
    state.positions["scarlet"], state.positions["mustard"] = (17, 6), (17, 4)
    script_dice(game, 6, 6)
    game.apply(Action.make(0, "roll"))
    move = StrongHunterAgent(0, 1).choose(game.view(0), game.legal_actions(0))
    to = move["to"] if move.kind == "move" else state.positions["scarlet"]
    to = to if isinstance(to, str) else tuple(to)
    strong = strong_bot()
    assert strong._safety(game.view(0), to, {"mustard": 1.0}) > -strong.FORESIGHT * 0.5


def test_strong_hunter_scales_every_danger_by_its_caution() -> None:
    game = new_game("clussassin", players=3, seed=1)
    view = game.view(0)
    bold = strong_bot()
    threats = bold._threats(view)
    squares = [sq for sq in BOARD.node_of_square if sq not in BOARD.room_at]
    full = [bold._safety(view, sq, threats) for sq in squares]
    bold.CAUTION = 0.5
    half = [bold._safety(view, sq, threats) for sq in squares]
    assert any(danger < 0 for danger in full)
    assert half == pytest.approx([0.5 * danger for danger in full])


def quiet_turns(bot: StrongHunterAgent, game: Game, turns: int) -> None:
    """Let ``turns`` of the bot's turns go by with no attack anywhere."""
    view = game.view(0)
    for turn in range(1, 1 + turns):
        bot.choose(dict(view, turn=turn, log=[]), game.legal_actions(0))


def test_strong_hunters_fear_fades_with_turns_without_an_attack_and_returns_after_one() -> None:
    game = hunted_by_mustard()
    state = state_of(game)
    state.positions["scarlet"], state.positions["mustard"] = (17, 6), (17, 4)
    bot = strong_bot()
    view = game.view(0)
    fear = -bot._safety(view, (17, 6), {"mustard": 1.0})
    assert fear > 0
    quiet_turns(bot, game, int(bot.QUIET))
    assert bot.quiet == bot.QUIET
    faded = -bot._safety(view, (17, 6), {"mustard": 1.0})
    assert 0 < faded <= fear / 2
    attacked = dict(view, turn=99, log=[{"kind": "attack", "attacker": "white"}])
    bot.choose(attacked, game.legal_actions(0))
    assert bot.quiet == 0
    assert -bot._safety(view, (17, 6), {"mustard": 1.0}) == pytest.approx(fear)


def test_strong_hunters_fear_fades_to_nothing_in_a_long_stand_off() -> None:
    game = hunted_by_mustard()
    state = state_of(game)
    state.positions["scarlet"], state.positions["mustard"] = (17, 6), (17, 4)
    bot = strong_bot()
    view = game.view(0)
    quiet_turns(bot, game, int(bot.FADE) - 1)
    assert -bot._safety(view, (17, 6), {"mustard": 1.0}) > 0
    quiet_turns(bot, game, 1)
    assert bot._safety(view, (17, 6), {"mustard": 1.0}) == 0.0


def test_strong_hunter_moves_as_if_fearless_after_a_long_stand_off() -> None:
    def after_quiet(turns: int, caution: float) -> Action:
        game = hunted_by_mustard()
        state = state_of(game)
        state.positions["scarlet"], state.positions["mustard"] = (17, 6), (17, 4)
        bot = StrongHunterAgent(0, 1)
        bot.CAUTION = caution
        quiet_turns(bot, game, turns)
        script_dice(game, 6, 6)
        game.apply(Action.make(0, "roll"))
        return bot.choose(dict(game.view(0), turn=turns + 1), game.legal_actions(0))

    fade = int(StrongHunterAgent.FADE)
    fearless = after_quiet(fade, caution=0.0)
    # Fresh, its fear sends it elsewhere; after the stand-off it moves as if fearless.
    assert after_quiet(0, caution=1.0) != fearless
    assert after_quiet(fade, caution=1.0) == fearless
