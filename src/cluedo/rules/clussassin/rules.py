"""Clussassin: every guest an assassin, the last one alive wins (rule text 004).

Each character - played or not - holds a target (a character card), a kill
zone (a room card) and a specialty weapon (a weapon card). A turn:

``start``  attack (if the target is in reach), pick up a weapon, roll two dice
           or take a secret passage.
``move``   move up to the roll (or stay, unless leaving the safe room is due).
``moved``  attack if you have not this turn, pick up a weapon, end the turn.

An attack is resolved at once: the attacker shows the target card, both sides
show their modifier cards, then the attack roll and (on a hit) the defence roll.
A defender who survives and is a player rolls the movement dice at once
(``escape_roll``) and gets an ``escape`` decision (move up to that roll, or
stay); an assassin who inherits their own character card gets a ``swap``
decision.
See ``docs/rules/clussassin.md``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import Field

from cluedo.content.board import Square
from cluedo.engine.action_space import ActionShape
from cluedo.engine.actions import Action
from cluedo.engine.decisions import Decision
from cluedo.engine.errors import IllegalAction
from cluedo.engine.events import Event
from cluedo.engine.ruleset import CardReader, RuleSet
from cluedo.engine.state import GameState
from cluedo.mechanics.dice import roll_dice
from cluedo.mechanics.movement import (
    location_json,
    movement_shapes,
    occupied_nodes,
    reachable,
    take_move,
)
from cluedo.mechanics.seating import (
    MansionOptions,
    MansionTables,
    assign_characters,
    first_seat,
    first_turn,
    next_seat,
    pass_turn,
)
from cluedo.mechanics.sight import can_see, manhattan, visible_within

Location = str | Square

HIT = 3
"""An attack roll of at least this hits."""
ATTACK_REACH = 3
"""Hallway attacks: the target within this many squares, in sight."""
WITNESS_REACH = 6
"""Hallway attacks: nobody else within this many squares in sight of the attacker."""


class ClussassinOptions(MansionOptions):
    dice: int = Field(2, ge=1, le=4, description="dice rolled for movement (the text allows more)")
    witnesses: Literal["everyone", "players"] = Field(
        "everyone",
        description="who spoils a hallway attack by being in sight: every living character, "
        "or only characters with a player",
    )
    escape: Literal["move_roll", "defence_roll"] = Field(
        "move_roll",
        description="how far a defender who survives may run: a fresh movement roll, "
        "or the value of the defence roll",
    )


@dataclass
class ClussassinState(GameState):
    characters: list[str] = field(default_factory=list)
    """The character each seat plays."""
    positions: dict[str, Location] = field(default_factory=dict)
    """Living characters' tokens; the dead leave the board."""
    dead: list[str] = field(default_factory=list)
    holdings: dict[str, list[str]] = field(default_factory=dict)
    """Cards each living character holds (a dead character's went to its assassin)."""
    target: dict[str, str] = field(default_factory=dict)
    weapons: dict[str, str] = field(default_factory=dict)
    """Weapons lying in rooms."""
    carried: dict[str, list[str]] = field(default_factory=dict)
    revealed: dict[str, str] = field(default_factory=dict)
    """Cards shown to everyone, and the character who showed them."""
    safe_room: str = ""
    unused_rooms: list[str] = field(default_factory=list)
    kills: list[tuple[str, str]] = field(default_factory=list)
    """(assassin, victim) in the order of the kills."""
    attacks: int = 0
    hits: int = 0
    escapes: int = 0
    """Defences that succeeded."""
    swaps: int = 0


class ClussassinRules(MansionTables, RuleSet[ClussassinState, ClussassinOptions]):
    name = "clussassin"
    title = "Clussassin"
    min_players = 3
    max_players = 6
    options_type = ClussassinOptions

    def __init__(self, options: ClussassinOptions) -> None:
        super().__init__(options)
        self.load_tables(options)
        self._sight_cache: dict[Square, frozenset[Square]] = {}

    def card_reader(self, seat: int | None) -> CardReader:
        from cluedo.rules.clussassin.reading import ClussassinReader  # loaded on use

        return ClussassinReader(seat, self.cards.by_category())

    def card_places(self, state: ClussassinState) -> dict[str, int | str]:
        # The notebook's places: a played character by its seat, another by its id.
        places: dict[str, int | str] = {state.safe_room: "face_up"}
        places.update(dict.fromkeys(state.unused_rooms, "unused"))
        for character, held in state.holdings.items():
            seat = self.seat_of(state, character)
            places.update(dict.fromkeys(held, character if seat is None else seat))
        return places

    def action_shapes(self, players: int) -> list[ActionShape]:
        return [
            *movement_shapes(self.board),
            ActionShape("stay"),
            ActionShape("pickup", {"weapon": self.weapon_ids}),
            ActionShape("swap", {"with": self.suspects}),
            ActionShape("attack"),
            ActionShape("end_turn"),
        ]

    # -- set-up ---------------------------------------------------------------------

    def setup(self, players: int, rng: random.Random) -> tuple[ClussassinState, list[Event]]:
        characters = assign_characters(self.options.characters, self.suspects, players)
        everyone = list(self.suspects)
        # Targets: deal the character cards again until nobody holds their own
        # (about one deal in three succeeds, so this ends quickly).
        targets = everyone[:]
        rng.shuffle(targets)
        while any(t == c for t, c in zip(targets, everyone, strict=True)):
            rng.shuffle(targets)
        zones = list(self.rooms)
        rng.shuffle(zones)
        specialties = list(self.weapon_ids)
        rng.shuffle(specialties)
        safe_room = zones[len(everyone)]
        weapon_rooms = rng.sample(list(self.rooms), len(self.weapon_ids))
        first = first_seat(characters, self.suspects)
        state = ClussassinState(
            players=players,
            characters=characters,
            positions={c: self.board.starts[c] for c in everyone},
            holdings={c: [targets[i], zones[i], specialties[i]] for i, c in enumerate(everyone)},
            target={c: targets[i] for i, c in enumerate(everyone)},
            weapons=dict(zip(self.weapon_ids, weapon_rooms, strict=True)),
            carried={c: [] for c in everyone},
            safe_room=safe_room,
            unused_rooms=zones[len(everyone) + 1 :],
        )
        events = [
            Event(
                "setup",
                {
                    "characters": characters,
                    "weapons": dict(state.weapons),
                    "safe_room": safe_room,
                    "first": first,
                },
            )
        ]
        events += [
            Event(
                "dealt",
                {"seat": s},
                {
                    "hand": list(state.holdings[characters[s]]),
                    "target": state.holdings[characters[s]][0],
                    "kill_zone": state.holdings[characters[s]][1],
                    "specialty": state.holdings[characters[s]][2],
                },
                frozenset({s}),
                private=True,
            )
            for s in range(players)
        ]
        events.append(first_turn(state, first, self._turn(first)))
        return state, events

    @staticmethod
    def _turn(seat: int) -> Decision:
        return Decision("turn", (seat,), {"stage": "start", "attacked": False})

    # -- geometry and conditions ------------------------------------------------------

    def seat_of(self, state: ClussassinState, character: str) -> int | None:
        return state.characters.index(character) if character in state.characters else None

    def _alive_players(self, state: ClussassinState) -> list[int]:
        return [s for s, c in enumerate(state.characters) if c not in state.dead]

    def attack_blocker(self, state: ClussassinState, attacker: str) -> str | None:
        """Why ``attacker`` cannot attack its target now, or None if it can."""
        target = state.target[attacker]
        here, there = state.positions[attacker], state.positions[target]
        others = [c for c in state.positions if c not in (attacker, target)]
        if isinstance(here, str):
            if here == state.safe_room:
                return "no attack is ever made in the safe room"
            if there != here:
                return "your target is not in this room"
            if any(state.positions[c] == here for c in others):
                return "you are not alone with your target in this room"
            return None
        if not isinstance(there, tuple):
            return "your target is in a room and you are in the hallway"
        if manhattan(here, there) > ATTACK_REACH or not can_see(self.board, here, there):
            return f"your target is not within {ATTACK_REACH} squares in line of sight"
        players = set(state.characters)
        watched = self.sight(here)
        for c in others:
            if self.options.witnesses == "players" and c not in players:
                continue
            if state.positions[c] in watched:
                return f"a witness is within {WITNESS_REACH} squares in sight of you"
        return None

    def modifier_cards(self, state: ClussassinState, character: str) -> list[str]:
        """The cards that give ``character`` an extra die right now, one per kind of
        modifier: the kill zone it stands in, and a specialty weapon it carries.

        Two specialty weapons carried still give one die: each kind of modifier
        adds one die ("an extra die"), not each card.
        """
        out = []
        loc = state.positions[character]
        held = state.holdings[character]
        if isinstance(loc, str) and loc in held:
            out.append(loc)
        weapons = [w for w in state.carried[character] if w in held]
        if weapons:
            out.append(weapons[0])
        return out

    def destinations(self, state: ClussassinState, character: str, steps: int) -> dict[int, int]:
        start = self.board.node(state.positions[character])
        occupied = occupied_nodes(self.board, state.positions, character)
        return reachable(self.board, start, steps, occupied, exact=False)

    def _pickups(self, state: ClussassinState, seat: int) -> list[Action]:
        character = state.characters[seat]
        loc = state.positions[character]
        if not isinstance(loc, str):
            return []
        held = state.holdings[character]
        return [
            Action(seat, "pickup", (("weapon", w),))
            for w, room in state.weapons.items()
            if room == loc and w in held
        ]

    # -- legal actions ----------------------------------------------------------------

    def legal_actions(self, state: ClussassinState, seat: int) -> list[Action]:
        top = state.decisions.top
        if top is None or seat not in top.waiting_for():
            return []
        ctx = top.context
        if top.kind == "escape":
            return [Action(seat, "stay")] + [
                Action(seat, "move", (("to", self.board.node_name(n)),))
                for n in ctx["destinations"]
            ]
        if top.kind == "swap":
            return [Action(seat, "swap", (("with", c),)) for c in ctx["choices"]]
        character = state.characters[seat]
        stage = ctx["stage"]
        out: list[Action] = []
        may_attack = stage != "move" and not ctx["attacked"]
        if may_attack and self.attack_blocker(state, character) is None:
            out.append(Action(seat, "attack"))
        if stage != "move":
            out += self._pickups(state, seat)
        if stage == "start":
            out.append(Action(seat, "roll"))
            loc = state.positions[character]
            if isinstance(loc, str) and loc in self.board.passages:
                out.append(Action(seat, "passage"))
        elif stage == "move":
            if not ctx.get("must_leave"):
                out.append(Action(seat, "stay"))
            out += [
                Action(seat, "move", (("to", self.board.node_name(n)),))
                for n in ctx["destinations"]
            ]
        else:
            out.append(Action(seat, "end_turn"))
        return out

    def explain_illegal(
        self, state: ClussassinState, action: Action, legal: Sequence[Action]
    ) -> IllegalAction:
        top = state.decisions.top
        assert top is not None
        kinds = sorted({a.kind for a in legal})
        allowed = ", ".join(kinds)
        character = state.characters[action.seat]
        kind = action.kind
        if kind not in {"attack", "pickup", "roll", "passage", "move", "stay", "end_turn", "swap"}:
            return IllegalAction("unknown-action", f"no action {kind!r}", allowed)
        if top.kind == "escape" and kind not in ("move", "stay"):
            return IllegalAction("escape", "you survived an attack: move away or stay", allowed)
        if top.kind == "swap" and kind != "swap":
            return IllegalAction(
                "collecting-your-own-card", "swap target cards with another player first", allowed
            )
        if kind == "attack":
            if top.context.get("attacked"):
                return IllegalAction("one-attack", "one attack per turn, before or after moving")
            if top.context.get("stage") == "move":
                return IllegalAction("attack-before-or-after-moving", "finish your move first")
            reason = self.attack_blocker(state, character)
            return IllegalAction("attack", reason or "no attack now", allowed)
        if kind == "pickup":
            return IllegalAction(
                "picking-up-a-weapon",
                "you may pick up a weapon in your room only if you hold its card",
                ", ".join(str(a.get("weapon")) for a in legal if a.kind == "pickup") or "none",
            )
        if kind == "move":
            dests = [str(a["to"]) for a in legal if a.kind == "move"]
            return IllegalAction(
                "movement",
                f"{action.get('to')!r} is not reachable now",
                ", ".join(dests) or "none",
            )
        if kind == "stay" and top.context.get("must_leave"):
            return IllegalAction(
                "leave-the-safe-room", "you must leave the safe room the turn after entering it"
            )
        if kind == "swap":
            choices = top.context.get("choices", []) if top.kind == "swap" else []
            return IllegalAction(
                "collecting-your-own-card",
                f"cannot swap with {action.get('with')!r}",
                ", ".join(choices) or "no swap is due",
            )
        return IllegalAction("turn-order", f"{kind} is not possible now", allowed)

    # -- applying ---------------------------------------------------------------------

    def apply(self, state: ClussassinState, action: Action, rng: random.Random) -> list[Event]:
        top = state.decisions.top
        assert top is not None
        seat, kind = action.seat, action.kind
        if top.kind == "escape":
            return self._apply_escape(state, top, action)
        if top.kind == "swap":
            return self._apply_swap(state, action)
        ctx = top.context
        character = state.characters[seat]
        if kind == "attack":
            ctx["attacked"] = True
            return self._attack(state, character, rng)
        if kind == "pickup":
            weapon = action["weapon"]
            del state.weapons[weapon]
            state.carried[character].append(weapon)
            state.revealed[weapon] = character
            return [
                Event(
                    "pickup",
                    {"seat": seat, "character": character, "weapon": weapon, "revealed": weapon},
                )
            ]
        if kind == "roll":
            dice = roll_dice(rng, self.options.dice)
            events = [Event("roll", {"seat": seat, "dice": dice, "roll": sum(dice)})]
            loc = state.positions[character]
            must_leave = isinstance(loc, str) and loc == state.safe_room
            dests = self.destinations(state, character, sum(dice))
            if dests:
                ctx.update(stage="move", roll=sum(dice), destinations=dests, must_leave=must_leave)
            else:
                ctx.update(stage="moved")
                events.append(Event("blocked", {"seat": seat, "roll": sum(dice)}))
            return events
        if kind == "passage":
            origin = state.positions[character]
            assert isinstance(origin, str)
            state.positions[character] = self.board.passages[origin]
            ctx.update(stage="moved")
            return [
                Event("passage", {"seat": seat, "from": origin, "to": state.positions[character]})
            ]
        if kind == "stay":
            ctx.pop("destinations", None)
            ctx.update(stage="moved")
            return [Event("stayed", {"seat": seat})]
        if kind == "move":
            state.positions[character], steps = take_move(self.board, ctx, action["to"])
            ctx.update(stage="moved")
            return [
                Event(
                    "moved",
                    {"seat": seat, "to": location_json(state.positions[character]), "steps": steps},
                )
            ]
        if kind == "end_turn":
            return self._end_turn(state)
        raise AssertionError(kind)

    def _attack(self, state: ClussassinState, attacker: str, rng: random.Random) -> list[Event]:
        # The order at the table: the attacker shows the target card, both sides show
        # their modifier cards, and only then are the dice rolled.
        target = state.target[attacker]
        attack_bonus = self.modifier_cards(state, attacker)
        defence_bonus = self.modifier_cards(state, target)
        for card in (target, *attack_bonus):
            state.revealed[card] = attacker
        for card in defence_bonus:
            state.revealed[card] = target
        state.attacks += 1
        seat = self.seat_of(state, attacker)
        events = [
            Event(
                "attack",
                {
                    "seat": seat,
                    "attacker": attacker,
                    "target": target,
                    "revealed": [target, *attack_bonus],
                    "dice": 1 + len(attack_bonus),
                },
            ),
            Event(
                "defender_revealed",
                {
                    "seat": self.seat_of(state, target),
                    "character": target,
                    "revealed": defence_bonus,
                    "dice": 1 + len(defence_bonus),
                },
            ),
        ]
        rolls = roll_dice(rng, 1 + len(attack_bonus))
        best = max(rolls)
        events.append(
            Event(
                "attack_roll",
                {"character": attacker, "rolls": rolls, "roll": best, "hit": best >= HIT},
            )
        )
        if best < HIT:
            return events
        state.hits += 1
        defence = roll_dice(rng, 1 + len(defence_bonus))
        kept = max(defence)
        survived = kept >= best
        events.append(
            Event(
                "defence_roll",
                {"character": target, "rolls": defence, "roll": kept, "survived": survived},
            )
        )
        if not survived:
            return events + self._kill(state, attacker, target)
        state.escapes += 1
        return events + self._offer_escape(state, target, attacker, kept, rng)

    def _offer_escape(
        self,
        state: ClussassinState,
        defender: str,
        attacker: str,
        defence: int,
        rng: random.Random,
    ) -> list[Event]:
        """A defender who survives may run at once: up to a fresh movement roll (or,
        with ``escape: defence_roll``, up to the defence roll). Unplayed characters
        have nobody to run them and stay put."""
        defender_seat = self.seat_of(state, defender)
        if defender_seat is None:
            return []
        events = []
        steps = defence
        if self.options.escape == "move_roll":
            dice = roll_dice(rng, self.options.dice)
            steps = sum(dice)
            events.append(
                Event(
                    "escape_roll",
                    {"seat": defender_seat, "character": defender, "dice": dice, "roll": steps},
                )
            )
        dests = self.destinations(state, defender, steps)
        if not dests:
            events.append(Event("blocked", {"seat": defender_seat, "roll": steps}))
            return events
        state.decisions.push(
            Decision(
                "escape",
                (defender_seat,),
                {"destinations": dests, "roll": steps, "attacker": attacker},
            )
        )
        return events

    def _kill(self, state: ClussassinState, assassin: str, victim: str) -> list[Event]:
        cards = state.holdings.pop(victim)
        weapons = state.carried.pop(victim)
        state.holdings[assassin] += cards
        state.carried[assassin] += weapons
        for card in cards:
            if card in state.revealed:
                state.revealed[card] = assassin
        new_target = state.target.pop(victim)
        del state.positions[victim]
        state.dead.append(victim)
        state.kills.append((assassin, victim))
        assassin_seat = self.seat_of(state, assassin)
        knowers = frozenset({assassin_seat}) if assassin_seat is not None else frozenset()
        events = [
            Event(
                "killed",
                {"assassin": assassin, "victim": victim, "cards": len(cards), "weapons": weapons},
                {"cards": cards},
                knowers,
            )
        ]
        # Other characters hunting the victim never exist: each character is exactly
        # one other's target, so only the assassin's target changes.
        state.target[assassin] = new_target
        alive = self._alive_players(state)
        if len(alive) <= 1:
            state.finish("last-alive", tuple(alive))
            events.append(Event("game_over", {"outcome": "last-alive", "winners": alive}))
            return events
        if new_target == assassin:
            choices = [state.characters[s] for s in alive if state.characters[s] != assassin]
            assert assassin_seat is not None
            state.decisions.push(Decision("swap", (assassin_seat,), {"choices": choices}))
            events.append(Event("own_card_drawn", {"character": assassin}))
        else:
            events.append(
                Event("new_target", {"character": assassin}, {"target": new_target}, knowers)
            )
        return events

    def _apply_escape(self, state: ClussassinState, top: Decision, action: Action) -> list[Event]:
        state.decisions.pop()
        character = state.characters[action.seat]
        if action.kind == "stay":
            return [Event("escape", {"character": character, "to": None})]
        node = self.board.node(action["to"])
        state.positions[character] = self.board.node_name(node)
        return [
            Event(
                "escape", {"character": character, "to": location_json(state.positions[character])}
            )
        ]

    def _apply_swap(self, state: ClussassinState, action: Action) -> list[Event]:
        state.decisions.pop()
        me = state.characters[action.seat]
        other = action["with"]
        theirs = state.target[other]
        # The two target cards change hands: mine (my own character) goes to the other
        # player, theirs comes to me.
        state.holdings[me].remove(me)
        state.holdings[other].remove(theirs)
        state.holdings[me].append(theirs)
        state.holdings[other].append(me)
        state.target[me], state.target[other] = theirs, me
        # Everyone sees my own card pass to the other player (a swap happens only for
        # that reason), so who holds it is public; their old card stays secret unless
        # it was shown before, and then it is known to be mine now.
        state.revealed[me] = other
        if theirs in state.revealed:
            state.revealed[theirs] = me
        state.swaps += 1
        other_seat = self.seat_of(state, other)
        assert other_seat is not None
        both = frozenset({action.seat, other_seat})
        return [
            Event("swapped", {"character": me, "with": other}),
            Event("new_target", {"character": me}, {"target": theirs}, both),
            Event("new_target", {"character": other, "target": me}),
        ]

    def _end_turn(self, state: ClussassinState) -> list[Event]:
        state.decisions.pop()
        nxt = next_seat(
            state.current, state.players, out=lambda s: state.characters[s] in state.dead
        )
        return [pass_turn(state, nxt, self._turn(nxt))]

    # -- views ------------------------------------------------------------------------

    def view(self, state: ClussassinState, seat: int | None) -> dict[str, Any]:
        top = state.decisions.top
        pending: dict[str, Any] | None = None
        if top is not None and not state.finished:
            pending = {"kind": top.kind, "seats": list(top.seats)}
            ctx = top.context
            if top.kind == "turn":
                pending.update(stage=ctx["stage"], attacked=ctx["attacked"])
                if "roll" in ctx:
                    pending["roll"] = ctx["roll"]
                if ctx.get("must_leave"):
                    pending["must_leave"] = True
            elif top.kind == "escape":
                pending.update(roll=ctx["roll"], attacker=ctx["attacker"])
            else:
                pending["choices"] = list(ctx["choices"])
            if "destinations" in ctx:
                pending["destinations"] = [
                    location_json(self.board.node_name(n)) for n in ctx["destinations"]
                ]
        me = state.characters[seat] if seat is not None else None
        out: dict[str, Any] = {
            **self.table_view(state),
            "dead": list(state.dead),
            "weapons": dict(state.weapons),
            "carried": {c: list(w) for c, w in state.carried.items() if w},
            "safe_room": state.safe_room,
            "revealed": dict(state.revealed),
            "card_counts": {c: len(h) for c, h in state.holdings.items()},
            "kills": [list(k) for k in state.kills],
            "pending": pending,
            "hand": [],
            "target": None,
        }
        if me is not None and me not in state.dead:
            held = state.holdings[me]
            out["hand"] = list(held)
            out["target"] = state.target[me]
            out["kill_zones"] = [c for c in held if c in self.rooms]
            out["specialties"] = [c for c in held if c in self.weapon_ids]
            out["can_attack"] = self.attack_blocker(state, me) is None
            here = state.positions[me]
            # The hallway squares a witness could spoil my attack from (and from which
            # my target could be attacked): for showing on the board.
            out["in_sight"] = (
                [list(sq) for sq in sorted(self.sight(here))] if isinstance(here, tuple) else []
            )
        return out

    def sight(self, square: Square) -> frozenset[Square]:
        """Hallway squares within the witness reach of ``square`` and in line of sight
        (computed once per square: attacks and views ask often)."""
        found = self._sight_cache.get(square)
        if found is None:
            found = frozenset(visible_within(self.board, square, WITNESS_REACH))
            self._sight_cache[square] = found
        return found

    # -- for the simulator ------------------------------------------------------------

    def seat_labels(self, state: ClussassinState) -> dict[str, list[str]]:
        return {"character": [self.cards.name(c) for c in state.characters]}

    def game_stats(self, state: ClussassinState) -> dict[str, float]:
        played = set(state.characters)
        return {
            "turns": float(state.turn),
            "kills": float(len(state.kills)),
            "kills of unplayed": float(sum(1 for _, v in state.kills if v not in played)),
            "attacks": float(state.attacks),
            "hits": float(state.hits),
            "escapes": float(state.escapes),
            "swaps": float(state.swaps),
        }

    def reveal(self, state: ClussassinState) -> dict[str, Any]:
        out = self.view(state, None)
        out["holdings"] = {c: list(h) for c, h in state.holdings.items()}
        out["targets"] = dict(state.target)
        return out
