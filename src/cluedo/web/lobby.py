"""The lobby: what can be played, creating a table, taking a seat.

Everything a table is made of - rule set, options, seats for people and bots,
table settings - is checked here, with an error that says what was wrong and
what is allowed, before anything is stored. Rule sets and their options come
from the engine's registry, so a rule set registered anywhere is offered here.
"""

from __future__ import annotations

import functools
import logging
import secrets
import time
from collections.abc import Container
from typing import Any

from cluedo.agents.registry import LEVELS, bot_list, bots_for, default_bot
from cluedo.content.board import load_board, shipped_boards
from cluedo.engine.errors import CluedoError
from cluedo.engine.registry import available, make_rules, parse_options, rules_class
from cluedo.engine.ruleset import RuleSet
from cluedo.presentation import OptionLabel, option_labels, words_for
from cluedo.presentation.names import capital, humanise
from cluedo.web.casting import character_choices, chosen_by_options
from cluedo.web.fairness import commitment_of, draw_secret, seed_of
from cluedo.web.messages import (
    CreateTable,
    Host,
    JoinTable,
    SeatChoice,
    TableSettings,
    read_request,
)
from cluedo.web.notebook import card_set_of
from cluedo.web.store import TableRecord
from cluedo.web.tables import Table, WebError, started, token_hash

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


RULES_DESCRIPTIONS = {
    "classic": "The detective game everyone knows: move through the mansion, suggest who "
    "did it, with what and where, and be the first to accuse rightly.",
    "clue-or-cruel": "Nobody is dealt cards: gems on the board buy clue cards, and one "
    "player is secretly the killer's accomplice, winning by bluffing.",
    "clussassin": "Every guest is an assassin with a target, a kill zone and a favourite "
    "weapon; the last one alive wins.",
    "killer-kloo-doo": "Solve the murder with playing cards for help, then survive the "
    "killer's night and escape by helicopter.",
    "pendragon": "The mystery in Camelot, played by knights with character sheets: trait "
    "and skill rolls on a d20, rewards in the rooms, and the staircase to accuse from.",
}
"""What each built-in rule set is, for the lobby (others get a sentence made from their title)."""

BOT_FALLBACK = {"random": "Picks any legal move at random: for trying the rules out."}
"""Descriptions of bots whose rule set gives none."""

PER_SEAT = frozenset({"characters", "sheets"})
"""Options chosen seat by seat, as people sit down, rather than in the lobby's form."""


def rules_catalog() -> list[dict[str, Any]]:
    """Every registered rule set, for the lobby: its name and title, its player range, its
    options (in words, with their values), its characters and its bots."""
    # The registry is asked each time (a rule set may be installed or removed while
    # the server runs); each rule set's entry is worked out once per class.
    return [dict(_rules_entry(name, rules_class(name))) for name in available()]


@functools.cache
def _rules_entry(name: str, cls: type[RuleSet[Any, Any]]) -> dict[str, Any]:
    rules = make_rules(name)
    defaults = rules.options.model_dump(mode="json")
    schema = cls.options_type.model_json_schema()
    listed = bot_list(name)
    levels: dict[str, str] = {}
    for level in LEVELS:  # a bot playing two levels is offered at the lower
        levels.setdefault(listed.level(level), level)
    bots = sorted(bots_for(name), key=lambda b: (_level_rank(levels.get(b)), b))
    return {
        "name": name,
        "title": cls.title,
        "label": cls.title,
        "description": RULES_DESCRIPTIONS.get(name)
        or f"{cls.title}, for {cls.min_players} to {cls.max_players} players.",
        "min_players": cls.min_players,
        "max_players": cls.max_players,
        "options": [
            _option_entry(o, defaults, schema, cls.max_players) for o in option_labels(name)
        ],
        "options_schema": schema,
        "defaults": defaults,
        "bots": [
            {
                "name": bot,
                "label": _bot_label(bot, levels.get(bot)),
                "description": _sentence(listed.descriptions.get(bot, ""))
                or BOT_FALLBACK.get(bot, "One of this game's own bots."),
                "level": levels.get(bot),
                "default": bot == listed.default,
            }
            for bot in bots
        ],
        "bot_names": sorted(bots_for(name)),
        "levels": {level: listed.level(level) for level in LEVELS},
        "characters": character_choices(name),
        "character_ids": [c["id"] for c in character_choices(name)],
    }


def _level_rank(level: str | None) -> int:
    return LEVELS.index(level) if level in LEVELS else len(LEVELS)


def _bot_label(bot: str, level: str | None) -> str:
    name = f"{capital(humanise(bot))} bot"
    return f"{name} ({level})" if level else name


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return ""
    return capital(text) + ("" if text.endswith(".") else ".")


def _option_entry(
    option: OptionLabel, defaults: dict[str, Any], schema: dict[str, Any], players: int
) -> dict[str, Any]:
    """One option for the lobby's form: its words, its default value, and what to ask with."""
    spec = (schema.get("properties") or {}).get(option.key, {})
    entry: dict[str, Any] = {
        "key": option.key,
        "label": option.label,
        "description": option.description,
        "default": defaults.get(option.key),
        "default_label": capital(option.default),
        "choices": [{"value": c.value, "label": c.label} for c in option.choices],
        "input": "choice",
    }
    if option.key in PER_SEAT:
        entry["input"] = "per_seat"  # chosen by each person as they sit down
    elif option.key == "board":
        entry["choices"] = [
            {"value": board, "label": f"{capital(humanise(board))} board"}
            for board in shipped_boards()
            if _board_fits(defaults, board)
        ]
    elif option.key == "first_player":
        entry["choices"] = [{"value": None, "label": capital(option.default)}] + [
            {"value": seat, "label": f"Seat {seat + 1}"} for seat in range(players)
        ]
    elif not entry["choices"]:
        bounds = _number_bounds(spec)
        if bounds is not None:
            entry["input"] = "number"
            entry["min"], entry["max"] = bounds
    return entry


def _board_fits(defaults: dict[str, Any], board: str) -> bool:
    """Whether a shipped board has the rooms the rule set's cards name."""
    from cluedo.content.board import load_board

    default = defaults.get("board")
    if not isinstance(default, str) or board == default:
        return True
    return set(load_board(board).rooms) >= set(load_board(default).rooms)


def _number_bounds(spec: dict[str, Any]) -> tuple[int | None, int | None] | None:
    """The range of a whole-number option from its JSON schema, or None if it is no number."""
    kinds = [spec, *(spec.get("anyOf") or [])]
    for kind in kinds:
        if kind.get("type") == "integer":
            return kind.get("minimum"), kind.get("maximum")
    return None


def board_json(board_id: str) -> dict[str, Any]:
    """A shipped board's geometry, for the page to draw to scale."""
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
    """Display names of the rule set's cards (and so of rooms, suspects and weapons),
    and of its other things its words name (Pendragon's reward cards)."""
    cards = card_set_of(make_rules(rules, options))
    names = {} if cards is None else {c: cards.name(c) for c in cards.ids}
    things = getattr(words_for(rules), "thing_names", None)
    if isinstance(things, dict):
        names.update({k: v for k, v in things.items() if k not in names})
    return names


def create_table(
    request: Any,
    taken: Container[str],
    defaults: dict[str, Any],
    secret: bytes | None = None,
) -> TableRecord:
    """Check a request to open a table and make its record (not yet stored); see
    :func:`new_table`, which also gives the host's token."""
    return new_table(request, taken, defaults, secret)[0]


def new_table(
    request: Any,
    taken: Container[str],
    defaults: dict[str, Any],
    secret: bytes | None = None,
) -> tuple[TableRecord, str | None]:
    """Check a request to open a table and make its record (not yet stored), with the
    host seated if the request names one; returns it and the host's secret token.

    ``request`` is the body as parsed JSON (see :class:`CreateTable`): ``{"rules":
    "classic", "players": 4, "options": {...}, "seats": [{"kind": "person"},
    {"kind": "bot", "bot": "sensible"}, ...], "settings": {...}, "host": {"name":
    "Ann", "character": "plum"}}``; everything has a default (seat 1 a person, the
    rest bots). The model checks its shape; what depends on the rule set (options,
    player count, bots, characters) is checked here, and a table whose seats are
    all taken is started here too - so anything wrong is refused before the table
    exists, and a table is never stored half-made.

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
    token = None
    if body.host is not None:
        token = secrets.token_urlsafe(18)
        _seat_host(seats, body.host, cls.name, options, token)
    if secret is None:
        secret = draw_secret()
    record = TableRecord(
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
    if all(s["kind"] == "bot" or s.get("token_hash") for s in seats):
        record = started(record)  # nobody to wait for (refused if it cannot start)
    return record, token


def _seat_host(
    seats: list[dict[str, Any]], host: Host, rules: str, options: dict[str, Any], token: str
) -> None:
    """Give the host their seat in a new table's seats (checked as joining is)."""
    people = [i for i, s in enumerate(seats) if s["kind"] == "person"]
    if not people:
        raise WebError(
            "the table has no person's seat for its host", "bad-seats", "a person's seat"
        )
    seat = people[0] if host.seat is None else host.seat
    if seat not in people:
        raise WebError(
            f"seat {seat!r} is not a person's seat",
            "bad-seats",
            ", ".join(map(str, people)),
        )
    character = host.character
    if character is not None:
        allowed = [] if chosen_by_options(rules, options) else character_choices(rules, options)
        if character not in [c["id"] for c in allowed]:
            names = ", ".join(
                c["id"] if c["id"] == c["name"] else f"{c['id']} ({c['name']})" for c in allowed
            )
            raise WebError(
                f"character {character!r} is not one of this game's characters",
                "bad-character",
                names or "none: the table's options fix every character",
            )
    seats[seat].update(name=host.name, token_hash=token_hash(token), character=character)


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
