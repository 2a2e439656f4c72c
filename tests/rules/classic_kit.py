"""Helpers to build precise classic positions: construct a game, then arrange its state.

Only tests do this; front ends and bots go through ``legal_actions``/``apply``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from cluedo.content.board import Square
from cluedo.engine import Action, Decision, Game, IllegalAction, new_game
from cluedo.rules.classic.rules import ClassicState
from scripted_dice import ScriptedDice

Location = str | Square


LoadedDie = ScriptedDice
"""The die in classic tests: the shared scripted dice (``tests/scripted_dice.py``)."""


def state(game: Game) -> ClassicState:
    assert isinstance(game.state, ClassicState)
    return game.state


def make(players: int = 3, seed: int = 1, **options: Any) -> Game:
    return new_game("classic", players=players, seed=seed, options=options)


def load_die(game: Game, *rolls: int) -> None:
    game.rng = LoadedDie(rolls)


def place(game: Game, **where: Location) -> None:
    """Put suspect tokens somewhere: ``place(game, scarlet=(7, 4), plum="kitchen")``."""
    for piece, loc in where.items():
        assert piece in state(game).positions, piece
        state(game).positions[piece] = loc


def turn(game: Game, seat: int, stage: str = "start", **context: Any) -> None:
    """Make it ``seat``'s turn at ``stage`` (the rest of the stack is dropped)."""
    st = state(game)
    st.decisions.clear()
    st.current = seat
    st.decisions.push(Decision("turn", (seat,), {"stage": stage, **context}))


def deal(game: Game, hands: Sequence[Sequence[str]], envelope: Sequence[str]) -> None:
    """Replace the deal: every card not listed is left out of play (fine for a position)."""
    st = state(game)
    assert len(hands) == st.players
    st.hands = [list(h) for h in hands]
    st.envelope = tuple(envelope)


def kinds(actions: Iterable[Action]) -> set[str]:
    return {a.kind for a in actions}


def events_of(events: Iterable[Any], kind: str) -> list[Any]:
    return [e for e in events if e.kind == kind]


def roll(game: Game, seat: int, value: int) -> list[Any]:
    load_die(game, value)
    return game.apply(Action.make(seat, "roll"))


def destinations(game: Game, seat: int, value: int) -> set[Location]:
    """Where ``seat`` may go after rolling ``value`` (rolls it, from the position as arranged)."""
    roll(game, seat, value)
    return {a["to"] for a in game.legal_actions(seat) if a.kind == "move"}


def refused(game: Game, action: Action) -> IllegalAction:
    """Apply ``action`` expecting a refusal; check the game is unchanged; return the error."""
    before = (game.save(), repr(game.state), len(game.events))
    error = game.check(action)
    assert error is not None, f"{action} should be illegal"
    try:
        game.apply(action)
    except IllegalAction as raised:
        assert raised.rule == error.rule
        assert (game.save(), repr(game.state), len(game.events)) == before
        assert action not in game.legal_actions(action.seat)
        return raised
    raise AssertionError(f"{action} was applied")


def suggest(game: Game, seat: int, suspect: str, weapon: str) -> list[Any]:
    return game.apply(Action.make(seat, "suggest", suspect=suspect, weapon=weapon))


def accuse(game: Game, seat: int, suspect: str, weapon: str, room: str) -> list[Any]:
    return game.apply(Action.make(seat, "accuse", suspect=suspect, weapon=weapon, room=room))


def wrong_triple(game: Game) -> tuple[str, str, str]:
    """An accusation that is certainly wrong (the envelope's room swapped)."""
    s, w, r = state(game).envelope
    other_room = "kitchen" if r != "kitchen" else "study"
    return s, w, other_room
