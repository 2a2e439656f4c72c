"""The sensible bot and its notebook: sound, never wrong, and careful with its cards."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from cluedo.agents import RandomAgent, make_agent
from cluedo.agents.match import ActionLimitReached, play_out, step_bots
from cluedo.agents.sensible import SensibleAgent
from cluedo.content import load_card_set
from cluedo.deduction import ContradictionError
from cluedo.deduction.knowledge import CardKnowledge
from cluedo.deduction.reading import EventReader
from cluedo.deduction.truth import check_game
from cluedo.engine import Action, Game, new_game

CATEGORIES = load_card_set("classic").by_category()


def _notebook(seat: int, categories: Mapping[str, Sequence[str]] = CATEGORIES) -> CardKnowledge:
    """The notebook a classic bot keeps for ``seat``."""
    return CardKnowledge(EventReader(seat, categories))


def _true_place(game: Game, card: str) -> int | str:
    return game.rules.card_places(game.state)[card]


CATEGORIES_CARDS = [c for cards in CATEGORIES.values() for c in cards]


def _wrong_accusations(game: Game) -> int:
    return sum(1 for e in game.events if e.kind == "accusation" and not e.data["correct"])


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_sensible_bot_never_accuses_wrongly_and_games_end(players: int) -> None:
    for seed in range(12):
        game = new_game("classic", players=players, seed=seed)
        agents = {s: make_agent("sensible", s, seed * 7 + s) for s in range(players)}
        play_out(game, agents)
        assert game.finished
        assert game.state.outcome == "solved"
        assert _wrong_accusations(game) == 0


def test_the_bots_notebook_never_rules_out_the_truth() -> None:
    """Follow every seat's log through whole games with the referee of
    :mod:`cluedo.deduction.truth`: each card's true place stays possible, and a
    solution the notebook gives is the true envelope."""
    for seed in range(8):
        game = new_game("classic", players=seed % 4 + 3, seed=seed)
        agents = {
            s: make_agent("sensible" if s % 2 else "random", s, seed) for s in range(game.players)
        }
        tally = check_game(game, agents, limit=3000)
        assert game.finished and tally.facts > 0


def test_notebook_uses_hand_sizes_and_the_one_per_category_rule() -> None:
    cats = {"suspect": ("a", "b", "c"), "weapon": ("d", "e"), "room": ("f", "g")}
    book = _notebook(0, cats)
    book.observe_event({"kind": "setup", "hand_sizes": [2, 2]})
    book.observe_event({"kind": "dealt", "seat": 0, "hand": ["a", "d"]})
    assert book.solution() is None
    # Seat 1 cannot hold b or g: with two cards it must hold c and one of the rest.
    book.observe_event(
        {"kind": "suggestion", "seat": 0, "suspect": "b", "weapon": "e", "room": "g"}
    )
    book.observe_event({"kind": "cannot_refute", "seat": 1, "suggester": 0})
    # b, e and g are in nobody's hand: the envelope.
    assert book.solution() == ("b", "e", "g")
    assert book.possible("c") == frozenset({1})
    assert book.possible("f") == frozenset({1})


def test_notebook_resolves_a_shown_card_it_did_not_see() -> None:
    cats = {"suspect": ("a", "b"), "weapon": ("c", "d"), "room": ("e", "f")}
    book = _notebook(0, cats)
    book.observe_event({"kind": "setup", "hand_sizes": [1, 1, 1]})
    book.observe_event({"kind": "dealt", "seat": 0, "hand": ["a"]})
    book.observe_event(
        {"kind": "suggestion", "seat": 2, "suspect": "a", "weapon": "c", "room": "e"}
    )
    book.observe_event({"kind": "card_shown", "seat": 1, "to": 2})
    # Seat 1 showed a, c or e without my seeing it; it is not a (mine).
    assert book.possible("a") == frozenset({0})
    book.observe_event(
        {"kind": "suggestion", "seat": 1, "suspect": "b", "weapon": "c", "room": "f"}
    )
    book.observe_event({"kind": "cannot_refute", "seat": 2, "suggester": 1})
    book.observe_event({"kind": "cannot_refute", "seat": 0, "suggester": 1})
    # c is not seat 2's; seat 1 cannot hold both c and e... still both open for seat 1.
    assert 1 in book.possible("c") and 1 in book.possible("e")


def test_notebook_reports_impossible_records() -> None:
    cats = {"suspect": ("a", "b"), "weapon": ("c", "d"), "room": ("e", "f")}
    book = _notebook(0, cats)
    book.observe_event({"kind": "setup", "hand_sizes": [1, 2]})
    book.observe_event({"kind": "dealt", "seat": 0, "hand": ["a"]})
    with pytest.raises(ContradictionError):
        book.observe_event({"kind": "card_shown", "seat": 1, "to": 0, "card": "a"})


def test_wrong_accusation_by_another_player_excludes_the_last_unknown_card() -> None:
    cats = {"suspect": ("a", "b"), "weapon": ("c", "d"), "room": ("e", "f")}
    book = _notebook(0, cats)
    book.observe_event({"kind": "setup", "hand_sizes": [2, 1]})
    book.observe_event({"kind": "dealt", "seat": 0, "hand": ["b", "d"]})
    # a and c must be in the envelope; (a, c, e) was wrong, so the room is f.
    book.observe_event(
        {
            "kind": "accusation",
            "seat": 1,
            "suspect": "a",
            "weapon": "c",
            "room": "e",
            "correct": False,
        }
    )
    assert book.solution() == ("a", "c", "f")


def _refuting_position(seed: int) -> tuple[Game, int, int]:
    """A game waiting for a refuter who holds at least two of the named cards."""
    for s in range(seed, seed + 500):
        game = new_game("classic", players=3, seed=s)
        state: Any = game.state
        suggester, refuter = state.current, (state.current + 1) % 3
        hand = state.hands[refuter]
        suspects = [c for c in hand if c in CATEGORIES["suspect"]]
        weapons = [c for c in hand if c in CATEGORIES["weapon"]]
        if suspects and weapons:
            state.positions[state.characters[suggester]] = "kitchen"
            state.decisions.top.context.update(stage="moved", entered="kitchen")
            game.apply(Action.make(suggester, "suggest", suspect=suspects[0], weapon=weapons[0]))
            return game, suggester, refuter
    raise AssertionError("no suitable deal found")


def test_sensible_bot_shows_a_card_the_suggester_has_already_seen() -> None:
    game, suggester, refuter = _refuting_position(1)
    bot = SensibleAgent(refuter, seed=0)
    options = game.legal_actions(refuter)
    assert len(options) >= 2
    already = options[-1]["card"]
    bot.shown[already] = {suggester}
    view = game.view(refuter)
    assert bot.choose(view, options)["card"] == already
    # Without that history it prefers the card from the largest category still unseen.
    fresh = SensibleAgent(refuter, seed=0)
    choice = fresh.choose(game.view(refuter), options)["card"]
    assert choice in [a["card"] for a in options]
    if any(a["card"] in CATEGORIES["room"] for a in options):
        assert choice in CATEGORIES["room"]


def test_sensible_bot_accuses_as_soon_as_it_is_certain() -> None:
    game = new_game("classic", players=3, seed=4)
    state: Any = game.state
    seat = state.current
    bot = SensibleAgent(seat, seed=0)
    view = game.view(seat)
    bot._follow(view)  # reads the deal
    assert bot.book is not None
    for card in state.envelope:
        bot.book.observe_event({"kind": "envelope_seen", "seat": seat, "envelope": [card]})
    action = bot.choose({**view, "log": []}, game.legal_actions(seat))
    assert action.kind == "accuse"
    assert (action["suspect"], action["weapon"], action["room"]) == tuple(state.envelope)


def test_sensible_bot_walks_toward_a_room_it_needs() -> None:
    game = new_game("classic", players=3, seed=2)
    seat = game.to_act()[0]
    game.apply(Action.make(seat, "roll"))
    bot = SensibleAgent(seat, seed=0)
    view = game.view(seat)
    choice = bot.choose(view, game.legal_actions(seat))
    board = bot.board
    assert board is not None
    start = board.node(board.starts[view["characters"][seat]])
    to = choice["to"]
    node = board.node(to)
    # The chosen square is at least as close to some room as where it started.
    nearest_before = min(board.distances_from(board.node(r))[start] for r in board.rooms)
    nearest_after = (
        0
        if isinstance(to, str)
        else min(board.distances_from(board.node(r))[node] for r in board.rooms)
    )
    assert nearest_after < nearest_before


def test_random_bot_picks_only_legal_actions() -> None:
    game = new_game("classic", players=4, seed=9)
    agents = {s: RandomAgent(s, seed=s) for s in range(4)}
    play_out(game, agents)
    assert game.finished


def test_step_bots_stops_when_a_person_must_act() -> None:
    game = new_game("classic", players=3, seed=5)
    agents = {1: make_agent("sensible", 1), 2: make_agent("sensible", 2)}
    step_bots(game, agents)
    assert game.finished or 0 in game.to_act()


def test_play_out_needs_a_bot_in_every_seat() -> None:
    game = new_game("classic", players=3, seed=5)
    with pytest.raises(ValueError, match="no bot for seats"):
        play_out(game, {0: make_agent("random", 0)})


def test_play_out_stops_a_game_that_never_ends() -> None:
    class Dawdler(RandomAgent):
        """Never accuses: rolls and ends turns forever."""

        def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
            safe = [a for a in legal if a.kind not in ("accuse", "suggest")]
            return safe[self.rng.randrange(len(safe))]

    game = new_game("classic", players=3, seed=5)
    with pytest.raises(ActionLimitReached):
        play_out(game, {s: Dawdler(s, seed=s) for s in range(3)}, limit=300)


def test_unknown_bot_name_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="detective, forgetful, random, sensible, strong"):
        make_agent("genius", 0)


def test_bots_are_deterministic_given_their_seeds() -> None:
    logs = []
    for _ in range(2):
        game = new_game("classic", players=5, seed=11)
        play_out(game, {s: make_agent("sensible", s, 100 + s) for s in range(5)})
        logs.append(game.full_log())
    assert logs[0] == logs[1]


def test_the_exact_count_agrees_with_the_fast_eliminations_and_knows_more() -> None:
    """The exact count never rules out what the sound eliminations keep, and never the truth."""
    for seed in range(3):
        game = new_game("classic", players=4, seed=seed)
        play_out(game, {s: make_agent("sensible", s, seed) for s in range(4)})
        for seat in range(4):
            book = _notebook(seat)
            for event in game.view(seat)["log"]:
                if event["kind"] == "game_over":
                    break
                book.observe_event(event)
            for card in CATEGORIES_CARDS:
                exact = frozenset(book.distribution(card))
                assert book.exact and exact <= book.possible(card)
                assert _true_place(game, card) in exact


def test_detective_accuses_only_when_certain_and_wins_a_game() -> None:
    game = new_game("classic", players=3, seed=21)
    play_out(game, {s: make_agent("detective" if s == 0 else "random", s, s) for s in range(3)})
    assert game.finished and _wrong_accusations_by(game, 0) == 0


def _wrong_accusations_by(game: Game, seat: int) -> int:
    return sum(
        1
        for e in game.events
        if e.kind == "accusation" and not e.data["correct"] and e.data["seat"] == seat
    )


@pytest.mark.parametrize("index", [10, 31, 42, 68])
def test_summoned_bots_do_not_suggest_in_a_ring_forever(index: int) -> None:
    """Games of `cluedo simulate --players 6 --seed 1` that once looped: each bot was
    summoned by the previous one's suggestion and suggested again at the start of its
    turn, summoning the next, for ever."""
    from cluedo.simulation.core import bot_seed, game_seed

    seed = game_seed(1, index)
    game = new_game("classic", players=6, seed=seed)
    play_out(game, {s: make_agent("sensible", s, bot_seed(seed, s)) for s in range(6)}, limit=5000)
    assert game.state.outcome == "solved"
