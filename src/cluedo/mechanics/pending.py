"""What a view shows of the decision the game waits for: whose it is, and its public part.

Shared by the rule sets whose decisions are a player's turn (with its stage,
a roll and the squares it reaches) and a refutation (whose matching cards only
the refuter may see). A rule set adds what is its own to the returned dict.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cluedo.content.board import Board
from cluedo.engine.decisions import Decision


def pending_view(
    board: Board | None, top: Decision | None, seat: int | None, turn_keys: Iterable[str] = ()
) -> dict[str, Any] | None:
    """The pending decision as ``seat`` may see it (None when nothing is pending).

    A turn shows its stage, each of ``turn_keys`` its context holds, and the
    destinations of a roll on ``board`` (None: a game without one); a refutation
    shows who asked, and the cards that could be shown only to the refuter.
    """
    if top is None:
        return None
    pending: dict[str, Any] = {"kind": top.kind, "seats": list(top.seats)}
    ctx = top.context
    if top.kind == "turn":
        pending["stage"] = ctx["stage"]
        for key in turn_keys:
            if key in ctx:
                pending[key] = ctx[key]
        if board is not None and ctx.get("destinations"):
            # location_json(board.node_name(n)) of each node (corridor squares are tuples)
            corridor, first_room, rooms = board.corridor, len(board.corridor), board.room_of_node
            pending["destinations"] = [
                rooms[n] if n >= first_room else list(corridor[n]) for n in ctx["destinations"]
            ]
    elif top.kind == "refute":
        pending["suggester"] = ctx["suggester"]
        if seat is not None and seat in top.seats:
            pending["cards"] = list(ctx["cards"])
    return pending
