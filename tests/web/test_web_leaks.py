"""Leak test over the websocket: no frame to a seat or a spectator names a card it cannot know.

Every frame is checked as it was sent, against what its seat could know at that
point of the game (worked out from the full record up to the frame's
``log_end``, as in tests/engine/test_engine_leaks.py). The frame is more than
the view - the table's seats, chat, legal actions - so this also catches a leak
the server might add around the engine.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from web_kit import Frame, make_client, next_update, open_table, play_seat, server_of, sit

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
from test_engine_leaks import (  # a sibling test folder's helpers
    PUBLIC_KEYS,
    SECRET_KEYS,
    card_mentions,
    knowledge,
)

from cluedo.engine import Game

WEB_PUBLIC = PUBLIC_KEYS | {"character"}  # the table lists who plays which character


class _Upto:
    """The game's record cut at ``n`` events, for :func:`knowledge`."""

    def __init__(self, game: Game, n: int) -> None:
        self.players = game.players
        self._log = game.full_log()[:n]

    def full_log(self) -> list[dict[str, Any]]:
        return self._log


def check_frame(frame: Frame, seat: int | None, game: Game) -> None:
    if frame["type"] != "update" or frame["view"] is None:
        return
    known = knowledge(_Upto(game, frame["view"]["log_end"]))[seat]  # type: ignore[arg-type]
    data = json.loads(json.dumps(frame))
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
