"""``cluedo engine``: a JSON-lines protocol over stdin and stdout, in the spirit of UCI.

One JSON object per line in, exactly one JSON object per line out. A request
names its command in ``cmd`` and may carry an ``id`` (a string or an integer)
that is echoed back. A success reply has ``"ok": true``; any failure is
``{"ok": false, "error": {"code": ..., "message": ...}}`` and leaves every
game as it was. The engine keeps running after any error; only ``quit`` or the
end of its input stops it. See ``docs/protocol.md`` for the whole protocol.

>>> engine = Engine()
>>> engine.handle_line('{"cmd": "new", "players": 3, "seed": 7, "id": 1}')["game"]
'g1'
>>> engine.handle_line('{"cmd": "legal", "game": "g1", "seat": 0}')["actions"][0]
{'seat': 0, 'kind': 'roll'}
>>> book = engine.handle_line('{"cmd": "notebook", "game": "g1", "seat": 0}')["notebook"]
>>> book["places"], book["cards"]["scarlet"], book["cards"]["rope"]
([0, 1, 2, 'envelope'], {'0': 1.0}, {'1': 0.4, '2': 0.4, 'envelope': 0.2})
>>> engine.handle_line('{"cmd": "nope"}')["error"]["code"]
'unknown-command'
"""

from __future__ import annotations

import json
import math
import os
import sys
from collections.abc import Callable, Mapping
from importlib import metadata
from typing import IO, Any

import typer

from cluedo.agents.base import Agent
from cluedo.agents.registry import bots_for, default_bot
from cluedo.deduction.knowledge import CardKnowledge, NotStarted
from cluedo.deduction.places import place_name
from cluedo.engine.actions import Action
from cluedo.engine.contracts import contracts_for
from cluedo.engine.errors import IllegalAction, MalformedAction, OptionsError, SaveError
from cluedo.engine.game import Game, json_kind
from cluedo.engine.registry import available, make_rules, rules_class
from cluedo.protocol import messages
from cluedo.protocol.messages import (
    COMMANDS,
    ERROR_CODES,
    CommandSpec,
    FieldSpec,
    ProtocolError,
    validate_request,
)

__all__ = [
    "COMMANDS",
    "ERROR_CODES",
    "CommandSpec",
    "Engine",
    "FieldSpec",
    "ProtocolError",
    "notebook_json",
    "place_probabilities",
    "serve",
]

PROTOCOL_VERSION = 1
ENGINE_NAME = "cluedo"
MAX_LINE_BYTES = 1 << 20
"""Longest request line accepted (1 MiB); a save of a very long game is far below it."""
MAX_GAMES = 1000
"""Games one engine keeps open at once, so a client that never closes cannot exhaust memory."""
KEPT_NOTEBOOKS = 64
"""Seats' notebooks kept between 'notebook' requests (the most recently asked); one
that was dropped is read again from its log when next asked."""


def engine_version() -> str:
    try:
        return metadata.version("cluedo")
    except metadata.PackageNotFoundError:  # running from a source tree without installing
        return "0+unknown"


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def parse_line(raw: bytes | str) -> Any:
    """Decode one request line; raise :class:`ProtocolError` if it is not JSON."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as err:
        raise ProtocolError("bad-json", f"the line is not UTF-8 text: {err}") from None
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as err:
        # ValueError covers JSONDecodeError, NaN/Infinity and over-long integers.
        raise ProtocolError(
            "bad-json",
            f"the line is not valid JSON ({err}); send one JSON object per line, "
            'e.g. {"cmd": "hello"}',
        ) from None


# -- the engine -----------------------------------------------------------------------


class Engine:
    """Open games by id and the request handlers; independent of any stream."""

    def __init__(self, max_games: int = MAX_GAMES, max_line_bytes: int = MAX_LINE_BYTES) -> None:
        self.games: dict[str, Game] = {}
        # Built-in bots asked by 'go', kept per game and seat because they remember
        # what they have seen (they get each event once, like in step_bots).
        self.bots: dict[tuple[str, int], tuple[str, Agent]] = {}
        # The seats' notebooks last asked for, with how far into the game's events each
        # has read, so that asking every turn reads each event once; least recent first.
        self.notebooks: dict[tuple[str, int], tuple[CardKnowledge, int]] = {}
        self.max_games = max_games
        self.max_line_bytes = max_line_bytes
        self._next_id = 1
        self.quitting = False

    # -- dispatch -------------------------------------------------------------------

    def handle_line(self, raw: bytes | str) -> dict[str, Any]:
        """One reply for one request line; never raises for bad input."""
        try:
            request = parse_line(raw)
        except ProtocolError as err:
            return {"ok": False, "error": err.to_json()}
        return self.handle(request)

    def handle(self, request: Any) -> dict[str, Any]:
        """One reply for one decoded request; never raises for bad input."""
        echo: dict[str, Any] = {}
        cmd: str | None = None
        try:
            if not isinstance(request, dict):
                raise ProtocolError(
                    "bad-request",
                    f"a request must be a JSON object, got {json_kind(request)}; "
                    'e.g. {"cmd": "hello", "id": 1}',
                )
            if "id" in request:
                echo["id"] = messages.request_id(request["id"])
            raw_cmd = request.get("cmd")
            if not isinstance(raw_cmd, str) or raw_cmd not in COMMANDS:
                what = "no 'cmd'" if raw_cmd is None else f"unknown command {raw_cmd!r}"
                raise ProtocolError("unknown-command", f"{what}; commands: {', '.join(COMMANDS)}")
            cmd = raw_cmd
            echo["cmd"] = cmd
            checked = validate_request(cmd, request)
            handler: Callable[[Any], dict[str, Any]] = getattr(self, "cmd_" + cmd)
            body = handler(checked)
        except ProtocolError as err:
            return {**echo, "ok": False, "error": err.to_json()}
        except Exception as err:  # a bug must cost one reply, not the engine
            return {
                **echo,
                "ok": False,
                "error": {
                    "code": "internal-error",
                    "message": f"the engine failed on this request ({type(err).__name__}: "
                    f"{err}); the game is unchanged; please report it",
                },
            }
        return {**echo, "ok": True, **body}

    # -- helpers --------------------------------------------------------------------

    def _game(self, request: Mapping[str, Any]) -> tuple[str, Game]:
        gid: str = request["game"]
        game = self.games.get(gid)
        if game is None:
            open_ids = ", ".join(self.games) or "none"
            raise ProtocolError("unknown-game", f"no open game {gid!r}; open games: {open_ids}")
        return gid, game

    @staticmethod
    def _seat(game: Game, seat: Any, field: str = "seat") -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.players:
            raise ProtocolError(
                "bad-request",
                f"{field!r} {seat!r} is not a seat at this table; seats are 0 to "
                f"{game.players - 1}",
            )
        return seat

    @staticmethod
    def status(game: Game) -> dict[str, Any]:
        return {
            "to_act": list(game.to_act()),
            "finished": game.finished,
            "outcome": game.state.outcome or None,
            "winners": list(game.state.winners),
            "log_end": len(game.events),
        }

    def _open(self, game: Game) -> dict[str, Any]:
        gid = f"g{self._next_id}"
        self._next_id += 1
        self.games[gid] = game
        return {
            "game": gid,
            "rules": game.rules_name,
            "players": game.players,
            "seed": game.seed,
            "options": game.options,
            **self.status(game),
        }

    def _room_for_one_more(self) -> None:
        if len(self.games) >= self.max_games:
            raise ProtocolError(
                "too-many-games",
                f"{len(self.games)} games are open, the most this engine keeps; close one first",
            )

    # -- commands -------------------------------------------------------------------

    def cmd_hello(self, request: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "engine": ENGINE_NAME,
            "version": engine_version(),
            "protocol": PROTOCOL_VERSION,
            "rules": [rules_info(name) for name in available()],
            "commands": {
                name: {
                    "help": spec.help,
                    "fields": {
                        fname: {"types": list(f.types), "required": f.required, "help": f.help}
                        for fname, f in spec.fields.items()
                    },
                }
                for name, spec in COMMANDS.items()
            },
            "limits": {"max_line_bytes": self.max_line_bytes, "max_games": self.max_games},
        }

    cmd_info = cmd_hello

    def cmd_new(self, request: Mapping[str, Any]) -> dict[str, Any]:
        self._room_for_one_more()
        name = request.get("rules", "classic")
        try:
            cls = rules_class(name)
            players = request.get("players", cls.min_players)
            game = Game(cls.name, players, request.get("seed"), request.get("options") or {})
        except (OptionsError, ValueError, LookupError, OSError) as err:
            # Rule sets report some bad options (an unknown board, say) as plain
            # ValueError or FileNotFoundError from the content loaders.
            raise ProtocolError("bad-options", str(err)) from None
        return self._open(game)

    def cmd_legal(self, request: Mapping[str, Any]) -> dict[str, Any]:
        gid, game = self._game(request)
        seat = self._seat(game, request["seat"])
        return {
            "game": gid,
            "seat": seat,
            "actions": [a.to_json() for a in game.legal_actions(seat)],
            **self.status(game),
        }

    def cmd_apply(self, request: Mapping[str, Any]) -> dict[str, Any]:
        gid, game = self._game(request)
        if ("action" in request) == ("index" in request):
            raise ProtocolError(
                "bad-request",
                "apply needs exactly one of 'action' (an action object as listed by legal) "
                "or 'index' (with 'seat': a position in that seat's legal list)",
            )
        if "action" in request:
            if "seat" in request:
                raise ProtocolError(
                    "bad-request", "'seat' goes inside the action; a top-level seat is for 'index'"
                )
            try:
                action = self._action(game, request["action"])
            except IllegalAction as err:
                raise _illegal(err) from None
        else:
            if "seat" not in request:
                raise ProtocolError("bad-request", "'index' needs 'seat': whose legal list")
            seat = self._seat(game, request["seat"])
            legal = game.legal_actions(seat)
            index = request["index"]
            if not 0 <= index < len(legal):
                allowed = f"0 to {len(legal) - 1}" if legal else "none: the seat is not to act"
                raise ProtocolError(
                    "illegal-action",
                    f"index {index} is outside seat {seat}'s legal list; allowed: {allowed}",
                    rule="index",
                )
            action = legal[index]
        try:
            events = game.apply(action)
        except IllegalAction as err:
            raise _illegal(err) from None
        seen = [e for e in (ev.for_seat(action.seat) for ev in events) if e is not None]
        return {
            "game": gid,
            "action": action.to_json(),
            "events": seen,
            **self.status(game),
        }

    @staticmethod
    def _action(game: Game, data: dict[str, Any]) -> Action:
        """The action a client sent, checked against its kind's declaration (a kind the
        rule set does not declare is left for the rules to refuse by name)."""
        contracts = contracts_for(game.rules_name)
        kind = data.get("kind")
        if contracts is not None and isinstance(kind, str) and kind in contracts.action_kinds:
            wrong = contracts.action_problems(data)
            if wrong:
                raise MalformedAction("; ".join(wrong), contracts.signature(kind))
        return Action.from_json(data)

    def cmd_view(self, request: Mapping[str, Any]) -> dict[str, Any]:
        gid, game = self._game(request)
        seat = request.get("seat")
        if seat is not None:
            seat = self._seat(game, seat)
        since = request.get("log_since", 0)
        if since < 0:
            raise ProtocolError(
                "bad-request",
                f"'log_since' must be 0 or more (a log_end from an earlier reply), got {since}",
            )
        return {"game": gid, "view": game.view(seat, since)}

    def cmd_to_act(self, request: Mapping[str, Any]) -> dict[str, Any]:
        gid, game = self._game(request)
        return {"game": gid, **self.status(game)}

    def cmd_save(self, request: Mapping[str, Any]) -> dict[str, Any]:
        gid, game = self._game(request)
        return {"game": gid, "save": game.save()}

    def cmd_load(self, request: Mapping[str, Any]) -> dict[str, Any]:
        self._room_for_one_more()
        data = request["save"]
        try:
            # Game.load checks every field and raises only SaveError, whatever the save holds.
            game = Game.loads(data) if isinstance(data, str) else Game.load(data)
        except SaveError as err:
            raise ProtocolError("bad-save", f"the save does not load: {err}") from None
        return self._open(game)

    def cmd_go(self, request: Mapping[str, Any]) -> dict[str, Any]:
        gid, game = self._game(request)
        seat = self._seat(game, request["seat"])
        bots = bots_for(game.rules_name)
        name = request.get("bot", default_bot(game.rules_name))
        if name not in bots:
            # Never 'cmd:': a request must not be able to start programs.
            raise ProtocolError(
                "bad-request",
                f"no built-in bot {name!r} for {game.rules_name}; bots: {', '.join(sorted(bots))}",
            )
        legal = game.legal_actions(seat)
        if not legal:
            waiting = ", ".join(map(str, game.to_act())) or "none, the game is over"
            raise ProtocolError(
                "bad-request", f"seat {seat} has nothing to decide now; seats to act: {waiting}"
            )
        kept = self.bots.get((gid, seat))
        if kept is None or kept[0] != name:
            kept = (name, bots[name](seat, game.seed + seat))
            self.bots[(gid, seat)] = kept
        agent = kept[1]
        view = game.view(seat, log_since=agent.log_cursor)
        action = agent.choose(view, legal)
        agent.log_cursor = view["log_end"]
        return {"game": gid, "seat": seat, "bot": name, "action": action.to_json()}

    def cmd_notebook(self, request: Mapping[str, Any]) -> dict[str, Any]:
        gid, game = self._game(request)
        seat = self._seat(game, request["seat"])
        book = self._notebook(gid, game, seat)
        try:
            notebook = notebook_json(book)
        except NotStarted:
            raise ProtocolError(
                "bad-request", f"seat {seat} has no notebook yet: the cards have not been dealt"
            ) from None
        return {"game": gid, "seat": seat, "notebook": notebook, **self.status(game)}

    def _notebook(self, gid: str, game: Game, seat: int) -> CardKnowledge:
        """``seat``'s notebook, brought up to date with the seat's own log and nothing else."""
        kept = self.notebooks.pop((gid, seat), None)
        if kept is None:
            reader = game.rules.card_reader(seat)
            if reader is None:
                having = ", ".join(notebook_rules()) or "none yet"
                raise ProtocolError(
                    "bad-request",
                    f"{game.rules_name} has no card notebook, so 'notebook' cannot answer for "
                    f"this game; rule sets with one: {having}",
                )
            kept = (CardKnowledge(reader), 0)
        book, cursor = kept
        # Kept again only once it has read every new event: a failure leaves no half-read book.
        book.observe_events(game.log_for(seat, since=cursor))
        self.notebooks[(gid, seat)] = (book, len(game.events))
        if len(self.notebooks) > KEPT_NOTEBOOKS:
            del self.notebooks[next(iter(self.notebooks))]
        return book

    def cmd_close(self, request: Mapping[str, Any]) -> dict[str, Any]:
        gid, _ = self._game(request)
        del self.games[gid]
        for key in [k for k in self.bots if k[0] == gid]:
            del self.bots[key]
        for key in [k for k in self.notebooks if k[0] == gid]:
            del self.notebooks[key]
        return {"game": gid, "closed": True}

    def cmd_games(self, request: Mapping[str, Any]) -> dict[str, Any]:
        return {"games": list(self.games)}

    def cmd_quit(self, request: Mapping[str, Any]) -> dict[str, Any]:
        self.quitting = True
        return {"bye": True}


def _illegal(err: IllegalAction) -> ProtocolError:
    extra: dict[str, Any] = {"rule": err.rule}
    if err.allowed:
        extra["allowed"] = err.allowed
    return ProtocolError("illegal-action", str(err), **extra)


_NEARLY_0 = math.nextafter(0.0, 1.0)
_NEARLY_1 = math.nextafter(1.0, 0.0)


def place_probabilities(book: CardKnowledge, card: str) -> dict[str, float]:
    """``card``'s probability at each place it may be, keyed by the place as a string.

    A certainty is exactly 1 (the only key) and a place the card cannot be is
    left out. Every other value stays strictly between 0 and 1, even where a
    float rounds a near-certain count or an estimate reaches 0 or 1, so that a
    client may read 1 and a missing key as facts.
    """
    odds = book.distribution(card)
    # The exact count leaves out only the places it rules out; an estimate may put 0
    # on a place still possible, so there the sound eliminations say which to keep.
    kept = odds if book.exact else book.possible(card)
    where = [place for place in book.places if place in kept]
    if len(where) == 1:
        return {place_name(where[0]): 1.0}
    return {
        place_name(place): min(max(odds.get(place, 0.0), _NEARLY_0), _NEARLY_1) for place in where
    }


def notebook_json(book: CardKnowledge) -> dict[str, Any]:
    """The reply's ``notebook``: places, each card's probabilities, and whether exact."""
    cards = [card for names in book.categories.values() for card in names]
    exact = book.exact  # first: counting may give up, which sets why_estimated
    return {
        "places": list(book.places),
        "cards": {card: place_probabilities(book, card) for card in cards},
        "exact": exact,
        "why_estimated": None if exact else book.why_estimated,
    }


def notebook_rules() -> list[str]:
    """The rule sets whose games answer ``notebook`` (with their default options)."""
    out = []
    for name in available():
        try:
            if make_rules(name).card_reader(0) is not None:
                out.append(name)
        except (OptionsError, ValueError, LookupError, OSError):
            continue  # options with no defaults: this listing cannot tell
    return out


def rules_info(name: str) -> dict[str, Any]:
    """A rule set's name, title, player range and options (with a JSON Schema each)."""
    cls = rules_class(name)
    schema = cls.options_type.model_json_schema()
    props: dict[str, Any] = schema.get("properties", {})
    defs = schema.get("$defs")
    try:
        # Defaults as JSON, the way a game reports its options.
        defaults = cls.options_type().model_dump(mode="json")
    except ValueError:  # a rule set with a required option: no defaults to show
        defaults = {}
    options: dict[str, Any] = {}
    for key, field in cls.options_type.model_fields.items():
        prop = props.get(key, {})
        if defs and "$ref" in json.dumps(prop):
            prop = {**prop, "$defs": defs}  # keep each option's schema self-contained
        options[key] = {
            "default": defaults.get(key),
            "description": field.description or "",
            "schema": prop,
        }
    return {
        "name": cls.name,
        "title": cls.title,
        "aliases": list(cls.aliases),
        "min_players": cls.min_players,
        "max_players": cls.max_players,
        "options": options,
    }


# -- the stream loop ------------------------------------------------------------------


def _write(out: IO[bytes], reply: Mapping[str, Any]) -> None:
    out.write(json.dumps(reply, separators=(",", ":")).encode("ascii") + b"\n")
    out.flush()


def serve(
    inp: IO[bytes],
    out: IO[bytes],
    max_line_bytes: int = MAX_LINE_BYTES,
    max_games: int = MAX_GAMES,
) -> int:
    """Answer requests from ``inp`` on ``out`` until ``quit`` or end of input."""
    engine = Engine(max_games, max_line_bytes)
    while not engine.quitting:
        raw = inp.readline(max_line_bytes + 1)
        if not raw:
            break
        if len(raw) > max_line_bytes and not raw.endswith(b"\n"):
            # Drop the rest of the over-long line without holding it in memory.
            while True:
                chunk = inp.readline(1 << 16)
                if not chunk or chunk.endswith(b"\n"):
                    break
            error = ProtocolError(
                "line-too-long",
                f"a request line may hold at most {max_line_bytes} bytes; this one was longer "
                "and was ignored",
            )
            _write(out, {"ok": False, "error": error.to_json()})
            continue
        if not raw.strip():
            continue  # blank lines are allowed between requests and get no reply
        _write(out, engine.handle_line(raw))
    return 0


def register(app: typer.Typer) -> None:
    """Add the ``engine`` command."""

    @app.command("engine")
    def engine_command(
        max_line_bytes: int = typer.Option(
            MAX_LINE_BYTES, help="longest request line accepted, in bytes", min=1024
        ),
        max_games: int = typer.Option(MAX_GAMES, help="most games open at once", min=1),
        schema: bool = typer.Option(
            False, "--schema", help="print the protocol's JSON Schema and exit"
        ),
    ) -> None:
        """Speak the JSON-lines engine protocol on stdin/stdout (see docs/protocol.md)."""
        if schema:
            from cluedo.protocol.schema import schema_text

            typer.echo(schema_text(), nl=False)
            return
        try:
            code = serve(sys.stdin.buffer, sys.stdout.buffer, max_line_bytes, max_games)
        except KeyboardInterrupt:
            code = 130
        except BrokenPipeError:
            # The client stopped reading: nobody is left to answer. Point stdout at
            # /dev/null so that the interpreter's final flush does not complain.
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            code = 0
        raise typer.Exit(code)
