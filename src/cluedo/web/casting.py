"""Who plays whom: the characters a person may choose, and fixing them in the options.

Rule sets let players choose who they play in one of two ways: most take the
option ``characters`` (a suspect's card id per seat); Pendragon takes
``sheets``, a knight's character sheet per seat, and its players are knights,
never the suspects. This module hides the difference from the lobby and the
table: :func:`character_choices` lists what may be chosen, by id and name, and
:func:`cast` writes the choices into the options the rule set reads.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cluedo.content.sheets import default_sheets
from cluedo.engine.registry import make_rules, rules_class
from cluedo.web.notebook import card_set_of


def _way(rules: str) -> str | None:
    """How a rule set takes its players' characters: 'characters', 'sheets' or None."""
    fields = rules_class(rules).options_type.model_fields
    for key in ("characters", "sheets"):
        if key in fields:
            return key
    return None


def chosen_by_options(rules: str, options: dict[str, Any]) -> bool:
    """Whether the table's options already fix every seat's character."""
    way = _way(rules)
    return way is not None and bool(options.get(way))


def character_choices(rules: str, options: dict[str, Any] | None = None) -> list[dict[str, str]]:
    """The characters a person may play, in the rule set's order: ``[{"id", "name"}]``.

    >>> [c["name"] for c in character_choices("pendragon")][:2]
    ['Sir Amig', 'Sir Bedivere']
    >>> character_choices("classic")[0]
    {'id': 'scarlet', 'name': 'Miss Scarlet'}
    """
    way = _way(rules)
    if way == "sheets":
        return [{"id": s.name, "name": s.name} for s in default_sheets()]
    if way == "characters":
        made = make_rules(rules, options or {})
        cards = card_set_of(made)
        suspects = list(getattr(made, "suspects", ()) or ())
        return [{"id": c, "name": cards.name(c) if cards is not None else c} for c in suspects]
    return []


def cast(
    rules: str, options: dict[str, Any], chosen: Sequence[str | None], players: int
) -> dict[str, Any]:
    """The options with each seat's character fixed: the seats' choices, the rest given
    in the rule set's order. ``chosen`` has one entry per seat (None: any).

    Options that already fix the characters are returned unchanged.
    """
    way = _way(rules)
    if way is None or chosen_by_options(rules, options) or not any(chosen):
        return dict(options)
    out = dict(options)
    if way == "sheets":
        sheets = {s.name: s for s in default_sheets()}
        pool = [name for name in sheets if name not in chosen]
        names = [c or pool.pop(0) for c in chosen[:players]]
        out["sheets"] = [sheets[name].model_dump(mode="json") for name in names]
    else:
        ids = [c["id"] for c in character_choices(rules, options)]
        pool = [c for c in ids if c not in chosen]
        out["characters"] = [c or pool.pop(0) for c in chosen[:players]]
    return out
