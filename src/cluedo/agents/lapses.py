"""An easy opponent for any rule set: another bot with a person's lapses.

:class:`LapsesAgent` wraps a bot (usually the rule set's default) and plays as it
does, except that it

- **misses answers**: of the answers to other players' questions (a card shown
  between two other players, a player unable to show one) it takes in only some,
  and now and then it forgets to write down a card shown to itself. What it does
  take in is true, so a notebook it keeps stays sound: it is slower to learn, not
  wrong;
- **slips**: now and then, at the kinds of decision a rule set names (where to
  move, what to ask, which card to show), it takes a plausible move that is not
  its best - the one its bot would have chosen had the best not been there, or the
  one after that.

It never plays a move at random, so it feels like a person who is not paying full
attention rather than one who does not know the rules.

>>> from cluedo.agents.random_bot import RandomAgent
>>> bot = LapsesAgent(RandomAgent(0, seed=1), seed=1, miss=1.0, forget=0.0)
>>> [e["kind"] for e in bot.notice([
...     {"kind": "suggestion", "seat": 1, "suspect": "plum", "weapon": "rope", "room": "hall"},
...     {"kind": "cannot_refute", "seat": 2, "suggester": 1},
...     {"kind": "card_shown", "seat": 3, "to": 1},
... ])]
['suggestion']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from cluedo.agents.base import Agent
from cluedo.engine.actions import Action

AgentFactory = Callable[[int, int | None], Agent]

ANSWERS = frozenset({"cannot_refute", "card_shown", "must_refute"})
"""Events answering a question: a person at the table notices some of them only."""

SLIP_KINDS = frozenset({"move", "suggest", "show"})
"""Decisions where a person may take a plausible move that is not the best."""


class LapsesAgent(Agent):
    """Plays as ``inner`` does, with lapses of attention (see the module doc).

    ``miss`` is the chance of missing an answer between two other players,
    ``forget`` the chance of not noting a card shown to this seat, ``slip`` the
    chance of taking a lesser choice at a decision of ``slip_kinds``, where the
    lesser choice is the next best or, with ``deeper`` chance, the one after.
    """

    def __init__(
        self,
        inner: Agent,
        seed: int | None = None,
        *,
        name: str = "easy",
        miss: float = 0.5,
        forget: float = 0.15,
        slip: float = 0.25,
        deeper: float = 0.5,
        slip_kinds: Collection[str] = SLIP_KINDS,
        answers: Collection[str] = ANSWERS,
    ) -> None:
        super().__init__(inner.seat, seed)
        self.inner = inner
        self.name = name
        self.miss = miss
        self.forget = forget
        self.slip = slip
        self.deeper = deeper
        self.slip_kinds = frozenset(slip_kinds)
        self.answers = frozenset(answers)
        # Its own generator for lapses, so they leave the inner bot's draws alone.
        self.lapses = random.Random(seed)
        self._asker: int | None = None

    def notice(self, log: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
        """The events of ``log`` this player takes in."""
        kept: list[Mapping[str, Any]] = []
        for event in log:
            kind = event["kind"]
            if kind == "suggestion":
                self._asker = _seat(event.get("seat"))
            elif kind in self.answers:
                asker = _seat(event.get("to", event.get("suggester", self._asker)))
                answerer = _seat(event.get("seat"))
                mine = self.seat in (asker, answerer)
                if "card" in event and event.get("to") == self.seat:
                    if self.lapses.random() < self.forget:
                        continue
                elif not mine and self.lapses.random() < self.miss:
                    continue
            kept.append(event)
        return kept

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        seen = dict(view, log=self.notice(view.get("log", [])))
        choice = self.inner.choose(seen, legal)
        if choice.kind not in self.slip_kinds or self.lapses.random() >= self.slip:
            return choice
        # Ask the bot again without its best (and maybe its second best) choice:
        # the log is already read, so it is not shown twice.
        again = dict(seen, log=[])
        skipped = [choice]
        depth = 2 if self.lapses.random() < self.deeper else 1
        for _ in range(depth):
            rest = [a for a in legal if a not in skipped]
            if not any(a.kind == choice.kind for a in rest):
                break
            other = self.inner.choose(again, rest)
            if other.kind != choice.kind or other not in rest:
                break  # nothing else of the kind looked plausible to it
            skipped.append(other)
        return skipped[-1]

    def close(self) -> None:
        self.inner.close()


def _seat(value: Any) -> int | None:
    return int(value) if isinstance(value, int) else None


def with_lapses(factory: AgentFactory, name: str = "easy", **lapses: Any) -> AgentFactory:
    """A factory of :class:`LapsesAgent` around ``factory``'s bots (for a BotList).

    >>> from cluedo.agents.random_bot import RandomAgent
    >>> with_lapses(RandomAgent, "careless", slip=0.5)(2, 7).name
    'careless'
    """

    def make(seat: int, seed: int | None = None) -> Agent:
        inner_seed = None if seed is None else seed + 1
        return LapsesAgent(factory(seat, inner_seed), seed, name=name, **lapses)

    return make
