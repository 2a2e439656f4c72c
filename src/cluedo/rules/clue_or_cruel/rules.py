"""Clue or Cruel: gems buy clue cards, and a hidden accomplice wins by bluffing (rule text 002).

What this adds to the classic game (:mod:`cluedo.rules.classic.rules`):

* Nobody is dealt cards. The 18 cards outside the envelope form a face-down
  clue pile; 18 gems lie on corridor squares, and moving onto a gem takes it,
  draws the top clue card (seen only by the drawer) and ends the move.
* One seat is secretly the accomplice. The engine keeps its tally: a *bluff*
  is a card the accomplice named in a suggestion while holding it; every later
  suggestion by another player naming a bluffed card is a *successful bluff*.
  The third successful bluff wins the game for the accomplice at once.
* Once per game each player may spend their bluff card to call a bluff: name a
  player as the accomplice and a card they bluffed with. Right: the accomplice
  shows their cards to all and is out. Wrong: the caller's token goes back to its
  start square and the caller shows one of their cards to the player named.
* Only guests win by accusing; the accomplice may not accuse (an option lets it
  accuse like a guest).

Extra decisions on the stack: ``place`` (setup: a seat places the next weapon or
gem, when the options say players choose) and ``penalty`` (a wrong caller picks
the card to show). See ``docs/rules/clue-or-cruel.md`` for every interpretation.
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
from cluedo.engine.errors import IllegalAction, OptionsError
from cluedo.engine.events import Event
from cluedo.engine.ruleset import CardReader
from cluedo.mechanics.investigation import draw_envelope
from cluedo.mechanics.movement import reachable
from cluedo.mechanics.seating import assign_characters, turn_at_start
from cluedo.rules.classic.rules import ClassicOptions, ClassicRules, ClassicState

GEMS = 18
"""Gems in the bag; as many as there are clue cards, so the pile never runs dry."""

GUEST = "guest"
ACCOMPLICE = "accomplice"


class CruelOptions(ClassicOptions):
    weapons: Literal["random", "choose"] = Field(
        "random",
        description="weapons go to different rooms at random, or players place them in turn",
    )
    gems: Literal["random", "choose"] = Field(
        "random",
        description="gems go on random corridor squares, or players place their share in turn",
    )
    gem_stop: Literal["on_entry", "on_landing"] = Field(
        "on_entry",
        description="a gem is taken (and ends the move) as soon as a token steps on it, "
        "or only when a move ends on it (tokens may then pass over gems)",
    )
    first_player: int | None = Field(
        None,
        ge=0,
        le=5,
        description="seat that plays first (the winner of the spell-your-name-backwards "
        "race); default: a random draw",
    )
    bluffs_to_win: int = Field(3, ge=1, le=10, description="successful bluffs the accomplice needs")
    bluff_count: Literal["per_card", "per_suggestion", "distinct_cards"] = Field(
        "per_card",
        description="per_card: every bluffed card a later suggestion names counts; "
        "per_suggestion: a suggestion counts at most once; distinct_cards: each bluffed "
        "card counts only the first time another player names it",
    )
    accomplice_accusation: Literal["forbidden", "wins"] = Field(
        "forbidden",
        description="the accomplice may not accuse, or may accuse like a guest "
        "(right: the accomplice wins; wrong: out, and its bluffs stop counting)",
    )
    bluff_rooms: bool = Field(
        True, description="a room card the accomplice named can be a bluff, like the others"
    )


@dataclass
class CruelState(ClassicState):
    accomplice: int = 0
    first: int = 0
    pile: list[str] = field(default_factory=list)
    """The face-down clue pile, top card first."""
    gems: list[Square] = field(default_factory=list)
    gems_taken: list[int] = field(default_factory=list)
    bluff_card: list[bool] = field(default_factory=list)
    """Seat still holds its bluff card (one call per game)."""
    bluffs: list[str] = field(default_factory=list)
    """Cards the accomplice has bluffed with, in the order first bluffed."""
    successes: list[tuple[str, int]] = field(default_factory=list)
    """Successful bluffs: (card, seat that fell for it), in order."""
    caught: bool = False
    calls: list[tuple[int, int, str, bool]] = field(default_factory=list)
    """Bluff calls: (caller, named seat, card, right)."""


def _fmt(location: Any) -> Any:
    return list(location) if isinstance(location, tuple) else location


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_square(value: Any) -> bool:
    return isinstance(value, tuple) and len(value) == 2 and all(_is_int(x) for x in value)


def _cruel(state: ClassicState) -> CruelState:
    assert isinstance(state, CruelState)
    return state


class ClueOrCruelRules(ClassicRules):
    name = "clue-or-cruel"
    title = "Clue or Cruel"
    aliases = ("cruel", "clue_or_cruel")  # not the classic "clue" and "cluedo"
    min_players = 3
    max_players = 6
    options_type = CruelOptions

    def __init__(self, options: ClassicOptions) -> None:
        super().__init__(options)
        assert isinstance(options, CruelOptions)
        self.opts = options
        blocked = set(self.board.starts.values()) | {d.corridor for d in self.board.doors}
        # Gems lie on plain corridor squares: never a start square (a token stands
        # there) nor the square outside a door (a gem there would stop everyone
        # leaving the room one step out).
        self.gem_squares: tuple[Square, ...] = tuple(
            sq for sq in self.board.corridor if sq not in blocked
        )
        self._gem_square_set = frozenset(self.gem_squares)
        self.all_cards: tuple[str, ...] = (*self.suspects, *self.weapon_ids, *self.rooms)
        self._call_cache: dict[tuple[int, int], list[Action]] = {}

    # -- set-up ---------------------------------------------------------------------

    def setup(self, players: int, rng: random.Random) -> tuple[CruelState, list[Event]]:
        opts = self.opts
        characters = assign_characters(opts.characters, self.suspects, players)
        if opts.first_player is not None and opts.first_player >= players:
            raise OptionsError(
                f"first_player must be a seat of this table: 0 to {players - 1}, "
                f"got {opts.first_player}"
            )
        # The text's race to spell your name backwards; a random draw stands in for it.
        first = opts.first_player if opts.first_player is not None else rng.randrange(players)
        order = [(first + k) % players for k in range(players)]
        envelope, pile = draw_envelope(self.cards.by_category(), rng)
        accomplice = rng.randrange(players)
        # Gems are shared out one at a time in turn order, so with 4 or 5 players
        # the first seats in turn order get one more.
        gem_owners = [order[i % players] for i in range(GEMS)]
        state = CruelState(
            players=players,
            current=first,
            turn=1,
            characters=characters,
            hands=[[] for _ in range(players)],
            envelope=envelope,
            positions={s: self.board.starts[s] for s in self.suspects},
            weapons={},
            eliminated=[False] * players,
            summoned=[False] * players,
            accomplice=accomplice,
            first=first,
            pile=list(pile),
            gems_taken=[0] * players,
            bluff_card=[True] * players,
        )
        queue: list[list[Any]] = []
        if opts.weapons == "random":
            rooms = rng.sample(list(self.rooms), len(self.weapon_ids))
            state.weapons = dict(zip(self.weapon_ids, rooms, strict=True))
        else:
            queue += [[order[i % players], "weapon", w] for i, w in enumerate(self.weapon_ids)]
        if opts.gems == "random":
            state.gems = sorted(rng.sample(list(self.gem_squares), GEMS))
        else:
            queue += [[seat, "gem", None] for seat in gem_owners]
        state.decisions.push(turn_at_start(first))
        events = [
            Event(
                "setup",
                {
                    "characters": list(characters),
                    "weapons": dict(state.weapons),
                    "gems": [list(g) for g in state.gems],
                    "gem_shares": [gem_owners.count(s) for s in range(players)],
                    "first": first,
                    "hand_sizes": [0] * players,
                    "pile_size": len(state.pile),
                },
            )
        ]
        events += [
            Event(
                "role",
                {"seat": s},
                {"role": ACCOMPLICE if s == accomplice else GUEST},
                frozenset({s}),
                private=True,
            )
            for s in range(players)
        ]
        if queue:
            state.decisions.push(self._place_decision(queue))
            events.append(Event("placing", {"seat": queue[0][0], "what": queue[0][1]}))
        else:
            events.append(Event("turn", {"seat": first, "turn": 1}))
        return state, events

    @staticmethod
    def _place_decision(queue: list[list[Any]]) -> Decision:
        return Decision("place", (queue[0][0],), {"queue": queue})

    # -- helpers --------------------------------------------------------------------

    def role(self, state: ClassicState, seat: int) -> str:
        return ACCOMPLICE if _cruel(state).accomplice == seat else GUEST

    def _guests_active(self, state: CruelState) -> list[int]:
        return [
            s for s in range(state.players) if s != state.accomplice and not state.eliminated[s]
        ]

    def destinations(self, state: ClassicState, seat: int, roll: int) -> dict[int, int]:
        """Nodes reachable with ``roll``; with ``gem_stop: on_entry`` a gem square ends
        the move like a room does, so it is reached with any number of steps up to the
        roll and never passed over."""
        st = _cruel(state)
        if self.opts.gem_stop == "on_landing" or not st.gems:
            return super().destinations(state, seat, roll)
        board = self.board
        piece = st.characters[seat]
        start = board.node(st.positions[piece])
        occupied = self._occupied(st, piece)
        gems = frozenset(board.node_of_square[g] for g in st.gems) - occupied
        blocked = occupied | gems
        found = reachable(board, start, roll, blocked, exact=self.exact)
        first_room = len(board.corridor)
        # Squares at exactly k steps along gem-free paths; a gem next to one is k+1 away.
        frontier: list[int] = [start]
        for k in range(roll):
            if k > 0:
                frontier = [
                    n for n in reachable(board, start, k, blocked, exact=True) if n < first_room
                ]
            for node in frontier:
                for nxt in board.neighbours[node]:
                    if nxt in gems and found.get(nxt, roll + 1) > k + 1:
                        found[nxt] = k + 1
        return found

    def action_shapes(self, players: int) -> list[ActionShape]:
        return [
            *super().action_shapes(players),
            ActionShape("place_weapon", {"room": self.rooms}),
            ActionShape("place_gem", {"at": self.gem_squares}),
            ActionShape("show_clue", {"card": self.all_cards}),
            ActionShape("call_bluff", {"player": tuple(range(players)), "card": self.all_cards}),
        ]

    # -- legal actions --------------------------------------------------------------

    def legal_actions(self, state: ClassicState, seat: int) -> list[Action]:
        st = _cruel(state)
        top = st.decisions.top
        if top is None or seat not in top.waiting_for():
            return []
        if top.kind == "place":
            what = top.context["queue"][0][1]
            if what == "weapon":
                used = set(st.weapons.values())
                return [
                    Action.make(seat, "place_weapon", room=r) for r in self.rooms if r not in used
                ]
            taken = set(st.gems)
            return [
                Action.make(seat, "place_gem", at=sq) for sq in self.gem_squares if sq not in taken
            ]
        if top.kind == "penalty":
            return [Action.make(seat, "show_clue", card=c) for c in st.hands[seat]]
        out = super().legal_actions(state, seat)
        if top.kind != "turn":
            return out
        if self._may_call(st, seat, top.context):
            out += self._calls(st, seat)
        return out

    def _may_accuse(self, state: ClassicState, seat: int, ctx: dict[str, Any]) -> bool:
        if seat == _cruel(state).accomplice and self.opts.accomplice_accusation == "forbidden":
            return False
        return super()._may_accuse(state, seat, ctx)

    def _may_call(self, state: CruelState, seat: int, ctx: dict[str, Any]) -> bool:
        return state.bluff_card[seat] and not state.caught and ctx["stage"] != "move"

    def _calls(self, state: CruelState, seat: int) -> list[Action]:
        key = (seat, state.players)
        cached = self._call_cache.get(key)
        if cached is None:
            cached = [
                Action.make(seat, "call_bluff", player=other, card=card)
                for other in range(state.players)
                if other != seat
                for card in self.all_cards
            ]
            self._call_cache[key] = cached
        return cached

    # -- explaining refusals ----------------------------------------------------------

    def explain_illegal(
        self, state: ClassicState, action: Action, legal: Sequence[Action]
    ) -> IllegalAction:
        st = _cruel(state)
        top = st.decisions.top
        assert top is not None
        seat, kind = action.seat, action.kind
        if top.kind == "place":
            return self._explain_place(st, top, action)
        if top.kind == "penalty":
            if kind != "show_clue":
                return IllegalAction(
                    "wrong-call-penalty",
                    "after a wrong bluff call you must show one of your cards to the player "
                    "you named",
                    "show_clue",
                )
            if [k for k, _ in action.params] != ["card"]:
                return IllegalAction("malformed-action", "show_clue takes only 'card'")
            return IllegalAction(
                "wrong-call-penalty",
                f"{action.get('card')!r} is not one of your cards",
                ", ".join(st.hands[seat]),
            )
        if top.kind == "turn" and kind == "call_bluff":
            return self._explain_call(st, seat, top.context, action)
        if (
            top.kind == "turn"
            and kind == "accuse"
            and seat == st.accomplice
            and self.opts.accomplice_accusation == "forbidden"
        ):
            return IllegalAction(
                "accomplice-cannot-accuse",
                "only guests win by accusing; the accomplice wins by bluffing",
            )
        error = super().explain_illegal(state, action, legal)
        if error.rule == "unknown-action" and top.kind == "turn":
            kinds = "accuse, call_bluff, end_turn, move, passage, roll, suggest"
            return IllegalAction("unknown-action", f"no action {kind!r}", kinds)
        return error

    def _explain_place(self, st: CruelState, top: Decision, action: Action) -> IllegalAction:
        _, what, weapon = top.context["queue"][0]
        if what == "weapon":
            if action.kind != "place_weapon":
                return IllegalAction(
                    "place-weapons", f"place the {weapon} in a room first", "place_weapon"
                )
            if [k for k, _ in action.params] != ["room"]:
                return IllegalAction("malformed-action", "place_weapon takes only 'room'")
            free = [r for r in self.rooms if r not in st.weapons.values()]
            return IllegalAction(
                "weapons-in-different-rooms",
                f"{action.get('room')!r} is not a room without a weapon",
                ", ".join(free),
            )
        if action.kind != "place_gem":
            return IllegalAction("place-gems", "place your gem on a corridor square", "place_gem")
        if [k for k, _ in action.params] != ["at"]:
            return IllegalAction("malformed-action", "place_gem takes only 'at'")
        at = action.get("at")
        if _is_square(at) and at in self._gem_square_set:
            return IllegalAction("one-gem-per-square", f"{list(at)} already has a gem")
        return IllegalAction(
            "gems-on-corridor-squares",
            f"{at!r} is not a corridor square a gem may go on",
            "[row, col] of a corridor square that is not a start square or outside a door",
        )

    def _explain_call(
        self, st: CruelState, seat: int, ctx: dict[str, Any], action: Action
    ) -> IllegalAction:
        given = sorted(k for k, _ in action.params)
        if given != ["card", "player"]:
            return IllegalAction(
                "malformed-action",
                f"call_bluff takes exactly the parameters ['card', 'player'], got {given}",
            )
        if not st.bluff_card[seat]:
            return IllegalAction("one-bluff-call", "you have used your bluff card")
        if st.caught:
            return IllegalAction("accomplice-caught", "the accomplice has already been caught")
        if ctx["stage"] == "move":
            return IllegalAction("call-outside-move", "finish your move before calling a bluff")
        other = action.get("player")
        if not (_is_int(other) and 0 <= other < st.players and other != seat):
            return IllegalAction(
                "call-bluff", f"{other!r} is not another player's seat", f"0 to {st.players - 1}"
            )
        return IllegalAction(
            "call-bluff", f"unknown card {action.get('card')!r}", ", ".join(self.all_cards)
        )

    # -- applying -------------------------------------------------------------------

    def apply(self, state: ClassicState, action: Action, rng: random.Random) -> list[Event]:
        st = _cruel(state)
        top = st.decisions.top
        assert top is not None
        kind = action.kind
        if top.kind == "place":
            return self._apply_place(st, top, action)
        if top.kind == "penalty":
            st.decisions.pop()
            return [
                Event(
                    "clue_shown",
                    {"seat": action.seat, "to": top.context["named"]},
                    {"card": action["card"]},
                    frozenset({action.seat, top.context["named"]}),
                )
            ]
        if kind == "call_bluff":
            return self._apply_call(st, top, action)
        events = super().apply(state, action, rng)
        if kind == "move":
            here = st.positions[st.characters[action.seat]]
            if isinstance(here, tuple) and here in st.gems:
                events += self._take_gem(st, action.seat, here)
        return events

    def _apply_place(self, st: CruelState, top: Decision, action: Action) -> list[Event]:
        queue = top.context["queue"]
        seat, what, weapon = queue.pop(0)
        if what == "weapon":
            st.weapons[weapon] = action["room"]
            events = [
                Event("weapon_placed", {"seat": seat, "weapon": weapon, "room": action["room"]})
            ]
        else:
            at = action["at"]
            st.gems.append((at[0], at[1]))
            st.gems.sort()
            events = [Event("gem_placed", {"seat": seat, "at": list(at)})]
        st.decisions.pop()
        if queue:
            st.decisions.push(self._place_decision(queue))
            events.append(Event("placing", {"seat": queue[0][0], "what": queue[0][1]}))
        else:
            events.append(Event("turn", {"seat": st.current, "turn": st.turn}))
        return events

    def _take_gem(self, st: CruelState, seat: int, at: Square) -> list[Event]:
        st.gems.remove(at)
        st.gems_taken[seat] += 1
        card = st.pile.pop(0)
        st.hands[seat].append(card)
        return [
            Event(
                "gem_taken",
                {"seat": seat, "at": list(at), "pile_size": len(st.pile)},
                {"card": card},
                frozenset({seat}),
            )
        ]

    def _apply_suggest(self, state: ClassicState, top: Decision, action: Action) -> list[Event]:
        st = _cruel(state)
        seat = action.seat
        room = self._room_of(st, seat)
        assert room is not None
        named = [action["suspect"], action["weapon"]] + ([room] if self.opts.bluff_rooms else [])
        events = super()._apply_suggest(state, top, action)
        if st.caught or st.eliminated[st.accomplice]:
            return events  # an accomplice who is out bluffs no more
        acc = st.accomplice
        if seat == acc:
            new = [c for c in named if c in st.hands[acc] and c not in st.bluffs]
            if new:
                st.bluffs += new
                events.append(
                    Event("bluff", {"seat": acc}, {"cards": new}, frozenset({acc}), private=True)
                )
            return events
        fell = [c for c in named if c in st.bluffs]
        if self.opts.bluff_count == "distinct_cards":
            counted = {c for c, _ in st.successes}
            fell = [c for c in fell if c not in counted]
        if not fell:
            return events
        if self.opts.bluff_count == "per_suggestion":
            fell = fell[:1]
        st.successes += [(c, seat) for c in fell]
        tally = len(st.successes)
        note = Event(
            "bluff_success",
            {"seat": acc},
            {"by": seat, "cards": fell, "tally": tally},
            frozenset({acc}),
            private=True,
        )
        if tally < self.opts.bluffs_to_win:
            return [*events, note]
        # The accomplice wins at once: nobody refutes this suggestion.
        cut = next(
            (
                i
                for i, e in enumerate(events)
                if e.kind in ("must_refute", "cannot_refute", "not_refuted")
            ),
            len(events),
        )
        st.finish("accomplice-bluffs", (acc,))
        return [*events[:cut], note, self._game_over(st, "accomplice-bluffs", [acc])]

    def _game_over(self, st: CruelState, outcome: str, winners: list[int]) -> Event:
        return Event(
            "game_over",
            {
                "outcome": outcome,
                "winners": winners,
                "envelope": list(st.envelope),
                "accomplice": st.accomplice,
                "bluffs": list(st.bluffs),
                "successes": [[c, s] for c, s in st.successes],
            },
        )

    def _apply_call(self, st: CruelState, top: Decision, action: Action) -> list[Event]:
        seat = action.seat
        other, card = action["player"], action["card"]
        st.bluff_card[seat] = False
        right = other == st.accomplice and card in st.bluffs
        st.calls.append((seat, other, card, right))
        events = [
            Event("bluff_called", {"seat": seat, "player": other, "card": card, "right": right})
        ]
        if right:
            st.caught = True
            st.eliminated[other] = True
            events.append(
                Event(
                    "accomplice_caught",
                    {"seat": other, "hand": list(st.hands[other]), "bluffs": list(st.bluffs)},
                )
            )
            if not self._guests_active(st):  # cannot happen: the caller is a guest in play
                st.finish("no-winner")
                events.append(self._game_over(st, "no-winner", []))
            return events
        piece = st.characters[seat]
        home = self.board.starts[piece]
        ctx = top.context
        if st.positions[piece] != home:
            st.positions[piece] = home
            events.append(
                Event("token_moved", {"piece": piece, "to": list(home), "reason": "wrong-call"})
            )
        # Back on the start square: no suggestion can be made from there this turn.
        if ctx["stage"] == "moved":
            ctx["entered"] = None
        st.summoned[seat] = False
        if st.hands[seat]:
            st.decisions.push(Decision("penalty", (seat,), {"named": other}))
            events.append(Event("must_show_clue", {"seat": seat, "to": other}))
        else:
            events.append(Event("no_clue_to_show", {"seat": seat, "to": other}))
        return events

    def _end_turn(self, state: ClassicState) -> list[Event]:
        st = _cruel(state)
        if not self._guests_active(st):
            # Every guest has accused wrongly: nobody can solve the case any more.
            if st.caught or st.eliminated[st.accomplice]:
                st.finish("no-winner")
                return [self._game_over(st, "no-winner", [])]
            st.finish("guests-failed", (st.accomplice,))
            return [self._game_over(st, "guests-failed", [st.accomplice])]
        return super()._end_turn(state)

    # -- for the notebook -----------------------------------------------------------

    def card_reader(self, seat: int | None) -> CardReader:
        from cluedo.rules.clue_or_cruel.reading import CruelReader  # loaded on use

        return CruelReader(seat, self.cards.by_category())

    def card_places(self, state: ClassicState) -> dict[str, int | str]:
        st = _cruel(state)
        places: dict[str, int | str] = dict.fromkeys(st.pile, "pile")
        places.update(super().card_places(st))
        return places

    # -- for the simulator ----------------------------------------------------------

    def seat_labels(self, state: ClassicState) -> dict[str, list[str]]:
        st = _cruel(state)
        return {
            "role": [self.role(st, s) for s in range(st.players)],
            **super().seat_labels(state),
        }

    def game_stats(self, state: ClassicState) -> dict[str, float]:
        st = _cruel(state)
        return {
            "turns": st.turn,
            "suggestions": st.suggestions,
            "gems taken": sum(st.gems_taken),
            "cards bluffed": len(st.bluffs),
            "successful bluffs": len(st.successes),
            "bluff calls": len(st.calls),
            "bluff calls right": sum(1 for *_, right in st.calls if right),
            "accusations": st.accusations,
            "wrong accusations": sum(
                1 for s in range(st.players) if st.eliminated[s] and s != st.accomplice
            ),
        }

    # -- views ----------------------------------------------------------------------

    def view(self, state: ClassicState, seat: int | None) -> dict[str, Any]:
        st = _cruel(state)
        top = st.decisions.top
        mine = top is not None and top.kind in ("place", "penalty") and not st.finished
        if mine:
            # The classic view renders only its own decisions: show it the turn beneath.
            hidden = st.decisions.pop()
            try:
                out = super().view(state, seat)
            finally:
                st.decisions.push(hidden)
            pending: dict[str, Any] = {"kind": hidden.kind, "seats": list(hidden.seats)}
            if hidden.kind == "place":
                _, what, weapon = hidden.context["queue"][0]
                pending["what"] = what
                if weapon is not None:
                    pending["weapon"] = weapon
                pending["left"] = len(hidden.context["queue"])
            else:
                pending["named"] = hidden.context["named"]
                if seat is not None and seat in hidden.seats:
                    pending["cards"] = list(st.hands[seat])
            out["pending"] = pending
        else:
            out = super().view(state, seat)
        out["gems"] = [list(g) for g in st.gems]
        out["gems_taken"] = list(st.gems_taken)
        out["pile_size"] = len(st.pile)
        out["first"] = st.first
        out["bluff_cards"] = list(st.bluff_card)
        out["calls"] = [
            {"seat": c, "player": p, "card": card, "right": r} for c, p, card, r in st.calls
        ]
        out["caught"] = st.accomplice if st.caught else None
        out["role"] = None if seat is None else self.role(st, seat)
        out["tally"] = None
        if st.caught or st.finished or (seat is not None and seat == st.accomplice):
            out["accomplice"] = st.accomplice
        else:
            out["accomplice"] = None
        if (seat is not None and seat == st.accomplice) or st.finished:
            out["tally"] = {
                "bluffs": list(st.bluffs),
                "successes": [{"card": c, "by": s} for c, s in st.successes],
                "needed": self.opts.bluffs_to_win,
            }
        if st.caught:
            out["accomplice_hand"] = list(st.hands[st.accomplice])
        return out

    def reveal(self, state: ClassicState) -> dict[str, Any]:
        out = super().reveal(state)
        st = _cruel(state)
        out["pile"] = list(st.pile)
        out["accomplice"] = st.accomplice
        out["tally"] = {
            "bluffs": list(st.bluffs),
            "successes": [{"card": c, "by": s} for c, s in st.successes],
            "needed": self.opts.bluffs_to_win,
        }
        return out
