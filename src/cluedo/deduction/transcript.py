"""Reader for the reference transcript format (``neller-clue-transcript.txt``).

One record per line, ``;`` starts a comment::

    PLAYERS <player> ...            turn order (default: sc mu wh gr pe pl)
    SIZES <n> ...                   hand sizes (default: dealt round from the first)
    HAND <observer> <card> ...      the observer's whole hand
    SUGGEST <n> <suggester> <s> <w> <r> <refuter|-> <shown|?|->
    ACCUSE <player> <s> <w> <r> correct|wrong
    EXPECT <after_n> <deals> <case_files> [s/w/r:deals ...]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from cluedo.deduction.errors import DeductionError
from cluedo.deduction.observations import (
    Hand,
    Observation,
    WrongAccusation,
    suggestion_observations,
)
from cluedo.deduction.setup import DealSetup, dealt_sizes

TRANSCRIPT_CATEGORIES: dict[str, list[str]] = {
    "suspect": ["mu", "pl", "gr", "pe", "sc", "wh"],
    "weapon": ["kn", "ca", "re", "ro", "pi", "wr"],
    "room": ["ha", "lo", "di", "ki", "ba", "co", "bi", "li", "st"],
}
"""The card codes the transcript format uses, by category."""

DEFAULT_PLAYERS = ("sc", "mu", "wh", "gr", "pe", "pl")


class RecordError(DeductionError, ValueError):
    """A malformed line in a game record; names the line and what is allowed."""

    def __init__(self, line: int, message: str) -> None:
        self.line = line
        self.message = message
        super().__init__(f"line {line}: {message}")


@dataclass(frozen=True)
class Expectation:
    """An ``EXPECT`` line: deals and case files after some suggestions."""

    deals: int
    case_files: int
    detail: dict[tuple[str, ...], int]


@dataclass
class Transcript:
    """A parsed transcript."""

    setup: DealSetup
    initial: list[Observation]
    suggestions: list[list[Observation]]
    events: list[tuple[int, list[Observation]]] = field(default_factory=list)
    """Every observation group with its line number, in file order."""
    accusations: list[tuple[str, tuple[str, ...], bool]] = field(default_factory=list)
    expect: dict[int, Expectation] = field(default_factory=dict)


def parse_transcript(
    text: str,
    categories: Mapping[str, Sequence[str]] | None = None,
    aliases: Mapping[str, str] | None = None,
) -> Transcript:
    """Parse a transcript. ``aliases`` renames card codes (e.g. ``pe`` -> ``peacock``)."""
    cats = {k: list(v) for k, v in (categories or TRANSCRIPT_CATEGORIES).items()}
    rename = dict(aliases or {})
    codes = {c for v in cats.values() for c in v}
    players: list[str] = list(DEFAULT_PLAYERS)
    sizes: list[int] | None = None
    setup: DealSetup | None = None
    initial: list[Observation] = []
    out = Transcript(DealSetup.create({"x": ["x"]}, [("p", 0)]), initial, [])

    def card(tok: str, line: int) -> str:
        if tok not in codes:
            raise RecordError(line, f"unknown card {tok!r}; cards: {' '.join(sorted(codes))}")
        return rename.get(tok, tok)

    def player(tok: str, line: int) -> str:
        if tok not in players:
            raise RecordError(line, f"unknown player {tok!r}; players: {' '.join(players)}")
        return tok

    def ready(line: int) -> DealSetup:
        nonlocal setup
        if setup is None:
            n_cards = sum(len(v) for v in cats.values()) - len(cats)
            hand = sizes or dealt_sizes(n_cards, len(players))
            if len(hand) != len(players):
                raise RecordError(line, "SIZES needs one number per player")
            named = {k: [rename.get(c, c) for c in v] for k, v in cats.items()}
            try:
                setup = DealSetup.create(named, list(zip(players, hand, strict=True)))
            except DeductionError as exc:
                raise RecordError(line, str(exc)) from None
        return setup

    for no, raw in enumerate(text.splitlines(), start=1):
        toks = raw.split(";", 1)[0].split()
        if not toks:
            continue
        head, args = toks[0].upper(), toks[1:]
        if head == "PLAYERS":
            if setup is not None or len(args) < 2 or len(set(args)) != len(args):
                raise RecordError(no, "PLAYERS lists 2 or more distinct players, before play")
            players = args
        elif head == "SIZES":
            if setup is not None or not all(a.isdigit() for a in args):
                raise RecordError(no, "SIZES lists whole numbers, before play")
            sizes = [int(a) for a in args]
        elif head == "HAND":
            ready(no)
            if not args:
                raise RecordError(no, "HAND <observer> <card> ...")
            obs: list[Observation] = [
                Hand(player(args[0], no), tuple(card(c, no) for c in args[1:]))
            ]
            initial.extend(obs)
            out.events.append((no, obs))
        elif head == "SUGGEST":
            ready(no)
            if len(args) != 7 or not args[0].isdigit():
                raise RecordError(
                    no, "SUGGEST <n> <suggester> <suspect> <weapon> <room> <refuter|-> <shown|?|->"
                )
            sug = player(args[1], no)
            triple = [card(c, no) for c in args[2:5]]
            ref = None if args[5] == "-" else player(args[5], no)
            shown = None if args[6] in ("?", "-") else card(args[6], no)
            if shown is not None and shown not in triple:
                raise RecordError(no, f"the shown card must be one of {' '.join(args[2:5])}")
            try:
                obs = suggestion_observations(players, sug, triple, ref, shown)
            except ValueError as exc:
                raise RecordError(no, str(exc)) from None
            out.suggestions.append(obs)
            out.events.append((no, obs))
        elif head == "ACCUSE":
            ready(no)
            if len(args) != 5 or args[4] not in ("correct", "wrong"):
                raise RecordError(no, "ACCUSE <player> <suspect> <weapon> <room> correct|wrong")
            triple_t = tuple(card(c, no) for c in args[1:4])
            out.accusations.append((player(args[0], no), triple_t, args[4] == "correct"))
            if args[4] == "wrong":
                out.events.append((no, [WrongAccusation(triple_t)]))
        elif head == "EXPECT":
            if len(args) < 3 or not all(a.isdigit() for a in args[:3]):
                raise RecordError(no, "EXPECT <after_n> <deals> <case_files> [s/w/r:n ...]")
            detail: dict[tuple[str, ...], int] = {}
            for item in args[3:]:
                combo, _, n = item.partition(":")
                detail[tuple(card(c, no) for c in combo.split("/"))] = int(n)
            out.expect[int(args[0])] = Expectation(int(args[1]), int(args[2]), detail)
        else:
            raise RecordError(
                no, f"unknown record {toks[0]!r}; allowed: PLAYERS SIZES HAND SUGGEST ACCUSE EXPECT"
            )
    out.setup = ready(0)
    return out
