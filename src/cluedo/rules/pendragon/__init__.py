"""The Pendragon castle game (rule text 003): rewards, trait and skill rolls, and
accusations only at the staircase."""

from cluedo.rules.pendragon.rules import PendragonOptions, PendragonRules, PendragonState

__all__ = ["PendragonOptions", "PendragonRules", "PendragonState"]
