"""The sensible bot's shortcuts choose exactly what the plain computation chooses.

Only the cards that can still come out on top once its tie-breaking numbers are added
are looked at; what it works out from a set of places (and a category's choices) is
kept for every bot of every game; the moves are weighed all at once; the notebook
reads what happened since the bot's last turn in one batch, without a call per
event (and not at all for a forced choice, until the next real one), and its
propagator recognises an answer it knows already by the type of the observation.
These tests hold each shortcut to the long way.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cluedo.agents import make_agent, sensible
from cluedo.agents.base import card_knowledge
from cluedo.deduction.observations import HasNone, HasOneOf, Observation, Shown
from cluedo.deduction.propagator import Propagator
from cluedo.engine import Action, Game, new_game


def _sensible(seat: int, seed: int) -> Any:
    return make_agent("sensible", seat, seed)


def _play(players: int, seed: int, make: Callable[[int, int], Any] = _sensible) -> list[Action]:
    """The actions of one seeded game between bots of one kind, ``make(seat, seed)``."""
    game = new_game("classic", players=players, seed=seed)
    agents = {s: make(s, seed * 10 + s) for s in range(players)}
    for _, agent, view, legal in _turns(game, agents):
        game.apply(agent.choose(view, legal))
    return list(game.actions)


def _turns(game: Game, agents: dict[int, Any]) -> Iterator[tuple[int, Any, Any, list[Action]]]:
    """Each decision of ``game`` to its end, as the simulator hands it to a bot: the
    seat, its bot, its view (the log since the bot's last call) and the legal actions.
    The caller applies an action before asking for the next."""
    while not game.finished:
        seat = game.to_act()[0]
        agent = agents[seat]
        view = game.view(seat, log_since=agent.log_cursor)
        agent.log_cursor = view["log_end"]
        yield seat, agent, view, game.legal_actions(seat)


@pytest.mark.parametrize(("players", "seed"), [(6, 1), (6, 2), (4, 3), (3, 4)])
def test_the_bot_chooses_as_it_does_drawing_one_number_per_card(
    players: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With numbers drawn one by one every card that may be named is weighed with its
    number added (the plain computation); the fast path weighs only the cards close
    enough to the best to win. The games must be the same action for action."""
    fast = _play(players, seed)
    monkeypatch.setattr(sensible, "CONTENDERS_ONLY", False)
    assert _play(players, seed) == fast


def _move_one_by_one(agent: sensible.SensibleAgent, view: Any, moves: list[Action]) -> Action:
    """The move chosen by asking :meth:`_prospect` about each one (the long way)."""
    best, best_score = moves[0], float("-inf")
    for action in moves:
        to = action["to"]
        score = agent._prospect(to)
        if type(to) is str and agent._question_value(to) > 0.0:
            score += agent.ASK_NOW
        score += agent.rng.random() * 0.01
        if score > best_score:
            best, best_score = action, score
    return best


@pytest.mark.parametrize(("players", "seed"), [(6, 5), (3, 6)])
def test_weighing_all_moves_at_once_chooses_the_move_prospect_by_prospect_does(
    players: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast = _play(players, seed)
    monkeypatch.setattr(sensible.SensibleAgent, "_move", _move_one_by_one)
    assert _play(players, seed) == fast


@pytest.mark.parametrize(("players", "seed"), [(6, 3), (4, 8)])
def test_reading_the_log_in_batches_plays_the_game_reading_event_by_event_does(
    players: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot takes in what happened since its last turn at once (the eliminations
    drawn once per batch); event by event, the notebook reaches the same places, so
    the bot plays the same game."""

    def read_event_by_event(self: sensible.SensibleAgent, log: list[dict[str, Any]]) -> None:
        assert self.book is not None
        self.book.observe_events(log)

    batched = _play(players, seed)
    monkeypatch.setattr(sensible.SensibleAgent, "_read", read_event_by_event)
    assert _play(players, seed) == batched


@pytest.mark.parametrize(("players", "seed"), [(6, 13), (4, 14), (3, 15)])
def test_a_forced_choice_left_unread_plays_the_game_reading_at_every_choice_does(
    players: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ending the turn or showing the only card held is taken without reading the log
    into the notebook (it is read at the next real choice, in one batch); read at every
    call, with the same tie-break drawn for a lone card to show, the game is the same."""
    unread = _play(players, seed)
    monkeypatch.setattr(sensible, "_FORCED", frozenset())
    assert _play(players, seed) == unread


def test_a_forced_choice_keeps_the_log_for_the_next_real_choice() -> None:
    game = new_game("classic", players=6, seed=16)
    agents = {s: make_agent("sensible", s, s) for s in range(6)}
    forced = deferred = 0
    for seat, agent, view, legal in _turns(game, agents):
        assert isinstance(agent, sensible.SensibleAgent)
        unread_before = len(agent._unread)
        seen = game.log_for(seat)  # everything the seat has seen when it chooses
        game.apply(agent.choose(view, legal))
        if len(legal) == 1 and legal[0].kind in sensible._FORCED:
            forced += 1
            # The log waits, whole and in order, with what waited before it.
            assert len(agent._unread) == unread_before + len(view["log"])
            deferred += bool(view["log"])
        else:
            # A real choice read everything: the notebook is that of the whole log.
            assert agent._unread == []
            assert agent.book is not None
            whole = card_knowledge({"rules": "classic", "options": None}, seat)
            whole.observe_events(seen)
            assert agent.book.every_possible() == whole.every_possible()
    assert forced > 20 and deferred > 10


def test_what_the_bots_keep_for_every_game_does_not_change_their_choices(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game played with the shared tables empty, and after other games filled them,
    is the same game (they hold only what a set of places always gives)."""
    monkeypatch.setattr(sensible, "_DESCRIBED", {})
    monkeypatch.setattr(sensible, "_CHOICES_SEEN", {})
    first = _play(6, 7)
    _play(5, 8)
    _play(6, 9)
    assert _play(6, 7) == first
    monkeypatch.setattr(sensible, "_SEEN_LIMIT", 3)  # emptied over and over
    assert _play(6, 7) == first


def test_the_kept_choices_are_what_listing_them_again_gives() -> None:
    game = new_game("classic", players=6, seed=11)
    agents = {s: make_agent("sensible", s, s) for s in range(6)}
    checked = 0
    for _, agent, view, legal in _turns(game, agents):
        game.apply(agent.choose(view, legal))
        assert isinstance(agent, sensible.SensibleAgent)
        for category, kept in agent._choices_by_category.items():
            cards = (*agent.categories[category], *agent.fillers.get(category, ()))
            assert kept == agent._list_choices(category, cards)
            checked += 1
        for card, places in agent._places.items():
            about = agent._describe(places)
            assert agent._block[card] == about[0]
            assert agent._worth.get(card, ()) == (about[2] if about[1] is not None else ())
    assert checked > 20


def _known_plain(book: Propagator, obs: Observation) -> bool:
    """The check as it was: by isinstance, for every card named."""
    if not isinstance(obs, HasNone | HasOneOf | Shown):
        return False
    place = book._shape.name_index.get(obs.player)
    if place is None:
        return False
    bit = 1 << place
    index, mask = book._shape.card_index, book._mask
    names = (obs.card,) if isinstance(obs, Shown) else obs.cards
    found = [index.get(card) for card in names]
    cards = [c for c in found if c is not None]
    if len(cards) < len(found):
        return False
    if isinstance(obs, HasNone):
        return not any(mask[c] & bit for c in cards)
    return any(mask[c] == bit for c in cards)


def _seat_logs(game: Game) -> dict[int, list[dict[str, Any]]]:
    return {seat: game.log_for(seat) for seat in range(game.players)}


def test_a_known_answer_is_recognised_as_the_plain_check_does() -> None:
    rng = random.Random(5)
    for seed in range(3):
        game = Game("classic", 6, seed)
        for seat, log in _seat_logs(game).items():
            book = card_knowledge({"rules": "classic", "options": None}, seat)
            book.observe_events(log)
            fast = book.fast
            assert fast is not None
            cards = [*fast.cards, "not-a-card"]
            players = [str(p) for p in range(6)] + ["envelope", "nobody"]
            for _ in range(300):
                player = rng.choice(players)
                named = tuple(rng.sample(cards, 3))
                for obs in (
                    HasNone(player, named),
                    HasOneOf(player, named),
                    Shown(player, named[0]),
                ):
                    assert fast._known_already(obs) == _known_plain(fast, obs)


def _played_logs(seed: int) -> tuple[Game, list[Action]]:
    actions = _play(6, seed)
    game = Game("classic", 6, seed)
    for action in actions:
        game.apply(action)
    return game, actions


def test_reading_a_log_at_once_equals_reading_it_event_by_event() -> None:
    game, _ = _played_logs(12)
    for seat, log in _seat_logs(game).items():
        together = card_knowledge({"rules": "classic", "options": None}, seat)
        one_by_one = card_knowledge({"rules": "classic", "options": None}, seat)
        for start in range(0, len(log), 7):  # in pieces, as a bot is handed them
            together.observe_events(log[start : start + 7])
            for event in log[start : start + 7]:
                one_by_one.observe_event(event)
            assert together.every_possible() == one_by_one.every_possible()
            assert together.version == one_by_one.version
        assert together.solution() == one_by_one.solution()
        for card in ("plum", "rope", "hall"):
            assert together.distribution(card) == one_by_one.distribution(card)


def test_notebooks_with_the_same_cards_and_places_share_their_shape() -> None:
    game = Game("classic", 6, 3)
    books = [card_knowledge({"rules": "classic", "options": None}, s) for s in range(6)]
    for seat, book in enumerate(books):
        book.observe_events(game.log_for(seat))
    shapes = {id(book.fast._shape) for book in books if book.fast is not None}
    assert len(shapes) == 1
    small = Game("classic", 3, 3)
    other = card_knowledge({"rules": "classic", "options": None}, 0)
    other.observe_events(small.log_for(0))
    assert other.fast is not None and books[0].fast is not None
    assert other.fast._shape is not books[0].fast._shape  # three seats: other places


def _plain_prospect(agent: sensible.SensibleAgent, location: Any, exclude: Any = None) -> float:
    """The walk-weighed prospect as a loop over the rooms worth asking in (the long way)."""
    assert agent.board is not None
    node = agent.board.node(location if isinstance(location, str) else tuple(location))
    best = float("-inf")
    for room in agent._rooms():
        value = agent._question_value(room)
        if value > 0.0 and room != exclude:
            distances = agent.board.distances_from(agent.board.node(room))
            best = max(best, value - agent.STEP_COST * distances[node])
    return best if best > float("-inf") else 0.0


def _full_snapshot(agent: sensible.SensibleAgent, view: dict[str, Any]) -> tuple[Any, ...]:
    """The decision's snapshot taken from nothing (no earlier snapshot to update)."""
    fresh = sensible.SensibleAgent(agent.seat)
    fresh.book, fresh.categories, fresh.fillers = agent.book, agent.categories, agent.fillers
    fresh._begin_decision(view)
    return fresh._places, fresh._block, fresh._positions, fresh._worth


def test_snapshots_updated_card_by_card_equal_snapshots_taken_afresh() -> None:
    """A decision's snapshot looks again only at the cards whose places changed since the
    last one; every part of it must equal a snapshot taken from nothing, and the bots'
    shortcuts for walks, shown cards, questions and places must equal the long way."""
    game = new_game("classic", players=6, seed=21)
    agents = {s: make_agent("sensible", s, 40 + s) for s in range(6)}
    checked = 0
    for seat, agent, view, legal in _turns(game, agents):
        assert isinstance(agent, sensible.SensibleAgent)
        action = agent.choose(view, legal)
        if agent._order:  # it has taken a snapshot
            agent._begin_decision(view)
            assert (agent._places, agent._block, agent._positions, agent._worth) == (
                _full_snapshot(agent, view)
            )
            assert agent.book is not None
            every = agent.book.every_possible()
            plain = {c: every[c] for cs in agent.categories.values() for c in cs}
            assert agent._all_places() == plain
            for move in legal:
                if move.kind == "move":
                    assert agent._prospect(move["to"]) == _plain_prospect(agent, move["to"])
            here = view["positions"][view["characters"][seat]]
            assert agent._prospect(here, exclude=here) == _plain_prospect(agent, here, here)
            suggestions = [a for a in legal if a.kind == "suggest"]
            if suggestions and isinstance(here, str):
                rng = agent.rng.getstate()
                _, suspect, weapon = agent._best_question(here)
                wanted = Action(seat, "suggest", (("suspect", suspect), ("weapon", weapon)))
                chosen = agent._suggest(agent.book, suggestions, here)
                assert chosen == (wanted if wanted in suggestions else suggestions[0])
                agent.rng.setstate(rng)
            checked += 1
        for cards in agent.categories.values():
            for card in cards:
                plain_size = next(len(c) for c in agent.categories.values() if card in c)
                assert agent._size_of_category(card) == plain_size
        game.apply(action)
    assert checked > 30


def test_every_possible_equals_the_places_of_each_card_one_by_one() -> None:
    game, _ = _played_logs(14)
    for seat, log in _seat_logs(game).items():
        book = card_knowledge({"rules": "classic", "options": None}, seat)
        for start in range(0, len(log), 5):
            book.observe_events(log[start : start + 5])
            fast = book.fast
            assert fast is not None
            fast._shape.sets.clear()  # places never asked about before
            assert fast.every_possible() == {c: fast.possible(c) for c in fast.cards}
            assert list(fast.every_possible()) == list(fast.cards)
            assert fast.every_possible() == {c: fast.possible(c) for c in fast.cards}


class _AsksEveryTime(sensible.SensibleAgent):
    """The sensible bot asking the notebook for the solution at every decision, as it
    did before it asked only when an accusation may be made."""

    def choose(self, view: dict[str, Any], legal: Any) -> Action:
        self._follow(view)
        assert self.book is not None
        if "show" not in {a.kind for a in legal}:
            self.book.solution()
        return super().choose({**view, "log": []}, legal)


@pytest.mark.parametrize(("players", "seed"), [(6, 31), (6, 32), (4, 33), (3, 34)])
def test_asking_for_the_solution_only_when_it_may_accuse_plays_the_same_game(
    players: int, seed: int
) -> None:
    """The exact count answers the same whenever it is asked, so asking only when an
    accusation is legal must give the same accusations on the same turns."""

    every_time = _play(players, seed, _AsksEveryTime)
    assert any(a.kind == "accuse" for a in every_time)
    assert every_time == _play(players, seed)
