"""Leak test over the websocket: no frame to a seat or a spectator names a card it cannot know.

Every frame is checked as it was sent, against what its seat could know at that
point of the game (worked out from the full record up to the frame's
``log_end``, as in tests/engine/test_engine_leaks.py). The frame is more than
the view - the table's seats, chat, legal actions - so this also catches a leak
the server might add around the engine.
"""

from __future__ import annotations

import contextlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from web_kit import Frame, make_client, next_update, open_table, play_seat, server_of, sit

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
from test_engine_leaks import (  # a sibling test folder's helpers
    PUBLIC_KEYS,
    SECRET_KEYS,
    card_mentions,
    knowledge,
)

from cluedo.content import load_card_set
from cluedo.engine import Game

WEB_PUBLIC = PUBLIC_KEYS | {"character"}  # the table lists who plays which character


class _Upto:
    """The game's record cut at ``n`` events, for :func:`knowledge`."""

    def __init__(self, game: Game, n: int) -> None:
        self.players = game.players
        self._log = game.full_log()[:n]

    def full_log(self) -> list[dict[str, Any]]:
        return self._log


WORDS = ("narration", "prompt", "seats", "items", "roll", "forms", "ending")
"""The frame's words (cluedo.web.words): checked in tests/web/test_web_words.py."""


def check_frame(frame: Frame, seat: int | None, game: Game) -> None:
    if frame["type"] != "update" or frame["view"] is None:
        return
    known = knowledge(_Upto(game, frame["view"]["log_end"]))[seat]  # type: ignore[arg-type]
    data = json.loads(json.dumps(frame))
    # A form's option values are the parameters of legal actions, under their own key.
    data["forms"] = [
        {field["key"]: [o["value"] for o in field["options"]] for field in form["fields"]}
        for form in data.get("forms", [])
    ]
    for key, card in card_mentions(data):
        if key in SECRET_KEYS or key not in WEB_PUBLIC:
            assert card in known, f"seat {seat} was sent {card!r} under {key!r}"


def test_no_frame_names_a_card_its_seat_cannot_know(tmp_path: Path) -> None:
    for seed in (1, 2):
        with make_client(f"sqlite:///{tmp_path / f'leak{seed}.sqlite'}") as client:
            code = open_table(client, rules="classic", players=4, shuffle=seed)
            _, token = sit(client, code)
            table = server_of(client).tables[code]
            with (
                client.websocket_connect(f"/ws/{code}?spectate=1") as watcher,
                client.websocket_connect(f"/ws/{code}?token={token}") as ws,
            ):
                seen: list[Frame] = []
                last = play_seat(ws, random.Random(seed), accuse_after=10, on_frame=seen.append)
                assert table.game is not None and table.game.finished
                for frame in [*seen, last]:
                    check_frame(frame, 0, table.game)
                count = 0
                while True:
                    frame = next_update(watcher)
                    check_frame(frame, None, table.game)
                    assert frame["legal"] == [] and frame["view"]["hand"] == []
                    count += 1
                    if frame["view"]["finished"]:
                        break
            assert len(seen) > 5 and count > 5


def test_the_check_catches_a_planted_leak(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path / 'plant.sqlite'}") as client:
        code = open_table(client, rules="classic", players=3, shuffle=3)
        sit(client, code)
        game = server_of(client).tables[code].game
        assert game is not None
        other = game.state.hands[1]  # type: ignore[attr-defined]
        frame = {"type": "update", "view": {"log_end": 3}, "table": {"note": other[0]}}
        try:
            check_frame(frame, 0, game)
        except AssertionError as err:
            assert "under 'note'" in str(err)
        else:
            raise AssertionError("a planted card was not caught")


# -- every rule set, every seat and a spectator ---------------------------------------
#
# Each rule set's engine views are leak-tested against its own rules elsewhere
# (tests/engine/test_engine_leaks.py, test_pendragon_leaks.py and the variants'
# play tests). Here the question is whether the server adds anything around them:
# every frame to every seat and to a spectator must hold exactly that seat's
# engine view at that point of the game (rebuilt independently from the record),
# its legal actions, and besides them only the table's public seat list and chat.

RULE_SETS = [
    ("classic", 3),
    ("clue-or-cruel", 3),
    ("clussassin", 3),
    ("killer-kloo-doo", 3),
    ("pendragon", 3),
]


EVERY_CARD = frozenset(
    card for name in ("classic", "pendragon") for card in load_card_set(name).ids
)
"""The clue cards of every card set the rule sets use."""


def _mentions(value: Any, key: str = "") -> list[tuple[str, str]]:
    """(nearest key, card) for every card of any card set named in ``value``."""
    if isinstance(value, dict):
        return [m for k, v in value.items() for m in _mentions(v, k)] + [
            (key, k) for k in value if k in EVERY_CARD
        ]
    if isinstance(value, list):
        return [m for item in value for m in _mentions(item, key)]
    return [(key, value)] if isinstance(value, str) and value in EVERY_CARD else []


def _check_frames(frames: dict[int | None, list[Frame]], game: Game) -> dict[int | None, int]:
    """Every frame against its seat's engine view, rebuilt by replaying the record
    up to the frame's point of the game; per seat, the frames checked."""
    replay = Game(game.rules_name, game.players, game.seed, game.options)
    moves = iter(game.actions)
    ordered = sorted(
        ((f["view"]["log_end"], seat, f) for seat, fs in frames.items() for f in fs if f["view"]),
        key=lambda item: item[0],
    )
    checked: dict[int | None, int] = dict.fromkeys(frames, 0)
    for log_end, seat, frame in ordered:
        while len(replay.events) < log_end:
            replay.apply(next(moves))
        assert len(replay.events) == log_end, "a frame between two actions"
        view = replay.view(seat, log_since=frame["log_start"])
        assert frame["log"] == view.pop("log"), f"seat {seat}: log differs at {log_end}"
        assert frame["view"] == json.loads(json.dumps(view)), f"seat {seat}: view differs"
        legal = [a.to_json() for a in replay.legal_actions(seat)] if seat is not None else []
        for action in legal:
            del action["seat"]
        assert frame["legal"] == legal, f"seat {seat}: legal actions differ"
        # Nothing else in the frame but public seat data and chat.
        fields = {"type", "table", "seat", "chat", "view", "log", "log_start", "legal"}
        extra = set(frame) - fields - {*WORDS, "invite_url", "rejoin_url"}
        assert not extra, f"unexpected frame fields {extra}"
        assert ("rejoin_url" in frame) == (seat is not None)
        assert frame["seat"] == seat
        for info in frame["table"]["seats"]:
            assert set(info) <= {
                *("seat", "name", "kind", "bot", "taken", "connected", "character", "standin")
            }
        for key, card in _mentions(frame["table"]):
            assert key in {"character", "characters"}, f"the table info names {card!r}"
        checked[seat] += 1
    return checked


@pytest.mark.parametrize(("rules", "players"), RULE_SETS)
def test_every_frame_to_every_seat_and_a_spectator_is_exactly_its_engine_view(
    tmp_path: Path, rules: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("cluedo.web.app.RATE_BURST", 10**6)  # this test plays fast
    rng = random.Random(players)
    with make_client(f"sqlite:///{tmp_path / 'all.sqlite'}") as client:
        code = open_table(
            client, rules=rules, players=players, shuffle=5, seats=[{"kind": "person"}] * players
        )
        tokens = [sit(client, code, name=f"P{n + 1}")[1] for n in range(players)]
        table = server_of(client).tables[code]
        frames: dict[int | None, list[Frame]] = {s: [] for s in [None, *range(players)]}
        with contextlib.ExitStack() as stack:
            sockets: dict[int | None, Any] = {
                s: stack.enter_context(client.websocket_connect(f"/ws/{code}?token={t}"))
                for s, t in enumerate(tokens)
            }
            sockets[None] = stack.enter_context(client.websocket_connect(f"/ws/{code}?spectate=1"))

            def log_end(seat: int | None) -> int:
                last = frames[seat][-1] if frames[seat] else {}
                return int((last.get("view") or {"log_end": -1})["log_end"])

            def catch_up(acting: int | None = None, past: int = -1) -> None:
                """Read every socket up to the game's present (first, the acting seat's
                own frame for its action, which the server sends once it is applied)."""
                assert table.game is not None
                while acting is not None and log_end(acting) <= past:
                    frame = sockets[acting].receive_json()
                    assert frame["type"] != "error", frame
                    if frame["type"] == "update":
                        frames[acting].append(frame)
                now = len(table.game.events)
                for seat, ws in sockets.items():
                    while (
                        not frames[seat]
                        or (frames[seat][-1].get("view") or {"log_end": -1})["log_end"] < now
                    ):
                        frame = ws.receive_json()
                        if frame["type"] == "update":
                            frames[seat].append(frame)

            catch_up()
            assert table.game is not None
            for _ in range(400):
                if table.game.finished:
                    break
                seat = table.game.to_act()[0]
                legal = frames[seat][-1]["legal"]
                calm = [a for a in legal if a["kind"] != "accuse"] or legal
                before = len(table.game.events)
                sockets[seat].send_json({"type": "act", "action": rng.choice(calm)})
                catch_up(seat, before)
        counts = _check_frames(frames, table.game)
    assert all(n > 10 for n in counts.values()), counts


def test_the_frame_check_catches_a_frame_that_is_not_the_engine_view(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path / 'tamper.sqlite'}") as client:
        code = open_table(client, rules="pendragon", players=3, shuffle=2)
        sit(client, code)
        table = server_of(client).tables[code]
        with client.websocket_connect(f"/ws/{code}?spectate=1") as ws:
            frame = next_update(ws)
        assert table.game is not None
        _check_frames({None: [frame]}, table.game)  # as sent: fine
        secret = table.game.state.hands[1][0]  # type: ignore[attr-defined]
        for tamper in (
            lambda f: f["view"].update(hand=[secret]),
            lambda f: f["table"].update(note=secret),
            lambda f: f.update(extra=1),
        ):
            bad = json.loads(json.dumps(frame))
            tamper(bad)
            with pytest.raises(AssertionError):
                _check_frames({None: [bad]}, table.game)
