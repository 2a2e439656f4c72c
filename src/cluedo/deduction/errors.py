"""Errors raised by the detective notebook."""

from __future__ import annotations

from typing import Any

from cluedo.deduction.observations import describe


class DeductionError(Exception):
    """Base class for every error of the deduction package."""


class SetupError(DeductionError, ValueError):
    """The card set, the players or the piles do not describe a valid deal."""


class UnknownNameError(DeductionError, ValueError):
    """An observation names a card, player or pile the notebook does not know."""


class UnsupportedObservationError(DeductionError, ValueError):
    """An observation the exact model cannot represent (see docs/deduction.md)."""


class ContradictionError(DeductionError, ValueError):
    """An observation contradicts the record; the notebook keeps its old state.

    ``observation`` is the rejected observation (None when the propagator finds
    the record as a whole cannot hold), ``reason`` says why.
    """

    def __init__(self, observation: Any, reason: str) -> None:
        self.observation = observation
        self.reason = reason
        if observation is None:
            super().__init__(f"the observations cannot all be true: {reason}")
        else:
            super().__init__(f"cannot record that {describe(observation)}: {reason}")
