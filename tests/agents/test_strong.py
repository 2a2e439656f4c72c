"""The strong classic bot: it accuses when certain, races only when allowed to,
shows the card that gives away least, and always picks a legal action."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cluedo.agents.match import play_out
from cluedo.agents.sensible import SensibleAgent
from cluedo.agents.strong import StrongAgent
from cluedo.engine.actions import Action
from cluedo.engine.game import Game, new_game


def _turn_start(players: int, seed: int) -> tuple[Game, int]:
    game = new_game("classic", players=players, seed=seed)
    return game, game.to_act()[0]


def _shown_everything(game: Game, seat: int) -> list[dict[str, Any]]:
    """Events in which every other player shows ``seat`` each of its cards."""
    state: Any = game.state
    rules: Any = game.rules
    events: list[dict[str, Any]] = []
    for holder, hand in enumerate(state.hands):
        if holder == seat:
            continue
        for card in hand:
            events.append(
                {
                    "kind": "suggestion",
                    "seat": seat,
                    "suspect": card if card in rules.suspects else rules.suspects[0],
                    "weapon": card if card in rules.weapon_ids else rules.weapon_ids[0],
                    "room": card if card in rules.rooms else rules.rooms[0],
                }
            )
            events.append({"kind": "card_shown", "seat": holder, "to": seat, "card": card})
    return events


def test_accuses_the_envelope_as_soon_as_the_notebook_is_certain() -> None:
    game, seat = _turn_start(3, seed=4)
    view = game.view(seat)
    view["log"] = view["log"] + _shown_everything(game, seat)
    action = StrongAgent(seat, seed=1).choose(view, game.legal_actions(seat))
    state: Any = game.state
    suspect, weapon, room = state.envelope
    assert action.kind == "accuse"
    assert (action["suspect"], action["weapon"], action["room"]) == (suspect, weapon, room)


def test_without_the_race_it_never_accuses_wrongly() -> None:
    for seed in (1, 2):
        game = new_game("classic", players=3, seed=seed)
        agents = {
            0: StrongAgent(0, seed=seed, race=False),
            1: SensibleAgent(1, seed=seed),
            2: SensibleAgent(2, seed=seed),
        }
        play_out(game, agents)
        state: Any = game.state
        assert not state.eliminated[0]


def test_a_wrong_accusation_is_only_ever_a_bet_it_weighed_as_better_than_waiting() -> None:
    seed = 3  # a game in which the bot bets, and loses
    game = new_game("classic", players=6, seed=seed)
    bot = StrongAgent(0, seed=seed)
    play_out(game, {0: bot, **{s: SensibleAgent(s, seed=s) for s in range(1, 6)}})
    state: Any = game.state
    bets = [t for t in bot.trace if t["accuse"]]
    assert len(bets) == 1 and bets[0]["p"] >= bets[0]["wait"]
    assert bets[0]["p"] < 1.0 and state.eliminated[0]


def _refute_position(seed: int) -> tuple[Game, int, list[Action]]:
    """A game stopped where some seat must show one of at least two cards."""
    game = new_game("classic", players=3, seed=seed)
    agents = {s: SensibleAgent(s, seed=seed + s) for s in range(3)}
    for _ in range(5000):
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        if legal[0].kind == "show" and len(legal) >= 2:
            return game, seat, legal
        agent = agents[seat]
        view = game.view(seat, log_since=agent.log_cursor)
        agent.log_cursor = view["log_end"]
        game.apply(agent.choose(view, legal))
        if game.finished:
            break
    raise AssertionError("no refutation with a choice")


def test_shows_again_a_card_the_asker_has_already_seen() -> None:
    game, seat, legal = _refute_position(seed=5)
    bot = StrongAgent(seat, seed=1)
    asker = game.view(seat)["pending"]["suggester"]
    again = legal[-1]["card"]
    bot.shown[again] = {asker}
    assert bot.choose(game.view(seat), legal)["card"] == again


def test_shows_a_room_rather_than_a_suspect_or_weapon_when_nothing_was_shown() -> None:
    for seed in range(5, 40):
        game, seat, legal = _refute_position(seed)
        rules: Any = game.rules
        cards = [a["card"] for a in legal]
        rooms = [c for c in cards if c in rules.rooms]
        shown_before = {
            e["card"] for e in game.full_log() if e["kind"] == "card_shown" and e["seat"] == seat
        }
        if rooms and len(rooms) < len(cards) and not shown_before & set(cards):
            shown = StrongAgent(seat, seed=1).choose(game.view(seat), legal)["card"]
            assert shown in rooms
            return
    raise AssertionError("no refutation offering a room and another card")


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=3, max_value=6),
    seed=st.integers(min_value=0, max_value=10_000),
    steps=st.integers(min_value=0, max_value=100),
)
def test_every_decision_is_legal_in_random_positions(players: int, seed: int, steps: int) -> None:
    game = new_game("classic", players=players, seed=seed)
    rng = random.Random(seed)
    strong = StrongAgent(0, seed=seed)
    for _ in range(steps):
        if game.finished:
            return
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        if seat == 0:
            view = game.view(0, log_since=strong.log_cursor)
            strong.log_cursor = view["log_end"]
            action = strong.choose(view, legal)
            assert action in legal
        else:
            action = rng.choice([a for a in legal if a.kind != "accuse"])
        game.apply(action)


def _race_position(opponent_knows_all: bool) -> tuple[Game, list[dict[str, Any]]]:
    """Three players (seed 4): seat 0, to act, has been shown every card but one
    suspect, so its notebook holds two envelopes of even odds. With
    ``opponent_knows_all`` the player two seats on, which holds that suspect, has
    asked about and been shown every card of the others: whichever envelope is
    true, it knows the case and accuses before seat 0 plays again."""
    game = new_game("classic", players=3, seed=4)
    state: Any = game.state
    rules: Any = game.rules
    assert state.envelope[0] == "mustard" and "white" in state.hands[2]
    mine = {"suspect": "scarlet", "weapon": "candlestick", "room": "billiard_room"}
    theirs = {"suspect": "white", "weapon": "knife", "room": "kitchen"}

    def category(card: str) -> str:
        return (
            "suspect"
            if card in rules.suspects
            else "weapon"
            if card in rules.weapon_ids
            else "room"
        )

    def question(asker: int, card: str, fillers: dict[str, str]) -> dict[str, Any]:
        named = dict(fillers, **{category(card): card})
        return {"kind": "suggestion", "seat": asker, **named}

    events = []
    for holder in (1, 2):
        for card in state.hands[holder]:
            if card != "white":
                events.append(question(0, card, mine))
                if holder == 2:
                    events.append({"kind": "cannot_refute", "seat": 1, "suggester": 0})
                events.append({"kind": "card_shown", "seat": holder, "to": 0, "card": card})
    if opponent_knows_all:
        for holder in (0, 1):
            for card in state.hands[holder]:
                events.append(question(2, card, theirs))
                shown: dict[str, Any] = {"kind": "card_shown", "seat": holder, "to": 2}
                if holder == 0:
                    shown["card"] = card  # seat 0 showed it: it knows which
                else:
                    events.append({"kind": "cannot_refute", "seat": 0, "suggester": 2})
                events.append(shown)
    return game, events


def _play_one_turn(game: Game, bot: StrongAgent, extra: list[dict[str, Any]]) -> list[Action]:
    """Seat 0's actions in its turn (the others answer like sensible bots)."""
    others = {s: SensibleAgent(s, seed=s) for s in (1, 2)}
    done: list[Action] = []
    for _ in range(50):
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        agent: Any = bot if seat == 0 else others[seat]
        view = game.view(seat, log_since=agent.log_cursor)
        agent.log_cursor = view["log_end"]
        if seat == 0 and not done:
            view["log"] = view["log"] + extra
        action = agent.choose(view, legal)
        if seat == 0:
            done.append(action)
            if action.kind in ("accuse", "end_turn"):
                return done
        game.apply(action)
    raise AssertionError("the turn did not end")


def test_accuses_on_even_odds_when_an_opponent_is_about_to_solve_the_case() -> None:
    game, events = _race_position(opponent_knows_all=True)
    bot = StrongAgent(0, seed=3, aware=False)
    actions = _play_one_turn(game, bot, events)
    assert actions[-1].kind == "accuse"
    bet = next(t for t in bot.trace if t["accuse"])
    assert abs(bet["p"] - 0.5) < 1e-9 and bet["survive"] < 0.05
    assert actions[-1]["suspect"] in ("mustard", "white")
    assert (actions[-1]["weapon"], actions[-1]["room"]) == ("lead_pipe", "ballroom")


def test_waits_on_even_odds_when_no_opponent_is_close() -> None:
    game, events = _race_position(opponent_knows_all=False)
    bot = StrongAgent(0, seed=3, aware=False)
    actions = _play_one_turn(game, bot, events)
    assert all(a.kind != "accuse" for a in actions)
    assert bot.trace and all(t["p"] < 0.75 and t["survive"] > 0.9 for t in bot.trace)


def _in_a_room(players: int, seed: int) -> tuple[StrongAgent, dict[str, Any], str]:
    """A strong bot at the start of a game, its token put in a room with no other token."""
    game = new_game("classic", players=players, seed=seed)
    seat = game.to_act()[0]
    rules: Any = game.rules
    view = game.view(seat)
    room = rules.rooms[0]
    view["positions"] = dict(view["positions"], **{view["characters"][seat]: room})
    bot = StrongAgent(seat, seed=1)
    bot._follow(view)
    return bot, view, room


def test_naming_an_opponents_suspect_counts_as_a_pull_only_if_it_brings_the_token_here() -> None:
    bot, view, room = _in_a_room(players=6, seed=2)
    suspects = bot.book.categories["suspect"] if bot.book else ()
    other = next(c for c in view["characters"] if c != view["characters"][bot.seat])
    pulls = dict(zip(suspects, bot._pulls(view, suspects, room), strict=True))
    assert pulls[view["characters"][bot.seat]] == 0.0
    assert pulls[other] == 1.0
    view["positions"] = dict(view["positions"], **{other: room})
    assert dict(zip(suspects, bot._pulls(view, suspects, room), strict=True))[other] == 0.0


def test_with_a_large_pull_cost_it_never_brings_an_opponent_into_its_room() -> None:
    for seed in range(4):
        bot, view, room = _in_a_room(players=6, seed=seed)
        bot.PULL = 100.0
        _, suspect, _ = bot._best_question(view, room)
        assert suspect == view["characters"][bot.seat]
        bot.PULL = 0.0
        assert bot._best_question(view, room)[0] > -1.0
