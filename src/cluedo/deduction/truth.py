"""Checking notebooks against the true game: the soak's and the tests' referee.

:func:`check_game` plays a game with bots and, after every event, brings every
seat's :class:`~cluedo.deduction.knowledge.CardKnowledge` up to date from that
seat's own log and compares each certainty with where the cards really are
(the rule set's :meth:`~cluedo.engine.ruleset.RuleSet.card_places`). A false
certainty, or a true envelope card ruled out of the envelope, is a
:class:`FalseFact`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cluedo.deduction.knowledge import CardKnowledge
from cluedo.deduction.places import Place
from cluedo.deduction.reading import EventReader


class FalseFact(AssertionError):
    """A notebook claimed something the true game contradicts."""


@dataclass
class TruthTally:
    """What a checked game found."""

    events: int = 0
    facts: int = 0
    """Certainties checked (a card certainly at, or certainly not at, a place)."""
    exact_checks: int = 0
    """Of which from the exact count (the rest from the sound eliminations)."""
    estimated_seats: set[int] = field(default_factory=set)


def check_seat(
    book: CardKnowledge, truth: Mapping[str, Place], tally: TruthTally, complete: bool
) -> None:
    """Compare one seat's certainties with ``truth`` (card -> true place)."""
    seat = book.seat
    for card, place in truth.items():
        possible = book.possible(card)
        if place not in possible:
            said = sorted(possible, key=str)
            raise FalseFact(f"seat {seat}: {card} is at {place}, the notebook says {said}")
        tally.facts += len(book.places)
    envelope = book.solution()
    if envelope is not None:
        for card in envelope:
            if truth.get(card) != "envelope":
                truly = truth.get(card)
                raise FalseFact(f"seat {seat}: solution {envelope}, but {card} is at {truly}")
    if not complete:
        return
    if not book.exact:
        if seat is not None:
            tally.estimated_seats.add(seat)
        return
    for card, place in truth.items():
        for where in book.places:
            status = book.status(card, where)
            if (status is True and where != place) or (status is False and where == place):
                raise FalseFact(
                    f"seat {seat}: the count says {card} at {where} is {status}; it is at {place}"
                )
            tally.exact_checks += 1


def check_game(
    game: Any,
    agents: Mapping[int, Any],
    complete_every: int = 0,
    limit: int = 20_000,
    on_event: Callable[[int], None] | None = None,
) -> TruthTally:
    """Play ``game`` out with ``agents`` and check every seat's notebook after every event.

    The sound eliminations are checked after every event; the exact count (when
    ``complete_every`` > 0) after every ``complete_every``-th event and at the end.
    """
    rules = game.rules
    readers: dict[int, EventReader] = {}
    books: dict[int, CardKnowledge] = {}
    for seat in range(game.players):
        reader = rules.card_reader(seat)
        if reader is None:
            raise ValueError(f"{game.rules_name} has no card notebook")
        readers[seat] = reader
        books[seat] = CardKnowledge(reader)
    cursors = dict.fromkeys(books, 0)
    tally = TruthTally()

    def catch_up(final: bool) -> None:
        truth = rules.card_places(game.state)
        for seat, book in books.items():
            log = game.log_for(seat, since=cursors[seat])
            cursors[seat] = len(game.events)  # ``since`` counts the game's events, seen or not
            for event in log:
                book.observe_event(event)
                tally.events += 1
            if not book.started:
                continue
            complete = final or (complete_every > 0 and tally.events % complete_every == 0)
            check_seat(book, truth, tally, complete)

    for _ in range(limit):
        catch_up(final=False)
        if game.finished:
            break
        seat = game.to_act()[0]
        agent = agents[seat]
        view = game.view(seat, log_since=agent.log_cursor)
        agent.log_cursor = view["log_end"]
        game.apply(agent.choose(view, game.legal_actions(seat)))
    catch_up(final=True)
    return tally
