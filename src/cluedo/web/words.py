"""The words of a frame: what the page shows, said by the presentation layer.

Each frame a browser gets carries, besides the seat's view, the same things in
words for that viewer: the new log entries narrated (``narration``), the
pending decision (``prompt``), the seats (``seats``), the facts of the seat and
the table (``items``), the latest roll (``roll``) and the forms of the actions
with parameters (``forms``). Everything is worded from what the frame already
holds for its viewer - the seat's own view, its log and its legal actions - by
a :class:`~cluedo.presentation.Narrator` made for that viewer, so the words can
never say more than the view does.

A table keeps one :class:`TableWords`; what costs most (labelling every legal
action of the seat to act) is kept per viewer until the game moves on, so the
frames sent for a chat line or a browser coming and going cost little.
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from cluedo.engine.actions import Action
from cluedo.engine.game import Game
from cluedo.presentation import Choice, Narrator, Words
from cluedo.presentation.names import Names, capital

__all__ = ["ROLLS", "TableWords", "colour_of", "initials_of", "roll_of", "without_seat"]

MOMENTS = frozenset(
    {
        "bluff_called",
        "accomplice_caught",
        "attack",
        "attack_roll",
        "defence_roll",
        "killed",
        "wounded",
        "poisoned",
        "trait_roll",
        "game_over",
        "escaped",
        "part_one_over",
    }
)
"""Event kinds that deserve a moment on screen for everyone who sees them:
a bluff called, an attack or a kill, a roll of the d20, the end of a game."""

SHOWN_TO_YOU = frozenset(
    {"card_shown", "clue_shown", "clue_passed", "shown", "spied", "glimpse", "envelope_seen"}
)
"""Event kinds that are a moment for the seat they show a card (or a card's owner) to."""

ROLLS = frozenset(
    {"roll", "trait_roll", "escape_roll", "attack_roll", "defence_roll", "searched", "blocked"}
)
"""Event kinds that are a roll of dice (``roll`` in a frame is the latest of them)."""

D20 = frozenset({"trait_roll"})
"""Rolls of one twenty-sided die."""

FIELD_ORDER = ("suspect", "weapon", "room")
"""A form asks for these first, in this order, then for the rest as the rule set gives them."""

CONFIRMED = frozenset({"accuse"})
"""Action kinds a person confirms before they are sent (they can end a game)."""

FIXED_LABELS = ("accuse", "move")
"""Kinds whose base words label an action from the action alone (never from the view)."""

PLACED_LABELS = ("suggest", "passage")
"""Kinds whose base words label an action from it and where its seat's token stands."""

CHOICES_KEPT = 20_000
"""Labelled choices a table keeps (a six-player game needs a few thousand)."""

FORMS_KEPT = 256
"""Forms of long, fixed lists a table keeps."""

SHORT = 8
"""Legal actions few enough for the question to name one of them."""

NO_FORM = frozenset({"move"})
"""Kinds chosen on the board (or from the prompt's choices), not in a form."""

WAITING_FOR = {
    "turn": "play their turn",
    "refute": "show a card",
    "contest": "answer",
    "place": "place a weapon or a gem",
    "penalty": "answer a bluff call",
    "escape": "try to escape",
    "swap": "choose a character to swap with",
    "skill": "choose a skill to roll",
    "glimpse": "choose whose card to see",
}
"""What a seat the game waits for is doing, by the pending decision's kind."""

CLASSIC_COLOURS = {
    "scarlet": "#d62828",
    "mustard": "#e9b824",
    "white": "#f5f5f5",
    "green": "#2a9d4b",
    "peacock": "#2563eb",
    "plum": "#7b2d8e",
}


def colour_of(character: str | None, seat: int) -> str:
    """A CSS colour for a seat's token: the character's own, else one made from its name.

    >>> colour_of("scarlet", 0), colour_of("Sir Amig", 0)
    ('#d62828', 'hsl(86, 60%, 50%)')
    """
    if character in CLASSIC_COLOURS:
        return CLASSIC_COLOURS[character]
    key = character if character else f"seat {seat + 1}"
    hue = 0
    for ch in key:  # the same sum as the page's own, so both agree
        hue = (hue * 31 + ord(ch)) % 360
    return f"hsl({hue}, 60%, 50%)"


def initials_of(names: Sequence[str]) -> list[str]:
    """One or two capital letters per name, different for every name where possible.

    >>> initials_of(["Miss Scarlet", "Mrs White", "Mrs Peacock", "Ann"])
    ['MS', 'MW', 'MP', 'A']
    >>> initials_of(["Sir Amig", "Sir Agravain"])
    ['AM', 'AG']
    """
    first = [_two(name) for name in names]
    out = []
    for name, mark in zip(names, first, strict=True):
        if first.count(mark) > 1:
            last = (name.split() or ["?"])[-1]
            mark = last[:2].upper()
        out.append(mark)
    return out


def _two(name: str) -> str:
    words = [w for w in name.replace("-", " ").split() if w[:1].isalnum()]
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:1].upper()
    return (words[0][:1] + words[-1][:1]).upper()


class TableWords:
    """The words of one table's frames, for every viewer.

    ``players`` are the people's (and bots') names in seat order; the narrator is
    made once from the spectator's view (who plays whom, the cards, the board)
    and read by each viewer through :meth:`Narrator.seen_by`.
    """

    def __init__(self, game: Game, players: Sequence[str]) -> None:
        self.game = game
        self.rules = game.rules_name
        self.base = Narrator(self.rules, game.view(None, log_since=len(game.events)), None, players)
        self._narrators: dict[int | None, Narrator] = {}
        words = type(self.base.words)
        self._fixed_labels = frozenset(
            kind
            for kind in FIXED_LABELS
            if getattr(words, f"action_{kind}", None) is getattr(Words, f"action_{kind}")
        )
        """Kinds whose labels this rule set words from the action alone (the base words)."""
        self._placed_labels = frozenset(
            kind
            for kind in PLACED_LABELS
            if getattr(words, f"action_{kind}", None) is getattr(Words, f"action_{kind}")
        )
        """Kinds whose labels it words from the action and where its seat stands."""
        self._said: dict[int | None, tuple[int, dict[str, Any]]] = {}
        """Per viewer: the game's length when its prompt and forms were worded, and them."""
        self._lines: dict[int | None, dict[int, dict[str, Any]]] = {}
        """Per viewer, each event worded so far, by its index in the game."""
        self._choices: dict[Hashable, dict[str, Any]] = {}
        """Choices whose words depend on nothing but the action (accusations, moves)."""
        self._forms: dict[Hashable, dict[str, Any]] = {}
        """Forms of kinds with fixed labels, by the legal actions they offer."""
        self._roll: tuple[int, int | None] = (0, None)
        """The events read for the latest roll, and its index (None: none yet)."""

    def narrator(self, viewer: int | None) -> Narrator:
        found = self._narrators.get(viewer)
        if found is None:
            found = self._narrators[viewer] = self.base.seen_by(viewer)
        return found

    # -- the frame ------------------------------------------------------------------

    def frame_words(
        self,
        viewer: int | None,
        view: Mapping[str, Any],
        log: Sequence[Mapping[str, Any]],
        legal: Sequence[Action],
    ) -> dict[str, Any]:
        """``narration``, ``prompt``, ``items``, ``roll``, ``forms`` and ``ending`` for one
        frame, and ``seat_items``: what the view shows about each seat, in words.

        ``view`` is the viewer's view (its log taken out), ``log`` the entries the
        frame carries, ``legal`` the viewer's legal actions.
        """
        n = self.narrator(viewer)
        words: dict[str, Any] = {"narration": self.narration(n, log, int(view["log_end"]))}
        point = len(self.game.events)
        said = self._said.get(viewer)
        if said is None or said[0] != point:
            said = (point, self._decision(n, view, legal))
            self._said[viewer] = said
        words.update(said[1])
        words["roll"] = self.roll(n)
        return words

    def narration(
        self, n: Narrator, log: Sequence[Mapping[str, Any]], end: int
    ) -> list[dict[str, Any]]:
        """The log entries a frame carries (the viewer's, up to event ``end``) in words.

        Each event is worded once per viewer: a browser that connects again, or
        several browsers on one seat, get the lines already made.
        """
        lines = self._lines.setdefault(n.viewer, {})
        out: list[dict[str, Any]] = []
        index = end
        # The entries are the events the viewer sees, in order: walk back from the end.
        events = self.game.events
        for entry in reversed(log):
            index -= 1
            while index >= 0 and not events[index].visible_to(n.viewer):
                index -= 1
            if index < 0 or events[index].kind != entry.get("kind"):
                return [self.narrated(n, e) for e in log]  # not as expected: word them all
            line = lines.get(index)
            if line is None:
                line = lines[index] = self.narrated(n, entry)
            out.append(line)
        out.reverse()
        return out

    def narrated(self, n: Narrator, event: Mapping[str, Any]) -> dict[str, Any]:
        """One log entry (as the viewer sees it) in words, with whether it is a moment."""
        text = n.event(event)
        return {"text": text, "moment": text is not None and self.is_moment(n.viewer, event)}

    @staticmethod
    def is_moment(viewer: int | None, event: Mapping[str, Any]) -> bool:
        """Whether an event deserves a moment on screen for ``viewer``."""
        kind = event.get("kind")
        if kind in MOMENTS:
            return True
        if kind in SHOWN_TO_YOU and viewer is not None:
            secret = any(k in event for k in ("card", "cards", "envelope", "character"))
            # Shown to someone ("to"): their moment; else the seat that looked.
            reader = event.get("to") if "to" in event else event.get("seat")
            return secret and viewer == reader
        return False

    def _decision(
        self, n: Narrator, view: Mapping[str, Any], legal: Sequence[Action]
    ) -> dict[str, Any]:
        items = [
            {"label": i.label, "value": i.value}
            for seat in ([n.viewer] if n.viewer is not None else []) + [None]
            for i in n.items(view, seat)
        ]
        players = len(view.get("characters") or []) or int(view.get("players") or 0)
        return {
            "prompt": self.prompt(n, view, legal),
            "items": items,
            "seat_items": [
                [{"label": i.label, "value": i.value} for i in n.items(view, seat)]
                for seat in range(players)
            ],
            "forms": self.forms(n, view, legal),
            "ending": self.ending(n),
        }

    # -- the pending decision -------------------------------------------------------

    def prompt(
        self, n: Narrator, view: Mapping[str, Any], legal: Sequence[Action]
    ) -> dict[str, Any]:
        """The decision pending, for the viewer: theirs with its choices, else who decides."""
        if self.game.finished:
            return {
                "situation": self.ending(n) or "The game is over.",
                "question": "",
                "choices": [],
                "yours": False,
            }
        if legal:
            # The rule set's words may look back in the log (the suggestion being
            # answered): the seat's own recent entries are enough for that.
            recent = self.game.log_for(n.viewer, since=max(0, len(self.game.events) - 60))
            seen = {**view, "log": recent}
            # As Narrator.prompt words it, with the labels that depend only on their
            # action kept: the long lists of accusations and moves come back every turn.
            choices = [self.choice(n, a, seen) for a in legal]
            # Only a short list's labels can end up in the question ("Roll the dice?").
            labelled = (
                [Choice(c["label"], a, c["group"]) for c, a in zip(choices, legal, strict=True)]
                if len(legal) <= SHORT
                else []
            )

            return {
                "situation": n.words.situation(seen, legal, n.names),
                "question": n.words.question(seen, legal, n.names, labelled),
                "choices": choices,
                "yours": True,
            }
        return {
            "situation": self.situation_for_others(n, view),
            "question": self.waiting(n, view),
            "choices": [],
            "yours": False,
        }

    def choice(self, n: Narrator, action: Action, view: Mapping[str, Any]) -> dict[str, Any]:
        """One legal action as the prompt offers it: its label, its group, the action."""
        key: Hashable = action
        if action.kind in self._placed_labels:
            where = n.words.where(view, action.seat)
            key = (action, tuple(where) if isinstance(where, list) else where)
        elif action.kind not in self._fixed_labels:
            key = None
        found = self._choices.get(key) if key is not None else None
        if found is not None:
            return found
        made = {
            "label": n.action(action, view),
            "group": n.kind_label(action.kind),
            "action": without_seat(action),
        }
        if key is not None:
            if len(self._choices) > CHOICES_KEPT:
                self._choices.clear()
            self._choices[key] = made
        return made

    def situation_for_others(self, n: Narrator, view: Mapping[str, Any]) -> str:
        """What a seat that is not to act sees is being decided (the suggestion answered)."""
        pending = view.get("pending")
        if isinstance(pending, Mapping) and pending.get("kind") == "refute":
            since = max(0, len(self.game.events) - 60)
            for event in reversed(self.game.log_for(n.viewer, since=since)):
                if event.get("kind") == "suggestion":
                    return n.event(event) or ""
        return ""

    def waiting(self, n: Narrator, view: Mapping[str, Any]) -> str:
        """'Waiting for Colonel Mustard to show a card.'"""
        seats = [s for s in view.get("to_act") or [] if isinstance(s, int)]
        if not seats:
            return ""
        pending = view.get("pending")
        kind = pending.get("kind") if isinstance(pending, Mapping) else None
        doing = WAITING_FOR.get(str(kind), "decide")
        others = [s for s in seats if s != n.viewer]
        who = Names.listing([n.seat(s) for s in others]) if others else "you"
        return f"Waiting for {who} to {doing}."

    def ending(self, n: Narrator) -> str | None:
        """How the game ended, in words for the viewer (None while it goes on)."""
        if not self.game.finished:
            return None
        for event in reversed(self.game.events):
            seen = event.for_seat(n.viewer)
            if seen is not None and seen.get("kind") == "game_over":
                return n.event(seen)
        return "The game is over."

    # -- forms ----------------------------------------------------------------------

    def forms(
        self, n: Narrator, view: Mapping[str, Any], legal: Sequence[Action]
    ) -> list[dict[str, Any]]:
        """The legal actions with parameters, grouped by kind into forms of fields.

        Fields ask for the suspect, the weapon, the room, then the rest; each
        field's options are the values some legal action of the kind has. A
        field that not every action of its kind has is ``optional`` (an action
        without it is picked by leaving the field empty).
        """
        kinds: dict[str, list[Action]] = {}
        for action in legal:
            if action.params and action.kind not in NO_FORM:
                kinds.setdefault(action.kind, []).append(action)
        out = []
        for kind, actions in kinds.items():
            if kind in self._fixed_labels:
                # The same long list (every accusation) comes back every turn.
                key = (kind, tuple(actions))
                form = self._forms.get(key)
                if form is None:
                    if len(self._forms) > FORMS_KEPT:
                        self._forms.clear()
                    form = self._forms[key] = self.form(n, view, kind, actions)
                out.append(form)
            else:
                out.append(self.form(n, view, kind, actions))
        return out

    def form(
        self, n: Narrator, view: Mapping[str, Any], kind: str, actions: Sequence[Action]
    ) -> dict[str, Any]:
        """One kind's form (see :meth:`forms`)."""
        values: dict[str, dict[Any, None]] = {}  # the values of each key, in order
        counts: dict[str, int] = {}
        for action in actions:
            for key, value in action.params:
                values.setdefault(key, {})[value] = None
                counts[key] = counts.get(key, 0) + 1
        keys = list(values)
        keys.sort(key=lambda k: FIELD_ORDER.index(k) if k in FIELD_ORDER else len(FIELD_ORDER))
        fields = [
            {
                "key": key,
                "label": capital(n.parameter_label(kind, key)),
                "options": [
                    {"value": _plain(v), "label": capital(n.value(key, v))} for v in values[key]
                ],
                "optional": counts[key] < len(actions),
            }
            for key in keys
        ]
        form: dict[str, Any] = {
            "group": n.kind_label(kind),
            "kind": kind,
            "fields": fields,
            "confirm": kind in CONFIRMED,
        }
        if kind == "suggest" and "room" not in values:
            here = n.words.where(view, n.viewer) if n.viewer is not None else None
            if isinstance(here, str):
                form["note"] = f"In {n.names.room(here)}"
        return form

    # -- the latest roll ------------------------------------------------------------

    def roll(self, n: Narrator) -> dict[str, Any] | None:
        """The latest roll of dice the viewer saw, or None before the first."""
        events = self.game.events
        read, index = self._roll
        for i in range(len(events) - 1, read - 1, -1):
            if events[i].kind in ROLLS:
                index = i
                break
        self._roll = (len(events), index)
        if index is None:
            return None
        seen = events[index].for_seat(n.viewer)
        return roll_of(n, seen) if seen is not None else None


def roll_of(n: Narrator, seen: Mapping[str, Any]) -> dict[str, Any]:
    """A roll event (as the viewer sees it) as the frame's ``roll``."""
    dice = seen.get("dice")
    if not isinstance(dice, list):
        dice = seen.get("rolls") if isinstance(seen.get("rolls"), list) else None
    total = seen.get("roll")
    if not isinstance(dice, list):
        dice = [total] if isinstance(total, int) else []
    if not isinstance(total, int):
        total = sum(d for d in dice if isinstance(d, int))
    seat = seen.get("seat")
    if not isinstance(seat, int) and isinstance(seen.get("character"), str):
        seat = n.names.seat_of(str(seen["character"]))
    return {
        "seat": seat if isinstance(seat, int) else None,
        "dice": dice,
        "total": total,
        "sides": 20 if seen.get("kind") in D20 else 6,
        "kind": seen.get("kind"),
        "character": seen.get("character") if isinstance(seen.get("character"), str) else None,
        "text": n.event(seen) or "",
    }


def _plain(value: Any) -> Any:
    """An action's parameter as JSON has it (the engine keeps lists as tuples)."""
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


@functools.lru_cache(maxsize=1 << 16)
def without_seat(action: Action) -> dict[str, Any]:
    """An action as the page sends it back: without its seat."""
    # Cached: rule sets reuse the same action objects (the long accusation lists),
    # and every frame to the seat to act carries them. Callers must not change it.
    out = action.to_json()
    del out["seat"]
    return out
