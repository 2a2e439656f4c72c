"""The Killer Kloo Doo bot keeps its own memory of the clue cards it showed or gave."""

from __future__ import annotations

from cluedo.agents.match import play_out
from cluedo.engine import Action, new_game
from cluedo.rules.killer_kloo_doo.bots import KlooDooAgent

RULES = "killer-kloo-doo"


def test_the_bot_remembers_each_card_it_showed_or_gave_to_each_player() -> None:
    game = new_game(RULES, players=3, seed=1, options={"parts": "investigation"})
    agents = {s: KlooDooAgent(s, s) for s in range(3)}
    play_out(game, agents)
    for seat, agent in agents.items():
        told: dict[int, set[str]] = {}
        for event in game.full_log():
            if event["kind"] in ("card_shown", "clue_passed") and event["seat"] == seat:
                told.setdefault(event["to"], set()).add(event["card"])
        # What it showed in its last turns it has not read back yet: a subset, nearly all.
        for to, cards in agent.shown_to.items():
            assert cards <= told[to]
        assert sum(map(len, agent.shown_to.values())) >= sum(map(len, told.values())) - 2
    assert any(agent.shown_to for agent in agents.values())


def test_the_bot_answers_a_suggester_with_a_card_it_showed_them_before() -> None:
    bot = KlooDooAgent(0, seed=0)
    bot.shown_to = {2: {"knife"}}
    options = [Action.make(0, "show", card=c) for c in ("scarlet", "knife", "hall")]
    assert bot._show(options, 2)["card"] == "knife"
    # Nothing shown to that player yet: a room, which tells least.
    assert bot._show(options, 1)["card"] == "hall"
