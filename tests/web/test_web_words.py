"""The words of a frame: narration, prompt, seats, items, roll and forms, per viewer.

Every frame carries, besides the seat's view, the same things in words for its
viewer (see docs/web.md, "Frames"). These tests play tables of people through
the websocket and check that the words are there for every rule set, that
they show no raw id, no seat counted from 0 and no missing value, and that
they say no more than the seat may know: the narration is worded from the
seat's own log, and no line, item, choice or form names a card the seat
cannot know.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from web_kit import Frame, make_client, next_update, open_table, server_of, sit

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
from test_engine_leaks import knowledge  # a sibling test folder's helpers

from cluedo.content import load_card_set
from cluedo.engine import Game
from cluedo.mechanics.playing_cards import is_card
from cluedo.presentation import Narrator

WORD_FIELDS = ("narration", "prompt", "seats", "items", "roll", "forms", "ending", "invite_url")

RAW = re.compile(
    r"\b[a-z]+_[a-z_]+\b"  # a raw key: lead_pipe, dining_room
    r"|\b(?:None|null|undefined|NaN)\b"
    r"|\b(?:[2-9]|10|[JQKA])[CDHS]\b"  # a playing card's code: 5C, QH
    r"|\bseat 0\b|\bSeat 0\b"
    r"|\s[.,]|\(\)"  # an empty listing: 'held .', 'Scores: .'
)
"""What no text for people may hold."""


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with make_client(f"sqlite:///{tmp_path / 'words.sqlite'}") as c:
        yield c


def play_people(
    client: TestClient,
    rules: str,
    players: int,
    actions: int,
    seed: int = 5,
    options: dict[str, Any] | None = None,
) -> tuple[dict[int | None, list[Frame]], Game, str]:
    """A table of people, every seat and a spectator connected, played for up to
    ``actions`` actions (no accusations); every frame each of them was sent."""
    code = open_table(
        client,
        rules=rules,
        players=players,
        shuffle=seed,
        options=options or {},
        seats=[{"kind": "person"}] * players,
    )
    tokens = [sit(client, code, name=f"P{n + 1}")[1] for n in range(players)]
    table = server_of(client).tables[code]
    rng = random.Random(seed)
    frames: dict[int | None, list[Frame]] = {s: [] for s in [None, *range(players)]}
    with contextlib.ExitStack() as stack:
        sockets: dict[int | None, Any] = {
            s: stack.enter_context(client.websocket_connect(f"/ws/{code}?token={t}"))
            for s, t in enumerate(tokens)
        }
        sockets[None] = stack.enter_context(client.websocket_connect(f"/ws/{code}?spectate=1"))

        def end(seat: int | None) -> int:
            last = frames[seat][-1] if frames[seat] else {}
            return int((last.get("view") or {"log_end": -1})["log_end"])

        def catch_up(acting: int | None = None, past: int = -1) -> None:
            """Read every socket up to the game's present (first the acting seat's
            frame for its action, sent once the action is applied)."""
            assert table.game is not None
            while acting is not None and end(acting) <= past:
                frame = sockets[acting].receive_json()
                assert frame["type"] != "error", frame
                if frame["type"] == "update":
                    frames[acting].append(frame)
            now = len(table.game.events)
            for seat, ws in sockets.items():
                while end(seat) < now:
                    frame = ws.receive_json()
                    assert frame["type"] != "error", frame
                    if frame["type"] == "update":
                        frames[seat].append(frame)

        catch_up()
        assert table.game is not None
        for _ in range(actions):
            if table.game.finished:
                break
            seat = table.game.to_act()[0]
            legal = frames[seat][-1]["legal"]
            calm = [a for a in legal if a["kind"] != "accuse"] or legal
            before = len(table.game.events)
            sockets[seat].send_json({"type": "act", "action": rng.choice(calm)})
            catch_up(seat, before)
    return frames, table.game, code


def texts_of(frame: Frame) -> list[str]:
    """Every text for people in a frame's words."""
    out = [n["text"] for n in frame["narration"] if n["text"] is not None]
    prompt = frame["prompt"]
    out += [prompt["situation"], prompt["question"]]
    out += [c["label"] for c in prompt["choices"]] + [c["group"] for c in prompt["choices"]]
    out += [s["label"] for s in frame["seats"]]
    out += [s["character_name"] for s in frame["seats"] if s["character_name"] is not None]
    for items in [frame["items"], *(s["items"] for s in frame["seats"])]:
        out += [i["label"] for i in items] + [i["value"] for i in items]
    if frame["roll"] is not None:
        out.append(frame["roll"]["text"])
    for form in frame["forms"]:
        out.append(form["group"])
        for field in form["fields"]:
            out.append(field["label"])
            out += [o["label"] for o in field["options"]]
    return [t for t in out if t]


# -- the words are there, for every rule set -----------------------------------------

RULE_SETS = [
    ("classic", 3),
    ("clue-or-cruel", 3),
    ("clussassin", 3),
    ("killer-kloo-doo", 3),
    ("pendragon", 3),
]


@pytest.mark.parametrize(("rules", "players"), RULE_SETS)
def test_every_frame_says_its_log_prompt_seats_and_forms_in_words(
    client: TestClient, rules: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("cluedo.web.app.RATE_BURST", 10**6)
    frames, game, code = play_people(client, rules, players, actions=60)
    names = [f"P{n + 1}" for n in range(players)]
    for seat, sent in frames.items():
        assert sent, seat
        # The words come from the frame's own view and log, worded for its viewer:
        # they can say no more than the view, which test_web_leaks.py checks.
        narrator = Narrator(rules, game.view(None), viewer=seat, players=names)
        for frame in sent:
            texts = [n["text"] for n in frame["narration"]]
            assert texts == [narrator.event(e) for e in frame["log"]]
            own = narrator.items(frame["view"], seat) if seat is not None else []
            items = [*own, *narrator.items(frame["view"], None)]
            assert frame["items"] == [{"label": i.label, "value": i.value} for i in items]
            for row in frame["seats"]:
                said = narrator.items(frame["view"], row["seat"])
                assert row["items"] == [{"label": i.label, "value": i.value} for i in said]
            for key in WORD_FIELDS:
                assert key in frame, key
            assert frame["invite_url"] == f"/t/{code}"
            assert len(frame["narration"]) == len(frame["log"])
            prompt = frame["prompt"]
            assert prompt["yours"] == bool(frame["legal"])
            if prompt["yours"]:
                assert [c["action"] for c in prompt["choices"]] == frame["legal"]
            else:
                assert prompt["choices"] == []
                if frame["view"]["to_act"] and not frame["view"]["finished"]:
                    assert prompt["question"].startswith("Waiting for "), prompt
            assert [s["seat"] for s in frame["seats"]] == list(range(players))
            assert [s["you"] for s in frame["seats"]] == [s == seat for s in range(players)]
            to_act = set(frame["view"]["to_act"])
            assert {s["seat"] for s in frame["seats"] if s["to_act"]} == to_act
            for info in frame["seats"]:
                assert 1 <= len(info["initials"]) <= 2 and info["initials"].isupper()
                assert info["colour"]
            roll = frame["roll"]
            if roll is not None:
                assert roll["sides"] == (20 if roll["kind"] == "trait_roll" else 6)
                assert roll["dice"] and all(1 <= d <= roll["sides"] for d in roll["dice"])
                # An attack's rolls may be an unplayed character's (Clussassin): no seat.
                attack = roll["kind"] in ("attack_roll", "defence_roll")
                assert (roll["seat"] in range(players) or attack) and roll["text"]
            for form in frame["forms"]:
                keys = [f["key"] for f in form["fields"]]
                first = [k for k in ("suspect", "weapon", "room") if k in keys]
                assert keys[: len(first)] == first, keys
                assert form["confirm"] == (form["kind"] == "accuse")
                kinds = {a["kind"] for a in frame["legal"]}
                assert form["kind"] in kinds
            for text in texts_of(frame):
                assert not RAW.search(text), f"{rules}, seat {seat}: {text!r}"
    # Something happened in words, and rolls were seen.
    spectator = frames[None]
    assert sum(1 for f in spectator for n in f["narration"] if n["text"]) > 10
    assert any(f["roll"] is not None for f in spectator)
    assert game.events


def test_the_narration_is_the_viewers_own_log_in_words(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Worded from the entries the frame carries - the seat's own log, already
    # redacted by the engine - so the words cannot know more than the log.
    monkeypatch.setattr("cluedo.web.app.RATE_BURST", 10**6)
    frames, game, _ = play_people(client, "classic", 4, actions=80)
    names = ["P1", "P2", "P3", "P4"]
    for seat, sent in frames.items():
        narrator = Narrator("classic", game.view(None), viewer=seat, players=names)
        for frame in sent:
            assert [n["text"] for n in frame["narration"]] == [
                narrator.event(e) for e in frame["log"]
            ]


def test_a_card_shown_to_you_is_a_moment_and_named_only_for_the_two_players(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("cluedo.web.app.RATE_BURST", 10**6)
    frames, _, _ = play_people(client, "classic", 4, actions=120)
    cards = load_card_set("classic")
    shown = 0
    for seat, sent in frames.items():
        for frame in sent:
            for entry, said in zip(frame["log"], frame["narration"], strict=True):
                if entry["kind"] != "card_shown":
                    continue
                shown += 1
                if seat == entry["to"]:
                    assert said["moment"] and cards.name(entry["card"]) in said["text"]
                elif seat == entry["seat"]:
                    assert not said["moment"] and cards.name(entry["card"]) in said["text"]
                elif seat != entry["seat"]:
                    assert "card" not in entry and not said["moment"]
                    assert said["text"].endswith("a card.")
    assert shown > 4


# -- nothing a seat cannot know -------------------------------------------------------

CARD_NAMES = {c: load_card_set("classic").name(c) for c in load_card_set("classic").ids}


class _Upto:
    """The game's record cut at ``n`` events, for :func:`knowledge`."""

    def __init__(self, game: Game, n: int) -> None:
        self.players = game.players
        self._log = game.full_log()[:n]

    def full_log(self) -> list[dict[str, Any]]:
        return self._log


def names_in(text: str, leave_out: frozenset[str] = frozenset()) -> set[str]:
    """The classic cards a text names (by their names, as words)."""
    return {
        card
        for card, name in CARD_NAMES.items()
        if card not in leave_out and re.search(rf"\b{re.escape(name)}\b", text)
    }


def test_no_word_field_names_a_card_its_seat_cannot_know(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("cluedo.web.app.RATE_BURST", 10**6)
    frames, game, _ = play_people(client, "classic", 4, actions=150, seed=7)
    # Played characters are also the seats' names ("Miss Scarlet shows you ...").
    played = frozenset(game.view(None)["characters"])
    checked = 0
    for seat, sent in frames.items():
        for frame in sent:
            known = knowledge(_Upto(game, frame["view"]["log_end"]))[seat]  # type: ignore[arg-type]
            for item in [*frame["items"], *(i for s in frame["seats"] for i in s["items"])]:
                assert names_in(item["value"]) <= known, (seat, item)
            for choice in frame["prompt"]["choices"]:
                if "card" in choice["action"]:
                    assert choice["action"]["card"] in known
            for form in frame["forms"]:
                for field in form["fields"]:
                    if field["key"] == "card":
                        assert {o["value"] for o in field["options"]} <= known
            # Lines about whose cards are whose name them only to the seats that know.
            for entry, said in zip(frame["log"], frame["narration"], strict=True):
                if entry["kind"] in ("card_shown", "dealt", "envelope_seen") and said["text"]:
                    assert names_in(said["text"], played) <= known, (seat, said["text"])
            checked += 1
    assert checked > 40


def test_the_check_of_the_words_catches_a_planted_card(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("cluedo.web.app.RATE_BURST", 10**6)
    _, game, _ = play_people(client, "classic", 3, actions=5, seed=7)
    other = game.state.hands[1][0]  # type: ignore[attr-defined]
    known = knowledge(_Upto(game, len(game.events)))[0]  # type: ignore[arg-type]
    assert other not in known
    assert names_in(f"Hand: {CARD_NAMES[other]}") - known == {other}


def test_only_the_seats_own_frames_carry_its_rejoin_link(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("cluedo.web.app.RATE_BURST", 10**6)
    code = open_table(client, rules="classic", players=3, seats=[{"kind": "person"}] * 3)
    tokens = [sit(client, code, name=f"P{n + 1}")[1] for n in range(3)]
    with (
        client.websocket_connect(f"/ws/{code}?token={tokens[1]}") as mine,
        client.websocket_connect(f"/ws/{code}?spectate=1") as watcher,
    ):
        frame = next_update(mine)
        assert frame["rejoin_url"] == f"/t/{code}?token={tokens[1]}"
        seen = next_update(watcher)
        assert "rejoin_url" not in seen
        text = json.dumps(seen)
        assert not any(token in text for token in tokens)
    # The link brings its holder back to the same seat.
    with client.websocket_connect(frame["rejoin_url"].replace("/t/", "/ws/")) as again:
        assert next_update(again)["seat"] == 1


# -- the end of a game, and the replay ------------------------------------------------


def test_a_part_two_only_kloo_doo_game_ends_without_an_empty_envelope(
    client: TestClient,
) -> None:
    # The page said "The envelope held ." here: Part 2 alone has no envelope.
    code = open_table(
        client,
        rules="killer-kloo-doo",
        players=3,
        options={"parts": "survival"},
        seats=[{"kind": "bot"}] * 3,
        shuffle=1,
    )
    with client.websocket_connect(f"/ws/{code}?spectate=1") as ws:
        while True:
            frame = next_update(ws)
            if frame["view"] is not None and frame["view"]["finished"]:
                break
    ending = frame["ending"]
    assert ending and ending.startswith("Game over") and "envelope" not in ending.lower()
    assert frame["prompt"]["situation"] == ending and not RAW.search(ending)
    final = [n for n in frame["narration"] if n["text"]][-1]
    assert final == {"text": ending, "moment": True}


def test_the_replay_steps_through_the_game_in_words_with_every_card(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("cluedo.web.app.RATE_BURST", 10**6)
    code = open_table(client, rules="classic", players=3, shuffle=4, seats=[{"kind": "bot"}] * 3)
    table = server_of(client).tables[code]
    with client.websocket_connect(f"/ws/{code}?spectate=1") as ws:
        while not (next_update(ws)["view"] or {}).get("finished"):
            pass
    replay = client.get(f"/api/tables/{code}/replay").json()
    steps = replay["steps"]
    assert table.game is not None
    assert len(steps) == len(table.game.actions) + 1
    assert steps[0]["action"] is None and "begins" in steps[0]["narration"]
    assert steps[-1]["view"]["finished"] and steps[-1]["view"]["envelope"]
    assert steps[-1]["narration"].startswith(steps[-1]["lines"][0])
    shown = [s for s in steps if s["action"] and s["action"]["kind"] == "show"]
    names = load_card_set("classic")
    for step in shown:  # nothing is hidden any more: the card shown is named
        assert names.name(step["action"]["card"]) in step["narration"]
    rolled = [s for s in steps if s["action"] and s["action"]["kind"] == "roll"]
    assert rolled and all(s["roll"]["total"] >= 1 and s["roll"]["text"] for s in rolled)
    # No single line of it is long: each step is its own small piece.
    for step in steps:
        for line in step["lines"]:
            assert len(line) < 400 and not RAW.search(line), line
    assert max(len(json.dumps(s)) for s in steps) < 20_000


def test_the_lobby_frame_says_who_is_awaited(client: TestClient) -> None:
    code = open_table(client, rules="classic", players=3, seats=[{"kind": "person"}] * 3)
    _, token = sit(client, code)
    with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
        frame = next_update(ws)
    assert frame["view"] is None and frame["narration"] == [] and frame["forms"] == []
    assert frame["ending"] is None and frame["roll"] is None and frame["items"] == []
    assert frame["prompt"]["question"] == "Waiting for 2 more people to take a seat."
    assert [s["label"] for s in frame["seats"]] == ["Ann", "Seat 2 (free)", "Seat 3 (free)"]
    assert frame["seats"][0]["you"] and not frame["seats"][1]["you"]


def test_a_form_labels_playing_cards_by_name(client: TestClient) -> None:
    # Killer Kloo Doo's clubs read "square 5C" and its grab form "undefined".
    server_of(client)  # the client is up
    from cluedo.engine import new_game
    from cluedo.web.words import TableWords

    for seed in range(40):
        game = new_game("killer-kloo-doo", players=3, seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if game.finished:
                break
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            kinds = {a.kind for a in legal}
            if kinds & {"grab", "bribe", "assault", "dig", "persuade"}:
                words = TableWords(game, ["Ann", "Bo", "Cy"])
                forms = words.forms(words.narrator(seat), game.view(seat), legal)
                for form in forms:
                    for field in form["fields"]:
                        for option in field["options"]:
                            values = option["value"]
                            flat = values if isinstance(values, list) else [values]
                            if any(isinstance(v, str) and is_card(v) for v in flat):
                                assert " of " in option["label"], option
                            assert not RAW.search(option["label"]), option
                return
            calm = [a for a in legal if a.kind != "accuse"] or legal
            game.apply(rng.choice(calm))
    raise AssertionError("no game offered a contested action")


def test_a_bribe_or_grab_form_asks_for_a_clue_card_in_words() -> None:
    # The form's "ask"/"take" field read "Clue" and "Weapon": a person writes "A clue card".
    from cluedo.engine import new_game
    from cluedo.web.words import TableWords

    for seed in range(40):
        game = new_game("killer-kloo-doo", players=3, seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if game.finished:
                break
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            if any(a.kind in ("bribe", "grab") for a in legal):
                words = TableWords(game, ["Ann", "Bo", "Cy"])
                forms = words.forms(words.narrator(seat), game.view(seat), legal)
                asked = {
                    option["value"]: option["label"]
                    for form in forms
                    if form["kind"] in ("bribe", "grab")
                    for field in form["fields"]
                    if field["key"] in ("ask", "take")
                    for option in field["options"]
                }
                assert asked, forms
                assert asked.get("clue", "A clue card") == "A clue card", asked
                assert asked.get("weapon", "A weapon") == "A weapon", asked
                return
            calm = [a for a in legal if a.kind != "accuse"] or legal
            game.apply(rng.choice(calm))
    raise AssertionError("no game offered a bribe or a grab")


def test_a_kloo_doo_part_one_cut_short_ends_in_a_sentence_a_person_writes() -> None:
    # It read "Part 1 ends with running out of turns."
    from cluedo.engine import new_game

    game = new_game("killer-kloo-doo", players=2, seed=1)
    n = Narrator("killer-kloo-doo", game.view(None), None, ["Ann", "Bo"])
    event = {"kind": "part_one_over", "how": "stalled", "scores": [15, 26], "envelope": []}
    text = n.event(event) or ""
    assert text.startswith("Part 1 ends with the last of its turns."), text
