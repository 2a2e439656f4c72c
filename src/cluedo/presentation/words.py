"""A rule set's words: the base every rule set's ``words.py`` subclasses.

:class:`Words` turns one event (as one viewer sees it), one pending decision
with its legal actions, and one view into English, through a :class:`Names`
that knows who "you" are. This base already words everything several rule sets
share - turns, dice, moves, secret passages, suggestions and their answers,
accusations, the end of the game - so a rule set's own module only words what
it adds or says differently.

A rule set supplies its words in ``<its package>.words`` (for the built-in ones
``cluedo.rules.<name>.words``) as an instance named ``WORDS``::

    class CastleWords(Words):
        action_labels = {**Words.action_labels, "glimpse": "See a card"}

        def event_glimpse(self, e, n):
            return n.says(e["seat"], "see", f"a card of {n.seat(e['target'])}") + "."

    WORDS = CastleWords()

An event of kind ``k`` is worded by the method ``event_k(event, names)``,
which returns a sentence, or None when the event is not worth a line. A kind
listed in :attr:`Words.quiet` is known and never shown. Any other kind falls
back to :meth:`Words.unknown`, a plain listing that still shows no raw ids:
the tests demand that every kind a rule set emits has words of its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from cluedo.engine.actions import Action
from cluedo.mechanics.playing_cards import is_card
from cluedo.presentation.names import Names, capital, humanise, plural

Event = Mapping[str, Any]
"""An event as one viewer sees it: ``{"kind": ..., **public, **secret if known}``."""
View = Mapping[str, Any]


@dataclass(frozen=True)
class Choice:
    """One legal action as a person picks it.

    ``label`` names the whole action ("Accuse Professor Plum with the Rope in
    the Lounge"); ``group`` names its kind ("Accuse"), for front ends that first
    ask the kind and then its parameters; ``action`` is what to apply.
    """

    label: str
    action: Action
    group: str


@dataclass(frozen=True)
class Prompt:
    """A pending decision in words.

    ``situation`` says what the decision is about ("Miss Scarlet suggests
    Professor Plum with the Rope in the Lounge."), ``question`` what is asked
    ("Show one of: Rope, Lounge."), ``choices`` every legal action, labelled, in
    the order given. ``text`` is both sentences.
    """

    situation: str
    question: str
    choices: tuple[Choice, ...] = ()

    @property
    def text(self) -> str:
        return f"{self.situation} {self.question}".strip()

    def groups(self) -> dict[str, list[Choice]]:
        """The choices by kind, in order of first appearance."""
        out: dict[str, list[Choice]] = {}
        for choice in self.choices:
            out.setdefault(choice.group, []).append(choice)
        return out


@dataclass(frozen=True)
class Item:
    """One labelled fact about a seat or the table: ``Item("Gems taken", "2")``."""

    label: str
    value: str


@dataclass(frozen=True)
class ValueLabel:
    """One allowed value of an option, in words."""

    value: Any
    label: str


@dataclass(frozen=True)
class OptionLabel:
    """One option of a rule set in words: its key, a label, a description, its values."""

    key: str
    label: str
    description: str
    default: str
    choices: tuple[ValueLabel, ...] = ()


@dataclass(frozen=True)
class OptionText:
    """What a rule set says about one of its options (what the model's description
    does not say well): a label, a description, and labels for its values."""

    label: str
    description: str = ""
    values: Mapping[Any, str] = field(default_factory=dict)


class Words:
    """The generic words, and the base of every rule set's own."""

    action_labels: ClassVar[Mapping[str, str]] = {
        "roll": "Roll the dice",
        "passage": "Take the secret passage",
        "move": "Move",
        "stay": "Stay where you are",
        "suggest": "Suggest",
        "accuse": "Accuse",
        "show": "Show a card",
        "end_turn": "End your turn",
    }
    """A menu word per action kind (a kind not listed is made readable from its name)."""

    parameter_labels: ClassVar[Mapping[str, str]] = {
        "suspect": "who",
        "weapon": "which weapon",
        "room": "which room",
        "card": "which card",
        "to": "where to",
    }
    """How a front end asks for one parameter of an action: 'which weapon?'."""

    options: ClassVar[Mapping[str, OptionText]] = {
        "edition": OptionText(
            "Edition",
            "Which edition's card names to use: the American or the British.",
            {"us": "American names", "uk": "British names"},
        ),
        "characters": OptionText(
            "Characters",
            "The character each player plays, in seating order; by default the first "
            "characters in turn order, starting with Miss Scarlet.",
        ),
        "board": OptionText("Board", "Which of the boards shipped with the game to play on."),
        "movement": OptionText(
            "Movement",
            "Whether a token moves exactly the number rolled, or any number of squares up to it.",
            {"exact": "Exactly the roll", "up_to": "Up to the roll"},
        ),
        "accuse_after_disproved": OptionText(
            "Accuse after a disproved suggestion",
            "Whether a player may still accuse in the turn their suggestion was disproved.",
        ),
    }
    """Labels and descriptions of options, by option key; a rule set adds its own."""

    outcomes: ClassVar[Mapping[str, str]] = {
        "solved": "solves the case",
        "no-winner": "nobody solves the case",
    }
    """How a game ended, as a verb phrase for the winners (or a sentence with 'nobody')."""

    quiet: ClassVar[frozenset[str]] = frozenset()
    """Event kinds this rule set knows and never shows as a line."""

    names: ClassVar[Mapping[str, str]] = {}
    """Names of the rule set's ids that are no card (a place, a piece): id -> name."""

    bare: ClassVar[frozenset[str]] = frozenset()
    """Card ids named without 'the' ("with Black Magic", not "with the Black Magic")."""

    places: ClassVar[Mapping[str, str]] = {
        "envelope": "the envelope",
        "face_up": "face up on the table",
    }
    """The notebook's places besides the seats, in words (see :meth:`place`)."""

    # -- events -----------------------------------------------------------------------

    def knows(self, kind: str) -> bool:
        """Whether this rule set words events of ``kind`` (rather than the fallback)."""
        return kind in self.quiet or callable(getattr(self, f"event_{kind}", None))

    def narrate(self, event: Event, n: Names) -> str | None:
        """``event`` (as ``n.viewer`` sees it) as a sentence, or None if not worth a line."""
        kind = str(event.get("kind", ""))
        if kind in self.quiet:
            return None
        method = getattr(self, f"event_{kind}", None)
        if method is None:
            return self.unknown(event, n)
        text: str | None = method(event, n)
        return text

    def unknown(self, event: Event, n: Names) -> str:
        """The fallback for a kind with no words: the kind and its values, readable."""
        kind = capital(humanise(str(event.get("kind", "something happens"))))
        seat = event.get("seat")
        parts = [
            f"{humanise(k)} {self.value(k, v, n)}"
            for k, v in event.items()
            if k not in ("kind", "seat") and v not in (None, [], {}, "")
        ]
        who = f"{n.subject(seat)}: " if isinstance(seat, int) else ""
        return f"{who}{kind}" + (f" ({'; '.join(parts)})" if parts else "") + "."

    # The events several rule sets share, present tense, the viewer as "you".

    def event_setup(self, e: Event, n: Names) -> str:
        first = e.get("first")
        text = "The game begins"
        if isinstance(e.get("weapons"), Mapping):
            text += " with the weapons hidden in the rooms"
        if isinstance(first, int):
            return f"{text}; {n.object(first)} {n.verb(first, 'play')} first."
        return text + "."

    def event_dealt(self, e: Event, n: Names) -> str:
        seat = e.get("seat")
        if not isinstance(seat, int):
            return "The cards are dealt."
        if "hand" not in e:
            return n.says(seat, "be", "dealt their cards", third="is") + "."
        return f"{n.says(seat, 'be', 'dealt')} {n.cards_named(e['hand'])}."

    def event_turn(self, e: Event, n: Names) -> str:
        return f"Turn {e['turn']}: {n.possessive(e['seat'])} turn."

    def rolled(self, e: Event) -> str:
        """A roll's number, with its dice when there were several: '4 and 5 (9)'."""
        dice = e.get("dice")
        if isinstance(dice, list) and len(dice) > 1:
            return f"{Names.listing([str(d) for d in dice])} ({e['roll']})"
        return str(e["roll"])

    def event_roll(self, e: Event, n: Names) -> str:
        return n.says(e["seat"], "roll", self.rolled(e)) + "."

    def event_blocked(self, e: Event, n: Names) -> str:
        return f"{n.says(e['seat'], 'roll', str(e['roll']))} but cannot move: every way is blocked."

    def event_moved(self, e: Event, n: Names) -> str:
        seat, to = e["seat"], e.get("to")
        if isinstance(to, str):
            return n.says(seat, "go", f"into {n.room(to)}") + "."
        steps = e.get("steps")
        moves = f"{plural(steps, 'square')} " if isinstance(steps, int) else ""
        return n.says(seat, "move", f"{moves}to {n.location(to)}") + "."

    def event_passage(self, e: Event, n: Names) -> str:
        return (
            n.says(e["seat"], "take", "the secret passage")
            + f" from {n.room(e['from'])} to {n.room(e['to'])}."
        )

    def event_stayed(self, e: Event, n: Names) -> str:
        room = e.get("room")
        where = f"in {n.room(room)}" if isinstance(room, str) else "put"
        return n.says(e["seat"], "stay", where) + "."

    def crime(self, e: Mapping[str, Any], n: Names) -> str:
        """'Professor Plum with the Rope in the Lounge'."""
        return f"{n.the(e['suspect'])} with {n.the(e['weapon'])} in {n.room(e['room'])}"

    def event_suggestion(self, e: Event, n: Names) -> str:
        return n.says(e["seat"], "suggest", self.crime(e, n)) + "."

    def event_token_moved(self, e: Event, n: Names) -> str:
        piece, to = str(e["piece"]), e["to"]
        seat = n.seat_of(piece)
        who = n.subject(seat) if seat is not None else capital(n.the(piece))
        be = n.verb(seat, "be") if seat is not None else "is"
        if not isinstance(to, str):
            why = " after a wrong bluff call" if e.get("reason") == "wrong-call" else ""
            return f"{who} {n.verb(seat, 'go')} back to the start{why}."
        why = ", off the doorway" if e.get("reason") == "off-doorway" else ""
        return f"{who} {be} moved to {n.room(to)}{why}."

    def event_weapon_moved(self, e: Event, n: Names) -> str:
        return f"{capital(n.the(e['weapon']))} is moved to {n.room(e['to'])}."

    def event_must_refute(self, e: Event, n: Names) -> str:
        seat, to = e["seat"], e["suggester"]
        return n.says(seat, "must", f"show {n.object(to)} a card", third="must") + "."

    def event_cannot_refute(self, e: Event, n: Names) -> str:
        return n.says(e["seat"], "have", "none of the cards asked about") + "."

    def event_not_refuted(self, e: Event, n: Names) -> str:
        return f"Nobody can answer {n.possessive(e['seat'])} suggestion."

    def event_card_shown(self, e: Event, n: Names) -> str:
        seat, to = e["seat"], e["to"]
        what = n.a_card(e["card"]) if "card" in e else "a card"
        return n.says(seat, "show", f"{n.object(to)} {what}") + "."

    def verdict(self, e: Event, n: Names) -> str:
        """The end of an accusation's sentence: right, or wrong and out."""
        seat = e["seat"]
        if e["correct"]:
            return f"and {n.verb(seat, 'be')} right!"
        return f"and {n.verb(seat, 'be')} wrong: out of the game."

    def event_accusation(self, e: Event, n: Names) -> str:
        return f"{n.says(e['seat'], 'accuse', self.crime(e, n))}, {self.verdict(e, n)}"

    def event_envelope_seen(self, e: Event, n: Names) -> str:
        seat = e["seat"]
        if "envelope" not in e:
            return n.says(seat, "look", "in the envelope") + "."
        return n.says(seat, "look", f"in the envelope: {n.cards_named(e['envelope'])}") + "."

    def event_game_over(self, e: Event, n: Names) -> str:
        winners = [s for s in e.get("winners") or [] if isinstance(s, int)]
        outcome = str(e.get("outcome") or "")
        phrase = self.outcomes.get(outcome, "wins")
        if winners:
            who = n.listing([n.object(s) for s in winners])
            many = len(winners) > 1 or n.viewer in winners
            verb = phrase if not many else _plural_phrase(phrase)
            text = f"Game over: {who} {verb}."
        else:
            text = f"Game over: {self.outcomes.get(outcome, 'nobody wins')}."
        envelope = e.get("envelope")
        if isinstance(envelope, list) and envelope:
            text += f" The envelope holds {n.cards_named(envelope, article=True)}."
        return text

    def place(self, place: int | str, n: Names) -> str:
        """Where a card can be, for the notebook: a seat ('Miss Scarlet', 'you'), one of
        :attr:`places` ('the envelope'), or a character nobody plays."""
        if isinstance(place, int):
            return n.object(place)
        if place in self.places:
            return self.places[place]
        if n.category(place) is not None:
            return f"{n.card(place)} (nobody plays them)"
        return humanise(place)

    # -- values and actions -----------------------------------------------------------

    def value(self, key: str, value: Any, n: Names) -> str:
        """A parameter or event value in words: a seat, a card, a place, a count."""
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, int) and key in SEAT_KEYS:
            return n.object(value)
        if isinstance(value, str):
            if n.category(value) is None and is_card(value):
                return n.playing_card(value)
            return n.card(value)
        if isinstance(value, (list, tuple)):
            square = len(value) == 2 and all(
                isinstance(v, int) and not isinstance(v, bool) for v in value
            )
            if square and key not in ("winners", "seats", "dice", "rolls", "scores"):
                return n.location(value)
            inner = "seat" if key in ("winners", "seats") else key
            return n.listing([self.value(inner, v, n) for v in value]) or "nothing"
        if isinstance(value, Mapping):
            return "; ".join(
                f"{self.value('', k, n)} {self.value(str(k), v, n)}" for k, v in value.items()
            )
        if value is None:
            return "nothing"
        return str(value)

    def kind_label(self, kind: str) -> str:
        """A menu word for an action kind: 'Accuse', 'Roll the dice'."""
        return self.action_labels.get(kind) or capital(humanise(kind))

    def parameter_label(self, kind: str, key: str) -> str:
        """How to ask for one parameter of an action kind: 'which weapon'."""
        return self.parameter_labels.get(key) or f"which {humanise(key)}"

    def action(self, action: Action, view: View, n: Names) -> str:
        """One legal action as a menu line, parameters named."""
        method = getattr(self, f"action_{action.kind}", None)
        if method is not None:
            text: str = method(action, view, n)
            return text
        base = self.kind_label(action.kind)
        if not action.params:
            return base
        args = ", ".join(self.value(k, v, n) for k, v in action.params)
        return f"{base}: {args}"

    def action_move(self, action: Action, view: View, n: Names) -> str:
        to = action["to"]
        if isinstance(to, str):
            return f"Go into {n.room(to)}"
        return f"Move to {n.square(to, precise=True)}"

    def action_suggest(self, action: Action, view: View, n: Names) -> str:
        here = self.where(view, action.seat)
        room = action.get("room") or here
        where = f" in {n.room(room)}" if isinstance(room, str) else ""
        return f"Suggest {n.the(action['suspect'])} with {n.the(action['weapon'])}{where}"

    def action_accuse(self, action: Action, view: View, n: Names) -> str:
        return f"Accuse {self.crime(action.to_json(), n)}"

    def action_show(self, action: Action, view: View, n: Names) -> str:
        return f"Show {n.the(action['card'])}"

    def action_passage(self, action: Action, view: View, n: Names) -> str:
        here = self.where(view, action.seat)
        board = n.board
        if isinstance(here, str) and board is not None and here in board.passages:
            return f"Take the secret passage to {n.room(board.passages[here])}"
        return self.kind_label("passage")

    @staticmethod
    def where(view: View, seat: int) -> Any:
        """Where a seat's token stands in the view (a room id, a square, or None)."""
        characters = view.get("characters") or []
        positions = view.get("positions") or {}
        if 0 <= seat < len(characters) and isinstance(positions, Mapping):
            return positions.get(characters[seat])
        return None

    # -- prompts ----------------------------------------------------------------------

    def prompt(self, view: View, legal: Sequence[Action], n: Names) -> Prompt:
        """The decision ``n.viewer`` faces in ``view``, with ``legal`` labelled."""
        choices = tuple(Choice(self.action(a, view, n), a, self.kind_label(a.kind)) for a in legal)
        return Prompt(
            self.situation(view, legal, n), self.question(view, legal, n, choices), choices
        )

    def situation(self, view: View, legal: Sequence[Action], n: Names) -> str:
        """What the decision is about, in a sentence or two."""
        pending = view.get("pending") or {}
        kind = pending.get("kind") if isinstance(pending, Mapping) else None
        seat = n.viewer
        if kind == "refute":
            asked = self.last(view, "suggestion")
            if asked is not None:
                return self.narrate(asked, n) or ""
            return n.says(pending["suggester"], "make", "a suggestion") + "."
        if kind == "turn" and isinstance(seat, int):
            return self.turn_situation(view, pending, n)
        return ""

    def turn_situation(self, view: View, pending: Mapping[str, Any], n: Names) -> str:
        """Where the seat is on its turn and what has happened in it so far."""
        assert n.viewer is not None
        here = self.where(view, n.viewer)
        stage = pending.get("stage")
        where = f"You are in {n.location(here)}." if here is not None else "It is your turn."
        if stage == "move" and "roll" in pending:
            return f"You rolled {pending['roll']}."
        if stage == "done":
            return where + " Your suggestion has been answered."
        if stage == "moved" and pending.get("entered"):
            return f"You are in {n.room(pending['entered'])}."
        return where

    def question(
        self, view: View, legal: Sequence[Action], n: Names, choices: Sequence[Choice] = ()
    ) -> str:
        """What is asked: 'Show one of: Rope, Lounge.', 'Where do you go?', 'What do you do?'."""
        kinds = {a.kind for a in legal}
        if kinds == {"show"}:
            return "Show one of: " + ", ".join(n.card(a["card"]) for a in legal) + "."
        if kinds == {"move"} or kinds == {"move", "stay"}:
            return "Where do you go?"
        if len(kinds) == 1 and len(legal) > 1:
            return f"{self.kind_label(next(iter(kinds)))}: which?"
        if len(legal) == 1:
            return f"{choices[0].label if choices else self.kind_label(legal[0].kind)}?"
        return "What do you do?"

    @staticmethod
    def last(view: View, kind: str) -> Event | None:
        """The last event of ``kind`` in the view's log."""
        for event in reversed(view.get("log") or []):
            if event.get("kind") == kind:
                return dict(event)
        return None

    # -- items ------------------------------------------------------------------------

    def items(self, view: View, seat: int | None, n: Names) -> list[Item]:
        """What the view shows about ``seat`` (None: about the table) as labelled items."""
        if seat is None:
            return self.table_items(view, n)
        out: list[Item] = []
        if seat == view.get("seat") and isinstance(view.get("hand"), list):
            out.append(Item("Hand", n.cards_named(view["hand"])))
        sizes = view.get("hand_sizes")
        if isinstance(sizes, list) and seat < len(sizes) and seat != view.get("seat"):
            out.append(Item("Cards in hand", str(sizes[seat])))
        eliminated = view.get("eliminated")
        if isinstance(eliminated, list) and seat < len(eliminated) and eliminated[seat]:
            out.append(Item("Out of the game", "accused wrongly"))
        return out

    def table_items(self, view: View, n: Names) -> list[Item]:
        """What the view shows about the table as a whole."""
        out: list[Item] = []
        envelope = view.get("envelope")
        if isinstance(envelope, list) and envelope:
            out.append(Item("Envelope", n.cards_named(envelope)))
        return out


SEAT_KEYS = frozenset(
    {
        "seat",
        "player",
        "to",
        "by",
        "suggester",
        "current",
        "first",
        "named",
        "caller",
        "target",
        "seats",
        "winners",
    }
)
"""Parameter and event keys whose integer values are seats."""


def _plural_phrase(phrase: str) -> str:
    """A verb phrase for 'you' or several winners: 'solves the case' -> 'solve the case'."""
    verb, _, rest = phrase.partition(" ")
    plain = {"is": "are", "has": "have", "does": "do", "goes": "go"}.get(verb)
    if plain is None:
        if verb.endswith("ies"):
            plain = verb[:-3] + "y"
        elif verb.endswith(("shes", "ches", "sses", "xes", "oes")):
            plain = verb[:-2]
        elif verb.endswith("s"):
            plain = verb[:-1]
        else:
            plain = verb
    return f"{plain} {rest}".strip()
