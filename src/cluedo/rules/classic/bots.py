"""The classic game's bots, and the levels a person chooses from.

The default, ``sensible``, is the bot a person wants across the table: it plays
the way a careful player does (a notebook of sound deductions, questions that can
teach it something, answers that give away little, no accusation until it is
certain) and decides in a fraction of a millisecond.

The strongest is ``strong`` (:mod:`cluedo.agents.strong`): the exact notebook read
with what the other players' choices give away, questions and walks judged on
deals drawn from it, and accusations made on the odds when waiting a round would
let an opponent solve the case first. Measured with seats rotated over 600 games
(``cluedo simulate --rules classic --players 6 --games 600 --seed 1 --bots
strong,sensible,sensible,sensible,sensible,sensible``) it wins 42.0% against five
sensible bots (95% interval 38.1-46.0%; a fair share is 16.7%), accusing wrongly
in 24% of its games, and 65.8% against two (61.9-69.5%; fair 33.3%), wrongly in
11%. Its decisions take under a millisecond at the median and about 150 ms at
the 99th percentile. docs/bots.md has the tables and the commands.

The ``detective`` keeps the exact notebook and picks each question by the expected
drop in the envelope's entropy, accusing only when certain.

Levels: ``easy`` is ``forgetful`` (the sensible bot with a person's lapses: it
misses some of the other players' answers and forgets some cards shown to it; it
wins 7.8% against five sensible bots and 24.0% against two, over 600 games each),
``medium`` the sensible bot, ``hard`` the strong bot.
"""

from __future__ import annotations

from cluedo.agents.detective import DetectiveAgent
from cluedo.agents.forgetful import ForgetfulAgent
from cluedo.agents.random_bot import RandomAgent
from cluedo.agents.registry import BotList
from cluedo.agents.sensible import SensibleAgent
from cluedo.agents.strong import StrongAgent

BOTS = BotList(
    {
        "random": RandomAgent,
        "sensible": SensibleAgent,
        "detective": DetectiveAgent,
        "strong": StrongAgent,
        "forgetful": ForgetfulAgent,
    },
    default="sensible",
    strongest="strong",
    levels={"easy": "forgetful", "medium": "sensible", "hard": "strong"},
    descriptions={
        "forgetful": "easy: misses some answers and forgets some cards, like a casual player",
        "sensible": "medium: a careful player who accuses only when certain",
        "detective": "a careful player with an exact notebook, accusing only when certain",
        "strong": "hard: plays to win, and accuses on the odds when an opponent is close",
    },
)
