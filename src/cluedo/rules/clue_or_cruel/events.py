"""Clue or Cruel's kinds of event and action, its decisions and the stages of its turn.

Declared once here (see :mod:`cluedo.engine.contracts`): the classic game's kinds
(:mod:`cluedo.rules.classic.events`) but the deal, and the gems, the clue pile, the
accomplice's bluffs and the calls that are this rule set's own.
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import Strict
from typing_extensions import TypedDict

from cluedo.engine.contracts import SECRET, Contracts, Count, Location, Seat, Square
from cluedo.mechanics import events as shared
from cluedo.rules.classic import events as classic

CruelDecision = Literal["turn", "refute", "place", "penalty"]
"""A turn, a refutation, a seat placing a weapon or a gem before play, and a wrong
bluff caller choosing the card to show."""
CruelStage = classic.ClassicStage
"""The stages of a turn are the classic game's."""
Role = Literal["guest", "accomplice"]
Outcome = Literal["solved", "no-winner", "accomplice-bluffs", "guests-failed"]


class CruelSetupEvent(TypedDict):
    """The table is set: suspects, the weapons' rooms and the gems' squares (empty
    while the players still place them), each seat's share of gems to place, who
    begins, and the size of the clue pile."""

    kind: Literal["setup"]
    characters: list[str]
    weapons: dict[str, str]
    gems: list[Square]
    gem_shares: list[Count]
    first: Seat
    hand_sizes: list[Count]
    pile_size: Count


class RoleEvent(TypedDict):
    """A seat learns whether it is a guest or the accomplice (a private event)."""

    kind: Literal["role"]
    seat: Seat
    role: NotRequired[Annotated[Role, SECRET]]


class PlacingEvent(TypedDict):
    """Before play, ``seat`` is to place the next weapon in a room or gem on a square."""

    kind: Literal["placing"]
    seat: Seat
    what: Literal["weapon", "gem"]


class WeaponPlacedEvent(TypedDict):
    """A seat placed a weapon in a room."""

    kind: Literal["weapon_placed"]
    seat: Seat
    weapon: str
    room: str


class GemPlacedEvent(TypedDict):
    """A seat placed a gem on a corridor square."""

    kind: Literal["gem_placed"]
    seat: Seat
    at: Square


class GemTakenEvent(TypedDict):
    """A seat's token reached a gem: it takes the gem and draws the top clue card,
    which only it sees."""

    kind: Literal["gem_taken"]
    seat: Seat
    at: Square
    pile_size: Count
    card: NotRequired[Annotated[str, SECRET]]


class BluffEvent(TypedDict):
    """The accomplice named cards it holds: new bluffs (seen by the accomplice alone)."""

    kind: Literal["bluff"]
    seat: Seat
    cards: NotRequired[Annotated[list[str], SECRET]]


class BluffSuccessEvent(TypedDict):
    """Another seat's suggestion named bluffed cards: the accomplice's tally grows
    (seen by the accomplice alone)."""

    kind: Literal["bluff_success"]
    seat: Seat
    by: NotRequired[Annotated[Seat, SECRET]]
    cards: NotRequired[Annotated[list[str], SECRET]]
    tally: NotRequired[Annotated[Count, SECRET]]


class BluffCalledEvent(TypedDict):
    """``seat`` spent its bluff card naming ``player`` as the accomplice who bluffed
    with ``card``; ``right`` says whether it was so."""

    kind: Literal["bluff_called"]
    seat: Seat
    player: Seat
    card: str
    right: bool


class AccompliceCaughtEvent(TypedDict):
    """The accomplice was caught: its cards and bluffs are shown to all, and it is out."""

    kind: Literal["accomplice_caught"]
    seat: Seat
    hand: list[str]
    bluffs: list[str]


class CruelTokenMovedEvent(TypedDict):
    """A suspect's token was moved: into a room by a suggestion, off a doorway, or
    back to its start square after a wrong bluff call (``reason``)."""

    kind: Literal["token_moved"]
    piece: str
    to: Location
    reason: NotRequired[Literal["off-doorway", "wrong-call"]]


class MustShowClueEvent(TypedDict):
    """A wrong caller must show one of its cards to the player it named."""

    kind: Literal["must_show_clue"]
    seat: Seat
    to: Seat


class NoClueToShowEvent(TypedDict):
    """A wrong caller holds no card to show the player it named."""

    kind: Literal["no_clue_to_show"]
    seat: Seat
    to: Seat


class ClueShownEvent(TypedDict):
    """A wrong caller showed ``to`` a card; only the two of them see which."""

    kind: Literal["clue_shown"]
    seat: Seat
    to: Seat
    card: NotRequired[Annotated[str, SECRET]]


class CruelGameOverEvent(TypedDict):
    """The game is over. Once the accomplice's part is settled (bluffs won, guests
    failed, nobody left) the accomplice, its bluffs and its successful bluffs
    (card and the seat that fell for it) are shown to all."""

    kind: Literal["game_over"]
    outcome: Outcome
    winners: list[Seat]
    envelope: list[str]
    accomplice: NotRequired[Seat]
    bluffs: NotRequired[list[str]]
    successes: NotRequired[list[Annotated[tuple[str, Seat], Strict(False)]]]


class PlaceWeaponAction(TypedDict):
    """Put the weapon being placed in a room without one."""

    seat: Seat
    kind: Literal["place_weapon"]
    room: str


class PlaceGemAction(TypedDict):
    """Put a gem on a free corridor square (not a start square nor outside a door)."""

    seat: Seat
    kind: Literal["place_gem"]
    at: Square


class ShowClueAction(TypedDict):
    """After a wrong bluff call: show one of your cards to the player you named."""

    seat: Seat
    kind: Literal["show_clue"]
    card: str


class CallBluffAction(TypedDict):
    """Spend your bluff card: name ``player`` as the accomplice who bluffed with ``card``."""

    seat: Seat
    kind: Literal["call_bluff"]
    player: Seat
    card: str


CONTRACTS = Contracts(
    events=(
        CruelSetupEvent,
        RoleEvent,
        PlacingEvent,
        WeaponPlacedEvent,
        GemPlacedEvent,
        *(e for e in classic.CASE_EVENTS if e is not shared.DealtEvent),
        GemTakenEvent,
        BluffEvent,
        BluffSuccessEvent,
        BluffCalledEvent,
        AccompliceCaughtEvent,
        CruelTokenMovedEvent,
        MustShowClueEvent,
        NoClueToShowEvent,
        ClueShownEvent,
        CruelGameOverEvent,
    ),
    actions=(
        *classic.CLASSIC_ACTIONS,
        PlaceWeaponAction,
        PlaceGemAction,
        ShowClueAction,
        CallBluffAction,
    ),
    decisions=CruelDecision,
    stages=CruelStage,
    rare_events={
        "blocked": "every square a roll could reach must be taken, which random play "
        "seldom arranges",
        "accomplice_caught": "a guest must call the accomplice by seat and name a card "
        "it has bluffed with, which a random caller seldom does",
    },
)
