"""The table-side notebook: a person's record of a real game, line by line.

A :class:`Session` reads the short lines a person types at a physical table
(``gr: mu kn li > wh``; the format is in docs/solve.md), keeps the exact
:class:`~cluedo.deduction.Notebook` of what they imply, explains a line that
contradicts earlier ones in the person's own words, and undoes. ``cluedo solve``
in the terminal and the browser's ``/notebook`` page both use it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cluedo.deduction import (
    ContradictionError,
    DealSetup,
    DeductionError,
    FaceUp,
    Hand,
    HasNone,
    Notebook,
    Observation,
    Shown,
    WrongAccusation,
    dealt_sizes,
    suggestion_observations,
)
from cluedo.deduction.explain import Entry, Words, explain, join
from cluedo.deduction.transcript import RecordError, parse_transcript

# Card table: id, two-letter code, US name, UK name.
CARDS: dict[str, list[tuple[str, str, str, str]]] = {
    "suspect": [
        ("scarlet", "sc", "Miss Scarlet", "Miss Scarlett"),
        ("mustard", "mu", "Colonel Mustard", "Colonel Mustard"),
        ("white", "wh", "Mrs. White", "Mrs. White"),
        ("green", "gr", "Mr. Green", "Reverend Green"),
        ("peacock", "pe", "Mrs. Peacock", "Mrs. Peacock"),
        ("plum", "pl", "Professor Plum", "Professor Plum"),
    ],
    "weapon": [
        ("candlestick", "ca", "Candlestick", "Candlestick"),
        ("knife", "kn", "Knife", "Dagger"),
        ("lead_pipe", "pi", "Lead Pipe", "Lead Piping"),
        ("revolver", "re", "Revolver", "Revolver"),
        ("rope", "ro", "Rope", "Rope"),
        ("wrench", "wr", "Wrench", "Spanner"),
    ],
    "room": [
        ("kitchen", "ki", "Kitchen", "Kitchen"),
        ("ballroom", "ba", "Ballroom", "Ballroom"),
        ("conservatory", "co", "Conservatory", "Conservatory"),
        ("dining_room", "di", "Dining Room", "Dining Room"),
        ("billiard_room", "bi", "Billiard Room", "Billiard Room"),
        ("library", "li", "Library", "Library"),
        ("lounge", "lo", "Lounge", "Lounge"),
        ("hall", "ha", "Hall", "Hall"),
        ("study", "st", "Study", "Study"),
    ],
}
CATEGORIES = {cat: [c[0] for c in cards] for cat, cards in CARDS.items()}
CODE = {c[1]: c[0] for cards in CARDS.values() for c in cards}
EDITIONS = ("us", "uk")
SESSION_FORMAT = "cluedo-solve-session"


class InputError(ValueError):
    """A line that cannot be understood; the message says what is allowed."""


class Contradiction(DeductionError):
    """A line that contradicts earlier ones; the message names them and says why."""


Meaning = Callable[[Words], str]
"""What an accepted line says, in plain words (built when needed, in the names then in use)."""


@dataclass(frozen=True)
class Accepted:
    """What the session keeps of an accepted line besides its text."""

    number: int
    """The line's number as the person counts it (in a record file: its line in the file)."""
    observations: tuple[Observation, ...] = ()
    meaning: Meaning | None = None


def display_name(card: str, edition: str = "us") -> str:
    """The printed name of a card id in an edition."""
    for cards in CARDS.values():
        for cid, _, us, uk in cards:
            if cid == card:
                return uk if edition == "uk" else us
    return card


def resolve_card(token: str) -> str:
    """A card id from a code, an id or an unambiguous prefix of an id or name."""
    tok = token.lower().strip(",")
    if tok in CODE:
        return CODE[tok]
    everything = [c for cards in CARDS.values() for c in cards]
    for cid, *_ in everything:
        if tok == cid:
            return cid
    key = tok.replace("_", "").replace(".", "")
    hits = {
        cid
        for cid, _, us, uk in everything
        if any(
            n.lower().replace(" ", "").replace(".", "").replace("_", "").startswith(key)
            for n in (cid, us, uk)
        )
        or any(w.lower().startswith(key) for w in (*us.split(), *uk.split()) if len(key) >= 3)
    }
    if len(hits) == 1:
        return hits.pop()
    if hits:
        raise InputError(f"{token!r} could be {', '.join(sorted(hits))}; type more letters")
    codes = " ".join(f"{c[1]}={c[0]}" for cards in CARDS.values() for c in cards)
    raise InputError(f"unknown card {token!r}; cards: {codes}")


@dataclass
class Session:
    """The state of one solve session: set-up, accepted lines and the notebook."""

    edition: str = "us"
    players: list[str] = field(default_factory=list)
    sizes: list[int] | None = None
    me: str | None = None
    notebook: Notebook | None = None
    lines: list[str] = field(default_factory=list)
    added: list[int] = field(default_factory=list)
    """How many observations each accepted line added (for undo)."""
    accepted: list[Accepted] = field(default_factory=list)
    """For each accepted line: its number, observations and meaning (to explain clashes)."""
    labels: dict[str, str] = field(default_factory=dict)
    """Player -> the name as typed on the ``players`` line."""
    _number: int = field(default=0, repr=False)
    """The number of the line being entered."""

    # -- parsing -----------------------------------------------------------

    def player(self, token: str) -> str:
        """A player from a name or an unambiguous prefix."""
        tok = token.lower().rstrip(":")
        if tok in self.players:
            return tok
        hits = [p for p in self.players if p.startswith(tok)]
        if len(hits) == 1:
            return hits[0]
        raise InputError(f"unknown player {token!r}; players: {' '.join(self.players)}")

    def needs_card(self, line: str) -> str | None:
        """If ``line`` is my suggestion with a refuter but no card, that refuter."""
        if self.me is None or ":" not in line or ">" not in line:
            return None
        head, _, rest = line.partition(":")
        after = rest.partition(">")[2].split()
        try:
            if self.player(head.strip()) == self.me and len(after) == 1 and after[0] != "-":
                return self.player(after[0])
        except InputError:
            return None
        return None

    def enter(self, line: str, number: int | None = None) -> str:
        """Record one line; returns a short confirmation. Raises on bad input.

        Raises :class:`InputError` for malformed lines and
        :class:`~cluedo.deduction.DeductionError` for contradictions
        (:class:`Contradiction`, naming the earlier lines it clashes with);
        either way the session is unchanged. ``number`` is the line's number
        for messages (default: the next one).
        """
        text = line.split("#", 1)[0].split(";", 1)[0].strip()
        if not text:
            return ""
        self._number = number if number is not None else len(self.lines) + 1
        words = text.split()
        head = words[0].lower()
        if head == "players":
            self._before_hand("players")
            names = [w.lower() for w in words[1:]]
            if len(names) < 2 or len(set(names)) != len(names):
                raise InputError("players needs 2 or more distinct names in turn order")
            self.players = names
            self.labels = dict(zip(names, words[1:], strict=True))
            return self._accept(line, 0, f"players: {' '.join(words[1:])}")
        if head == "sizes":
            self._before_hand("sizes")
            if len(words) - 1 != len(self.players) or not all(w.isdigit() for w in words[1:]):
                raise InputError("sizes needs one whole number per player (set players first)")
            self.sizes = [int(w) for w in words[1:]]
            return self._accept(line, 0, "sizes set")
        if head == "me":
            self._before_hand("me")
            if len(words) != 2:
                raise InputError("me needs one player name")
            self.me = self.player(words[1])
            return self._accept(line, 0, f"you are {self.me}")
        if head == "hand":
            return self._hand(line, words[1:])
        nb = self.notebook
        if nb is None:
            raise InputError("set up first: players ..., me ..., hand ...")
        if head == "shown":
            if len(words) != 3:
                raise InputError("shown <player> <card>")
            return self._observe(line, [Shown(self.player(words[1]), resolve_card(words[2]))])
        if head == "faceup":
            return self._observe(line, [FaceUp(tuple(resolve_card(w) for w in words[1:]))])
        if head == "accuse":
            cards = text.split(":", 1)[1].split() if ":" in text else words[1:]
            if len(cards) != 3:
                raise InputError("accuse <player>: <suspect> <weapon> <room>")
            triple = self._triple(cards)
            accuser = self._maybe_player(words[1]) if ":" in text else None
            return self._observe(
                line, [WrongAccusation(triple)], _accusation_meaning(accuser, triple)
            )
        if ":" in text:
            return self._suggestion(line, text)
        raise InputError(f"cannot read {text!r}; type help for the formats")

    def _maybe_player(self, token: str) -> str | None:
        try:
            return self.player(token)
        except InputError:
            return None

    def _before_hand(self, what: str) -> None:
        if self.notebook is not None:
            raise InputError(f"{what} must come before hand")

    def _triple(self, tokens: Sequence[str]) -> tuple[str, ...]:
        cards = [resolve_card(t) for t in tokens]
        cats = [next(k for k, v in CATEGORIES.items() if c in v) for c in cards]
        if cats != list(CATEGORIES):
            raise InputError("name a suspect, a weapon and a room, in that order")
        return tuple(cards)

    def _hand(self, line: str, tokens: Sequence[str]) -> str:
        self._before_hand("hand")
        if self.me is None or not self.players:
            raise InputError("set players and me before hand")
        sizes = self.sizes or dealt_sizes(18, len(self.players))
        try:
            setup = DealSetup.create(CATEGORIES, list(zip(self.players, sizes, strict=True)))
        except DeductionError as exc:
            raise InputError(str(exc)) from None
        nb = Notebook(setup)
        hand = Hand(self.me, tuple(resolve_card(t) for t in tokens))
        try:
            nb.observe(hand)
        except ContradictionError:
            raise Contradiction(self._explain(nb, line, (hand,), None)) from None
        self.notebook = nb
        return self._accept(
            line, 1, f"notebook started: {nb.deals:,} possible deals", (hand,), None
        )

    def _suggestion(self, line: str, text: str) -> str:
        head, _, rest = text.partition(":")
        suggester = self.player(head.strip())
        if ">" not in rest:
            raise InputError("a suggestion reads <player>: <suspect> <weapon> <room> > <refuter|->")
        left, _, right = rest.partition(">")
        triple = self._triple(left.split())
        after = right.split()
        if not after or len(after) > 2:
            raise InputError("after '>' give the refuter (or '-'), then the card if you saw it")
        refuter = None if after[0] == "-" else self.player(after[0])
        shown = resolve_card(after[1]) if len(after) == 2 else None
        if shown is not None and shown not in triple:
            raise InputError("the card shown must be one of the three suggested")
        try:
            obs = suggestion_observations(self.players, suggester, triple, refuter, shown)
        except ValueError as exc:
            raise InputError(str(exc)) from None
        return self._observe(line, obs, _suggestion_meaning(suggester, triple, obs, refuter))

    def _observe(self, line: str, obs: list[Observation], meaning: Meaning | None = None) -> str:
        assert self.notebook is not None
        try:
            self.notebook.observe_all(obs)
        except ContradictionError:
            raise Contradiction(self._explain(self.notebook, line, obs, meaning)) from None
        message = f"{self.notebook.deals:,} possible deals"
        return self._accept(line, len(obs), message, tuple(obs), meaning)

    def _accept(
        self,
        line: str,
        added: int,
        message: str,
        observations: tuple[Observation, ...] = (),
        meaning: Meaning | None = None,
    ) -> str:
        self.lines.append(line.strip())
        self.added.append(added)
        self.accepted.append(Accepted(self._number, observations, meaning))
        return message

    # -- explaining --------------------------------------------------------

    def words(self, setup: DealSetup) -> Words:
        """How this session names cards (in its edition) and players (as typed)."""
        return Words(setup, lambda c: display_name(c, self.edition), self.labels, self.me)

    def _entry(
        self,
        words: Words,
        number: int,
        text: str,
        obs: Sequence[Observation],
        meaning: Meaning | None,
    ) -> Entry:
        said = meaning(words) if meaning else "; ".join(words.observation(o) for o in obs)
        return Entry(number, text.strip(), said, tuple(obs))

    def _explain(
        self, nb: Notebook, line: str, obs: Sequence[Observation], meaning: Meaning | None
    ) -> str:
        """The message for ``line``, which contradicts the accepted lines."""
        words = self.words(nb.setup)
        earlier = [
            self._entry(words, a.number, text, a.observations, a.meaning)
            for text, a in zip(self.lines, self.accepted, strict=True)
            if a.observations
        ]
        new = self._entry(words, self._number, line, obs, meaning)
        return explain(nb.setup, earlier, new, words)

    def undo(self) -> str:
        """Forget the last accepted line."""
        if not self.lines:
            raise InputError("nothing to undo")
        line = self.lines.pop()
        n = self.added.pop()
        self.accepted.pop()
        if line.split()[0].lower() in ("players", "sizes", "me", "hand"):
            # Set-up lines: replaying what is left is instant (no notebook yet).
            rest = Session.from_lines(self.lines, self.edition)
            self.players, self.sizes, self.me = rest.players, rest.sizes, rest.me
            self.notebook, self.added = rest.notebook, rest.added
            self.accepted, self.labels = rest.accepted, rest.labels
        elif self.notebook is not None and n:
            self.notebook.undo(n)
        return f"undone: {line}"

    # -- persistence -------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The session as JSON-friendly data (replayed on resume)."""
        return {
            "format": SESSION_FORMAT,
            "version": 1,
            "edition": self.edition,
            "lines": list(self.lines),
        }

    @classmethod
    def from_lines(cls, lines: Sequence[str], edition: str = "us") -> Session:
        """Replay lines; a bad line raises :class:`RecordError` naming it."""
        s = cls(edition=edition)
        for no, line in enumerate(lines, start=1):
            try:
                s.enter(line, no)
            except (InputError, DeductionError) as exc:
                raise RecordError(no, str(exc)) from None
        return s


def _suggestion_meaning(
    suggester: str, triple: Sequence[str], obs: Sequence[Observation], refuter: str | None
) -> Meaning:
    """'gr suggested Mrs. White with the Rope in the Hall; pe could not show a card; ...'."""

    def meaning(w: Words) -> str:
        s, weapon, room = triple
        parts = [f"{w.who(suggester)} suggested {w.the(s)} with {w.the(weapon)} in {w.the(room)}"]
        passed = [o.player for o in obs if isinstance(o, HasNone)]
        if refuter is None:
            parts.append("nobody could show a card")
        else:
            if passed:
                parts.append(f"{join([w.who(p) for p in passed])} could not show a card")
            seen = next((o.card for o in obs if isinstance(o, Shown)), None)
            card = w.the(seen) if seen is not None else "a card"
            parts.append(f"{w.who(refuter)} showed {w.who(suggester)} {card}")
        return "; ".join(parts)

    return meaning


def _accusation_meaning(accuser: str | None, triple: Sequence[str]) -> Meaning:
    def meaning(w: Words) -> str:
        s, weapon, room = triple
        who = w.who(accuser) if accuser is not None else "someone"
        return f"{who} accused {w.the(s)} with {w.the(weapon)} in {w.the(room)}, wrongly"

    return meaning


# -- loading records ---------------------------------------------------------


def load_record(path: Path) -> tuple[Notebook, str]:
    """A notebook from a record file (session JSON, line format or transcript)."""
    text = path.read_text(encoding="utf-8")
    if text.lstrip().startswith("{"):
        data = json.loads(text)
        if data.get("format") != SESSION_FORMAT:
            raise RecordError(1, f"a JSON record must have format {SESSION_FORMAT!r}")
        s = Session.from_lines(data["lines"], data.get("edition", "us"))
        if s.notebook is None:
            raise RecordError(len(data["lines"]), "the record never gives your hand")
        return s.notebook, s.edition
    first = next(
        (ln.split()[0] for ln in text.splitlines() if ln.split(";", 1)[0].split("#", 1)[0].strip()),
        "",
    )
    if first in ("PLAYERS", "SIZES", "HAND", "SUGGEST", "ACCUSE", "EXPECT"):
        tr = parse_transcript(text, aliases=CODE)
        nb = Notebook(tr.setup)
        rows = text.splitlines()
        words = Words(tr.setup, display_name, {})
        done: list[Entry] = []
        for no, group in tr.events:
            said = "; ".join(words.observation(o) for o in group)
            entry = Entry(no, rows[no - 1].strip() if no <= len(rows) else "", said, tuple(group))
            try:
                nb.observe_all(group)
            except ContradictionError:
                raise RecordError(no, explain(tr.setup, done, entry, words)) from None
            except DeductionError as exc:
                raise RecordError(no, str(exc)) from None
            done.append(entry)
        return nb, "us"
    lines = text.splitlines()
    s = Session.from_lines(lines)
    if s.notebook is None:
        raise RecordError(len(lines), "the record never gives your hand (hand ...)")
    return s.notebook, s.edition


def analysis(nb: Notebook) -> dict[str, Any]:
    """The notebook as JSON-friendly data."""
    return {
        "deals": nb.deals,
        "players": list(nb.setup.player_names),
        "locations": list(nb.locations),
        "cards": {
            c: {loc: float(p) for loc, p in nb.card_distribution(c).items()} for c in nb.setup.cards
        },
        "envelope": [
            {"cards": list(combo), "probability": float(p), "deals": nb.envelope_counts()[combo]}
            for combo, p in nb.envelope_distribution().items()
        ],
        "certain": [{"card": f.card, "location": f.location, "holds": f.holds} for f in nb.facts()],
        "certain_envelope": list(env) if (env := nb.certain_envelope()) else None,
    }
