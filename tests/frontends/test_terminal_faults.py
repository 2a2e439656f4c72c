"""Faults a player met in the terminal's words, each pinned down so it stays gone.

Issue 15 listed the first ones ("they comes", "You tries to grab from you", "You's
servant", "3 x = 15", a contest aimed at someone else addressed to the reader, a
failed persuasion told as a success, "Your turn" over a card to show on another's
turn, Pendragon's Gossip menu as "1 1 / 2 2 / 3 3", every knight drawn as "Si");
test_terminal_narration.py holds their tests, and the Gossip and card-showing
menus are checked here once more as a person meets them in a real game. The rest
were found by playing every rule set and reading each line as a player would: a
verb that does not agree with "you", an article twice or missing, a raw outcome
or parameter name, "(s)" for a plural. The last tests sweep whole games for any
line of that kind.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from cluedo.agents import make_agent
from cluedo.agents.match import play_out, step_bots
from cluedo.engine import Action, Game, new_game
from cluedo.terminal.menus import Menu
from cluedo.terminal.present import Presenter, Table
from cluedo.terminal.presenters import presenter_class

KKD = "killer-kloo-doo"


def presenter_for(game: Game) -> Presenter:
    names = [f"Player {n + 1}" for n in range(game.players)]
    return presenter_class(game.rules_name)(Table.from_view(game.view(None), names))


def presenter(rules: str, players: int = 3, **options: Any) -> Presenter:
    return presenter_for(new_game(rules, players=players, seed=1, options=options))


def said(p: Presenter, event: Mapping[str, Any], viewer: int | None) -> str:
    text = p.describe(event, viewer)
    assert text is not None
    return text


class Recorder:
    """An asker that writes down every menu and picks by ``pick`` (default: the first)."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.menus: list[Menu] = []
        self.rng = rng

    def ask(self, seat: int, menu: Menu, view: Mapping[str, Any]) -> Any:
        self.menus.append(menu)
        options = [o for o in menu.options if o.value is not None] or menu.options
        return self.rng.choice(options).value if self.rng else options[0].value


# -- issue 15's faults, as a person meets them --------------------------------------------


def test_the_gossip_menu_asks_once_and_names_the_knights() -> None:
    # It read "See a random card of..." then "1 1 / 2 2 / 3 3" under "which target?".
    game = new_game("pendragon", players=4, seed=1)
    seat = game.to_act()[0]
    top = game.state.decisions.top
    assert top is not None
    top.context["stage"] = "glimpse"  # as after claiming a Squire's Gossip
    p = presenter_for(game)
    asker = Recorder()
    action = p.choose(asker, seat, game.view(seat), game.legal_actions(seat))
    assert action is not None and action.kind == "glimpse"
    (menu,) = asker.menus
    assert menu.title.startswith("Squire's Gossip") and "Whose card" in menu.title
    names = p.names(None)
    assert [o.text for o in menu.options] == [
        names.seat(a["target"]) for a in game.legal_actions(seat)
    ]


def test_a_card_to_show_on_another_players_turn_says_whose_suggestion_it_is() -> None:
    game = new_game("classic", players=3, seed=2)
    bots = {s: make_agent("sensible", s, 2) for s in (1, 2)}
    p = presenter_for(game)
    for _ in range(200):
        step_bots(game, bots)
        view = game.view(0)
        if view["pending"]["kind"] == "refute":
            break
        game.apply(make_agent("random", 0, 1).choose(view, game.legal_actions(0)))
    else:
        pytest.fail("seat 0 was never asked to show a card")
    asker = Recorder()
    p.choose(asker, 0, view, game.legal_actions(0))
    title = asker.menus[0].title
    assert "Your turn" not in title
    assert re.match(r"[A-Z][\w. ]+ suggests .+ with the .+ in the .+\. Show one of: ", title)


# -- lines that once read wrong ----------------------------------------------------------

LINES: list[tuple[str, dict[str, Any], int | None, str, str]] = [
    # rule set, event, the reader's seat, what the line must say, what it must not
    ("pendragon", {"kind": "roll", "seat": 0, "roll": 3, "steps": 5}, 0, "You roll", "their steed"),
    ("pendragon", {"kind": "extra_turn", "seat": 0}, 0, "You take", "You takes"),
    ("pendragon", {"kind": "pardoned", "seat": 0, "reward": "royal_pardon"}, 0, "You ", "them"),
    (
        "pendragon",
        {"kind": "glimpse", "seat": 1, "target": 0, "card": "lance"},
        0,
        "your cards",
        "Sir Amig's",
    ),
    (
        "pendragon",
        {"kind": "suggestion", "seat": 1, "suspect": "green_knight", "weapon": "lance"}
        | {"room": "chapel"},
        0,
        "the Green Knight",
        "The Green Knight",
    ),
    (
        "clussassin",
        {"kind": "defence_roll", "character": "scarlet", "rolls": [2], "survived": False}
        | {"roll": 2},
        0,
        "You fall",
        "you falls",
    ),
    (
        "clussassin",
        {"kind": "defence_roll", "character": "scarlet", "rolls": [2], "survived": True}
        | {"roll": 2},
        0,
        "You survive",
        "you survives",
    ),
    (
        "clussassin",
        {"kind": "escape", "character": "mustard", "to": "hall"},
        0,
        "the Hall",
        "to Hall",
    ),
    ("clussassin", {"kind": "escape", "character": "scarlet", "to": None}, 0, "You ", "their"),
    (
        "clussassin",
        {"kind": "roll", "seat": 0, "roll": 7, "dice": [3, 4]},
        0,
        "You roll",
        "Scarlet",
    ),
    ("clussassin", {"kind": "stayed", "seat": 0}, 0, "You stay", "Scarlet"),
    (
        "clussassin",
        {"kind": "killed", "victim": "white", "assassin": "mustard", "cards": 3}
        | {"weapons": ["rope"]},
        0,
        "Rope",
        "(s)",
    ),
    (
        "clue-or-cruel",
        {"kind": "bluff_called", "seat": 0, "player": 1, "card": "rope", "right": False},
        0,
        "You call",
        "Miss Scarlet",
    ),
    ("clue-or-cruel", {"kind": "no_clue_to_show", "seat": 0, "to": 1}, 0, "You have", "has"),
    (
        "clue-or-cruel",
        {"kind": "accomplice_caught", "seat": 0, "hand": ["rope"]},
        0,
        "You ",
        "they held",
    ),
    (
        "clue-or-cruel",
        {"kind": "game_over", "outcome": "solved", "winners": [1]},
        0,
        "Colonel Mustard solves the case",
        "(",
    ),
    (
        KKD,
        {"kind": "contest", "type": "bribe", "attacker": 1, "seat": 0, "card": "7D", "ask": "card"},
        0,
        "offers you",
        "card card",
    ),
    (
        KKD,
        {"kind": "bribe_accepted", "seat": 0, "target": 1, "card_played": "7D", "ask": "clue"},
        0,
        "you",
        "from You",
    ),
    (
        KKD,
        {"kind": "contest_result", "type": "persuade", "seat": 0, "target": 1, "won": True}
        | {"cards": ["9H"]},
        2,
        "the persuasion",
        "the persuade ",
    ),
    (
        KKD,
        {"kind": "contest", "type": "assault", "attacker": 1, "seat": 0, "person": "scarlet"},
        0,
        "assaults you.",
        "assaults you -",
    ),
    (
        KKD,
        {"kind": "servant", "type": "steal", "seat": 1, "target": 0, "won": False}
        | {"spade": "9S", "cards": ["QD", "2D", "3D"]},
        0,
        "servant",
        "(steal)",
    ),
    (KKD, {"kind": "game_over", "outcome": "police", "winners": []}, 0, "police", "(police)"),
    (
        KKD,
        {"kind": "game_over", "outcome": "last-standing", "winners": [2]},
        0,
        "Mrs White",
        "last standing)",
    ),
    (
        KKD,
        {"kind": "part_one_over", "how": "stalled", "scores": [1, 2, 3], "envelope": []},
        0,
        "Part 1",
        "(stalled)",
    ),
]


@pytest.mark.parametrize(("rules", "event", "viewer", "says", "never"), LINES)
def test_a_line_that_once_read_wrong_now_reads_right(
    rules: str, event: dict[str, Any], viewer: int | None, says: str, never: str
) -> None:
    line = said(presenter(rules), event, viewer)
    assert says in line and never not in line, line
    assert not faults_in(line), line


def test_the_staircase_chamber_is_entered_with_one_article() -> None:
    p = presenter("pendragon")
    move = Action.make(0, "move", to="staircase")
    assert p.action_text(move, {}) == "Go into the chamber with the Staircase"


def test_a_reward_move_asks_where_to_in_words() -> None:
    p = presenter("pendragon")
    title = p.parameter_title("use_reward", "to", {"reward": "royal_messenger"}, {})
    assert title == "Royal Messenger: where to?"


def test_the_end_screen_tells_the_ending_in_words() -> None:
    p = presenter(KKD)
    over: dict[str, Any] = {"kind": "game_over", "outcome": "police", "winners": []}
    view: dict[str, Any] = {"outcome": "police", "winners": [], "dead": [], "log": [over]}
    head = p.result(view, 0)[0].plain
    assert head == "GAME OVER: " + said(p, over, 0).removeprefix("Game over: ")
    assert "(police)" not in head
    cruel = presenter("clue-or-cruel")
    view = {
        "outcome": "accomplice-bluffs",
        "winners": [2],
        "accomplice": 2,
        "tally": {"bluffs": ["rope"], "successes": [{"by": 0, "card": "rope"}]},
        "eliminated": [False] * 3,
        "log": [],
    }
    text = " ".join(line.plain for line in cruel.result(view, 0))
    assert "1 successful bluff." in text and "(s)" not in text
    assert "GAME OVER: Mrs. White (Player 3) won." in text


def test_a_card_play_is_asked_for_in_words() -> None:
    p = presenter(KKD)
    bribe = Action.make(0, "bribe", card="7D", target=1, ask="clue")
    line = p.action_text(bribe, {})
    assert "Colonel Mustard" in line and "clue card" in line and ", card," not in line
    assert p.parameter_title("assault", "cards", {"person": "white"}, {}) == (
        "Assault Mrs White with which clubs?"
    )
    assert p.parameter_title("bribe", "ask", {"target": 2}, {}) == "What do you ask Mrs White for?"
    assert p.value_words("ask", "card") == "a playing card of their choice"


FAULTS = {
    "None or null": re.compile(r"\bNone\b|\bnull\b"),
    "a raw id": re.compile(r"_"),
    "'you' with a third-person verb": re.compile(
        r"\b[Yy]ou (?:is|has|was|(?!as\b)(?![a-z]*ss\b)[a-z]+s)\b"
    ),
    "'you's'": re.compile(r"\b[Yy]ou's\b"),
    "an article twice": re.compile(r"\b(the|a) \1\b", re.IGNORECASE),
    "a word twice": re.compile(r"\b(card|cards) \1\b"),
    "a lazy plural": re.compile(r"\(s\)"),
    "one of a plural": re.compile(r"(?<!Part )(?<!Turn )(?<![\d.,-])\b1 (?!times\b)[a-z]+s\b"),
    "doubled punctuation": re.compile(r"[!?][.!]|(?<!\.)\.\.(?!\.)|\s[.,;:]"),
    "a capital 'The' inside a sentence": re.compile(r"[a-z] The [A-Z]"),
}
"""What must never appear in a line for people."""


def faults_in(text: str) -> list[str]:
    return [name for name, pattern in FAULTS.items() if pattern.search(text)]


GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("classic", 4, {}),
    ("clue-or-cruel", 3, {}),
    ("clussassin", 4, {}),
    (KKD, 3, {}),
    ("pendragon", 4, {}),
]


@pytest.mark.parametrize(("rules", "players", "options"), GAMES)
def test_every_line_of_a_whole_game_reads_as_english(
    rules: str, players: int, options: dict[str, Any]
) -> None:
    game = new_game(rules, players=players, seed=3, options=options)
    play_out(game, {s: make_agent("sensible", s, 3, rules=rules) for s in range(players)})
    p = presenter_for(game)
    bad: list[str] = []
    for seat in (*range(players), None):
        view = game.view(seat)
        for event in view["log"]:
            assert p.narrator(seat).knows(event["kind"]), f"no words of its own for {event}"
        lines = [p.describe(e, seat) for e in view["log"]]
        lines += [t.plain for t in p.result(view, seat) + p.status(view, seat)]
        bad += [f"{faults_in(line)}: {line}" for line in lines if line and faults_in(line)]
    excuse_known(rules, bad)
    assert not bad, "\n".join(bad[:20])


KNOWN: dict[str, tuple[str, ...]] = {}
"""Faults in the presentation layer's words (not the terminal's), reported to their
owner; the sweeps stop excusing them once they are gone."""


def excuse_known(rules: str, bad: list[str]) -> None:
    """Mark the test an expected failure if every fault found is a known one."""
    known = KNOWN.get(rules, ())
    if bad and all(any(k in line for k in known) for line in bad):
        pytest.xfail(f"the presentation layer still writes one of {known!r} (reported)")


def menus_of(
    rules: str, players: int, options: dict[str, Any], seed: int, decisions: int
) -> list[Menu]:
    """Every menu a person at seat 0 meets, picking at random, against sensible bots."""
    game = new_game(rules, players=players, seed=seed, options=options)
    bots = {s: make_agent("sensible", s, seed, rules=rules) for s in range(1, players)}
    p = presenter_for(game)
    asker = Recorder(random.Random(seed))
    for _ in range(decisions):
        step_bots(game, bots)
        if game.finished:
            break
        legal: Sequence[Action] = game.legal_actions(0)
        action = p.choose(asker, 0, game.view(0), legal)
        game.apply(action if action is not None and action in legal else legal[0])
    return asker.menus


@pytest.mark.parametrize(("rules", "players", "options"), GAMES)
def test_every_menu_a_person_meets_asks_in_words(
    rules: str, players: int, options: dict[str, Any]
) -> None:
    bad: list[str] = []
    for menu in menus_of(rules, players, options, seed=5, decisions=120):
        texts = [menu.title, menu.hint] + [o.text for o in menu.options]
        bad += [f"{faults_in(t)}: {t}" for t in texts if faults_in(t)]
        bad += [
            f"raw parameter: {menu.title}"
            for word in ("which to?", "which target?")
            if word in menu.title
        ]
        bad += [f"a bare number: {o.text}" for o in menu.options if o.text.strip().isdigit()]
    excuse_known(rules, bad)
    assert not bad, "\n".join(bad[:20])
