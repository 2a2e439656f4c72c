"""Leak test: no view, log entry or legal-action list for a seat names a card it cannot know.

What a seat knows is worked out here from the game's full record, independently
of the views: its own hand; the cards shown to it or by it; the envelope once it
has accused wrongly, or once the game is over (then everybody, spectators too).

Every view is serialised to JSON and walked. Card ids may appear anywhere that
*names* cards publicly without saying where they are - suggestions, accusations,
token and weapon positions (rooms are cards too). Any other occurrence, and in
particular every card in a secret-bearing field ("hand", "hands", "card",
"cards", "envelope"), must be a card the seat knows. New fields are therefore
treated as secret until someone decides otherwise here.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cluedo.content import load_card_set
from cluedo.engine import Game, new_game

CARD_IDS = frozenset(load_card_set("classic").ids)
SECRET_KEYS = frozenset({"hand", "hands", "card", "cards", "envelope"})
PUBLIC_KEYS = frozenset(
    {
        "suspect",  # suggestions and accusations name cards: no statement of location
        "weapon",
        "room",
        "characters",  # who plays whom
        "positions",  # where tokens stand (keys: suspects, values: rooms)
        "weapons",  # where weapons lie (keys: weapons, values: rooms)
        "piece",
        "to",  # token_moved / weapon_moved / moved / passage: a room
        "from",
        "entered",
        "destinations",
    }
)
Seat = int | None


def knowledge(game: Game) -> dict[Seat, set[str]]:
    """The cards each seat (None = spectator) may know now, from the full record."""
    known: dict[Seat, set[str]] = {s: set() for s in [None, *range(game.players)]}
    for event in game.full_log():
        kind = event["kind"]
        if kind == "dealt":
            known[event["seat"]] |= set(event["hand"])
        elif kind == "card_shown":
            known[event["seat"]].add(event["card"])
            known[event["to"]].add(event["card"])
        elif kind == "envelope_seen":
            known[event["seat"]] |= set(event["envelope"])
        elif kind == "game_over":
            for cards in known.values():
                cards |= set(event["envelope"])
    return known


def card_mentions(value: Any, key: str = "") -> Iterator[tuple[str, str]]:
    """(nearest key, card id) for every card id found as a string or a dict key.

    The nearest key is the nearest field name that is not itself a card id, so in
    ``{"weapons": {"rope": "hall"}}`` both cards are under "weapons".
    """
    if isinstance(value, dict):
        for k, v in value.items():
            if k in CARD_IDS:
                yield key, k
                yield from card_mentions(v, key)
            else:
                yield from card_mentions(v, k)
    elif isinstance(value, list):
        for item in value:
            yield from card_mentions(item, key)
    elif isinstance(value, str) and value in CARD_IDS:
        yield key, value


def assert_no_leak(payload: Any, seat: Seat, known: set[str], where: str) -> None:
    data = json.loads(json.dumps(payload))  # exactly what would be sent
    for key, card in card_mentions(data):
        if key in SECRET_KEYS or key not in PUBLIC_KEYS:
            assert card in known, f"{where}: seat {seat} is shown {card!r} under {key!r}"


def watch(game: Game) -> Callable[[Game], None]:
    """An ``on_step`` hook that checks every seat's view, its new log and its actions."""
    cursors: dict[Seat, int] = {}

    def check(game: Game) -> None:
        known = knowledge(game)
        for seat in [None, *range(game.players)]:
            view = game.view(seat, log_since=cursors.get(seat, 0))
            cursors[seat] = view["log_end"]
            assert_no_leak(view, seat, known[seat], f"view at step {len(game.actions)}")
            if seat is not None:
                actions = [a.to_json() for a in game.legal_actions(seat)]
                assert_no_leak(actions, seat, known[seat], "legal actions")
                assert set(view["hand"]) == set(game.state.hands[seat])  # type: ignore[attr-defined]
            else:
                assert view["hand"] == []

    return check


@pytest.mark.parametrize("seed", range(8))
def test_no_view_names_a_card_its_seat_cannot_know(seed: int, play: Callable[..., Game]) -> None:
    players = 3 + seed % 4
    game = new_game("classic", players=players, seed=1000 + seed)
    play(game, random.Random(seed), on_step=watch(game))
    # After the game: the envelope is public, hands stay private.
    known = knowledge(game)
    for seat in [None, *range(players)]:
        view = game.view(seat)
        assert view["envelope"] == list(game.state.envelope)  # type: ignore[attr-defined]
        assert_no_leak(view, seat, known[seat], "final view")


def test_the_check_catches_a_leak() -> None:
    # The detector itself: another seat's hand in a view must be reported.
    game = new_game("classic", players=3, seed=5)
    known = knowledge(game)
    other = list(game.state.hands[1])  # type: ignore[attr-defined]
    with pytest.raises(AssertionError, match="under 'hand'"):
        assert_no_leak({"hand": other}, 0, known[0], "planted")
    with pytest.raises(AssertionError, match="under 'note'"):
        assert_no_leak({"log": [{"note": other[0]}]}, 0, known[0], "planted")
    with pytest.raises(AssertionError, match="under 'envelope'"):
        assert_no_leak({"envelope": list(game.state.envelope)}, None, known[None], "planted")  # type: ignore[attr-defined]
    # Publicly naming a card is fine.
    assert_no_leak({"suspect": other[0], "weapons": {"rope": "hall"}}, 0, known[0], "public")


def test_cards_shown_reach_only_the_two_players() -> None:
    # Play until a card has been shown, then look at every seat's copy of that event.
    game = new_game("classic", players=4, seed=3)
    rng = random.Random(3)
    while not any(e.kind == "card_shown" for e in game.events):
        seat = game.to_act()[0]
        legal = [a for a in game.legal_actions(seat) if a.kind != "accuse"]
        suggest = [a for a in legal if a.kind == "suggest"]
        game.apply(suggest[0] if suggest else legal[rng.randrange(len(legal))])
    shown = next(e for e in game.events if e.kind == "card_shown")
    by, to, card = shown.data["seat"], shown.data["to"], shown.secret["card"]
    for seat in [None, *range(4)]:
        entry = next(x for x in game.view(seat)["log"] if x["kind"] == "card_shown")
        assert ("card" in entry) == (seat in (by, to))
        if seat in (by, to):
            assert entry["card"] == card
