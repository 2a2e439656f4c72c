"""The lobby: what can be played, creating a table, taking a seat.

Everything a table is made of - rule set, options, seats for people and bots,
table settings - is checked here, with an error that says what was wrong and
what is allowed, before anything is stored. Rule sets and their options come
from the engine's registry, so a rule set registered anywhere is offered here.
"""

from __future__ import annotations

import random
import secrets
import time
from typing import Any

from cluedo.agents.registry import bots_for
from cluedo.content.board import load_board
from cluedo.engine.errors import CluedoError
from cluedo.engine.registry import available, make_rules, parse_options, rules_class
from cluedo.web.notebook import card_set_of
from cluedo.web.store import TableRecord
from cluedo.web.tables import Table, WebError, token_hash

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Invite codes avoid letters that look alike (I/1, O/0)."""

SETTINGS_DEFAULTS: dict[str, Any] = {
    "bot_delay": 0.6,
    "idle_bot_after": None,
    "turn_limit": None,
    "notebook_aid": True,
}
MAX_NAME = 40


def new_code(taken: set[str] | dict[str, Any]) -> str:
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))
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


def _clean_name(name: Any) -> str:
    if not isinstance(name, str) or not name.strip():
        raise WebError("a seat needs a 'name' (1 to 40 characters)", "bad-name")
    clean = " ".join(name.split())
    if len(clean) > MAX_NAME:
        raise WebError(f"names are at most {MAX_NAME} characters", "bad-name")
    return clean


def create_table(request: Any, taken: dict[str, Table], defaults: dict[str, Any]) -> TableRecord:
    """Check a request to open a table and make its record (not yet stored).

    ``{"rules": "classic", "players": 4, "options": {...}, "seats": [{"kind":
    "person"}, {"kind": "bot", "bot": "sensible"}, ...], "settings": {...}}``;
    everything but ``rules`` has a default (seat 0 a person, the rest bots).
    """
    if not isinstance(request, dict):
        raise WebError("the request must be a JSON object", "bad-request")
    unknown = set(request) - {"rules", "players", "options", "seats", "settings", "seed"}
    if unknown:
        raise WebError(
            f"unknown fields {sorted(unknown)}",
            "bad-request",
            "rules, players, options, seats, settings, seed",
        )
    try:
        cls = rules_class(str(request.get("rules", "classic")))
        options = parse_options(cls.name, request.get("options") or {}).model_dump(mode="json")
        make_rules(cls.name, options)
    except (CluedoError, ValueError) as err:
        raise WebError(str(err), "bad-options") from None
    players = request.get("players", min(4, cls.max_players))
    if not isinstance(players, int) or not cls.min_players <= players <= cls.max_players:
        raise WebError(
            f"{cls.name} is for {cls.min_players} to {cls.max_players} players, got {players!r}",
            "bad-players",
        )
    seats = _seats(request.get("seats"), players, cls.name)
    settings = _settings(request.get("settings"), defaults)
    seed = request.get("seed")
    if seed is None:
        seed = random.SystemRandom().randrange(2**62)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**62:
        raise WebError("'seed' must be a whole number from 0 below 2**62", "bad-seed")
    return TableRecord(
        code=new_code(taken),
        rules=cls.name,
        players=players,
        seed=seed,
        options=options,
        seats=seats,
        settings=settings,
        status="lobby",
        created=time.time(),
    )


def _seats(raw: Any, players: int, rules: str) -> list[dict[str, Any]]:
    bots = bots_for(rules)
    best = "sensible" if "sensible" in bots else sorted(bots)[0]
    if raw is None:
        raw = [{"kind": "person"}] + [{"kind": "bot", "bot": best}] * (players - 1)
    if not isinstance(raw, list) or len(raw) != players:
        raise WebError(f"'seats' must list {players} seats", "bad-seats")
    seats = []
    for i, seat in enumerate(raw):
        kind = seat.get("kind") if isinstance(seat, dict) else None
        if kind == "person":
            seats.append({"kind": "person", "name": "", "token_hash": None, "character": None})
        elif kind == "bot":
            bot = seat.get("bot", best)
            if bot not in bots:
                raise WebError(
                    f"seat {i}: unknown bot {bot!r} for {rules}",
                    "bad-seats",
                    ", ".join(sorted(bots)),
                )
            seats.append({"kind": "bot", "bot": bot, "name": f"{bot} bot", "character": None})
        else:
            raise WebError(
                f"seat {i}: 'kind' must be 'person' or 'bot'", "bad-seats", "person, bot"
            )
    return seats


def _settings(raw: Any, defaults: dict[str, Any]) -> dict[str, Any]:
    settings = {**SETTINGS_DEFAULTS, **defaults}
    if raw is None:
        return settings
    if not isinstance(raw, dict) or set(raw) - set(SETTINGS_DEFAULTS):
        raise WebError("unknown table settings", "bad-settings", ", ".join(SETTINGS_DEFAULTS))
    delay = raw.get("bot_delay", settings["bot_delay"])
    if not isinstance(delay, (int, float)) or isinstance(delay, bool) or not 0 <= delay <= 5:
        raise WebError("'bot_delay' is seconds from 0 to 5", "bad-settings")
    idle = _seconds_or_none(raw, settings, "idle_bot_after")
    turn = _seconds_or_none(raw, settings, "turn_limit")
    aid = raw.get("notebook_aid", settings["notebook_aid"])
    if not isinstance(aid, bool):
        raise WebError("'notebook_aid' is true or false", "bad-settings")
    return {
        "bot_delay": float(delay),
        "idle_bot_after": idle,
        "turn_limit": turn,
        "notebook_aid": aid,
    }


def _seconds_or_none(raw: dict[str, Any], settings: dict[str, Any], key: str) -> Any:
    value = raw.get(key, settings[key])
    if value is not None and (
        not isinstance(value, (int, float)) or isinstance(value, bool) or not 1 <= value <= 86400
    ):
        raise WebError(f"'{key}' is null (never) or seconds from 1 to 86400", "bad-settings")
    return value


def join(table: Table, request: Any) -> tuple[int, str]:
    """Take a free person seat; returns the seat and its secret token."""
    if not isinstance(request, dict):
        raise WebError("the request must be a JSON object", "bad-request")
    if table.status != "lobby":
        raise WebError("the game has started; ask for your seat's link to rejoin", "started")
    name = _clean_name(request.get("name"))
    seats = table.record.seats
    free = [i for i, s in enumerate(seats) if s["kind"] == "person" and not s.get("token_hash")]
    seat = request.get("seat", free[0] if free else None)
    if seat not in free:
        raise WebError(
            f"seat {seat!r} is not free",
            "seat-taken",
            ", ".join(map(str, free)) if free else "no free seats",
        )
    character = request.get("character")
    if character is not None:
        choices = _free_characters(table)
        if character not in choices:
            raise WebError(
                f"character {character!r} is not available", "bad-character", ", ".join(choices)
            )
    token = secrets.token_urlsafe(18)
    seats[seat].update(name=name, token_hash=token_hash(token), character=character)
    if all(s["kind"] == "bot" or s.get("token_hash") for s in seats):
        table.start()
    else:
        table.store.update(table.record)
    return seat, token


def _free_characters(table: Table) -> list[str]:
    if table.record.options.get("characters") is not None:
        return []  # fixed by the table's options
    rules = make_rules(table.record.rules, table.record.options)
    taken = {s.get("character") for s in table.record.seats}
    return [c for c in getattr(rules, "suspects", ()) if c not in taken]
