"""What a question can teach, judged on drawn deals; how soon a room can be reached.

A question's worth is the expected drop in the uncertainty about the envelope:
the sum over categories of the entropy (in bits) of which card of that category
is in the envelope. On each drawn deal the answer is known - the first player
to the asker's left holding a named card shows one of them (which one is drawn
evenly among those it holds) - so the draws split by answer, and the expected
uncertainty after the question is the average of the uncertainty within each
part. Small parts make sample entropies too low; the Miller-Madow correction
takes most of that bias out.

>>> turn_value({"hall": 2, "study": 5}, {"hall": 1.0, "study": 3.0}, keep=0.5)
1.5
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence

import numpy as np
import numpy.typing as npt

from cluedo.agents.base import ENVELOPE
from cluedo.mechanics.dice import SIDES

Ints = npt.NDArray[np.int64]


def turn_value(
    distances: Mapping[str, int],
    scores: Mapping[str, float],
    keep: float,
    later: Mapping[str, float] | None = None,
) -> float:
    """The expected worth of a turn that starts ``distances`` steps from each room.

    A roll enters the room with the best score among those it reaches (a room is
    entered with any roll at least its distance); a roll that reaches none leaves
    the walk for the next turn, worth ``keep`` times the turn value from that many
    steps closer to every room, judged by the ``later`` scores (left out if None).
    """
    total = 0.0
    for roll in range(1, SIDES + 1):
        near = [scores[r] for r, d in distances.items() if d <= roll and r in scores]
        if near:
            total += max(near)
        elif later is not None:
            closer = {r: d - roll for r, d in distances.items()}
            total += keep * turn_value(closer, later, keep)
    return total / SIDES


class Draws:
    """Deals drawn for one decision: who holds each card in each draw.

    ``holders[n][c]`` is the seat holding card ``c`` in draw ``n``, or
    ``players`` for the envelope; ``categories`` lists the cards of each
    category by index. ``shown_before`` holds (seat, card) pairs: cards a seat
    has already shown the asker. A player holding one of those among the named
    cards shows it again (it gives nothing away); otherwise it shows any named
    card it holds, each as likely.
    """

    def __init__(
        self,
        holders: Sequence[Sequence[int]],
        players: int,
        categories: Sequence[Sequence[int]],
        shown_before: Iterable[tuple[int, int]] = (),
    ) -> None:
        self.players = players
        self.holder: Ints = np.asarray(holders, dtype=np.int64)
        self.size = len(self.holder)
        self.categories = [list(c) for c in categories]
        self.cards = sum(len(c) for c in self.categories)
        self.shown_before = frozenset(shown_before)
        # The envelope's card of each category in each draw, as a position in the category.
        self.envelope: list[Ints] = [
            np.argmax(self.holder[:, cards] == players, axis=1) if self.size else np.zeros(0, int)
            for cards in self.categories
        ]
        self.prior = (
            sum(
                _entropy_rows(np.bincount(e, minlength=len(c)).astype(float)[None, :])[0]
                for e, c in zip(self.envelope, self.categories, strict=True)
            )
            if self.size
            else 0.0
        )
        code = np.zeros(self.size, dtype=np.int64)
        self.combos = 1
        for values, cards in zip(self.envelope, self.categories, strict=True):
            code = code * len(cards) + values
            self.combos *= len(cards)
        self.envelope_code = code
        """Each draw's envelope as one number (a mixed-radix index over the categories)."""

    def answer_order(self, asker: int) -> Ints:
        """Each holder's place in the answer order of ``asker``'s question (1 = first
        to answer); the asker and the envelope never answer (a large number)."""
        never = self.players + 1
        pos = np.full(self.players + 1, never, dtype=np.int64)
        for k in range(1, self.players):
            pos[(asker + k) % self.players] = k
        return pos

    def _answers(
        self, suspects: Sequence[int], weapons: Sequence[int], room: int, order: Ints
    ) -> tuple[Ints, npt.NDArray[np.float64]]:
        """For every (suspect, weapon) asked in ``room``, in every draw, the four
        possible answers - nobody, or the suspect, weapon or room shown - as a code
        (0 for nobody, else 1 + 3 * answer position + which card) and a weight (the
        chance of that answer in that draw): arrays shaped (4, draws, s, w)."""
        never = self.players + 1
        named = [
            np.asarray(suspects)[None, :, None],
            np.asarray(weapons)[None, None, :],
            np.asarray([room])[None, :, None],
        ]
        places = [order[self.holder[:, list(suspects)]][:, :, None]]
        places.append(order[self.holder[:, list(weapons)]][:, None, :])
        places.append(order[self.holder[:, [room]]][:, :, None])
        first = np.minimum(np.minimum(places[0], places[1]), places[2])  # (draws, s, w)
        answered = first < never
        held = [p == first for p in places]
        if self.shown_before:
            again = np.zeros((never + 1, self.cards), dtype=bool)
            for seat, card in self.shown_before:
                again[order[seat], card] = True
            preferred = [h & again[first, c] for h, c in zip(held, named, strict=True)]
            repeat = preferred[0] | preferred[1] | preferred[2]
            held = [np.where(repeat, p, h) for p, h in zip(preferred, held, strict=True)]
        k = held[0].astype(np.int64) + held[1] + held[2]
        share = np.where(answered, 1.0 / np.maximum(k, 1), 0.0)
        code = np.stack(
            [np.zeros_like(first)]
            + [np.where(answered, 1 + first * 3 + slot, 0) for slot in range(3)]
        )
        weight = np.stack(
            [(~answered).astype(float)] + [np.where(h & answered, share, 0.0) for h in held]
        )
        return code, weight

    def _tables(
        self,
        suspects: Sequence[int],
        weapons: Sequence[int],
        room: int,
        order: Ints,
        values: Ints,
        size: int,
    ) -> npt.NDArray[np.float64]:
        """Weighted counts of ``values`` (one per draw, below ``size``) for each
        question and answer: shaped (questions, answer codes, size)."""
        n_q = len(suspects) * len(weapons)
        codes = 1 + (self.players + 1) * 3
        code, weight = self._answers(suspects, weapons, room, order)
        pair = np.arange(n_q).reshape(1, 1, len(suspects), len(weapons))
        keep = np.flatnonzero(weight.ravel())
        group = (pair * codes + code).ravel()[keep]
        draw = np.broadcast_to(np.arange(self.size)[None, :, None, None], code.shape).ravel()[keep]
        table: npt.NDArray[np.float64] = np.bincount(
            group * size + values[draw], weights=weight.ravel()[keep], minlength=n_q * codes * size
        ).astype(float)
        return table.reshape(n_q, codes, size)

    def worths(
        self, suspects: Sequence[int], weapons: Sequence[int], room: int, order: Ints
    ) -> npt.NDArray[np.float64]:
        """The expected drop in envelope entropy of asking each (suspect, weapon) in
        ``room`` (card indices; ``order`` from :meth:`answer_order` for the asker):
        an array indexed [suspect, weapon]."""
        n_s, n_w = len(suspects), len(weapons)
        if self.size == 0:
            return np.zeros((n_s, n_w))
        after = np.zeros(n_s * n_w)
        for values, cards in zip(self.envelope, self.categories, strict=True):
            table = self._tables(suspects, weapons, room, order, values, len(cards))
            codes = table.shape[1]
            flat = table.reshape(-1, len(cards))
            after += (flat.sum(axis=1) * _entropy_rows(flat)).reshape(n_s * n_w, codes).sum(axis=1)
        result: npt.NDArray[np.float64] = (self.prior - after / self.size).reshape(n_s, n_w)
        return result

    def race_values(
        self,
        suspects: Sequence[int],
        weapons: Sequence[int],
        room: int,
        order: Ints,
        survive: float | npt.NDArray[np.float64],
        gain: float,
        silence: tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]],
        prior: float,
        shrink: float = 8.0,
    ) -> npt.NDArray[np.float64]:
        """The chance to win, judged one round ahead, of asking each (suspect,
        weapon) in ``room``: after silence we accuse the likeliest envelope at once
        if that beats waiting, after an answer we wait a round (surviving it with
        chance ``survive``, then holding odds grown by ``gain`` of what is missing).

        ``survive`` may also be given for each question (an array indexed [suspect,
        weapon]: the round survived after the opponents have heard that question's
        answer). ``silence`` gives, for each question, the chance nobody answers and the
        odds of the likeliest envelope after that (exact: see :func:`silence_odds`);
        ``prior`` is the likeliest envelope's odds now. The odds after each answer
        are those of the draws giving that answer, pulled toward ``prior`` by
        ``shrink`` draws' worth (a few draws would otherwise make any envelope look
        certain).
        """
        n_s, n_w = len(suspects), len(weapons)
        silent, after_silence = silence
        survive = np.broadcast_to(np.asarray(survive, dtype=float), (n_s, n_w))
        accuse_after = np.maximum(
            after_silence, survive * (after_silence + gain * (1.0 - after_silence))
        )
        if self.size == 0:
            answered_value = survive * (prior + gain * (1.0 - prior))
        else:
            table = self._tables(suspects, weapons, room, order, self.envelope_code, self.combos)
            count = table.sum(axis=2)[:, 1:]  # draws giving each answer (silence left out)
            odds = (table.max(axis=2)[:, 1:] + shrink * prior) / (count + shrink)
            waiting = survive.reshape(-1, 1) * (odds + gain * (1.0 - odds))
            answers = count.sum(axis=1)
            answered_value = ((count * waiting).sum(axis=1) / np.maximum(answers, 1e-12)).reshape(
                n_s, n_w
            )
            # No draw answered: judge the answer by the odds now.
            answered_value = np.where(
                answers.reshape(n_s, n_w) > 0,
                answered_value,
                survive * (prior + gain * (1.0 - prior)),
            )
        result: npt.NDArray[np.float64] = silent * accuse_after + (1.0 - silent) * answered_value
        return result


def silence_odds(
    envelopes: Sequence[tuple[Sequence[str], float]],
    suspects: Sequence[str],
    weapons: Sequence[str],
    room: str,
    mine: Collection[str],
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """For asking each (suspect, weapon) in ``room``: the chance nobody answers, and
    the odds of the likeliest envelope after that silence, from the envelope odds.

    Nobody answers exactly when every named card the asker does not hold
    (``mine``) is in the envelope; then the envelope is one of those holding them.

    >>> odds = [(("a", "c", "r"), 0.5), (("b", "c", "r"), 0.3), (("a", "d", "r"), 0.2)]
    >>> silent, after = silence_odds(odds, ["a", "b"], ["c", "d"], "r", mine={"r"})
    >>> silent.tolist(), [[round(x, 3) for x in row] for row in after.tolist()]
    ([[0.5, 0.2], [0.3, 0.0]], [[1.0, 1.0], [1.0, 0.0]])
    """
    n_s, n_w = len(suspects), len(weapons)
    silent = np.zeros((n_s, n_w))
    best = np.zeros((n_s, n_w))
    for (suspect, weapon, in_room), p in envelopes:
        if in_room != room and room not in mine:
            continue
        rows = [i for i, c in enumerate(suspects) if c == suspect or c in mine]
        cols = [j for j, c in enumerate(weapons) if c == weapon or c in mine]
        for i in rows:
            for j in cols:
                silent[i, j] += p
                best[i, j] = max(best[i, j], p)
    after = np.where(silent > 0, best / np.maximum(silent, 1e-300), 0.0)
    return silent, after


def _entropy_rows(table: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Entropy (bits) of each row's counts, with the Miller-Madow correction."""
    sums = table.sum(axis=1)
    safe = np.where(sums > 0, sums, 1.0)
    p = table / safe[:, None]
    with np.errstate(divide="ignore", invalid="ignore"):
        logs = np.where(p > 0, np.log2(np.where(p > 0, p, 1.0)), 0.0)
    plain = -(p * logs).sum(axis=1)
    bins = (table > 0).sum(axis=1)
    correction = np.where(sums > 0, (bins - 1) / (2.0 * safe * math.log(2)), 0.0)
    out: npt.NDArray[np.float64] = plain + np.maximum(correction, 0.0)
    return out


def holders_of(
    owners: Sequence[Sequence[int]], atom_places: Sequence[object], players: int
) -> list[list[int]]:
    """Draws of atom indices (see :class:`~cluedo.agents.opponent_model.DealSampler`)
    as the seat holding each card, ``players`` standing for the envelope."""
    by_atom = [players if p == ENVELOPE else int(p) for p in atom_places]  # type: ignore[call-overload]
    return [[by_atom[a] for a in owner] for owner in owners]
