"""Part 1, the investigation: the classic hunt for the envelope's three cards, made
harder by a deck of playing cards.

A suggestion needs you, the named person and the named weapon in one room. Hearts
persuade a person to come (a contest of hearts; a non-player character's heart is
the top card of the pack), court cards trick a person into coming or send a servant
to fetch a weapon lying in another room, spades dig up the clue cards and then the
weapons from the middle, diamonds bribe, clubs grab (a contest of clubs, in reach
only), aces drug a player, who misses a turn. Any accusation ends Part 1; scores are
the hearts and diamonds held, +60 for a right accusation and -20 for a wrong one.
"""

from __future__ import annotations

import random
from typing import Any

from cluedo.engine.actions import Action
from cluedo.engine.decisions import Decision
from cluedo.engine.events import Event
from cluedo.mechanics.dice import roll_off
from cluedo.mechanics.investigation import dealt_events, draw_envelope
from cluedo.mechanics.playing_cards import Deck, is_ace, is_court, total, value
from cluedo.mechanics.questions import put_question
from cluedo.mechanics.seating import assign_characters
from cluedo.rules.killer_kloo_doo.base import KillerKlooDooBase, State
from cluedo.rules.killer_kloo_doo.state import (
    DEAL,
    RIGHT_ACCUSATION,
    WRONG_ACCUSATION,
    KillerKlooDooState,
)


class Investigation(KillerKlooDooBase):
    # -- set-up ---------------------------------------------------------------------

    def new_state(self, players: int, rng: random.Random) -> KillerKlooDooState:
        characters = assign_characters(self.options.characters, self.suspects, players)
        return KillerKlooDooState(
            players=players,
            characters=characters,
            positions={s: self.board.starts[s] for s in self.suspects},
            cards=[[] for _ in range(players)],
            last_room=[None] * players,
            skip=[0] * players,
            carried=[[] for _ in range(players)],
            hands=[[] for _ in range(players)],
            left_behind=[{} for _ in range(players)],
            scores=[0] * players,
            exposed=[[] for _ in range(players)],
            objectives=[[] for _ in range(players)],
            achieved=[[] for _ in range(players)],
            materials=[None] * players,
        )

    def setup_investigation(self, state: State, rng: random.Random) -> list[Event]:
        players = state.players
        envelope, rest = draw_envelope(self.card_set.by_category(), rng)
        each, middle = DEAL[players]
        state.envelope = envelope
        state.hands = [rest[s * each : (s + 1) * each] for s in range(players)]
        state.middle_clues = rest[players * each : players * each + middle]
        state.middle_weapons = list(self.weapon_ids)
        state.deck = Deck(rng).cards
        first, rounds = roll_off(rng, list(range(players)))
        state.current = first
        state.turn = 1
        events = [
            Event(
                "setup",
                {
                    "part": 1,
                    "characters": list(state.characters),
                    "hand_sizes": [each] * players,
                    "middle": middle,
                    "first": first,
                    "first_rolls": [{str(s): r for s, r in rd.items()} for rd in rounds],
                },
            )
        ]
        events += dealt_events(state.hands)
        state.decisions.push(self.turn_decision(state, first))
        events.append(Event("turn", {"seat": first, "turn": 1, "part": 1}))
        return events

    # -- legal actions --------------------------------------------------------------

    def investigation_actions(self, state: State, seat: int, ctx: dict[str, Any]) -> list[Action]:
        stage = ctx["stage"]
        out = self.movement_actions(state, seat) if stage == "start" else []
        room = self.room_of(state, seat)
        me = state.characters[seat]
        others = [s for s in range(state.players) if s != seat]
        cards = state.cards[seat]
        for card in cards:
            suit = card[-1]
            if suit == "S" and state.middle_clues:
                out.append(Action.make(seat, "dig", card=card))
            elif suit == "S" and state.middle_weapons:
                out += [Action.make(seat, "dig", card=card, weapon=w) for w in state.middle_weapons]
            if room is not None:
                away = [c for c in self.suspects if c != me and state.positions[c] != room]
                if suit == "H":
                    out += [Action.make(seat, "persuade", card=card, person=p) for p in away]
                if is_court(card):
                    out += [Action.make(seat, "trick", card=card, person=p) for p in away]
                    out += [
                        Action.make(seat, "fetch", card=card, weapon=w)
                        for w, r in state.weapons.items()
                        if r != room
                    ]
            if suit == "D":
                for t in others:
                    if t in ctx.get("bribed", ()):
                        continue  # one offer to each player a turn: no endless haggling
                    out += [
                        Action.make(seat, "bribe", card=card, target=t, ask="weapon", weapon=w)
                        for w in state.carried[t]
                    ]
                    if state.hands[t]:
                        out.append(Action.make(seat, "bribe", card=card, target=t, ask="clue"))
            if suit == "C":
                for t in others:
                    if not self.in_reach(state, seat, state.characters[t], ctx):
                        continue
                    out += [
                        Action.make(seat, "grab", card=card, target=t, take="weapon", weapon=w)
                        for w in state.carried[t]
                    ]
                    if state.hands[t]:
                        out.append(Action.make(seat, "grab", card=card, target=t, take="clue"))
            if is_ace(card):
                out += [Action.make(seat, "drug", card=card, target=t) for t in others]
        out += self.pick_up_actions(state, seat)
        if room is not None and not ctx.get("suggested"):
            present = [c for c in self.suspects if state.positions[c] == room]
            weapons = [w for w, r in state.weapons.items() if r == room] + state.carried[seat]
            out += [
                Action.make(seat, "suggest", suspect=p, weapon=w) for p in present for w in weapons
            ]
        if stage == "moved":
            out.append(Action.make(seat, "end_turn"))
        return out + self.questions.accusations(seat)

    # -- applying -------------------------------------------------------------------

    def apply_investigation(
        self, state: State, ctx: dict[str, Any], action: Action, rng: random.Random
    ) -> list[Event]:
        seat, kind = action.seat, action.kind
        room = self.room_of(state, seat)
        card = action.get("card")
        if kind == "dig":
            self.spend(state, seat, [card], rng)
            self.count(state, "digs")
            if state.middle_clues:
                clue = state.middle_clues.pop(rng.randrange(len(state.middle_clues)))
                state.hands[seat].append(clue)
                return [
                    Event(
                        "dug_clue",
                        {"seat": seat, "card_played": card, "middle": len(state.middle_clues)},
                        {"card": clue},
                        frozenset({seat}),
                    )
                ]
            weapon = action["weapon"]
            state.middle_weapons.remove(weapon)
            state.carried[seat].append(weapon)
            return [Event("dug_weapon", {"seat": seat, "card_played": card, "weapon": weapon})]
        if kind in ("persuade", "trick"):
            person = action["person"]
            assert room is not None
            if kind == "trick":
                self.spend(state, seat, [card], rng)
                self.count(state, "tricks")
                return [
                    Event("tricked", {"seat": seat, "card_played": card, "person": person}),
                    *self.bring(state, person, room),
                ]
            target = self.seat_of(state, person)
            if target is None:
                # A non-player character: the top card of the pack is its heart.
                other = self.top_card(state, rng)
                self.spend(state, seat, [card], rng)
                won = other is None or value(card) > value(other)
                events = [
                    Event(
                        "persuasion",
                        {
                            "seat": seat,
                            "person": person,
                            "card_played": card,
                            "against": other,
                            "won": won,
                        },
                    )
                ]
                return events + (self.bring(state, person, room) if won else [])
            return self.open_contest(
                state,
                seat,
                target,
                {"type": "persuade", "person": person, "room": room, "card": card},
            )
        if kind == "fetch":
            weapon = action["weapon"]
            assert room is not None
            self.spend(state, seat, [card], rng)
            self.count(state, "fetches")
            state.weapons[weapon] = room
            return [
                Event("fetched", {"seat": seat, "card_played": card, "weapon": weapon, "to": room})
            ]
        if kind in ("bribe", "grab"):
            # A bribe asks for, a grab takes, a weapon or a clue card from the target.
            target = action["target"]
            if kind == "bribe":
                ctx.setdefault("bribed", []).append(target)
            what = "ask" if kind == "bribe" else "take"
            offer = {"type": kind, what: action[what], "card": card}
            if action[what] == "weapon":
                offer["weapon"] = action["weapon"]
            return self.open_contest(state, seat, target, offer)
        if kind == "drug":
            target = action["target"]
            self.spend(state, seat, [card], rng)
            state.skip[target] += 1
            self.count(state, "drugged")
            return [Event("drugged", {"seat": seat, "card_played": card, "target": target})]
        if kind == "pick_up":
            weapon = action["weapon"]
            del state.weapons[weapon]
            state.carried[seat].append(weapon)
            return [Event("picked_up", {"seat": seat, "weapon": weapon})]
        if kind == "suggest":
            return self.suggest(state, ctx, action)
        if kind == "accuse":
            return self.accuse(state, action, rng)
        raise AssertionError(kind)

    def bring(self, state: State, person: str, room: str) -> list[Event]:
        self.place(state, person, room)
        seat = self.seat_of(state, person)
        if seat is not None:
            # Brought in by another's card: no card drawn, but the room counts as
            # visited, so stepping out and back in draws nothing either.
            state.last_room[seat] = room
        return [Event("token_moved", {"piece": person, "to": room})]

    def open_contest(
        self, state: State, seat: int, target: int, ctx: dict[str, Any]
    ) -> list[Event]:
        ctx = {**ctx, "attacker": seat, "target": target}
        state.decisions.push(Decision("contest", (target,), ctx))
        events = []
        if ctx["type"] != "bribe":
            # The attacker's card goes face down on the table.
            events.append(
                Event(
                    "card_laid",
                    {"seat": seat},
                    {"card": ctx.get("card") or ctx.get("court")},
                    frozenset({seat}),
                )
            )
        return [*events, self.contest_event(ctx, target)]

    def resolve_investigation(
        self, state: State, ctx: dict[str, Any], action: Action, rng: random.Random
    ) -> list[Event]:
        """The target's answer to a persuasion, a grab or a bribe."""
        seat, kind = action.seat, action.kind
        attacker = ctx["attacker"]
        offered = ctx["card"]
        if ctx["type"] == "bribe":
            self.count(state, "bribes_offered")
            public = {"seat": attacker, "target": seat, "card_played": offered, "ask": ctx["ask"]}
            if kind == "refuse":
                return [Event("bribe_refused", public)]
            self.count(state, "bribes_accepted")
            state.cards[attacker].remove(offered)
            state.cards[seat].append(offered)
            if ctx["ask"] == "weapon":
                state.carried[seat].remove(ctx["weapon"])
                state.carried[attacker].append(ctx["weapon"])
                return [Event("bribe_accepted", {**public, "weapon": ctx["weapon"]})]
            clue = action["card"]
            state.hands[seat].remove(clue)
            state.hands[attacker].append(clue)
            return [
                Event("bribe_accepted", public),
                self.clue_passed(seat, attacker, clue),
            ]
        answer = action.get("card")
        played = [offered] + ([answer] if answer else [])
        self.spend(state, attacker, [offered], rng)
        if answer:
            self.spend(state, seat, [answer], rng)
        won = answer is None or value(offered) > value(answer)
        events = [
            Event(
                "contest_result",
                {
                    "type": ctx["type"],
                    "seat": attacker,
                    "target": seat,
                    "cards": played,
                    "won": won,
                },
            )
        ]
        self.count(state, f"{ctx['type']}_contests")
        if not won:
            return events
        if ctx["type"] == "persuade":
            return events + self.bring(state, ctx["person"], ctx["room"])
        if ctx["take"] == "weapon":
            weapon = ctx["weapon"]
            state.carried[seat].remove(weapon)
            state.carried[attacker].append(weapon)
            return [*events, Event("grabbed", {"seat": attacker, "target": seat, "weapon": weapon})]
        clue = state.hands[seat].pop(rng.randrange(len(state.hands[seat])))
        state.hands[attacker].append(clue)
        return [*events, self.clue_passed(seat, attacker, clue)]

    @staticmethod
    def clue_passed(giver: int, taker: int, clue: str) -> Event:
        """A clue card changes hands: both know which; the table knows that one did."""
        return Event(
            "clue_passed", {"seat": giver, "to": taker}, {"card": clue}, frozenset({giver, taker})
        )

    def suggest(self, state: State, ctx: dict[str, Any], action: Action) -> list[Event]:
        seat = action.seat
        room = self.room_of(state, seat)
        assert room is not None
        suspect, weapon = action["suspect"], action["weapon"]
        ctx["suggested"] = True
        state.suggestions += 1
        events = [
            Event("suggestion", {"seat": seat, "suspect": suspect, "weapon": weapon, "room": room})
        ]
        # The weapon stays in the room, and this seat may not take it before it has
        # been in another room (see ``place``).
        if weapon in state.carried[seat]:
            state.carried[seat].remove(weapon)
            state.weapons[weapon] = room
            events.append(Event("weapon_left", {"seat": seat, "weapon": weapon, "room": room}))
        state.left_behind[seat][weapon] = room
        return events + put_question(state.decisions, seat, (suspect, weapon, room), state.hands)

    def accuse(self, state: State, action: Action, rng: random.Random) -> list[Event]:
        seat = action.seat
        triple = (action["suspect"], action["weapon"], action["room"])
        right = triple == state.envelope
        state.accuser = seat
        state.accusation_right = right
        events = [
            Event(
                "accusation",
                {
                    "seat": seat,
                    "suspect": triple[0],
                    "weapon": triple[1],
                    "room": triple[2],
                    "correct": right,
                },
            )
        ]
        return events + self.end_investigation(
            state, "accused-right" if right else "accused-wrong", rng
        )

    def end_investigation(self, state: State, how: str, rng: random.Random) -> list[Event]:
        """Score Part 1; the game ends here or goes on to Part 2."""
        scores = [total(c for c in state.cards[s] if c[-1] in "HD") for s in range(state.players)]
        if state.accuser is not None:
            scores[state.accuser] += (
                RIGHT_ACCUSATION if state.accusation_right else WRONG_ACCUSATION
            )
        state.scores = scores
        best = max(scores)
        leaders = tuple(s for s in range(state.players) if scores[s] == best)
        events = [
            Event(
                "part_one_over",
                {
                    "how": how,
                    "scores": list(scores),
                    "envelope": list(state.envelope),
                    "cards": [list(c) for c in state.cards],
                },
            )
        ]
        if self.options.parts == "investigation":
            state.finish(how, leaders)
            events.append(
                Event(
                    "game_over", {"outcome": how, "winners": list(leaders), "scores": list(scores)}
                )
            )
            return events
        state.decisions.clear()
        return events + self.start_survival(state, rng)

    def start_survival(self, state: State, rng: random.Random) -> list[Event]:
        raise NotImplementedError
