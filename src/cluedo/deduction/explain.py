"""Why a line of ``cluedo solve`` cannot be right, in the words the person used.

When a line contradicts the record, :func:`explain` finds the earlier lines it
clashes with (a smallest set of them: taking any one away would remove the
clash), quotes them as they were typed with what each says in plain words, and
says why they cannot all be true, naming cards by their printed names and
players as they were entered ("Mrs. White is with mu, so gr cannot hold it").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from cluedo.deduction import (
    ENVELOPE,
    ContradictionError,
    DealSetup,
    FaceUp,
    Hand,
    HasNone,
    HasOneOf,
    Notebook,
    Observation,
    Shown,
    WrongAccusation,
    describe,
)
from cluedo.deduction.setup import FACE_UP


@dataclass(frozen=True)
class Entry:
    """One line as the person typed it, what it says and what it records."""

    number: int
    text: str
    meaning: str
    observations: tuple[Observation, ...]


@dataclass(frozen=True)
class Words:
    """How to name cards, players and places for the person."""

    setup: DealSetup
    card_name: Callable[[str], str]
    labels: Mapping[str, str]
    """Player -> the name as the person typed it."""
    me: str | None = None

    def who(self, player: str) -> str:
        """A player as a subject or object: 'you' for the person, else the name."""
        return "you" if player == self.me else self.labels.get(player, player)

    def whose(self, player: str) -> str:
        return "your" if player == self.me else f"{self.who(player)}'s"

    def the(self, card: str) -> str:
        """A card with its article: 'the Rope', 'the Hall', but 'Mrs. White'."""
        name = self.card_name(card)
        return name if self.setup.category_of(card) == "suspect" else f"the {name}"

    def cards(self, cards: Sequence[str], last: str = "and") -> str:
        return join([self.the(c) for c in cards], last)

    def place(self, location: str) -> str:
        if location == ENVELOPE:
            return "in the envelope"
        if location == FACE_UP:
            return "face up on the table"
        if location == self.me:
            return "in your hand"
        if location in self.setup.player_names:
            return f"with {self.who(location)}"
        return f"in the {location} pile"

    def observation(self, obs: Observation) -> str:
        """What one observation says, in plain words."""
        if isinstance(obs, Hand):
            return f"{self.whose(obs.player)} hand is {self.cards(obs.cards)}"
        if isinstance(obs, Shown):
            return f"{self.who(obs.player)} showed you {self.the(obs.card)}"
        if isinstance(obs, HasOneOf):
            return f"{self.who(obs.player)} showed a card, one of {self.cards(obs.cards, 'or')}"
        if isinstance(obs, HasNone):
            return f"{self.who(obs.player)} could not show {self.cards(obs.cards, 'or')}"
        if isinstance(obs, FaceUp):
            return f"{self.cards(obs.cards)} lie face up"
        if isinstance(obs, WrongAccusation):
            return f"the envelope is not {self.cards(obs.cards)}"
        return describe(obs)


def join(items: Sequence[str], last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c'.

    >>> join(["a", "b", "c"], "or")
    'a, b or c'
    """
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


SENTENCE_STARTS = ("the", "those", "this", "so", "your", "no")


def _sentence(text: str) -> str:
    """``text`` as a sentence; a player's name at its start stays as it was typed."""
    first = text.split(" ", 1)[0]
    if first in SENTENCE_STARTS:
        text = text[:1].upper() + text[1:]
    return text + "."


def _clashes(setup: DealSetup, entries: Sequence[Entry], new: Entry) -> bool:
    nb = Notebook(setup)
    try:
        nb.observe_all([o for e in (*entries, new) for o in e.observations])
    except ContradictionError:
        return True
    return False


def conflicting(setup: DealSetup, earlier: Sequence[Entry], new: Entry) -> list[Entry]:
    """A smallest set of ``earlier`` entries that ``new`` contradicts (oldest first).

    Empty if ``new`` cannot be right even on its own.
    """
    kept = [e for e in earlier if e.observations]
    if not _clashes(setup, kept, new):
        return []  # not expected: the caller saw a clash with all of them
    # The shortest run of lines from the start that clashes ends with a culprit...
    low, high = 0, len(kept)
    while low < high:
        middle = (low + high) // 2
        if _clashes(setup, kept[:middle], new):
            high = middle
        else:
            low = middle + 1
    core = kept[:low]
    # ... then every other line that is not needed for the clash is dropped.
    i = 0
    while i < len(core) - 1:
        trial = core[:i] + core[i + 1 :]
        if _clashes(setup, trial, new):
            core = trial
        else:
            i += 1
    return core


def _certain_place(nb: Notebook, card: str) -> str | None:
    return next((loc for loc in nb.locations if nb.status(card, loc) is True), None)


def _why(nb: Notebook, obs: Observation, words: Words) -> str:
    """Why ``obs`` cannot be added to ``nb`` (which it contradicts), in plain words."""
    if isinstance(obs, Shown):
        who, card = obs.player, obs.card
        where = _certain_place(nb, card)
        if where is not None and where != who:
            return f"{words.the(card)} is {words.place(where)}, so {words.who(who)} cannot hold it"
        known = [c for c in nb.setup.cards if nb.status(c, who) is True]
        size = nb.hand_size(who)
        if len(known) >= size:
            return (
                f"those lines name all {size} of {words.whose(who)} cards "
                f"({words.cards(known)}), so {words.the(card)} cannot be one of them"
            )
        return f"so {words.who(who)} cannot hold {words.the(card)}"
    if isinstance(obs, HasNone):
        held = [c for c in obs.cards if nb.status(c, obs.player) is True]
        if held:
            return (
                f"{words.the(held[0])} is {words.place(obs.player)}, "
                f"so {words.who(obs.player)} could have shown it"
            )
        return f"so {words.who(obs.player)} must hold one of {words.cards(obs.cards, 'or')}"
    if isinstance(obs, HasOneOf):
        known = [c for c in nb.setup.cards if nb.status(c, obs.player) is True]
        size = nb.hand_size(obs.player)
        if len(known) >= size:
            return (
                f"those lines name all {size} of {words.whose(obs.player)} cards "
                f"({words.cards(known)}), none of them {words.cards(obs.cards, 'or')}"
            )
        found: dict[str, list[str]] = {}
        for card in obs.cards:
            where = _certain_place(nb, card)
            if where is not None and where != obs.player:
                found.setdefault(where, []).append(card)
        places = [
            f"{words.cards(cards)} {'are' if len(cards) > 1 else 'is'} {words.place(where)}"
            for where, cards in found.items()
        ]
        text = f"so {words.who(obs.player)} cannot hold any of {words.cards(obs.cards, 'or')}"
        return f"{text}: {join(places)}" if places else text
    if isinstance(obs, WrongAccusation):
        return f"those lines leave only {words.cards(obs.cards)} for the envelope"
    if isinstance(obs, FaceUp):
        for card in obs.cards:
            if nb.status(card, FACE_UP) is False:
                where = _certain_place(nb, card)
                if where is not None:
                    return f"{words.the(card)} is {words.place(where)}, so it cannot lie face up"
                return f"{words.the(card)} cannot lie face up"
    if isinstance(obs, Hand):
        size = nb.hand_size(obs.player)
        named = len(set(obs.cards))
        if named != size:
            return f"this line names {named} cards, but {words.whose(obs.player)} hand has {size}"
    return "no way of dealing the cards fits all of these lines"


def why(setup: DealSetup, core: Sequence[Entry], new: Entry, words: Words) -> str:
    """Why ``new`` cannot follow ``core``, as a sentence."""
    nb = Notebook(setup)
    nb.observe_all([o for e in core for o in e.observations])
    for obs in new.observations:
        trial = nb.copy()
        try:
            trial.observe(obs)
        except ContradictionError:
            return _sentence(_why(nb, obs, words))
        nb = trial
    return _sentence("no way of dealing the cards fits all of these lines")


def explain(setup: DealSetup, earlier: Sequence[Entry], new: Entry, words: Words) -> str:
    """The message for a line that contradicts the lines before it.

    ``this contradicts line 3:``, then each line involved as typed with what it
    says (the new one last), then why they cannot all be true.
    """
    core = conflicting(setup, earlier, new)
    numbers = [f"{e.number}" for e in core]
    if not core:
        head = "this cannot be right:"
    else:
        head = f"this contradicts line{'s' if len(core) > 1 else ''} {join(numbers)}:"
    lines = [head]
    lines += [f"  line {e.number} ({e.text}): {e.meaning}" for e in core]
    lines.append(f"  this line ({new.text}): {new.meaning}")
    lines.append("  " + why(setup, core, new, words))
    return "\n".join(lines)
