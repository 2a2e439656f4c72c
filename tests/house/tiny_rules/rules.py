"""Tiny Parlour: the mystery in three rooms, with no board and no dice.

Built only from the shared mechanics: the envelope and the deal
(:mod:`cluedo.mechanics.investigation`), a question answered to the left
(:mod:`cluedo.mechanics.questions`), accusations (:mod:`cluedo.mechanics.accusation`)
and passing the turn (:mod:`cluedo.mechanics.seating`).

A turn: walk into another room (or accuse at once); there, suggest a suspect and a
weapon (the room is where you stand), accuse, or end the turn; after the answer,
accuse or end the turn. ``check`` is the engine's own, from the legal list; the rule
set only explains refusals.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import Field

from cluedo.engine.action_space import ActionShape
from cluedo.engine.actions import Action
from cluedo.engine.decisions import Decision
from cluedo.engine.errors import IllegalAction
from cluedo.engine.events import Event
from cluedo.engine.ruleset import CardReader, RuleOptions, RuleSet, not_listed
from cluedo.engine.state import GameState
from cluedo.mechanics.accusation import accuse, envelope_for, everyone_out, rule_out
from cluedo.mechanics.investigation import deal_round_robin, dealt_events, draw_envelope
from cluedo.mechanics.pending import pending_view
from cluedo.mechanics.questions import (
    QuestionLists,
    explain_answer,
    put_question,
    settle,
    show_actions,
)
from cluedo.mechanics.seating import next_seat, pass_turn

CARDS: dict[str, tuple[str, ...]] = {
    "suspect": ("ash", "birch", "cedar"),
    "weapon": ("rope", "vase"),
    "room": ("parlour", "pantry", "porch"),
}
REASONS = {
    "move": "you walk once, at the start of your turn",
    "suggest": "a suggestion is made once, in the room you walked into",
    "end_turn": "walk into a room first",
}


class TinyOptions(RuleOptions):
    may_pass: bool = Field(True, description="a player in a room may end the turn unasked")


@dataclass
class TinyState(GameState):
    hands: list[list[str]] = field(default_factory=list)
    envelope: tuple[str, ...] = ()
    rooms: list[str] = field(default_factory=list)
    """The room each seat stands in."""
    eliminated: list[bool] = field(default_factory=list)
    envelope_seen_by: set[int] = field(default_factory=set)
    suggestions: int = 0
    accusations: int = 0


class TinyRules(RuleSet[TinyState, TinyOptions]):
    name = "tiny"
    title = "Tiny Parlour"
    min_players = 2
    max_players = 4
    options_type = TinyOptions

    def __init__(self, options: TinyOptions) -> None:
        super().__init__(options)
        self.questions = QuestionLists(CARDS["suspect"], CARDS["weapon"], CARDS["room"])

    def setup(self, players: int, rng: random.Random) -> tuple[TinyState, list[Event]]:
        envelope, rest = draw_envelope(CARDS, rng)
        hands = deal_round_robin(rest, list(range(players)))
        state = TinyState(
            players=players,
            current=0,
            turn=1,
            hands=hands,
            envelope=envelope,
            rooms=[CARDS["room"][s % 3] for s in range(players)],
            eliminated=[False] * players,
        )
        state.decisions.push(self._turn(0))
        setup = Event("setup", {"first": 0, "hand_sizes": [len(h) for h in hands]})
        return state, [setup, *dealt_events(hands), Event("turn", {"seat": 0, "turn": 1})]

    @staticmethod
    def _turn(seat: int) -> Decision:
        return Decision("turn", (seat,), {"stage": "start"})

    def legal_actions(self, state: TinyState, seat: int) -> list[Action]:
        top = state.decisions.top
        if top is None or seat not in top.waiting_for():
            return []
        if top.kind == "refute":
            return show_actions(top, seat)
        stage = top.context["stage"]
        out: list[Action] = []
        if stage == "start":
            here = state.rooms[seat]
            out += [Action.make(seat, "move", to=r) for r in CARDS["room"] if r != here]
        if stage == "moved":
            out += self.questions.suggestions(seat)
        if stage == "done" or (stage == "moved" and self.options.may_pass):
            out.append(Action.make(seat, "end_turn"))
        return out + self.questions.accusations(seat)

    def explain_illegal(
        self, state: TinyState, action: Action, legal: Sequence[Action]
    ) -> IllegalAction:
        top = state.decisions.top
        if top is not None and top.kind == "refute":
            return explain_answer(top, action)
        return not_listed(action, legal, REASONS)

    def apply(self, state: TinyState, action: Action, rng: random.Random) -> list[Event]:
        top = state.decisions.top
        assert top is not None
        seat, kind = action.seat, action.kind
        if top.kind == "refute":
            return [settle(state.decisions, action)]
        if kind == "move":
            state.rooms[seat] = action["to"]
            top.context["stage"] = "moved"
            return [Event("moved", {"seat": seat, "to": action["to"], "steps": 1})]
        if kind == "suggest":
            top.context["stage"] = "done"
            state.suggestions += 1
            named = (action["suspect"], action["weapon"], state.rooms[seat])
            suggestion = dict(zip(("suspect", "weapon", "room"), named, strict=True))
            events = [Event("suggestion", {"seat": seat, **suggestion})]
            return events + put_question(state.decisions, seat, named, state.hands)
        if kind == "accuse":
            events = accuse(state, action)
            if state.finished:
                return events
            events += rule_out(state, seat)
            return events + (everyone_out(state) or self._end_turn(state))
        if kind == "end_turn":
            return self._end_turn(state)
        raise AssertionError(kind)

    def _end_turn(self, state: TinyState) -> list[Event]:
        state.decisions.pop()
        nxt = next_seat(state.current, state.players, out=lambda s: state.eliminated[s])
        return [pass_turn(state, nxt, self._turn(nxt))]

    def view(self, state: TinyState, seat: int | None) -> dict[str, Any]:
        top = None if state.finished else state.decisions.top
        return {
            "players": state.players,
            "current": state.current,
            "turn": state.turn,
            "rooms": list(state.rooms),
            "eliminated": list(state.eliminated),
            "hand_sizes": [len(h) for h in state.hands],
            "hand": list(state.hands[seat]) if seat is not None else [],
            "pending": pending_view(None, top, seat),
            "envelope": envelope_for(state, seat),
        }

    def reveal(self, state: TinyState) -> dict[str, Any]:
        return {**self.view(state, None), "hands": [list(h) for h in state.hands]}

    def card_reader(self, seat: int | None) -> CardReader:
        from cluedo.deduction.reading import EventReader

        return EventReader(seat, CARDS)

    def card_places(self, state: TinyState) -> dict[str, int | str]:
        places: dict[str, int | str] = dict.fromkeys(state.envelope, "envelope")
        for seat, hand in enumerate(state.hands):
            places.update(dict.fromkeys(hand, seat))
        return places

    def action_shapes(self, players: int) -> list[ActionShape]:
        return [
            ActionShape("move", {"to": CARDS["room"]}),
            *self.questions.shapes(),
            ActionShape("end_turn"),
        ]

    def game_stats(self, state: TinyState) -> dict[str, float]:
        return {"suggestions": state.suggestions, "accusations": state.accusations}
