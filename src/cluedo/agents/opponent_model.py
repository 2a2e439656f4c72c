"""What the other players' choices say about the deal: deals drawn with an opponent-aware weight.

The exact notebook counts every deal that fits the facts as equally likely. But
players do not name cards at random: a player rarely names a suspect or weapon
it holds (it learns nothing from its own card), so a card named by a player is
less likely to be in that player's hand than the plain count says. This module
draws deals from the seat's :class:`~cluedo.deduction.knowledge.CardKnowledge`
with a weight for that: each time a player named a suspect or weapon that the
deal puts in its own hand, the deal's weight is multiplied by :data:`OWN_CARD`.
With ``aware=False`` the weight is 1 and the draws are the plain model's.

Deals are drawn by a Markov chain over the exact record (cards swapped between
hands and the envelope, a swap kept only if every fact still holds), started
from exact uniform draws of the notebook, so the plain model needs no burn-in
and the weighted one only a short one.

>>> from cluedo.deduction.reading import EventReader
>>> from cluedo.deduction.knowledge import CardKnowledge
>>> cats = {"suspect": ("a", "b"), "weapon": ("c", "d"), "room": ("e", "f")}
>>> book = CardKnowledge(EventReader(0, cats))
>>> book.observe_event({"kind": "setup", "hand_sizes": [2, 1]})
>>> book.observe_event({"kind": "dealt", "seat": 0, "hand": ["a", "c"]})
>>> draws = DealSampler(book, 0).draw(random.Random(1), 40)
>>> sorted({d["b"] for d in draws}), sorted({d["e"] for d in draws}, key=str)
(['envelope'], [1, 'envelope'])
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cluedo.agents.base import ENVELOPE

if TYPE_CHECKING:
    from cluedo.deduction.knowledge import CardKnowledge
    from cluedo.deduction.places import Place

OWN_CARD = 0.05
"""How much less likely a player is to name a suspect or weapon it holds than one it
does not (a likelihood ratio). Read on 150 sensible bots' games at six players
(``benchmarks/bench_calibration.py``), a player held a suspect or weapon it had named
itself 0.4% of the time where the plain notebook said 10.9%, and the opponent-aware
odds with this ratio 1.0%; at three players 4.6%, against 29.3% and 2.8%."""

RENAMED = 0.5
"""For a card a player named again after some player had answered a question of its
that named the card: the ratio for that answerer holding it (had it shown the card,
the asker would know where it is and would rarely name it again)."""


SHOWN_ROOM = 0.1
"""For a question of this seat's where the answerer showed it a suspect or weapon (not
one it had shown this seat before) although the room was named too: the ratio for that
answerer holding the room. Careful players show a room when they can (there are more
rooms, so a room tells less): on sensible bots' games such an answerer held the room
1.8% of the time at six players (20 games, 333 answers) and 2.0% at three (30 games,
354), where a third to a tenth of that would be the plain odds' share. Tried in the
strong bot and not kept (see docs/bots.md): :class:`Likelihood` leaves it out unless
asked."""


@dataclass(frozen=True)
class Likelihood:
    """The opponent-aware model's ratios (1 leaves a kind of evidence out)."""

    own_card: float = OWN_CARD
    renamed: float = RENAMED
    shown_room: float = 1.0
    """Left out by default: with :data:`SHOWN_ROOM` the strong bot did not win more."""


@dataclass(frozen=True)
class Question:
    """One suggestion as this seat saw it."""

    asker: int
    cards: tuple[str, ...]
    """The named suspect, weapon and room."""
    passed: tuple[int, ...] = ()
    """Players who said they hold none of the cards, in order."""
    answerer: int | None = None
    shown: str | None = None
    """The card shown, when this seat saw it (it asked or it answered)."""


@dataclass
class QuestionLog:
    """Every suggestion of the game, read from one seat's events in order."""

    seat: int
    questions: list[Question] = field(default_factory=list)
    wrong: list[tuple[int, tuple[str, ...]]] = field(default_factory=list)
    """Wrong accusations: (accuser, named cards)."""

    def observe_event(self, event: Mapping[str, Any]) -> None:
        kind = event["kind"]
        if kind == "suggestion":
            named = (event["suspect"], event["weapon"], event["room"])
            self.questions.append(Question(int(event["seat"]), named))
        elif kind == "cannot_refute" and self.questions:
            last = self.questions[-1]
            self.questions[-1] = Question(
                last.asker, last.cards, (*last.passed, int(event["seat"]))
            )
        elif kind == "card_shown" and self.questions:
            last = self.questions[-1]
            self.questions[-1] = Question(
                last.asker, last.cards, last.passed, int(event["seat"]), event.get("card")
            )
        elif kind == "accusation" and not event.get("correct", True):
            named = (event["suspect"], event["weapon"], event["room"])
            self.wrong.append((int(event["seat"]), named))

    def shown_to(self, seat: int) -> list[Question]:
        """The questions of ``seat`` that another player answered."""
        return [q for q in self.questions if q.asker == seat and q.answerer is not None]


class DealSampler:
    """Deals consistent with a seat's knowledge, drawn plain or opponent-aware.

    ``questions`` are the game's suggestions (for the opponent-aware weight);
    the seat's own questions carry no weight (its hand is known).
    """

    SWEEPS = 2
    """Proposed swaps per card between two kept draws."""

    def __init__(
        self,
        book: CardKnowledge,
        seat: int,
        questions: Sequence[Question] = (),
        aware: bool = False,
        likelihood: Likelihood = Likelihood(),
    ) -> None:
        notebook = book.exact_notebook()
        if notebook is None or len(notebook.branches) != 1:
            raise ValueError("opponent-aware draws need the exact count of a plain deal")
        self.book = book
        record = notebook.record
        self.cards: tuple[str, ...] = record.cards
        self.index = {c: i for i, c in enumerate(self.cards)}
        self.allowed = record.allowed
        self.atom_place: list[Place] = []
        self.envelope_atom: dict[int, int] = {}
        """Category index -> the envelope's atom for it."""
        for a, atom in enumerate(record.atoms):
            if atom.owner == ENVELOPE:
                self.envelope_atom[atom.category] = a
                self.atom_place.append(ENVELOPE)
            else:
                self.atom_place.append(int(atom.owner) if atom.owner.isdigit() else atom.owner)
        self._envelope_atoms = frozenset(self.envelope_atom.values())
        self.atom_sizes = tuple(atom.size for atom in record.atoms)
        self.seat_atom = {p: a for a, p in enumerate(self.atom_place) if p != ENVELOPE}
        category_index = {name: k for k, (name, _) in enumerate(record.setup.categories)}
        self.category = [category_index[record.setup.category_of(c)] for c in self.cards]
        self.clauses = [(mask, tuple(cards)) for mask, cards in record.clauses]
        self.clauses_of: list[list[int]] = [[] for _ in self.cards]
        for k, (_, cards) in enumerate(self.clauses):
            for c in cards:
                self.clauses_of[c].append(k)
        self.wrong = set(record.wrong)
        self.mobile = [c for c, mask in enumerate(self.allowed) if mask & (mask - 1)]
        # weight[c][atom]: the log of the factor a deal gets for holding card c there.
        self.aware = aware
        self.weight: list[dict[int, float]] = [{} for _ in self.cards]
        if aware:
            for card, by_seat in place_weights(questions, seat, likelihood).items():
                where = self.index.get(card)
                if where is None:
                    continue
                for holder, factor in by_seat.items():
                    slot = self.seat_atom.get(holder)
                    if slot is not None and factor != 1.0:
                        self.weight[where][slot] = math.log(factor)

    # -- the chain ------------------------------------------------------------------

    def _start(self, rng: random.Random) -> list[int]:
        """An exact uniform draw of the plain model, as atom indices per card."""
        placed = self.book.sample(rng)
        owner = []
        for c, card in enumerate(self.cards):
            place = placed[card]
            owner.append(
                self.envelope_atom[self.category[c]] if place == ENVELOPE else self.seat_atom[place]
            )
        return owner

    def log_weight(self, owner: Sequence[int]) -> float:
        """The log of a draw's opponent-aware weight (0 when not aware)."""
        return sum(w.get(owner[c], 0.0) for c, w in enumerate(self.weight))

    def _walk(self, owner: list[int], steps: int, rng: random.Random) -> None:
        """``steps`` proposed swaps of two cards' places (Metropolis for the weight)."""
        mobile = self.mobile
        n = len(mobile)
        if n < 2:
            return
        allowed, weight, aware = self.allowed, self.weight, self.aware
        clauses, clauses_of, wrong = self.clauses, self.clauses_of, self.wrong
        uniform = rng.random
        for _ in range(steps):
            a = mobile[int(uniform() * n)]
            b = mobile[int(uniform() * n)]
            pa, pb = owner[a], owner[b]
            if pa == pb or not (allowed[a] >> pb & 1 and allowed[b] >> pa & 1):
                continue
            if aware:
                wa, wb = weight[a], weight[b]
                if wa or wb:
                    delta = wa.get(pb, 0.0) - wa.get(pa, 0.0) + wb.get(pa, 0.0) - wb.get(pb, 0.0)
                    if delta < 0.0 and uniform() >= math.exp(delta):
                        continue
            owner[a], owner[b] = pb, pa
            ok = True
            for k in (*clauses_of[a], *clauses_of[b]):
                mask, cards = clauses[k]
                for x in cards:
                    if mask >> owner[x] & 1:
                        break
                else:
                    ok = False
                    break
            if ok and wrong and self._envelope(owner) in wrong:
                ok = False
            if not ok:
                owner[a], owner[b] = pa, pb

    def _envelope(self, owner: list[int]) -> tuple[int, ...]:
        """The envelope's card indices, in category order."""
        inside = {a: c for c, a in enumerate(owner) if a in self._envelope_atoms}
        return tuple(inside[self.envelope_atom[k]] for k in sorted(self.envelope_atom))

    def consistent(self, owner: Sequence[int]) -> bool:
        """Whether a draw (atom index per card) fits every fact of the record."""
        if len(owner) != len(self.allowed):
            return False
        if any(not self.allowed[c] >> a & 1 for c, a in enumerate(owner)):
            return False
        if any(not any(mask >> owner[x] & 1 for x in cards) for mask, cards in self.clauses):
            return False
        sizes = Counter(owner)
        if any(sizes[a] != size for a, size in enumerate(self.atom_sizes)):
            return False
        return not (self.wrong and self._envelope(list(owner)) in self.wrong)

    def draw_owners(
        self,
        rng: random.Random,
        count: int,
        chains: int = 4,
        starts: Sequence[Sequence[int]] = (),
    ) -> list[list[int]]:
        """``count`` draws as atom indices per card (see :meth:`draw`).

        ``starts`` are earlier draws to go on from where they still fit the facts
        (saving the exact draws a chain starts from otherwise).
        """
        out: list[list[int]] = []
        per_chain = -(-count // chains)
        sweep = self.SWEEPS * max(len(self.mobile), 1)
        fitting = [list(s) for s in starts if self.consistent(s)]
        for k in range(chains):
            if k < len(fitting):
                owner = fitting[k]
                self._walk(owner, 4 * sweep, rng)
            else:
                owner = self._start(rng)
                if self.aware:
                    self._walk(owner, 4 * sweep, rng)  # leave the plain start behind
            for _ in range(per_chain):
                if len(out) == count:
                    break
                out.append(list(owner))
                self._walk(owner, sweep, rng)
        return out

    def draw(self, rng: random.Random, count: int, chains: int = 4) -> list[dict[str, Place]]:
        """``count`` deals (card -> place), from ``chains`` independent chains."""
        return [self.placement(o) for o in self.draw_owners(rng, count, chains)]

    def placement(self, owner: Sequence[int]) -> dict[str, Place]:
        return {card: self.atom_place[owner[c]] for c, card in enumerate(self.cards)}

    def envelope_of(self, owner: Sequence[int]) -> tuple[str, ...]:
        """The envelope a draw holds, one card per category in category order."""
        inside = {
            self.category[c]: c for c, a in enumerate(owner) if self.atom_place[a] == ENVELOPE
        }
        return tuple(self.cards[inside[k]] for k in sorted(inside))


def envelope_odds(
    sampler: DealSampler, owners: Sequence[Sequence[int]]
) -> list[tuple[tuple[str, ...], float]]:
    """The envelopes the draws hold, most frequent first, with their share of draws."""
    counts = Counter(sampler.envelope_of(o) for o in owners)
    total = sum(counts.values())
    return [(env, n / total) for env, n in counts.most_common()]


def place_weights(
    questions: Sequence[Question], seat: int, likelihood: Likelihood = Likelihood()
) -> dict[str, dict[int, float]]:
    """card -> seat -> the factor by which a deal putting the card in that seat's hand
    is less likely, from the other players' choices (see :class:`Likelihood`).

    >>> ask = Question(1, ("plum", "rope", "hall"), (), 2, None)
    >>> weights = place_weights([ask, ask], 0)
    >>> round(weights["plum"][1], 4), round(weights["plum"][2], 2)
    (0.0025, 0.5)

    An answer that showed this seat a weapon where a room could have been shown:

    >>> mine = Question(0, ("plum", "rope", "hall"), (1,), 2, "rope")
    >>> place_weights([mine], 0, Likelihood(shown_room=SHOWN_ROOM))["hall"]
    {2: 0.1}
    """
    out: dict[str, dict[int, float]] = {}

    def scale(card: str, holder: int, factor: float) -> None:
        if factor != 1.0:
            row = out.setdefault(card, {})
            row[holder] = row.get(holder, 1.0) * factor

    answered: dict[tuple[int, str], set[int]] = {}
    shown_here: dict[int, set[str]] = {}
    """The cards each player has shown this seat."""
    for q in questions:
        if q.asker == seat and q.answerer is not None and q.shown is not None:
            before = shown_here.setdefault(q.answerer, set())
            room = q.cards[2]
            if q.shown != room and q.shown not in before and room not in before:
                scale(room, q.answerer, likelihood.shown_room)
            before.add(q.shown)
        if q.asker != seat:
            for card in q.cards[:2]:  # the room is where the asker stands: no choice
                scale(card, q.asker, likelihood.own_card)
                for answerer in answered.get((q.asker, card), ()):
                    scale(card, answerer, likelihood.renamed)
        if q.answerer is None:
            continue
        if q.shown is None:
            for card in q.cards:
                answered.setdefault((q.asker, card), set()).add(q.answerer)
    return out


@dataclass(frozen=True)
class AwareOdds:
    """The plain exact odds with the naming weight applied card by card.

    Each card's weight at a place is ``OWN_CARD`` to the power of the times that
    place's player named it; the envelope carries no weight. Per card the place
    odds are the plain ones times the weight, normalised; an envelope's odds are
    its plain odds divided by the mean weight of each of its cards outside the
    envelope (the deal's weight is the product of its cards' weights, and a card
    in the envelope escapes its factor). Correlations between hands are left out:
    an approximation of the weighted count, checked against weighted draws.
    """

    cards: Mapping[str, Mapping[Place, float]]
    envelopes: Sequence[tuple[tuple[str, ...], float]]
    """Every possible envelope with its odds, most likely first."""

    def probability(self, card: str, place: Place) -> float:
        return self.cards[card].get(place, 0.0)


def aware_odds(
    book: CardKnowledge,
    questions: Sequence[Question],
    seat: int,
    likelihood: Likelihood = Likelihood(),
) -> AwareOdds:
    """The seat's odds with what other players' choices say (see :class:`AwareOdds`)."""
    from cluedo.deduction.places import place_of

    notebook = book.exact_notebook()
    if notebook is None:
        raise ValueError("the opponent-aware odds need the exact count")
    weights = place_weights(questions, seat, likelihood)
    deals = notebook.deals
    counts = notebook.summary.counts
    cards: dict[str, dict[Place, float]] = {}
    escape: dict[str, float] = {}
    for card, row in counts.items():
        factors = weights.get(card, {})
        weighted: dict[Place, float] = {}
        outside = 0.0
        outside_weighted = 0.0
        for loc, n in row.items():
            if not n:
                continue
            p = n / deals
            place = place_of(loc)
            w = factors.get(place, 1.0) if isinstance(place, int) else 1.0
            weighted[place] = p * w
            if place != ENVELOPE:
                outside += p
                outside_weighted += p * w
        total = sum(weighted.values())
        cards[card] = {place: x / total for place, x in weighted.items()}
        escape[card] = outside / outside_weighted if outside_weighted > 0 else 1.0
    envelopes: list[tuple[tuple[str, ...], float]] = []
    for combo, n in notebook.summary.envelope.items():
        weight = float(n)
        for card in combo:
            weight *= escape[card]
        envelopes.append((combo, weight))
    total = sum(w for _, w in envelopes)
    envelopes = sorted(((c, w / total) for c, w in envelopes), key=lambda x: -x[1])
    return AwareOdds(cards, envelopes)
