"""Soak test: random legal games, every fact after every observation vs the truth.

Usage: python benchmarks/soak_deduction.py [--games 10000] [--seed 7]

Prints the number of false facts (must be 0) and of truths ruled out (must be 0).
"""

from __future__ import annotations

import argparse
import random
import time

from cluedo.deduction import ENVELOPE, Notebook
from cluedo.deduction.simulate import random_record


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    false_facts = ruled_out = facts = updates = 0
    t0 = time.perf_counter()
    for _ in range(args.games):
        rec = random_record(rng, rng.randint(3, 6), suggestions=rng.randint(5, 40))
        nb = Notebook(rec.setup)
        truth = tuple(c for c in rec.setup.cards if rec.deal[c] == ENVELOPE)
        for event in rec.events:
            nb.observe_all(event)
            updates += 1
            for fact in nb.facts():
                facts += 1
                if (rec.deal[fact.card] == fact.location) != fact.holds:
                    false_facts += 1
            if nb.envelope_counts().get(truth, 0) == 0:
                ruled_out += 1
    elapsed = time.perf_counter() - t0
    print(
        f"games {args.games}, updates {updates}, facts checked {facts}, "
        f"false facts {false_facts}, true envelope ruled out {ruled_out}, "
        f"{elapsed:.1f} s"
    )
    if false_facts or ruled_out:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
