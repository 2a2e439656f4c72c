"""How a Clue or Cruel seat reads its log as facts about where the cards are.

Nobody is dealt a card: the 18 cards outside the envelope start in a hidden,
shuffled clue pile, and hands grow one card at a time as players take gems.
The notebook therefore has one place besides the seats and the envelope: the
``"pile"``, which shrinks by one card at every draw. What each event teaches
the seat reading it:

* ``setup``: everyone's hand is empty and the pile holds ``pile_size`` cards.
* ``gem_taken``: the drawer's hand grows by the pile's top card
  (:class:`~cluedo.deduction.observations.Draw`). The drawer sees the card;
  everyone else sees only that one card left the pile, which is still a fact:
  what could be in the pile may now be in that hand too.
* ``suggestion`` / ``cannot_refute`` / ``card_shown``: as in the classic game
  (read by :class:`~cluedo.deduction.reading.EventReader`). A player who could
  not refute held none of the named cards *then*; a later draw may bring one.
  The notebook keeps such facts tied to the moment they were true.
* ``clue_shown`` (the penalty of a wrong bluff call): the caller holds the card
  shown, for the caller and the player named - the only two who see it.
* ``accomplice_caught``: the accomplice's whole hand at that moment, shown to
  all. It is the whole hand (the rules show every card it holds), and it stays
  whole: a caught accomplice takes no more turns, so it draws no more.
* ``accusation`` (wrong), ``envelope_seen``, ``game_over``: as classic.

Events that say nothing about where a card is: ``bluff`` and
``bluff_success`` (the accomplice's private tally, about cards it already
knows it holds), ``bluff_called`` (about roles; a right call is followed by
``accomplice_caught``, which says everything), ``must_refute`` (the
``card_shown`` that follows says it), ``must_show_clue`` and
``no_clue_to_show`` (whether the caller holds a card, which the public count
of its draws already tells), and the set-up and movement events.

**Bluffs are not evidence.** The accomplice wins by naming, in its own
suggestions, cards it holds, so that the guests take them for envelope
cards. A suggestion is a choice, not a fact: the reader never draws a
conclusion from which cards a player named, only from what the rules forced
(draws, refutations, cards shown, a caught hand, wrong accusations). So a
bluff can mislead a player's judgement, never the notebook.

>>> cats = {"suspect": ("a", "b"), "weapon": ("c", "d"), "room": ("e", "f")}
>>> reader = CruelReader(0, cats)
>>> reader.read({"kind": "setup", "hand_sizes": [0, 0], "pile_size": 3})[0].places
(0, 1, 'envelope', 'pile')
>>> reader.read({"kind": "gem_taken", "seat": 1, "at": [7, 5], "pile_size": 2})
[Draw(player='1', pile='pile', card=None)]
>>> reader.read({"kind": "gem_taken", "seat": 0, "at": [8, 5], "pile_size": 1, "card": "a"})
[Draw(player='0', pile='pile', card='a')]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cluedo.deduction.observations import Draw, Hand, Shown
from cluedo.deduction.reading import Event, EventReader, Reading

PILE = "pile"
"""The clue pile's name as a place in the notebook."""

SAYS_NOTHING = frozenset(
    {
        "role",
        "placing",
        "weapon_placed",
        "gem_placed",
        "turn",
        "roll",
        "moved",
        "passage",
        "blocked",
        "token_moved",
        "weapon_moved",
        "must_refute",
        "not_refuted",
        "bluff",
        "bluff_success",
        "bluff_called",
        "must_show_clue",
        "no_clue_to_show",
    }
)
"""Event kinds of the rule set that tell no seat anything about where a card is."""


class CruelReader(EventReader):
    """Reads Clue or Cruel events: draws from the clue pile, penalty cards, a caught hand."""

    def __init__(self, seat: int | None, categories: Mapping[str, Sequence[str]]) -> None:
        super().__init__(seat, categories)
        self.readers.update(
            {
                "gem_taken": self.on_gem_taken,
                "clue_shown": self.on_clue_shown,
                "accomplice_caught": self.on_accomplice_caught,
            }
        )

    def piles(self, event: Event) -> dict[str, int]:
        return {PILE: int(event["pile_size"])}

    def on_gem_taken(self, event: Event) -> list[Reading]:
        card = event.get("card")
        seen = card if card in self.known else None
        return [Draw(str(event["seat"]), PILE, seen)]

    def on_clue_shown(self, event: Event) -> list[Reading]:
        card = event.get("card")
        if card not in self.known:
            return []  # shown to two other players: it only says a card exists
        return [Shown(str(event["seat"]), card)]

    def on_accomplice_caught(self, event: Event) -> list[Reading]:
        hand = tuple(c for c in event["hand"] if c in self.known)
        return [Hand(str(event["seat"]), hand)]
