"""A question put to the table: "was it this suspect, with this weapon, in this room?"

Shared by every rule set where a suggestion (a Suspicion, in Pendragon) is
answered to the left: players who hold none of the named cards say so in turn;
the first who holds one must choose which to show, as a ``refute`` decision on
the stack; the card reaches only the asker.

>>> events, decision = pose_question(0, ("a", "b", "c"), [["x"], ["y"], ["b"]])
>>> [e.kind for e in events], decision.seats, decision.context["cards"]
(['cannot_refute', 'must_refute'], (2,), ['b'])
>>> answer(decision, "b").for_seat(1)
{'kind': 'card_shown', 'seat': 2, 'to': 0}
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cluedo.engine.decisions import Decision
from cluedo.engine.events import Event
from cluedo.mechanics.investigation import ask_to_the_left


def pose_question(
    asker: int, named: Sequence[str], hands: Sequence[Iterable[str]]
) -> tuple[list[Event], Decision | None]:
    """The events of asking the table, and the ``refute`` decision to push (None: no answer).

    Does not include the suggestion event itself: rule sets announce the
    question their own way (and may move tokens) before it is put.
    """
    passed, refuter, cards = ask_to_the_left(asker, hands, named)
    events = [Event("cannot_refute", {"seat": s, "suggester": asker}) for s in passed]
    if refuter is None:
        events.append(Event("not_refuted", {"seat": asker}))
        return events, None
    events.append(Event("must_refute", {"seat": refuter, "suggester": asker}))
    return events, Decision("refute", (refuter,), {"suggester": asker, "cards": cards})


def answer(decision: Decision, card: str, *, private: bool = False) -> Event:
    """The event of the refuter showing ``card`` to the asker: only those two see which.

    ``private`` hides even the fact of showing from the rest of the table (for a
    second card shown under a rule set's special effect).
    """
    by, to = decision.seats[0], decision.context["suggester"]
    return Event(
        "card_shown", {"seat": by, "to": to}, {"card": card}, frozenset({by, to}), private=private
    )
