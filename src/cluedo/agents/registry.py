"""Bots by name, for front ends: ``random``, each rule set's own bots, or an external
command.

A rule set declares its bots in its package's ``bots`` module (next to its
rules; for the built-in ones ``cluedo.rules.<name>.bots``) as a :class:`BotList`
named ``BOTS``: the bots by name, which one a front end seats by default, which is
the strongest, and the levels a person chooses from (easy, medium, hard). This
module finds that list through the rule set, so it names no rule set itself; a
rule set without a ``bots`` module is played by the random bot.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from cluedo.agents.base import Agent
from cluedo.agents.random_bot import RandomAgent

AgentFactory = Callable[[int, int | None], Agent]

LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
"""The levels a person chooses from, weakest first."""


@dataclass
class BotList:
    """A rule set's bots.

    ``bots`` maps names to factories (``random`` is added when missing);
    ``default`` is the bot a front end seats when none is named, the fair,
    quick opponent a person wants across the table; ``strongest`` the one that
    wins most often; ``levels`` maps ``easy``/``medium``/``hard`` to bot names
    (missing levels fall back: medium to the default, hard to the strongest, easy
    to the default).
    """

    bots: dict[str, AgentFactory]
    default: str = "random"
    strongest: str | None = None
    levels: Mapping[str, str] = field(default_factory=dict)
    descriptions: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.bots.setdefault("random", RandomAgent)
        for name in (self.default, self.strongest, *self.levels.values()):
            if name is not None and name not in self.bots:
                raise ValueError(f"bot {name!r} is named but not among {sorted(self.bots)}")
        unknown = set(self.levels) - set(LEVELS)
        if unknown:
            raise ValueError(f"unknown levels {sorted(unknown)}; levels: {', '.join(LEVELS)}")

    def level(self, name: str) -> str:
        """The bot playing at level ``name`` (easy, medium or hard)."""
        if name not in LEVELS:
            raise ValueError(f"unknown level {name!r}; levels: {', '.join(LEVELS)}")
        fallback = {"easy": self.default, "medium": self.default}
        return self.levels.get(name) or fallback.get(name) or self.strongest or self.default


_RANDOM_ONLY = BotList({"random": RandomAgent})
_LISTS: dict[str, BotList] = {}


def bot_list(rules: str) -> BotList:
    """The :class:`BotList` of ``rules`` (a rule set's name or alias)."""
    from cluedo.engine.registry import rules_class

    cls = rules_class(rules)
    found = _LISTS.get(cls.name)
    if found is None:
        package = cls.__module__.rpartition(".")[0]
        try:
            # A rule set in a module of its own (no package) has no bots module.
            module = importlib.import_module(f"{package}.bots") if package else None
        except ModuleNotFoundError as err:
            if err.name != f"{package}.bots":
                raise
            module = None
        if module is None:
            found = _RANDOM_ONLY
        else:
            found = module.BOTS
            if not isinstance(found, BotList):
                raise TypeError(f"{package}.bots.BOTS must be a BotList")
        _LISTS[cls.name] = found
    return found


def bots_for(rules: str) -> dict[str, AgentFactory]:
    """The bots that can play ``rules``, by name.

    >>> sorted(bots_for("classic"))
    ['detective', 'forgetful', 'random', 'sensible', 'strong']
    """
    return bot_list(rules).bots


def make_agent(spec: str, seat: int, seed: int | None = None, rules: str = "classic") -> Agent:
    """A bot from its name or level, or ``cmd:<command line>`` for a bot in another
    process.

    >>> make_agent("random", 0).name
    'random'
    >>> make_agent("sensible", 0, rules="clussassin").name
    'hunter'
    """
    if spec.startswith("cmd:"):
        from cluedo.agents.external import ExternalAgent

        agent: Agent = ExternalAgent(spec[4:], seat, seed)
        return agent
    listed = bot_list(rules)
    name = listed.level(spec) if spec in LEVELS and spec not in listed.bots else spec
    factory = listed.bots.get(name)
    if factory is None:
        raise ValueError(
            f"unknown bot {spec!r} for {rules}; bots: {', '.join(sorted(listed.bots))}, "
            f"a level ({', '.join(LEVELS)}), or cmd:<command line>"
        )
    return factory(seat, seed)


def default_bot(rules: str = "classic") -> str:
    """The bot a front end seats when none is named, as the rule set declares it.

    >>> default_bot("classic"), default_bot("pendragon")
    ('sensible', 'sensible')
    """
    return bot_list(rules).default


def strongest_bot(rules: str = "classic") -> str:
    """The built-in bot that wins most often at ``rules``; the default bot where the
    rule set names no stronger one.

    >>> strongest_bot("classic"), strongest_bot("clue-or-cruel")
    ('strong', 'strong')
    """
    listed = bot_list(rules)
    return listed.strongest or listed.default


def known_bot_names() -> frozenset[str]:
    """Every bot name and level of every rule set (for reading a list of bots)."""
    from cluedo.engine.registry import available

    names = set(LEVELS)
    for rules in available():
        names.update(bot_list(rules).bots)
    return frozenset(names)
