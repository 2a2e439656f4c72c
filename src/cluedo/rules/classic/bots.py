"""The classic game's bots.

The default, ``sensible``, is the bot a person wants across the table: it plays
the way a careful player does (a notebook of sound deductions, questions that can
teach it something, answers that give away little, no accusation until it is
certain) and decides in a fraction of a millisecond. It is not the strongest: the
``detective`` keeps the exact notebook and picks each question by the expected
drop in the envelope's entropy; measured with seats rotated (``cluedo simulate
--rules classic --players 4 --games 1000 --bots detective,sensible,sensible,sensible
--seed 1``) it wins 37.1% of its games (95% interval 34.2-40.1%) against the 25%
of an equal share, at about twenty times the sensible bot's thinking time.
"""

from __future__ import annotations

from cluedo.agents.detective import DetectiveAgent
from cluedo.agents.random_bot import RandomAgent
from cluedo.agents.registry import BotList
from cluedo.agents.sensible import SensibleAgent

BOTS = BotList(
    {"random": RandomAgent, "sensible": SensibleAgent, "detective": DetectiveAgent},
    default="sensible",
    strongest="detective",
    levels={"easy": "sensible", "medium": "sensible", "hard": "detective"},
)
