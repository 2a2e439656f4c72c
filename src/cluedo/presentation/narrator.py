"""The presentation layer's front door: a :class:`Narrator` per viewer, and option labels.

A front end (the terminal, the web page, a notebook) makes one narrator per
person looking at a game and asks it for words; it never reads an event's or a
view's keys itself::

    narrator = Narrator("classic", game.view(seat), viewer=seat, players=["Ann", "Bo", "Cy"])
    narrator.event(event)                 # 'Miss Scarlet shows you the Rope.'
    narrator.prompt(view, legal)          # Prompt(situation, question, choices)
    narrator.items(view, seat)            # [Item('Hand', 'Rope, Lounge and Miss Scarlet'), ...]
    option_labels("clue-or-cruel")        # [OptionLabel('bluffs_to_win', ...), ...]

The rule set's words are found by convention, as its bots are: the module
``words`` in the rule set's own package must define ``WORDS``, a
:class:`~cluedo.presentation.words.Words`; a rule set without one gets the
generic words. Hidden information stays hidden because a narrator only ever
words an event as its viewer sees it: given an engine ``Event`` it redacts it
for the viewer first, and a view's log is already redacted by the engine.

>>> from cluedo.engine import new_game
>>> game = new_game("classic", players=3, seed=7)
>>> narrator = Narrator("classic", game.view(None), viewer=1)
>>> narrator.event({"kind": "card_shown", "seat": 0, "to": 1, "card": "rope"})
'Miss Scarlet shows you the Rope.'
>>> Narrator("classic", game.view(None), viewer=2).event(
...     {"kind": "card_shown", "seat": 0, "to": 1})
'Miss Scarlet shows Colonel Mustard a card.'
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, get_args, get_origin

from cluedo.engine.actions import Action
from cluedo.engine.events import Event
from cluedo.engine.registry import rules_class
from cluedo.engine.ruleset import RuleSet
from cluedo.presentation.names import Names, capital, humanise
from cluedo.presentation.words import Item, OptionLabel, Prompt, ValueLabel, Words

RulesRef = str | RuleSet[Any, Any] | type[RuleSet[Any, Any]]
"""A rule set by name (or alias), by instance or by class."""

_WORDS: dict[str, Words] = {}


def _rules_type(rules: RulesRef) -> type[RuleSet[Any, Any]]:
    if isinstance(rules, str):
        return rules_class(rules)
    if isinstance(rules, RuleSet):
        return type(rules)
    return rules


def words_for(rules: RulesRef) -> Words:
    """The words of a rule set: ``WORDS`` of its package's ``words`` module, or the
    generic :class:`Words` when it has none.

    >>> type(words_for("classic")).__name__
    'ClassicWords'
    """
    cls = _rules_type(rules)
    found = _WORDS.get(cls.name)
    if found is None:
        package = cls.__module__.rpartition(".")[0]
        module = None
        if package:
            try:
                module = importlib.import_module(f"{package}.words")
            except ModuleNotFoundError as err:
                if err.name != f"{package}.words":
                    raise
        found = Words() if module is None else module.WORDS
        if not isinstance(found, Words):
            raise TypeError(f"{package}.words.WORDS must be a cluedo.presentation.Words")
        _WORDS[cls.name] = found
    return found


class Narrator:
    """Words for one person looking at one game.

    ``rules`` is the rule set (name, instance or class); ``table`` any view of
    the game (a seat's or a spectator's: it reads only who plays which
    character, the card set and the board); ``viewer`` the seat reading, or None
    for a spectator; ``players`` the people's names in seat order, if known
    (seats are named by their character, and by these where there is none).
    """

    def __init__(
        self,
        rules: RulesRef,
        table: Mapping[str, Any],
        viewer: int | None = None,
        players: Sequence[str] = (),
    ) -> None:
        self.words = words_for(rules)
        self.viewer = viewer
        self.names = Names.from_view(table, viewer, players, self.words.names, self.words.bare)

    def seen_by(self, viewer: int | None) -> Narrator:
        """The same table read by another seat (or a spectator)."""
        other = object.__new__(Narrator)
        other.words = self.words
        other.viewer = viewer
        other.names = self.names.seen_by(viewer)
        return other

    # -- events -----------------------------------------------------------------------

    def event(self, event: Event | Mapping[str, Any]) -> str | None:
        """One event as a sentence for the viewer, or None (not seen, or not worth a line).

        A mapping is taken to be the event as the viewer sees it (an entry of the
        viewer's log); an engine :class:`~cluedo.engine.events.Event` is first
        redacted for the viewer, so its secret part is never worded for a seat
        that may not know it.
        """
        seen = event.for_seat(self.viewer) if isinstance(event, Event) else event
        if seen is None:
            return None
        return self.words.narrate(seen, self.names)

    def events(self, log: Iterable[Event | Mapping[str, Any]]) -> list[str]:
        """Every event of a log worth a line, as sentences."""
        return [line for e in log if (line := self.event(e)) is not None]

    def knows(self, kind: str) -> bool:
        """Whether the rule set has its own words for events of ``kind``."""
        return self.words.knows(kind)

    # -- decisions --------------------------------------------------------------------

    def prompt(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Prompt:
        """The viewer's pending decision in ``view`` (its own view) with every legal action
        labelled: 'Miss Scarlet suggests Professor Plum with the Rope in the Lounge.
        Show one of: Rope, Lounge.'"""
        return self.words.prompt(view, legal, self.names)

    def action(self, action: Action, view: Mapping[str, Any] | None = None) -> str:
        """One action as a menu line ('Accuse Professor Plum with the Rope in the Lounge')."""
        return self.words.action(action, view or {}, self.names)

    def kind_label(self, kind: str) -> str:
        """An action kind as a menu word ('Accuse', 'Roll the dice')."""
        return self.words.kind_label(kind)

    def parameter_label(self, kind: str, key: str) -> str:
        """How to ask for one parameter of an action ('which weapon')."""
        return self.words.parameter_label(kind, key)

    def value(self, key: str, value: Any) -> str:
        """One parameter's value in words (a seat, a card, a place, a playing card)."""
        return self.words.value(key, value, self.names)

    # -- seats and items --------------------------------------------------------------

    def place(self, place: int | str) -> str:
        """A notebook place in words: a seat ('you', 'Miss Scarlet'), 'the envelope',
        'the clue pile', 'the middle'..."""
        return self.words.place(place, self.names)

    def seat(self, seat: int) -> str:
        """A seat's name ('Miss Scarlet'); never 'you'."""
        return self.names.seat(seat)

    def seat_long(self, seat: int) -> str:
        """A seat's name with its player's ('Miss Scarlet (Ann)')."""
        return self.names.seat_long(seat)

    def items(self, view: Mapping[str, Any], seat: int | None) -> list[Item]:
        """What ``view`` shows about ``seat`` (None: about the whole table), labelled:
        hand, role, gems, survival points, rewards, target, playing cards..."""
        return self.words.items(view, seat, self.names)


# -- options ------------------------------------------------------------------------------


def option_labels(rules: RulesRef) -> list[OptionLabel]:
    """Every option of a rule set with a label, a description and its values in words.

    >>> [o.label for o in option_labels("classic")][:2]
    ['Edition', 'Characters']
    """
    cls = _rules_type(rules)
    words = words_for(cls)
    out: list[OptionLabel] = []
    for key, info in cls.options_type.model_fields.items():
        text = words.options.get(key)
        label = text.label if text is not None else capital(humanise(key))
        description = (text.description if text is not None else "") or _sentence(
            info.description or ""
        )
        values = _allowed_values(info.annotation)
        value_words = dict(text.values) if text is not None else {}
        choices = tuple(ValueLabel(v, value_words.get(v) or _value_label(v)) for v in values)
        out.append(
            OptionLabel(key, label, description, _default_label(info.default, value_words), choices)
        )
    return out


def _allowed_values(annotation: Any) -> list[Any]:
    """The values a Literal (or bool) option allows, else none listed."""
    if annotation is bool:
        return [True, False]
    if get_origin(annotation) is not None and "Literal" in repr(get_origin(annotation)):
        return list(get_args(annotation))
    return []


def _value_label(value: Any) -> str:
    if isinstance(value, bool):
        return "Yes" if value else "No"
    return capital(humanise(str(value)))


def _default_label(value: Any, words: Mapping[Any, str]) -> str:
    if value is None or value in ((), []):
        return "the usual"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value in words:
        return words[value]
    return humanise(str(value))


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return ""
    return capital(text) + ("" if text.endswith(".") else ".")
