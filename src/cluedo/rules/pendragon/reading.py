"""Pendragon's events as notebook facts: what each one tells a seat about the cards.

Pendragon deals its cards once and never moves them, so every fact stays true
for the whole game. The shared :class:`~cluedo.deduction.reading.EventReader`
already reads most of its events; this reader adds the rest.

- ``setup`` (shared): the hand sizes, and the leftover cards lying face up for
  everyone (the ``face_up`` pile).
- ``dealt`` (shared): the seat's own hand, exactly.
- ``suggestion`` (shared): the Suspicion's suspect, weapon and room, which the
  answers below are about.
- ``cannot_refute`` (shared): that seat holds none of the three named cards.
- ``must_refute``: that seat holds at least one of them - known to the whole
  table as soon as the answerer is asked, before any card is shown.
- ``card_shown``: the asker and the answerer see which card (the answerer
  holds it); the rest of the table learnt all it can from ``must_refute``.
- ``reward_used`` with a Stern Questioning card, then its ``card_shown``
  events: the answerer shows the asker *every* named card they hold, so for
  the asker the named cards not shown are not in that hand. The asker cannot
  tell the last card from the event itself, so that fact is given with the
  next event of the log (always the end of the turn).
- ``glimpse`` (a Squire's Gossip): the glimpser and the target see a card of
  the target's hand; the others only learn that the target holds cards,
  which they knew.
- ``accusation`` (shared): a wrong one says the folder is not those three
  cards, even when a Royal Pardon keeps the accuser in.
- ``envelope_seen`` (the wrong accuser's look into the folder) and
  ``game_over`` (shared): the folder's three cards.

Nothing else tells anything about cards: rolls, moves, passages, claimed
rewards, trait rolls and extra turns are about the knights.

>>> cats = {"suspect": ("a", "b"), "weapon": ("c", "d"), "room": ("e", "f")}
>>> reader = PendragonReader(0, cats, interrogations=("stern",))
>>> reader.read({"kind": "glimpse", "seat": 0, "target": 1, "card": "d"})
[Shown(player='1', card='d')]
>>> reader.read({"kind": "glimpse", "seat": 0, "target": 1})
[]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from cluedo.deduction.observations import HasNone, HasOneOf, Shown
from cluedo.deduction.reading import Event, EventReader, Reading


class PendragonReader(EventReader):
    """One seat's reading of a Pendragon log.

    ``interrogations`` are the ids of the reward cards with the Stern
    Questioning effect (every named card of the answerer's is shown).
    """

    def __init__(
        self,
        seat: int | None,
        categories: Mapping[str, Sequence[str]],
        interrogations: Iterable[str] = (),
    ) -> None:
        super().__init__(seat, categories)
        self.interrogations = frozenset(interrogations)
        self.answerer: int | None = None
        """The seat asked to show a card for the Suspicion being answered."""
        # While this seat asks with a Stern Questioning card (``holding``), its answers
        # are still coming: what they did not show is told with the next other event.
        self.holding_through = frozenset({"card_shown"})
        self.shown: list[str] = []
        """The cards the Stern Questioning has shown this seat so far."""
        self.readers.update(
            {
                "suggestion": self.on_suggestion,
                "must_refute": self.on_must_refute,
                "card_shown": self.on_card_shown,
                "reward_used": self.on_reward_used,
                "glimpse": self.on_glimpse,
            }
        )

    def on_suggestion(self, event: Event) -> list[Reading]:
        self.answerer = None
        return super().on_suggestion(event)

    def on_must_refute(self, event: Event) -> list[Reading]:
        self.answerer = int(event["seat"])
        return [HasOneOf(str(self.answerer), self.named)] if self.named else []

    def on_card_shown(self, event: Event) -> list[Reading]:
        by = int(event["seat"])
        if "card" in event:
            if self.holding:
                self.shown.append(event["card"])
            return [Shown(str(by), event["card"])]
        if by == self.answerer:
            return []  # already read from must_refute
        return super().on_card_shown(event)

    def on_reward_used(self, event: Event) -> list[Reading]:
        stern = event.get("reward") in self.interrogations
        if stern and event.get("seat") == self.seat and self.answerer is not None:
            self.holding = True
            self.shown = []
        return []

    def release(self) -> list[Reading]:
        """The named cards the Stern Questioning did not show: the answerer has none."""
        self.holding = False
        rest = tuple(c for c in self.named if c not in self.shown)
        if self.answerer is None or not rest:
            return []
        return [HasNone(str(self.answerer), rest)]

    def on_glimpse(self, event: Event) -> list[Reading]:
        if "card" not in event:
            return []
        return [Shown(str(event["target"]), event["card"])]
