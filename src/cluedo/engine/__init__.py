"""The rules-agnostic core: state, actions, events, decisions, chance, rule-set registry, games."""

from cluedo.engine.actions import Action
from cluedo.engine.chance import Chance, ChanceError, Draws, Picked
from cluedo.engine.decisions import Decision, DecisionStack
from cluedo.engine.errors import (
    CluedoError,
    IllegalAction,
    MalformedAction,
    OptionsError,
    SaveError,
)
from cluedo.engine.events import Event
from cluedo.engine.game import Game, new_game
from cluedo.engine.registry import available, make_rules, parse_options, register, rules_class
from cluedo.engine.ruleset import RuleOptions, RuleSet
from cluedo.engine.state import GameState

__all__ = [
    "Action",
    "Chance",
    "ChanceError",
    "CluedoError",
    "Decision",
    "DecisionStack",
    "Draws",
    "Event",
    "Game",
    "GameState",
    "IllegalAction",
    "MalformedAction",
    "OptionsError",
    "Picked",
    "RuleOptions",
    "RuleSet",
    "SaveError",
    "available",
    "make_rules",
    "new_game",
    "parse_options",
    "register",
    "rules_class",
]
