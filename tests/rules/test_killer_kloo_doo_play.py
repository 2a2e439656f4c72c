"""Killer Kloo Doo as a whole: random play keeps every invariant, nothing hidden
leaks to a seat or a spectator, saves replay exactly, and the bots play to win."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from kkd_kit import RULES, rules, state

from cluedo.agents.match import play_out
from cluedo.agents.registry import make_agent
from cluedo.engine import Action, Game, IllegalAction, new_game
from cluedo.mechanics.playing_cards import full_deck
from cluedo.rules.killer_kloo_doo.state import TUNNELS

DECK = sorted(full_deck())
SECRET_EVENT_FIELDS = {
    # event kind -> the seats that may see its secret part, from its public part
    "dealt": lambda e: {e["seat"]},
    "objectives": lambda e: {e["seat"]},
    "card_drawn": lambda e: {e["seat"]},
    "dug_clue": lambda e: {e["seat"]},
    "card_laid": lambda e: {e["seat"]},
    "clue_passed": lambda e: {e["seat"], e["to"]},
    "card_shown": lambda e: {e["seat"], e["to"]},
    "card_given": lambda e: {e["seat"], e["to"]},
}
SECRET_KEYS = {"hand", "objectives", "card"}


def check_invariants(g: Game) -> None:
    s = state(g)
    r = rules(g)
    held = list(s.deck) + [c for hand in s.cards for c in hand]
    held += [m[1] for m in s.materials if m is not None]
    assert sorted(held) == DECK, "every playing card is somewhere, once"
    for seat in range(s.players):
        assert set(s.exposed[seat]) <= set(s.cards[seat])
    weapons = list(s.weapons) + s.middle_weapons + s.gone + [w for c in s.carried for w in c]
    assert sorted(weapons) == sorted(r.weapon_ids), "every weapon is somewhere, once"
    if s.part == 1:
        clues = [c for h in s.hands for c in h] + s.middle_clues + list(s.envelope)
        assert sorted(clues) == sorted(r.clue_cards), "every clue card is somewhere, once"
    else:
        assert all(len(c) <= 1 for c in s.carried), "one weapon at a time in Part 2"
        for seat, character in enumerate(s.characters):
            if character in s.dead:
                assert s.cards[seat] == [] and s.carried[seat] == []
    for character, loc in s.positions.items():
        assert character not in s.dead
        if isinstance(loc, tuple):
            assert loc in r.board.node_of_square
        else:
            assert loc == TUNNELS or loc in r.rooms
        assert (loc == TUNNELS) == (character in s.tunnel_exit)


def random_game(players: int, parts: str, seed: int, limit: int = 60) -> Game:
    return new_game(
        RULES, players=players, seed=seed, options={"parts": parts, "turn_limit": limit}
    )


@pytest.mark.parametrize("parts", ["both", "investigation", "survival"])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_random_play_keeps_every_invariant_and_the_legal_list_agrees_with_check(
    parts: str, players: int
) -> None:
    rng = random.Random(players * 7 + len(parts))
    g = random_game(players, parts, seed=players * 100 + len(parts))
    envelope = state(g).envelope
    steps = 0
    while not g.finished:
        check_invariants(g)
        seat = g.to_act()[0]
        legal = g.legal_actions(seat)
        assert legal, "a seat that must act always has something to do"
        for action in rng.sample(legal, min(3, len(legal))):
            assert g.check(action) is None
        wrong_seat = (seat + 1) % players
        with pytest.raises(IllegalAction):
            g.apply(Action(wrong_seat, legal[0].kind, legal[0].params))
        choices = [a for a in legal if a.kind != "accuse"] or legal
        if rng.random() < 0.003 and any(a.kind == "accuse" for a in legal):
            choices = [a for a in legal if a.kind == "accuse"]
        g.apply(rng.choice(choices))
        steps += 1
        assert state(g).envelope == envelope, "the envelope never changes"
    check_invariants(g)
    assert steps < 20_000


def seen_secret(event: dict[str, Any]) -> bool:
    return any(k in event for k in SECRET_KEYS)


@pytest.mark.parametrize(
    ("players", "parts", "seed"), [(3, "both", 5), (5, "both", 8), (2, "survival", 3)]
)
def test_no_view_or_log_shows_a_seat_what_it_may_not_know(
    players: int, parts: str, seed: int
) -> None:
    g = new_game(RULES, players=players, seed=seed, options={"parts": parts})
    bots = [make_agent("sensible", s, seed + s, rules=RULES) for s in range(players)]
    steps = 0
    while not g.finished and steps < 3000:
        s = state(g)
        for seat in [None, *range(players)]:
            view = g.view(seat, max(0, len(g.events) - 12))
            if seat is None:
                assert (
                    view["hand"] == [] and view["playing_cards"] == [] and view["objectives"] == []
                )
            else:
                assert view["hand"] == s.hands[seat]
                assert view["playing_cards"] == s.cards[seat]
                assert view["objectives"] == s.objectives[seat]
            if s.part == 1 and not g.finished:
                assert view["envelope"] is None
            pending = view["pending"]
            if pending and pending["kind"] == "contest" and pending["type"] != "bribe":
                assert "card" not in pending and "court" not in pending and "cards" not in pending
            for event in view["log"]:
                rule = SECRET_EVENT_FIELDS.get(event["kind"])
                if rule is not None and seen_secret(event):
                    assert seat is not None and seat in rule(event), (seat, event)
        seat = g.to_act()[0]
        bot = bots[seat]
        view = g.view(seat, bot.log_cursor)
        bot.log_cursor = view["log_end"]
        g.apply(bot.choose(view, g.legal_actions(seat)))
        steps += 1


def test_a_save_replays_to_the_same_game_event_for_event() -> None:
    g = random_game(4, "both", seed=11, limit=40)
    rng = random.Random(2)
    while not g.finished:
        legal = g.legal_actions(g.to_act()[0])
        g.apply(rng.choice([a for a in legal if a.kind != "accuse"] or legal))
        if len(g.actions) == 50:
            middle = Game.loads(g.dumps())
            assert middle.full_log() == g.full_log()
            assert middle.view(1) == g.view(1)
    again = Game.loads(g.dumps())
    assert again.full_log() == g.full_log() and again.finished
    assert again.state.outcome == g.state.outcome


@pytest.mark.parametrize("parts", ["both", "investigation", "survival"])
def test_sensible_bots_finish_games_of_every_part_option(parts: str) -> None:
    outcomes: Counter[str] = Counter()
    for players in range(2, 7):
        g = new_game(RULES, players=players, seed=players, options={"parts": parts})
        agents = [make_agent("sensible", s, s, rules=RULES) for s in range(players)]
        play_out(g, dict(enumerate(agents)))
        assert g.finished
        outcomes[g.state.outcome] += 1
    assert outcomes["police"] + outcomes["stalled"] <= 1, outcomes


def test_sensible_bot_beats_random_bots() -> None:
    wins = 0
    games = 12
    for i in range(games):
        g = new_game(RULES, players=2, seed=500 + i)
        smart = i % 2
        agents = {
            smart: make_agent("sensible", smart, i, rules=RULES),
            1 - smart: make_agent("random", 1 - smart, i, rules=RULES),
        }
        play_out(g, agents)
        wins += smart in g.state.winners
    assert wins >= games * 3 // 4


def test_the_sensible_part_one_bot_never_accuses_wrongly_when_certain() -> None:
    for seed in range(4):
        g = new_game(RULES, players=3, seed=seed, options={"parts": "investigation"})
        agents = [make_agent("sensible", s, s, rules=RULES) for s in range(3)]
        play_out(g, dict(enumerate(agents)))
        s = state(g)
        assert g.finished
        if s.accuser is not None and not s.accusation_right:
            assert s.part_turns > 8 * 3  # guesses come only once the investigation drags on


@pytest.mark.parametrize("seed", [3, 4])
def test_the_exact_notebook_follows_clue_cards_moving_between_hands_and_from_the_middle(
    seed: int,
) -> None:
    """Every seat's notebook follows the moving clue cards: its count is exact, or
    it says why it estimates (too many histories of unseen moves, or a count too
    large to finish quickly) - never a contradiction - and what it says is true."""
    from cluedo.deduction import CardKnowledge

    g = new_game(RULES, players=3, seed=seed, options={"parts": "investigation"})
    agents = {s: make_agent("sensible", s, s, rules=RULES) for s in range(3)}
    play_out(g, agents)
    s = state(g)
    moves = [e for e in g.full_log() if e["kind"] in ("dug_clue", "clue_passed")]
    assert moves, "the game moved clue cards"
    for seat in range(3):
        reader = rules(g).card_reader(seat)
        assert reader is not None
        book = CardKnowledge(reader)
        for event in g.log_for(seat):
            if event["kind"] == "part_one_over":
                break
            book.observe_event(event)
        fast = book.solution()
        assert fast is None or fast == tuple(s.envelope)
        exact = book.exact_notebook()
        if exact is None:
            assert book.why_estimated is not None
            assert "histories" in book.why_estimated or "too long" in book.why_estimated
            continue
        distribution = exact.envelope_distribution()
        assert tuple(s.envelope) in distribution  # the truth is never ruled out
        if exact.certain_envelope() is not None:
            assert exact.certain_envelope() == tuple(s.envelope)
