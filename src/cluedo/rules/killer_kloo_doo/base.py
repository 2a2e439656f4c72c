"""What both parts of Killer Kloo Doo share: the board and its distances, moving
(with the two-turn secret passages through the tunnels), drawing a playing card on
entering a new room, picking up weapons, contests answered by another seat, and
passing the turn (drugged and poisoned seats miss theirs).

Every turn is one ``turn`` decision on the stack with a ``stage``:

``start``  move (roll, take a secret passage, come out of the tunnels, or stay in
           a room) and/or play cards;
``move``   choose where the roll takes you;
``moved``  play cards, then end the turn.

A contest or an offer pushes a ``contest`` decision for the other seat on top.
"""

from __future__ import annotations

import random
from typing import Any

from cluedo.content.board import Board, load_board
from cluedo.content.cards import CardSet, load_card_set
from cluedo.engine.actions import Action
from cluedo.engine.decisions import Decision
from cluedo.engine.events import Event
from cluedo.mechanics.dice import roll_dice
from cluedo.mechanics.movement import location_json, occupied_nodes, reachable, take_move
from cluedo.mechanics.playing_cards import of_suit
from cluedo.mechanics.questions import QuestionLists
from cluedo.rules.killer_kloo_doo.state import (
    REACH,
    TUNNELS,
    KillerKlooDooOptions,
    KillerKlooDooState,
    Location,
)

State = KillerKlooDooState
FAR = 10**6
REACH_CACHE = 50_000
"""Remembered move searches per rule-set instance (a few megabytes at most)."""


class KillerKlooDooBase:
    """Tables derived from the options, and the play both parts share."""

    options: KillerKlooDooOptions

    def __init__(self, options: KillerKlooDooOptions) -> None:
        self.options = options
        self.board: Board = load_board(options.board)
        self.card_set: CardSet = load_card_set("classic", options.edition)
        self.suspects = self.card_set.category("suspect")
        self.weapon_ids = self.card_set.category("weapon")
        self.rooms = self.card_set.category("room")
        self.clue_cards = self.card_set.ids
        self.questions = QuestionLists(self.suspects, self.weapon_ids, self.rooms)
        self._reach_cache: dict[tuple[int, int, frozenset[int]], dict[int, int]] = {}
        # The staircase: the corridor squares at the foot of the cellar in the middle.
        cellar = self.board.walls.get("cellar", frozenset())
        self.staircase = frozenset(
            sq
            for sq in self.board.node_of_square
            if any(
                (sq[0] + dr, sq[1] + dc) in cellar for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            )
        )

    # -- where things are -----------------------------------------------------------

    def seat_of(self, state: State, character: str) -> int | None:
        return state.characters.index(character) if character in state.characters else None

    def location(self, state: State, seat: int) -> Location:
        return state.positions[state.characters[seat]]

    def room_of(self, state: State, seat: int) -> str | None:
        loc = self.location(state, seat)
        return loc if isinstance(loc, str) and loc != TUNNELS else None

    def steps(self, a: Location, b: Location) -> int:
        """Steps between two places on the board (tunnels are nowhere near anything)."""
        if a == TUNNELS or b == TUNNELS:
            return FAR
        if a == b:
            return 0
        return self.board.distances_from(self.board.node(a))[self.board.node(b)]

    def in_reach(self, state: State, seat: int, character: str, ctx: dict[str, Any]) -> bool:
        """Encounters: the other token in your room, or within two steps of where you
        started or where you are now this turn."""
        there = state.positions.get(character)
        if there is None or there == TUNNELS:
            return False
        here = self.location(state, seat)
        return any(self.steps(loc, there) <= REACH for loc in {ctx["start_loc"], here})

    def others_here(self, state: State, room: str, *, besides: tuple[str, ...]) -> list[str]:
        return [c for c, loc in state.positions.items() if loc == room and c not in besides]

    # -- turns ----------------------------------------------------------------------

    def turn_decision(self, state: State, seat: int) -> Decision:
        loc = self.location(state, seat)
        return Decision("turn", (seat,), {"stage": "start", "start_loc": loc})

    def movement_actions(self, state: State, seat: int) -> list[Action]:
        here = self.location(state, seat)
        if here == TUNNELS:
            return [Action.make(seat, "emerge")]
        out = [Action.make(seat, "roll")]
        if isinstance(here, str):
            out.append(Action.make(seat, "stay"))
            if here in self.board.passages:
                out.append(Action.make(seat, "passage"))
        return out

    def destinations(self, state: State, seat: int, roll: int) -> dict[int, int]:
        piece = state.characters[seat]
        start = self.board.node(state.positions[piece])
        occupied = occupied_nodes(self.board, state.positions, piece)
        # With two dice an exact move walks every simple path of up to 12 steps; the
        # same start, roll and blocked squares come back often (rooms), so remember.
        key = (start, roll, occupied)
        found = self._reach_cache.get(key)
        if found is None:
            if len(self._reach_cache) > REACH_CACHE:
                self._reach_cache.clear()
            found = self._reach_cache[key] = reachable(
                self.board, start, roll, occupied, exact=self.options.movement == "exact"
            )
        return dict(found)

    def apply_movement(
        self, state: State, ctx: dict[str, Any], action: Action, rng: random.Random
    ) -> list[Event]:
        seat, kind = action.seat, action.kind
        piece = state.characters[seat]
        if kind == "roll":
            rolls = roll_dice(rng, self.options.dice)
            events = [Event("roll", {"seat": seat, "dice": rolls, "roll": sum(rolls)})]
            dests = self.destinations(state, seat, sum(rolls))
            if dests:
                ctx.update(stage="move", roll=sum(rolls), destinations=dests)
            else:
                ctx.update(stage="moved")
                events.append(Event("blocked", {"seat": seat, "roll": sum(rolls)}))
            return events
        if kind == "move":
            dest, steps = take_move(self.board, ctx, action["to"])
            origin = state.positions[piece]
            self.place(state, piece, dest)
            ctx.update(stage="moved")
            events = [Event("moved", {"seat": seat, "to": location_json(dest), "steps": steps})]
            events += self.left_room(state, seat, origin, rng)
            if isinstance(dest, str):
                events += self.entered_room(state, seat, dest)
            return events
        if kind == "stay":
            ctx.update(stage="moved")
            return [Event("stayed", {"seat": seat, "room": state.positions[piece]})]
        if kind == "passage":
            origin = state.positions[piece]
            assert isinstance(origin, str)
            self.place(state, piece, TUNNELS)
            state.tunnel_exit[piece] = self.board.passages[origin]
            ctx.update(stage="moved")
            events = [
                Event("tunnels", {"seat": seat, "from": origin, "to": self.board.passages[origin]})
            ]
            return events + self.left_room(state, seat, origin, rng)
        if kind == "emerge":
            room = state.tunnel_exit[piece]
            self.place(state, piece, room)
            ctx.update(stage="moved")
            return [
                Event("emerged", {"seat": seat, "to": room}),
                *self.entered_room(state, seat, room),
            ]
        raise AssertionError(kind)

    def place(self, state: State, character: str, loc: Location) -> None:
        """Put a character's token somewhere. Every move of a token goes through here,
        whoever moves it (its own roll, the tunnels, persuasion, a trick, a lure).

        Coming to be in a room releases the seat's weapons left behind in any other
        room; a corridor square or the tunnels release nothing, so stepping out and
        back into the same room keeps them locked."""
        state.positions[character] = loc
        if loc == TUNNELS:
            return
        state.tunnel_exit.pop(character, None)
        seat = self.seat_of(state, character)
        if seat is not None and isinstance(loc, str):
            locks = state.left_behind[seat]
            for weapon in [w for w, room in locks.items() if room != loc]:
                del locks[weapon]

    def left_room(
        self, state: State, seat: int, origin: Location, rng: random.Random
    ) -> list[Event]:
        """Hook: leaving a room (Part 2 cleaning materials are lost)."""
        return []

    def entered_room(self, state: State, seat: int, room: str) -> list[Event]:
        """A playing card for a room other than the last one entered."""
        events: list[Event] = []
        if state.last_room[seat] != room:
            state.last_room[seat] = room
            events += self.draw_card(state, seat)
        return events

    def draw_card(self, state: State, seat: int) -> list[Event]:
        if not state.deck:
            return [Event("deck_empty", {"seat": seat})]
        card = state.deck.pop()
        state.cards[seat].append(card)
        return [
            Event(
                "card_drawn",
                {"seat": seat, "deck": len(state.deck)},
                {"card": card},
                frozenset({seat}),
            )
        ]

    def spend(self, state: State, seat: int, cards: list[str], rng: random.Random) -> None:
        """Cards played go back into the deck, which is shuffled."""
        for card in cards:
            state.cards[seat].remove(card)
            if card in state.exposed[seat]:
                state.exposed[seat].remove(card)
        state.deck.extend(cards)
        rng.shuffle(state.deck)

    def top_card(self, state: State, rng: random.Random) -> str | None:
        """The top card of the pack, standing in for a non-player character's card; it
        goes back and the pack is shuffled."""
        if not state.deck:
            return None
        card = state.deck[-1]
        rng.shuffle(state.deck)
        return card

    @staticmethod
    def suit_cards(state: State, seat: int, suit: str) -> list[str]:
        return of_suit(state.cards[seat], suit)

    def pick_up_actions(self, state: State, seat: int) -> list[Action]:
        room = self.room_of(state, seat)
        if room is None:
            return []
        blocked = state.left_behind[seat] if state.part == 1 else {}
        return [
            Action.make(seat, "pick_up", weapon=w)
            for w, r in state.weapons.items()
            if r == room and w not in blocked
        ]

    def count(self, state: State, name: str) -> None:
        state.stats[name] = state.stats.get(name, 0) + 1

    # -- answering a contest or an offer ---------------------------------------------

    def contest_actions(self, state: State, seat: int, ctx: dict[str, Any]) -> list[Action]:
        """What the seat a contest or offer waits for may answer."""
        kind = ctx["type"]
        if kind == "bribe":
            if ctx["ask"] == "weapon":
                return [Action.make(seat, "accept"), Action.make(seat, "refuse")]
            pool = state.hands[seat] if state.part == 1 else state.cards[seat]
            return [Action.make(seat, "accept", card=c) for c in pool] + [
                Action.make(seat, "refuse")
            ]
        if kind == "assault":
            clubs = self.suit_cards(state, seat, "C")
            subsets = [
                tuple(c for i, c in enumerate(clubs) if mask >> i & 1)
                for mask in range(1, 1 << len(clubs))
            ]
            return [Action.make(seat, "defend", cards=s) for s in subsets] + [
                Action.make(seat, "concede")
            ]
        suit = {"persuade": "H", "grab": "C"}.get(
            kind, "S"
        )  # servants are seen through with spades
        return [Action.make(seat, "defend", card=c) for c in self.suit_cards(state, seat, suit)] + [
            Action.make(seat, "concede")
        ]

    def contest_event(self, ctx: dict[str, Any], seat: int) -> Event:
        """Public notice that a seat must answer; the attacker's face-down cards stay hidden."""
        public = {k: v for k, v in ctx.items() if k not in ("card", "court", "diamonds", "cards")}
        if ctx["type"] == "bribe":
            public["card"] = ctx["card"]  # a bribe is offered face up
        return Event("contest", {"seat": seat, **public})
