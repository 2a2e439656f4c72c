"""How a Clussassin seat reads its log as facts about who holds which card.

There is no envelope. Every character, played or not, is a place holding one
character card (its target), one room card (kill zone) and one weapon card
(specialty); the safe room lies in the ``face_up`` pile and the two rooms
nobody uses in the ``unused`` pile. Played characters are named by their seat
number, the others by their character id, so a seat's notebook and the true
game (:meth:`ClussassinRules.card_places`) speak of the same places.

What a seat learns, event by event:

- ``setup``: the safe room is face up; no character holds its own card.
- ``dealt``: its own three cards.
- ``attack``, ``defender_revealed``, ``pickup``: the cards shown are held by
  whoever showed them. A character standing in a room who shows no kill zone
  for it does not hold that room's card (modifier cards are always shown).
- ``killed``: every card of the victim goes to the assassin (the assassin
  alone sees which).
- ``own_card_drawn``: the assassin holds its own card, until the swap.
- ``swapped``: the drawer's own card goes, seen by all, to the other player;
  the other's target card comes back, seen only by the two of them (for the
  rest of the table, one unseen character card).
- ``new_target``: a living character that has a new target does not hold its
  own card (it is only ever held between a kill and the swap it causes).

The notebook built on this reader estimates probabilities (the exact engine
does not count hands handed over). :class:`ClussassinCount` is an exact count
for the same log, over slot deals (:mod:`cluedo.deduction.slots`), not yet
used by the notebook.

>>> cats = {"suspect": ("a", "b", "c"), "weapon": ("x", "y", "z"),
...         "room": ("r1", "r2", "r3", "r4", "r5", "r6")}
>>> reader = ClussassinReader(0, cats)
>>> layout, *facts = reader.read(
...     {"kind": "setup", "characters": ["a", "b"], "safe_room": "r4"})
>>> layout.places
(0, 1, 'c', 'face_up', 'unused')
>>> facts[0], facts[-1]
(FaceUp(cards=('r4',)), HasNone(player='c', cards=('c',)))
>>> reader.read({"kind": "killed", "assassin": "a", "victim": "c", "cards": 3})
[HandOver(source='c', target='0')]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cluedo.deduction.errors import DeductionError
from cluedo.deduction.observations import FaceUp, HandOver, HasNone, Shown, Transfer
from cluedo.deduction.places import Layout, Place, place_of
from cluedo.deduction.reading import Event, EventReader, Reading
from cluedo.deduction.setup import FACE_UP
from cluedo.deduction.slots import SlotDeal

UNUSED = "unused"
"""The pile of the two room cards nobody uses."""
UNUSED_ROOMS = 2


class ClussassinReader(EventReader):
    """One seat's reading of Clussassin events (``seat`` None: a spectator)."""

    def __init__(
        self,
        seat: int | None,
        categories: Mapping[str, Sequence[str]],
        *,
        characters: str = "suspect",
        rooms: str = "room",
    ) -> None:
        super().__init__(seat, categories)
        self.character_category = characters
        self.room_category = rooms
        self.rooms = frozenset(self.categories[rooms])
        self.played: tuple[str, ...] = ()
        """The character of each seat."""
        self.names: dict[str, str] = {}
        """Each character's place name: its seat number if played, else its id."""
        self.room_of: dict[str, str | None] = {}
        """The room each played character stands in (None: the hallway)."""
        self.swap: tuple[str, str] | None = None
        """(drawer, other) of a swap whose returning card this seat sees next."""
        # Clussassin has no suggestions, refutations, accusations nor envelope,
        # so none of the shared readers but the deal apply.
        self.readers = {
            "setup": self.on_setup,
            "dealt": self.on_dealt,
            "moved": self.on_moved,
            "passage": self.on_moved,
            "escape": self.on_escape,
            "attack": self.on_attack,
            "defender_revealed": self.on_defender_revealed,
            "pickup": self.on_pickup,
            "killed": self.on_killed,
            "own_card_drawn": self.on_own_card_drawn,
            "swapped": self.on_swapped,
            "new_target": self.on_new_target,
        }

    def layout(self, played: Sequence[str]) -> Layout:
        """Every character holds one card of each category; the safe room is face up
        and two rooms are unused."""
        everyone = self.categories[self.character_category]
        one_each = {name: 1 for name in self.categories}
        sizes: dict[Place, int] = {}
        per_category: dict[Place, dict[str, int]] = {}
        places: list[Place] = list(range(len(played)))
        places += [c for c in everyone if c not in played]
        for place in places:
            sizes[place] = len(one_each)
            per_category[place] = dict(one_each)
        sizes[FACE_UP] = 1
        per_category[FACE_UP] = {self.room_category: 1}
        sizes[UNUSED] = UNUSED_ROOMS
        per_category[UNUSED] = {self.room_category: UNUSED_ROOMS}
        return Layout.create(self.categories, sizes, per_category)

    def name(self, character: str) -> str:
        return self.names[character]

    # -- the deal -------------------------------------------------------------------

    def exact_counter(self) -> ClussassinCount:
        """The exact count of this seat's log (see :class:`ClussassinCount`)."""
        return ClussassinCount(self.seat, self.categories)

    def on_setup(self, event: Event) -> list[Reading]:
        self.played = tuple(event["characters"])
        self.players = len(self.played)
        everyone = self.categories[self.character_category]
        self.names = {c: str(self.played.index(c)) if c in self.played else c for c in everyone}
        self.room_of = dict.fromkeys(self.played)  # every token starts in the hallway
        self.swap = None
        out: list[Reading] = [self.layout(self.played), FaceUp((event["safe_room"],))]
        # The target cards are dealt again until nobody holds their own.
        out += [HasNone(self.name(c), (c,)) for c in everyone]
        return out

    # -- where the tokens are (a room's card not shown is not held) -----------------

    def on_moved(self, event: Event) -> list[Reading]:
        self.room_of[self.played[event["seat"]]] = _room(event["to"])
        return []

    def on_escape(self, event: Event) -> list[Reading]:
        if event["to"] is not None:
            self.room_of[event["character"]] = _room(event["to"])
        return []

    def _modifiers(self, character: str, revealed: Sequence[str]) -> list[Reading]:
        """The shown cards are held; standing in a room and not showing its card (a
        kill zone is always shown) means not holding it."""
        out: list[Reading] = [Shown(self.name(character), c) for c in revealed if c in self.known]
        room = self.room_of.get(character)
        if room in self.rooms and room not in revealed:
            out.append(HasNone(self.name(character), (room,)))
        return out

    def on_attack(self, event: Event) -> list[Reading]:
        return self._modifiers(event["attacker"], event["revealed"])

    def on_defender_revealed(self, event: Event) -> list[Reading]:
        return self._modifiers(event["character"], event["revealed"])

    def on_pickup(self, event: Event) -> list[Reading]:
        return [Shown(self.name(event["character"]), event["weapon"])]

    # -- cards that change hands ----------------------------------------------------

    def on_killed(self, event: Event) -> list[Reading]:
        victim, assassin = event["victim"], event["assassin"]
        self.room_of.pop(victim, None)
        out: list[Reading] = [HandOver(self.name(victim), self.name(assassin))]
        cards = event["cards"]
        if isinstance(cards, list):  # the assassin's own log lists them
            out += [Shown(self.name(assassin), c) for c in cards if c in self.known]
        return out

    def on_own_card_drawn(self, event: Event) -> list[Reading]:
        character = event["character"]
        return [Shown(self.name(character), character)]

    def on_swapped(self, event: Event) -> list[Reading]:
        drawer, other = event["character"], event["with"]
        mine = Transfer(self.name(drawer), self.name(other), card=drawer)
        if self.seat is not None and str(self.seat) in (self.name(drawer), self.name(other)):
            self.swap = (drawer, other)  # the returning card is in the next event
            return [mine]
        # The card coming back is unseen: first let any character card of the other
        # player reach the drawer, then move the drawer's own card, which is seen.
        unseen = Transfer(self.name(other), self.name(drawer), category=self.character_category)
        return [unseen, mine]

    def on_new_target(self, event: Event) -> list[Reading]:
        character = event["character"]
        out: list[Reading] = []
        if self.swap is not None and self.swap[0] == character and "target" in event:
            drawer, other = self.swap
            self.swap = None
            out.append(Transfer(self.name(other), self.name(drawer), card=event["target"]))
        # A living character holds its own card only between a kill and its swap.
        out.append(HasNone(self.name(character), (character,)))
        return out


def _room(location: object) -> str | None:
    """The room of a location as the log gives it (a room id, or a square [row, col])."""
    return location if isinstance(location, str) else None


class ClussassinCount:
    """Exact probabilities from one seat's log, by counting slot deals.

    A prototype of an exact notebook for Clussassin (see
    :mod:`cluedo.deduction.slots`): cards are dealt into slots - a character's
    target, kill zone and specialty, the safe room, the two unused rooms - and
    after that only slots change holders, always in public: a kill hands all
    the victim's slots to the assassin, whose target slot becomes the victim's;
    a swap trades the two target slots. So everything a seat sees allows or
    forbids single (card, slot) pairs, and each category's consistent deals
    are counted exactly. It reads the log through :class:`ClussassinReader`
    and adds what the slots make precise: an attacker's shown target lies in
    its target slot, and a swap moves two known slots rather than "some
    character card".

    >>> count = ClussassinCount(0, {"suspect": ("a", "b", "c"), "weapon": ("x", "y", "z"),
    ...                             "room": ("r1", "r2", "r3", "r4", "r5", "r6")})
    >>> count.observe_event({"kind": "setup", "characters": ["a", "b"], "safe_room": "r4"})
    >>> count.deal.distribution("a")  # a derangement of three: b or c hunts a
    {1: Fraction(1, 2), 'c': Fraction(1, 2)}
    """

    def __init__(self, seat: int | None, categories: Mapping[str, Sequence[str]]) -> None:
        self.reader = ClussassinReader(seat, categories)
        self._deal: SlotDeal | None = None
        self.target_slot: dict[str, str] = {}
        """The slot holding each living character's target card (public)."""

    @property
    def deal(self) -> SlotDeal:
        if self._deal is None:
            raise DeductionError("the cards have not been dealt yet")
        return self._deal

    def observe_event(self, event: Event) -> None:
        kind = event["kind"]
        for item in self.reader.read(event):
            if isinstance(item, Layout):
                self._deal = SlotDeal.of_layout(item)
                suspects = self.reader.character_category
                self.target_slot = {
                    c: f"{place_of(self.reader.name(c))}/{suspects}/0" for c in self.reader.names
                }
            elif not isinstance(item, Transfer):  # a swap is followed slot by slot below
                self.deal.observe(item)
        if kind == "attack":
            self.deal.pin(event["target"], self.target_slot[event["attacker"]])
        elif kind == "killed":
            self.target_slot[event["assassin"]] = self.target_slot.pop(event["victim"])
        elif kind == "own_card_drawn":
            character = event["character"]
            self.deal.pin(character, self.target_slot[character])
        elif kind == "swapped":
            drawer, other = event["character"], event["with"]
            mine, theirs = self.target_slot[drawer], self.target_slot[other]
            self.deal.exchange(mine, theirs)
            self.target_slot[drawer], self.target_slot[other] = theirs, mine
        if kind == "new_target" and "target" in event:
            self.deal.pin(event["target"], self.target_slot[event["character"]])
