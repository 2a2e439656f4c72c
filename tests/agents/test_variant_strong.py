"""Each variant's hard bot: what it does that the careful (default) bot does not."""

from __future__ import annotations

from typing import Any

import pytest

from cluedo.agents.match import play_out
from cluedo.agents.registry import make_agent
from cluedo.content import load_board
from cluedo.engine import Action, new_game
from cluedo.mechanics.sight import can_see, manhattan
from cluedo.rules.clue_or_cruel.bots import GUEST_ODDS, StrongCruelAgent
from cluedo.rules.clussassin.bots import CarelessHunterAgent, HunterAgent, StrongHunterAgent
from cluedo.rules.killer_kloo_doo.bots import (
    EVEN_ODDS,
    GOOD_ODDS,
    KlooDooAgent,
    StrongKlooDooAgent,
)
from cluedo.rules.pendragon.bots import STAIRCASE, KnightAgent, StrongKnightAgent

TRIPLE = ("plum", "rope", "hall")


class Book:
    """A notebook stand-in: two suspects left, the likeliest envelope at ``chance``."""

    def __init__(self, chance: float) -> None:
        self.chance = chance

    def envelope_candidates(self, category: str) -> list[str]:
        return {"suspect": ["plum", "white"], "weapon": ["rope"], "room": ["hall"]}[category]

    def combinations(self) -> int:
        return 2

    def solution(self) -> None:
        return None

    def most_likely_envelope(self) -> tuple[tuple[str, ...], float]:
        return TRIPLE, self.chance


def accused(action: Action | None) -> tuple[str, ...] | None:
    if action is None or action.kind != "accuse":
        return None
    return (action["suspect"], action["weapon"], action["room"])


# -- Killer Kloo Doo --------------------------------------------------------------------


def kkd_turn(part_turns: int) -> dict[str, Any]:
    return {"players": 4, "part_turns": part_turns, "turn_limit": 300}


def test_kkd_hard_bot_accuses_the_likeliest_combination_on_strong_odds() -> None:
    bot = StrongKlooDooAgent(0, seed=1)
    bot.book = Book(GOOD_ODDS)  # type: ignore[assignment]
    accuse = [Action.make(0, "accuse", suspect="white", weapon="rope", room="hall")]
    assert accused(bot._accuse(kkd_turn(5), {"accuse": accuse})) == TRIPLE


def test_kkd_hard_bot_waits_on_an_even_chance_until_part_one_runs_late() -> None:
    bot = StrongKlooDooAgent(0, seed=1)
    bot.book = Book(EVEN_ODDS)  # type: ignore[assignment]
    accuse = [Action.make(0, "accuse", suspect="white", weapon="rope", room="hall")]
    assert bot._accuse(kkd_turn(5), {"accuse": accuse}) is None
    assert accused(bot._accuse(kkd_turn(200), {"accuse": accuse})) == TRIPLE
    assert bot._accuse(kkd_turn(200), {}) is None  # not its moment to accuse


def test_kkd_hard_bot_keeps_its_hearts_and_diamonds_through_part_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[dict[str, list[Action]]] = []

    def investigate(
        self: KlooDooAgent, view: dict[str, Any], kinds: dict[str, list[Action]]
    ) -> Action:
        seen.append(kinds)
        return next(iter(kinds.values()))[0]

    monkeypatch.setattr(KlooDooAgent, "_investigate", investigate)
    bot = StrongKlooDooAgent(0, seed=1)
    digs = [Action.make(0, "dig", card=card) for card in ("5H", "9D", "3S")]
    end = [Action.make(0, "end_turn")]
    bot._investigate({}, {"dig": digs, "persuade": digs[:1], "end_turn": end})
    assert seen[-1] == {"dig": [digs[2]], "end_turn": end}
    # With nothing else to do it still acts: the choice is never empty.
    bot._investigate({}, {"dig": digs[:2]})
    assert seen[-1] == {"dig": digs[:2]}


# -- Clue or Cruel ----------------------------------------------------------------------


def test_cruel_hard_guest_accuses_the_likeliest_envelope_on_good_odds() -> None:
    bot = StrongCruelAgent(0, seed=1)
    assert bot._accusation(Book(GUEST_ODDS)) == TRIPLE  # type: ignore[arg-type]
    assert bot._accusation(Book(GUEST_ODDS / 2)) is None  # type: ignore[arg-type]


def cruel_guest(suggestions: dict[int, list[bool]]) -> StrongCruelAgent:
    """A guest at a table of four that saw each other seat's suggestions, each
    naming a card its maker surely held (True) or not."""
    bot = StrongCruelAgent(0, seed=1)
    bot.players = 4
    bot.suggested = {
        seat: [(("plum" if held else "white", "rope", "hall"), 3, frozenset()) for held in named]
        for seat, named in suggestions.items()
    }

    def held(book: Any, seat: int, card: str, size_then: int, drawn_then: Any) -> bool:
        return card == "plum"

    bot._held_when_named = held  # type: ignore[method-assign]
    return bot


def test_cruel_hard_guest_calls_a_bluff_on_the_likeliest_accomplice() -> None:
    bot = cruel_guest({1: [True, True, False], 2: [False, False], 3: [False]})
    view = {"eliminated": [False] * 4}
    call = bot._bluff_call(view, None)  # type: ignore[arg-type]
    assert call is not None and (call["player"], call["card"]) == (1, "plum")


def test_cruel_hard_guest_does_not_call_on_thin_evidence() -> None:
    view = {"eliminated": [False] * 4}
    # Everyone named an own card once: nobody stands out.
    even = cruel_guest({1: [True, False], 2: [True, False], 3: [True, False]})
    assert even._bluff_call(view, None) is None  # type: ignore[arg-type]
    # Nobody ever named an own card: there is no card to call with.
    none = cruel_guest({1: [False], 2: [False], 3: [False]})
    assert none._bluff_call(view, None) is None  # type: ignore[arg-type]


# -- Pendragon --------------------------------------------------------------------------


def knight(chance: float, monkeypatch: pytest.MonkeyPatch, players: int = 4) -> StrongKnightAgent:
    monkeypatch.setattr(KnightAgent, "_goals", lambda self: {"hall": 1.0})
    notebook = Book(chance)

    class OnTheseOdds(StrongKnightAgent):
        # The bot's own ``book`` holds only a real notebook once compiled (cluedo.compiled).
        book = property(lambda self: notebook, lambda self, value: None)

    bot = OnTheseOdds(0, seed=1)
    bot.view = {"turn": 3, "players": players}
    return bot


def test_pendragon_hard_knight_sets_out_for_the_staircase_on_good_odds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert knight(0.45, monkeypatch)._goals() == {STAIRCASE: 100.0}
    assert knight(0.2, monkeypatch)._goals() == {"hall": 1.0}


def test_pendragon_hard_knight_waits_for_better_odds_at_a_smaller_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Two opponents are slower to solve the case than five: the odds must be better.
    assert knight(0.45, monkeypatch, players=3)._goals() == {"hall": 1.0}
    assert knight(0.3, monkeypatch, players=6)._goals() == {STAIRCASE: 100.0}


def test_pendragon_hard_knight_accuses_at_the_staircase_on_good_odds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    end = Action.make(0, "end_turn")
    kinds = {"accuse": [], "end_turn": [end]}
    bot = knight(0.45, monkeypatch)
    assert accused(bot._accuse(bot.book, kinds)) == TRIPLE  # type: ignore[arg-type]
    bot = knight(0.2, monkeypatch)
    assert bot._accuse(bot.book, kinds) == end  # type: ignore[arg-type]


# -- Clussassin -------------------------------------------------------------------------

BOARD = load_board("classic")


def watched_attack() -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    """Hallway squares: an attacker, its target in reach and a watcher in sight."""
    squares = [sq for sq in BOARD.node_of_square if sq not in BOARD.room_at]
    for here in squares:
        for there in squares:
            if not (0 < manhattan(here, there) <= 3 and can_see(BOARD, here, there)):
                continue
            for watcher in squares:
                near = watcher not in (here, there) and 4 <= manhattan(watcher, here) <= 6
                if near and can_see(BOARD, watcher, here):
                    return here, there, watcher
    raise AssertionError("no such squares on the board")


@pytest.mark.parametrize(("witnesses", "strikes"), [("players", True), ("everyone", False)])
def test_clussassin_hard_hunter_counts_only_the_witnesses_the_options_count(
    witnesses: str, strikes: bool
) -> None:
    here, there, watcher = watched_attack()
    view = {
        "options": {"witnesses": witnesses},
        "characters": ["scarlet", "plum", "green"],
        "positions": {},
    }
    others = {"white": watcher}  # a character nobody plays
    hard = StrongHunterAgent(0, seed=1)
    hard.board = BOARD
    hard.players_only = witnesses == "players"
    hard.played = frozenset(view["characters"])
    assert hard._strikes(view, here, there, others) is strikes
    careful = HunterAgent(0, seed=1)
    careful.board = BOARD
    assert careful._strikes(view, here, there, others) is False
    # A player's character spoils the attack under either rule.
    assert hard._strikes(view, here, there, {"green": watcher}) is False


def test_the_careless_hunter_forgets_its_hunters_only_on_its_careless_turns() -> None:
    game = new_game("clussassin", players=3, seed=1)
    view = game.view(0)
    careful = HunterAgent(0, seed=1)._threats(view)
    assert careful
    bot = CarelessHunterAgent(0, seed=1)
    bot.heedless = True
    assert bot._threats(view) == {}
    bot.heedless = False
    assert bot._threats(view) == careful


@pytest.mark.parametrize("rules", ["clue-or-cruel", "killer-kloo-doo", "pendragon", "clussassin"])
def test_a_table_with_the_hard_bot_plays_a_whole_game(rules: str) -> None:
    game = new_game(rules, players=3, seed=5)
    agents = {
        s: make_agent(("hard", "medium", "hard")[s], s, seed=s, rules=rules) for s in range(3)
    }
    play_out(game, agents, limit=20_000)
    assert game.finished
