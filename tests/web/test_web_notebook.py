"""The browser's notebook: the library's notebook for the seat, in a person's words,
with the person's own marks kept apart from the automatic ones.

The panel must show exactly what :class:`~cluedo.deduction.person.PersonNotebook`
knows from the seat's own log (no more: never a card the seat has not seen or
worked out; no less: every mark the library has), and the person's own marks
must survive every update and a restart of the server.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from starlette.testclient import TestClient, WebSocketTestSession
from web_kit import Frame, make_client, open_table, quick_choice, server_of, sit, until_turn

from cluedo.agents.registry import make_agent
from cluedo.deduction.person import PersonNotebook
from cluedo.engine.game import Game, new_game
from cluedo.engine.registry import available
from cluedo.web import notebook as nb
from cluedo.web.tables import Table

RULE_SETS = [r for r in available() if new_game(r, players=3, seed=1).rules.card_reader(0)]


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with make_client(f"sqlite:///{tmp_path / 'web.sqlite'}") as c:
        yield c


def ask(ws: WebSocketTestSession, message: dict[str, Any] | None = None) -> Frame:
    """Send a notebook request (or a note) and return the notebook frame it gets."""
    ws.send_json(message or {"type": "notebook"})
    while True:
        frame: Frame = ws.receive_json()
        if frame["type"] == "error":
            return frame
        if frame["type"] == "notebook":
            return frame


def library(game: Game, seat: int, upto: int, complete: bool) -> PersonNotebook:
    """The library's notebook for ``seat`` after the game's first ``upto`` events."""
    seen = [e.for_seat(seat) for e in game.events[:upto]]
    reader = game.rules.card_reader(seat)
    assert reader is not None
    book = PersonNotebook(reader, complete=complete)
    book.update([e for e in seen if e is not None])
    return book


def assert_same_as_library(frame: Frame, game: Game, seat: int) -> None:
    assert frame["available"], frame
    book = library(game, seat, frame["log_end"], frame["complete"])
    assert [p["place"] for p in frame["places"]] == list(book.places)
    assert [c["id"] for c in frame["cards"]] == list(book.cards)
    for card in book.cards:
        assert frame["marks"][card] == [book.mark(card, p) for p in book.places], card
        if frame["envelope"] is not None:
            assert (
                frame["envelope"][card]
                == {True: "in", False: "out", None: "unknown"}[book.in_envelope(card)]
            )
        if frame["odds"] is not None:
            odds = book.odds(card)
            assert frame["odds"][card] == pytest.approx(
                [odds.get(p, 0.0) for p in book.places], abs=1e-4
            )
    assert frame["solution"] == book.solution()


def notebook_of(client: TestClient, table: Table, seat: int) -> Frame:
    """The panel the table would send ``seat`` now (any seat, bots' too)."""
    frame: Frame = client.portal.call(table.notebook, seat)  # type: ignore[union-attr]
    return frame


# -- the same marks as the library ------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "aid"), [("classic", False)] + [(r, True) for r in RULE_SETS], ids=str
)
def test_the_web_notebook_shows_the_library_notebooks_marks_for_the_same_seat(
    client: TestClient, rules: str, aid: bool
) -> None:
    code = open_table(
        client,
        rules=rules,
        players=3,
        shuffle=11,
        seats=[
            {"kind": "person"},
            {"kind": "bot", "bot": "random"},
            {"kind": "bot", "bot": "random"},
        ],
        settings={"bot_delay": 0, "notebook_aid": aid},
    )
    _, token = sit(client, code)
    table = server_of(client).tables[code]
    rng = random.Random(11)
    frames: list[Frame] = []
    with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
        after = -1
        for _ in range(8):
            turn = until_turn(ws, after=after)
            frames.append(ask(ws))
            if turn["view"]["finished"]:
                break
            ws.send_json({"type": "act", "action": quick_choice(turn["legal"], rng, False)})
            after = turn["view"]["log_end"]
    assert table.game is not None
    assert len(frames) >= 2
    for frame in frames:
        assert frame["complete"] is aid and frame["odds_allowed"] is aid
        assert (frame["odds"] is not None) is aid
        assert_same_as_library(frame, table.game, 0)
    last = frames[-1]
    if aid:  # every certainty is exactly 1 or 0, and each card's odds add up to 1
        for card, odds in last["odds"].items():
            assert sum(odds) == pytest.approx(1, abs=1e-3)
            for mark, p in zip(last["marks"][card], odds, strict=True):
                assert (mark == "has") == (p == 1) and (mark == "not") == (p == 0)
        assert isinstance(last["exact"], bool)
        assert (last["estimate_note"] is None) is last["exact"]


def test_every_place_has_a_persons_label_and_no_raw_key(client: TestClient) -> None:
    code = open_table(client, rules="clue-or-cruel", players=3, shuffle=4)
    _, token = sit(client, code, "Ann")
    with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
        until_turn(ws)
        frame = ask(ws)
    labels = [p["label"] for p in frame["places"]]
    assert labels[0].startswith("Ann (")
    assert labels[3:] == ["Envelope", "Clue pile"]
    assert [p["you"] for p in frame["places"]] == [True, False, False, False, False]
    assert [c["label"] for c in frame["categories"]] == ["Suspects", "Weapons", "Rooms"]
    names = {c["id"]: c["name"] for c in frame["cards"]}
    assert names["scarlet"] == "Miss Scarlet" and names["lead_pipe"] == "Lead Pipe"
    # A bot is known by its character, as on the page: "sensible bot (...)" is no name.
    assert labels[1] in names.values() and labels[2] in names.values()
    text_ = json.dumps([labels, list(names.values())])
    assert "_" not in text_ and "null" not in text_ and "Seat 0" not in text_


def test_place_labels_name_unnamed_seats_piles_and_characters_in_words() -> None:
    seats = nb.seat_labels(
        [{"name": "", "character": None}, {"name": "Bo", "character": "plum"}],
        {"plum": "Professor Plum"},
    )
    assert seats == ["Seat 1", "Bo (Professor Plum)"]
    names = {"peacock": "Mrs. Peacock"}
    assert [nb.place_label(p, seats, names) for p in (0, 1, "face_up", "middle", "peacock")] == [
        "Seat 1",
        "Bo (Professor Plum)",
        "Face up",
        "Middle",
        "Mrs. Peacock",
    ]
    assert nb.place_label("spare_cards", seats, names) == "Spare cards"


def test_a_rule_set_without_a_card_notebook_says_so_in_words(client: TestClient) -> None:
    code = open_table(client, rules="killer-kloo-doo", players=3, options={"parts": "survival"})
    _, token = sit(client, code)
    with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
        until_turn(ws)
        frame = ask(ws)
        refused = ask(ws, {"type": "note", "card": "plum", "place": 0, "text": "x"})
    assert frame == {"type": "notebook", "available": False, "why": frame["why"]}
    assert frame["why"] == "Killer Kloo Doo has no detective notebook."
    assert refused["type"] == "error" and refused["rule"] == "no-notebook"


# -- Clue or Cruel: one card per category in the envelope, ever ---------------------------


def test_a_clue_or_cruel_guest_never_has_two_cards_of_a_category_marked_in_the_envelope() -> None:
    game = new_game("clue-or-cruel", players=4, seed=4)
    agents = {s: make_agent("sensible", s, seed=4, rules="clue-or-cruel") for s in range(4)}
    guests = [s for s in range(4) if game.view(s)["role"] == "guest"]
    careful = {s: nb.SeatNotebook(s, nb.new_notebook(game, s, False)) for s in guests}
    complete = {s: nb.SeatNotebook(s, nb.new_notebook(game, s, True)) for s in guests}
    names, seats = nb.card_names(game), [f"P{s}" for s in range(4)]

    def check(desk: nb.SeatNotebook, odds: bool) -> int:
        new = game.log_for(desk.seat, since=desk.read)
        panel = desk.draw(new, len(game.events), seats, names, odds)
        category = {c["id"]: c["category"] for c in panel["cards"]}
        inside = [c for c, where in panel["envelope"].items() if where == "in"]
        assert len(inside) == len({category[c] for c in inside}), (desk.seat, inside)
        truth = game.rules.card_places(game.state)
        assert all(truth[c] == "envelope" for c in inside)
        return len(inside)

    checks = found = 0
    while not game.finished:
        seat = game.to_act()[0]
        view = game.view(seat, log_since=agents[seat].log_cursor)
        agents[seat].log_cursor = view["log_end"]
        game.apply(agents[seat].choose(view, game.legal_actions(seat)))
        for s in guests:
            found = max(found, check(careful[s], False))
            # The full count is slower: every fourth event, and at the end.
            if len(game.events) % 4 == 0 or game.finished:
                found = max(found, check(complete[s], True))
            checks += 1
    assert checks > 300 and game.finished
    assert found >= 1  # the check saw envelope cards marked, not only empty columns


# -- never a card the seat has not seen ---------------------------------------------------


def test_a_seats_panel_knows_only_what_that_seat_saw_not_what_another_seat_holds(
    client: TestClient,
) -> None:
    code = open_table(
        client,
        rules="classic",
        players=3,
        shuffle=5,
        seats=[
            {"kind": "person"},
            {"kind": "bot", "bot": "random"},
            {"kind": "bot", "bot": "random"},
        ],
    )
    _, token = sit(client, code)
    table = server_of(client).tables[code]
    game = table.game
    assert game is not None
    hands = game.state.hands  # type: ignore[attr-defined]
    rng = random.Random(5)
    with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
        turn = until_turn(ws)
        mine, theirs = ask(ws), notebook_of(client, table, 1)
        # Another seat's panel knows that seat's hand; this seat's does not.
        for card in hands[1]:
            assert theirs["marks"][card][1] == "has"
            assert mine["marks"][card][1] == "unknown"
        assert {c for c, m in mine["marks"].items() if "has" in m} == set(hands[0])
        assert all(m[0] == "has" for c, m in mine["marks"].items() if c in hands[0])
        after = -1
        for _ in range(10):
            ws.send_json({"type": "act", "action": quick_choice(turn["legal"], rng, False)})
            after = turn["view"]["log_end"]
            turn = until_turn(ws, after=after)
            if turn["view"]["finished"]:
                break
            mine = ask(ws)
            panels = {s: notebook_of(client, table, s) for s in (1, 2)}
            truth = game.rules.card_places(game.state)
            for seat, panel in [(0, mine), *panels.items()]:
                assert_same_as_library(panel, game, seat)  # from its own log, nothing else
                for card, marks in panel["marks"].items():
                    for place, mark in zip(panel["places"], marks, strict=True):
                        held = truth[card] == place["place"]
                        assert mark != ("not" if held else "has"), (seat, card, place)
            # What seat 0 knows of seat 1's hand is never more than seat 1 knows of it.
            known = {c for c, m in mine["marks"].items() if m[1] == "has"}
            assert known <= {c for c, m in panels[1]["marks"].items() if m[1] == "has"}


def test_a_spectator_has_no_notebook_and_cannot_mark_one(client: TestClient) -> None:
    code = open_table(client, rules="classic", players=3)
    sit(client, code)
    with client.websocket_connect(f"/ws/{code}?spectate=1") as ws:
        for message in ({"type": "notebook"}, {"type": "note", "card": "plum", "text": "x"}):
            frame = ask(ws, message)
            assert frame["type"] == "error" and frame["rule"] == "no-notebook"


# -- the person's own marks -------------------------------------------------------------


def test_own_marks_survive_updates_and_a_restart_and_are_never_overwritten(
    tmp_path: Path,
) -> None:
    db = f"sqlite:///{tmp_path / 'own.sqlite'}"
    rng = random.Random(2)
    with make_client(db) as client:
        code = open_table(
            client,
            rules="classic",
            players=3,
            shuffle=2,
            seats=[{"kind": "person"}] + [{"kind": "bot", "bot": "random"}] * 2,
        )
        _, token = sit(client, code)
        table = server_of(client).tables[code]
        with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
            turn = until_turn(ws)
            first = ask(ws)
            mine = next(c for c, m in first["marks"].items() if m[0] == "has")
            other = next(c for c, m in first["marks"].items() if m[1] == "unknown")
            # A cross on a card the notebook knows I hold, a tick on an unknown square,
            # a question mark on the envelope, and a note on a card.
            for message in (
                {"card": mine, "place": 0, "text": "✗"},
                {"card": other, "place": 1, "text": "✓"},
                {"card": other, "place": "envelope", "text": "?"},
                {"card": other, "text": "asked twice by Bob"},
            ):
                frame = ask(ws, {"type": "note", **message})
                assert frame["type"] == "notebook", frame
            envelope = [p["place"] for p in frame["places"]].index("envelope")
            expected_cells = {mine: ["✗", "", "", ""], other: ["", "✓", "", ""]}
            expected_cells[other][envelope] = "?"
            expected = {"cells": expected_cells, "notes": {other: "asked twice by Bob"}}
            assert frame["own"] == expected
            assert frame["marks"][mine][0] == "has"  # my cross does not change the notebook
            seen = [frame]
            for _ in range(12):
                ws.send_json({"type": "act", "action": quick_choice(turn["legal"], rng, False)})
                turn = until_turn(ws, after=turn["view"]["log_end"])
                seen.append(ask(ws))
                if turn["view"]["finished"]:
                    break
            assert all(f["own"] == expected for f in seen)
            assert seen[-1]["log_end"] > seen[0]["log_end"]
            assert any(f["marks"] != seen[0]["marks"] for f in seen)  # the notebook moved on
            rubbed = ask(ws, {"type": "note", "card": other, "place": 1, "text": ""})
            expected_cells[other][1] = ""
            assert rubbed["own"] == expected
        assert table.record.notes[0] == json.loads(json.dumps(table.record.notes[0]))
    again = make_client(db)  # a new server on the same database
    with again, again.websocket_connect(f"/ws/{code}?token={token}") as ws:
        until_turn(ws)
        assert ask(ws)["own"] == expected


@pytest.mark.parametrize(
    "message",
    [
        {"card": "nobody", "place": 0, "text": "x"},
        {"card": 3, "text": "x"},
        {"card": "plum", "place": 3, "text": "x"},  # three players: seats 0 to 2
        {"card": "plum", "place": "pile", "text": "x"},  # classic has no pile
        {"card": "plum", "place": True, "text": "x"},
        {"card": "plum", "place": [0], "text": "x"},
        {"card": "plum", "place": 0, "text": "x" * 41},
        {"card": "plum", "place": 0, "text": "a\u202eb"},
        {"card": "plum", "place": 0, "text": 5},
    ],
    ids=str,
)
def test_a_bad_note_is_refused_and_changes_nothing(
    client: TestClient, message: dict[str, Any]
) -> None:
    code = open_table(client, rules="classic", players=3)
    _, token = sit(client, code)
    table = server_of(client).tables[code]
    with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
        until_turn(ws)
        assert ask(ws, {"type": "note", "card": "plum", "place": 1, "text": "1"})["own"]
        before = json.dumps(table.record.notes)
        frame = ask(ws, {"type": "note", **message})
        assert frame["type"] == "error" and frame["rule"] == "bad-note", frame
        assert json.dumps(table.record.notes) == before
        assert ask(ws)["own"]["cells"] == {"plum": ["", "1", "", ""]}


def test_stored_marks_that_cannot_be_read_are_dropped_and_the_table_plays_on(
    tmp_path: Path,
) -> None:
    db = f"sqlite:///{tmp_path / 'bad.sqlite'}"
    with make_client(db) as client:
        code = open_table(client, rules="classic", players=3)
        _, token = sit(client, code)
        with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
            until_turn(ws)
            ask(ws, {"type": "note", "card": "plum", "place": 1, "text": "1"})
    engine = create_engine(db)
    with engine.begin() as conn:
        conn.execute(text("UPDATE web_notes SET notes = 'not json'"))
    engine.dispose()
    again = make_client(db)
    with again, again.websocket_connect(f"/ws/{code}?token={token}") as ws:
        until_turn(ws)
        frame = ask(ws)
        assert frame["available"] and frame["own"] == {"cells": {}, "notes": {}}


def test_a_mark_the_store_refuses_is_not_made(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    code = open_table(client, rules="classic", players=3)
    _, token = sit(client, code)
    table = server_of(client).tables[code]
    with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
        until_turn(ws)
        assert ask(ws, {"type": "note", "card": "plum", "place": 1, "text": "1"})["own"]

        def broken(*_: Any) -> None:
            raise OSError("disk full")

        monkeypatch.setattr(table.store, "set_notes", broken)
        frame = ask(ws, {"type": "note", "card": "rope", "place": "envelope", "text": "?"})
        assert frame["type"] == "error" and frame["rule"] == "not-stored"
        kept = {"cells": {"plum": ["", "1", "", ""]}, "notes": {}}
        assert ask(ws)["own"] == kept
        assert table.record.notes[0] == {"notes": {}, "cells": [["plum", 1, "1"]]}
