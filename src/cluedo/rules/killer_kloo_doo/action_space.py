"""Killer Kloo Doo's fixed action space: every action of both parts, with the
playing cards each kind may be paid with (spades dig, hearts persuade and heal,
court cards trick, fetch and hire servants, diamonds bribe and pay servants,
clubs grab and assault, aces drug and poison)."""

from __future__ import annotations

from cluedo.engine.action_space import ActionShape, Subsets
from cluedo.mechanics.movement import movement_shapes
from cluedo.mechanics.playing_cards import full_deck, is_ace, is_court
from cluedo.rules.killer_kloo_doo.base import KillerKlooDooBase


def action_shapes(rules: KillerKlooDooBase, players: int) -> list[ActionShape]:
    deck = tuple(full_deck())
    suit = {s: tuple(c for c in deck if c[-1] == s) for s in "SHDC"}
    court = tuple(c for c in deck if is_court(c))
    aces = tuple(c for c in deck if is_ace(c))
    seats = tuple(range(players))
    people, weapons, rooms = rules.suspects, rules.weapon_ids, rules.rooms
    clues = (*people, *weapons, *rooms)
    return [
        # moving, in both parts
        *movement_shapes(rules.board),
        ActionShape("stay"),
        ActionShape("emerge"),
        ActionShape("pick_up", {"weapon": weapons}),
        ActionShape("end_turn"),
        # Part 1: the investigation
        ActionShape("dig", {"card": suit["S"]}),
        ActionShape("dig", {"card": suit["S"], "weapon": weapons}),
        ActionShape("persuade", {"card": suit["H"], "person": people}),
        ActionShape("trick", {"card": court, "person": people}),
        ActionShape("fetch", {"card": court, "weapon": weapons}),
        ActionShape(
            "bribe", {"card": suit["D"], "target": seats, "ask": ("weapon",), "weapon": weapons}
        ),
        ActionShape("bribe", {"card": suit["D"], "target": seats, "ask": ("clue", "card")}),
        ActionShape(
            "grab", {"card": suit["C"], "target": seats, "take": ("weapon",), "weapon": weapons}
        ),
        ActionShape("grab", {"card": suit["C"], "target": seats, "take": ("clue",)}),
        ActionShape("drug", {"card": aces, "target": seats}),
        ActionShape("suggest", {"suspect": people, "weapon": weapons}),
        ActionShape("accuse", {"suspect": people, "weapon": weapons, "room": rooms}),
        ActionShape("show", {"card": clues}),
        # Part 2: survival
        ActionShape("heal", {"card": suit["H"]}),
        ActionShape("poison", {"card": aces, "target": seats}),
        ActionShape("lure", {"card": court, "diamond": suit["D"], "person": people, "room": rooms}),
        ActionShape("spy", {"card": court, "diamond": suit["D"], "target": seats}),
        ActionShape(
            "steal",
            {
                "card": court,
                "diamonds": Subsets(suit["D"], 2, 2),
                "target": seats,
                "room": rooms,
            },
        ),
        ActionShape("clean_room", {"card": court}),
        ActionShape("search"),
        ActionShape("attack", {"person": people}),
        ActionShape("assault", {"person": people, "cards": Subsets(suit["C"])}),
        # answering a contest or an offer
        ActionShape("accept"),
        ActionShape("accept", {"card": (*clues, *deck)}),
        ActionShape("refuse"),
        ActionShape("defend", {"card": deck}),
        ActionShape("defend", {"cards": Subsets(suit["C"])}),
        ActionShape("concede"),
    ]
