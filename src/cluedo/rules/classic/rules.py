"""The classic game: move, suggest, refute, accuse (rule text 001).

Turn flow (one decision on the stack per player turn, with a ``stage``):

``start``  roll the die, take a secret passage, or - if another player's
           suggestion moved your token into a room since your last turn -
           suggest there at once; you may also accuse.
``move``   choose a destination the roll reaches.
``moved``  in a room you entered this turn you may suggest; you may accuse or end.
``done``   after your suggestion was answered: accuse (unless it was disproved
           and the option forbids it) or end your turn.

A suggestion pushes a ``refute`` decision for the first player to the left who
holds a named card; players who hold none pass automatically, as the rules force.
See ``docs/rules/classic.md`` for every rule and interpretation.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import Field

from cluedo.content.board import Square
from cluedo.engine.action_space import ActionShape
from cluedo.engine.actions import Action, ActionPool
from cluedo.engine.decisions import Decision
from cluedo.engine.errors import IllegalAction
from cluedo.engine.events import Event
from cluedo.engine.ruleset import CardReader, RuleSet, not_listed, parameters_error
from cluedo.engine.state import GameState
from cluedo.mechanics.accusation import accuse, envelope_for, everyone_out, rule_out
from cluedo.mechanics.dice import SIDES
from cluedo.mechanics.investigation import deal_round_robin, dealt_events, draw_envelope
from cluedo.mechanics.movement import (
    location_json,
    movement_shapes,
    occupied_nodes,
    offered_move,
    reachable,
    take_move,
    unreachable,
)
from cluedo.mechanics.pending import pending_view
from cluedo.mechanics.questions import (
    QuestionLists,
    explain_answer,
    put_question,
    settle,
    show_actions,
)
from cluedo.mechanics.seating import (
    MansionOptions,
    MansionTables,
    assign_characters,
    first_seat,
    first_turn,
    next_seat,
    pass_turn,
    turn_at_start,
)

Location = str | Square
"""A room id, or a corridor square (row, col)."""

PARAMETERS: dict[str, frozenset[str]] = {
    "roll": frozenset(),
    "passage": frozenset(),
    "end_turn": frozenset(),
    "move": frozenset({"to"}),
    "suggest": frozenset({"suspect", "weapon"}),
    "accuse": frozenset({"suspect", "weapon", "room"}),
}
"""Every action of a turn, with the parameters it takes."""


class ClassicOptions(MansionOptions):
    movement: Literal["exact", "up_to"] = Field(
        "exact", description="move exactly the roll, or any number of squares up to it"
    )
    accuse_after_disproved: bool = Field(
        False, description="allow an accusation in the turn your suggestion was disproved"
    )


@dataclass
class ClassicState(GameState):
    characters: list[str] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    envelope: tuple[str, ...] = ()
    positions: dict[str, Location] = field(default_factory=dict)
    weapons: dict[str, str] = field(default_factory=dict)
    eliminated: list[bool] = field(default_factory=list)
    summoned: list[bool] = field(default_factory=list)
    """Seat's token was moved into a room by someone else's suggestion since its last turn."""
    envelope_seen_by: set[int] = field(default_factory=set)
    suggestions: int = 0
    accusations: int = 0


class ClassicRules(MansionTables, RuleSet[ClassicState, ClassicOptions]):
    name = "classic"
    title = "Classic"
    aliases = ("clue", "cluedo")
    min_players = 3
    max_players = 6
    options_type = ClassicOptions

    def __init__(self, options: ClassicOptions) -> None:
        super().__init__(options)
        self.load_tables(options)
        self.exact = options.movement == "exact"
        # Suggestion and accusation lists are the same every time for a seat, and are
        # the bulk of every legal-action list, so they are built once and shared.
        self.questions = QuestionLists(self.suspects, self.weapon_ids, self.rooms)
        self.actions = ActionPool()
        """Each seat's roll, passage, end of turn and move to each node, made once."""
        missing = [s for s in self.suspects if s not in self.board.starts]
        if missing:
            raise ValueError(f"board {self.board.id} has no start square for {missing}")

    def card_reader(self, seat: int | None) -> CardReader:
        from cluedo.deduction.reading import EventReader  # the notebook's layer, loaded on use

        return EventReader(seat, self.cards.by_category())

    def card_places(self, state: ClassicState) -> dict[str, int | str]:
        places: dict[str, int | str] = {c: "envelope" for c in state.envelope}
        for seat, hand in enumerate(state.hands):
            places.update(dict.fromkeys(hand, seat))
        return places

    def action_shapes(self, players: int) -> list[ActionShape]:
        return [
            *movement_shapes(self.board),
            *self.questions.shapes(),
            ActionShape("end_turn"),
        ]

    # -- set-up ---------------------------------------------------------------------

    def setup(self, players: int, rng: random.Random) -> tuple[ClassicState, list[Event]]:
        characters = assign_characters(self.options.characters, self.suspects, players)
        # Scarlet (or the first suspect in turn order who is played) goes first,
        # then play passes clockwise, which is seat order.
        first = first_seat(characters, self.suspects)
        order = [(first + k) % players for k in range(players)]
        envelope, rest = draw_envelope(self.cards.by_category(), rng)
        hands = deal_round_robin(rest, order)
        weapon_rooms = rng.sample(list(self.rooms), len(self.weapon_ids))
        state = ClassicState(
            players=players,
            characters=characters,
            hands=hands,
            envelope=envelope,
            positions={s: self.board.starts[s] for s in self.suspects},
            weapons=dict(zip(self.weapon_ids, weapon_rooms, strict=True)),
            eliminated=[False] * players,
            summoned=[False] * players,
        )
        events = [
            Event(
                "setup",
                {
                    "characters": list(characters),
                    "weapons": dict(state.weapons),
                    "first": first,
                    "hand_sizes": [len(h) for h in hands],
                },
            )
        ]
        events += dealt_events(hands)
        events.append(first_turn(state, first, turn_at_start(first)))
        return state, events

    # -- helpers --------------------------------------------------------------------

    def _room_of(self, state: ClassicState, seat: int) -> str | None:
        loc = state.positions[state.characters[seat]]
        return loc if isinstance(loc, str) else None

    def _occupied(self, state: ClassicState, mover: str) -> frozenset[int]:
        return occupied_nodes(self.board, state.positions, mover)

    def destinations(self, state: ClassicState, seat: int, roll: int) -> dict[int, int]:
        """Nodes the seat's token can reach with ``roll``, mapped to steps used."""
        piece = state.characters[seat]
        start = self.board.node(state.positions[piece])
        return reachable(self.board, start, roll, self._occupied(state, piece), exact=self.exact)

    def _may_accuse(self, state: ClassicState, seat: int, ctx: dict[str, Any]) -> bool:
        return ctx["stage"] != "move" and (
            self.options.accuse_after_disproved or not ctx.get("disproved", False)
        )

    # -- legal actions --------------------------------------------------------------

    def legal_actions(self, state: ClassicState, seat: int) -> list[Action]:
        top = state.decisions.top
        if top is None or seat not in top.waiting_for():
            return []
        if top.kind == "refute":
            return show_actions(top, seat)
        ctx = top.context
        stage = ctx["stage"]
        out: list[Action] = []
        room = self._room_of(state, seat)
        if stage == "start":
            out.append(self.actions.plain(seat, "roll"))
            if room is not None and room in self.board.passages:
                out.append(self.actions.plain(seat, "passage"))
            if room is not None and state.summoned[seat]:
                out += self.questions.suggestions(seat)
        elif stage == "move":
            move, name = self.actions.move, self.board.node_name
            out += [move(seat, n, name) for n in ctx["destinations"]]
        elif stage == "moved":
            if ctx.get("entered") is not None:
                out += self.questions.suggestions(seat)
            out.append(self.actions.plain(seat, "end_turn"))
        elif stage == "done":
            out.append(self.actions.plain(seat, "end_turn"))
        if self._may_accuse(state, seat, ctx):
            out += self.questions.accusations(seat)
        return out

    # -- checking ---------------------------------------------------------------------

    def check(self, state: ClassicState, action: Action) -> IllegalAction | None:
        # Measured with benchmarks/bench_classic.py: building the legal list to check
        # one action made random play without accusations about 15% slower (a move
        # cost three times as much) and left an accusation to be found among ~360
        # actions. The common legal actions are recognised here at once; anything
        # else, and every refusal, goes through the list and explain_illegal.
        if self._plainly_legal(state, action):
            return None
        return super().check(state, action)

    def _plainly_legal(self, state: ClassicState, action: Action) -> bool:
        """True only for a legal action (never for an illegal one); False may be either."""
        top = state.decisions.top
        assert top is not None
        kind, params = action.kind, action.params
        if top.kind == "refute":
            return (
                kind == "show"
                and len(params) == 1
                and params[0][0] == "card"
                and params[0][1] in top.context["cards"]
            )
        if top.kind != "turn":
            return False
        ctx = top.context
        stage = ctx["stage"]
        if kind == "accuse":
            return self.questions.is_accusation(action) and self._may_accuse(
                state, action.seat, ctx
            )
        if kind == "move":
            return offered_move(self.board, ctx, action)
        if kind == "suggest":
            return self.questions.is_suggestion(action) and (
                (stage == "moved" and ctx.get("entered") is not None)
                or (
                    stage == "start"
                    and state.summoned[action.seat]
                    and self._room_of(state, action.seat) is not None
                )
            )
        if params:
            return False
        return (kind == "roll" and stage == "start") or (
            kind == "end_turn" and stage in ("moved", "done")
        )

    # -- explaining refusals ----------------------------------------------------------

    def explain_illegal(
        self, state: ClassicState, action: Action, legal: Sequence[Action]
    ) -> IllegalAction:
        top = state.decisions.top
        assert top is not None  # the game checks to_act first
        if top.kind == "refute":
            return explain_answer(top, action)
        error = parameters_error(action, PARAMETERS)
        if error is not None:
            return error
        seat, kind = action.seat, action.kind
        ctx = top.context
        stage = ctx["stage"]
        room = self._room_of(state, seat)
        if kind == "accuse":
            if stage == "move":
                return IllegalAction("accuse", "finish your move before accusing", "move")
            if not self._may_accuse(state, seat, ctx):
                return IllegalAction(
                    "no-accusation-after-disproof",
                    "you may not accuse in the turn your suggestion was disproved",
                    "end_turn",
                )
            return self.questions.error(action, with_room=True) or not_listed(action, legal)
        if kind == "roll":
            return IllegalAction("one-roll", "you roll once, at the start of your turn")
        if kind == "passage":
            if stage != "start":
                return IllegalAction(
                    "passage-instead-of-roll", "a passage replaces the roll at the start of a turn"
                )
            return IllegalAction(
                "secret-passage", "only a room with a secret passage has one to take"
            )
        if kind == "move":
            if stage == "start":
                return IllegalAction("move-after-roll", "roll the die before moving", "roll")
            if stage != "move":
                return IllegalAction("one-move", "you have already moved this turn")
            return unreachable(self.board, ctx, action.get("to"))
        if kind == "suggest":
            if stage == "start" and (room is None or not state.summoned[seat]):
                return IllegalAction(
                    "no-staying-to-suggest",
                    "you may suggest at the start of a turn only after another player's "
                    "suggestion moved you into the room",
                    "roll" + (", passage" if room in self.board.passages else ""),
                )
            if stage != "start" and (stage != "moved" or ctx.get("entered") is None):
                return IllegalAction(
                    "suggest-in-room-entered",
                    "a suggestion names the room you just entered, once per turn",
                )
            return self.questions.error(action, with_room=False) or not_listed(action, legal)
        if kind == "end_turn":
            return IllegalAction(
                "must-move", "start your turn by rolling or taking a secret passage", "roll"
            )
        return not_listed(action, legal)

    # -- applying -------------------------------------------------------------------

    def apply(self, state: ClassicState, action: Action, rng: random.Random) -> list[Event]:
        top = state.decisions.top
        assert top is not None
        seat = action.seat
        if top.kind == "refute":
            return self._apply_show(state, action)
        ctx = top.context
        kind = action.kind
        piece = state.characters[seat]
        if kind == "roll":
            roll = rng.randint(1, SIDES)
            state.summoned[seat] = False
            events = [Event("roll", {"seat": seat, "roll": roll})]
            dests = self.destinations(state, seat, roll)
            if dests:
                ctx.update(stage="move", roll=roll, destinations=dests)
            else:
                ctx.update(stage="moved", roll=roll, entered=None)
                events.append(Event("blocked", {"seat": seat, "roll": roll}))
            return events
        if kind == "passage":
            origin = self._room_of(state, seat)
            assert origin is not None
            target = self.board.passages[origin]
            state.positions[piece] = target
            state.summoned[seat] = False
            ctx.update(stage="moved", entered=target)
            return [Event("passage", {"seat": seat, "from": origin, "to": target})]
        if kind == "move":
            dest, steps = take_move(self.board, ctx, action["to"])
            state.positions[piece] = dest
            ctx.update(stage="moved", entered=dest if isinstance(dest, str) else None)
            return [Event("moved", {"seat": seat, "to": location_json(dest), "steps": steps})]
        if kind == "suggest":
            return self._apply_suggest(state, top, action)
        if kind == "accuse":
            return self._apply_accuse(state, action)
        if kind == "end_turn":
            return self._end_turn(state)
        raise AssertionError(kind)

    def _apply_suggest(self, state: ClassicState, top: Decision, action: Action) -> list[Event]:
        seat = action.seat
        room = self._room_of(state, seat)
        assert room is not None
        suspect, weapon = action["suspect"], action["weapon"]
        ctx = top.context
        ctx.update(stage="done", suggested=(suspect, weapon, room), disproved=False)
        state.summoned[seat] = False
        state.suggestions += 1
        events = [
            Event("suggestion", {"seat": seat, "suspect": suspect, "weapon": weapon, "room": room})
        ]
        # The named suspect and weapon tokens are brought into the room.
        if state.positions[suspect] != room:
            state.positions[suspect] = room
            for other in range(state.players):
                if state.characters[other] == suspect and other != seat:
                    state.summoned[other] = True
            events.append(Event("token_moved", {"piece": suspect, "to": room}))
        if state.weapons[weapon] != room:
            state.weapons[weapon] = room
            events.append(Event("weapon_moved", {"weapon": weapon, "to": room}))
        return events + put_question(state.decisions, seat, (suspect, weapon, room), state.hands)

    def _apply_show(self, state: ClassicState, action: Action) -> list[Event]:
        shown = settle(state.decisions, action)
        turn = state.decisions.top
        assert turn is not None
        turn.context["disproved"] = True
        return [shown]

    def _apply_accuse(self, state: ClassicState, action: Action) -> list[Event]:
        events = accuse(state, action)
        if state.finished:
            return events
        events += rule_out(state, action.seat)
        events += self._off_doorway(state, state.characters[action.seat])
        return events + (everyone_out(state) or self._end_turn(state))

    def _off_doorway(self, state: ClassicState, piece: str) -> list[Event]:
        """A player out of the hunt must not block a door: a token standing on the
        square outside one goes into its room."""
        loc = state.positions[piece]
        door = next((d for d in self.board.doors if d.corridor == loc), None)
        if door is None:
            return []
        state.positions[piece] = door.room
        return [Event("token_moved", {"piece": piece, "to": door.room, "reason": "off-doorway"})]

    def _end_turn(self, state: ClassicState) -> list[Event]:
        state.decisions.pop()
        seat = state.current
        state.summoned[seat] = False
        nxt = next_seat(seat, state.players, out=lambda s: state.eliminated[s])
        return [pass_turn(state, nxt, turn_at_start(nxt))]

    # -- for the simulator ----------------------------------------------------------

    def seat_labels(self, state: ClassicState) -> dict[str, list[str]]:
        # Named as the edition names them: the labels head a designer's tables.
        return {"character": [self.cards.name(c) for c in state.characters]}

    def game_stats(self, state: ClassicState) -> dict[str, float]:
        return {
            "turns": state.turn,
            "suggestions": state.suggestions,
            "accusations": state.accusations,
            "wrong accusations": sum(state.eliminated),
        }

    # -- views ----------------------------------------------------------------------

    def view(self, state: ClassicState, seat: int | None) -> dict[str, Any]:
        top = None if state.finished else state.decisions.top
        pending = pending_view(self.board, top, seat, ("roll", "disproved"))
        if pending is not None and top is not None and top.context.get("entered"):
            pending["entered"] = top.context["entered"]
        # The table's part first, then the rest in this order (added to it, not merged).
        out = self.table_view(state)
        out["weapons"] = dict(state.weapons)
        out["eliminated"] = list(state.eliminated)
        out["summoned"] = list(state.summoned)
        out["hand_sizes"] = [len(h) for h in state.hands]
        out["hand"] = list(state.hands[seat]) if seat is not None else []
        out["pending"] = pending
        out["envelope"] = envelope_for(state, seat)
        return out

    def reveal(self, state: ClassicState) -> dict[str, Any]:
        out = self.view(state, None)
        out["hands"] = [list(h) for h in state.hands]
        out["envelope"] = list(state.envelope)
        return out
