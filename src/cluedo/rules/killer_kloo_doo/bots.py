"""Killer Kloo Doo's bot: a detective in Part 1 and a survivor in Part 2.

Part 1: it follows its seat's log with its
:class:`~cluedo.deduction.knowledge.CardKnowledge` (asking only the cheap sound
eliminations, updated one event at a time), digs up the middle's clue cards,
grabs clues with clubs, brings the person and weapon it wants to learn about
into its room with court cards and hearts, suggests, and accuses once the
expected gain is worth it (+60 right against -20 wrong), sooner as the
investigation drags on. What it showed or gave to whom it remembers itself.

Part 2: it arms itself, works on the cheapest unfinished objective (hunt the
person, clean and throw out the weapon, clear the room), heals when low, attacks
whoever it can reach (its targets and anyone close to escaping first), lures an
escaping rival off the staircase, then runs for the stairs.

It reads only its view and its legal actions; every choice is a few table
look-ups, so a whole game costs milliseconds of thinking, not seconds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cluedo.agents.base import ENVELOPE, Agent, card_knowledge
from cluedo.agents.lapses import with_lapses
from cluedo.agents.random_bot import RandomAgent
from cluedo.agents.registry import BotList
from cluedo.content.board import Board, load_board
from cluedo.content.cards import load_card_set
from cluedo.engine.actions import Action
from cluedo.mechanics.playing_cards import is_court, total, value
from cluedo.rules.killer_kloo_doo.state import (
    CLEANING_ROOM,
    DISPOSAL_ROOM,
    WEAPON_POWER,
)

if TYPE_CHECKING:
    from cluedo.deduction.knowledge import CardKnowledge

Kinds = dict[str, list[Action]]
LOW_SURVIVAL = 18
CROWDED = 40
"""Extra cost of an objective blocked by company (a victim or a room never alone)."""


def _score_cost(card: str) -> int:
    """What playing a card costs in Part 1 points (hearts and diamonds score)."""
    return value(card) if card[-1] in "HD" else 0


class KlooDooAgent(Agent):
    name = "sensible"

    def __init__(self, seat: int, seed: int | None = None) -> None:
        super().__init__(seat, seed)
        cards = load_card_set("classic")
        self.categories = cards.by_category()
        self.suspects = self.categories["suspect"]
        self.weapons = self.categories["weapon"]
        self.rooms = self.categories["room"]
        self.book: CardKnowledge | None = None
        """The notebook of Part 1's clue cards, made when Part 1 is first seen."""
        self.shown_to: dict[int, set[str]] = {}
        """Cards this seat has shown or given to each other seat."""
        self.board: Board | None = None
        self.staircase: list[Any] = []

    # -- following the game ---------------------------------------------------------

    def _follow(self, view: dict[str, Any]) -> None:
        if self.board is None:
            self.board = load_board(view.get("board", "classic"))
            cellar = self.board.walls.get("cellar", frozenset())
            self.staircase = [
                sq
                for sq in self.board.node_of_square
                if any(
                    (sq[0] + a, sq[1] + b) in cellar for a, b in ((1, 0), (-1, 0), (0, 1), (0, -1))
                )
            ]
        if view["part"] == 1:
            if self.book is None:
                self.book = card_knowledge(view, self.seat)
            for event in view["log"]:
                self.book.observe_event(event)
                mine = event.get("seat") == self.seat and "card" in event
                if mine and event["kind"] in ("card_shown", "clue_passed"):
                    self.shown_to.setdefault(event["to"], set()).add(event["card"])

    @staticmethod
    def _where(view: dict[str, Any], character: str) -> Any:
        """A token's place: a room id, [row, col], "tunnels", or None once dead."""
        if character in view["in_tunnels"]:
            return "tunnels"
        return view["positions"].get(character)

    def _dist(self, a: Any, b: Any) -> int:
        """Steps between two places (lists from JSON or tuples); far for the tunnels."""
        board = self.board
        assert board is not None
        if a == "tunnels" or b == "tunnels" or a is None or b is None:
            return 99
        na = board.node(a if isinstance(a, str) else (a[0], a[1]))
        nb = board.node(b if isinstance(b, str) else (b[0], b[1]))
        return board.distances_from(nb)[na]

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        self._follow(view)
        kinds: Kinds = {}
        for action in legal:
            kinds.setdefault(action.kind, []).append(action)
        pending = view["pending"] or {}
        if "show" in kinds:
            return self._show(kinds["show"], pending["suggester"])
        if pending.get("kind") == "contest":
            return self._answer(view, pending, kinds)
        if view["part"] == 1:
            return self._investigate(view, kinds)
        return self._survive(view, kinds)

    # -- answering ------------------------------------------------------------------

    def _show(self, options: Sequence[Action], suggester: int) -> Action:
        seen = self.shown_to.get(suggester, set())
        for action in options:
            if action["card"] in seen:
                return action
        rooms = [a for a in options if a["card"] in self.rooms]
        return (rooms or list(options))[0]

    def _answer(self, view: dict[str, Any], pending: dict[str, Any], kinds: Kinds) -> Action:
        kind = pending["type"]
        if kind == "bribe":
            offered = value(pending["card"])
            if "accept" not in kinds:
                return kinds["refuse"][0]
            accepts = kinds["accept"]
            if pending["ask"] == "weapon":
                mine = view["objectives"]
                keep = pending.get("weapon") in mine or view["part"] == 2
                return accepts[0] if offered >= (12 if keep else 5) else kinds["refuse"][0]
            if offered < 6:
                return kinds["refuse"][0]
            # Give what the briber already knows, else the cheapest card.
            seen = self.shown_to.get(pending.get("attacker", -9), set())
            for a in accepts:
                if a.get("card") in seen:
                    return a
            return min(accepts, key=lambda a: value(a["card"]) if view["part"] == 2 else 0)
        defends = kinds.get("defend", [])
        if not defends:
            return kinds["concede"][0]
        if kind == "persuade":
            return kinds["concede"][0]  # being moved costs less than a heart's points
        if kind == "assault":
            return max(defends, key=lambda a: total(a["cards"]))
        return max(defends, key=lambda a: value(a["card"]))

    # -- Part 1 ---------------------------------------------------------------------

    def _card_value(self, card: str) -> float:
        """How much a suggestion naming ``card`` can teach."""
        assert self.book is not None
        places = self.book.possible(card)
        if ENVELOPE in places and len(places) > 1:
            return 3.0
        if places == frozenset({self.seat}):
            return 1.0
        return 0.0

    def _accuse(self, view: dict[str, Any], kinds: Kinds) -> Action | None:
        """Accuse when certain, or guess when the odds are worth the risk (+60 against
        -20), less choosy the longer the investigation runs.

        Only the sound eliminations are asked: the exact count rarely changes this
        choice and costs a large part of a second with six players."""
        if "accuse" not in kinds:
            return None
        assert self.book is not None
        cands = [self.book.envelope_candidates(c) for c in ("suspect", "weapon", "room")]
        ways = len(cands[0]) * len(cands[1]) * len(cands[2])
        turns = view["part_turns"] / max(1, view["players"])
        limit = view["turn_limit"] / max(1, view["players"])
        if ways == 1 or (ways == 2 and turns > 8) or (ways <= 4 and turns > limit * 0.6):
            suspect, weapon, room = (self.rng.choice(c) for c in cands)
            return Action.make(self.seat, "accuse", suspect=suspect, weapon=weapon, room=room)
        return None

    def _investigate(self, view: dict[str, Any], kinds: Kinds) -> Action:
        accusation = self._accuse(view, kinds)
        if accusation is not None:
            return accusation
        if "move" in kinds:
            return self._move(view, kinds["move"], self._room_goals(view))
        if "dig" in kinds:
            digs = kinds["dig"]
            if view["middle_clues"] or len(view["carried"][self.seat]) < 2:
                return min(
                    digs,
                    key=lambda a: (
                        _score_cost(a["card"]),
                        -WEAPON_POWER.get(a.get("weapon") or "", 0),
                    ),
                )
        if "grab" in kinds:
            clues = [a for a in kinds["grab"] if a["take"] == "clue"]
            if clues:
                return max(clues, key=lambda a: value(a["card"]))
        if "pick_up" in kinds and len(view["carried"][self.seat]) < 3:
            return kinds["pick_up"][0]
        if "suggest" in kinds:
            best = max(
                kinds["suggest"],
                key=lambda a: (
                    self._card_value(a["suspect"])
                    + self._card_value(a["weapon"])
                    + self.rng.random() * 0.01
                ),
            )
            if self._card_value(best["suspect"]) + self._card_value(best["weapon"]) >= 3.0:
                return best
        setup = self._set_up_suggestion(view, kinds)
        if setup is not None:
            return setup
        if "drug" in kinds:
            free = [a for a in kinds["drug"] if a["card"][-1] in "SC"]
            if free:
                return self.rng.choice(free)
        if "suggest" in kinds:
            best = max(
                kinds["suggest"],
                key=lambda a: self._card_value(a["suspect"]) + self._card_value(a["weapon"]),
            )
            if self._card_value(best["suspect"]) + self._card_value(best["weapon"]) > 0:
                return best
        if "emerge" in kinds:
            return kinds["emerge"][0]
        if "roll" in kinds:
            return self._start_move(view, kinds, self._room_goals(view))
        return kinds["end_turn"][0] if "end_turn" in kinds else next(iter(kinds.values()))[0]

    def _set_up_suggestion(self, view: dict[str, Any], kinds: Kinds) -> Action | None:
        """Bring an unknown person or weapon into this room, cheapest card first."""
        if view["pending"].get("suggested"):
            return None
        bring = kinds.get("trick", []) + kinds.get("persuade", [])
        people = [a for a in bring if self._card_value(a["person"]) >= 3.0]
        here = self._where(view, view["characters"][self.seat])
        present_useful = any(
            self._card_value(p) >= 3.0 for p, loc in view["positions"].items() if loc == here
        )
        if people and not present_useful:
            return min(
                people,
                key=lambda a: (
                    _score_cost(a["card"]) + (0 if a.kind == "trick" else 5),
                    self.rng.random(),
                ),
            )
        weapons_here = [w for w, r in view["weapons"].items() if r == here] + view["carried"][
            self.seat
        ]
        if not any(self._card_value(w) >= 3.0 for w in weapons_here):
            fetches = [a for a in kinds.get("fetch", []) if self._card_value(a["weapon"]) >= 3.0]
            if fetches:
                return min(fetches, key=lambda a: _score_cost(a["card"]))
        return None

    def _room_goals(self, view: dict[str, Any]) -> list[str]:
        here = self._where(view, view["characters"][self.seat])
        last = here if isinstance(here, str) else None
        unknown = [r for r in self.rooms if self._card_value(r) >= 3.0 and r != last]
        armed = [r for r in set(view["weapons"].values()) if r != last]
        return unknown or armed or [r for r in self.rooms if r != last]

    # -- Part 2 ---------------------------------------------------------------------

    def _survive(self, view: dict[str, Any], kinds: Kinds) -> Action:
        me = view["characters"][self.seat]
        self._where(view, me)
        survival = view["survival"]
        achieved = view["achieved"][self.seat]
        todo = [o for o in view["objectives"] if o not in achieved]
        carried = view["carried"][self.seat]
        if "heal" in kinds and survival[me] < LOW_SURVIVAL:
            return max(kinds["heal"], key=lambda a: value(a["card"]))
        # Someone about to escape must be stopped first.
        runner = view["escaping"]
        if runner is not None and runner != self.seat:
            runner_char = view["characters"][runner]
            for kind in ("attack", "assault"):
                hits = [a for a in kinds.get(kind, []) if a["person"] == runner_char]
                if hits:
                    return max(hits, key=lambda a: total(a["cards"]) if kind == "assault" else 0)
            lures = [a for a in kinds.get("lure", []) if a["person"] == runner_char]
            if lures:
                far = max(
                    lures, key=lambda a: self._dist(a["room"], self._where(view, runner_char))
                )
                return far
        if "attack" in kinds:
            best = self._pick_victim(view, kinds["attack"], todo)
            if best is not None:
                return best
        if "assault" in kinds:
            best = self._pick_victim(view, kinds["assault"], todo, clubs=True)
            if best is not None:
                return best
        lure = self._clear_the_way(view, kinds, todo)
        if lure is not None:
            return lure
        if "search" in kinds:
            return kinds["search"][0]
        if "clean_room" in kinds:
            return min(kinds["clean_room"], key=lambda a: value(a["card"]))
        if "pick_up" in kinds:
            choice = self._pick_weapon(kinds["pick_up"], todo, carried)
            if choice is not None:
                return choice
        if "steal" in kinds:
            wanted = [a for a in kinds["steal"] if set(view["carried"][a["target"]]) & set(todo)]
            if wanted:
                return wanted[0]
        if "bribe" in kinds and not carried:
            asks = [a for a in kinds["bribe"] if a["ask"] == "weapon" and a["weapon"] in todo]
            if asks:
                return max(asks, key=lambda a: value(a["card"]))
        if "poison" in kinds:
            aces = [a for a in kinds["poison"] if a["card"][-1] in "SC"]
            if aces:
                return max(aces, key=lambda a: len(view["achieved"][a["target"]]))
        goals, stay = self._goals(view, todo, carried)
        if "emerge" in kinds:
            return kinds["emerge"][0]
        if "roll" in kinds:
            if stay and "stay" in kinds:
                return kinds["stay"][0]
            return self._start_move(view, kinds, goals)
        if "move" in kinds:
            return self._move(view, kinds["move"], goals)
        return kinds["end_turn"][0] if "end_turn" in kinds else next(iter(kinds.values()))[0]

    def _crowd(self, view: dict[str, Any], room: Any, *besides: str) -> list[str]:
        """Characters in ``room`` other than ``besides``."""
        if not isinstance(room, str):
            return []
        return [c for c, loc in view["positions"].items() if loc == room and c not in besides]

    def _clear_the_way(self, view: dict[str, Any], kinds: Kinds, todo: list[str]) -> Action | None:
        """Send a servant to move a crowd: a victim out of company, or a guest out of a
        room to be cleared (non-player characters never leave the Study otherwise)."""
        if "lure" not in kinds:
            return None
        me = view["characters"][self.seat]
        here = self._where(view, me)
        empty = [r for r in self.rooms if r != here and not self._crowd(view, r)]
        if not empty:
            return None
        cheapest = sorted(kinds["lure"], key=lambda a: value(a["card"]) + value(a["diamond"]))
        for obj in todo:
            if obj in self.suspects:
                where = self._where(view, obj)
                if self._crowd(view, where, me, obj):
                    room = min(empty, key=lambda r: self._dist(here, r))
                    for action in cheapest:
                        if action["person"] == obj and action["room"] == room:
                            return action
            elif obj in self.rooms:
                crowd = [c for c in self._crowd(view, obj, me) if c not in view["characters"]]
                if crowd and (view["materials"][self.seat] == obj or here == obj):
                    room = max(empty, key=lambda r: self._dist(obj, r))
                    for action in cheapest:
                        if action["person"] == crowd[0] and action["room"] == room:
                            return action
        return None

    def _pick_victim(
        self, view: dict[str, Any], options: list[Action], todo: list[str], clubs: bool = False
    ) -> Action | None:
        me = view["characters"][self.seat]
        players = view["characters"]

        def worth(action: Action) -> float:
            person = action["person"]
            score = 0.0
            if person in todo:
                score += 10
            if person in players:
                score += 3 + 2 * len(view["achieved"][players.index(person)])
                if view["survival"].get(person, 99) <= 12:
                    score += 4
            if clubs:
                score += total(action["cards"]) / 4 - 4
            return score

        best = max(options, key=worth)
        if worth(best) <= 0:
            return None
        if clubs and best["person"] not in todo and view["survival"][me] < LOW_SURVIVAL:
            return None
        return best

    def _pick_weapon(
        self, options: list[Action], todo: list[str], carried: list[str]
    ) -> Action | None:
        def rank(w: str) -> float:
            return (100 if w in todo else 0) + WEAPON_POWER.get(w, 3)

        best = max(options, key=lambda a: rank(a["weapon"]))
        if carried and rank(carried[0]) >= rank(best["weapon"]):
            return None
        return best

    def _goals(
        self, view: dict[str, Any], todo: list[str], carried: list[str]
    ) -> tuple[list[Any], bool]:
        """Where to head next, and whether to stay put this turn."""
        me = view["characters"][self.seat]
        here = self._where(view, me)
        if not todo:
            return [list(sq) for sq in self.staircase], False
        if not carried:
            lying = [r for w, r in view["weapons"].items() if w not in view["gone"]]
            if lying and all(o not in self.weapons for o in todo):
                return sorted(set(lying)), False
        options: list[tuple[float, list[Any], bool]] = []
        for obj in todo:
            if obj in self.suspects:
                where = self._where(view, obj)
                if where is not None and where != "tunnels":
                    # A victim in company cannot be attacked: other work comes first.
                    crowded = CROWDED if self._crowd(view, where, me, obj) else 0
                    options.append((self._dist(here, where) + crowded, [where], False))
            elif obj in self.weapons:
                if obj in carried:
                    room = DISPOSAL_ROOM if obj in view["clean"] else CLEANING_ROOM
                    options.append((self._dist(here, room) - 5, [room], here == room))
                elif obj in view["weapons"] and not (carried and carried[0] in todo):
                    # One weapon at a time: finish the one in hand first.
                    room = view["weapons"][obj]
                    options.append((self._dist(here, room), [room], False))
            else:
                has_court = any(is_court(c) for c in view["playing_cards"])
                mats = view["materials"][self.seat]
                if has_court or mats == obj:
                    crowded = CROWDED if self._crowd(view, obj, me) else 0
                    options.append((self._dist(here, obj) - 3 + crowded, [obj], here == obj))
        options.sort(key=lambda o: o[0])
        cards = view["playing_cards"]
        can_lure = any(is_court(c) for c in cards) and any(
            c[-1] == "D" and not is_court(c) for c in cards
        )
        if not options or (options[0][0] >= CROWDED and not can_lure):
            # Nothing to do but wait for a crowd to part: fetch servants and cash
            # instead, a playing card from each room not just visited.
            return [r for r in self.rooms if r != here], False
        _, goal, stay = options[0]
        return goal, stay

    # -- moving ---------------------------------------------------------------------

    def _start_move(self, view: dict[str, Any], kinds: Kinds, goals: list[Any]) -> Action:
        here = self._where(view, view["characters"][self.seat])
        assert self.board is not None
        if "passage" in kinds and isinstance(here, str):
            target = self.board.passages[here]
            now = min(self._dist(here, g) for g in goals)
            then = min(self._dist(target, g) for g in goals)
            if target in goals or then + 10 < now:
                return kinds["passage"][0]
        return kinds["roll"][0]

    def _move(self, view: dict[str, Any], moves: Sequence[Action], goals: list[Any]) -> Action:
        best, best_score = moves[0], float("inf")
        goal_set = {g if isinstance(g, str) else tuple(g) for g in goals}
        for action in moves:
            to = action["to"]
            key = to if isinstance(to, str) else tuple(to)
            if key in goal_set:
                score = -1.0
            else:
                score = min(self._dist(to, g) for g in goals) + (2 if isinstance(to, str) else 0)
            score += self.rng.random() * 0.1
            if score < best_score:
                best, best_score = action, score
        return best


CASUAL_SLIPS = ("move", "suggest", "show", "attack", "assault", "heal", "pick_up", "lure", "dig")
"""Where the easy bot now and then takes a lesser choice: in Part 2 above all,
where the game is won (whom to attack, when to heal, which weapon to take)."""

ODDS_WAYS = 16
"""Weigh the odds (the exact count) only once the envelope is down to this many
combinations: before that no single one is likely enough to be worth a guess."""

GOOD_ODDS = 0.7
EVEN_ODDS = 0.5
"""The chances of being right the strong bot accuses on, before and after 60% of
Part 1's turn limit."""


def _spends_points(action: Action) -> bool:
    """The action plays a heart or a diamond (a card that would score in Part 1)."""
    card = action.get("card")
    return isinstance(card, str) and card[-1] in "HD"


class StrongKlooDooAgent(KlooDooAgent):
    """The sensible bot, keeping its Part 1 points and accusing on strong odds.

    Part 1's score - the hearts and diamonds held at its end, with the accusation's
    bonus - is each player's life in Part 2, where the game is won. So in Part 1
    it never plays a heart or a diamond (it persuades, fetches and digs with the
    other cards, or not at all).

    An accusation ends Part 1 for everyone: right, it adds 60 to the accuser's
    score (its life in Part 2); wrong, it takes 20, and in bot games a wrong
    accuser almost never wins, while a right one wins only somewhat more often
    than its fair share. So it names the most likely combination (the careful bot
    guesses among the candidates at random) and accuses only on strong odds:
    seven in ten, or an even chance late in Part 1 when an opponent's guess is
    near.
    """

    name = "strong"

    def _investigate(self, view: dict[str, Any], kinds: Kinds) -> Action:
        # Hearts and diamonds held when Part 1 ends are Part 2's life: keep them all,
        # and play Part 1 with spades, clubs, court cards and aces only.
        kept = {
            kind: [a for a in actions if not _spends_points(a)] for kind, actions in kinds.items()
        }
        return super()._investigate(view, {k: v for k, v in kept.items() if v} or kinds)

    def _accuse(self, view: dict[str, Any], kinds: Kinds) -> Action | None:
        if "accuse" not in kinds:
            return None
        book = self.book
        assert book is not None
        cands = [book.envelope_candidates(c) for c in ("suspect", "weapon", "room")]
        ways = len(cands[0]) * len(cands[1]) * len(cands[2])
        if ways > ODDS_WAYS:
            return None
        if ways == 1:
            triple: tuple[str, ...] = tuple(c[0] for c in cands)
            chance = 1.0
        else:
            triple, chance = book.most_likely_envelope()
        if chance < self._needed(view):
            return None
        suspect, weapon, room = triple
        return Action.make(self.seat, "accuse", suspect=suspect, weapon=weapon, room=room)

    @staticmethod
    def _needed(view: dict[str, Any]) -> float:
        """The chance of being right worth an accusation now: seven in ten, and an
        even chance once most of Part 1's turns are gone."""
        late = int(view["part_turns"]) > 0.6 * int(view["turn_limit"])
        return EVEN_ODDS if late else GOOD_ODDS


BOTS = BotList(
    {
        "random": RandomAgent,
        "sensible": KlooDooAgent,
        "strong": StrongKlooDooAgent,
        "casual": with_lapses(KlooDooAgent, "casual", slip=0.35, slip_kinds=CASUAL_SLIPS),
    },
    default="sensible",
    strongest="strong",
    levels={"easy": "casual", "medium": "sensible", "hard": "strong"},
    descriptions={
        "casual": "easy: misses some answers, forgets some cards and now and then "
        "walks, asks or fights less well than it could",
        "sensible": "medium: investigates, then arms itself and works through its objectives",
        "strong": "hard: keeps its hearts and diamonds for Part 2, and accuses only on strong odds",
    },
)
"""This rule set's bots and the levels a person chooses from."""
