"""Pendragon: the mystery played in a castle by knights of a role-playing campaign
(rule text 003).

What it adds to the classic game: each player moves their own knight (suspects
and weapons are only cards); numbered start squares drawn at random; leftover
cards face up; movement up to the roll, through the staircase chamber as one
square and back into the room just left; a reward card in each room for the
first knight in; a Suspicion on every entry into a room; a d20 trait or skill
roll the first time a knight enters each room; accusations only on entering the
chamber with the Staircase; a game master's report at the end.

Turn flow (one ``turn`` decision per turn, with a ``stage``):

``start``      roll, take a secret passage, or use a kept reward card
``move``       move to a square or room the roll reaches, or ``stay``
``skill``      pick the weapon skill or instrument a room's roll asks for
``glimpse``    pick the player whose card a Squire's Gossip shows you
``suggest``    voice the Suspicion the room you entered requires
``staircase``  in the staircase chamber: accuse, or end the turn
``done``       end the turn

See ``docs/rules/pendragon.md`` for every rule and interpretation.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import Field

from cluedo.content.board import Board, Square, load_board
from cluedo.content.cards import CardSet, load_card_set
from cluedo.content.rewards import RewardSet, load_rewards
from cluedo.content.sheets import CharacterSheet, RoomRoll, default_sheets, room_rolls
from cluedo.engine.action_space import ActionShape
from cluedo.engine.actions import Action, ActionPool
from cluedo.engine.errors import IllegalAction
from cluedo.engine.events import Event
from cluedo.engine.ruleset import (
    CardReader,
    RuleOptions,
    RuleSet,
    not_listed,
    parameters_error,
)
from cluedo.engine.state import GameState
from cluedo.mechanics.accusation import accuse, envelope_for, everyone_out, rule_out
from cluedo.mechanics.dice import SIDES
from cluedo.mechanics.investigation import dealt_events, draw_envelope
from cluedo.mechanics.movement import (
    location_json,
    movement_shapes,
    offered_move,
    reachable,
    take_move,
    unreachable,
)
from cluedo.mechanics.pending import pending_view
from cluedo.mechanics.questions import (
    QuestionLists,
    answer,
    explain_answer,
    pose_question,
    settle,
    show_actions,
)
from cluedo.mechanics.seating import first_turn, next_seat, pass_turn, turn_at_start
from cluedo.rules.pendragon.rolls import gm_report, room_roll

Location = str | Square

STEED_BONUS = 2
STAIRCASE = "staircase"
PARAMS: dict[str, set[str]] = {
    "roll": set(),
    "passage": set(),
    "use_reward": {"reward", "to"},
    "move": {"to"},
    "stay": set(),
    "roll_skill": {"skill"},
    "glimpse": {"target"},
    "suggest": {"suspect", "weapon"},
    "accuse": {"suspect", "weapon", "room"},
    "end_turn": set(),
}
"""Every action of a turn, with the parameters it takes."""
STAGE_OF: dict[str, tuple[str, ...]] = {
    "roll": ("start",),
    "passage": ("start",),
    "use_reward": ("start",),
    "move": ("move",),
    "stay": ("move",),
    "roll_skill": ("skill",),
    "glimpse": ("glimpse",),
    "suggest": ("suggest",),
    "accuse": ("staircase",),
    "end_turn": ("staircase", "done"),
}
WHY_NOT: dict[str, tuple[str, str]] = {
    # kind -> (rule, message) when the stage does not allow it
    "roll": ("one-roll", "you roll once, at the start of your turn"),
    "passage": ("passage-instead-of-roll", "a secret passage replaces the roll, at the start"),
    "use_reward": ("reward-instead-of-roll", "a kept reward is used instead of the roll"),
    "move": ("move-after-roll", "you move once, after rolling"),
    "stay": ("move-after-roll", "you may forfeit your movement only after rolling"),
    "roll_skill": ("no-roll-pending", "no trait or skill roll is waiting for your choice"),
    "glimpse": ("no-glimpse-pending", "no Squire's Gossip is waiting for your choice"),
    "suggest": (
        "suspicion-on-entering",
        "a Suspicion is voiced once, at once, on entering a room other than the staircase",
    ),
    "accuse": (
        "accuse-at-the-staircase",
        "an accusation is made only on entering the chamber with the Staircase",
    ),
    "end_turn": ("finish-your-turn", "you still have something to do this turn"),
}


class PendragonOptions(RuleOptions):
    staircase: Literal["may_accuse", "must_accuse"] = Field(
        "may_accuse",
        description="ending a move in the staircase chamber lets you accuse (may_accuse) "
        "or makes you accuse (must_accuse); passing through never does",
    )
    rewards: bool = Field(True, description="place a reward card in each room")
    trait_rolls: bool = Field(True, description="roll traits and skills on first entering rooms")
    sheets: tuple[CharacterSheet, ...] = Field(
        (),
        description="character sheets in seat order (name, traits, skills, weapons, "
        "instruments); seats beyond the list play the default knights",
        max_length=8,
    )


@dataclass
class PendragonState(GameState):
    first: int = 0
    sheets: list[CharacterSheet] = field(default_factory=list)
    starts: list[int] = field(default_factory=list)
    """The start square number each seat drew."""
    hands: list[list[str]] = field(default_factory=list)
    envelope: tuple[str, ...] = ()
    face_up: list[str] = field(default_factory=list)
    positions: list[Location] = field(default_factory=list)
    rewards: dict[str, str] = field(default_factory=dict)
    """Rooms whose reward card still lies face down, and which card it is."""
    claimed: dict[str, tuple[int, str]] = field(default_factory=dict)
    kept: list[list[str]] = field(default_factory=list)
    """Reward cards a seat keeps to use later."""
    steed: list[int] = field(default_factory=list)
    rolls: list[list[dict[str, Any]]] = field(default_factory=list)
    display: dict[str, tuple[str, str]] = field(default_factory=dict)
    """The suspect and weapon of the last Suspicion or accusation shown in each room."""
    eliminated: list[bool] = field(default_factory=list)
    envelope_seen_by: set[int] = field(default_factory=set)
    suggestions: int = 0
    accusations: int = 0

    @property
    def knights(self) -> list[str]:
        return [s.name for s in self.sheets]


def unique_names(sheets: list[CharacterSheet]) -> list[CharacterSheet]:
    """Sheets with distinct knight names: a repeated name gets its seat number added."""
    seen: set[str] = set()
    out = []
    for seat, sheet in enumerate(sheets):
        if sheet.name in seen:
            sheet = sheet.model_copy(update={"name": f"{sheet.name} ({seat + 1})"})
        seen.add(sheet.name)
        out.append(sheet)
    return out


class PendragonRules(RuleSet[PendragonState, PendragonOptions]):
    name = "pendragon"
    title = "Pendragon"
    min_players = 3
    max_players = 8
    options_type = PendragonOptions

    def __init__(self, options: PendragonOptions) -> None:
        super().__init__(options)
        self.board: Board = load_board("pendragon")
        self.cards: CardSet = load_card_set("pendragon")
        self.reward_set: RewardSet = load_rewards("pendragon")
        self.room_rolls: dict[str, RoomRoll] = room_rolls()
        self.suspects = self.cards.category("suspect")
        self.weapon_ids = self.cards.category("weapon")
        self.rooms = self.cards.category("room")
        self.staircase = self.board.node_of_room[STAIRCASE]
        self.questions = QuestionLists(self.suspects, self.weapon_ids, self.rooms)
        self.actions = ActionPool()
        """Every action the legal lists hand out, made once (see ActionPool)."""

    # -- set-up ---------------------------------------------------------------------

    def sheets_for(self, players: int) -> list[CharacterSheet]:
        """The character sheets at a table of ``players``: the options' first, then defaults."""
        defaults = default_sheets()
        sheets = [*self.options.sheets[:players], *defaults[len(self.options.sheets) : players]]
        return unique_names(sheets)

    def action_shapes(self, players: int) -> list[ActionShape]:
        rolls = {r for spec in self.room_rolls.values() for r in (spec.roll, spec.fallback) if r}
        sheets = self.sheets_for(players)
        skills = sorted({c for sheet in sheets for r in rolls for c in sheet.choices(r)})
        rewards = tuple(r.id for r in self.reward_set.rewards)
        return [
            *movement_shapes(self.board),
            ActionShape("use_reward", {"reward": rewards, "to": (*self.rooms, STAIRCASE)}),
            ActionShape("stay"),
            ActionShape("roll_skill", {"skill": tuple(skills)}),
            ActionShape("glimpse", {"target": tuple(range(players))}),
            *self.questions.shapes(),
            ActionShape("end_turn"),
        ]

    def setup(self, players: int, rng: random.Random) -> tuple[PendragonState, list[Event]]:
        sheets = self.sheets_for(players)
        # Numbered playing cards, one per player, drawn for the start squares.
        numbers = list(range(1, players + 1))
        rng.shuffle(numbers)
        envelope, rest = draw_envelope(self.cards.by_category(), rng)
        each = len(rest) // players
        hands = [rest[s * each : (s + 1) * each] for s in range(players)]
        face_up = rest[each * players :]
        squares = {
            n: sq
            for piece, sq in self.board.starts.items()
            for n in [self.board.start_numbers[piece]]
        }
        rewards: dict[str, str] = {}
        if self.options.rewards:
            deck = self.reward_set.deck()
            rng.shuffle(deck)
            rewards = dict(zip(self.rooms, deck, strict=False))
        first = rng.randrange(players)
        state = PendragonState(
            players=players,
            first=first,
            sheets=sheets,
            starts=numbers,
            hands=hands,
            envelope=envelope,
            face_up=face_up,
            positions=[squares[n] for n in numbers],
            rewards=rewards,
            kept=[[] for _ in range(players)],
            steed=[0] * players,
            rolls=[[] for _ in range(players)],
            eliminated=[False] * players,
        )
        events = [
            Event(
                "setup",
                {
                    "knights": state.knights,
                    "starts": list(numbers),
                    "first": first,
                    "hand_sizes": [len(h) for h in hands],
                    "face_up": list(face_up),
                    "reward_rooms": sorted(rewards),
                },
            )
        ]
        events += dealt_events(hands)
        events.append(first_turn(state, first, turn_at_start(first)))
        return state, events

    # -- helpers --------------------------------------------------------------------

    def room_of(self, state: PendragonState, seat: int) -> str | None:
        loc = state.positions[seat]
        return loc if isinstance(loc, str) else None

    def occupied(self, state: PendragonState, seat: int) -> frozenset[int]:
        """Corridor squares other knights stand on (rooms, the staircase too, never fill)."""
        return frozenset(
            self.board.node_of_square[loc]
            for other, loc in enumerate(state.positions)
            if other != seat and isinstance(loc, tuple)
        )

    def destinations(self, state: PendragonState, seat: int, roll: int) -> dict[int, int]:
        """Nodes a roll of ``roll`` (steed included) reaches, mapped to the steps used."""
        return reachable(
            self.board,
            self.board.node(state.positions[seat]),
            roll,
            self.occupied(state, seat),
            exact=False,
            through=(self.staircase,),
            reenter=True,
        )

    def reward_moves(self, state: PendragonState, seat: int) -> list[tuple[str, str]]:
        """(reward id, room) pairs a seat may use instead of rolling."""
        here = self.room_of(state, seat)
        out: list[tuple[str, str]] = []
        for rid in state.kept[seat]:
            effect = self.reward_set.card(rid).effect
            if effect == "hidden_stair" and here != STAIRCASE:
                out.append((rid, STAIRCASE))
            elif effect == "messenger":
                out += [(rid, room) for room in self.rooms if room != here]
        return sorted(set(out))

    # -- legal actions --------------------------------------------------------------

    def legal_actions(self, state: PendragonState, seat: int) -> list[Action]:
        top = state.decisions.top
        if top is None or seat not in top.waiting_for():
            return []
        if top.kind == "refute":
            return show_actions(top, seat)
        ctx = top.context
        stage = ctx["stage"]
        actions = self.actions
        if stage == "start":
            out = [actions.plain(seat, "roll")]
            if self.room_of(state, seat) in self.board.passages:
                out.append(actions.plain(seat, "passage"))
            out += [
                actions.make(seat, "use_reward", reward=r, to=t)
                for r, t in self.reward_moves(state, seat)
            ]
            return out
        if stage == "move":
            move, name = actions.move, self.board.node_name
            return [move(seat, n, name) for n in ctx["destinations"]] + [
                actions.plain(seat, "stay")
            ]
        if stage == "skill":
            return [actions.make(seat, "roll_skill", skill=s) for s in ctx["choices"]]
        if stage == "glimpse":
            return [
                actions.make(seat, "glimpse", target=t) for t in self._glimpse_targets(state, seat)
            ]
        if stage == "suggest":
            return list(self.questions.suggestions(seat))  # a list the caller may change
        if stage == "staircase":
            out = list(self.questions.accusations(seat))
            if self.options.staircase == "may_accuse":
                out.append(actions.plain(seat, "end_turn"))
            return out
        return [actions.plain(seat, "end_turn")]

    def _glimpse_targets(self, state: PendragonState, seat: int) -> list[int]:
        return [s for s in range(state.players) if s != seat and state.hands[s]]

    # -- checking ---------------------------------------------------------------------

    def check(self, state: PendragonState, action: Action) -> IllegalAction | None:
        # Measured in random play: a move was six times as slow to find among the
        # roll's destinations built as actions (often a hundred, moving up to the
        # roll) as to look up, and moves are a third of all actions.
        top = state.decisions.top
        if top is not None and top.kind == "turn" and offered_move(self.board, top.context, action):
            return None
        return super().check(state, action)

    # -- explaining refusals ----------------------------------------------------------

    def explain_illegal(
        self, state: PendragonState, action: Action, legal: Sequence[Action]
    ) -> IllegalAction:
        top = state.decisions.top
        assert top is not None
        if top.kind == "refute":
            return explain_answer(
                top,
                action,
                must_show=(
                    "cannot-answer-only-without-a-card",
                    "you hold a card the Suspicion names: show one",
                ),
                question="Suspicion",
            )
        error = parameters_error(action, PARAMS)
        if error is not None:
            return error
        seat, kind = action.seat, action.kind
        ctx = top.context
        if ctx["stage"] not in STAGE_OF[kind]:
            rule, message = WHY_NOT[kind]
            return IllegalAction(rule, message, ", ".join(sorted({a.kind for a in legal})))
        if kind == "passage":
            return IllegalAction(
                "secret-passage",
                "only the Bedroom, Treasure Room, Kitchen and Servants' "
                "Quarters have a secret passage",
                "roll",
            )
        if kind == "use_reward":
            pair = (action.get("reward"), action.get("to"))
            moves = self.reward_moves(state, seat)
            return IllegalAction(
                "reward-card",
                f"you hold no reward card that takes you to {pair[1]!r} with {pair[0]!r}",
                ", ".join(f"{r}->{t}" for r, t in moves) or "none",
            )
        if kind == "move":
            return unreachable(self.board, ctx, action.get("to"), "none (stay)")
        if kind == "roll_skill":
            return IllegalAction(
                "roll-of-your-choice",
                f"{action.get('skill')!r} is not on your sheet for this roll",
                ", ".join(ctx["choices"]),
            )
        if kind == "glimpse":
            return IllegalAction(
                "glimpse",
                "choose another player who holds cards",
                ", ".join(map(str, self._glimpse_targets(state, seat))),
            )
        if kind in ("suggest", "accuse"):
            no_scene = " (the staircase chamber is no crime scene)"
            error = self.questions.error(action, kind == "accuse", no_scene)
            return error or not_listed(action, legal)
        if kind == "end_turn" and ctx["stage"] == "staircase":
            return IllegalAction(
                "accuse-on-entering-the-staircase",
                "entering the chamber with the Staircase means accusing at once",
                "accuse",
            )
        return not_listed(action, legal)

    # -- applying -------------------------------------------------------------------

    def apply(self, state: PendragonState, action: Action, rng: random.Random) -> list[Event]:
        top = state.decisions.top
        assert top is not None
        seat, kind = action.seat, action.kind
        if top.kind == "refute":
            return [settle(state.decisions, action)]
        ctx = top.context
        if kind == "roll":
            roll = rng.randint(1, SIDES)
            steps = roll + state.steed[seat]
            ctx.update(
                stage="move",
                roll=roll,
                steps=steps,
                destinations=self.destinations(state, seat, steps),
            )
            data: dict[str, Any] = {"seat": seat, "roll": roll}
            if state.steed[seat]:
                data["steps"] = steps
            return [Event("roll", data)]
        if kind == "stay":
            ctx.pop("destinations")
            ctx["stage"] = "done"
            return [Event("stayed", {"seat": seat})]
        if kind == "move":
            dest, steps = take_move(self.board, ctx, action["to"])
            state.positions[seat] = dest
            events = [Event("moved", {"seat": seat, "to": location_json(dest), "steps": steps})]
            return events + self._arrive(state, seat, ctx, rng)
        if kind == "passage":
            origin = self.room_of(state, seat)
            assert origin is not None
            target = self.board.passages[origin]
            state.positions[seat] = target
            events = [Event("passage", {"seat": seat, "from": origin, "to": target})]
            return events + self._arrive(state, seat, ctx, rng)
        if kind == "use_reward":
            rid, to = action["reward"], action["to"]
            state.kept[seat].remove(rid)
            state.positions[seat] = to
            events = [Event("reward_used", {"seat": seat, "reward": rid, "to": to})]
            return events + self._arrive(state, seat, ctx, rng)
        if kind == "roll_skill":
            room = self.room_of(state, seat)
            assert room is not None
            events = self._roll_for_room(state, seat, room, action["skill"], rng)
            return events + self._next_step(ctx)
        if kind == "glimpse":
            target = action["target"]
            card = rng.choice(state.hands[target])
            events = [
                Event(
                    "glimpse",
                    {"seat": seat, "target": target},
                    {"card": card},
                    frozenset({seat, target}),
                )
            ]
            return events + self._next_step(ctx)
        if kind == "suggest":
            return self._apply_suggest(state, seat, ctx, action)
        if kind == "accuse":
            return self._apply_accuse(state, seat, ctx, action)
        if kind == "end_turn":
            return self._end_turn(state, ctx)
        raise AssertionError(kind)

    def _arrive(
        self, state: PendragonState, seat: int, ctx: dict[str, Any], rng: random.Random
    ) -> list[Event]:
        """What entering a location sets off: staircase, or reward, roll and Suspicion."""
        room = self.room_of(state, seat)
        if room is None:
            ctx["stage"] = "done"
            return []
        if room == STAIRCASE:
            ctx["stage"] = "staircase"
            return []
        events: list[Event] = []
        todo: list[str] = []
        rid = state.rewards.pop(room, None)
        if rid is not None:
            # The first knight into a room claims its reward.
            state.claimed[room] = (seat, rid)
            effect = self.reward_set.card(rid).effect
            events.append(Event("reward_claimed", {"seat": seat, "room": room, "reward": rid}))
            if effect == "steed":
                state.steed[seat] += STEED_BONUS
            elif effect == "errand":
                ctx["again"] = True
            elif effect == "glimpse":
                if self._glimpse_targets(state, seat):
                    todo.append("glimpse")
            else:
                state.kept[seat].append(rid)
        rolled = {r["room"] for r in state.rolls[seat]}
        if self.options.trait_rolls and room not in rolled:
            spec = self.room_rolls[room]
            choices = state.sheets[seat].choices(spec.roll)
            if len(choices) == 1:
                events += self._roll_for_room(state, seat, room, choices[0], rng)
            else:
                todo.insert(0, "skill")
                ctx["choices"] = choices
        todo.append("suggest")
        ctx["todo"] = todo
        return events + self._next_step(ctx)

    @staticmethod
    def _next_step(ctx: dict[str, Any]) -> list[Event]:
        todo = ctx["todo"]
        ctx["stage"] = todo.pop(0) if todo else "done"
        if ctx["stage"] != "skill":
            ctx.pop("choices", None)
        return []

    def _roll_for_room(
        self, state: PendragonState, seat: int, room: str, stat: str, rng: random.Random
    ) -> list[Event]:
        records = room_roll(state.sheets[seat], self.room_rolls[room], stat, rng)
        state.rolls[seat] += records
        return [Event("trait_roll", {"seat": seat, **r}) for r in records]

    def _apply_suggest(
        self, state: PendragonState, seat: int, ctx: dict[str, Any], action: Action
    ) -> list[Event]:
        room = self.room_of(state, seat)
        assert room is not None
        suspect, weapon = action["suspect"], action["weapon"]
        state.suggestions += 1
        state.display[room] = (suspect, weapon)
        ctx["stage"] = "done"
        events = [
            Event("suggestion", {"seat": seat, "suspect": suspect, "weapon": weapon, "room": room})
        ]
        question, refute = pose_question(seat, (suspect, weapon, room), state.hands)
        events += question
        if refute is None:
            return events
        stern = next(
            (r for r in state.kept[seat] if self.reward_set.card(r).effect == "interrogation"),
            None,
        )
        if stern is None:
            state.decisions.push(refute)
            return events
        # Stern Questioning: every named card of the answerer's is shown, no choice made.
        state.kept[seat].remove(stern)
        cards = refute.context["cards"]
        events.append(Event("reward_used", {"seat": seat, "reward": stern}))
        events += [answer(refute, c, private=i > 0) for i, c in enumerate(cards)]
        return events

    def _apply_accuse(
        self, state: PendragonState, seat: int, ctx: dict[str, Any], action: Action
    ) -> list[Event]:
        state.display[action["room"]] = (action["suspect"], action["weapon"])
        events = accuse(state, action)
        if state.finished:
            return events
        pardon = next(
            (r for r in state.kept[seat] if self.reward_set.card(r).effect == "pardon"), None
        )
        if pardon is not None:
            state.kept[seat].remove(pardon)
            events.append(Event("pardoned", {"seat": seat, "reward": pardon}))
            return events + self._end_turn(state, ctx)
        events += rule_out(state, seat)
        return events + (everyone_out(state) or self._end_turn(state, ctx))

    def _end_turn(self, state: PendragonState, ctx: dict[str, Any]) -> list[Event]:
        state.decisions.pop()
        seat = state.current
        events: list[Event] = []
        if ctx.get("again") and not state.eliminated[seat]:
            nxt = seat  # The King's Errand: another turn straight away
            events.append(Event("extra_turn", {"seat": seat}))
        else:
            nxt = next_seat(seat, state.players, out=lambda s: state.eliminated[s])
        return [*events, pass_turn(state, nxt, turn_at_start(nxt))]

    # -- views ----------------------------------------------------------------------

    def view(self, state: PendragonState, seat: int | None) -> dict[str, Any]:
        top = None if state.finished else state.decisions.top
        pending = pending_view(self.board, top, seat, ("roll", "steps"))
        if pending is not None and top is not None and "choices" in top.context:
            pending["choices"] = list(top.context["choices"])
        out: dict[str, Any] = {
            "board": self.board.id,
            "players": state.players,
            "knights": state.knights,
            "characters": state.knights,
            "sheets": [sheet.model_dump(mode="json") for sheet in state.sheets],
            "starts": list(state.starts),
            "current": state.current,
            "turn": state.turn,
            "card_set": "pendragon",
            # Knight -> room id or [row, col], as front ends draw tokens by piece.
            "positions": {
                name: location_json(loc)
                for name, loc in zip(state.knights, state.positions, strict=True)
            },
            "display": {room: list(sw) for room, sw in state.display.items()},
            "reward_rooms": sorted(state.rewards),
            "claimed": {room: {"seat": s, "reward": r} for room, (s, r) in state.claimed.items()},
            "kept": [list(k) for k in state.kept],
            "steed": list(state.steed),
            "rolls": [[dict(r) for r in rs] for rs in state.rolls],
            "eliminated": list(state.eliminated),
            "hand_sizes": [len(h) for h in state.hands],
            "hand": list(state.hands[seat]) if seat is not None else [],
            "face_up": list(state.face_up),
            "pending": pending,
            "envelope": envelope_for(state, seat),
            "report": self.report(state) if state.finished else None,
        }
        return out

    def reveal(self, state: PendragonState) -> dict[str, Any]:
        out = self.view(state, None)
        out["hands"] = [list(h) for h in state.hands]
        out["envelope"] = list(state.envelope)
        out["reward_cards"] = dict(state.rewards)
        return out

    def report(self, state: PendragonState) -> dict[str, Any]:
        """The game master's report: every knight's rolls, checks, rewards and Glory."""
        mystery: dict[str, Any] = {
            "outcome": state.outcome or "unfinished",
            "winners": list(state.winners),
            "solved_by": state.knights[state.winners[0]] if state.winners else None,
            "folder": list(state.envelope) if state.finished else None,
        }
        return gm_report(state.knights, state.rolls, state.claimed, self.reward_set, mystery)

    # -- for the notebook -----------------------------------------------------------

    def card_reader(self, seat: int | None) -> CardReader:
        from cluedo.rules.pendragon.reading import PendragonReader  # loaded on use

        stern = [r.id for r in self.reward_set.rewards if r.effect == "interrogation"]
        return PendragonReader(seat, self.cards.by_category(), interrogations=stern)

    def card_places(self, state: PendragonState) -> dict[str, int | str]:
        places: dict[str, int | str] = {c: "envelope" for c in state.envelope}
        places.update(dict.fromkeys(state.face_up, "face_up"))
        for seat, hand in enumerate(state.hands):
            places.update(dict.fromkeys(hand, seat))
        return places

    # -- for the simulator ----------------------------------------------------------

    def seat_labels(self, state: PendragonState) -> dict[str, list[str]]:
        return {
            "turn order": [
                f"{(s - state.first) % state.players + 1}." for s in range(state.players)
            ],
            "start square": [f"start {n}" for n in state.starts],
            "knight": state.knights,
        }

    def game_stats(self, state: PendragonState) -> dict[str, float]:
        rolls = [r for rs in state.rolls for r in rs]
        return {
            "suspicions": float(state.suggestions),
            "accusations": float(state.accusations),
            "wrong accusations": float(sum(state.eliminated)),
            "rewards claimed": float(len(state.claimed)),
            "trait and skill rolls": float(len(rolls)),
            "boxes checked": float(sum(r["checked"] for r in rolls)),
        }
