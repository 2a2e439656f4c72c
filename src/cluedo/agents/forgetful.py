"""An easy classic opponent: the sensible bot with a person's lapses of attention.

It plays like :class:`~cluedo.agents.sensible.SensibleAgent` - it walks to rooms,
asks sensible questions and shows the card that gives away least - but keeps its
notebook the way a casual player does:

- of the other players' questions it misses a pass or an answer now and then
  (about one in seven: :attr:`ForgetfulAgent.NOTICE`);
- now and then it forgets to write down a card shown to it
  (:attr:`ForgetfulAgent.FORGET`), and may ask about it again;
- it draws only the plain deductions, never the exact count.

Everything it does note is true, so its notebook stays sound: it is slower to
solve the case, never wrong about it, and it still accuses only when certain.

>>> bot = ForgetfulAgent(0, seed=1)
>>> kept = bot.notice([
...     {"kind": "suggestion", "seat": 1, "suspect": "plum", "weapon": "rope", "room": "hall"},
...     {"kind": "cannot_refute", "seat": 2, "suggester": 1},
... ])
>>> kept[0]["kind"]  # a question itself is never missed: what follows depends on it
'suggestion'
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from cluedo.agents.sensible import SensibleAgent
from cluedo.deduction.knowledge import CardKnowledge


class ForgetfulAgent(SensibleAgent):
    name = "forgetful"

    NEARLY_SOLVED = 0
    """Never asks the exact count: only the deductions a person makes at the table."""
    NOTICE = 0.85
    """Chance of noting a pass or an answer in another player's question. Set so the
    easy bot wins now and then against five sensible bots (about 6-10% of games at
    six players; see docs/bots.md), as a person who misses things would."""
    FORGET = 0.1
    """Chance of not writing down a card shown to it."""

    def __init__(self, seat: int, seed: int | None = None) -> None:
        super().__init__(seat, seed)
        # Its own generator for lapses, so they leave the sensible play's draws alone.
        self.lapses = random.Random(seed)
        self._asker: int | None = None

    def notice(self, log: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
        """The events of ``log`` this player takes in."""
        kept: list[Mapping[str, Any]] = []
        for event in log:
            kind = event["kind"]
            if kind == "suggestion":
                self._asker = int(event["seat"])
            elif kind in ("cannot_refute", "card_shown") and self._asker != self.seat:
                if int(event["seat"]) != self.seat and self.lapses.random() >= self.NOTICE:
                    continue
            elif (
                kind == "card_shown"
                and "card" in event
                and event.get("to") == self.seat
                and self.lapses.random() < self.FORGET
            ):
                continue
            kept.append(event)
        return kept

    def _follow(self, view: Mapping[str, Any]) -> CardKnowledge:
        return super()._follow(dict(view, log=self.notice(view["log"])))
