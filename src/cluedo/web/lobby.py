"""The lobby: what can be played, creating a table, taking a seat.

Everything a table is made of - rule set, options, seats for people and bots,
table settings - is checked here, with an error that says what was wrong and
what is allowed, before anything is stored. Rule sets and their options come
from the engine's registry, so a rule set registered anywhere is offered here.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Container
from typing import Any

from cluedo.agents.registry import bots_for, default_bot
from cluedo.content.board import load_board
from cluedo.engine.errors import CluedoError
from cluedo.engine.registry import available, make_rules, parse_options, rules_class
from cluedo.web.fairness import commitment_of, draw_secret, seed_of
from cluedo.web.messages import CreateTable, JoinTable, SeatChoice, TableSettings, read_request
from cluedo.web.notebook import card_set_of
from cluedo.web.store import TableRecord
from cluedo.web.tables import Table, WebError, token_hash

log = logging.getLogger("cluedo.web")

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Invite codes avoid letters that look alike (I/1, O/0)."""

SETTINGS_DEFAULTS: dict[str, Any] = TableSettings().model_dump()
"""A table's settings when neither the request nor the server says otherwise."""


CODE_LENGTH = 8
"""Characters in an invite code: 32**8 (about 10**12) codes. With the server's limit
on lookups of codes that do not exist (a burst of 30, then one every 2 s: 43,200 a
day from one address), finding one of 10,000 open tables takes one address about
seven years."""


def new_code(taken: Container[str]) -> str:
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def rules_catalog() -> list[dict[str, Any]]:
    """Every registered rule set: its name, player range, options (as JSON schema) and bots."""
    out = []
    for name in available():
        cls = rules_class(name)
        rules = make_rules(name)
        out.append(
            {
                "name": name,
                "title": cls.title,
                "min_players": cls.min_players,
                "max_players": cls.max_players,
                "options": cls.options_type.model_json_schema(),
                "defaults": rules.options.model_dump(mode="json"),
                "bots": sorted(bots_for(name)),
                "characters": list(getattr(rules, "suspects", ()) or ()),
            }
        )
    return out


def board_json(board_id: str) -> dict[str, Any]:
    """A shipped board's geometry, for the page to draw to scale."""
    from cluedo.content.board import shipped_boards

    if board_id not in shipped_boards():
        raise WebError(f"unknown board {board_id!r}", "no-such-board", ", ".join(shipped_boards()))
    board = load_board(board_id)
    return {
        "id": board.id,
        "columns": board.columns,
        "rows": board.rows,
        "grid": list(board.grid),
        "rooms": {
            rid: {"letter": r.letter, "scene": r.crime_scene, "squares": sorted(r.squares)}
            for rid, r in board.rooms.items()
        },
        "walls": {wid: sorted(squares) for wid, squares in board.walls.items()},
        "doors": [
            {"room": d.room, "square": d.square, "side": d.side, "corridor": d.corridor}
            for d in board.doors
        ],
        "starts": board.starts,
        "passages": board.passages,
    }


def card_names(rules: str, options: dict[str, Any]) -> dict[str, str]:
    """Display names of the rule set's cards (and so of rooms, suspects and weapons)."""
    cards = card_set_of(make_rules(rules, options))
    if cards is None:
        return {}
    return {c: cards.name(c) for c in cards.ids}


def create_table(
    request: Any,
    taken: Container[str],
    defaults: dict[str, Any],
    secret: bytes | None = None,
) -> TableRecord:
    """Check a request to open a table and make its record (not yet stored).

    ``request`` is the body as parsed JSON (see :class:`CreateTable`): ``{"rules":
    "classic", "players": 4, "options": {...}, "seats": [{"kind": "person"},
    {"kind": "bot", "bot": "sensible"}, ...], "settings": {...}}``; everything
    has a default (seat 1 a person, the rest bots). The model checks its shape;
    what depends on the rule set (options, player count, bots) is checked here.

    Nobody chooses the shuffle: the seed comes from ``secret`` (drawn here, fresh,
    unless the server gives one) and only its commitment is public until the end.
    """
    body = read_request(CreateTable, request)
    try:
        cls = rules_class(body.rules)
        options = parse_options(cls.name, body.options or {}).model_dump(mode="json")
        make_rules(cls.name, options)
    except (CluedoError, ValueError) as err:
        raise WebError(str(err), "bad-options") from None
    except Exception as err:  # a rule set that cannot be built from options that parsed
        log.warning("rules %s refused options %r: %r", body.rules, body.options, err)
        raise WebError(f"these options cannot be used: {err}", "bad-options") from None
    players = min(4, cls.max_players) if body.players is None else body.players
    if not cls.min_players <= players <= cls.max_players:
        raise WebError(
            f"{cls.name} is for {cls.min_players} to {cls.max_players} players, got {players}",
            "bad-players",
        )
    seats = _seats(body.seats, players, cls.name)
    settings = _settings(body.settings, defaults)
    if secret is None:
        secret = draw_secret()
    return TableRecord(
        code=new_code(taken),
        rules=cls.name,
        players=players,
        seed=seed_of(secret),
        secret=secret.hex(),
        commitment=commitment_of(secret),
        options=options,
        seats=seats,
        settings=settings,
        status="lobby",
        created=time.time(),
    )


def _seats(chosen: list[SeatChoice] | None, players: int, rules: str) -> list[dict[str, Any]]:
    bots = bots_for(rules)
    best = default_bot(rules)  # the one place that decides it
    if chosen is None:
        chosen = [SeatChoice(kind="person")] + [SeatChoice(kind="bot")] * (players - 1)
    if len(chosen) != players:
        raise WebError(f"'seats' must list {players} seats, not {len(chosen)}", "bad-seats")
    seats = []
    for number, seat in enumerate(chosen, start=1):
        if seat.kind == "person":
            seats.append({"kind": "person", "name": "", "token_hash": None, "character": None})
            continue
        bot = seat.bot or best
        if bot not in bots:
            raise WebError(
                f"seat {number}: unknown bot {bot!r} for {rules}",
                "bad-seats",
                ", ".join(sorted(bots)),
            )
        seats.append({"kind": "bot", "bot": bot, "name": f"{bot} bot", "character": None})
    return seats


def _settings(chosen: TableSettings | None, defaults: dict[str, Any]) -> dict[str, Any]:
    """The table's settings: those given, else the server's defaults, else the model's."""
    # The server's defaults hold more than table settings (its limits): only settings here.
    settings = {**SETTINGS_DEFAULTS}
    settings.update((k, v) for k, v in defaults.items() if k in SETTINGS_DEFAULTS)
    if chosen is not None:
        settings.update(chosen.given())
    settings["bot_delay"] = float(settings["bot_delay"])
    return settings


async def join(table: Table, request: Any) -> tuple[int, str]:
    """Take a free person seat (``request``: the body as parsed JSON, see
    :class:`JoinTable`); returns the seat and its secret token."""
    body = read_request(JoinTable, request)
    token = secrets.token_urlsafe(18)
    seat = await table.seat_person(body.seat, body.name, body.character, token_hash(token))
    return seat, token
