"""Golden test: Neller's six-player game, deal counts after every suggestion."""

from __future__ import annotations

from pathlib import Path

import pytest

from cluedo.deduction import Notebook
from cluedo.deduction.transcript import Transcript, parse_transcript

TRANSCRIPT = (
    Path(__file__).resolve().parents[3] / "shared" / "reference" / "neller-clue-transcript.txt"
)


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
