"""One place decides each rule set's default bot and its strongest bot."""

from __future__ import annotations

import pytest

from cluedo.agents import registry
from cluedo.agents.registry import bots_for, default_bot, strongest_bot
from cluedo.engine.registry import available
from cluedo.simulation import core as simulation_core
from cluedo.terminal import command as terminal


@pytest.mark.parametrize("rules", available())
def test_every_rule_set_has_a_default_and_a_strongest_bot_it_can_seat(rules: str) -> None:
    assert default_bot(rules) in bots_for(rules)
    assert strongest_bot(rules) in bots_for(rules)
    assert default_bot(rules) != "random"


def test_the_strong_bot_is_the_strongest_in_every_rule_set_and_never_the_default() -> None:
    assert default_bot("classic") == "sensible"
    assert strongest_bot("classic") == "strong"
    assert strongest_bot("cluedo") == "strong"  # aliases name the same rule set
    for rules in ("clue-or-cruel", "clussassin", "killer-kloo-doo", "pendragon"):
        assert strongest_bot(rules) == "strong" != default_bot(rules)


def test_front_ends_ask_the_registry() -> None:
    assert terminal.default_bot is registry.default_bot
    for rules in available():
        assert simulation_core.default_bot(rules) == registry.default_bot(rules)
