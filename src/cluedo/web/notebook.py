"""A seat's notebook for the page: marks filled in from what the seat saw, and odds.

Everything here is computed from the seat's own log (``Game.log_for``), which
the engine has already cut down to what that seat may see, so the notebook can
never know more than the person. The marks are the careful person's
eliminations (the terminal game's notebook); the odds, where the table allows
them, are the exact deduction engine's probabilities for each card's place.
Rule sets whose events neither follows (cards changing hands, say) get the
marks or the odds that still hold, or a note saying they are not available.
"""

from __future__ import annotations

import logging
from typing import Any

from cluedo.agents.exact_knowledge import ExactCaseFile
from cluedo.agents.knowledge import ENVELOPE
from cluedo.content.cards import CardSet
from cluedo.engine.game import Game
from cluedo.frontends.person_notebook import Notebook

log = logging.getLogger("cluedo.web")


def card_set_of(rules: Any) -> CardSet | None:
    """The card set a rule set plays with, whatever attribute holds it."""
    cards = getattr(rules, "cards", None)
    if isinstance(cards, CardSet):
        return cards
    return next((v for v in vars(rules).values() if isinstance(v, CardSet)), None)


def notebook_for(game: Game, seat: int, with_odds: bool) -> dict[str, Any]:
    """The notebook panel's data for ``seat``: cards, marks, envelope and (maybe) odds."""
    cards = card_set_of(game.rules)
    if cards is None:
        return {"available": False, "why": f"{game.rules_name} has no card notebook"}
    seat_log = game.log_for(seat)
    out: dict[str, Any] = {
        "available": True,
        "seat": seat,
        "players": game.players,
        "cards": [
            {"id": c, "name": cards.name(c), "category": cards.category_of(c)} for c in cards.ids
        ],
    }
    try:
        book = Notebook(cards, seat, game.players)
        book.update(seat_log)
        out["marks"] = {c: [book.mark(c, s) for s in range(game.players)] for c in cards.ids}
        out["envelope"] = {c: book.in_envelope(c) for c in cards.ids}
    except Exception:  # a rule set whose events the simple notebook does not follow
        log.debug("notebook marks unavailable", exc_info=True)
        out["marks"] = None
        out["envelope"] = None
    out["odds"] = _odds(cards, seat, seat_log, game.players) if with_odds else None
    out["odds_allowed"] = with_odds
    return out


def _odds(
    cards: CardSet, seat: int, seat_log: list[dict[str, Any]], players: int
) -> dict[str, list[float]] | None:
    """Probability of each card being with each seat, and (last) in the envelope."""
    try:
        book = ExactCaseFile(seat, cards.by_category())
        for event in seat_log:
            book.observe(event)
        places = [*range(players), ENVELOPE]
        return {c: [round(book.probability(c, p), 4) for p in places] for c in cards.ids}
    except Exception:  # cards that move between hands: the exact engine cannot follow
        log.debug("notebook odds unavailable", exc_info=True)
        return None
