"""Bots for Clue or Cruel: a guest who collects gems, deduces and calls bluffs, and an
accomplice who bluffs with its own cards.

Both follow the seat's log with :class:`GrowingCaseFile`, a sound notebook for hands
that grow from a hidden pile. :class:`CruelAgent` (the ``sensible`` bot) reads the
seat's role from its view and plays that side.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cluedo.agents.base import Agent
from cluedo.agents.knowledge import ENVELOPE, Contradiction
from cluedo.content.board import Board, load_board
from cluedo.content.cards import load_card_set
from cluedo.engine.actions import Action

PILE = -2
"""The clue pile's place number (players are 0..n-1, the envelope -1)."""


class GrowingCaseFile:
    """Sound eliminations when hands start empty and grow by unseen draws.

    Each card keeps the set of places it may be: a seat, the envelope or the pile.
    Cards never leave a hand, so "holds one of" facts last for ever; "holds none
    of" facts last only until the player draws again, which is why an unseen draw
    gives the drawer back every card that may still be in the pile.

    >>> cats = {"suspect": ("a", "b"), "weapon": ("c", "d"), "room": ("e", "f")}
    >>> book = GrowingCaseFile(0, cats)
    >>> book.observe({"kind": "setup", "hand_sizes": [0, 0], "pile_size": 3})
    >>> book.observe({"kind": "gem_taken", "seat": 0, "card": "a", "pile_size": 2})
    >>> book.possible("b")
    frozenset({-1})
    """

    def __init__(self, seat: int, categories: Mapping[str, Sequence[str]]) -> None:
        self.seat = seat
        self.categories = {cat: tuple(cards) for cat, cards in categories.items()}
        self.cards = tuple(c for cards in self.categories.values() for c in cards)
        self.players = 0
        self.hand_sizes: list[int] = []
        self.pile_size = 0
        self.closed: set[int] = set()
        """Seats whose whole hand is known for good (a caught accomplice)."""
        self._possible: dict[str, set[int]] = {}
        self._holds_one: list[tuple[int, frozenset[str]]] = []
        self._not_all: list[frozenset[str]] = []
        self._last: tuple[str, ...] = ()

    def observe(self, event: Mapping[str, Any]) -> None:
        kind = event["kind"]
        if kind == "setup":
            self.hand_sizes = list(event["hand_sizes"])
            self.players = len(self.hand_sizes)
            self.pile_size = int(event["pile_size"])
            self._possible = {c: {ENVELOPE, PILE} for c in self.cards}
        elif kind == "gem_taken":
            seat = event["seat"]
            self.hand_sizes[seat] += 1
            self.pile_size = int(event["pile_size"])
            if "card" in event:
                card = event["card"]
                if PILE not in self._possible[card]:
                    raise Contradiction(f"{card} was drawn but cannot be in the pile")
                self._possible[card] = {seat}
            else:
                for places in self._possible.values():
                    if PILE in places:
                        places.add(seat)
            if self.pile_size == 0:
                for card in self.cards:
                    self._exclude(card, PILE)
        elif kind == "suggestion":
            self._last = (event["suspect"], event["weapon"], event["room"])
        elif kind == "cannot_refute":
            for card in self._last:
                self._exclude(card, event["seat"])
        elif kind in ("card_shown", "clue_shown"):
            if "card" in event:
                self._place(event["card"], event["seat"])
            elif kind == "card_shown":
                self._holds_one.append((event["seat"], frozenset(self._last)))
        elif kind == "accomplice_caught":
            seat = event["seat"]
            for card in event["hand"]:
                self._place(card, seat)
            for card in self.cards:
                if card not in event["hand"]:
                    self._exclude(card, seat)
            self.closed.add(seat)
        elif kind == "accusation" and not event["correct"]:
            self._not_all.append(frozenset((event["suspect"], event["weapon"], event["room"])))
        elif kind == "envelope_seen" and "envelope" in event:
            for card in event["envelope"]:
                self._place(card, ENVELOPE)
        else:
            return
        self._propagate()

    def _place(self, card: str, place: int) -> None:
        if place not in self._possible[card]:
            raise Contradiction(f"{card} cannot be at {place}")
        self._possible[card] = {place}

    def _exclude(self, card: str, place: int) -> None:
        places = self._possible[card]
        if place in places:
            if len(places) == 1:
                raise Contradiction(f"{card} has nowhere left to be")
            places.discard(place)

    def _propagate(self) -> None:
        changed = True
        while changed:
            changed = False
            known: dict[int, list[str]] = {}
            maybe: dict[int, list[str]] = {}
            for card, places in self._possible.items():
                for p in places:
                    maybe.setdefault(p, []).append(card)
                if len(places) == 1:
                    known.setdefault(next(iter(places)), []).append(card)
            sizes = {p: self.hand_sizes[p] for p in range(self.players)}
            sizes[PILE] = self.pile_size
            for p, size in sizes.items():
                k, m = known.get(p, []), maybe.get(p, [])
                if len(k) == size and len(m) > len(k):
                    for card in m:
                        if self._possible[card] != {p}:
                            self._exclude(card, p)
                    changed = True
                elif len(m) == size and len(k) < len(m):
                    for card in m:
                        self._place(card, p)
                    changed = True
                elif len(m) < size:
                    raise Contradiction(f"place {p} cannot hold {size} cards")
            for cards in self.categories.values():
                inside = [c for c in cards if self._possible[c] == {ENVELOPE}]
                could = [c for c in cards if ENVELOPE in self._possible[c]]
                if not could:
                    raise Contradiction("a category has no card left for the envelope")
                if inside and len(could) > 1:
                    for c in could:
                        if c != inside[0]:
                            self._exclude(c, ENVELOPE)
                    changed = True
                elif len(could) == 1 and self._possible[could[0]] != {ENVELOPE}:
                    self._place(could[0], ENVELOPE)
                    changed = True
            left = []
            for p, group in self._holds_one:
                if any(self._possible[c] == {p} for c in group):
                    continue
                options = [c for c in group if p in self._possible[c]]
                if not options:
                    raise Contradiction(f"seat {p} showed a card it cannot hold")
                if len(options) == 1:
                    self._place(options[0], p)
                    changed = True
                    continue
                left.append((p, frozenset(options)))
            self._holds_one = left
            for triple in self._not_all:
                out = [c for c in triple if self._possible[c] != {ENVELOPE}]
                if len(out) == 1 and ENVELOPE in self._possible[out[0]]:
                    self._exclude(out[0], ENVELOPE)
                    changed = True

    def possible(self, card: str) -> frozenset[int]:
        return frozenset(self._possible[card])

    def envelope_candidates(self, category: str) -> list[str]:
        return [c for c in self.categories[category] if ENVELOPE in self._possible[c]]

    def solution(self) -> tuple[str, ...] | None:
        out = []
        for category in self.categories:
            could = self.envelope_candidates(category)
            if len(could) != 1 or self._possible[could[0]] != {ENVELOPE}:
                return None
            out.append(could[0])
        return tuple(out)


class CruelAgent(Agent):
    """Plays the role its view names: guest or accomplice.

    A guest walks to the nearest gem while it holds fewer cards than its share,
    otherwise to rooms whose place it does not know; suggests the cards it knows
    least about, steering clear of cards other players keep naming (they may be
    bluffs); accuses only when certain; and calls a bluff on a player who named,
    at least ``call_after`` times, a card that player is known to hold.

    The accomplice collects gems until it has cards to bluff with, names its own
    cards in every suggestion it can, and when refuting shows a card it has not
    bluffed with, so that guests keep naming its bluffs.
    """

    name = "sensible"

    def __init__(self, seat: int, seed: int | None = None, call_after: int = 2) -> None:
        super().__init__(seat, seed)
        self.call_after = call_after
        self.book: GrowingCaseFile | None = None
        self.broken = False
        """The notebook met a contradiction: stop trusting it (never accuse)."""
        self.board: Board | None = None
        self.categories: dict[str, tuple[str, ...]] = {}
        self.role = "guest"
        self.named: dict[tuple[int, str], int] = {}
        """(seat, card) -> suggestions by that seat naming that card."""
        self.named_by_others: dict[str, int] = {}
        self.shown: dict[str, set[int]] = {}
        self.bluffs: list[str] = []

    # -- following ------------------------------------------------------------------

    def _follow(self, view: Mapping[str, Any]) -> GrowingCaseFile:
        if self.book is None:
            self.categories = load_card_set("classic").by_category()
            self.board = load_board(view.get("board", "classic"))
            self.book = GrowingCaseFile(self.seat, self.categories)
        self.role = view.get("role") or "guest"
        tally = view.get("tally")
        if isinstance(tally, Mapping):
            self.bluffs = list(tally.get("bluffs", []))
        for event in view["log"]:
            kind = event["kind"]
            if kind == "suggestion" and event["seat"] != self.seat:
                for card in (event["suspect"], event["weapon"]):
                    key = (event["seat"], card)
                    self.named[key] = self.named.get(key, 0) + 1
                    self.named_by_others[card] = self.named_by_others.get(card, 0) + 1
            if (
                kind in ("card_shown", "clue_shown")
                and event["seat"] == self.seat
                and "card" in event
            ):
                self.shown.setdefault(event["card"], set()).add(event["to"])
            if not self.broken:
                try:
                    self.book.observe(event)
                except Contradiction:
                    self.broken = True
        return self.book

    # -- choosing -------------------------------------------------------------------

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        book = self._follow(view)
        by_kind: dict[str, list[Action]] = {}
        for action in legal:
            if action.kind in ("accuse", "call_bluff") and action.kind in by_kind:
                continue  # built on demand; the lists are long
            by_kind.setdefault(action.kind, []).append(action)
        if "place_weapon" in by_kind or "place_gem" in by_kind:
            options = by_kind.get("place_weapon") or by_kind["place_gem"]
            return options[self.rng.randrange(len(options))]
        if "show" in by_kind:
            return self._show(by_kind["show"], view["pending"]["suggester"])
        if "show_clue" in by_kind:
            return self._show(by_kind["show_clue"], view["pending"]["named"])
        if "accuse" in by_kind and not self.broken and self.role == "guest":
            solution = book.solution()
            if solution is not None:
                suspect, weapon, room = solution
                return Action.make(self.seat, "accuse", suspect=suspect, weapon=weapon, room=room)
        if "call_bluff" in by_kind and self.role == "guest":
            call = self._bluff_call(view, book)
            if call is not None:
                return call
        if "move" in by_kind:
            return self._move(view, book, by_kind["move"])
        if "suggest" in by_kind:
            here = view["positions"][view["characters"][self.seat]]
            if view["pending"].get("stage") != "start" or self._room_value(book, here) >= 2:
                return self._suggest(view, book, by_kind["suggest"], here)
        for kind in ("roll", "end_turn"):
            if kind in by_kind:
                return by_kind[kind][0]
        safe = [a for a in legal if a.kind not in ("accuse", "call_bluff")]
        return (safe or list(legal))[0]

    # -- values ---------------------------------------------------------------------

    def _room_value(self, book: GrowingCaseFile, room: Any) -> float:
        if not isinstance(room, str) or room not in self.categories["room"]:
            return 0.0
        if self.role == "accomplice":
            return 2.0 if book.possible(room) == frozenset({self.seat}) else 1.0
        places = book.possible(room)
        if ENVELOPE in places and len(places) > 1:
            return 2.0
        return 1.0 if places == frozenset({self.seat}) else 0.5

    def _card_value(self, view: Mapping[str, Any], book: GrowingCaseFile, card: str) -> float:
        places = book.possible(card)
        if self.role == "accomplice":
            if places == frozenset({self.seat}):
                # Spread the bluffs: a card not yet bluffed with adds a new lure.
                return 3.0 if card not in self.bluffs else 2.5
            return self.rng.random()
        if ENVELOPE in places and len(places) > 1:
            # Cards others keep naming may be the accomplice's bluffs: prefer others.
            wary = 0.4 * min(self.named_by_others.get(card, 0), 5)
            return 3.0 + len(places) * 0.1 - wary
        if places == frozenset({ENVELOPE}):
            return 1.0
        if places == frozenset({self.seat}):
            return 0.8
        return 0.0

    # -- actions --------------------------------------------------------------------

    def _want_gems(self, view: Mapping[str, Any]) -> bool:
        if not view["gems"]:
            return False
        if self.role == "accomplice":
            return bool(view["hand_sizes"][self.seat] < 3)
        # Every card left in the pile is one nobody can refute with: a guest keeps
        # collecting until the pile is empty.
        return True

    def _move(
        self, view: Mapping[str, Any], book: GrowingCaseFile, moves: Sequence[Action]
    ) -> Action:
        board = self.board
        assert board is not None
        gems = {(g[0], g[1]) for g in view["gems"]}
        want_gems = self._want_gems(view)
        here = view["positions"][view["characters"][self.seat]]
        rooms = [r for r in self.categories["room"] if r != here]
        best_room = max(self._room_value(book, r) for r in rooms)
        goals = [board.node(r) for r in rooms if self._room_value(book, r) == best_room]
        if want_gems:
            goals = [board.node_of_square[g] for g in gems] + (goals if best_room >= 2 else [])
        best, best_score = moves[0], float("-inf")
        for action in moves:
            to = action["to"]
            if isinstance(to, str):
                score = 100.0 * self._room_value(book, to) + (0.0 if want_gems else 50.0)
            elif (to[0], to[1]) in gems:
                score = 180.0 if want_gems else 60.0
            else:
                node = board.node_of_square[(to[0], to[1])]
                score = -float(min(board.distances_from(g)[node] for g in goals))
            score += self.rng.random() * 0.01
            if score > best_score:
                best, best_score = action, score
        return best

    def _suggest(
        self,
        view: Mapping[str, Any],
        book: GrowingCaseFile,
        options: Sequence[Action],
        room: str,
    ) -> Action:
        named = (*self.categories["suspect"], *self.categories["weapon"])
        value = {c: self._card_value(view, book, c) for c in named}
        return max(
            options,
            key=lambda a: value[a["suspect"]] + value[a["weapon"]] + self.rng.random() * 0.01,
        )

    def _show(self, options: Sequence[Action], to: int) -> Action:
        """Show what gives away least: a card the other has seen, then one shown to
        others; the accomplice keeps its bluffs hidden as long as it can."""

        def cost(action: Action) -> tuple[int, int, int, float]:
            card = action["card"]
            seen_by = self.shown.get(card, set())
            hidden_bluff = 1 if card in self.bluffs else 0
            return (hidden_bluff, 0 if to in seen_by else 1, -len(seen_by), self.rng.random())

        return min(options, key=cost)

    def _bluff_call(self, view: Mapping[str, Any], book: GrowingCaseFile) -> Action | None:
        """Call when a player has named, ``call_after`` times or more, a card it is
        known to hold (guests rarely name their own cards; the accomplice must)."""
        if self.broken:
            return None
        best: tuple[int, int, str] | None = None
        for (seat, card), times in self.named.items():
            if times < self.call_after or view["eliminated"][seat]:
                continue
            if book.possible(card) == frozenset({seat}) and (best is None or times > best[0]):
                best = (times, seat, card)
        if best is None:
            return None
        return Action.make(self.seat, "call_bluff", player=best[1], card=best[2])
