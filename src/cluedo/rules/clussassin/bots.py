"""A Clussassin bot that hunts its target and keeps away from whoever may hunt it.

It reads only its seat's view: token positions, the cards shown to the table
(a shown character card tells who hunts whom), its own hand and target.

Hunting: move where an attack is possible now (in a room alone with the
target, or in the hallway within reach and unwatched), otherwise as close to
the target as it can; pick up its specialty weapons on the way and favour its
kill zones (each an extra die); always attack when it may. Evading: every
living player not known to hunt somebody else may be its hunter. It avoids
squares where such a player could attack it at once, and, less strongly,
squares such a player could strike after an ordinary move.
When it survives an attack it runs from the attacker by the same measure; when
it must swap target cards it gives its own card to the player farthest away.

The strong hunter (:class:`StrongHunterAgent`) measures that danger by the
odds of the dice instead of by distance.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from cluedo.agents.base import Agent
from cluedo.agents.lapses import with_lapses
from cluedo.agents.random_bot import RandomAgent
from cluedo.agents.registry import BotList
from cluedo.content.board import Board, Square, load_board
from cluedo.engine.actions import Action
from cluedo.mechanics.dice import reach_chance
from cluedo.mechanics.sight import can_see, manhattan, visible_within

ATTACK_REACH = 3
WITNESS_REACH = 6
TYPICAL_MOVE = 7
"""What two dice usually give: the reach of a hunter's next move."""

Location = str | Square

_SIGHT: dict[tuple[str, Square, int], frozenset[Square]] = {}


def _sight(board: Board, square: Square, reach: int) -> frozenset[Square]:
    """Hallway squares within ``reach`` of ``square`` and in its line of sight (cached)."""
    key = (board.id, square, reach)
    found = _SIGHT.get(key)
    if found is None:
        found = _SIGHT[key] = frozenset(visible_within(board, square, reach))
    return found


def _loc(value: Any) -> Location:
    return value if isinstance(value, str) else (value[0], value[1])


class HunterAgent(Agent):
    name = "hunter"

    WEAPON_DETOUR = 10
    """How far a hunter without a weapon goes out of its way for its specialty weapon."""

    WEAPON_PULL = 0.8
    """Score per step nearer its weapon, inside that detour."""

    def __init__(self, seat: int, seed: int | None = None) -> None:
        super().__init__(seat, seed)
        self.board: Board | None = None
        self.stalled = 0
        """My turns in a row that ended where they started."""
        self._turn_start: Any = None

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        if self.board is None:
            self.board = load_board(view.get("board", "classic"))
        by_kind: dict[str, list[Action]] = {}
        for action in legal:
            by_kind.setdefault(action.kind, []).append(action)
        pending = view["pending"] or {}
        if pending.get("kind") == "swap":
            return self._swap(view, by_kind["swap"])
        if pending.get("kind") == "escape":
            threats = dict(self._threats(view))
            threats[pending["attacker"]] = 1.0  # whoever attacked me hunts me
            return self._best_move(view, legal, lambda to: self._safety(view, to, threats))
        for kind in ("attack", "pickup"):
            if kind in by_kind:
                return by_kind[kind][0]
        threats = self._threats(view)
        me = view["characters"][self.seat]
        here = _loc(view["positions"][me])
        if "passage" in by_kind:
            assert self.board is not None and isinstance(here, str)
            other = self.board.passages[here]
            if self._score(view, other, threats) > self._score(view, here, threats) + 1.0:
                return by_kind["passage"][0]
        if "roll" in by_kind:
            self.stalled = self.stalled + 1 if here == self._turn_start else 0
            self._turn_start = here
            return by_kind["roll"][0]
        if "move" in by_kind:
            return self._best_move(view, legal, lambda to: self._score(view, to, threats))
        return by_kind.get("end_turn", list(legal))[0]

    # -- who may hunt me ----------------------------------------------------------------

    def _threats(self, view: Mapping[str, Any]) -> dict[str, float]:
        """Living players that may be my hunter, with the chance that each is.

        The targets form a cycle over the living characters, so a shown character
        card tells its holder's target: such a holder hunts me only if the card is
        mine. Unplayed characters never attack, but may still be the hunter.
        """
        me = view["characters"][self.seat]
        alive = set(view["positions"])
        players = set(view["characters"])
        holder_of_mine = view["revealed"].get(me)
        if holder_of_mine is not None and holder_of_mine != me and holder_of_mine in alive:
            return {holder_of_mine: 1.0} if holder_of_mine in players else {}
        busy = {
            holder
            for card, holder in view["revealed"].items()
            if card in alive and card != me and holder != card
        }
        candidates = [c for c in alive if c != me and c not in busy]
        if not candidates:
            return {}
        chance = 1.0 / len(candidates)
        return {c: chance for c in candidates if c in players}

    # -- scoring ------------------------------------------------------------------------

    def _distance(self, a: Location, b: Location) -> int:
        board = self.board
        assert board is not None
        return board.distances_from(board.node(a))[board.node(b)]

    def _score(self, view: Mapping[str, Any], to: Location, threats: Mapping[str, float]) -> float:
        """How good it is to end my move at ``to``: hunting, then safety."""
        target: str | None = view.get("target")
        me = view["characters"][self.seat]
        positions = {c: _loc(p) for c, p in view["positions"].items() if c != me}
        score = 0.0
        if target is not None and target in positions:
            there = positions[target]
            score -= min(self._distance(to, there), 40)
            others = {c: loc for c, loc in positions.items() if c != target}
            pending = view.get("pending") or {}
            if not pending.get("attacked") and self._strikes(view, to, there, others):
                score += 100.0  # attack right after the move (not if I already did)
            elif isinstance(to, tuple):
                # Onlookers spoil hallway attacks: prefer squares few others can see.
                score -= sum(1.0 for loc in others.values() if self._watches(loc, to))
        if to == view.get("safe_room"):
            score -= 3.0  # no attack from there, and it must be left next turn
        score += self._armoury(view, to)
        if isinstance(to, str) and to in view.get("kill_zones", ()):
            score += 2.0  # an extra die there, to attack and to defend
        score += self._safety(view, to, threats)
        # After several turns without a change, shake things up: a jam of hunters
        # watching each other never resolves if everyone holds still.
        return score + self.rng.random() * (0.01 + 4.0 * self.stalled)

    def _armoury(self, view: Mapping[str, Any], to: Location) -> float:
        """A specialty weapon in hand adds a die to every attack and defence: worth a
        detour when one lies near and I carry none."""
        me = view["characters"][self.seat]
        if view.get("carried", {}).get(me):
            return 0.0
        rooms = [
            room
            for weapon, room in view["weapons"].items()
            if weapon in view.get("specialties", ())
        ]
        if not rooms:
            return 0.0
        gap = min(self._distance(to, room) for room in rooms)
        return max(0.0, self.WEAPON_DETOUR - gap) * self.WEAPON_PULL

    def _safety(self, view: Mapping[str, Any], to: Location, threats: Mapping[str, float]) -> float:
        """Minus the danger at ``to`` from the players that may hunt me."""
        if to == view.get("safe_room"):
            return 0.0  # nobody attacks there
        danger = 0.0
        for chance, where, others in self._hunters(view, threats):
            if self._strikes(view, where, to, others):
                danger += 60.0 * chance  # it could attack before even moving
            else:
                gap = self._distance(where, to)
                if isinstance(to, str):
                    # In a room only an attacker alone with me can strike.
                    company = any(loc == to for loc in others.values())
                    if gap <= TYPICAL_MOVE and not company:
                        danger += (4.0 + (TYPICAL_MOVE + 1 - gap)) * chance
                else:
                    reach = TYPICAL_MOVE + ATTACK_REACH
                    if gap <= reach:
                        danger += (reach + 1 - gap) * 3.0 * chance
        return -danger

    def _hunters(
        self, view: Mapping[str, Any], threats: Mapping[str, float]
    ) -> Iterator[tuple[float, Location, dict[str, Location]]]:
        """Each character on the board that may hunt me: the chance it does, where it
        stands, and where everyone but the two of us stands."""
        me = view["characters"][self.seat]
        positions = {c: _loc(p) for c, p in view["positions"].items() if c != me}
        for hunter, chance in threats.items():
            where = positions.get(hunter)
            if where is not None:
                yield chance, where, {c: loc for c, loc in positions.items() if c != hunter}

    def _watches(self, watcher: Location, square: Square) -> bool:
        board = self.board
        assert board is not None
        return (
            isinstance(watcher, tuple)
            and manhattan(square, watcher) <= WITNESS_REACH
            and can_see(board, square, watcher)
        )

    def _strikes(
        self,
        view: Mapping[str, Any],
        here: Location,
        there: Location,
        others: Mapping[str, Location],
    ) -> bool:
        """Could a character at ``here`` attack one at ``there``, with ``others`` about?"""
        board = self.board
        assert board is not None
        if isinstance(here, str):
            return (
                here == there
                and here != view.get("safe_room")
                and all(loc != here for loc in others.values())
            )
        if isinstance(there, str):
            return False
        if manhattan(here, there) > ATTACK_REACH or not can_see(board, here, there):
            return False
        return not any(self._watches(loc, here) for loc in others.values())

    # -- choices --------------------------------------------------------------------------

    def _best_move(
        self,
        view: Mapping[str, Any],
        legal: Sequence[Action],
        score: Callable[[Location], float],
    ) -> Action:
        me = view["characters"][self.seat]
        here = _loc(view["positions"][me])
        best: Action | None = None
        best_score = float("-inf")
        for action in legal:
            if action.kind == "move":
                value = score(_loc(action["to"]))
            elif action.kind == "stay":
                value = score(here)
            else:
                continue
            if value > best_score:
                best, best_score = action, value
        return best if best is not None else legal[0]

    def _swap(self, view: Mapping[str, Any], swaps: Sequence[Action]) -> Action:
        """Whoever I swap with will hunt me: choose the player farthest away."""
        me = view["characters"][self.seat]
        here = _loc(view["positions"][me])
        return max(
            swaps,
            key=lambda a: (
                self._distance(here, _loc(view["positions"][a["with"]])),
                self.rng.random(),
            ),
        )


class CarelessHunterAgent(HunterAgent):
    """The hunter as a player who does not always look over its shoulder: on some
    of its turns (:attr:`CARELESS`) it plans its move thinking only of its target,
    as a person intent on the hunt forgets who may be hunting them."""

    name = "careless"

    CARELESS = 0.5
    """Chance, each turn, of forgetting the danger behind it."""

    def __init__(self, seat: int, seed: int | None = None) -> None:
        super().__init__(seat, seed)
        # Its own generator for lapses, so they leave the hunter's draws alone.
        self.lapses = random.Random(seed)
        self.heedless = False
        self._turn = -1

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        if view.get("turn") != self._turn:
            self._turn = view.get("turn", -1)
            self.heedless = self.lapses.random() < self.CARELESS
        return super().choose(view, legal)

    def _threats(self, view: Mapping[str, Any]) -> dict[str, float]:
        return {} if self.heedless else super()._threats(view)


class StrongHunterAgent(HunterAgent):
    """The hunter that looks one roll ahead, reads the table's rule on witnesses,
    and arms itself first.

    Measured games showed where the careful hunter dies: almost always to a hunter
    that has just moved, to a hallway square within reach of it or into the room it
    stood in alone. The careful hunter judges a square by its hunters' distance
    alone; this one looks at the squares an attack on it could come from (the room,
    if nobody else is in it; in the hallway, squares within reach and in sight that
    no one else watches) and at the odds of a hunter's next roll bringing it to one
    of them (:attr:`FORESIGHT`). So it stands where onlookers guard every way in, or
    where no roll reaches, and fears much more the squares a roll does reach. So
    that a table of such hunters cannot freeze, each watching the others from
    safety, its fear fades while nobody attacks anyone (:attr:`QUIET`), down to
    nothing if the stand-off lasts (:attr:`FADE`): then it goes straight for its target.

    Where only characters with a player spoil a hallway attack (the option
    ``witnesses: players``), the careful hunter still counts every character as a
    witness: it passes up attacks it could make, and misjudges where its hunters
    could strike. This one counts only the witnesses the table's rules count.

    A specialty weapon in hand adds a die to every attack and every defence for the
    rest of the game. The careful hunter fetches its weapon only when it lies within
    a few steps; this one goes out of its way for it from across the board
    (:attr:`WEAPON_DETOUR`), and in a room with both its weapon and its target it
    picks the weapon up before it strikes.
    """

    name = "strong"

    CAUTION = 1.0
    """A factor on all the dangers below."""

    WEAPON_DETOUR = 25
    """How far it goes out of its way for its specialty weapon (the careful hunter: 10)."""

    WEAPON_PULL = 1.2
    """Score per step nearer its weapon, inside that detour (the careful hunter: 0.8)."""

    STRIKE_NOW = 60.0
    """The danger of a square a hunter could attack me on before even moving."""

    FORESIGHT = 60.0
    """The danger of a square a hunter's next roll surely brings it in reach of."""

    QUIET = 8.0
    """After this many of my turns without an attack anywhere, my fear is halved
    (after twice as many, a third), so a table of careful hunters cannot freeze."""

    FADE = 16.0
    """After this many of my turns without an attack anywhere, I fear nothing and
    go straight for my target, so a stand-off cannot last."""

    def __init__(self, seat: int, seed: int | None = None) -> None:
        super().__init__(seat, seed)
        self.players_only = False
        self.played: frozenset[str] = frozenset()
        self._closed: dict[frozenset[Square], frozenset[Square]] = {}
        """Hallway squares no attack can be made from, by where the watchers stand."""
        self.quiet = 0
        """My turns since I last saw an attack."""
        self._seen: Any = None
        """The turn number of my last decision."""

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        if any(event.get("kind") == "attack" for event in view.get("log", ())):
            self.quiet = 0
        elif (view.get("pending") or {}).get("stage") == "start" and view.get("turn") != self._seen:
            self.quiet += 1
        self._seen = view.get("turn")
        options = view.get("options") or {}
        self.players_only = options.get("witnesses") == "players"
        self.played = frozenset(view["characters"])
        pickups = [a for a in legal if a.kind == "pickup"]
        if pickups and any(a.kind == "attack" for a in legal):
            # Arm first: a specialty weapon in hand is an extra die for the attack
            # that follows (the careful hunter strikes first and arms after).
            return pickups[0]
        return super().choose(view, legal)

    def _strikes(
        self,
        view: Mapping[str, Any],
        here: Location,
        there: Location,
        others: Mapping[str, Location],
    ) -> bool:
        if isinstance(here, tuple) and self.players_only:
            # Only characters with a player spoil a hallway attack.
            others = {c: loc for c, loc in others.items() if c in self.played}
        return super()._strikes(view, here, there, others)

    def _score(self, view: Mapping[str, Any], to: Location, threats: Mapping[str, float]) -> float:
        if not self.players_only:
            return super()._score(view, to, threats)
        me = view["characters"][self.seat]
        # Unplayed characters in the hallway neither watch nor spoil an attack (in
        # rooms their company still forbids one).
        seen = {
            c: p
            for c, p in view["positions"].items()
            if c == me or c in self.played or c == view.get("target") or isinstance(p, str)
        }
        return super()._score(dict(view, positions=seen), to, threats)

    def _safety(self, view: Mapping[str, Any], to: Location, threats: Mapping[str, float]) -> float:
        """Minus the danger at ``to``: for each player that may hunt me, the chance
        that its next roll takes it to a square it could attack me from.

        The careful hunter weighs a hunter's distance alone; this one looks at the
        squares an attack could come from (the room, if nobody else is in it; in the
        hallway, squares within reach and in sight of mine that no one else watches)
        and at the odds of the dice bringing the hunter to one of them.
        """
        if to == view.get("safe_room"):
            return 0.0  # nobody attacks there
        board = self.board
        assert board is not None
        dice = int((view.get("options") or {}).get("dice", 2))
        danger = 0.0
        for chance, where, others in self._hunters(view, threats):
            if self._strikes(view, where, to, others):
                # It could attack before even moving.
                danger += self.STRIKE_NOW * chance
                continue
            spots = self._attack_spots(view, to, others)
            if spots:
                steps = board.distances_from(board.node(where))
                need = min(steps[board.node(s)] for s in spots)
                danger += self.FORESIGHT * chance * reach_chance(need, dice)
        return -self.CAUTION * danger * self._fear()

    def _fear(self) -> float:
        """How much of my fear is left after :attr:`quiet` turns without an attack."""
        # Where nobody dares to attack, the game never ends: fear fades with quiet.
        return max(0.0, 1.0 - self.quiet / self.FADE) / (1.0 + self.quiet / self.QUIET)

    def _attack_spots(
        self, view: Mapping[str, Any], victim: Location, others: Mapping[str, Location]
    ) -> list[Location]:
        """Where an attacker could strike a character at ``victim`` from, with
        ``others`` (everyone but the two of them) where they are now."""
        board = self.board
        assert board is not None
        if isinstance(victim, str):
            alone = all(loc != victim for loc in others.values())
            return [victim] if alone and victim != view.get("safe_room") else []
        watchers = frozenset(
            loc
            for c, loc in others.items()
            if isinstance(loc, tuple) and (c in self.played or not self.players_only)
        )
        # Sight is symmetric: the squares watched are those the watchers see, and
        # nobody stands on another's square.
        closed = self._closed.get(watchers)
        if closed is None:
            if len(self._closed) > 512:
                self._closed.clear()
            closed = watchers.union(*(_sight(board, w, WITNESS_REACH) for w in watchers))
            self._closed[watchers] = closed
        return [spot for spot in _sight(board, victim, ATTACK_REACH) if spot not in closed]


BOTS = BotList(
    {
        "random": RandomAgent,
        "sensible": HunterAgent,
        "hunter": HunterAgent,
        "strong": StrongHunterAgent,
        "casual": with_lapses(CarelessHunterAgent, "casual", slip_kinds=("move", "swap")),
    },
    default="sensible",
    strongest="strong",
    levels={"easy": "casual", "medium": "sensible", "hard": "strong"},
    descriptions={
        "casual": "easy: hunts like the careful hunter, but on some turns forgets "
        "who may be hunting it, and now and then stops short of the best square",
        "sensible": "medium: hunts its target and keeps away from whoever may hunt it",
        "hunter": "the same careful hunter",
        "strong": "hard: a hunter that stays out of its hunters' next roll, arms itself "
        "first and reads the table's rule on who counts as a witness",
    },
)
"""This rule set's bots and the levels a person chooses from."""
