"""The Killer Kloo Doo rule set: registration, the decision stack, views, and the
simulator's hooks. Part 1 is in :mod:`.investigation`, Part 2 in :mod:`.survival`,
what both share in :mod:`.base`. See ``docs/rules/killer-kloo-doo.md``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cluedo.engine.action_space import ActionShape
from cluedo.engine.actions import Action
from cluedo.engine.errors import IllegalAction
from cluedo.engine.events import Event
from cluedo.engine.ruleset import CardReader, RuleSet, not_listed
from cluedo.mechanics.movement import location_json
from cluedo.mechanics.pending import pending_view
from cluedo.mechanics.questions import explain_answer, settle, show_actions
from cluedo.rules.killer_kloo_doo import action_space
from cluedo.rules.killer_kloo_doo.base import KillerKlooDooBase
from cluedo.rules.killer_kloo_doo.state import (
    DISPOSAL_ROOM,
    TUNNELS,
    KillerKlooDooOptions,
    KillerKlooDooState,
)
from cluedo.rules.killer_kloo_doo.survival import Survival

State = KillerKlooDooState

MOVEMENT = frozenset({"roll", "move", "stay", "passage", "emerge"})
REASONS = {
    "roll": "you move once, at the start of your turn",
    "move": "roll first; then choose a square or room the roll reaches",
    "stay": "you may stay only in a room, instead of moving at the start of your turn",
    "passage": "a secret passage leaves from a room that has one, at the start of a turn",
    "emerge": "only a token in the tunnels comes out, at the start of its turn",
    "end_turn": "move (or stay) before ending your turn",
    "suggest": "a suggestion needs you, the person and the weapon in one room, once a turn",
    "accuse": "accusations are made in Part 1, on your turn",
    "dig": "a spade digs while clue cards or weapons remain in the middle",
    "persuade": "a heart brings a person who is not in your room to the room you are in",
    "trick": "a court card brings a person who is not in your room to the room you are in",
    "fetch": "a court card fetches a weapon lying in another room to the room you are in",
    "bribe": "a diamond buys a weapon the other player carries or a card of their choice",
    "grab": "a club grabs from a player in your room or within two squares",
    "drug": "an ace makes another player miss a turn",
    "pick_up": "pick up a weapon lying in the room you are in",
    "heal": "a heart adds its value to your survival points",
    "poison": "an ace makes another player miss a turn",
    "attack": "an attack needs a weapon, the victim in reach, and no witnesses",
    "assault": "an assault needs clubs, the victim in reach, and no witnesses",
    "lure": "a court card and a diamond send a character to a room other than yours",
    "spy": "a court card and a diamond turn a player's playing cards face up",
    "steal": "a court card and two diamonds, played from a room, take a player's weapon",
    "clean_room": "a court card in a room you must clear brings the cleaning materials",
    "search": "search the room you are clearing, alone, once a turn",
    "show": "show one of your cards named in the suggestion",
    "defend": "answer with a card of the suit the contest asks for",
    "concede": "only the player a contest waits for may concede",
    "accept": "only the player offered a bribe may accept it",
    "refuse": "only the player offered a bribe may refuse it",
}


class KillerKlooDooRules(Survival, RuleSet[KillerKlooDooState, KillerKlooDooOptions]):
    name = "killer-kloo-doo"
    title = "Killer Kloo Doo"
    aliases = ("kkd", "killer_kloo_doo")
    min_players = 2
    max_players = 6
    options_type = KillerKlooDooOptions

    def __init__(self, options: KillerKlooDooOptions) -> None:
        KillerKlooDooBase.__init__(self, options)

    def action_shapes(self, players: int) -> list[ActionShape]:
        return action_space.action_shapes(self, players)

    # -- the notebook -----------------------------------------------------------------

    def card_reader(self, seat: int | None) -> CardReader | None:
        """Part 1's clue cards (see :mod:`.reading`); Part 2 alone deals none, so no notebook."""
        if self.options.parts == "survival":
            return None
        from cluedo.rules.killer_kloo_doo.reading import KlooDooReader  # loaded on use

        return KlooDooReader(seat, self.card_set.by_category())

    def card_places(self, state: State) -> dict[str, int | str]:
        """Every clue card's place: a hand, the envelope, or else the middle. Part 2
        moves no clue card, so the places stay as Part 1 left them."""
        places: dict[str, int | str] = dict.fromkeys(self.clue_cards, "middle")
        places.update(dict.fromkeys(state.envelope, "envelope"))
        for seat, hand in enumerate(state.hands):
            places.update(dict.fromkeys(hand, seat))
        return places

    # -- set-up ---------------------------------------------------------------------

    def setup(self, players: int, rng: random.Random) -> tuple[State, list[Event]]:
        state = self.new_state(players, rng)
        if self.options.parts == "survival":
            state.scores = [0] * players
            return state, self.start_survival(state, rng)
        return state, self.setup_investigation(state, rng)

    # -- legal actions and checking -------------------------------------------------

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        top = state.decisions.top
        if top is None or seat not in top.waiting_for():
            return []
        if top.kind == "refute":
            return show_actions(top, seat)
        if top.kind == "contest":
            return self.contest_actions(state, seat, top.context)
        if top.context.get("stage") == "move":  # a roll's destinations, the same in both parts
            return [
                Action(seat, "move", (("to", self.board.node_name(n)),))
                for n in top.context["destinations"]
            ]
        if state.part == 1:
            return self.investigation_actions(state, seat, top.context)
        return self.survival_actions(state, seat, top.context)

    def explain_illegal(
        self, state: State, action: Action, legal: Sequence[Action]
    ) -> IllegalAction:
        top = state.decisions.top
        if top is not None and top.kind == "refute":
            return explain_answer(top, action)
        return not_listed(action, legal, REASONS)

    # -- applying -------------------------------------------------------------------

    def apply(self, state: State, action: Action, rng: random.Random) -> list[Event]:
        top = state.decisions.top
        assert top is not None
        if top.kind == "refute":
            return [settle(state.decisions, action)]
        if top.kind == "contest":
            state.decisions.pop()
            if state.part == 1:
                return self.resolve_investigation(state, top.context, action, rng)
            events = self.resolve_survival(state, top.context, action, rng)
            return events + self.after_death(state, rng)
        ctx = top.context
        kind = action.kind
        if kind in MOVEMENT:
            return self.apply_movement(state, ctx, action, rng)
        if kind == "end_turn":
            events = self.end_survival_turn(state, action.seat, ctx) if state.part == 2 else []
            return events + self.next_turn(state, rng)
        if state.part == 1:
            return self.apply_investigation(state, ctx, action, rng)
        return self.apply_survival(state, ctx, action, rng) + self.after_death(state, rng)

    def after_death(self, state: State, rng: random.Random) -> list[Event]:
        """The player whose turn it is died (a counter-attack): the turn passes."""
        if state.finished or state.characters[state.current] not in state.dead:
            return []
        top = state.decisions.top
        if top is not None and top.kind != "turn":
            return []
        return self.next_turn(state, rng)

    def next_turn(self, state: State, rng: random.Random) -> list[Event]:
        state.decisions.clear()
        events: list[Event] = []
        seat = state.current
        players = state.players
        while True:
            seat = (seat + 1) % players
            if state.characters[seat] in state.dead:
                continue
            state.turn += 1
            state.part_turns += 1
            if state.part_turns > self.options.turn_limit:
                return events + self.cut_short(state, rng)
            if state.skip[seat] > 0:
                state.skip[seat] -= 1
                events.append(Event("missed_turn", {"seat": seat, "turn": state.turn}))
                continue
            break
        state.current = seat
        if state.part == 2 and state.escaping == seat:
            if self.location(state, seat) in self.staircase:
                state.finish("escaped", (seat,))
                self.count(state, "escapes")
                return [
                    *events,
                    Event("escaped", {"seat": seat}),
                    Event("game_over", {"outcome": "escaped", "winners": [seat]}),
                ]
            state.escaping = None
        decision = self.turn_decision(state, seat)
        if state.part == 2:
            decision.context["hall_alone"] = self.location(state, seat) == DISPOSAL_ROOM and not (
                self.others_here(state, DISPOSAL_ROOM, besides=(state.characters[seat],))
            )
        state.decisions.push(decision)
        return [*events, Event("turn", {"seat": seat, "turn": state.turn, "part": state.part})]

    def cut_short(self, state: State, rng: random.Random) -> list[Event]:
        if state.part == 1:
            return self.end_investigation(state, "stalled", rng)
        state.finish("police", ())
        return [Event("game_over", {"outcome": "police", "winners": []})]

    # -- views ----------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        top = None if state.finished else state.decisions.top
        turn_keys = ("roll", "suggested", "attacked", "searched")
        pending = pending_view(self.board, top, seat, turn_keys)
        if pending is not None and top is not None and top.kind == "contest":
            pending.update(self.contest_event(top.context, top.seats[0]).data)
            pending["kind"] = "contest"
        me_known = seat is not None
        out: dict[str, Any] = {
            "board": self.board.id,
            "edition": self.options.edition,
            "parts": self.options.parts,
            "part": state.part,
            "players": state.players,
            "characters": list(state.characters),
            "current": state.current,
            "turn": state.turn,
            "part_turns": state.part_turns,
            "turn_limit": self.options.turn_limit,
            # Tokens on the board; those under the house are listed apart, in_tunnels.
            "positions": {
                p: location_json(loc) for p, loc in state.positions.items() if loc != TUNNELS
            },
            "in_tunnels": sorted(c for c, loc in state.positions.items() if loc == TUNNELS),
            "weapons": dict(state.weapons),
            "carried": [list(c) for c in state.carried],
            "middle_weapons": list(state.middle_weapons),
            "middle_clues": len(state.middle_clues),
            "deck": len(state.deck),
            "card_counts": [len(c) for c in state.cards],
            "hand_sizes": [len(h) for h in state.hands],
            "exposed": [list(e) for e in state.exposed],
            "skip": list(state.skip),
            "scores": list(state.scores) if state.part == 2 or state.finished else None,
            "survival": dict(state.survival),
            "dead": list(state.dead),
            "achieved": [list(a) for a in state.achieved],
            "clean": list(state.clean),
            "gone": list(state.gone),
            "materials": [m[0] if m else None for m in state.materials],
            "escaping": state.escaping,
            "hand": list(state.hands[seat]) if me_known else [],  # type: ignore[index]
            "playing_cards": list(state.cards[seat]) if me_known else [],  # type: ignore[index]
            "objectives": list(state.objectives[seat]) if me_known else [],  # type: ignore[index]
            "pending": pending,
            "envelope": list(state.envelope) if state.part == 2 or state.finished else None,
        }
        return out

    def reveal(self, state: State) -> dict[str, Any]:
        out = self.view(state, None)
        out["hands"] = [list(h) for h in state.hands]
        out["all_playing_cards"] = [list(c) for c in state.cards]
        out["all_objectives"] = [list(o) for o in state.objectives]
        out["envelope"] = list(state.envelope)
        return out

    # -- the simulator's report -----------------------------------------------------

    def seat_labels(self, state: State) -> dict[str, list[str]]:
        labels: dict[str, list[str]] = {
            "character": [self.card_set.name(c) for c in state.characters]
        }
        if state.scores and self.options.parts == "both":
            ranked = sorted(range(state.players), key=lambda s: -state.scores[s])
            place = {s: i for i, s in enumerate(ranked)}
            labels["part 1 place"] = [
                "first" if place[s] == 0 else "last" if place[s] == state.players - 1 else "middle"
                for s in range(state.players)
            ]
        if state.accuser is not None:
            labels["accused"] = [
                ("right" if state.accusation_right else "wrong") if s == state.accuser else "no"
                for s in range(state.players)
            ]
        return labels

    def game_stats(self, state: State) -> dict[str, float]:
        out: dict[str, float] = {k: float(v) for k, v in state.stats.items()}
        out["turns"] = float(state.turn)
        out["suggestions"] = float(state.suggestions)
        if state.scores:
            out["part 1 best score"] = float(max(state.scores))
        if state.part == 2:
            out["part 2 turns"] = float(state.part_turns)
            out["objectives done"] = float(sum(len(a) for a in state.achieved))
        return out
