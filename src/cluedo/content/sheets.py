"""Pendragon character sheets: the traits and skills a knight rolls in the castle.

A sheet is data (``pendragon/sheets.toml`` holds eight defaults); a player may
bring their own from a TOML file shaped like one ``[[sheet]]`` entry. Sheets
travel inside a game's options as plain data, so a save or the protocol never
makes the engine open a file: :func:`load_sheet_file` is for front ends.

>>> sheets = default_sheets()
>>> len(sheets), sheets[0].name
(8, 'Sir Amig')
>>> sheets[0].value("energetic"), sheets[0].value("weapon:sword")
(13, 15)
>>> room_rolls()["bedroom"]
RoomRoll(room='bedroom', roll='energetic', fallback='lazy')
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

TRAIT_PAIRS = (
    ("energetic", "lazy"),
    ("temperate", "indulgent"),
    ("humility", "pride"),
    ("pious", "worldly"),
)
SKILLS = ("read_latin", "chirurgery", "heraldry", "battle", "industry")
CHOICE_ROLLS = {"weapon": "weapons", "play": "instruments"}
"""Room rolls where the player picks one entry of a sheet's table."""


class SheetError(ValueError):
    """A character sheet is invalid; the message says what is wrong and what is allowed."""


class CharacterSheet(BaseModel):
    """One knight: name, opposed traits (pairs add up to 20), skills, weapons, instruments."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=60)
    traits: dict[str, int]
    skills: dict[str, int]
    weapons: dict[str, int] = Field(min_length=1)
    instruments: dict[str, int] = Field(min_length=1)

    @model_validator(mode="after")
    def _complete(self) -> CharacterSheet:
        wanted = {t for pair in TRAIT_PAIRS for t in pair}
        if set(self.traits) != wanted:
            raise ValueError(f"traits must be exactly: {', '.join(sorted(wanted))}")
        for a, b in TRAIT_PAIRS:
            if self.traits[a] + self.traits[b] != 20:
                raise ValueError(f"{a} and {b} must add up to 20")
        if set(self.skills) != set(SKILLS):
            raise ValueError(f"skills must be exactly: {', '.join(SKILLS)}")
        for table in (self.traits, self.skills, self.weapons, self.instruments):
            for key, value in table.items():
                if not 0 <= value <= 40:
                    raise ValueError(f"{key} is {value}; values run from 0 to 40")
        return self

    def value(self, stat: str) -> int:
        """The value rolled against: a trait, a skill, ``weapon:<name>`` or ``play:<name>``."""
        if ":" in stat:
            kind, name = stat.split(":", 1)
            return getattr(self, CHOICE_ROLLS[kind])[name]  # type: ignore[no-any-return]
        return self.traits.get(stat, self.skills.get(stat, 0))

    def choices(self, roll: str) -> list[str]:
        """The stats a player may pick for a room roll (``weapon:sword`` ...), or just ``roll``."""
        table = CHOICE_ROLLS.get(roll)
        if table is None:
            return [roll]
        return [f"{roll}:{name}" for name in getattr(self, table)]


@dataclass(frozen=True)
class RoomRoll:
    room: str
    roll: str
    fallback: str | None


def _content(name: str) -> dict[str, Any]:
    resource = resources.files("cluedo.content") / "pendragon" / name
    return tomllib.loads(resource.read_text(encoding="utf-8"))


_defaults: list[CharacterSheet] = []
_rooms: dict[str, RoomRoll] = {}


def default_sheets() -> list[CharacterSheet]:
    if not _defaults:
        _defaults.extend(
            parse_sheet(raw, "sheets.toml") for raw in _content("sheets.toml")["sheet"]
        )
    return list(_defaults)


def room_rolls() -> dict[str, RoomRoll]:
    if not _rooms:
        for room, raw in _content("sheets.toml")["rooms"].items():
            _rooms[room] = RoomRoll(room, raw["roll"], raw.get("else"))
    return dict(_rooms)


def parse_sheet(data: Any, source: str = "<sheet>") -> CharacterSheet:
    try:
        return CharacterSheet.model_validate(data)
    except ValidationError as err:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'sheet'}: {e['msg']}" for e in err.errors()
        )
        traits = ", ".join(t for pair in TRAIT_PAIRS for t in pair)
        raise SheetError(
            f"{source}: {problems}. A sheet has name, traits ({traits}), "
            f"skills ({', '.join(SKILLS)}), weapons and instruments"
        ) from None


def load_sheet_file(path: str | Path) -> CharacterSheet:
    """Read one sheet from a TOML file (shaped like one ``[[sheet]]`` of sheets.toml)."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as err:
        raise SheetError(f"{path}: cannot read the sheet: {err}") from None
    return parse_sheet(data, str(path))
