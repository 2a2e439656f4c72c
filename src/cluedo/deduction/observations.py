"""Observations: what a player at the table can see, as frozen dataclasses.

Every observation converts to a JSON-friendly dict (``to_dict``) with a
``"type"`` key and back (:func:`observation_from_dict`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar, TypeAlias


@dataclass(frozen=True)
class _Base:
    kind: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict, with the observation type under ``"type"``."""
        out: dict[str, Any] = {"type": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


@dataclass(frozen=True)
class Hand(_Base):
    """``player`` holds exactly ``cards`` (for example my own hand)."""

    kind: ClassVar[str] = "hand"
    player: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Shown(_Base):
    """``player`` holds ``card`` (it was shown to me)."""

    kind: ClassVar[str] = "shown"
    player: str
    card: str


@dataclass(frozen=True)
class HasOneOf(_Base):
    """``player`` holds at least one of ``cards`` (showed one I did not see)."""

    kind: ClassVar[str] = "has_one_of"
    player: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class HasNone(_Base):
    """``player`` holds none of ``cards`` (could not refute)."""

    kind: ClassVar[str] = "has_none"
    player: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class FaceUp(_Base):
    """``cards`` lie face up for everyone: in the ``face_up`` pile, not in play."""

    kind: ClassVar[str] = "face_up"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class WrongAccusation(_Base):
    """The envelope is not exactly ``cards`` (one card per category)."""

    kind: ClassVar[str] = "wrong_accusation"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Draw(_Base):
    """``player`` draws the top card of hidden ``pile``; ``card`` if I saw it."""

    kind: ClassVar[str] = "draw"
    player: str
    pile: str
    card: str | None = None


@dataclass(frozen=True)
class Transfer(_Base):
    """A card moves from ``source``'s hand to ``target``'s; ``card`` if I saw it.

    An unseen transfer is a card chosen uniformly at random from the source hand;
    ``category`` says which category it was from, when everyone knows that much
    (the exact counting engine does not take such transfers).
    """

    kind: ClassVar[str] = "transfer"
    source: str
    target: str
    card: str | None = None
    category: str | None = None


@dataclass(frozen=True)
class HandOver(_Base):
    """Every card ``source`` holds goes to ``target`` (a Clussassin kill), unseen."""

    kind: ClassVar[str] = "hand_over"
    source: str
    target: str


Observation: TypeAlias = (
    Hand | Shown | HasOneOf | HasNone | FaceUp | WrongAccusation | Draw | Transfer | HandOver
)
"""Any observation the notebook accepts."""

_KINDS: dict[str, type[_Base]] = {
    c.kind: c
    for c in (Hand, Shown, HasOneOf, HasNone, FaceUp, WrongAccusation, Draw, Transfer, HandOver)
}


def describe(obs: object) -> str:
    """What an observation says, in words (cards and players by their ids).

    >>> describe(HasNone("mu", ("scarlet", "rope", "hall")))
    'mu holds none of scarlet, rope, hall'
    """
    if isinstance(obs, Hand):
        return f"{obs.player} holds exactly {', '.join(obs.cards)}"
    if isinstance(obs, Shown):
        return f"{obs.player} holds {obs.card}"
    if isinstance(obs, HasOneOf):
        return f"{obs.player} holds at least one of {', '.join(obs.cards)}"
    if isinstance(obs, HasNone):
        return f"{obs.player} holds none of {', '.join(obs.cards)}"
    if isinstance(obs, FaceUp):
        return f"{', '.join(obs.cards)} lie face up"
    if isinstance(obs, WrongAccusation):
        return f"the envelope is not {', '.join(obs.cards)}"
    if isinstance(obs, Draw):
        return f"{obs.player} draws {obs.card or 'an unseen card'} from the {obs.pile} pile"
    if isinstance(obs, Transfer):
        return f"{obs.card or 'an unseen card'} goes from {obs.source} to {obs.target}"
    if isinstance(obs, HandOver):
        return f"every card of {obs.source} goes to {obs.target}"
    return repr(obs)


def observation_from_dict(data: Mapping[str, Any]) -> Observation:
    """Rebuild an observation from :meth:`to_dict` output.

    >>> observation_from_dict({"type": "shown", "player": "mu", "card": "rope"})
    Shown(player='mu', card='rope')
    """
    kind = data.get("type")
    if kind not in _KINDS:
        raise ValueError(f"unknown observation type {kind!r}; allowed: {sorted(_KINDS)}")
    cls = _KINDS[str(kind)]
    kwargs: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in data:
            if f.name in ("card", "category"):
                kwargs[f.name] = None
                continue
            raise ValueError(f"{kind} observation needs {f.name!r}")
        value = data[f.name]
        kwargs[f.name] = tuple(str(v) for v in value) if f.name == "cards" else value
    obs: Observation = cls(**kwargs)  # type: ignore[assignment]
    return obs


def suggestion_observations(
    order: Sequence[str],
    suggester: str,
    cards: Sequence[str],
    refuter: str | None,
    shown: str | None = None,
) -> list[Observation]:
    """What a suggestion teaches: who could not refute, who could, what was shown.

    Players after ``suggester`` in turn ``order`` up to (not including)
    ``refuter`` hold none of ``cards``; the refuter holds ``shown`` if known,
    else at least one of ``cards``. ``refuter=None`` means nobody refuted.

    >>> suggestion_observations(["a", "b", "c"], "a", ["x", "y", "z"], "c")
    [HasNone(player='b', cards=('x', 'y', 'z')), HasOneOf(player='c', cards=('x', 'y', 'z'))]
    """
    seq = list(order)
    if suggester not in seq:
        raise ValueError(f"unknown suggester {suggester!r}")
    if refuter is not None and (refuter not in seq or refuter == suggester):
        raise ValueError(f"refuter {refuter!r} must be another player")
    start = seq.index(suggester)
    triple = tuple(cards)
    out: list[Observation] = []
    for k in range(1, len(seq)):
        player = seq[(start + k) % len(seq)]
        if player == refuter:
            out.append(Shown(player, shown) if shown else HasOneOf(player, triple))
            break
        out.append(HasNone(player, triple))
    return out
