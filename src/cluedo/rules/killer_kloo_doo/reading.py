"""How a seat's Killer Kloo Doo events become notebook observations.

Part 1 deals clue cards to the hands, the envelope and a face-down pile in the
middle, and then lets them move. Besides the shared events (the deal, the
suggestions and their answers, a wrong accusation), three things tell a seat
where a clue card is:

- ``dug_clue``: a spade takes a card at random from the middle; only the digger
  sees which (a draw from the ``middle`` pile);
- ``clue_passed``: a card goes from one hand to another, after an accepted
  diamond bribe (the giver chooses the card) or a won club grab (the card is
  taken at random); giver and taker see which, the rest of the table only that
  one moved (a transfer between seats);
- ``part_one_over``: the envelope is shown to everybody when Part 1 ends.

An unseen transfer is counted by the exact notebook as a card taken uniformly
at random from the giver's hand. That is the rule for a grab; a bribed player
picks the card, so after an unseen bribe the probabilities are those of a
random pick. Certainties do not depend on the choice - any card in the hand
could have gone - so they stay sound.

Part 2 moves no clue card: its objectives are drawn from a separate shuffled
set of clue cards and are secret goals, not cards held. The notebook keeps
Part 1's record as it ended, envelope shown, for the rest of the game.

>>> cats = {"suspect": ("a", "b"), "weapon": ("c", "d"), "room": ("e", "f")}
>>> reader = KlooDooReader(0, cats)
>>> reader.read({"kind": "setup", "part": 1, "hand_sizes": [1, 1], "middle": 1})[0].places
(0, 1, 'envelope', 'middle')
>>> reader.read({"kind": "dug_clue", "seat": 1, "middle": 0})
[Draw(player='1', pile='middle', card=None)]
>>> reader.read({"kind": "clue_passed", "seat": 1, "to": 0, "card": "b"})
[Transfer(source='1', target='0', card='b', category=None)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cluedo.deduction.observations import Draw, Transfer
from cluedo.deduction.reading import Event, EventReader, Reading

MIDDLE = "middle"
"""The pile of face-down clue cards in the middle of the board."""


class KlooDooReader(EventReader):
    """The shared reader plus the clue cards that move in Part 1."""

    def __init__(self, seat: int | None, categories: Mapping[str, Sequence[str]]) -> None:
        super().__init__(seat, categories)
        self.readers.update(
            {
                "dug_clue": self.on_dug_clue,
                "clue_passed": self.on_clue_passed,
                "part_one_over": self.on_envelope,  # the envelope is shown to all
            }
        )

    def piles(self, event: Event) -> dict[str, int]:
        return {MIDDLE: int(event["middle"])}

    def on_dug_clue(self, event: Event) -> list[Reading]:
        return [Draw(str(event["seat"]), MIDDLE, self._card(event))]

    def on_clue_passed(self, event: Event) -> list[Reading]:
        return [Transfer(str(event["seat"]), str(event["to"]), self._card(event))]

    @staticmethod
    def _card(event: Event) -> str | None:
        card = event.get("card")
        return str(card) if card is not None else None
