"""The reinforcement-learning environments: PettingZoo's own API and seed
tests for every rule set, a fixed action space that holds every legal action,
observations that hold only what the seat may know, and the Gymnasium seat."""

from __future__ import annotations

import random
import subprocess
import sys
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from cluedo.deduction.knowledge import CardKnowledge
from cluedo.engine import Game, new_game
from cluedo.engine.action_space import ActionCatalog
from cluedo.env import SingleSeatEnv, configuration, env, raw_env
from cluedo.env.encoding import LIMIT, ActionNumbers, Encoder, Layout

RULE_SETS = ["classic", "clue-or-cruel", "clussassin", "killer-kloo-doo", "pendragon"]
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("rules", RULE_SETS)
def test_pettingzoo_api_test_passes(rules: str) -> None:
    api_test(env(rules=rules, players=3), num_cycles=300, verbose_progress=False)


@pytest.mark.parametrize("rules", RULE_SETS)
def test_pettingzoo_seed_test_passes(rules: str) -> None:
    seed_test(partial(env, rules=rules, players=3), num_cycles=100)


@pytest.mark.parametrize(
    ("rules", "players"),
    [(r, p) for r in RULE_SETS for p in (3, 5)] + [("killer-kloo-doo", 2), ("pendragon", 8)],
)
def test_every_legal_action_has_a_number_in_the_fixed_action_space(
    rules: str, players: int
) -> None:
    catalog = ActionCatalog(new_game(rules, players=players, seed=0).rules.action_shapes(players))
    checked = 0
    for seed in range(6):
        game = new_game(rules, players=players, seed=seed)
        rng = random.Random(seed)
        for _ in range(1500):
            if game.finished:
                break
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            numbers = [catalog.index(a) for a in legal]
            # Distinct actions get distinct numbers, and each number leads back to its action.
            assert len(set(numbers)) == len(legal)
            for action, number in zip(legal, numbers, strict=True):
                assert catalog.pick(number, legal) == action
            checked += len(legal)
            game.apply(rng.choice(legal))
    assert checked > 1000


@pytest.mark.parametrize("rules", RULE_SETS)
def test_the_remembered_masks_equal_numbering_every_legal_action(rules: str) -> None:
    # The masks reuse the numbers of lists' shared tails; they must never differ
    # from numbering each action, whatever the heads and tails of the lists.
    game = new_game(rules, players=4, seed=3)
    catalog = ActionCatalog(game.rules.action_shapes(4))
    numbers = ActionNumbers(catalog)
    rng = random.Random(3)
    seen: list[list[Any]] = []
    for _ in range(400):
        if game.finished:
            break
        legal = game.legal_actions(game.to_act()[0])
        seen.append(legal)
        game.apply(rng.choice(legal))
    # Real lists, then the same lists again in a shuffled order and cut at random.
    lists = seen + [rng.choice(seen)[rng.randrange(3) :] for _ in range(200)]
    for legal in lists:
        mask, kinds = numbers.mask(legal)
        assert sorted(np.flatnonzero(mask)) == sorted(catalog.index(a) for a in legal)
        assert kinds == {a.kind for a in legal}
        # A number leads back to its action, from the numbers just worked out or not.
        for action in [*legal[:20], *rng.sample(legal, min(len(legal), 5))]:
            assert numbers.pick(legal, catalog.index(action)) == action
        assert numbers.pick(legal, int(np.flatnonzero(mask == 0)[0])) is None


@pytest.mark.parametrize("rules", ["classic", "pendragon"])
def test_environments_of_one_configuration_share_masks_that_stay_right(rules: str) -> None:
    # Environments of one configuration share one memory of action numbers (the rule
    # set's action objects live from game to game); played in turn, with different
    # games, each mask must still be each seat's legal actions, and each number its action.
    first, second = raw_env(rules, 3), raw_env(rules, 3)
    assert first.numbers is second.numbers
    first.reset(seed=1)
    second.reset(seed=2)
    rng = random.Random(5)
    for _ in range(150):
        for e in (first, second):
            assert e.game is not None
            if e.game.finished:
                continue
            seat = e.agent_seat[e.agent_selection]
            mask = e.observe(e.agent_selection)["action_mask"]
            legal = e.game.legal_actions(seat)
            assert list(np.flatnonzero(mask)) == sorted({e.catalog.index(a) for a in legal})
            calm = [a for a in legal if a.kind != "accuse"] or legal
            chosen = rng.choice(calm)
            before = len(e.game.actions)
            e.step(e.catalog.index(chosen))
            assert e.game.actions[before] == chosen


def test_a_list_that_ends_like_a_remembered_one_but_differs_gets_its_own_mask() -> None:
    game = new_game("classic", players=3, seed=1)
    catalog = ActionCatalog(game.rules.action_shapes(3))
    numbers = ActionNumbers(catalog)
    accusations = [a for a in game.legal_actions(0) if a.kind == "accuse"]
    assert len(accusations) > ActionNumbers.SHORTEST
    first = list(accusations)
    numbers.mask(first)
    # The same last action, but one action in the middle replaced by a copy of another.
    changed = [*accusations[:5], accusations[7], *accusations[6:]]
    mask, _ = numbers.mask(changed)
    assert sorted(np.flatnonzero(mask)) == sorted({catalog.index(a) for a in changed})
    assert catalog.index(accusations[5]) not in set(np.flatnonzero(mask))


def test_a_set_of_cards_has_one_number_in_whatever_order_it_is_listed() -> None:
    from cluedo.engine.actions import Action

    catalog = ActionCatalog(new_game("killer-kloo-doo", players=3, seed=0).rules.action_shapes(3))
    one = Action.make(0, "assault", person="plum", cards=["2C", "9C", "KC"])
    other = Action.make(1, "assault", person="plum", cards=["KC", "2C", "9C"])
    assert catalog.index(one) == catalog.index(other)
    assert catalog.describe(catalog.index(one))["cards"] == ["2C", "9C", "KC"]


def test_an_action_outside_the_space_is_named_in_the_error() -> None:
    from cluedo.engine.actions import Action

    catalog = ActionCatalog(new_game("classic", players=3, seed=0).rules.action_shapes(3))
    with pytest.raises(ValueError, match=r"dance with .* is not in this action space"):
        catalog.index(Action.make(0, "dance", partner="plum"))


def test_the_same_configuration_always_numbers_actions_the_same_way() -> None:
    first = raw_env("pendragon", 4).catalog.keys
    again = ActionCatalog(new_game("pendragon", players=4, seed=99).rules.action_shapes(4)).keys
    assert first == again


def _swap_hidden_cards(game: Game) -> int:
    """Swap everything two other seats hold in secret (hands, or in Clussassin the
    cards and targets of their characters); returns one of the two seats."""
    state: Any = game.state
    if hasattr(state, "hands"):
        hands = state.hands
        sizes = [len(h) for h in hands]
        a, b = next(
            (a, b)
            for a in range(1, game.players)
            for b in range(a + 1, game.players)
            if sizes[a] == sizes[b] and sizes[a]
        )
        hands[a], hands[b] = hands[b], hands[a]
        return a
    ca, cb = state.characters[1], state.characters[2]
    for secret in (state.holdings, state.target):
        secret[ca], secret[cb] = secret[cb], secret[ca]
    return 1


@pytest.mark.parametrize("rules", ["classic", "pendragon", "killer-kloo-doo", "clussassin"])
def test_an_observation_does_not_change_with_cards_the_seat_cannot_see(rules: str) -> None:
    game = new_game(rules, players=4, seed=3)
    other = new_game(rules, players=4, seed=3)
    changed = _swap_hidden_cards(other)
    catalog = ActionCatalog(game.rules.action_shapes(4))
    layout = Layout(game, catalog)
    mine, theirs = Encoder(game, catalog, layout), Encoder(other, catalog, layout)
    np.testing.assert_array_equal(
        mine.observation(0, game.legal_actions(0)), theirs.observation(0, other.legal_actions(0))
    )
    np.testing.assert_array_equal(mine.mask(0)[0], theirs.mask(0)[0])
    # ...while a seat whose own cards changed does see it.
    assert not np.array_equal(
        mine.observation(changed, game.legal_actions(changed)),
        theirs.observation(changed, other.legal_actions(changed)),
    )


def test_an_illegal_number_is_refused_and_changes_nothing() -> None:
    e = raw_env("classic", 3)
    e.reset(seed=4)
    obs = e.observe(e.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = list(e.game.actions) if e.game else []
    with pytest.raises(ValueError, match="not legal for player_1 now"):
        e.step(illegal)
    assert e.game is not None and e.game.actions == before


def test_a_whole_game_ends_with_plus_one_for_winners_and_minus_one_for_the_rest() -> None:
    e = raw_env("clussassin", 3)
    e.reset(seed=2)
    rng = np.random.default_rng(2)
    final: dict[str, float] = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            final[agent] = reward
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert set(final) == set(e.possible_agents)
    assert e.game is not None and e.game.finished
    winners = {f"player_{s + 1}" for s in e.game.state.winners}
    assert {a for a, r in final.items() if r == 1.0} == winners
    assert all(r == -1.0 for a, r in final.items() if a not in winners)


def test_the_single_seat_environment_passes_gymnasiums_checker() -> None:
    check_env(SingleSeatEnv("classic", 3, bots=["random", "random"]), skip_render_check=True)


def test_the_single_seat_plays_a_game_against_bots_to_its_end() -> None:
    s = SingleSeatEnv("pendragon", 3, seat=1)
    obs, info = s.reset(seed=7)
    rng = np.random.default_rng(7)
    done, steps, reward = False, 0, 0.0
    last: dict[str, Any] = {}
    while not done:
        obs, reward, terminated, truncated, last = s.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
        done, steps = terminated or truncated, steps + 1
    assert s.game is not None and s.game.finished and steps > 0
    assert reward == (1.0 if last["won"] else -1.0)
    # Same seed, same game: the bots and the deal are reproduced.
    _, info_again = s.reset(seed=7)
    assert info_again["seed"] == info["seed"]


def test_an_illegal_number_in_the_single_seat_costs_the_penalty_and_changes_nothing() -> None:
    s = SingleSeatEnv("classic", 3)
    obs, _ = s.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    assert s.game is not None
    before = list(s.game.actions)
    again, reward, terminated, truncated, info = s.step(illegal)
    assert reward == -0.1 and not terminated and not truncated and "not legal" in info["illegal"]
    assert s.game.actions == before
    np.testing.assert_array_equal(again["action_mask"], obs["action_mask"])
    strict = SingleSeatEnv("classic", 3, illegal_penalty=None)
    strict.reset(seed=1)
    with pytest.raises(ValueError, match="not legal now"):
        strict.step(illegal)


def test_a_wrong_bot_or_seat_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="no bot 'genius' for classic; choose from"):
        SingleSeatEnv("classic", 3, bots=["genius", "random"])
    with pytest.raises(ValueError, match="seat must be from 0 to 2"):
        SingleSeatEnv("classic", 3, seat=3)


def test_the_training_example_runs() -> None:
    run = subprocess.run(
        [
            sys.executable,
            str(ROOT / "examples" / "train_reinforce.py"),
            "--episodes",
            "2",
            "--evaluate",
            "2",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    assert "learned policy wins" in run.stdout and "random legal play wins" in run.stdout


def _notebook(rules: str, odds: bool) -> tuple[Game, Layout, np.ndarray]:
    game = new_game(rules, players=4, seed=5)
    catalog = ActionCatalog(game.rules.action_shapes(4))
    layout = Layout(game, catalog, odds)
    encoder = Encoder(game, catalog, layout)
    vector = encoder.observation(0, game.legal_actions(0))
    return game, layout, layout.slice(vector, "notebook")


def test_the_notebook_part_marks_the_seats_own_cards_as_only_with_it() -> None:
    game, layout, book = _notebook("classic", odds=False)
    hand = game.view(0)["hand"]
    assert hand and book.shape == (21, 4 + 1)  # four seats and the envelope
    for card in hand:
        row = book[layout.card_index[card]]
        assert row[0] == 1.0 and row.sum() == 1.0
    others = [c for c in layout.cards if c not in hand]
    for card in others:
        row = book[layout.card_index[card]]
        assert row[0] == 0.0 and row[1:].sum() == 4.0  # any other seat, or the envelope


def test_the_notebook_part_with_odds_holds_each_cards_probabilities() -> None:
    game, layout, book = _notebook("classic", odds=True)
    np.testing.assert_allclose(book.sum(axis=1), 1.0, rtol=1e-6)
    envelope = layout.players
    assert book[:, envelope].sum() == pytest.approx(3.0)  # one card of each category
    for card in game.view(0)["hand"]:
        assert book[layout.card_index[card], 0] == 1.0


# -- the observation against a plain reference ------------------------------------------


class _PlainSeat:
    """A seat's notebook read the plain way: every event of its log, in order."""

    def __init__(self, game: Game, seat: int) -> None:
        reader = game.rules.card_reader(seat)
        self.book = CardKnowledge(reader) if reader is not None else None
        self.read = 0

    def follow(self, game: Game, seat: int) -> None:
        if self.book is not None:
            for event in game.log_for(seat, self.read):
                self.book.observe_event(event)
        self.read = len(game.events)


def _plain_observation(
    game: Game, layout: Layout, seat: int, plain: _PlainSeat, legal: list[Any]
) -> np.ndarray:
    """The observation built from nothing, part by part, from the seat's view."""
    view = game.rules.view(game.state, seat)
    plain.follow(game, seat)
    out = np.zeros(layout.size, dtype=np.float32)

    def put(name: str, index: Any, value: float = 1.0) -> None:
        layout.slice(out, name)[index] = value

    put("seat", seat)
    for s in game.to_act():
        put("to_act", s)
    for card in [*view.get("hand", ()), *view.get("playing_cards", ())]:
        if card in layout.token_index:
            put("hand", layout.token_index[card])
    away = len(layout.locations)

    def column(where: Any) -> int:
        key = tuple(where) if isinstance(where, list) else where
        return layout.location_index.get(key, away)

    for piece, where in (view.get("positions") or {}).items():
        if piece in layout.piece_index:
            put("pieces", (layout.piece_index[piece], column(where)))
    weapons = view.get("weapons") or {}
    for w, name in enumerate(layout.weapons):
        put("weapons", (w, column(weapons.get(name))))
    book = plain.book
    if book is not None and book.started and layout.places:
        numbered = [p for p in book.places if isinstance(p, int)]
        others = [p for p in book.places if not isinstance(p, int)]
        columns = {p: p for p in numbered} | {p: layout.players + k for k, p in enumerate(others)}
        for card, row in layout.card_index.items():
            if layout.odds:
                values = book.distribution(card)
            else:
                values = dict.fromkeys(book.possible(card), 1.0)
            for place, value in values.items():
                if columns.get(place, layout.places) < layout.places:
                    put("notebook", (row, columns[place]), value)
    counts = layout.slice(out, "counts")
    for f, name in enumerate(layout.count_fields):
        numbers = view.get(name)
        if isinstance(numbers, list) and len(numbers) == layout.players:
            counts[f] = np.clip(np.array(numbers, dtype=np.float64), -LIMIT, LIMIT)
    for kind in {a.kind for a in legal}:
        put("legal", layout.kind_index[kind])
    return out


@pytest.mark.parametrize(
    ("rules", "players", "odds", "actions"),
    # Killer Kloo Doo's action space takes seconds to build: one player count only.
    [(r, p, False, 400) for r in RULE_SETS for p in (3, 5) if r != "killer-kloo-doo"]
    + [("killer-kloo-doo", 3, False, 200)]
    + [(r, 3, True, 120) for r in RULE_SETS],
)
def test_each_observation_and_mask_equal_ones_built_from_nothing(
    rules: str, players: int, odds: bool, actions: int
) -> None:
    # The encoder keeps each seat's last vector, notebook block, masks of shared runs
    # and reads only the events its notebook uses; none of that may change a number.
    game = new_game(rules, players=players, seed=players)
    catalog, layout = configuration(rules, players, odds=odds)
    encoder = Encoder(game, catalog, layout)
    plain = [_PlainSeat(game, seat) for seat in range(players)]
    rng = random.Random(players)
    compared = 0
    for step in range(actions):
        if game.finished:
            break
        acting = game.to_act()[0]
        # The acting seat, and now and then a seat that is not asked anything.
        seats = [acting] + ([rng.randrange(players)] if step % 5 == 0 else [])
        for k, seat in enumerate(seats):
            # The environment's one pass for the acting seat, mask and observation apart
            # for the other.
            if k == 0:
                vector, mask = encoder.observe(seat)
                legal = encoder.legal(seat)
            else:
                mask, legal = encoder.mask(seat)
                vector = encoder.observation(seat, legal)
            assert legal == game.legal_actions(seat)
            assert list(np.flatnonzero(mask)) == sorted({catalog.index(a) for a in legal})
            np.testing.assert_array_equal(
                vector,
                _plain_observation(game, layout, seat, plain[seat], legal),
                err_msg=f"{rules}, step {step}, seat {seat}",
            )
            compared += 1
        legal = game.legal_actions(acting)
        calm = [a for a in legal if a.kind != "accuse"] or legal
        game.apply(rng.choice(calm))
    assert compared > min(actions, 100)


def test_a_changed_observation_does_not_change_the_next_one() -> None:
    e = raw_env("classic", 3)
    e.reset(seed=2)
    first = e.observe(e.agent_selection)
    again = e.observe(e.agent_selection)
    np.testing.assert_array_equal(first["observation"], again["observation"])
    first["observation"][:] = 7.0
    first["action_mask"][:] = 1
    third = e.observe(e.agent_selection)
    np.testing.assert_array_equal(third["observation"], again["observation"])
    np.testing.assert_array_equal(third["action_mask"], again["action_mask"])
