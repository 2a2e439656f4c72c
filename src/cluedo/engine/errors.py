"""Errors the engine raises. Each says what was wrong and what is allowed."""

from __future__ import annotations


class CluedoError(Exception):
    """Base class of every error the package raises on purpose."""


class IllegalAction(CluedoError):
    """An action the rules do not allow now. ``rule`` names the rule it breaks.

    The game is always left unchanged when this is raised.
    """

    def __init__(self, rule: str, message: str, allowed: str | None = None) -> None:
        text = f"[{rule}] {message}"
        if allowed:
            text += f" (allowed: {allowed})"
        super().__init__(text)
        self.rule = rule
        self.message = message
        self.allowed = allowed


class MalformedAction(IllegalAction):
    """An action that is not even well-formed (wrong shape, unknown kind, bad types)."""

    def __init__(self, message: str, allowed: str | None = None) -> None:
        super().__init__("malformed-action", message, allowed)


class OptionsError(CluedoError, ValueError):
    """Unknown rule set, bad player count or invalid options."""


class SaveError(CluedoError, ValueError):
    """A save file is corrupt or does not replay; names the first bad entry."""
