"""A question put to the table: "was it this suspect, with this weapon, in this room?"

Shared by every rule set where a suggestion (a Suspicion, in Pendragon) is
answered to the left: players who hold none of the named cards say so in turn;
the first who holds one must choose which to show, as a ``refute`` decision on
the stack; the card reaches only the asker. This module is the one place that
knows the ``refute`` decision: its legal actions (:func:`show_actions`), why an
answer is refused (:func:`explain_answer`) and what an answer does
(:func:`settle`).

>>> events, decision = pose_question(0, ("a", "b", "c"), [["x"], ["y"], ["b"]])
>>> [e.kind for e in events], decision.seats, decision.context["cards"]
(['cannot_refute', 'must_refute'], (2,), ['b'])
>>> answer(decision, "b").for_seat(1)
{'kind': 'card_shown', 'seat': 2, 'to': 0}
>>> show_actions(decision, 2)
[Action(seat=2, kind='show', params=(('card', 'b'),))]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cluedo.engine.action_space import ActionShape
from cluedo.engine.actions import Action
from cluedo.engine.decisions import Decision, DecisionStack
from cluedo.engine.errors import IllegalAction
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


def put_question(
    decisions: DecisionStack, asker: int, named: Sequence[str], hands: Sequence[Iterable[str]]
) -> list[Event]:
    """Ask the table (see :func:`pose_question`) and push the ``refute`` decision, if
    anyone must answer; the events of asking."""
    events, refute = pose_question(asker, named, hands)
    if refute is not None:
        decisions.push(refute)
    return events


def show_actions(decision: Decision, seat: int) -> list[Action]:
    """The refuter's choices: one ``show`` action for each named card it holds."""
    return [Action.make(seat, "show", card=c) for c in decision.context["cards"]]


MUST_SHOW = ("refute", "you must show one card that matches the suggestion")
"""The rule and message for anything but ``show`` while a refutation is due (classic words)."""


def explain_answer(
    decision: Decision,
    action: Action,
    *,
    must_show: tuple[str, str] = MUST_SHOW,
    question: str = "suggestion",
) -> IllegalAction:
    """Why ``action`` is not a legal answer to the ``refute`` ``decision``.

    ``must_show`` is the rule and message for another kind of action, and
    ``question`` the rule set's word for a suggestion.

    >>> refute = Decision("refute", (1,), {"suggester": 0, "cards": ["rope"]})
    >>> explain_answer(refute, Action.make(1, "end_turn")).rule
    'refute'
    >>> explain_answer(refute, Action.make(1, "show", card="hall")).message
    "'hall' is not a card of yours named in the suggestion"
    """
    if action.kind != "show":
        return IllegalAction(*must_show, "show")
    if [k for k, _ in action.params] != ["card"]:
        return IllegalAction("malformed-action", "show takes only 'card'")
    cards = decision.context["cards"]
    return IllegalAction(
        "refute",
        f"{action.get('card')!r} is not a card of yours named in the {question}",
        ", ".join(cards),
    )


def settle(decisions: DecisionStack, action: Action) -> Event:
    """The refuter shows the card ``action`` names: the ``refute`` decision on top of
    ``decisions`` is answered and taken off; the event of showing."""
    return answer(decisions.pop(), action["card"])


class QuestionLists:
    """Every suggestion and accusation a seat may make, built once per seat and shared.

    They are the bulk of every legal-action list and never change for a seat, so
    a rule set keeps one of these rather than building them on every call; it
    also checks a named suspect, weapon and room, with the error listing what is
    allowed.

    >>> lists = QuestionLists(("a", "b"), ("c",), ("r", "s"))
    >>> len(lists.suggestions(0)), len(lists.accusations(0))
    (2, 4)
    >>> lists.error(Action.make(0, "accuse", suspect="a", weapon="c", room="x"), True).message
    "unknown room 'x'"
    """

    def __init__(
        self, suspects: Sequence[str], weapons: Sequence[str], rooms: Sequence[str]
    ) -> None:
        self.suspects = tuple(suspects)
        self.weapons = tuple(weapons)
        self.rooms = tuple(rooms)
        self._suggestions: dict[int, list[Action]] = {}
        self._accusations: dict[int, list[Action]] = {}
        self._suggestion_params = frozenset(
            (("suspect", s), ("weapon", w)) for s in self.suspects for w in self.weapons
        )
        self._accusation_params = frozenset(
            (("room", r), ("suspect", s), ("weapon", w))
            for s in self.suspects
            for w in self.weapons
            for r in self.rooms
        )

    def shapes(self) -> list[ActionShape]:
        """The action space's forms of a question, its answer and an accusation
        (see :mod:`cluedo.engine.action_space`)."""
        return [
            ActionShape("suggest", {"suspect": self.suspects, "weapon": self.weapons}),
            ActionShape(
                "accuse", {"suspect": self.suspects, "weapon": self.weapons, "room": self.rooms}
            ),
            ActionShape("show", {"card": (*self.suspects, *self.weapons, *self.rooms)}),
        ]

    def suggestions(self, seat: int) -> list[Action]:
        cached = self._suggestions.get(seat)
        if cached is None:
            cached = self._suggestions[seat] = [
                Action(seat, "suggest", (("suspect", s), ("weapon", w)))
                for s in self.suspects
                for w in self.weapons
            ]
        return cached

    def accusations(self, seat: int) -> list[Action]:
        cached = self._accusations.get(seat)
        if cached is None:
            cached = self._accusations[seat] = [
                Action(seat, "accuse", (("room", r), ("suspect", s), ("weapon", w)))
                for s in self.suspects
                for w in self.weapons
                for r in self.rooms
            ]
        return cached

    def is_suggestion(self, action: Action) -> bool:
        """Whether ``action`` is one of its seat's :meth:`suggestions`: one look-up where
        the list would be scanned.

        >>> lists = QuestionLists(("a",), ("c",), ("r",))
        >>> lists.is_suggestion(Action.make(3, "suggest", suspect="a", weapon="c"))
        True
        """
        return action.kind == "suggest" and action.params in self._suggestion_params

    def is_accusation(self, action: Action) -> bool:
        """Whether ``action`` is one of its seat's :meth:`accusations`: one look-up where
        the list (hundreds long) would be scanned.

        >>> lists = QuestionLists(("a",), ("c",), ("r",))
        >>> lists.is_accusation(Action.make(3, "accuse", suspect="a", weapon="c", room="x"))
        False
        """
        return action.kind == "accuse" and action.params in self._accusation_params

    def error(self, action: Action, with_room: bool, room_note: str = "") -> IllegalAction | None:
        """Why the action's suspect, weapon (and room) are not cards of the game, or None."""
        rule = action.kind
        if action.get("suspect") not in self.suspects:
            return IllegalAction(
                rule, f"unknown suspect {action.get('suspect')!r}", ", ".join(self.suspects)
            )
        if action.get("weapon") not in self.weapons:
            return IllegalAction(
                rule, f"unknown weapon {action.get('weapon')!r}", ", ".join(self.weapons)
            )
        if with_room and action.get("room") not in self.rooms:
            return IllegalAction(
                rule, f"unknown room {action.get('room')!r}{room_note}", ", ".join(self.rooms)
            )
        return None
