"""Golden test: Neller's six-player game, deal counts after every suggestion.

The game and its expected counts are in ``tests/data/neller-clue-transcript.txt``.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from deduction_refs import SatReference

from cluedo.deduction import ENVELOPE, Notebook
from cluedo.deduction.transcript import Transcript, parse_transcript

TRANSCRIPT = Path(__file__).resolve().parents[1] / "data" / "neller-clue-transcript.txt"


@pytest.fixture(scope="module")
def transcript() -> Transcript:
    return parse_transcript(TRANSCRIPT.read_text(encoding="utf-8"))


def test_transcript_has_every_expectation(transcript: Transcript) -> None:
    assert sorted(transcript.expect) == list(range(len(transcript.suggestions) + 1))


def test_every_expect_line(transcript: Transcript) -> None:
    nb = Notebook(transcript.setup)
    nb.observe_all(transcript.initial)
    seen = []
    for k in range(len(transcript.suggestions) + 1):
        if k:
            nb.observe_all(transcript.suggestions[k - 1])
        exp = transcript.expect[k]
        env = nb.envelope_counts()
        assert nb.deals == exp.deals, f"after {k} suggestions"
        assert len(env) == exp.case_files, f"after {k} suggestions"
        if exp.detail:
            assert env == exp.detail, f"after {k} suggestions"
        assert sum(env.values()) == nb.deals
        seen.append(k)
    assert nb.certain_envelope() == ("pe", "pi", "bi")
    assert len(seen) == 28


def test_accusation_line_is_consistent(transcript: Transcript) -> None:
    nb = Notebook(transcript.setup)
    nb.observe_all(transcript.initial)
    for obs in transcript.suggestions:
        nb.observe_all(obs)
    assert transcript.accusations == [("sc", ("pe", "pi", "bi"), True)]
    assert nb.exact_probability("pe", "envelope") == 1


@pytest.mark.parametrize("k", range(13, 28))
def test_late_expect_lines_agree_with_sat_enumeration(transcript: Transcript, k: int) -> None:
    """The data file's own counts, checked by a second method: enumerate every
    consistent deal with a SAT solver (a few thousand at most from 13 suggestions on)."""
    ref = SatReference(transcript.setup)
    for obs in [*transcript.initial, *(o for s in transcript.suggestions[:k] for o in s)]:
        ref.add(obs)
    cells = [ref.var(c, loc) for c in transcript.setup.cards for loc in transcript.setup.locations]
    envelopes: Counter[tuple[str, ...]] = Counter()
    while ref.solver.solve():
        model = {x for x in ref.solver.get_model() if x > 0}
        envelopes[tuple(c for c in transcript.setup.cards if ref.var(c, ENVELOPE) in model)] += 1
        ref.solver.add_clause([-x for x in cells if x in model])  # never this deal again
    exp = transcript.expect[k]
    assert sum(envelopes.values()) == exp.deals
    assert len(envelopes) == exp.case_files
    if exp.detail:
        assert dict(envelopes) == exp.detail
