"""Killer Kloo Doo's kinds of event and action, its decisions and the stages of its turn.

Declared once here (see :mod:`cluedo.engine.contracts`); the shared kinds come from
:mod:`cluedo.mechanics.events`. Playing cards are named by rank and suit (``"QH"``,
``"10S"``); ``card_played`` is the playing card a seat spent on its move.
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from typing_extensions import TypedDict

from cluedo.engine.contracts import SECRET, Contracts, Count, Seat
from cluedo.mechanics import events as shared

KlooDooDecision = Literal["turn", "refute", "contest"]
"""A turn, a refuter choosing the card to show, and the other side of a contest or
an offer answering it."""
KlooDooStage = Literal["start", "move", "moved"]
"""``start``: move (roll, passage, come out of the tunnels, stay) and play cards;
``move``: choose where the roll goes; ``moved``: play cards, end the turn."""
Part = Literal[1, 2]
Ending = Literal["accused-right", "accused-wrong", "stalled"]
"""How Part 1 ends: a right or wrong accusation, or its turn limit."""
RollOff = list[dict[str, Count]]
"""Rounds of a roll-off for the first player: each round, seat (as text) -> total."""
Contested = Literal["persuade", "grab", "bribe", "assault", "lure", "spy", "steal"]

# -- Part 1: the investigation ------------------------------------------------------------


class KlooDooSetupEvent(TypedDict):
    """Part 1 is set: suspects in seat order, clue cards per hand and face down in the
    middle, and the roll-off that chose who begins."""

    kind: Literal["setup"]
    part: Literal[1]
    characters: list[str]
    hand_sizes: list[Count]
    middle: Count
    first: Seat
    first_rolls: RollOff


class KlooDooTurnEvent(TypedDict):
    """A seat's turn begins, in Part 1 or Part 2."""

    kind: Literal["turn"]
    seat: Seat
    turn: Count
    part: Part


class KlooDooStayedEvent(TypedDict):
    """A seat stayed in its room instead of moving."""

    kind: Literal["stayed"]
    seat: Seat
    room: str


TunnelsEvent = TypedDict(
    "TunnelsEvent", {"kind": Literal["tunnels"], "seat": Seat, "from": str, "to": str}
)
TunnelsEvent.__doc__ = (
    "A seat took a secret passage: its token spends a turn in the tunnels under the "
    "house, on the way to the room ``to``."
)


class EmergedEvent(TypedDict):
    """A seat's token came out of the tunnels into a room."""

    kind: Literal["emerged"]
    seat: Seat
    to: str


class CardDrawnEvent(TypedDict):
    """Entering a new room, a seat drew a playing card; only it sees which."""

    kind: Literal["card_drawn"]
    seat: Seat
    deck: Count
    card: NotRequired[Annotated[str, SECRET]]


class DeckEmptyEvent(TypedDict):
    """A seat was to draw a playing card, but none were left."""

    kind: Literal["deck_empty"]
    seat: Seat


class DugClueEvent(TypedDict):
    """A spade dug up a clue card from the middle; only the digger sees which."""

    kind: Literal["dug_clue"]
    seat: Seat
    card_played: str
    middle: Count
    card: NotRequired[Annotated[str, SECRET]]


class DugWeaponEvent(TypedDict):
    """A spade dug up a weapon from the middle."""

    kind: Literal["dug_weapon"]
    seat: Seat
    card_played: str
    weapon: str


class TrickedEvent(TypedDict):
    """A court card tricked a person into coming to the seat's room."""

    kind: Literal["tricked"]
    seat: Seat
    card_played: str
    person: str


class PersuasionEvent(TypedDict):
    """A heart against a character nobody plays, whose heart is the top card of the
    pack (``against``, null when the pack is empty)."""

    kind: Literal["persuasion"]
    seat: Seat
    person: str
    card_played: str
    against: str | None
    won: bool


class FetchedEvent(TypedDict):
    """A court card sent a servant to fetch a weapon into the seat's room."""

    kind: Literal["fetched"]
    seat: Seat
    card_played: str
    weapon: str
    to: str


class KlooDooTokenMovedEvent(TypedDict):
    """A person was brought into a room (by persuasion or a trick), or lured there by
    a servant (``reason``)."""

    kind: Literal["token_moved"]
    piece: str
    to: str
    reason: NotRequired[Literal["lured"]]


class CardLaidEvent(TypedDict):
    """A seat laid a playing card face down to open a contest; only it sees which."""

    kind: Literal["card_laid"]
    seat: Seat
    card: NotRequired[Annotated[str, SECRET]]


class ContestEvent(TypedDict):
    """``seat`` (the ``target``) must answer ``attacker``'s contest or offer of this
    ``type``, with what it is about: the person and room, the weapon, what a bribe asks
    and the diamond offered (``card``, face up)."""

    kind: Literal["contest"]
    seat: Seat
    type: Contested
    attacker: Seat
    target: Seat
    ask: NotRequired[Literal["weapon", "clue", "card"]]
    take: NotRequired[Literal["weapon", "clue"]]
    weapon: NotRequired[str]
    person: NotRequired[str]
    room: NotRequired[str]
    card: NotRequired[str]


class ContestResultEvent(TypedDict):
    """How a persuasion or a grab between two seats went: the cards played, and
    whether the attacker won."""

    kind: Literal["contest_result"]
    type: Literal["persuade", "grab"]
    seat: Seat
    target: Seat
    cards: list[str]
    won: bool


class GrabbedEvent(TypedDict):
    """A grab won: the weapon changes hands."""

    kind: Literal["grabbed"]
    seat: Seat
    target: Seat
    weapon: str


class CluePassedEvent(TypedDict):
    """A clue card passed from ``seat`` to ``to``; only the two see which."""

    kind: Literal["clue_passed"]
    seat: Seat
    to: Seat
    card: NotRequired[Annotated[str, SECRET]]


class BribeRefusedEvent(TypedDict):
    """``target`` refused ``seat``'s bribe."""

    kind: Literal["bribe_refused"]
    seat: Seat
    target: Seat
    card_played: str
    ask: Literal["weapon", "clue", "card"]


class BribeAcceptedEvent(TypedDict):
    """``target`` took ``seat``'s diamond and gave what was asked (the ``weapon``, or a
    card passed in a following event)."""

    kind: Literal["bribe_accepted"]
    seat: Seat
    target: Seat
    card_played: str
    ask: Literal["weapon", "clue", "card"]
    weapon: NotRequired[str]


class DruggedEvent(TypedDict):
    """An ace drugged ``target``, who misses a turn."""

    kind: Literal["drugged"]
    seat: Seat
    card_played: str
    target: Seat


class PickedUpEvent(TypedDict):
    """A seat picked up a weapon."""

    kind: Literal["picked_up"]
    seat: Seat
    weapon: str


class WeaponLeftEvent(TypedDict):
    """A weapon a seat carried was left in a room."""

    kind: Literal["weapon_left"]
    seat: Seat
    weapon: str
    room: str


class MissedTurnEvent(TypedDict):
    """A drugged or poisoned seat missed its turn."""

    kind: Literal["missed_turn"]
    seat: Seat
    turn: Count


class PartOneOverEvent(TypedDict):
    """Part 1 is over: how, each seat's score, the envelope and the playing cards each
    seat held."""

    kind: Literal["part_one_over"]
    how: Ending
    scores: list[int]
    envelope: list[str]
    cards: list[list[str]]


# -- Part 2: survival ----------------------------------------------------------------------


class PartTwoEvent(TypedDict):
    """Part 2 begins: each character's two dice and survival points, the Part 1 scores,
    and the weapons (all in one room)."""

    kind: Literal["part_two"]
    part: Literal[2]
    characters: list[str]
    scores: list[int]
    rolls: dict[str, list[shared.Die]]
    survival: dict[str, int]
    weapons: dict[str, str]


class ObjectivesEvent(TypedDict):
    """A seat's three secret objectives (a private event)."""

    kind: Literal["objectives"]
    seat: Seat
    objectives: NotRequired[Annotated[list[str], SECRET]]


class FirstPlayerEvent(TypedDict):
    """The roll-off for who begins Part 2."""

    kind: Literal["first_player"]
    seat: Seat
    rolls: RollOff


class HealedEvent(TypedDict):
    """A heart added its value to a seat's survival points."""

    kind: Literal["healed"]
    seat: Seat
    card_played: str
    survival: int


class PoisonedEvent(TypedDict):
    """An ace poisoned ``target``, who misses a turn."""

    kind: Literal["poisoned"]
    seat: Seat
    card_played: str
    target: Seat


class ServantEvent(TypedDict):
    """A servant paid with diamonds went to lure, spy or steal (``type``): the cards
    paid, the spade that answered it (null: none) and whether it succeeded."""

    kind: Literal["servant"]
    type: Literal["lure", "spy", "steal"]
    seat: Seat
    cards: list[str]
    won: bool
    person: NotRequired[str]
    target: NotRequired[Seat]
    spade: NotRequired[str | None]


class SpiedEvent(TypedDict):
    """A spy won: ``target``'s playing cards are turned face up for all."""

    kind: Literal["spied"]
    seat: Seat
    target: Seat
    cards: list[str]


class StolenEvent(TypedDict):
    """A theft won: ``target``'s weapon goes to the room named."""

    kind: Literal["stolen"]
    seat: Seat
    target: Seat
    weapon: str
    room: str


class MaterialsEvent(TypedDict):
    """A court card brought a servant's cleaning materials to the room to clear."""

    kind: Literal["materials"]
    seat: Seat
    room: str
    card_played: str


class MaterialsLostEvent(TypedDict):
    """Leaving the room being cleared sent the servant away with the materials."""

    kind: Literal["materials_lost"]
    seat: Seat
    room: str
    card_played: str


class SearchedEvent(TypedDict):
    """A seat searched the room it clears: two dice, and whether it is done."""

    kind: Literal["searched"]
    seat: Seat
    room: str
    dice: list[shared.Die]
    done: bool


class AssaultEvent(TypedDict):
    """An assault with clubs: the clubs played on each side and the damage done."""

    kind: Literal["assault"]
    seat: Seat
    person: str
    cards: list[str]
    against: list[str]
    damage: Count


class KlooDooAttackEvent(TypedDict):
    """A murder weapon's attack: a die times the weapon's power; an armed victim
    strikes back (the ``counter_`` fields)."""

    kind: Literal["attack"]
    seat: Seat
    person: str
    weapon: str
    roll: shared.Die
    score: Count
    counter_weapon: NotRequired[str]
    counter_roll: NotRequired[shared.Die]
    counter_score: NotRequired[Count]


class WoundedEvent(TypedDict):
    """A person lost survival points."""

    kind: Literal["wounded"]
    person: str
    damage: Count
    survival: int


class KlooDooKilledEvent(TypedDict):
    """A person died: at zero survival points, by ``by``'s hand (null: nobody's)."""

    kind: Literal["killed"]
    person: str
    by: Seat | None


class CardGivenEvent(TypedDict):
    """A playing card passed from ``seat`` to ``to``; only the two see which."""

    kind: Literal["card_given"]
    seat: Seat
    to: Seat
    card: NotRequired[Annotated[str, SECRET]]


class ObjectiveAchievedEvent(TypedDict):
    """A seat achieved one of its objectives (``done`` of them so far)."""

    kind: Literal["objective_achieved"]
    seat: Seat
    card: str
    done: Count


class WeaponCleanedEvent(TypedDict):
    """A seat spent a whole turn in the Kitchen cleaning the weapon it carries."""

    kind: Literal["weapon_cleaned"]
    seat: Seat
    weapon: str


class WeaponThrownEvent(TypedDict):
    """A seat threw a clean weapon out of the Hall."""

    kind: Literal["weapon_thrown"]
    seat: Seat
    weapon: str


class OnStaircaseEvent(TypedDict):
    """A seat with every objective done is on the staircase: it escapes if it starts
    its next turn there."""

    kind: Literal["on_staircase"]
    seat: Seat


class EscapedEvent(TypedDict):
    """A seat escaped by helicopter."""

    kind: Literal["escaped"]
    seat: Seat


class KlooDooGameOverEvent(TypedDict):
    """The game is over: how, the winners, and (after Part 1 alone) the scores."""

    kind: Literal["game_over"]
    outcome: Literal[
        "accused-right", "accused-wrong", "stalled", "escaped", "police", "last-standing"
    ]
    winners: list[Seat]
    scores: NotRequired[list[int]]


# -- actions ------------------------------------------------------------------------------


class EmergeAction(TypedDict):
    """Come out of the tunnels into the room the passage leads to."""

    seat: Seat
    kind: Literal["emerge"]


class DigAction(TypedDict):
    """Play a spade to dig a clue card (or, once none are left, this weapon) from the
    middle."""

    seat: Seat
    kind: Literal["dig"]
    card: str
    weapon: NotRequired[str]


class PersuadeAction(TypedDict):
    """Play a heart to bring a person to your room."""

    seat: Seat
    kind: Literal["persuade"]
    card: str
    person: str


class TrickAction(TypedDict):
    """Play a court card to trick a person into coming to your room."""

    seat: Seat
    kind: Literal["trick"]
    card: str
    person: str


class FetchAction(TypedDict):
    """Play a court card to fetch a weapon from another room into yours."""

    seat: Seat
    kind: Literal["fetch"]
    card: str
    weapon: str


class BribeAction(TypedDict):
    """Offer a diamond to ``target`` for a weapon it carries or a card of its choice."""

    seat: Seat
    kind: Literal["bribe"]
    card: str
    target: Seat
    ask: Literal["weapon", "clue", "card"]
    weapon: NotRequired[str]


class GrabAction(TypedDict):
    """Play a club to grab a weapon or a clue card from a player in reach."""

    seat: Seat
    kind: Literal["grab"]
    card: str
    target: Seat
    take: Literal["weapon", "clue"]
    weapon: NotRequired[str]


class DrugAction(TypedDict):
    """Play an ace: ``target`` misses a turn."""

    seat: Seat
    kind: Literal["drug"]
    card: str
    target: Seat


class PickUpAction(TypedDict):
    """Pick up a weapon lying in your room."""

    seat: Seat
    kind: Literal["pick_up"]
    weapon: str


class HealAction(TypedDict):
    """Play a heart to add its value to your survival points."""

    seat: Seat
    kind: Literal["heal"]
    card: str


class PoisonAction(TypedDict):
    """Play an ace: ``target`` misses a turn."""

    seat: Seat
    kind: Literal["poison"]
    card: str
    target: Seat


class KlooDooAttackAction(TypedDict):
    """Attack a person in reach, unwitnessed, with the weapon you carry."""

    seat: Seat
    kind: Literal["attack"]
    person: str


class AssaultAction(TypedDict):
    """Assault a person in reach, unwitnessed, with these clubs."""

    seat: Seat
    kind: Literal["assault"]
    person: str
    cards: list[str]


class LureAction(TypedDict):
    """A court card and a diamond send a servant to lure a person to a room."""

    seat: Seat
    kind: Literal["lure"]
    card: str
    diamond: str
    person: str
    room: str


class SpyAction(TypedDict):
    """A court card and a diamond send a servant to turn ``target``'s cards face up."""

    seat: Seat
    kind: Literal["spy"]
    card: str
    diamond: str
    target: Seat


class StealAction(TypedDict):
    """A court card and two diamonds send a servant to take ``target``'s weapon to a
    room."""

    seat: Seat
    kind: Literal["steal"]
    card: str
    diamonds: list[str]
    target: Seat
    room: str


class CleanRoomAction(TypedDict):
    """Play a court card in a room you must clear: the servant's materials come."""

    seat: Seat
    kind: Literal["clean_room"]
    card: str


class SearchAction(TypedDict):
    """Search the room you are clearing (alone, once a turn)."""

    seat: Seat
    kind: Literal["search"]


class DefendAction(TypedDict):
    """Answer a contest with a card of the suit it asks for (``cards``: clubs against
    an assault)."""

    seat: Seat
    kind: Literal["defend"]
    card: NotRequired[str]
    cards: NotRequired[list[str]]


class ConcedeAction(TypedDict):
    """Answer a contest with no card."""

    seat: Seat
    kind: Literal["concede"]


class AcceptAction(TypedDict):
    """Accept a bribe, giving the weapon asked for or this card."""

    seat: Seat
    kind: Literal["accept"]
    card: NotRequired[str]


class RefuseAction(TypedDict):
    """Refuse a bribe."""

    seat: Seat
    kind: Literal["refuse"]


CONTRACTS = Contracts(
    events=(
        KlooDooSetupEvent,
        shared.DealtEvent,
        KlooDooTurnEvent,
        shared.DiceRollEvent,
        shared.BlockedEvent,
        shared.MovedEvent,
        KlooDooStayedEvent,
        TunnelsEvent,
        EmergedEvent,
        CardDrawnEvent,
        DeckEmptyEvent,
        DugClueEvent,
        DugWeaponEvent,
        TrickedEvent,
        PersuasionEvent,
        FetchedEvent,
        KlooDooTokenMovedEvent,
        CardLaidEvent,
        ContestEvent,
        ContestResultEvent,
        GrabbedEvent,
        CluePassedEvent,
        BribeRefusedEvent,
        BribeAcceptedEvent,
        DruggedEvent,
        PickedUpEvent,
        WeaponLeftEvent,
        *shared.QUESTION_EVENTS,
        shared.AccusationEvent,
        MissedTurnEvent,
        PartOneOverEvent,
        PartTwoEvent,
        ObjectivesEvent,
        FirstPlayerEvent,
        HealedEvent,
        PoisonedEvent,
        ServantEvent,
        SpiedEvent,
        StolenEvent,
        MaterialsEvent,
        MaterialsLostEvent,
        SearchedEvent,
        AssaultEvent,
        KlooDooAttackEvent,
        WoundedEvent,
        KlooDooKilledEvent,
        CardGivenEvent,
        ObjectiveAchievedEvent,
        WeaponCleanedEvent,
        WeaponThrownEvent,
        OnStaircaseEvent,
        EscapedEvent,
        KlooDooGameOverEvent,
    ),
    actions=(
        shared.RollAction,
        shared.MoveAction,
        shared.StayAction,
        shared.PassageAction,
        EmergeAction,
        shared.EndTurnAction,
        DigAction,
        PersuadeAction,
        TrickAction,
        FetchAction,
        BribeAction,
        GrabAction,
        DrugAction,
        PickUpAction,
        shared.SuggestAction,
        shared.ShowAction,
        shared.AccuseAction,
        HealAction,
        PoisonAction,
        KlooDooAttackAction,
        AssaultAction,
        LureAction,
        SpyAction,
        StealAction,
        CleanRoomAction,
        SearchAction,
        DefendAction,
        ConcedeAction,
        AcceptAction,
        RefuseAction,
    ),
    decisions=KlooDooDecision,
    stages=KlooDooStage,
    rare_events={
        "blocked": "every square a roll could reach must be taken, which random play "
        "seldom arranges",
        "deck_empty": "every playing card must be in the players' hands at once",
        "not_refuted": "nobody may hold a card the suggestion names, while Part 1 deals "
        "most clue cards to the players",
        "grabbed": "a club must win a contest for a weapon the other player carries",
        "stolen": "a court card and two diamonds must be played from a room against a "
        "player who carries a weapon, and win",
        "weapon_cleaned": "a seat must carry a weapon through a whole turn in the Kitchen",
        "weapon_thrown": "a seat must carry a clean weapon it has to get rid of through a "
        "whole turn in the Hall, alone",
        "on_staircase": "a seat must have done all three of its objectives",
        "escaped": "a seat must have done all three of its objectives and wait on the "
        "staircase for a turn",
    },
    rare_actions={
        "steal": "a court card and two diamonds, played from a room, against a player who "
        "carries a weapon",
    },
)
