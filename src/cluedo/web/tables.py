"""A table in play: its game, its seats, its bots and the browsers watching it.

The server holds the only copy of the truth. A person's message becomes an
action for their own seat, the engine checks it, the store writes it, and only
then does each connected browser get its next frame - built from the view of
the seat it belongs to, so a frame can only carry what that seat may see.

Bots (and stand-ins for people who have been away longer than the table
allows) are played by one task per table, so a table of bots never blocks the
others.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import dataclasses
import hashlib
import json
import logging
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from cluedo.agents.base import Agent
from cluedo.agents.registry import bots_for, make_agent
from cluedo.engine.actions import Action
from cluedo.engine.errors import CluedoError, IllegalAction
from cluedo.engine.game import Game
from cluedo.engine.registry import make_rules
from cluedo.web import notebook as nb
from cluedo.web.casting import cast, character_choices, chosen_by_options
from cluedo.web.guard import WebError, display_text
from cluedo.web.messages import MAX_CHAT, MAX_NAME, ActionRequest, Note
from cluedo.web.store import Store, TableRecord
from cluedo.web.words import ROLLS, TableWords, colour_of, initials_of, roll_of, without_seat

log = logging.getLogger("cluedo.web")

__all__ = ["Client", "Table", "WebError", "token_hash"]

STANDIN_BOT = "sensible"
"""The bot that plays for a person who is away longer than the table's limit."""
CHAT_KEPT = 200
"""Chat messages a table keeps in memory and sends to a browser that connects."""


BOT_THREADS = ThreadPoolExecutor(max_workers=2, thread_name_prefix="cluedo-bot")
"""Where bots think, off the event loop; a table's bot thinks under the table's lock."""

NOTEBOOK_THREADS = ThreadPoolExecutor(max_workers=2, thread_name_prefix="cluedo-notebook")
"""Where notebooks are drawn, off the event loop: a full count can take a while, and
two threads at most keep a few slow ones from crowding out the bots' turns."""

STORE_RETRY = 2.0
"""Seconds a bot waits before trying again when its move could not be stored."""


class NotStored(WebError):
    """The store refused an action or a chat line, which was therefore not made."""


def token_hash(token: str) -> str:
    # Only hashes are stored: a copy of the database does not let anyone act for a seat.
    return hashlib.sha256(token.encode()).hexdigest()


class Client:
    """One browser connection: the seat it speaks for and how much it has been sent.

    Frames go through a queue drained by one writer task, so every connection
    gets its frames in order however the table's tasks interleave.
    """

    def __init__(
        self, seat: int | None, send: Callable[[dict[str, Any]], Any], token: str | None = None
    ) -> None:
        self.seat = seat
        self.token = token
        """The seat's private token this connection came with (for its rejoin link only)."""
        self.log_end = 0
        self.chat_end = 0
        self._send = send
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.writer: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.writer = asyncio.get_running_loop().create_task(self._write())

    async def _write(self) -> None:
        while True:
            frame = await self.queue.get()
            if frame is None:
                return
            try:
                await self._send(frame)
            except Exception:  # the connection went away; the reader side cleans up
                return

    def push(self, frame: dict[str, Any]) -> None:
        self.queue.put_nowait(frame)

    async def stop(self) -> None:
        self.queue.put_nowait(None)
        if self.writer is not None:
            with contextlib.suppress(Exception):
                await self.writer


class Table:
    def __init__(self, record: TableRecord, store: Store) -> None:
        self.record = record
        self.store = store
        # Records written before names and chat were checked may hold text that
        # cannot be sent; shown with U+FFFD in its place, the table still works.
        for info in record.seats:
            info["name"] = display_text(info.get("name"), MAX_NAME)
        self.chat_total = len(record.chat)
        """Chat messages ever said here (the store has them all); ``record.chat`` holds
        the last :data:`CHAT_KEPT`, and each client's ``chat_end`` counts from the first."""
        record.chat = [_displayable(line) for line in record.chat[-CHAT_KEPT:]]
        self.game: Game | None = None
        self.agents: dict[int, Agent] = {}
        self.standins: dict[int, Agent] = {}
        self.clients: set[Client] = set()
        now = time.monotonic()
        self.away_since: dict[int, float] = {s: now for s in range(record.players)}
        self.waiting_since: dict[int, float] = {}
        """Since when each seat the game waits for has been waited on (turn timer)."""
        self._runner: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()
        self.notebooks: dict[int, nb.SeatNotebook] = {}
        """Each seat's notebook, made when the seat first asks for it."""
        self._card_names: dict[str, str] | None = None
        self._steps: list[dict[str, Any]] | None = None
        """A finished game's replay, step by step, once someone has asked for it."""
        self.words: TableWords | None = None
        """The frames' words, once the game has started."""
        self.lock = asyncio.Lock()
        """Held while an action or a chat line is stored and applied: one at a time."""
        self.closing = False
        """Set when the server stops: no new action or chat line is started."""
        self._writes: set[asyncio.Task[None]] = set()
        """Writes for people under way, each run to its end whatever its caller does."""
        if record.status != "lobby":
            self._build_game()
            if self.game is not None and self.game.finished and record.status != "finished":
                # Its status write was lost in a crash: written now, so that the next
                # start leaves it with the other finished games.
                record.status = "finished"
                store.update(record)

    # -- set-up -----------------------------------------------------------------------

    @property
    def code(self) -> str:
        return self.record.code

    @property
    def status(self) -> str:
        return self.record.status

    def _build_game(self) -> None:
        self.game = game_of(self.record)
        self.words = TableWords(self.game, [self._seat_name(s) for s in range(self.record.players)])
        for seat, info in enumerate(self.record.seats):
            if info["kind"] == "bot":
                if info["bot"] not in bots_for(self.record.rules):
                    # Only built-in bots: a stored record never starts a program (cmd:).
                    raise ValueError(f"seat {seat + 1}: {info['bot']!r} is not a built-in bot")
                seed = self.record.seed + seat
                self.agents[seat] = make_agent(info["bot"], seat, seed, self.record.rules)

    def free_characters(self) -> list[str]:
        """The characters a person joining now may choose (by id)."""
        rec = self.record
        if chosen_by_options(rec.rules, rec.options):
            return []  # fixed by the table's options
        taken = {s.get("character") for s in rec.seats}
        return [c["id"] for c in character_choices(rec.rules, rec.options) if c["id"] not in taken]

    async def seat_person(
        self, wanted: int | None, name: str, character: str | None, digest: str
    ) -> int:
        """Give a free person's seat to ``name`` (its token's hash ``digest``); the game
        starts once every seat is taken. Returns the seat, or raises :class:`WebError`.

        Stored before it is made, as actions are: if the store refuses, the seat
        stays free and nothing in memory changes.
        """
        async with self.lock:  # two people asking for the last seat: one gets it
            if self.closing:
                raise NotStored("the server is stopping: try again when it is back", "stopping")
            rec = self.record
            if rec.status != "lobby":
                raise WebError(
                    "the game has started; ask for your seat's link to rejoin", "started"
                )
            free = [
                i
                for i, s in enumerate(rec.seats)
                if s["kind"] == "person" and not s.get("token_hash")
            ]
            seat = wanted if wanted is not None else (free[0] if free else None)
            if seat not in free:
                raise WebError(
                    f"seat {seat!r} is not free",
                    "seat-taken",
                    ", ".join(map(str, free)) if free else "no free seats",
                )
            if character is not None and character not in (choices := self.free_characters()):
                raise WebError(
                    f"character {character!r} is not available",
                    "bad-character",
                    ", ".join(choices) or "none: the table's options fix every character",
                )
            after = dataclasses.replace(
                rec, seats=copy.deepcopy(rec.seats), options=dict(rec.options)
            )
            after.seats[seat].update(name=name, token_hash=digest, character=character)
            if all(s["kind"] == "bot" or s.get("token_hash") for s in after.seats):
                after = started(after)  # checked here: a game that cannot start is refused
            try:
                await asyncio.to_thread(self.store.update, after)
            except Exception:
                log.exception("table %s: a seat could not be stored, so not taken", self.code)
                raise NotStored(
                    "the server could not store your seat, so it was not taken: try again shortly",
                    "not-stored",
                    status=503,
                ) from None
            rec.seats, rec.options, rec.status = after.seats, after.options, after.status
            if rec.status != "lobby":
                self._build_game()
            return seat

    # -- who is who -------------------------------------------------------------------

    def seat_of_token(self, token: str) -> int | None:
        digest = token_hash(token)
        for seat, info in enumerate(self.record.seats):
            if info.get("token_hash") == digest:
                return seat
        return None

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.clients)

    def public_info(self) -> dict[str, Any]:
        """What anyone with the table's code may know about it (no tokens, no cards)."""
        rec = self.record
        seats = []
        for seat, info in enumerate(rec.seats):
            seats.append(
                {
                    "seat": seat,
                    "kind": info["kind"],
                    "bot": info.get("bot"),
                    "name": display_text(info.get("name"), MAX_NAME),
                    "character": info.get("character"),
                    "taken": info["kind"] == "bot" or bool(info.get("token_hash")),
                    "connected": info["kind"] == "bot" or self.connected(seat),
                    "standin": seat in self.standins and self._standin_due(seat),
                }
            )
        return {
            "code": rec.code,
            "rules": rec.rules,
            "players": rec.players,
            "options": rec.options,
            "settings": rec.settings,
            "status": rec.status,
            "seats": seats,
            "bots": sorted(bots_for(rec.rules)),
            "shuffle": self.shuffle(),
        }

    def shuffle(self) -> dict[str, Any]:
        """The shuffle's commitment (public from the start) and, once the game ends, its secret.

        Until then nothing that could give the shuffle away - the secret, the seed -
        leaves the server.
        """
        rec = self.record
        revealed = rec.status == "finished" and rec.secret is not None
        return {
            "commitment": rec.commitment,
            "secret": rec.secret if revealed else None,
            "seed": rec.seed if revealed else None,
        }

    # -- frames -----------------------------------------------------------------------

    def frame_for(self, client: Client, info: dict[str, Any] | None = None) -> dict[str, Any]:
        """The next frame for one browser: its seat's view and the log it has not had,
        and the same in words for that viewer (see :mod:`cluedo.web.words`)."""
        info = info or self.public_info()
        frame: dict[str, Any] = {
            "type": "update",
            "table": info,
            "seat": client.seat,
            "chat": self.record.chat[max(0, client.chat_end - self._chat_first()) :],
            "invite_url": f"/t/{self.code}",
        }
        if client.seat is not None and client.token is not None:
            frame["rejoin_url"] = f"/t/{self.code}?token={client.token}"
        client.chat_end = self.chat_total
        if self.game is None or self.words is None:
            frame.update(view=None, log=[], log_start=0, legal=[], narration=[], items=[])
            frame.update(prompt=self._lobby_prompt(), roll=None, forms=[], ending=None)
            frame["seats"] = self.seat_list(info, None, client.seat)
            return frame
        view = self.game.view(client.seat, log_since=client.log_end)
        frame["log"] = view.pop("log")
        frame["log_start"] = client.log_end
        client.log_end = view["log_end"]
        frame["view"] = view
        legal = self.game.legal_actions(client.seat) if client.seat is not None else []
        frame["legal"] = [without_seat(a) for a in legal]
        words = self.words.frame_words(client.seat, view, frame["log"], legal)
        seat_items = words.pop("seat_items")
        frame.update(words)
        frame["seats"] = self.seat_list(info, view, client.seat)
        for row, said in zip(frame["seats"], seat_items, strict=False):
            row["items"] = said
        return frame

    def _seat_name(self, seat: int) -> str:
        """The name of whoever plays a seat: the person's, or the bot's in words."""
        info = self.record.seats[seat]
        if info["kind"] == "bot":
            return f"{str(info.get('bot') or 'a').capitalize()} bot"
        return display_text(info.get("name"), MAX_NAME) or f"Seat {seat + 1}"

    def _lobby_names(self) -> dict[str, str]:
        if self._card_names is None:
            cards = nb.card_set_of(make_rules(self.record.rules, self.record.options))
            self._card_names = {c: cards.name(c) for c in cards.ids} if cards is not None else {}
        return self._card_names

    def _lobby_prompt(self) -> dict[str, Any]:
        free = sum(
            1 for s in self.record.seats if s["kind"] == "person" and not s.get("token_hash")
        )
        waiting = (
            f"Waiting for {free} more {'person' if free == 1 else 'people'} to take a seat."
            if free
            else "The game is about to start."
        )
        return {"situation": "", "question": waiting, "choices": [], "yours": False}

    def seat_list(
        self, info: dict[str, Any], view: dict[str, Any] | None, viewer: int | None
    ) -> list[dict[str, Any]]:
        """The seats in words: who plays each, as what, and whether they are to act."""
        words = self.words
        to_act = set(view.get("to_act") or []) if view is not None else set()
        characters = list(view.get("characters") or []) if view is not None else []
        rows = []
        for seat, public in enumerate(info["seats"]):
            character = characters[seat] if seat < len(characters) else public.get("character")
            character_name = None
            if character is not None:
                if words is not None:
                    character_name = words.base.names.card(str(character))
                else:
                    character_name = self._lobby_names().get(character, str(character))
            if public["kind"] == "person":
                label = public["name"] or character_name or f"Seat {seat + 1} (free)"
            else:
                label = character_name or self._seat_name(seat)
            rows.append(
                {
                    "seat": seat,
                    "label": label,
                    "character": character,
                    "character_name": character_name,
                    "colour": colour_of(character, seat),
                    "you": seat == viewer,
                    "to_act": seat in to_act,
                    "bot": public["kind"] == "bot",
                    "connected": bool(public["connected"]),
                    "items": [],
                }
            )
        marks = initials_of([r["character_name"] or r["label"] for r in rows])
        for row, mark in zip(rows, marks, strict=True):
            row["initials"] = mark
        return rows

    def broadcast(self) -> None:
        info = self.public_info()
        for client in list(self.clients):
            client.push(self.frame_for(client, info))

    def join_client(self, client: Client) -> None:
        self.clients.add(client)
        if client.seat is not None:
            self.away_since.pop(client.seat, None)
        client.start()
        self.broadcast()  # everyone sees the seat come back; the newcomer gets it all

    def leave_client(self, client: Client) -> None:
        self.clients.discard(client)
        if client.seat is not None and not self.connected(client.seat):
            self.away_since[client.seat] = time.monotonic()
        self.broadcast()
        self.kick()

    # -- play -------------------------------------------------------------------------

    async def act(self, seat: int, request: ActionRequest) -> None:
        """Apply a person's action for their seat, or raise :class:`WebError` (game unchanged)."""
        if self.game is None:
            raise WebError("the game has not started: every seat must be taken", "not-started")
        if request.seat is not None and request.seat != seat:
            raise WebError(
                f"you play seat {seat + 1}, not seat {request.seat + 1}",
                "not-your-seat",
                "no 'seat' in the action: the server fills in yours",
            )
        try:
            action = Action.from_json({**request.as_json(), "seat": seat})
            await self._whole(self._apply_in_turn(action))
        except IllegalAction as err:
            raise WebError(err.message, err.rule, err.allowed) from None

    async def _apply_in_turn(self, action: Action) -> None:
        async with self.lock:
            await self._apply(action)

    async def _whole(self, write: Coroutine[Any, Any, None]) -> None:
        """Run a write to its end even if the caller is cancelled (its browser gone):
        once the store has an action, the game must have it too."""
        task = asyncio.get_running_loop().create_task(write)
        self._writes.add(task)
        task.add_done_callback(_settled(self._writes))
        await asyncio.shield(task)

    async def _apply(self, action: Action) -> None:
        """Check, store, then apply and tell everyone; the caller holds :attr:`lock`.

        The database is written in a thread, so other tables play on meanwhile;
        the action reaches the game only once it is stored, so nobody - not even
        a browser that joins during the write - sees an action that could be lost.
        """
        assert self.game is not None
        if self.closing:
            raise NotStored("the server is stopping: try again when it is back", "stopping")
        error = self.game.check(action)
        if error is not None:
            raise error
        index = len(self.record.actions)
        try:
            await asyncio.to_thread(self.store.add_action, self.code, index, action.to_json())
        except Exception:
            log.exception("table %s: an action could not be stored, so not made", self.code)
            stored = await self._stored_after_all(index)
            if stored is None:
                raise NotStored(
                    "the server could not store that move, so it was not made: try again shortly",
                    "not-stored",
                ) from None
            if stored != _as_stored(action):
                # An earlier try whose answer was lost did reach the store: that action
                # is the game's now (it was checked against this same position).
                await self._accept(Action.from_json(stored))
                raise NotStored(
                    "an earlier move of this turn had been stored after all, and is made "
                    "now: look at the table again",
                    "not-stored",
                ) from None
        await self._accept(action)

    async def _stored_after_all(self, index: int) -> dict[str, Any] | None:
        """The action stored at ``index`` although its write seemed to fail (the
        connection lost after the commit), or None."""
        try:
            return await asyncio.to_thread(self.store.action_at, self.code, index)
        except Exception:
            log.exception("table %s: the store cannot be read either", self.code)
            return None

    async def _accept(self, action: Action) -> None:
        """Apply a stored action and tell everyone; the caller holds :attr:`lock`."""
        assert self.game is not None
        self.game.apply(action)
        self.waiting_since.pop(action.seat, None)  # its clock starts again
        self.record.actions.append(action.to_json())
        if self.game.finished and self.record.status != "finished":
            self.record.status = "finished"
            try:  # a lost status is found again when the game is replayed at start-up
                await asyncio.to_thread(self.store.update, self.record)
            except Exception:
                log.exception("table %s: its finished status could not be stored", self.code)
        self.broadcast()
        self.kick()

    def _chat_first(self) -> int:
        """The number (counting from the table's first) of the oldest chat message kept."""
        return self.chat_total - len(self.record.chat)

    async def chat(self, seat: int | None, name: str, text: str) -> None:
        """Say something at the table, or raise :class:`WebError` (nothing said).

        ``text`` has been checked and normalised (:class:`cluedo.web.messages.Chat`).
        """
        if seat is None and not self.record.settings.get("spectator_chat", False):
            raise WebError(
                "spectators may not chat at this table", "spectator-chat", "seated players"
            )
        line = {"seat": seat, "name": display_text(name, MAX_NAME), "text": text, "at": time.time()}
        await self._whole(self._say(line))

    async def _say(self, line: dict[str, Any]) -> None:
        async with self.lock:  # one write at a time per table: chat lines keep their order
            if self.closing:
                raise NotStored("the server is stopping: try again when it is back", "stopping")
            try:
                await asyncio.to_thread(self.store.add_chat, self.code, self.chat_total, line)
            except Exception:
                log.exception("table %s: a chat message could not be stored", self.code)
                raise NotStored(
                    "the server could not store that message, so it was not sent: try again",
                    "not-stored",
                ) from None
            self.chat_total += 1
            self.record.chat.append(line)
            if len(self.record.chat) > CHAT_KEPT:
                del self.record.chat[: len(self.record.chat) - CHAT_KEPT]
        self.broadcast()

    # -- the notebook -----------------------------------------------------------------

    def _notebook_of(self, seat: int | None) -> nb.SeatNotebook:
        if self.game is None or seat is None:
            raise WebError("only a seat in a game that has started has a notebook", "no-notebook")
        desk = self.notebooks.get(seat)
        if desk is None:
            complete = self._odds_allowed()
            book = nb.new_notebook(self.game, seat, complete, self.record.notes.get(seat))
            why = None if book is not None else nb.no_notebook(self.game)["why"]
            desk = self.notebooks[seat] = nb.SeatNotebook(seat, book, why)
        return desk

    def _odds_allowed(self) -> bool:
        # The table's aid setting: odds, and with them every certainty the count finds.
        return bool(self.record.settings.get("notebook_aid", True))

    async def notebook(self, seat: int | None) -> dict[str, Any]:
        """The notebook frame for ``seat``: drawn from the seat's own log only."""
        desk = self._notebook_of(seat)
        assert self.game is not None
        asked = len(self.game.events)
        async with desk.lock:
            if desk.drawn is not None and desk.drawn[0] >= asked:
                # Drawn while this request waited for the one before: no need to draw again.
                return {"type": "notebook", **desk.drawn[1]}
            return {"type": "notebook", **(await self._draw(desk))}

    async def _draw(self, desk: nb.SeatNotebook) -> dict[str, Any]:
        """The seat's panel, brought up to date; the caller holds ``desk.lock``."""
        if desk.book is None or self.game is None:
            return nb.unavailable(desk.why or "This game has no detective notebook.")
        upto = len(self.game.events)
        if desk.drawn is not None and desk.drawn[0] == upto:
            return desk.drawn[1]
        # The new events are taken here, on the loop, so the game may move on while
        # the panel is drawn in a thread (a full count can take a moment).
        new = self.game.log_for(desk.seat, since=desk.read)
        if self._card_names is None:
            self._card_names = nb.card_names(self.game)
        seats = nb.seat_labels(self.record.seats, self._card_names)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            NOTEBOOK_THREADS, desk.draw, new, upto, seats, self._card_names, self._odds_allowed()
        )

    async def note(self, seat: int | None, message: Note) -> dict[str, Any]:
        """Keep one of the person's own marks (or a note on a card), then the notebook frame.

        Stored before it is shown, as actions are; the automatic marks never change it.
        """
        desk = self._notebook_of(seat)
        await self._whole(self._note(desk, message))
        return await self.notebook(seat)

    async def _note(self, desk: nb.SeatNotebook, message: Note) -> None:
        async with desk.lock:
            await self._draw(desk)  # the places are known once the notebook has read the deal
            book = desk.book
            if book is None or desk.why is not None:
                raise WebError(desk.why or "this game has no notebook", "no-notebook")
            card, place, text = nb.checked_note(book, message)
            if self.closing:
                raise NotStored("the server is stopping: try again when it is back", "stopping")
            before = book.notes_json()
            book.set_note(card, text, place)
            after = book.notes_json()
            try:
                await asyncio.to_thread(self.store.set_notes, self.code, desk.seat, after)
            except Exception:
                log.exception("table %s: a notebook mark could not be stored", self.code)
                book.notes.clear()
                book.cell_notes.clear()
                book.load_notes(before)
                raise NotStored(
                    "the server could not keep that mark, so it was not made: try again",
                    "not-stored",
                ) from None
            self.record.notes[desk.seat] = after
            desk.drawn = None

    def replay(self) -> dict[str, Any]:
        """A finished game with every card shown, for stepping through afterwards.

        Besides the save and the full log, ``steps`` has the game after its set-up
        and after each action: everything on the table then (every card shown),
        what happened in words, and the roll made in that step.
        """
        if self.game is None or not self.game.finished:
            raise WebError("only a finished game can be replayed", "not-finished")
        if self._steps is None:
            self._steps = self._replay_steps()
        info = self.public_info()
        return {
            "save": self.game.save(),
            "events": self.game.full_log(),
            "reveal": self.game.rules.reveal(self.game.state),
            "shuffle": self.shuffle(),
            "table": info,
            "steps": self._steps,
            # The seats in words, as the game's own frames had them (names, initials, colours).
            "seats": self.seat_list(
                info, self.game.view(None, log_since=len(self.game.events)), None
            ),
        }

    def _replay_steps(self) -> list[dict[str, Any]]:
        """The game step by step (see :meth:`replay`); the game is over, so nothing is hidden."""
        assert self.words is not None
        game = game_of(dataclasses.replace(self.record, actions=[]))
        narrator = self.words.narrator(None)
        steps = []
        done = 0
        for index in range(len(self.record.actions) + 1):
            if index:
                game.apply(Action.from_json(self.record.actions[index - 1]))
            events = [e.full() for e in game.events[done:]]
            done = len(game.events)
            lines = [line for e in events if (line := narrator.event(e)) is not None]
            rolled = [e for e in events if e.get("kind") in ROLLS]
            steps.append(
                {
                    "view": _revealed(game),
                    "narration": " ".join(lines) or None,
                    "lines": lines,
                    "roll": roll_of(narrator, rolled[-1]) if rolled else None,
                    "action": without_seat(game.actions[-1]) if index else None,
                    "seat": game.actions[-1].seat if index else None,
                }
            )
        plain: list[dict[str, Any]] = json.loads(json.dumps(steps))  # tuples made lists
        return plain

    # -- bots and stand-ins -----------------------------------------------------------

    def _standin_due(self, seat: int) -> bool:
        limit = self.record.settings.get("idle_bot_after")
        since = self.away_since.get(seat)
        return limit is not None and since is not None and time.monotonic() - since >= limit

    def _next_bot_seat(self) -> tuple[int | None, float | None]:
        """A seat a bot should play now, else how long until a stand-in may be due."""
        if self.game is None or self.game.finished:
            return None, None
        wait: float | None = None
        now = time.monotonic()
        idle = self.record.settings.get("idle_bot_after")
        turn = self.record.settings.get("turn_limit")
        waiting = self.game.to_act()
        for seat in list(self.waiting_since):
            if seat not in waiting:
                del self.waiting_since[seat]
        for seat in waiting:
            if seat in self.agents:
                return seat, None
            # Two clocks: how long the person has been away, how long this seat has
            # been waited on. Whichever runs out first lets the stand-in act.
            clocks = [(idle, self.away_since.get(seat))]
            clocks.append((turn, self.waiting_since.setdefault(seat, now)))
            for limit, since in clocks:
                if limit is None or since is None:
                    continue
                left = limit - (now - since)
                if left <= 0:
                    return seat, None
                wait = left if wait is None else min(wait, left)
        return None, wait

    async def close(self) -> None:
        """Start no new write, let the one under way (in its thread) finish, stop the bots.

        A write's thread cannot be cancelled: the store must not be closed - nor the
        database handed to another server - until it is done.
        """
        self.closing = True
        await asyncio.gather(*self._writes, return_exceptions=True)
        async with self.lock:
            if self._runner is not None:
                self._runner.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await self._runner

    def kick(self) -> None:
        """Make sure the bot task is running if a bot (or a stand-in) may have to act."""
        self._wake.set()
        if self._runner is None or self._runner.done():
            seat, wait = self._next_bot_seat()
            if seat is not None or wait is not None:
                self._runner = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        delay = float(self.record.settings.get("bot_delay", 0))
        while True:
            self._wake.clear()
            seat, wait = self._next_bot_seat()
            if seat is None:
                if wait is None:
                    return
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), wait)
                continue
            # A short pause so people can follow what the bots do; zero in tests.
            await asyncio.sleep(delay)
            if self._next_bot_seat()[0] != seat:
                continue
            try:
                await self._bot_act(seat)
            except NotStored:  # the database is away for a moment: the bot tries again
                await asyncio.sleep(STORE_RETRY)
            except Exception:  # a bot bug must not stop the table
                log.exception("bot for seat %s at table %s failed", seat, self.code)
                return

    async def _bot_act(self, seat: int) -> None:
        async with self.lock:  # no person's move is half-way through meanwhile
            if self.closing or self.game is None or seat not in self.game.to_act():
                return
            agent = self.agents.get(seat)
            if agent is None:
                agent = self.standins.get(seat)
                if agent is None:
                    bots = bots_for(self.record.rules)
                    name = STANDIN_BOT if STANDIN_BOT in bots else sorted(bots)[0]
                    agent = make_agent(name, seat, self.record.seed + seat, self.record.rules)
                    self.standins[seat] = agent
            view = self.game.view(seat, log_since=agent.log_cursor)
            agent.log_cursor = view["log_end"]
            legal = self.game.legal_actions(seat)
            # Bots think in their own threads: the event loop serves every other
            # table and browser meanwhile (it keeps the GIL's turns between them).
            loop = asyncio.get_running_loop()
            action = await loop.run_in_executor(BOT_THREADS, agent.choose, view, legal)
            try:
                await self._apply(action)
            except CluedoError:
                log.warning("bot for seat %s chose an illegal action; playing the first", seat)
                await self._apply(legal[0])


def game_of(record: TableRecord) -> Game:
    """The table's game as its record says: the deal from its seed, then its actions."""
    return Game.load(
        {
            "format": "cluedo-save",
            "version": 1,
            "rules": record.rules,
            "players": record.players,
            "seed": record.seed,
            "options": record.options,
            "actions": record.actions,
        }
    )


def _revealed(game: Game) -> dict[str, Any]:
    """Everything on the table now, every card shown, with the keys of a view."""
    view = game.rules.reveal(game.state)
    view.update(
        rules=game.rules_name,
        options=game.options,
        seat=None,
        to_act=list(game.to_act()),
        finished=game.finished,
        outcome=game.state.outcome or None,
        winners=list(game.state.winners),
        log_end=len(game.events),
    )
    return view


def started(record: TableRecord) -> TableRecord:
    """A copy of a table whose seats are all taken, as it is once play begins: the
    seats' characters fixed and the status ``playing``. Nothing is stored or changed."""
    rec = dataclasses.replace(
        record, seats=copy.deepcopy(record.seats), options=dict(record.options), status="playing"
    )
    chosen = [s.get("character") for s in rec.seats]
    rec.options = cast(rec.rules, rec.options, chosen, rec.players)
    try:
        game = game_of(rec)
    except CluedoError as err:
        # The lobby checks every choice first, so this is a bug; but a table that
        # cannot start must be refused, never stored half-made.
        log.warning("table %s cannot start: %s", rec.code, err)
        raise WebError(f"this table cannot start: {err}", "bad-options") from None
    characters = game.view(None).get("characters")
    if isinstance(characters, list):
        for seat, info in enumerate(rec.seats):
            info["character"] = characters[seat]
    return rec


def _settled(writes: set[asyncio.Task[None]]) -> Callable[[asyncio.Task[None]], None]:
    """A done-callback: forget a finished write, and read its outcome (its caller, if
    still there, has been told; one whose caller left must not be reported as lost)."""

    def done(task: asyncio.Task[None]) -> None:
        writes.discard(task)
        if not task.cancelled():
            task.exception()

    return done


def _as_stored(action: Action) -> dict[str, Any]:
    """An action as the store gives it back (JSON: lists, not tuples)."""
    return dict(json.loads(json.dumps(action.to_json())))


def _displayable(line: Any) -> dict[str, Any]:
    """A stored chat line, safe to send whatever it holds."""
    if not isinstance(line, dict):
        line = {}
    seat = line.get("seat")
    return {
        "seat": seat if isinstance(seat, int) else None,
        "name": display_text(line.get("name"), MAX_NAME),
        "text": display_text(line.get("text"), MAX_CHAT),
        "at": line.get("at") if isinstance(line.get("at"), (int, float)) else 0.0,
    }
