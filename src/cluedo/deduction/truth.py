"""Checking notebooks against the true game: the soak's and the tests' referee.

:func:`check_game` plays a game with bots and, after every event, brings every
seat's :class:`~cluedo.deduction.knowledge.CardKnowledge` up to date from that
seat's own log and compares each certainty with where the cards really are
(the rule set's :meth:`~cluedo.engine.ruleset.RuleSet.card_places`). A false
certainty, or a true envelope card ruled out of the envelope, is a
:class:`FalseFact`.

The place check of a seat is a pure function of two things: the seat's sound
eliminations (which change exactly when the notebook's ``version`` does) and
the true places. When neither has changed since that seat's last check, the
:class:`Referee` does not redo it but counts its facts as ``unchanged``; the
envelope check and the exact count's check are always done.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cluedo.deduction.knowledge import CardKnowledge
from cluedo.deduction.places import Place


class FalseFact(AssertionError):
    """A notebook claimed something the true game contradicts."""


@dataclass
class TruthTally:
    """What a checked game found."""

    events: int = 0
    facts: int = 0
    """Certainties checked (a card certainly at, or certainly not at, a place)."""
    unchanged: int = 0
    """Certainties not checked again because neither the seat's eliminations nor the
    true places had changed since that seat's last check (the answer would be the
    same); not part of ``facts``."""
    exact_checks: int = 0
    """Certainties of the exact count checked (every card at every place)."""
    estimated_seats: set[int] = field(default_factory=set)


def check_seat(
    book: CardKnowledge,
    truth: Mapping[str, Place],
    tally: TruthTally,
    complete: bool,
    *,
    unchanged: bool = False,
) -> None:
    """Compare one seat's certainties with ``truth`` (card -> true place).

    ``unchanged``: the seat's eliminations and ``truth`` are those of this seat's
    last check, so the place check is counted in ``tally.unchanged`` and not
    redone; the envelope and (when ``complete``) the exact count are checked still.
    """
    seat = book.seat
    width = len(book.places)
    if unchanged:
        tally.unchanged += len(truth) * width
    else:
        possible = book.every_possible()
        for card, place in truth.items():
            may = possible.get(card)
            if may is None or place not in may:
                said = sorted(may, key=str) if may is not None else "nothing"
                raise FalseFact(f"seat {seat}: {card} is at {place}, the notebook says {said}")
        tally.facts += len(truth) * width
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
    places = book.places
    status = book.status
    for card, place in truth.items():
        for where in places:
            sure = status(card, where)
            if (sure is True and where != place) or (sure is False and where == place):
                raise FalseFact(
                    f"seat {seat}: the count says {card} at {where} is {sure}; it is at {place}"
                )
        tally.exact_checks += width


class Referee:
    """Every seat's notebook of one game, fed from its own log and checked against
    the true places after each :meth:`catch_up`.

    ``recheck``: redo every place check even when its inputs have not changed
    (slower; the tally's ``facts`` then counts them all).
    """

    def __init__(self, game: Any, complete_every: int = 0, recheck: bool = False) -> None:
        self.game = game
        self.complete_every = complete_every
        self.recheck = recheck
        self.tally = TruthTally()
        self.books: dict[int, CardKnowledge] = {}
        for seat in range(game.players):
            reader = game.rules.card_reader(seat)
            if reader is None:
                raise ValueError(f"{game.rules_name} has no card notebook")
            self.books[seat] = CardKnowledge(reader)
        self.cursors = dict.fromkeys(self.books, 0)
        self._truth: dict[str, Place] | None = None
        self._truth_stamp = 0
        """Goes up each time the true places differ from the last snapshot."""
        self._checked: dict[int, tuple[tuple[int, int], int]] = {}
        """Per seat: its notebook's version and the truth stamp at its last place check."""

    def truth(self) -> dict[str, Place]:
        """Where every card truly is now (the same dict while nothing moved)."""
        # A copy: a rule set handing back a dict it changes later would hide a move.
        now: dict[str, Place] = dict(self.game.rules.card_places(self.game.state))
        if now != self._truth:
            self._truth = now
            self._truth_stamp += 1
        assert self._truth is not None
        return self._truth

    def catch_up(self, final: bool = False) -> None:
        """Feed every seat the events of its log since the last call, then check it
        (the exact count too when ``final`` or on every ``complete_every``-th event)."""
        game, tally, every = self.game, self.tally, self.complete_every
        truth = self.truth()
        for seat, book in self.books.items():
            log = game.log_for(seat, since=self.cursors[seat])
            self.cursors[seat] = len(game.events)  # ``since`` counts the game's events, seen or not
            for event in log:
                book.observe_event(event)
                tally.events += 1
            if not book.started:
                continue
            complete = final or (every > 0 and tally.events % every == 0)
            key = (book.version, self._truth_stamp)
            unchanged = not self.recheck and self._checked.get(seat) == key
            check_seat(book, truth, tally, complete, unchanged=unchanged)
            self._checked[seat] = key


def check_game(
    game: Any,
    agents: Mapping[int, Any],
    complete_every: int = 0,
    limit: int = 20_000,
    on_event: Callable[[int], None] | None = None,
    recheck: bool = False,
) -> TruthTally:
    """Play ``game`` out with ``agents`` and check every seat's notebook after every event.

    The sound eliminations are checked after every event (not redone while
    neither they nor the true places change, unless ``recheck``); the exact count
    (when ``complete_every`` > 0) after every ``complete_every``-th event and at
    the end.
    """
    referee = Referee(game, complete_every, recheck)
    for _ in range(limit):
        referee.catch_up()
        if game.finished:
            break
        seat = game.to_act()[0]
        agent = agents[seat]
        view = game.view(seat, log_since=agent.log_cursor)
        agent.log_cursor = view["log_end"]
        game.apply(agent.choose(view, game.legal_actions(seat)))
        if on_event is not None:
            on_event(len(game.events))
    referee.catch_up(final=True)
    return referee.tally
