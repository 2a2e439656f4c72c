"""Bots by name, for front ends: ``random``, ``sensible``, or an external command.

Names are per rule set: ``sensible`` is the careful detective in the classic
game and the hunter in Clussassin; ``random`` plays any rule set. This module is
also the one place that decides which bot a front end seats by default
(:func:`default_bot`) and which is the strongest (:func:`strongest_bot`).
"""

from __future__ import annotations

from collections.abc import Callable

from cluedo.agents.base import Agent
from cluedo.agents.cruel_bots import CruelAgent
from cluedo.agents.detective import DetectiveAgent
from cluedo.agents.hunter import HunterAgent
from cluedo.agents.kkd_bots import KlooDooAgent
from cluedo.agents.knight import KnightAgent
from cluedo.agents.random_bot import RandomAgent
from cluedo.agents.sensible import SensibleAgent

AgentFactory = Callable[[int, int | None], Agent]

BOTS: dict[str, AgentFactory] = {
    "random": RandomAgent,
    "sensible": SensibleAgent,
    "detective": DetectiveAgent,
}
"""The classic game's bots."""

RULE_BOTS: dict[str, dict[str, AgentFactory]] = {
    "classic": BOTS,
    "clussassin": {"random": RandomAgent, "sensible": HunterAgent, "hunter": HunterAgent},
    "clue-or-cruel": {"random": RandomAgent, "sensible": CruelAgent},
    "killer-kloo-doo": {"random": RandomAgent, "sensible": KlooDooAgent},
    "pendragon": {"random": RandomAgent, "sensible": KnightAgent, "knight": KnightAgent},
}


def bots_for(rules: str) -> dict[str, AgentFactory]:
    """The bots that can play ``rules`` (a rule set's name or alias)."""
    from cluedo.engine.registry import rules_class

    return RULE_BOTS.get(rules_class(rules).name, {"random": RandomAgent})


def make_agent(spec: str, seat: int, seed: int | None = None, rules: str = "classic") -> Agent:
    """A bot from its name, or ``cmd:<command line>`` for a bot in another process.

    >>> make_agent("random", 0).name
    'random'
    >>> make_agent("sensible", 0, rules="clussassin").name
    'hunter'
    """
    if spec.startswith("cmd:"):
        from cluedo.agents.external import ExternalAgent

        agent: Agent = ExternalAgent(spec[4:], seat, seed)
        return agent
    bots = bots_for(rules)
    factory = bots.get(spec)
    if factory is None:
        raise ValueError(
            f"unknown bot {spec!r} for {rules}; bots: {', '.join(sorted(bots))}, "
            "or cmd:<command line>"
        )
    return factory(seat, seed)


STRONGEST: dict[str, str] = {"classic": "detective"}
"""Rule sets whose strongest bot is not their default one."""


def default_bot(rules: str = "classic") -> str:
    """The bot a front end seats when none is named: ``sensible`` for every rule set
    that has one (all the built-in ones), else ``random``.

    It is the bot a person wants across the table: it plays each rule set the way
    a careful player does (in the classic game: a notebook of sound deductions,
    questions that can teach it something, answers that give away little, and no
    accusation until it is certain), and it decides in a fraction of a
    millisecond, so turns are instant and thousands of simulated games take
    seconds. In the classic game it is not the strongest: the detective
    (:func:`strongest_bot`) wins more often but thinks up to half a second per
    question; the sensible bot is the fair, beatable opponent.

    >>> default_bot("classic"), default_bot("pendragon")
    ('sensible', 'sensible')
    """
    return "sensible" if "sensible" in bots_for(rules) else "random"


def strongest_bot(rules: str = "classic") -> str:
    """The built-in bot that wins most often at ``rules``; the default bot where no
    other bot is stronger.

    Classic: the detective (:mod:`cluedo.agents.detective`). It keeps the exact
    notebook of :mod:`cluedo.deduction`, so it accuses the moment the case is
    certain, and picks each question by the expected drop in the envelope's
    entropy. Measured with seats rotated (``cluedo simulate --rules classic
    --players 4 --games 1000 --bots detective,sensible,sensible,sensible
    --seed 1``), one detective against three sensible bots wins 37.1% of its
    games (95% interval 34.2-40.1%), against the 25% of an equal share; each
    sensible bot wins 21.0% (19.5-22.5%). The price is time: that game costs
    about 0.4 s of CPU, twenty times one between four sensible bots, and alone
    against random bots at six players the detective needs about 3 s a game
    (see ``docs/simulate.md``). Every other rule set has one bot that plays it to
    win, its ``sensible`` bot, which is therefore both default and strongest.

    >>> strongest_bot("classic"), strongest_bot("clue-or-cruel")
    ('detective', 'sensible')
    """
    from cluedo.engine.registry import rules_class

    return STRONGEST.get(rules_class(rules).name, default_bot(rules))
