"""Samples of every event kind, decision and view of a rule set, and their words.

``tests/golden/narration/<rules>.json`` holds, for one rule set, events taken
from seeded games of bots (each with its secret part and who may know it),
pending decisions (the deciding seat's view and its legal actions) and views
(a seat's and a spectator's), plus the table they were played at. The samples
are collected once, by playing games, and stored, so the narration tests are
fast and do not change when a bot or the dice change; ``<rules>.txt`` beside it
is every sample worded for each reader, for a person to review.

    .venv/bin/python tests/presentation/narration_kit.py [rules ...]   # play, collect
    CLUEDO_REGEN_GOLDEN=1 .venv/bin/pytest tests/presentation         # reword the .txt
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from cluedo.engine import Action, Event, Game, new_game
from cluedo.presentation import Narrator

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "narration"
RULE_SETS = ("classic", "clue-or-cruel", "clussassin", "killer-kloo-doo", "pendragon")
PLAYERS = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")
LOG_KEPT = 12
"""Log entries kept in a stored view: enough for a prompt to say what it answers."""
ACTIONS_KEPT = 30
"""Legal actions of one kind kept in a stored decision (accusations number hundreds)."""


# -- the games ------------------------------------------------------------------------------

Plan = tuple[int, int, Mapping[str, Any], str]
"""One game to play: players, seed, options and bots: ``default`` (the rule set's
default bot in every seat), ``mixed`` (one seat random) or ``eager:k1,k2`` (the
default bots, but any seat takes an action of kind k1 or k2 whenever it may, to
reach the rarer events; ``eager:k1@200`` only from the 200th action on)."""

PLANS: Mapping[str, Sequence[Plan]] = {
    "classic": [(3, 1, {}, "mixed"), (4, 2, {}, "default"), (6, 3, {"edition": "uk"}, "mixed")],
    "clue-or-cruel": [
        (4, 1, {"weapons": "choose", "gems": "choose"}, "default"),
        (5, 2, {}, "mixed"),
        (6, 3, {}, "default"),
        (4, 4, {"accomplice_accusation": "wins"}, "mixed"),
        (6, 1, {}, "eager:call_bluff@150"),  # a wrong call, then a clue card shown
    ],
    "clussassin": [(3, 1, {}, "default"), (5, 2, {}, "mixed"), (6, 3, {}, "default")],
    "killer-kloo-doo": [
        (3, 1, {}, "default"),
        (4, 2, {}, "mixed"),
        (5, 3, {"parts": "survival"}, "default"),
        (2, 4, {"parts": "investigation"}, "mixed"),
        (4, 1, {}, "default"),  # persuasion, a trick, an escape by helicopter
        (5, 1, {}, "default"),  # a refused bribe, a drug
        (5, 1, {}, "mixed"),  # cleaning materials lost
        (6, 1, {}, "default"),  # an accepted bribe
        (5, 2, {}, "mixed"),  # a stolen weapon
        (3, 1, {}, "eager:spy,grab,bribe,accept"),  # spying, a card given for a bribe
        (6, 5, {"parts": "investigation", "turn_limit": 600}, "eager:grab@150"),  # a grab
    ],
    "pendragon": [
        (4, 1, {}, "default"),
        (5, 2, {}, "mixed"),
        (6, 3, {}, "default"),
        (3, 1, {}, "eager:use_reward,accuse"),  # a Royal Pardon after a wrong accusation
    ],
}

MADE: Mapping[str, Sequence[tuple[int, Event]]] = {
    # No seeded game of bots empties Killer Kloo Doo's pack (played cards go back into
    # it), so this one event is written by hand, at the first game's table.
    "killer-kloo-doo": [(0, Event("deck_empty", {"seat": 0}))],
}
"""Events no planned game reached, written by hand: (table, event)."""


Decision = tuple[int, dict[str, Any], list[Action]]


def play(
    rules: str, players: int, seed: int, options: Mapping[str, Any], bot: str
) -> tuple[Game, list[Decision]]:
    """A seeded game of bots played to its end (or 4000 actions), with every decision."""
    from cluedo.agents.registry import default_bot, make_agent

    game = new_game(rules, players=players, seed=seed, options=dict(options))
    names = [default_bot(rules)] * players
    if bot == "mixed":
        names[-1] = "random"
    agents = [make_agent(name, s, seed * 100 + s, rules=rules) for s, name in enumerate(names)]
    kinds, _, after = bot.partition(":")[2].partition("@")
    eager = set(kinds.split(",")) if bot.startswith("eager:") else set()
    rng = random.Random(seed)
    decisions: list[Decision] = []
    for step in range(4000):
        if game.finished:
            break
        seat = game.to_act()[0]
        view = game.view(seat)
        legal = game.legal_actions(seat)
        decisions.append((seat, view, legal))
        wanted = [a for a in legal if a.kind in eager and step >= int(after or 0)]
        action = rng.choice(wanted) if wanted else agents[seat].choose(view, legal)
        game.apply(action)
    return game, decisions


def shape(event: Event) -> tuple[Any, ...]:
    """What makes two events of a kind read differently: their keys and set values."""
    full = event.full()
    marks = tuple(
        sorted(
            (k, v if isinstance(v, bool) else type(v).__name__ + _filled(v))
            for k, v in full.items()
            if k != "kind"
        )
    )
    return (event.kind, marks, event.private, bool(event.secret))


def _filled(value: Any) -> str:
    """Whether a list, mapping or text is empty: the words for them differ."""
    if isinstance(value, (list, dict, str)):
        return "+" if value else "-"
    return ""


def decision_shape(view: Mapping[str, Any], legal: Sequence[Action]) -> tuple[Any, ...]:
    pending = view.get("pending") or {}
    kinds = {a.kind for a in legal}
    return (
        pending.get("kind"),
        pending.get("stage"),
        pending.get("type"),
        pending.get("what"),
        pending.get("ask"),
        tuple(sorted(kinds)) if len(kinds) == 1 else "several",
    )


def trimmed(view: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(view)
    out["log"] = list(view.get("log") or [])[-LOG_KEPT:]
    return out


def kept_actions(legal: Sequence[Action]) -> list[dict[str, Any]]:
    counts: dict[str, int] = {}
    out = []
    for action in legal:
        counts[action.kind] = counts.get(action.kind, 0) + 1
        if counts[action.kind] <= ACTIONS_KEPT:
            out.append(action.to_json())
    return out


def collect(rules: str) -> dict[str, Any]:
    """Play the rule set's planned games and keep one sample of every shape seen."""
    events: dict[tuple[Any, ...], dict[str, Any]] = {}
    decisions: dict[tuple[Any, ...], dict[str, Any]] = {}
    views: list[dict[str, Any]] = []
    tables: list[dict[str, Any]] = []
    for index, (players, seed, options, bot) in enumerate(PLANS[rules]):
        game, played = play(rules, players, seed, options, bot)
        spectator = game.view(None)
        tables.append(
            {
                "players": players,
                "seed": seed,
                "options": dict(options),
                "bot": bot,
                "view": trimmed(spectator),
            }
        )
        made = [e for t, e in MADE.get(rules, ()) if t == index]
        for event in [*game.events, *made]:
            key = shape(event)
            if key not in events:
                events[key] = {
                    "table": index,
                    "event": event.full(),
                    "public": {"kind": event.kind, **event.data},
                    "knowers": sorted(event.knowers),
                    "private": event.private,
                    "made": event in made,
                }
        for seat, view, legal in played:
            key = decision_shape(view, legal)
            if key not in decisions:
                decisions[key] = {
                    "table": index,
                    "seat": seat,
                    "view": trimmed(view),
                    "legal": kept_actions(legal),
                }
        middle = played[len(played) // 2] if played else None
        if middle is not None:
            views.append({"table": index, "seat": middle[0], "view": trimmed(middle[1])})
        views.append({"table": index, "seat": None, "view": trimmed(spectator)})
        views.append({"table": index, "seat": 0, "view": trimmed(game.view(0))})
    return {
        "about": "samples for the narration golden file; collect again with "
        "`.venv/bin/python tests/presentation/narration_kit.py` (see narration_kit.py)",
        "rules": rules,
        "tables": tables,
        "events": sorted(events.values(), key=lambda s: str(s["event"]["kind"])),
        "decisions": list(decisions.values()),
        "views": views,
    }


# -- reading the samples --------------------------------------------------------------------


def load(rules: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((GOLDEN / f"{rules}.json").read_text(encoding="utf-8"))
    return data


def narrator(data: Mapping[str, Any], table: int, viewer: int | None) -> Narrator:
    info = data["tables"][table]
    return Narrator(data["rules"], info["view"], viewer, PLAYERS[: info["players"]])


def as_event(sample: Mapping[str, Any]) -> Event:
    """The stored sample as an engine event again, its secret part apart."""
    full = dict(sample["event"])
    public = dict(sample["public"])
    kind = full.pop("kind")
    public.pop("kind")
    secret = {k: v for k, v in full.items() if k not in public or public[k] != v}
    return Event(kind, public, secret, frozenset(sample["knowers"]), sample["private"])


def actor(sample: Mapping[str, Any], data: Mapping[str, Any]) -> int | None:
    """The seat an event is about: its ``seat``, else the seat of the character
    acting in it, else its first knower; None for an event of the whole table."""
    event = sample["event"]
    if isinstance(event.get("seat"), int):
        return int(event["seat"])
    characters = data["tables"][sample["table"]]["view"].get("characters") or []
    for key in ("attacker", "character", "assassin", "person", "piece"):
        if event.get(key) in characters:
            return int(characters.index(event[key]))
    return sample["knowers"][0] if sample["knowers"] else None


def readers(sample: Mapping[str, Any], data: Mapping[str, Any]) -> list[tuple[str, int | None]]:
    """Who reads an event in the golden file: the actor, a seat it names, a seat
    standing by, a spectator."""
    players = data["tables"][sample["table"]]["players"]
    event = sample["event"]
    first = actor(sample, data)
    out: list[tuple[str, int | None]] = []
    if first is not None:
        out.append(("actor", first))
    named = [
        event[k]
        for k in ("to", "target", "suggester", "player", "by", "with")
        if isinstance(event.get(k), int) and not isinstance(event.get(k), bool)
    ] + [s for s in event.get("winners") or [] if isinstance(s, int)]
    named = [s for s in named if s != first and 0 <= s < players]
    if named:
        out.append(("named", named[0]))
    taken = {s for _, s in out}
    bystander = next((s for s in range(players) if s not in taken), None)
    if bystander is not None:
        out.append(("other seat", bystander))
    out.append(("spectator", None))
    return out


def worded_events(
    data: Mapping[str, Any],
) -> Iterator[tuple[Mapping[str, Any], str, int | None, str | None]]:
    """Every stored event as each of its readers reads it: (sample, reader, seat, text)."""
    for sample in data["events"]:
        event = as_event(sample)
        for reader, seat in readers(sample, data):
            yield sample, reader, seat, narrator(data, sample["table"], seat).event(event)


def render(data: Mapping[str, Any]) -> str:
    """The golden text: every sample worded for each reader."""
    lines = [
        f"# Narration of {data['rules']}: every event kind, decision and view in the samples",
        "# (tests/golden/narration/*.json), as each reader reads it. Regenerate with",
        "# CLUEDO_REGEN_GOLDEN=1 .venv/bin/pytest tests/presentation; review the diff.",
        "",
        "## Events",
    ]
    previous = None
    for sample, reader, seat, text in worded_events(data):
        kind = sample["event"]["kind"]
        if sample is not previous:
            lines += ["", f"[{kind}]"]
            previous = sample
        who = (
            reader
            if seat is None
            else f"{reader}, {narrator(data, sample['table'], None).seat(seat)}"
        )
        lines.append(f"  {who}: {text if text is not None else '(no line)'}")
    lines += ["", "## Decisions"]
    for sample in data["decisions"]:
        view = sample["view"]
        legal = [Action.from_json(a) for a in sample["legal"]]
        speaker = narrator(data, sample["table"], sample["seat"])
        prompt = speaker.prompt(view, legal)
        pending = view.get("pending") or {}
        stage = f" / {pending['stage']}" if pending.get("stage") else ""
        lines += [
            "",
            f"[{pending.get('kind')}{stage}] {speaker.seat(sample['seat'])}",
        ]
        lines.append(f"  {prompt.text}")
        for group, choices in prompt.groups().items():
            shown = [c.label for c in choices[:4]]
            more = f" ... ({len(choices) - 4} more)" if len(choices) > 4 else ""
            lines.append(f"    {group}: " + " | ".join(shown) + more)
    lines += ["", "## Items"]
    for sample in data["views"]:
        view = sample["view"]
        seat = sample["seat"]
        speaker = narrator(data, sample["table"], seat)
        title = "spectator" if seat is None else speaker.seat(seat)
        lines += ["", f"[{title}, turn {view.get('turn', '-')}]"]
        for item in speaker.items(view, None):
            lines.append(f"  table · {item.label}: {item.value}")
        for s in range(data["tables"][sample["table"]]["players"]):
            for item in speaker.items(view, s):
                lines.append(f"  {speaker.seat(s)} · {item.label}: {item.value}")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str]) -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for rules in argv or RULE_SETS:
        data = collect(rules)
        (GOLDEN / f"{rules}.json").write_text(
            json.dumps(data, indent=None, sort_keys=True, separators=(",", ":")) + "\n",
            encoding="utf-8",
        )
        print(rules, len(data["events"]), "events,", len(data["decisions"]), "decisions")
    print("now word them: CLUEDO_REGEN_GOLDEN=1 .venv/bin/pytest tests/presentation")


if __name__ == "__main__":
    main(sys.argv[1:])
