"""The table-side notebook's server half: ``POST /api/notebook``.

A person at a physical table keeps their record in the browser (``/notebook``):
the same lines ``cluedo solve`` reads (docs/solve.md). The page sends the whole
record each time and gets back what it implies: the grid of every card against
every player and the envelope (certain marks and exact probabilities), the most
likely envelopes, and on request the advice of ``cluedo solve`` (the suggestions
that teach the most). The server keeps nothing: no account, no table.

A line that cannot be read, or that contradicts the lines before it, stops the
reading there: the answer describes the record up to that line and says which
line is wrong and why, so the page can refuse it and keep the rest.

>>> answer = notebook_json({"lines": ["players sc mu wh", "me sc", "hand wh li st kn ro ha"]})
>>> answer["deals"], answer["players"][0]
(110880, {'id': 'sc', 'name': 'sc', 'you': True})
>>> notebook_json({"lines": ["players sc mu wh", "me zz"]})["error"]
{'line': 2, 'text': 'me zz', 'message': "unknown player 'zz'; players: sc mu wh"}
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from cluedo.deduction import ENVELOPE, DeductionError, Notebook, best_suggestions
from cluedo.deduction.tableside import (
    CARDS,
    CATEGORIES,
    CODE,
    EDITIONS,
    InputError,
    Session,
    display_name,
)

MAX_LINES = 400
"""Longest record accepted (a six-player game is about a hundred lines)."""
MAX_LINE_CHARS = 200
TOP_ENVELOPES = 5
ADVICE_TOP = 3


class NotebookRequestError(ValueError):
    """A request the notebook cannot read; the message says what is allowed."""


def _lines(body: Any) -> tuple[list[str], str, bool]:
    if not isinstance(body, dict):
        raise NotebookRequestError('send a JSON object: {"lines": [...], "edition": "us"}')
    unknown = set(body) - {"lines", "edition", "advice"}
    if unknown:
        raise NotebookRequestError(
            f"unknown fields {', '.join(sorted(unknown))}; allowed: lines, edition, advice"
        )
    lines = body.get("lines", [])
    if not isinstance(lines, list) or not all(isinstance(x, str) for x in lines):
        raise NotebookRequestError("lines must be a list of text lines")
    if len(lines) > MAX_LINES:
        raise NotebookRequestError(f"a record has at most {MAX_LINES} lines")
    if any(len(x) > MAX_LINE_CHARS for x in lines):
        raise NotebookRequestError(f"a line has at most {MAX_LINE_CHARS} characters")
    edition = body.get("edition", "us")
    if edition not in EDITIONS:
        raise NotebookRequestError(f"edition must be one of {', '.join(EDITIONS)}")
    advice = body.get("advice", False)
    if not isinstance(advice, bool):
        raise NotebookRequestError("advice must be true or false")
    return lines, edition, advice


def _percent(p: Fraction) -> float:
    return round(float(p), 6)


def catalogue(edition: str = "us") -> list[dict[str, Any]]:
    """The cards by category with their ids, codes and names in ``edition``."""
    return [
        {
            "category": category,
            "cards": [
                {"id": cid, "code": code, "name": uk if edition == "uk" else us}
                for cid, code, us, uk in cards
            ],
        }
        for category, cards in CARDS.items()
    ]


def _grid(nb: Notebook) -> dict[str, dict[str, float]]:
    """Card -> location -> probability (1 and 0 are certain)."""
    return {
        card: {loc: _percent(nb.exact_probability(card, loc)) for loc in nb.locations}
        for cards in CATEGORIES.values()
        for card in cards
    }


def _said(session: Session) -> list[str | None]:
    """Each accepted line in plain words, in the names the person typed (set-up
    lines have none: the page words them itself)."""
    nb = session.notebook
    if nb is None:
        return [None] * len(session.lines)
    words = session.words(nb.setup)
    out: list[str | None] = []
    for accepted in session.accepted:
        if accepted.meaning is not None:
            out.append(accepted.meaning(words))
        elif accepted.observations and not session.lines[len(out)].lower().startswith("hand"):
            out.append("; ".join(words.observation(o) for o in accepted.observations))
        else:
            out.append(None)
    return out


def notebook_json(body: Any) -> dict[str, Any]:
    """The answer to one request (see the module's description).

    Raises :class:`NotebookRequestError` for a request that is not a record at
    all; a record with a wrong line is an answer with ``error`` set.
    """
    lines, edition, want_advice = _lines(body)
    session = Session(edition=edition)
    error: dict[str, Any] | None = None
    for number, line in enumerate(lines, start=1):
        try:
            session.enter(line, number)
        except (InputError, DeductionError) as exc:
            error = {"line": number, "text": line, "message": str(exc)}
            break
    nb = session.notebook
    answer: dict[str, Any] = {
        "edition": edition,
        "cards": catalogue(edition),
        "codes": CODE,
        "players": [
            {"id": p, "name": session.labels.get(p, p), "you": p == session.me}
            for p in session.players
        ],
        "me": session.me,
        "accepted": len(session.lines) if error is None else error["line"] - 1,
        "lines": list(session.lines),
        "said": _said(session),
        "error": error,
        "deals": nb.deals if nb is not None else None,
        "grid": _grid(nb) if nb is not None else None,
        "envelopes": [],
        "solved": None,
        "advice": None,
    }
    if nb is None:
        return answer
    answer["envelopes"] = [
        {
            "cards": [display_name(c, edition) for c in combo],
            "ids": list(combo),
            "probability": _percent(p),
        }
        for combo, p in list(nb.envelope_distribution().items())[:TOP_ENVELOPES]
    ]
    solved = nb.certain_envelope()
    answer["solved"] = [display_name(c, edition) for c in solved] if solved else None
    if want_advice and session.me is not None and not solved:
        picks = best_suggestions(nb, session.me, top=ADVICE_TOP, per_category=2)
        answer["advice"] = [
            {
                "cards": [display_name(c, edition) for c in pick.cards],
                "ids": list(pick.cards),
                "bits": round(pick.expected_drop, 3),
            }
            for pick in picks
        ]
    return answer


__all__ = ["ENVELOPE", "NotebookRequestError", "catalogue", "notebook_json"]
