"""The constraint record: what the observations say about the deal.

A deal assigns every card to an *atom*: a slot group of fixed size owned by a
location. At the start every player, pile and envelope category is one atom.
Variants refine atoms: an unseen draw splits the pile's atom into "the card
drawn" (size 1, now owned by the drawer) and the rest. Because a shuffled pile
or hand makes every refinement equally likely, a uniform prior over atom
assignments is the right prior for the game, and constraints about a hand at
some moment are constraints about the atoms it owned then.

Seen moves of a known card do not change atoms: the card keeps its atom (it
occupied a slot in the deal) and only its *current* location is overridden.

The record holds, per card, a bitmask of atoms it may be in; "at least one of"
clauses (atom mask, cards); and envelope triples ruled out by wrong accusations.
It is immutable: :meth:`Record.apply` returns a new record.
"""

from __future__ import annotations

from dataclasses import dataclass

from cluedo.deduction.errors import (
    ContradictionError,
    UnknownNameError,
    UnsupportedObservationError,
)
from cluedo.deduction.observations import (
    Draw,
    FaceUp,
    Hand,
    HandOver,
    HasNone,
    HasOneOf,
    Observation,
    Shown,
    Transfer,
    WrongAccusation,
    describe,
)
from cluedo.deduction.setup import ENVELOPE, FACE_UP, DealSetup


@dataclass(frozen=True)
class Atom:
    """A group of ``size`` slots owned by location ``owner``."""

    owner: str
    size: int
    category: int = -1
    """For an envelope atom, the index of the only category it accepts."""


@dataclass(frozen=True)
class Record:
    """Everything observed so far, in atom form. Cheap to copy (tuples)."""

    setup: DealSetup
    atoms: tuple[Atom, ...]
    allowed: tuple[int, ...]
    clauses: frozenset[tuple[int, frozenset[int]]]
    wrong: frozenset[tuple[int, ...]]
    overrides: tuple[tuple[int, str], ...] = ()
    origins: tuple[tuple[int, str], ...] = ()

    @classmethod
    def initial(cls, setup: DealSetup) -> Record:
        """The record before any observation."""
        atoms: list[Atom] = [Atom(name, size) for name, size in setup.players]
        for k, _ in enumerate(setup.categories):
            atoms.append(Atom(ENVELOPE, 1, k))
        atoms.extend(Atom(name, size) for name, size in setup.piles)
        common = 0
        for i, a in enumerate(atoms):
            if a.category < 0:
                common |= 1 << i
        allowed: list[int] = []
        for k, (_, cards) in enumerate(setup.categories):
            env = 1 << (len(setup.players) + k)
            allowed.extend(common | env for _ in cards)
        return cls(setup, tuple(atoms), tuple(allowed), frozenset(), frozenset())

    # -- queries -----------------------------------------------------------

    def _with(
        self,
        *,
        atoms: tuple[Atom, ...] | None = None,
        allowed: tuple[int, ...] | None = None,
        clauses: frozenset[tuple[int, frozenset[int]]] | None = None,
        wrong: frozenset[tuple[int, ...]] | None = None,
        overrides: tuple[tuple[int, str], ...] | None = None,
        origins: tuple[tuple[int, str], ...] | None = None,
    ) -> Record:
        """This record with some fields changed (``dataclasses.replace``, faster)."""
        return Record(
            self.setup,
            self.atoms if atoms is None else atoms,
            self.allowed if allowed is None else allowed,
            self.clauses if clauses is None else clauses,
            self.wrong if wrong is None else wrong,
            self.overrides if overrides is None else overrides,
            self.origins if origins is None else origins,
        )

    @property
    def cards(self) -> tuple[str, ...]:
        """Card ids; a card's index is its position here."""
        return self.setup.cards

    def card_index(self, card: str) -> int:
        """Index of a card id, or :class:`UnknownNameError`."""
        try:
            return self.setup.card_position[card]
        except KeyError:
            raise UnknownNameError(
                f"unknown card {card!r}; known cards: {', '.join(self.cards)}"
            ) from None

    def mask_of(self, location: str) -> int:
        """Bitmask of the atoms ``location`` owns now."""
        m = 0
        for i, a in enumerate(self.atoms):
            if a.owner == location:
                m |= 1 << i
        return m

    def override_of(self, card: int) -> str | None:
        """Where a card moved to in a seen move, if it did."""
        for c, loc in self.overrides:
            if c == card:
                return loc
        return None

    def current_size(self, location: str) -> int:
        """How many cards ``location`` holds now."""
        n = sum(a.size for a in self.atoms if a.owner == location)
        n -= sum(1 for c, _ in self.overrides if dict(self.origins)[c] == location)
        n += sum(1 for _, loc in self.overrides if loc == location)
        return n

    # -- updates -----------------------------------------------------------

    def branches(self, obs: Observation) -> tuple[Record, ...]:
        """The records that together stand for this one with ``obs`` added.

        Only an unseen card leaving a hand of several atoms (or holding cards
        seen moving in) gives more than one: one branch per place the card
        can have come from. Each refined world is in exactly one branch.
        """
        if isinstance(obs, Draw) and obs.card is None:
            if obs.pile not in self.setup.pile_names:
                raise UnknownNameError(
                    f"unknown pile {obs.pile!r}; piles: {', '.join(self.setup.pile_names)}"
                )
            return self._unseen_move(obs, obs.pile, obs.player)
        if isinstance(obs, HandOver) or (isinstance(obs, Transfer) and obs.category):
            raise UnsupportedObservationError(
                f"the exact count does not follow this move ({describe(obs)})"
            )
        if isinstance(obs, Transfer) and obs.card is None:
            self._player(obs.source)
            return self._unseen_move(obs, obs.source, obs.target)
        return (self.apply(obs),)

    def apply(self, obs: Observation) -> Record:
        """The record with ``obs`` added; raises on names or plain contradictions.

        Unseen moves can need several records: use :meth:`branches`.
        """
        if isinstance(obs, Hand):
            return self._hand(obs)
        if isinstance(obs, Shown):
            return self._holds(obs, obs.player, self.card_index(obs.card))
        if isinstance(obs, HasOneOf):
            return self._has_one_of(obs)
        if isinstance(obs, HasNone):
            return self._has_none(obs)
        if isinstance(obs, FaceUp):
            if FACE_UP not in self.setup.pile_names:
                raise UnknownNameError("this deal has no face-up pile (no cards are left over)")
            rec = self
            for c in obs.cards:
                rec = rec._holds(obs, FACE_UP, rec.card_index(c))
            return rec
        if isinstance(obs, WrongAccusation):
            return self._wrong(obs)
        if isinstance(obs, Draw):
            if obs.pile not in self.setup.pile_names:
                raise UnknownNameError(
                    f"unknown pile {obs.pile!r}; piles: {', '.join(self.setup.pile_names)}"
                )
            return self._move(obs, obs.pile, obs.player, obs.card)
        if isinstance(obs, Transfer):
            self._player(obs.source)
            return self._move(obs, obs.source, obs.target, obs.card)
        raise TypeError(f"not an observation: {obs!r}")

    def _player(self, name: str) -> str:
        if name not in self.setup.player_names:
            raise UnknownNameError(
                f"unknown player {name!r}; players: {', '.join(self.setup.player_names)}"
            )
        return name

    def _restrict(self, card: int, mask: int) -> tuple[int, ...]:
        allowed = list(self.allowed)
        allowed[card] &= mask
        return tuple(allowed)

    def _holds(self, obs: Observation, location: str, card: int) -> Record:
        if location not in self.setup.locations:
            self._player(location)
        moved = self.override_of(card)
        if moved is not None:
            if moved != location:
                raise ContradictionError(obs, f"{self.cards[card]} was seen moving to {moved}")
            return self
        return self._with(allowed=self._restrict(card, self.mask_of(location)))

    def _hand(self, obs: Hand) -> Record:
        player = self._player(obs.player)
        idx = {self.card_index(c) for c in obs.cards}
        size = self.current_size(player)
        if len(idx) != size:
            raise ContradictionError(obs, f"{player} holds {size} cards, not {len(idx)}")
        rec = self
        mask = self.mask_of(player)
        for c in range(len(self.cards)):
            moved = self.override_of(c)
            if c in idx:
                rec = rec._holds(obs, player, c)
            elif moved == player:
                raise ContradictionError(obs, f"{self.cards[c]} was seen moving to {player}")
            elif moved is None:
                rec = rec._with(allowed=rec._restrict(c, ~mask))
        return rec

    def _has_one_of(self, obs: HasOneOf) -> Record:
        player = self._player(obs.player)
        idx = [self.card_index(c) for c in obs.cards]
        if any(self.override_of(c) == player for c in idx):
            return self
        free = frozenset(c for c in idx if self.override_of(c) is None)
        if not free:
            raise ContradictionError(obs, f"none of these cards can be with {player}")
        return self._with(clauses=self.clauses | {(self.mask_of(player), free)})

    def _has_none(self, obs: HasNone) -> Record:
        player = self._player(obs.player)
        allowed = list(self.allowed)
        mask = self.mask_of(player)
        for name in obs.cards:
            c = self.card_index(name)
            moved = self.override_of(c)
            if moved == player:
                raise ContradictionError(obs, f"{name} was seen moving to {player}")
            if moved is None:
                allowed[c] &= ~mask
        return self._with(allowed=tuple(allowed))

    def _wrong(self, obs: WrongAccusation) -> Record:
        idx = [self.card_index(c) for c in obs.cards]
        cats = self.setup.category_names
        by_cat: dict[str, int] = {}
        for c in idx:
            by_cat[self.setup.category_of(self.cards[c])] = c
        if len(idx) != len(cats) or len(by_cat) != len(cats):
            raise UnknownNameError(
                f"an accusation names one card of each category ({', '.join(cats)})"
            )
        triple = tuple(by_cat[k] for k in cats)
        return self._with(wrong=self.wrong | {triple})

    def _move(self, obs: Observation, source: str, target: str, card: str | None) -> Record:
        self._player(target)
        if source == target:
            raise UnsupportedObservationError("a card cannot move to the hand it came from")
        if self.current_size(source) < 1:
            raise ContradictionError(obs, f"{source} has no card to give")
        if card is not None:
            c = self.card_index(card)
            rec = self._holds(obs, source, c)
            origins = dict(rec.origins)
            origins.setdefault(c, source)
            overrides = dict(rec.overrides)
            overrides[c] = target
            return rec._with(
                overrides=tuple(sorted(overrides.items())),
                origins=tuple(sorted(origins.items())),
            )
        branches = self._unseen_move(obs, source, target)
        if len(branches) != 1:
            raise UnsupportedObservationError("this unseen move needs branches(): use it")
        return branches[0]

    def _unseen_move(self, obs: Observation, source: str, target: str) -> tuple[Record, ...]:
        """An unseen card, uniform among ``source``'s cards, goes to ``target``."""
        self._player(target)
        if source == target:
            raise UnsupportedObservationError("a card cannot move to the hand it came from")
        if self.current_size(source) < 1:
            raise ContradictionError(obs, f"{source} has no card to give")
        out = [
            self._split(a, target)
            for a, atom in enumerate(self.atoms)
            if atom.owner == source and atom.size > 0
        ]
        for c, loc in self.overrides:
            if loc == source:  # a card seen moving in is the one taken
                overrides = dict(self.overrides)
                overrides[c] = target
                out.append(self._with(overrides=tuple(sorted(overrides.items()))))
        return tuple(out)

    def _split(self, a: int, target: str) -> Record:
        """Atom ``a`` gives one unseen card: split it into (rest, moved to ``target``).

        Cards seen leaving earlier cannot be the one taken: they get no place
        in the new atom.
        """
        old = self.atoms[a]
        new = len(self.atoms)
        atoms = list(self.atoms)
        atoms[a] = Atom(old.owner, old.size - 1)
        atoms.append(Atom(target, 1))
        moved = {c for c, _ in self.overrides}
        allowed = [
            m | (1 << new) if (m >> a) & 1 and c not in moved else m
            for c, m in enumerate(self.allowed)
        ]
        clauses = frozenset((m | (1 << new) if (m >> a) & 1 else m, cs) for m, cs in self.clauses)
        return self._with(atoms=tuple(atoms), allowed=tuple(allowed), clauses=clauses)


Branches = tuple[tuple[Record, int], ...]
"""Weighted records: the worlds of the record are the union of the branches'."""

MAX_BRANCHES = 64


def room_left(record: Record) -> list[int] | None:
    """The room each hand slot has left once the plain deductions are made, or None
    when they already show the record has no deal (it may have none even so)."""
    from cluedo.deduction.counting import Infeasible, propagate

    try:
        room, _, _ = propagate([a.size for a in record.atoms], record.allowed, list(record.clauses))
    except Infeasible:
        return None
    return room


def apply_branches(branches: Branches, obs: Observation) -> Branches:
    """Add ``obs`` to every branch; equal records merge, adding their weights."""
    if len(branches) == 1:  # the usual case: nothing to merge
        record, weight = branches[0]
        refined = record.branches(obs)
        if len(refined) == 1:
            return ((refined[0], weight),)
    merged: dict[Record, int] = {}
    first_error: ContradictionError | None = None
    for record, weight in branches:
        try:
            refined = record.branches(obs)
        except ContradictionError as err:
            # This history of unseen moves cannot be (the card it moved is now known
            # elsewhere, say): drop it; the other histories may still stand.
            first_error = first_error or err
            continue
        for rec in refined:
            merged[rec] = merged.get(rec, 0) + weight
    if not merged and first_error is not None:
        raise first_error
    if len(merged) > MAX_BRANCHES:
        # Histories the plain deductions already rule out would fall away at the next
        # count; drop them now, so a batch of observations keeps as few as one by one.
        merged = {rec: w for rec, w in merged.items() if room_left(rec) is not None}
    if len(merged) > MAX_BRANCHES:
        raise UnsupportedObservationError(
            f"more than {MAX_BRANCHES} possible histories of unseen moves; "
            "the notebook does not track that many"
        )
    return tuple(merged.items())
