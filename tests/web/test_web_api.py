"""The server over HTTP and websockets, in this process (Starlette's TestClient)."""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from web_kit import (
    fixed_secret,
    make_client,
    next_update,
    open_table,
    play_seat,
    server_of,
    sit,
    until_turn,
)

from cluedo.engine import available
from cluedo.web.fairness import seed_of
from cluedo.web.words import colour_of, initials_of


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.sqlite'}"


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with make_client(db) as c:
        yield c


def error_of(ws: object) -> dict[str, object]:
    while True:
        frame = ws.receive_json()  # type: ignore[attr-defined]
        if frame["type"] == "error":
            return frame  # type: ignore[no-any-return]


# -- lobby -------------------------------------------------------------------------


def test_the_lobby_offers_every_registered_rule_set_with_its_bots(client: TestClient) -> None:
    catalog = client.get("/api/rules").json()
    assert [r["name"] for r in catalog] == available()
    for entry in catalog:
        assert "random" in entry["bot_names"]
        assert sorted(b["name"] for b in entry["bots"]) == entry["bot_names"]
        assert entry["min_players"] <= entry["max_players"]
        assert entry["options_schema"]["type"] == "object"


RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|\bNone\b|\bnull\b|\bundefined\b")
"""A raw key (``lead_pipe``) or a missing value shown as a word."""


def test_the_lobby_says_every_rule_set_option_bot_and_character_in_words(
    client: TestClient,
) -> None:
    catalog = client.get("/api/rules").json()
    for entry in catalog:
        texts = [entry["label"], entry["description"]]
        assert entry["label"] and len(entry["description"]) > 20
        assert {o["key"] for o in entry["options"]} == set(entry["options_schema"]["properties"])
        for option in entry["options"]:
            assert option["label"] and option["description"], option
            assert option["default"] == entry["defaults"][option["key"]]
            texts += [option["label"], option["description"], option["default_label"]]
            texts += [c["label"] for c in option["choices"]]
            if option["input"] == "choice":
                assert option["choices"], f"{entry['name']}: {option['key']} has no choices"
                values = [c["value"] for c in option["choices"]]
                assert option["default"] in values, option
        for bot in entry["bots"]:
            assert bot["level"] in ("easy", "medium", "hard", None)
            assert bot["label"] and bot["description"], bot
            texts += [bot["label"], bot["description"]]
        assert {b["level"] for b in entry["bots"]} >= {"easy", "medium"}
        for level, name in entry["levels"].items():
            assert name in entry["bot_names"], (level, name)
        assert entry["characters"], entry["name"]
        for character in entry["characters"]:
            assert set(character) == {"id", "name"}
            texts.append(character["name"])
        for text in texts:
            assert not RAW.search(text), f"{entry['name']}: {text!r}"


def test_the_lobby_offers_pendragons_knights_not_its_suspects(client: TestClient) -> None:
    entry = next(r for r in client.get("/api/rules").json() if r["name"] == "pendragon")
    names = [c["name"] for c in entry["characters"]]
    assert "Sir Amig" in names and "Dame Lynette" in names
    assert "mordred" not in [c["id"] for c in entry["characters"]]


def test_the_board_option_is_a_choice_of_shipped_boards(client: TestClient) -> None:
    entry = next(r for r in client.get("/api/rules").json() if r["name"] == "classic")
    board = next(o for o in entry["options"] if o["key"] == "board")
    assert board["input"] == "choice"
    assert [c["value"] for c in board["choices"]] == ["classic"]
    assert board["choices"][0]["label"] == "Classic board"


# -- creating a table whole or not at all (issue 16) ----------------------------------


def test_joining_pendragon_with_a_knight_plays_that_knight(client: TestClient) -> None:
    # This gave a 500 (the knight was written into an option Pendragon does not have),
    # leaving the table made but its creator unseated.
    code = open_table(client, rules="pendragon", players=3)
    response = client.post(f"/api/tables/{code}/join", json={"name": "Ann", "character": "Sir Tor"})
    assert response.status_code == 200, response.text
    table = server_of(client).tables[code]
    assert table.game is not None
    assert table.game.view(None)["characters"][0] == "Sir Tor"
    assert table.record.seats[0]["character"] == "Sir Tor"


def test_a_table_with_its_host_is_created_whole(client: TestClient) -> None:
    response = client.post(
        "/api/tables",
        json={
            "rules": "pendragon",
            "players": 3,
            "settings": {"bot_delay": 0},
            "host": {"name": "Ann", "character": "Dame Ragnelle"},
        },
    )
    assert response.status_code == 200, response.text
    made = response.json()
    assert made["seat"] == 0 and made["url"] == f"/t/{made['code']}?token={made['token']}"
    table = server_of(client).tables[made["code"]]
    assert table.status == "playing" and table.seat_of_token(made["token"]) == 0
    assert table.game is not None and table.game.view(None)["characters"][0] == "Dame Ragnelle"
    stored = server_of(client).store.load(made["code"])
    assert stored is not None and stored.status == "playing"


@pytest.mark.parametrize(
    ("rules", "character"),
    [("pendragon", "mordred"), ("pendragon", "Sir Nobody"), ("classic", "Sir Tor")],
)
def test_a_bad_character_refuses_the_whole_table_and_names_what_is_allowed(
    client: TestClient, rules: str, character: str
) -> None:
    server = server_of(client)
    before = set(server.store.codes())
    response = client.post(
        "/api/tables",
        json={"rules": rules, "players": 3, "host": {"name": "Ann", "character": character}},
    )
    assert response.status_code == 400, response.text
    error = response.json()
    assert error["rule"] == "bad-character" and repr(character) in error["error"]
    expected = "Sir Amig" if rules == "pendragon" else "scarlet (Miss Scarlet)"
    assert expected in error["allowed"]
    assert set(server.store.codes()) == before and len(server.tables) == 0


def test_a_host_needs_a_persons_seat(client: TestClient) -> None:
    response = client.post(
        "/api/tables",
        json={
            "rules": "classic",
            "players": 3,
            "seats": [{"kind": "bot"}] * 3,
            "host": {"name": "Ann"},
        },
    )
    assert response.status_code == 400 and response.json()["rule"] == "bad-seats"
    assert server_of(client).store.codes() == set()


# -- the QR code of a link --------------------------------------------------------------


def test_a_link_is_given_as_an_svg_qr_code(client: TestClient) -> None:
    response = client.get("/api/qr.svg", params={"text": "http://127.0.0.1:8000/t/ABCD2345"})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("image/svg+xml")
    assert response.text.startswith("<svg") and "<path" in response.text
    assert "max-age" in response.headers["cache-control"]


@pytest.mark.parametrize("params", [{}, {"text": ""}, {"text": "x" * 513}])
def test_a_qr_code_of_nothing_or_of_too_long_a_text_is_refused(
    client: TestClient, params: dict[str, str]
) -> None:
    response = client.get("/api/qr.svg", params=params)
    assert response.status_code == 400
    assert "512 characters" in response.json()["allowed"]
    assert client.get("/api/qr.svg", params={"text": "x" * 512}).status_code == 200


def test_bad_table_requests_say_what_is_wrong_and_store_nothing(client: TestClient) -> None:
    cases = [
        ({"rules": "chess"}, "unknown rule set"),
        ({"rules": "classic", "options": {"colour": "red"}}, "Allowed options"),
        ({"rules": "classic", "players": 9}, "3 to 6 players"),
        ({"rules": "classic", "players": 3, "seats": [{"kind": "cat"}] * 3}, "'person' or 'bot'"),
        ({"rules": "classic", "players": 3, "seats": [{"kind": "bot", "bot": "zz"}] * 3}, "zz"),
        ({"rules": "classic", "settings": {"bot_delay": 99}}, "bot_delay"),
        ({"rules": "classic", "oops": 1}, "unknown fields"),
    ]
    for request, expected in cases:
        response = client.post("/api/tables", json=request)
        assert response.status_code == 400, request
        assert expected in response.json()["error"], (request, response.json())
    assert server_of(client).tables == {}
    response = client.post("/api/tables", content=b"{not json")
    assert response.status_code == 400 and response.json()["rule"] == "bad-json"


def test_joining_takes_a_free_seat_and_starts_the_game_when_all_are_taken(
    client: TestClient,
) -> None:
    code = open_table(
        client,
        rules="classic",
        players=3,
        seats=[{"kind": "person"}] * 2 + [{"kind": "bot", "bot": "random"}],
    )
    assert client.get(f"/api/tables/{code}").json()["status"] == "lobby"
    seat, token = sit(client, code, "Ann", character="plum")
    assert seat == 0 and len(token) > 16
    bad = client.post(f"/api/tables/{code}/join", json={"name": "Bob", "character": "plum"})
    assert bad.status_code == 400 and "plum" in bad.json()["error"]
    taken = client.post(f"/api/tables/{code}/join", json={"name": "Bob", "seat": 0})
    assert taken.status_code == 409 and taken.json()["allowed"] == "1"
    nameless = client.post(f"/api/tables/{code}/join", json={"name": "  "})
    assert nameless.status_code == 400
    seat2, _ = sit(client, code, "Bob")
    info = client.get(f"/api/tables/{code}").json()
    assert seat2 == 1 and info["status"] == "playing"
    assert info["seats"][0]["character"] == "plum"
    assert info["names"]["plum"] == "Professor Plum"  # the page shows names, not ids
    assert "token_hash" not in json.dumps(info) and token not in json.dumps(info)
    late = client.post(f"/api/tables/{code}/join", json={"name": "Cy"})
    assert late.status_code == 409


def test_a_pendragon_table_names_its_reward_cards_for_the_page(client: TestClient) -> None:
    # The panel made "Kings Errand" from the id "kings_errand" when the page had no name.
    code = open_table(
        client, rules="pendragon", players=3, seats=[{"kind": "bot", "bot": "random"}] * 3
    )
    names = client.get(f"/api/tables/{code}").json()["names"]
    assert names["kings_errand"] == "The King's Errand"
    assert names["squires_gossip"] == "Squire's Gossip"
    assert names["mordred"] == "Sir Mordred"  # the cards' own names stay


def test_unknown_tables_and_boards_are_404(client: TestClient) -> None:
    assert client.get("/api/tables/NOPE").status_code == 404
    assert client.get("/api/boards/../../etc").status_code == 404
    assert client.get("/api/boards/classic").json()["columns"] == 24


# -- playing over the websocket -----------------------------------------------------


def test_a_person_plays_a_whole_game_against_bots(client: TestClient) -> None:
    code = open_table(client, rules="classic", players=3, shuffle=11)
    _, token = sit(client, code)
    with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
        hello = ws.receive_json()
        assert hello == {"type": "hello", "seat": 0, "code": code}
        last = play_seat(ws, random.Random(1), accuse_after=12)
    assert last["view"]["finished"] and last["view"]["envelope"]
    table = server_of(client).tables[code]
    assert table.status == "finished"
    assert table.game is not None and len(table.record.actions) == len(table.game.actions)


def test_malformed_and_illegal_messages_get_errors_and_change_nothing(client: TestClient) -> None:
    code = open_table(client, rules="classic", players=3, shuffle=5)
    _, token = sit(client, code)
    table = server_of(client).tables[code]
    with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
        frame = until_turn(ws)
        before = (len(table.record.actions), table.game.save() if table.game else None)
        probes = [
            ("not json", "bad-json"),
            ("[1, 2]", "bad-message"),
            (json.dumps({"type": "dance"}), "bad-message"),
            (json.dumps({"type": "act"}), "malformed-action"),
            (json.dumps({"type": "act", "action": {"kind": "fly"}}), "unknown-action"),
            (json.dumps({"type": "act", "action": {"kind": "move", "to": [0, 0]}}), None),
            (json.dumps({"type": "act", "action": {"kind": "roll", "seat": 2}}), "not-your-seat"),
            (json.dumps({"type": "act", "action": {"kind": "roll", "x": {"a": 1}}}), None),
            ("x" * 10_000, "too-large"),
            (json.dumps({"type": "chat", "text": ""}), "bad-chat"),
        ]
        for text, rule in probes:
            ws.send_text(text)
            error = error_of(ws)
            assert error["error"], text
            if rule is not None:
                assert error["rule"] == rule, (text, error)
        ws.send_bytes(b"\x00\x01")
        assert error_of(ws)["rule"] == "bad-message"
        assert (len(table.record.actions), table.game.save() if table.game else None) == before
        # The seat can still play.
        ws.send_json({"type": "act", "action": frame["legal"][0]})
        assert next_update(ws)["view"]["log_end"] > frame["view"]["log_end"]


def test_flooding_is_refused_without_touching_the_game(client: TestClient) -> None:
    code = open_table(client, rules="classic", players=3)
    _, token = sit(client, code)
    with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
        until_turn(ws)
        for _ in range(60):
            ws.send_json({"type": "ping"})
        replies = [ws.receive_json() for _ in range(60)]
        kinds = {r["type"] for r in replies}
        assert kinds == {"pong", "error"}
        assert any(r.get("rule") == "flood" for r in replies)


def test_a_bad_token_is_refused_and_spectators_cannot_act(client: TestClient) -> None:
    code = open_table(client, rules="classic", players=3)
    sit(client, code)
    with client.websocket_connect(f"/ws/{code}?token=forged") as ws:
        assert ws.receive_json()["rule"] == "bad-token"
    client.cookies.clear()  # no seat cookie: a spectator
    with client.websocket_connect(f"/ws/{code}") as ws:
        assert ws.receive_json()["seat"] is None
        frame = next_update(ws)
        assert frame["view"]["hand"] == [] and frame["legal"] == []
        ws.send_json({"type": "act", "action": {"kind": "roll"}})
        assert error_of(ws)["rule"] == "spectator"


def test_a_lost_connection_comes_back_to_its_seat_with_the_whole_view(client: TestClient) -> None:
    code = open_table(client, rules="classic", players=3, shuffle=3)
    _, token = sit(client, code)
    with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
        first = until_turn(ws)
        ws.send_json({"type": "act", "action": {"kind": "roll"}})
        after_roll = until_turn(ws, after=first["view"]["log_end"])
    # The cookie set by join is enough to come back.
    with client.websocket_connect(f"/ws/{code}") as ws:
        assert ws.receive_json()["seat"] == 0
        again = next_update(ws)
        assert again["log_start"] == 0
        assert again["view"]["hand"] == after_roll["view"]["hand"]
        assert again["legal"] == after_roll["legal"]
        assert [e["kind"] for e in again["log"]].count("roll") >= 1


def test_chat_reaches_everyone_as_plain_text(client: TestClient) -> None:
    code = open_table(client, rules="classic", players=3)
    _, token = sit(client, code, "<b>Ann</b>")
    with (
        client.websocket_connect(f"/ws/{code}?token={token}") as ws,
        client.websocket_connect(f"/ws/{code}?spectate=1") as watcher,
    ):
        next_update(ws)
        next_update(watcher)
        ws.send_json({"type": "chat", "text": "<script>alert(1)</script>"})
        frame = next_update(watcher)
        while not frame["chat"]:
            frame = next_update(watcher)
        assert frame["chat"][-1]["text"] == "<script>alert(1)</script>"
        assert frame["chat"][-1]["name"] == "<b>Ann</b>"


def test_the_notebook_gives_marks_and_odds_when_the_table_allows(client: TestClient) -> None:
    code = open_table(client, rules="classic", players=3, shuffle=9)
    _, token = sit(client, code)
    with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
        frame = until_turn(ws)
        ws.send_json({"type": "notebook"})
        book = ws.receive_json()
        while book["type"] != "notebook":
            book = ws.receive_json()
    hand = frame["view"]["hand"]
    assert book["available"] and len(book["cards"]) == 21
    assert [p["place"] for p in book["places"]] == [0, 1, 2, "envelope"]
    assert book["places"][0]["you"] and book["complete"]
    for card in hand:
        assert book["marks"][card][0] == "has"
        assert book["odds"][card][0] == 1.0
    for odds in book["odds"].values():
        assert abs(sum(odds) - 1) < 1e-3
    # A table without the aid gets marks but no odds.
    code2 = open_table(client, rules="classic", players=3, settings={"notebook_aid": False})
    _, token2 = sit(client, code2)
    with client.websocket_connect(f"/ws/{code2}?token={token2}") as ws:
        until_turn(ws)
        ws.send_json({"type": "notebook"})
        book = ws.receive_json()
        while book["type"] != "notebook":
            book = ws.receive_json()
    assert book["odds"] is None and book["marks"] is not None
    assert not book["complete"]  # without the aid: the careful player's eliminations


def test_an_absent_person_is_played_by_a_bot_after_the_tables_limit(client: TestClient) -> None:
    code = open_table(
        client, rules="classic", players=3, settings={"bot_delay": 0, "idle_bot_after": 1}
    )
    sit(client, code)
    table = server_of(client).tables[code]
    deadline = time.monotonic() + 10
    while not any(a["seat"] == 0 for a in table.record.actions) and time.monotonic() < deadline:
        client.get(f"/api/tables/{code}")  # lets the server's loop run
        time.sleep(0.1)
    assert any(a["seat"] == 0 for a in table.record.actions)


def test_the_turn_timer_lets_a_bot_move_for_a_slow_person(client: TestClient) -> None:
    code = open_table(
        client, rules="classic", players=3, shuffle=2, settings={"bot_delay": 0, "turn_limit": 1}
    )
    _, token = sit(client, code)
    table = server_of(client).tables[code]
    with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
        frame = until_turn(ws)  # connected, and doing nothing
        moved = until_turn(ws, after=frame["view"]["log_end"])
    assert moved["view"]["log_end"] > frame["view"]["log_end"]
    assert any(a["seat"] == 0 for a in table.record.actions)


# -- persistence and replays --------------------------------------------------------


def test_a_new_server_on_the_same_database_goes_on_from_the_last_action(db: str) -> None:
    with make_client(db) as first:
        code = open_table(first, rules="classic", players=3, shuffle=21)
        _, token = sit(first, code)
        with first.websocket_connect(f"/ws/{code}?token={token}") as ws:
            frame = until_turn(ws)
            ws.send_json({"type": "act", "action": {"kind": "roll"}})
            before = until_turn(ws, after=frame["view"]["log_end"])
        saved = server_of(first).tables[code].game
        assert saved is not None
        save = saved.save()
    with make_client(db) as second:
        table = server_of(second).tables[code]
        assert table.game is not None and table.game.save() == save
        with second.websocket_connect(f"/ws/{code}?token={token}") as ws:
            again = until_turn(ws)
            assert again["legal"] == before["legal"]
            last = play_seat(ws, random.Random(2), accuse_after=5, start=again)
        assert last["view"]["finished"]


def test_finished_games_replay_with_every_card_shown(client: TestClient) -> None:
    code = open_table(client, rules="classic", players=3, shuffle=4)
    _, token = sit(client, code)
    assert client.get(f"/api/tables/{code}/replay").status_code == 409
    with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
        play_seat(ws, random.Random(4), accuse_after=3)
    replay = client.get(f"/api/tables/{code}/replay").json()
    dealt = [e for e in replay["events"] if e["kind"] == "dealt"]
    assert len(dealt) == 3 and all("hand" in e for e in dealt)
    assert replay["save"]["seed"] == seed_of(fixed_secret(4))
    # The replay's tokens carry the game's own initials and colours (not the page's guess).
    seats = replay["seats"]
    assert [s["seat"] for s in seats] == [0, 1, 2] and all(s["character_name"] for s in seats)
    assert [s["initials"] for s in seats] == initials_of([s["character_name"] for s in seats])
    assert seats[0]["colour"] == colour_of(seats[0]["character"], 0)
