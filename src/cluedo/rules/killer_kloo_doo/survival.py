"""Part 2, Killer Kloo Doo: survive, finish three secret objectives, escape.

Survival points are the Part 1 score plus two dice; at zero or below a character
is dead. Everybody starts in the Study, every weapon lies in the Lounge, the
playing cards are shuffled together again. Each player draws three clue cards as
objectives: kill that person; clean that weapon in the Kitchen and throw it out
of the Hall; clear that room (a servant's materials, then two dice for 7 or more,
alone in the room). Encounters (in reach, no witnesses for attacks): assault with
clubs, a murder weapon, bribes. Servants paid with diamonds lure, spy and steal;
a spade may see through them. A player with every objective done who starts a
turn on the staircase escapes and wins; the last player alive also wins.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from cluedo.engine.actions import Action
from cluedo.engine.events import Event
from cluedo.mechanics.dice import roll_dice, roll_off
from cluedo.mechanics.playing_cards import Deck, is_ace, is_court, total, value
from cluedo.rules.killer_kloo_doo.base import State
from cluedo.rules.killer_kloo_doo.investigation import Investigation
from cluedo.rules.killer_kloo_doo.state import (
    CLEANING_ROOM,
    DISPOSAL_ROOM,
    OBJECTIVES,
    SEARCH_TARGET,
    START_ROOM,
    TUNNELS,
    WEAPON_POWER,
    WEAPON_ROOM,
    WITNESS_REACH,
    Location,
)


class Survival(Investigation):
    # -- set-up ---------------------------------------------------------------------

    def start_survival(self, state: State, rng: random.Random) -> list[Event]:
        state.part = 2
        state.part_turns = 0
        players = state.players
        rolls = {c: roll_dice(rng, 2) for c in self.suspects}
        scores = state.scores or [0] * players
        state.survival = {
            c: sum(rolls[c]) + (scores[self.seat_of(state, c)] if c in state.characters else 0)  # type: ignore[index]
            for c in self.suspects
        }
        state.deck = Deck(rng).cards
        state.cards = [[] for _ in range(players)]
        state.exposed = [[] for _ in range(players)]
        state.weapons = {w: WEAPON_ROOM for w in self.weapon_ids}
        state.carried = [[] for _ in range(players)]
        state.middle_weapons = []
        state.middle_clues = []
        state.left_behind = [{} for _ in range(players)]
        state.tunnel_exit = {}
        state.positions = {}
        for c in self.suspects:
            self.place(state, c, START_ROOM)
        state.last_room = [START_ROOM] * players
        state.skip = [0] * players
        state.materials = [None] * players
        pile = list(self.clue_cards)
        rng.shuffle(pile)
        for s in range(players):
            # Nobody is asked to kill themselves: a player's own card is passed over.
            mine = [c for c in pile if c != state.characters[s]][:OBJECTIVES]
            state.objectives[s] = mine
            state.achieved[s] = []
            for c in mine:
                pile.remove(c)
        events = [
            Event(
                "part_two",
                {
                    "part": 2,
                    "characters": list(state.characters),
                    "scores": list(scores),
                    "rolls": {c: r for c, r in rolls.items()},
                    "survival": dict(state.survival),
                    "weapons": dict(state.weapons),
                },
            )
        ]
        events += [
            Event(
                "objectives",
                {"seat": s},
                {"objectives": list(state.objectives[s])},
                frozenset({s}),
                private=True,
            )
            for s in range(players)
        ]
        for c in self.suspects:
            if state.survival[c] <= 0:
                events += self.kill(state, c, None, rng)
        if state.finished:
            return events
        alive = self.living_seats(state)
        first, rounds = roll_off(rng, alive)
        state.current = first
        state.turn += 1
        events.append(
            Event(
                "first_player",
                {"seat": first, "rolls": [{str(s): r for s, r in rd.items()} for rd in rounds]},
            )
        )
        state.decisions.push(self.turn_decision(state, first))
        events.append(Event("turn", {"seat": first, "turn": state.turn, "part": 2}))
        return events

    def living_seats(self, state: State) -> list[int]:
        return [s for s, c in enumerate(state.characters) if c not in state.dead]

    # -- legal actions --------------------------------------------------------------

    def attack_allowed(self, state: State, seat: int, target: str, ctx: dict[str, Any]) -> bool:
        """In reach at the start or end of the move, with no other character in the
        room, nor within six steps in the passageways."""
        me = state.characters[seat]
        there = state.positions.get(target)
        if there is None or there == TUNNELS:
            return False
        others = [
            loc for c, loc in state.positions.items() if c not in (me, target) and loc != TUNNELS
        ]
        here = self.location(state, seat)
        for loc in {ctx["start_loc"], here}:
            if loc == TUNNELS:
                continue
            if isinstance(loc, str):
                if there == loc and loc not in others:
                    return True
                continue
            if self.steps(loc, there) <= 2 and all(
                self.steps(loc, o) > WITNESS_REACH for o in others
            ):
                return True
        return False

    def survival_actions(self, state: State, seat: int, ctx: dict[str, Any]) -> list[Action]:
        stage = ctx["stage"]
        out = self.movement_actions(state, seat) if stage == "start" else []
        me = state.characters[seat]
        room = self.room_of(state, seat)
        others = [s for s in self.living_seats(state) if s != seat]
        living = [c for c in self.suspects if c not in state.dead and c != me]
        cards = state.cards[seat]
        diamonds = [c for c in cards if c[-1] == "D"]
        clubs = [c for c in cards if c[-1] == "C"]
        for card in cards:
            if card[-1] == "H":
                out.append(Action.make(seat, "heal", card=card))
            if is_ace(card):
                out += [Action.make(seat, "poison", card=card, target=t) for t in others]
            if not is_court(card):
                continue
            paid = [d for d in diamonds if d != card]
            for d in paid:
                out += [
                    Action.make(seat, "lure", card=card, diamond=d, person=p, room=r)
                    for p in living
                    for r in self.rooms
                    if r != room
                ]
                out += [Action.make(seat, "spy", card=card, diamond=d, target=t) for t in others]
            if room is not None:
                for pair in combinations(paid, 2):
                    out += [
                        Action.make(seat, "steal", card=card, diamonds=pair, target=t, room=r)
                        for t in others
                        if state.carried[t]
                        for r in self.rooms
                        if r != room
                    ]
            if (
                room is not None
                and room in state.objectives[seat]
                and room not in state.achieved[seat]
                and state.materials[seat] is None
            ):
                out.append(Action.make(seat, "clean_room", card=card))
        mats = state.materials[seat]
        if (
            mats is not None
            and mats[0] == room
            and not ctx.get("searched")
            and not self.others_here(state, room, besides=(me,))
        ):
            out.append(Action.make(seat, "search"))
        for t in others:
            if t in ctx.get("bribed", ()) or not self.in_reach(
                state, seat, state.characters[t], ctx
            ):
                continue  # one offer to each player a turn: no endless haggling
            for d in diamonds:
                if not state.carried[seat]:
                    out += [
                        Action.make(seat, "bribe", card=d, target=t, ask="weapon", weapon=w)
                        for w in state.carried[t]
                    ]
                if state.cards[t]:
                    out.append(Action.make(seat, "bribe", card=d, target=t, ask="card"))
        if not ctx.get("attacked"):
            for person in living:
                if not self.attack_allowed(state, seat, person, ctx):
                    continue
                if state.carried[seat]:
                    out.append(Action.make(seat, "attack", person=person))
                for mask in range(1, 1 << len(clubs)):
                    chosen = tuple(c for i, c in enumerate(clubs) if mask >> i & 1)
                    out.append(Action.make(seat, "assault", person=person, cards=chosen))
        out += self.pick_up_actions(state, seat)
        if stage == "moved":
            out.append(Action.make(seat, "end_turn"))
        return out

    # -- applying -------------------------------------------------------------------

    def apply_survival(
        self, state: State, ctx: dict[str, Any], action: Action, rng: random.Random
    ) -> list[Event]:
        seat, kind = action.seat, action.kind
        me = state.characters[seat]
        card = action.get("card")
        if kind == "heal":
            self.spend(state, seat, [card], rng)
            state.survival[me] += value(card)
            self.count(state, "heals")
            return [
                Event("healed", {"seat": seat, "card_played": card, "survival": state.survival[me]})
            ]
        if kind == "poison":
            self.spend(state, seat, [card], rng)
            state.skip[action["target"]] += 1
            self.count(state, "poisoned")
            return [
                Event("poisoned", {"seat": seat, "card_played": card, "target": action["target"]})
            ]
        if kind in ("lure", "spy", "steal"):
            self.count(state, f"{kind}_servants")
            paid = [action["diamond"]] if kind != "steal" else list(action["diamonds"])
            ctx2: dict[str, Any] = {"type": kind, "court": card, "diamonds": paid}
            if kind == "lure":
                ctx2.update(person=action["person"], room=action["room"])
                target = self.seat_of(state, action["person"])
                if target is None:
                    # A non-player character cannot see through the servant.
                    self.spend(state, seat, [card, *paid], rng)
                    return [
                        Event(
                            "servant",
                            {
                                "type": "lure",
                                "seat": seat,
                                "cards": [card, *paid],
                                "person": action["person"],
                                "won": True,
                            },
                        ),
                        *self.relocate(state, action["person"], action["room"]),
                    ]
            else:
                target = action["target"]
                if kind == "steal":
                    ctx2["room"] = action["room"]
            ctx2["card"] = card
            return self.open_contest(state, seat, target, ctx2)
        if kind == "clean_room":
            room = self.room_of(state, seat)
            assert room is not None
            state.cards[seat].remove(card)
            if card in state.exposed[seat]:
                state.exposed[seat].remove(card)
            state.materials[seat] = (room, card)
            return [Event("materials", {"seat": seat, "room": room, "card_played": card})]
        if kind == "search":
            ctx["searched"] = True
            mats = state.materials[seat]
            assert mats is not None
            dice = roll_dice(rng, 2)
            done = sum(dice) >= SEARCH_TARGET
            events = [
                Event("searched", {"seat": seat, "room": mats[0], "dice": dice, "done": done})
            ]
            if done:
                state.materials[seat] = None
                state.deck.append(mats[1])
                rng.shuffle(state.deck)
                events += self.achieve(state, seat, mats[0])
            return events
        if kind == "bribe":
            ctx.setdefault("bribed", []).append(action["target"])
            ctx2 = {"type": "bribe", "ask": action["ask"], "card": card}
            if action["ask"] == "weapon":
                ctx2["weapon"] = action["weapon"]
            return self.open_contest(state, seat, action["target"], ctx2)
        if kind == "attack":
            ctx["attacked"] = True
            return self.weapon_attack(state, seat, action["person"], rng)
        if kind == "assault":
            ctx["attacked"] = True
            person = action["person"]
            played = list(action["cards"])
            target = self.seat_of(state, person)
            if target is None:
                other = self.top_card(state, rng)
                self.spend(state, seat, played, rng)
                margin = total(played) - (value(other) if other else 0)
                self.count(state, "assaults")
                events = [
                    Event(
                        "assault",
                        {
                            "seat": seat,
                            "person": person,
                            "cards": played,
                            "against": [other] if other else [],
                            "damage": max(margin, 0),
                        },
                    )
                ]
                return events + (
                    self.damage(state, person, margin, seat, rng) if margin > 0 else []
                )
            ctx2 = {"type": "assault", "person": person, "cards": played, "card": played[0]}
            return self.open_contest(state, seat, target, ctx2)
        if kind == "pick_up":
            weapon = action["weapon"]
            room = self.room_of(state, seat)
            assert room is not None
            events = []
            for old in state.carried[seat]:
                state.weapons[old] = room
                events.append(Event("weapon_left", {"seat": seat, "weapon": old, "room": room}))
            del state.weapons[weapon]
            state.carried[seat] = [weapon]
            return [*events, Event("picked_up", {"seat": seat, "weapon": weapon})]
        raise AssertionError(kind)

    def weapon_attack(
        self, state: State, seat: int, person: str, rng: random.Random
    ) -> list[Event]:
        me = state.characters[seat]
        weapon = state.carried[seat][0]
        roll = roll_dice(rng, 1)[0]
        score = roll * WEAPON_POWER.get(weapon, 4)
        target = self.seat_of(state, person)
        self.count(state, "attacks")
        if target is not None and state.carried[target]:
            # Both armed: both strike, and the loser takes the difference.
            theirs = state.carried[target][0]
            back = roll_dice(rng, 1)[0]
            other = back * WEAPON_POWER.get(theirs, 4)
            events = [
                Event(
                    "attack",
                    {
                        "seat": seat,
                        "person": person,
                        "weapon": weapon,
                        "roll": roll,
                        "score": score,
                        "counter_weapon": theirs,
                        "counter_roll": back,
                        "counter_score": other,
                    },
                )
            ]
            if score > other:
                return events + self.damage(state, person, score - other, seat, rng)
            if other > score:
                return events + self.damage(state, me, other - score, target, rng)
            return events
        events = [
            Event(
                "attack",
                {"seat": seat, "person": person, "weapon": weapon, "roll": roll, "score": score},
            )
        ]
        return events + self.damage(state, person, score, seat, rng)

    def resolve_survival(
        self, state: State, ctx: dict[str, Any], action: Action, rng: random.Random
    ) -> list[Event]:
        seat, kind = action.seat, action.kind
        attacker = ctx["attacker"]
        if ctx["type"] == "bribe":
            self.count(state, "bribes_offered")
            offered = ctx["card"]
            public = {"seat": attacker, "target": seat, "card_played": offered, "ask": ctx["ask"]}
            if kind == "refuse":
                return [Event("bribe_refused", public)]
            self.count(state, "bribes_accepted")
            self.give_card(state, attacker, seat, offered)
            if ctx["ask"] == "weapon":
                state.carried[seat].remove(ctx["weapon"])
                state.carried[attacker].append(ctx["weapon"])
                return [Event("bribe_accepted", {**public, "weapon": ctx["weapon"]})]
            given = action["card"]
            self.give_card(state, seat, attacker, given)
            return [
                Event("bribe_accepted", public),
                Event(
                    "card_given",
                    {"seat": seat, "to": attacker},
                    {"card": given},
                    frozenset({seat, attacker}),
                ),
            ]
        if ctx["type"] == "assault":
            mine = list(ctx["cards"])
            theirs = list(action.get("cards") or ())
            self.spend(state, attacker, mine, rng)
            self.spend(state, seat, theirs, rng)
            margin = total(mine) - total(theirs)
            self.count(state, "assaults")
            events = [
                Event(
                    "assault",
                    {
                        "seat": attacker,
                        "person": ctx["person"],
                        "cards": mine,
                        "against": theirs,
                        "damage": max(margin, 0),
                    },
                )
            ]
            if margin > 0:
                events += self.damage(state, ctx["person"], margin, attacker, rng)
            return events
        # A servant: the target's spade against the diamonds paid.
        spade = action.get("card")
        paid = list(ctx["diamonds"])
        self.spend(state, attacker, [ctx["court"], *paid], rng)
        if spade:
            self.spend(state, seat, [spade], rng)
        won = spade is None or total(paid) > value(spade)
        events = [
            Event(
                "servant",
                {
                    "type": ctx["type"],
                    "seat": attacker,
                    "target": seat,
                    "cards": [ctx["court"], *paid],
                    "spade": spade,
                    "won": won,
                },
            )
        ]
        if not won:
            self.count(state, "servants_defeated")
            return events
        if ctx["type"] == "lure":
            return events + self.relocate(state, ctx["person"], ctx["room"])
        if ctx["type"] == "spy":
            state.exposed[seat] = list(state.cards[seat])
            return [
                *events,
                Event(
                    "spied", {"seat": attacker, "target": seat, "cards": list(state.cards[seat])}
                ),
            ]
        for weapon in state.carried[seat]:
            state.weapons[weapon] = ctx["room"]
            events.append(
                Event(
                    "stolen",
                    {"seat": attacker, "target": seat, "weapon": weapon, "room": ctx["room"]},
                )
            )
        state.carried[seat] = []
        return events

    def give_card(self, state: State, giver: int, taker: int, card: str) -> None:
        state.cards[giver].remove(card)
        if card in state.exposed[giver]:
            state.exposed[giver].remove(card)
        state.cards[taker].append(card)

    def relocate(self, state: State, person: str, room: str) -> list[Event]:
        """A lured character goes to the named room at once (out of the tunnels too)."""
        origin = state.positions[person]
        self.place(state, person, room)
        events = [Event("token_moved", {"piece": person, "to": room, "reason": "lured"})]
        seat = self.seat_of(state, person)
        if seat is not None:
            if state.escaping == seat:
                state.escaping = None
            events += self.left_room(state, seat, origin, None)
        return events

    def left_room(
        self, state: State, seat: int, origin: Location, rng: random.Random | None
    ) -> list[Event]:
        """Leaving the room being cleared sends the servant away with the materials."""
        mats = state.materials[seat] if state.part == 2 else None
        if mats is None or mats[0] != origin:
            return []
        state.materials[seat] = None
        state.deck.append(mats[1])
        if rng is not None:
            rng.shuffle(state.deck)
        return [Event("materials_lost", {"seat": seat, "room": mats[0], "card_played": mats[1]})]

    # -- damage, death, objectives ----------------------------------------------------

    def damage(
        self, state: State, person: str, amount: int, by: int | None, rng: random.Random
    ) -> list[Event]:
        state.survival[person] -= amount
        events = [
            Event(
                "wounded", {"person": person, "damage": amount, "survival": state.survival[person]}
            )
        ]
        if state.survival[person] <= 0:
            events += self.kill(state, person, by, rng)
        return events

    def kill(self, state: State, person: str, by: int | None, rng: random.Random) -> list[Event]:
        loc = state.positions.pop(person, None)
        state.tunnel_exit.pop(person, None)
        state.dead.append(person)
        self.count(state, "deaths")
        events = [Event("killed", {"person": person, "by": by})]
        seat = self.seat_of(state, person)
        if seat is not None:
            room = self.nearest_room(loc)
            for weapon in state.carried[seat]:
                state.weapons[weapon] = room
                events.append(Event("weapon_left", {"seat": seat, "weapon": weapon, "room": room}))
            state.carried[seat] = []
            state.deck.extend(state.cards[seat])
            if state.materials[seat] is not None:
                state.deck.append(state.materials[seat][1])  # type: ignore[index]
                state.materials[seat] = None
            rng.shuffle(state.deck)
            state.cards[seat] = []
            state.exposed[seat] = []
            if state.escaping == seat:
                state.escaping = None
        for s in self.living_seats(state):
            if person in state.objectives[s] and person not in state.achieved[s]:
                events += self.achieve(state, s, person)
        alive = self.living_seats(state)
        if len(alive) <= 1 and not state.finished:
            state.finish("last-standing", tuple(alive))
            events.append(Event("game_over", {"outcome": "last-standing", "winners": alive}))
        return events

    def nearest_room(self, loc: Location | None) -> str:
        if isinstance(loc, str) and loc in self.rooms:
            return loc
        if not isinstance(loc, tuple):
            return WEAPON_ROOM
        dist = self.board.distances_from(self.board.node(loc))
        return min(self.rooms, key=lambda r: dist[self.board.node_of_room[r]])

    def achieve(self, state: State, seat: int, card: str) -> list[Event]:
        state.achieved[seat].append(card)
        self.count(state, "objectives")
        events = [
            Event(
                "objective_achieved",
                {"seat": seat, "card": card, "done": len(state.achieved[seat])},
            )
        ]
        return events

    def end_survival_turn(self, state: State, seat: int, ctx: dict[str, Any]) -> list[Event]:
        """Cleaning a weapon (a whole turn in the Kitchen), throwing it out (a whole turn
        in the Hall, nobody else there at the start), and stepping onto the staircase."""
        events: list[Event] = []
        here = self.location(state, seat)
        carried = state.carried[seat]
        if carried and here == CLEANING_ROOM and ctx["start_loc"] == CLEANING_ROOM:
            weapon = carried[0]
            if weapon not in state.clean:
                state.clean.append(weapon)
                events.append(Event("weapon_cleaned", {"seat": seat, "weapon": weapon}))
        if (
            carried
            and here == DISPOSAL_ROOM
            and ctx["start_loc"] == DISPOSAL_ROOM
            and ctx.get("hall_alone")
            and carried[0] in state.clean
            and carried[0] in state.objectives[seat]
            and carried[0] not in state.achieved[seat]
        ):
            weapon = carried.pop()
            state.gone.append(weapon)
            self.count(state, "weapons_thrown")
            events.append(Event("weapon_thrown", {"seat": seat, "weapon": weapon}))
            for s in self.living_seats(state):
                if weapon in state.objectives[s] and weapon not in state.achieved[s]:
                    events += self.achieve(state, s, weapon)
        if len(state.achieved[seat]) == OBJECTIVES and here in self.staircase:
            state.escaping = seat
            events.append(Event("on_staircase", {"seat": seat}))
        return events
