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
from cluedo.web.guard import ALLOWED_TEXT, clean_text, looks_like_bot
from cluedo.web.notebook import card_set_of
from cluedo.web.store import TableRecord
from cluedo.web.tables import MAX_NAME, STANDIN_BOT, Table, WebError, token_hash

log = logging.getLogger("cluedo.web")

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Invite codes avoid letters that look alike (I/1, O/0)."""

SETTINGS_DEFAULTS: dict[str, Any] = {
    "bot_delay": 0.6,
    "idle_bot_after": None,
    "turn_limit": None,
    "notebook_aid": True,
    "spectator_chat": False,
}


def new_code(taken: Container[str]) -> str:
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


NAME_ALLOWED = f"1 to {MAX_NAME} {ALLOWED_TEXT}; not a bot's name, nor one with the word 'bot'"


def _clean_name(name: Any) -> str:
    """A person's name: NFC, runs of spaces made one; refused if it could mislead."""
    if not isinstance(name, str) or not name.strip():
        raise WebError(f"a seat needs a 'name' ({NAME_ALLOWED})", "bad-name", NAME_ALLOWED)
    clean, problem = clean_text(name)
    if problem is not None:
        raise WebError(f"this name cannot be used: {problem}", "bad-name", NAME_ALLOWED)
    clean = " ".join(clean.split())
    if not clean:
        raise WebError(f"a seat needs a 'name' ({NAME_ALLOWED})", "bad-name", NAME_ALLOWED)
    if len(clean) > MAX_NAME:
        raise WebError(f"names are at most {MAX_NAME} characters", "bad-name", NAME_ALLOWED)
    if looks_like_bot(clean, _every_bot_name()):
        raise WebError(
            f"the name {clean!r} could pass for a bot; people's names may not",
            "bad-name",
            NAME_ALLOWED,
        )
    return clean


def _every_bot_name() -> set[str]:
    names = {STANDIN_BOT}
    for rules in available():
        names.update(bots_for(rules))
    return names


CREATE_FIELDS = ("rules", "players", "options", "seats", "settings")


def create_table(
    request: Any,
    taken: Container[str],
    defaults: dict[str, Any],
    secret: bytes | None = None,
) -> TableRecord:
    """Check a request to open a table and make its record (not yet stored).

    ``{"rules": "classic", "players": 4, "options": {...}, "seats": [{"kind":
    "person"}, {"kind": "bot", "bot": "sensible"}, ...], "settings": {...}}``;
    everything but ``rules`` has a default (seat 0 a person, the rest bots).

    Nobody chooses the shuffle: the seed comes from ``secret`` (drawn here, fresh,
    unless the server gives one) and only its commitment is public until the end.
    """
    if not isinstance(request, dict):
        raise WebError("the request must be a JSON object", "bad-request")
    unknown = set(request) - set(CREATE_FIELDS)
    if unknown:
        why = " (the server draws the shuffle; nobody chooses it)" if "seed" in unknown else ""
        raise WebError(
            f"unknown fields {sorted(unknown)}{why}", "bad-request", ", ".join(CREATE_FIELDS)
        )
    rules = request.get("rules", "classic")
    if not isinstance(rules, str):
        raise WebError("'rules' must be a rule set's name", "bad-options", ", ".join(available()))
    raw_options = request.get("options")
    if raw_options is not None and not isinstance(raw_options, dict):
        raise WebError("'options' must be a JSON object", "bad-options", '{"name": value, ...}')
    try:
        cls = rules_class(rules)
        options = parse_options(cls.name, raw_options or {}).model_dump(mode="json")
        make_rules(cls.name, options)
    except (CluedoError, ValueError) as err:
        raise WebError(str(err), "bad-options") from None
    except Exception as err:  # a rule set that cannot be built from options that parsed
        log.warning("rules %s refused options %r: %r", rules, raw_options, err)
        raise WebError(f"these options cannot be used: {err}", "bad-options") from None
    players = request.get("players", min(4, cls.max_players))
    if (
        not isinstance(players, int)
        or isinstance(players, bool)
        or not cls.min_players <= players <= cls.max_players
    ):
        raise WebError(
            f"{cls.name} is for {cls.min_players} to {cls.max_players} players, got {players!r}",
            "bad-players",
        )
    seats = _seats(request.get("seats"), players, cls.name)
    settings = _settings(request.get("settings"), defaults)
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


def _seats(raw: Any, players: int, rules: str) -> list[dict[str, Any]]:
    bots = bots_for(rules)
    best = default_bot(rules)  # the one place that decides it
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
            if not isinstance(bot, str) or bot not in bots:
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
    # The server's defaults hold more than table settings (its limits): only settings here.
    settings = {**SETTINGS_DEFAULTS}
    settings.update((k, v) for k, v in defaults.items() if k in SETTINGS_DEFAULTS)
    if raw is None:
        return settings
    if not isinstance(raw, dict):
        raise WebError(
            "'settings' must be a JSON object", "bad-settings", ", ".join(SETTINGS_DEFAULTS)
        )
    if set(raw) - set(SETTINGS_DEFAULTS):
        raise WebError("unknown table settings", "bad-settings", ", ".join(SETTINGS_DEFAULTS))
    delay = raw.get("bot_delay", settings["bot_delay"])
    if not isinstance(delay, (int, float)) or isinstance(delay, bool) or not 0 <= delay <= 5:
        raise WebError("'bot_delay' is seconds from 0 to 5", "bad-settings")
    idle = _seconds_or_none(raw, settings, "idle_bot_after")
    turn = _seconds_or_none(raw, settings, "turn_limit")
    aid = _flag(raw, settings, "notebook_aid")
    spectator_chat = _flag(raw, settings, "spectator_chat")
    return {
        "bot_delay": float(delay),
        "idle_bot_after": idle,
        "turn_limit": turn,
        "notebook_aid": aid,
        "spectator_chat": spectator_chat,
    }


def _flag(raw: dict[str, Any], settings: dict[str, Any], key: str) -> bool:
    value = raw.get(key, settings[key])
    if not isinstance(value, bool):
        raise WebError(f"'{key}' is true or false", "bad-settings")
    return value


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
    unknown = set(request) - {"name", "seat", "character"}
    if unknown:
        raise WebError(f"unknown fields {sorted(unknown)}", "bad-request", "name, seat, character")
    if table.status != "lobby":
        raise WebError("the game has started; ask for your seat's link to rejoin", "started")
    name = _clean_name(request.get("name"))
    seats = table.record.seats
    free = [i for i, s in enumerate(seats) if s["kind"] == "person" and not s.get("token_hash")]
    seat = request.get("seat", free[0] if free else None)
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
        raise WebError(f"'seat' must be a seat's number, not {seat!r}", "bad-request")
    if seat not in free:
        raise WebError(
            f"seat {seat!r} is not free",
            "seat-taken",
            ", ".join(map(str, free)) if free else "no free seats",
        )
    character = request.get("character")
    if character is not None:
        if not isinstance(character, str):
            raise WebError("'character' must be a character's id or null", "bad-character")
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
