"""How well the notebook's odds fit what happened: the plain exact model and the opponent-aware one.

Bot games are played out, then replayed event by event; every few turns each
seat's notebook is read, with both models (the plain exact count, and
:func:`cluedo.agents.opponent_model.aware_odds`), and the odds are set against
the true deal:

- card places: for every card whose place is open, the odds of each other
  seat's hand and of the envelope; the expected calibration error (ECE, ten
  bins of equal width) over the odds strictly between 0 and 1;
- named in its own suggestion: for every suspect or weapon another player named
  in a suggestion of its own, the odds that this player holds it, against how
  often it did;
- cards named three to five times by the others: the odds that they are in the
  envelope, against how often they were;
- the likeliest envelope: its odds against how often it was the true one (ECE
  over ten bins, and the table), which is what an accusation on the odds bets on;
- the true envelope's mean log2 odds (higher is better).

    nice .venv/bin/python benchmarks/bench_calibration.py --players 6 --games 200
    nice .venv/bin/python benchmarks/bench_calibration.py --players 3 --games 200
    nice .venv/bin/python benchmarks/bench_calibration.py --players 6 --games 200 \
        --bots strong,sensible,sensible,sensible,sensible,sensible

With ``--bots`` the line-up is rotated a seat per game, as in ``cluedo simulate``.
"""

from __future__ import annotations

import argparse
import hashlib
import math
from collections.abc import Sequence
from typing import Any

from cluedo.agents.base import card_knowledge
from cluedo.agents.match import play_out
from cluedo.agents.opponent_model import Likelihood, QuestionLog, aware_odds
from cluedo.agents.registry import make_agent
from cluedo.engine.game import new_game

MODELS = ("plain", "aware")
Z_95 = 1.959963984540054


def seed_of(base: int, index: int, what: str = "game") -> int:
    digest = hashlib.blake2b(f"calibration:{what}:{base}:{index}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big") >> 1


class Bins:
    """Odds and outcomes in ten bins of equal width: count, sum of odds, hits."""

    def __init__(self) -> None:
        self.rows = [[0, 0.0, 0] for _ in range(10)]

    def add(self, p: float, hit: bool) -> None:
        row = self.rows[min(int(p * 10), 9)]
        row[0] += 1
        row[1] += p
        row[2] += hit

    @property
    def n(self) -> int:
        return sum(int(r[0]) for r in self.rows)

    def ece(self) -> float:
        n = self.n
        return sum(abs(r[1] - r[2]) for r in self.rows) / n if n else 0.0


class Tally:
    """A mean of odds against a rate of outcomes."""

    def __init__(self) -> None:
        self.n, self.odds, self.hits = 0, 0.0, 0

    def add(self, p: float, hit: bool) -> None:
        self.n += 1
        self.odds += p
        self.hits += hit

    def __str__(self) -> str:
        if not self.n:
            return "no readings"
        rate = self.hits / self.n
        half = Z_95 * math.sqrt(max(rate * (1 - rate), 1e-12) / self.n)
        return f"odds {self.odds / self.n:.3f}, happened {rate:.3f} (+-{half:.3f}), n={self.n}"


def measure(options: argparse.Namespace) -> None:
    lineup = tuple(options.bots.split(","))
    if len(lineup) == 1:
        lineup *= options.players
    if len(lineup) != options.players:
        raise SystemExit(f"give {options.players} bots or one, got {len(lineup)}")
    likelihood = Likelihood(own_card=options.own_card)
    places = {m: Bins() for m in MODELS}
    top = {m: Bins() for m in MODELS}
    named = {m: Tally() for m in MODELS}
    often = {m: Tally() for m in MODELS}
    loglik = dict.fromkeys(MODELS, 0.0)
    readings = 0
    for index in range(options.games):
        n = options.players
        seats = [lineup[(seat - index) % n] for seat in range(n)]
        game = new_game("classic", players=n, seed=seed_of(options.seed, index))
        agents = {s: make_agent(b, s, seed=seed_of(index, s, "bot")) for s, b in enumerate(seats)}
        play_out(game, agents)
        state: Any = game.state
        truth: dict[str, Any] = {c: s for s, hand in enumerate(state.hands) for c in hand}
        truth.update(dict.fromkeys(state.envelope, "envelope"))
        envelope = tuple(state.envelope)
        books = {s: card_knowledge(game.view(0), s) for s in range(n)}
        logs = {s: QuestionLog(s) for s in range(n)}
        turns = 0
        for event in game.events:
            if event.kind == "game_over":
                break
            for s in range(n):
                seen = event.for_seat(s)
                if seen is not None:
                    books[s].observe_event(seen)
                    logs[s].observe_event(seen)
            if event.kind != "turn":
                continue
            turns += 1
            if turns % options.every:
                continue
            for s, book in books.items():
                notebook = book.exact_notebook()
                assert notebook is not None
                aware = aware_odds(book, logs[s].questions, s, likelihood)
                cards = {
                    "plain": {c: book.distribution(c) for c in truth},
                    "aware": aware.cards,
                }
                envelopes = {
                    "plain": sorted(
                        ((e, float(p)) for e, p in notebook.envelope_distribution().items()),
                        key=lambda x: -x[1],
                    ),
                    "aware": list(aware.envelopes),
                }
                times: dict[str, int] = {}
                namers: dict[str, set[int]] = {}
                for q in logs[s].questions:
                    if q.asker == s:
                        continue
                    for card in q.cards:
                        times[card] = times.get(card, 0) + 1
                    for card in q.cards[:2]:  # the room is where the asker stands
                        namers.setdefault(card, set()).add(q.asker)
                for m in MODELS:
                    for card, odds in cards[m].items():
                        if len(book.possible(card)) == 1:
                            continue
                        for place in book.places:
                            p = float(odds.get(place, 0.0))
                            if place != s and 0.0 < p < 1.0:
                                places[m].add(p, truth[card] == place)
                        if 3 <= times.get(card, 0) <= 5:
                            often[m].add(
                                float(odds.get("envelope", 0.0)), truth[card] == "envelope"
                            )
                        for namer in namers.get(card, ()):
                            named[m].add(float(odds.get(namer, 0.0)), truth[card] == namer)
                    best, p = envelopes[m][0]
                    top[m].add(p, best == envelope)
                    loglik[m] += math.log2(max(dict(envelopes[m]).get(envelope, 0.0), 1e-9))
                readings += 1
    print(
        f"{options.players} players, {options.games} games of {','.join(lineup)}, every seat's"
        f" odds every {options.every} turns ({readings} readings); OWN_CARD {options.own_card}"
    )
    for m in MODELS:
        print(f"  {m}:")
        print(f"    card places ECE {places[m].ece():.4f} (n={places[m].n})")
        print(f"    a card its namer holds: {named[m]}")
        print(f"    a card named 3-5 times by others in the envelope: {often[m]}")
        print(
            f"    likeliest envelope ECE {top[m].ece():.4f}; true envelope mean log2 odds"
            f" {loglik[m] / max(readings, 1):.3f}"
        )
        table = ", ".join(
            f"{10 * k}-{10 * k + 10}%: {r[2] / r[0]:.2f} of {r[0]}"
            for k, r in enumerate(top[m].rows)
            if r[0]
        )
        print(f"    likeliest envelope right, by its odds: {table}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="sensible", help="one bot for all seats, or one per seat")
    parser.add_argument("--every", type=int, default=4, help="read the odds every this many turns")
    parser.add_argument(
        "--own-card", type=float, default=Likelihood().own_card, help="the aware model's ratio"
    )
    measure(parser.parse_args(argv))


if __name__ == "__main__":
    main()
