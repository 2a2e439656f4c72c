"""The ``notebook`` command of ``cluedo engine``: a seat's notebook from its own log.

The checks drive :class:`~cluedo.protocol.server.Engine` in process (the
stream loop around it is tested in test_protocol.py), round-trip every reply
through JSON as a client reads it, and check it against the schema.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from cluedo.agents.registry import make_agent
from cluedo.deduction.knowledge import CardKnowledge
from cluedo.engine import Game, registry
from cluedo.engine.registry import available, make_rules
from cluedo.protocol import server as protocol
from cluedo.protocol.schema import problems
from cluedo.protocol.server import Engine, place_probabilities
from cluedo.rules.classic.rules import ClassicRules

NO_NOTEBOOK = "has no card notebook"


def ask(engine: Engine, cmd: str, **fields: Any) -> dict[str, Any]:
    """A request as a client sends it; the reply as a client reads it, schema-checked."""
    request = {"cmd": cmd, **fields}
    reply: dict[str, Any] = json.loads(json.dumps(engine.handle(request)))
    assert problems(reply, "reply") == [], reply
    return reply


def notebook(engine: Engine, gid: str, seat: int) -> dict[str, Any]:
    assert problems({"cmd": "notebook", "game": gid, "seat": seat}, "request") == []
    reply = ask(engine, "notebook", game=gid, seat=seat)
    assert reply["ok"] is True, reply
    assert reply["game"] == gid and reply["seat"] == seat
    return reply["notebook"]  # type: ignore[no-any-return]


def error(engine: Engine, code: str, **fields: Any) -> str:
    reply = ask(engine, "notebook", **fields)
    assert reply["ok"] is False and reply["error"]["code"] == code, reply
    return reply["error"]["message"]  # type: ignore[no-any-return]


def own_knowledge(game: Game, seat: int, upto: int | None = None) -> CardKnowledge:
    """The notebook built straight from ``seat``'s log (its first ``upto`` events of the
    game, or all), to compare the reply with."""
    reader = game.rules.card_reader(seat)
    assert reader is not None
    book = CardKnowledge(reader)
    events = game.events[:upto] if upto is not None else game.events
    book.observe_events(seen for event in events if (seen := event.for_seat(seat)) is not None)
    return book


def certainties(reply: dict[str, Any]) -> set[tuple[str, str]]:
    """The (card, place) pairs a reply says are certain."""
    return {
        (card, place)
        for card, odds in reply["cards"].items()
        for place, p in odds.items()
        if p == 1
    }


def assert_matches(reply: dict[str, Any], book: CardKnowledge) -> None:
    """The reply says what ``book`` knows: every certainty as exactly 1.0 or a missing
    key, every doubt as the same probability strictly between 0 and 1."""
    assert reply["places"] == list(book.places)
    assert reply["exact"] is book.exact
    assert (reply["why_estimated"] is None) is book.exact
    cards = [c for names in book.categories.values() for c in names]
    assert list(reply["cards"]) == cards
    keys = {str(place): place for place in book.places}
    for card in cards:
        odds = reply["cards"][card]
        expected = book.distribution(card)
        assert set(odds) <= set(keys), (card, odds)
        assert math.isclose(sum(odds.values()), 1.0, abs_tol=1e-9), (card, odds)
        for key, place in keys.items():
            status = book.status(card, place)
            if status is False:
                assert key not in odds, (card, place, odds)
            elif status is True:
                assert odds == {key: 1.0} and type(odds[key]) is float, (card, place, odds)
            else:
                assert 0 < odds[key] < 1, (card, place, odds)
                assert math.isclose(odds[key], expected[place], abs_tol=1e-12)


def play(game: Game, agents: dict[int, Any], actions: int) -> None:
    for _ in range(actions):
        if game.finished:
            return
        seat = game.to_act()[0]
        agent = agents[seat]
        view = game.view(seat, log_since=agent.log_cursor)
        agent.log_cursor = view["log_end"]
        game.apply(agent.choose(view, game.legal_actions(seat)))


def opened(engine: Engine, rules: str = "classic", players: int = 4, seed: int = 3) -> str:
    reply = ask(engine, "new", rules=rules, players=players, seed=seed)
    assert reply["ok"] is True, reply
    return reply["game"]  # type: ignore[no-any-return]


def test_classic_notebook_matches_the_seat_own_knowledge_and_the_truth_all_game() -> None:
    engine = Engine()
    gid = opened(engine, players=4, seed=5)
    game = engine.games[gid]
    agents = {s: make_agent("sensible", s, seed=5) for s in range(4)}
    seen_doubt = seen_deduced = False
    for check in range(40):
        truth = game.rules.card_places(game.state)
        for seat in range(4):
            # Asked all game long, the engine keeps each seat's notebook and reads on.
            reply = notebook(engine, gid, seat)
            if check % 3 == 0 or game.finished:
                assert_matches(reply, own_knowledge(game, seat))
            assert reply["places"] == [0, 1, 2, 3, "envelope"]
            assert reply["exact"] is True and reply["why_estimated"] is None
            for card, odds in reply["cards"].items():
                assert str(truth[card]) in odds  # the true place is never ruled out
            for card, place in certainties(reply):
                assert str(truth[card]) == place  # and every certainty is true
            hand = set(game.state.hands[seat])  # type: ignore[attr-defined]
            seen_deduced |= any(
                place != str(seat) for card, place in certainties(reply) if card not in hand
            )
            seen_doubt |= any(len(odds) > 1 for odds in reply["cards"].values())
        if game.finished:
            break
        play(game, agents, 20)
    assert game.finished, "the game should end within the checks"
    assert seen_doubt and seen_deduced  # the checks saw both kinds of answer
    status = ask(engine, "to_act", game=gid)
    reply = ask(engine, "notebook", game=gid, seat=0)
    assert {k: reply[k] for k in ("to_act", "finished", "log_end")} == {
        k: status[k] for k in ("to_act", "finished", "log_end")
    }


def test_the_engine_keeps_few_notebooks_and_forgets_a_closed_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(protocol, "KEPT_NOTEBOOKS", 2)
    engine = Engine()
    gid = opened(engine, players=3, seed=6)
    game = engine.games[gid]
    agents = {s: make_agent("sensible", s, seed=6) for s in range(3)}
    first = {seat: notebook(engine, gid, seat) for seat in range(3)}
    assert list(engine.notebooks) == [(gid, 1), (gid, 2)]  # the least recent went first
    play(game, agents, 40)
    for seat in (0, 1):  # 0 is read afresh, 1 reads on from where it stopped
        reply = notebook(engine, gid, seat)
        assert reply != first[seat]
        assert_matches(reply, own_knowledge(game, seat))
    assert list(engine.notebooks) == [(gid, 0), (gid, 1)]
    ask(engine, "close", game=gid)
    assert engine.notebooks == {}


def test_at_the_deal_a_seat_is_certain_of_its_own_hand_only() -> None:
    engine = Engine()
    gid = opened(engine, players=3, seed=7)
    game = engine.games[gid]
    for seat in range(3):
        reply = notebook(engine, gid, seat)
        hand = game.state.hands[seat]  # type: ignore[attr-defined]
        assert certainties(reply) == {(card, str(seat)) for card in hand}
        for card, odds in reply["cards"].items():
            if card not in hand:
                assert str(seat) not in odds and set(odds) == {"0", "1", "2", "envelope"} - {
                    str(seat)
                }


def test_a_card_shown_between_two_other_seats_stays_hidden_from_the_third() -> None:
    engine = Engine()
    gid = opened(engine, players=3, seed=8)
    game = engine.games[gid]
    agents = {s: make_agent("sensible", s, seed=8) for s in range(3)}
    shown = None
    while shown is None and not game.finished:
        before = len(game.events)
        play(game, agents, 1)
        for event in game.events[before:]:
            full = event.full()
            if full["kind"] != "card_shown" or 0 in (full["seat"], full["to"]):
                continue
            # Take a suggestion none of whose cards seat 0 had placed at the refuter: the
            # event tells seat 0 that the refuter holds one of three, not which.
            asked = next(e.full() for e in reversed(game.events) if e.kind == "suggestion")
            named = [asked["suspect"], asked["weapon"], asked["room"]]
            book = own_knowledge(game, 0, upto=before)
            if all(book.status(c, full["seat"]) is None for c in named):
                shown = full
    assert shown is not None, "seats 1 and 2 never showed each other a card seat 0 could not place"
    card, giver, receiver = shown["card"], str(shown["seat"]), shown["to"]
    assert notebook(engine, gid, receiver)["cards"][card] == {giver: 1.0}
    mine = notebook(engine, gid, 0)
    assert 0 < mine["cards"][card][giver] < 1  # seat 0 saw only that some card changed hands
    assert_matches(mine, own_knowledge(game, 0))


def test_bad_notebook_requests_get_the_usual_errors_and_change_nothing() -> None:
    engine = Engine()
    gid = opened(engine, players=3, seed=2)
    game = engine.games[gid]
    before = (game.save(), len(game.events))
    assert "open games: g1" in error(engine, "unknown-game", game="g9", seat=0)
    assert "0 to 2" in error(engine, "bad-request", game=gid, seat=3)
    assert "must be 0 or more" in error(engine, "bad-request", game=gid, seat=-1)
    assert "'seat' must be an integer" in error(engine, "bad-request", game=gid, seat="0")
    error(engine, "bad-request", game=gid, seat=True)
    error(engine, "bad-request", game=gid, seat=None)
    error(engine, "bad-request", game=gid, seat=1.0)
    assert "needs 'seat'" in error(engine, "bad-request", game=gid)
    assert "needs 'game'" in error(engine, "bad-request", seat=0)
    assert "'game' must be a string" in error(engine, "bad-request", game=1, seat=0)
    assert "'bot'" in error(engine, "bad-request", game=gid, seat=0, bot="random")
    assert (game.save(), len(game.events)) == before
    # The schema refuses the same requests.
    bad_requests: list[dict[str, Any]] = [
        {"game": gid},
        {"seat": 0},
        {"game": gid, "seat": -1},
        {"game": gid, "seat": "0"},
    ]
    for bad in bad_requests:
        assert problems({"cmd": "notebook", **bad}, "request") != [], bad


class BlindRules(ClassicRules):
    """The classic game without a card notebook, for the error every such rule set gives."""

    name = "blind"
    title = "Blind"

    def card_reader(self, seat: int | None) -> None:  # type: ignore[override]
        return None


def test_a_rule_set_without_a_notebook_says_so_and_names_those_with_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(registry._RULES, "blind", BlindRules)
    monkeypatch.setattr(registry, "_INSTANCES", dict(registry._INSTANCES))
    engine = Engine()
    gid = opened(engine, rules="blind", players=3)
    message = error(engine, "bad-request", game=gid, seat=0)
    assert "blind has no card notebook" in message
    having = [n for n in available() if make_rules(n).card_reader(0) is not None]
    assert "classic" in having and "blind" not in having
    assert message.endswith("rule sets with one: " + ", ".join(having))


@pytest.mark.parametrize("rules", available())
def test_every_rule_set_answers_notebook_or_says_it_has_none(rules: str) -> None:
    engine = Engine()
    info = ask(engine, "hello")["rules"]
    players = next(r["min_players"] for r in info if r["name"] == rules)
    gid = opened(engine, rules=rules, players=players, seed=4)
    game = engine.games[gid]
    agents = {s: make_agent("random", s, seed=4, rules=rules) for s in range(game.players)}
    for _ in range(3):
        for seat in range(game.players):
            reply = ask(engine, "notebook", game=gid, seat=seat)
            if game.rules.card_reader(seat) is None:
                assert reply["ok"] is False and reply["error"]["code"] == "bad-request"
                assert NO_NOTEBOOK in reply["error"]["message"]
                continue
            assert reply["ok"] is True, reply
            book = reply["notebook"]
            assert set(range(game.players)) <= set(book["places"])
            assert_matches(book, own_knowledge(game, seat))
        play(game, agents, 15)


def test_the_schema_takes_a_notebook_reply_and_refuses_a_malformed_one() -> None:
    good: dict[str, Any] = {
        "ok": True,
        "cmd": "notebook",
        "game": "g1",
        "seat": 0,
        "notebook": {
            "places": [0, 1, "envelope", "pile"],
            "cards": {"a": {"0": 1.0}, "b": {"1": 0.5, "pile": 0.5}},
            "exact": False,
            "why_estimated": "the exact count does not cover this game's cards",
        },
        "to_act": [0],
        "finished": False,
        "outcome": None,
        "winners": [],
        "log_end": 5,
    }
    assert problems(good, "reply") == []
    note = good["notebook"]
    for bad in [
        {**note, "cards": {"a": {"0": 1.5}}},
        {**note, "cards": {"a": {"0": -0.1}}},
        {**note, "cards": {"a": {"0": "1"}}},
        {**note, "cards": {"a": [0, 1.0]}},
        {**note, "places": [0, None]},
        {**note, "exact": "yes"},
        {k: v for k, v in note.items() if k != "why_estimated"},
        {**note, "extra": 1},
    ]:
        assert problems({**good, "notebook": bad}, "reply") != [], bad


def test_notebook_as_a_line_of_json_text() -> None:
    engine = Engine()
    gid = opened(engine, players=3, seed=7)
    line = json.dumps({"cmd": "notebook", "id": "n1", "game": gid, "seat": 2})
    reply = json.loads(json.dumps(engine.handle_line(line)))
    assert problems(reply, "reply") == [] and reply["id"] == "n1" and reply["ok"] is True
    assert_matches(reply["notebook"], own_knowledge(engine.games[gid], 2))
    assert reply["log_end"] == len(engine.games[gid].events)


class EstimatedBook:
    """A notebook whose estimate rounds to 1 and 0 for a card still in doubt."""

    exact = False
    places = (0, 1, "envelope")

    def distribution(self, card: str) -> dict[Any, float]:
        return {0: 1.0, 1: 0.0} if card == "doubt" else {"envelope": 1.0}

    def possible(self, card: str) -> frozenset[Any]:
        return frozenset({0, 1}) if card == "doubt" else frozenset({"envelope"})


def test_only_a_certainty_reads_as_1_and_only_an_impossible_place_is_left_out() -> None:
    book: Any = EstimatedBook()
    doubt = place_probabilities(book, "doubt")
    assert set(doubt) == {"0", "1"}  # still possible, though the estimate says 0
    assert 0 < doubt["1"] < doubt["0"] < 1
    assert place_probabilities(book, "sure") == {"envelope": 1.0}
