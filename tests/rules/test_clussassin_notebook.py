"""Clussassin's notebook: how each seat reads its log, whole games checked against
the true holders of every card after every action, and the exact count of slot
deals against every deal replayed by the rules."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from cluedo.agents.registry import bots_for, make_agent
from cluedo.content import load_card_set
from cluedo.deduction.knowledge import CardKnowledge
from cluedo.deduction.observations import FaceUp, Hand, HandOver, HasNone, Shown, Transfer
from cluedo.deduction.places import Layout, Place
from cluedo.deduction.truth import FalseFact, TruthTally, check_game, check_seat
from cluedo.engine import Game, new_game
from cluedo.rules.clussassin.reading import UNUSED, ClussassinCount, ClussassinReader
from cluedo.rules.clussassin.rules import ClussassinRules, ClussassinState

CATS = load_card_set("classic").by_category()
SUSPECTS, WEAPONS, ROOMS = CATS["suspect"], CATS["weapon"], CATS["room"]
# Scarlet (seat 0), Mustard (seat 1), White (seat 2) play; Green, Peacock, Plum do not.
PLAYED = ["scarlet", "mustard", "white"]
SETUP = {"kind": "setup", "characters": PLAYED, "safe_room": "hall", "weapons": {}, "first": 0}


def reader(seat: int | None) -> ClussassinReader:
    out = ClussassinReader(seat, CATS)
    out.read(SETUP)
    return out


def book(seat: int | None, *events: dict[str, Any]) -> CardKnowledge:
    knowledge = CardKnowledge(ClussassinReader(seat, CATS))
    knowledge.observe_events([SETUP, *events])
    return knowledge


def dealt(seat: int, hand: list[str]) -> dict[str, Any]:
    return {"kind": "dealt", "seat": seat, "hand": hand}


# -- reading events ------------------------------------------------------------------


def test_setup_makes_a_place_per_character_and_the_two_piles() -> None:
    layout, face_up, *own = ClussassinReader(1, CATS).read(SETUP)
    assert isinstance(layout, Layout)
    assert layout.places == (0, 1, 2, "green", "peacock", "plum", "face_up", UNUSED)
    # No envelope, and not the deal engine's model: the reader brings its own count.
    assert not layout.has_envelope and layout.setup is None
    assert layout.sizes[0] == layout.sizes["plum"] == 3
    assert layout.per_category["green"] == {"suspect": 1, "weapon": 1, "room": 1}
    assert layout.per_category[UNUSED] == {"room": 2}
    assert layout.per_category["face_up"] == {"room": 1}
    assert face_up == FaceUp(("hall",))
    # Target cards are dealt again until nobody holds their own.
    assert HasNone("0", ("scarlet",)) in own and HasNone("plum", ("plum",)) in own
    assert len(own) == len(SUSPECTS)


def test_own_hand_is_read_only_by_its_seat() -> None:
    event = dealt(1, ["white", "kitchen", "rope"])
    assert reader(1).read(event) == [Hand("1", ("white", "kitchen", "rope"))]
    assert reader(None).read(dealt(1, ["white"])) == []


def test_suggestion_events_mean_nothing_in_clussassin() -> None:
    for kind in ("suggestion", "cannot_refute", "card_shown", "accusation"):
        assert reader(0).read({"kind": kind, "seat": 1, "card": "rope"}) == []


def test_attack_shows_the_target_and_modifier_cards_of_the_attacker() -> None:
    event = {
        "kind": "attack",
        "seat": 0,
        "attacker": "scarlet",
        "target": "plum",
        "revealed": ["plum", "rope"],
        "dice": 2,
    }
    assert reader(2).read(event) == [Shown("0", "plum"), Shown("0", "rope")]


def test_standing_in_a_room_without_showing_it_means_not_holding_it() -> None:
    r = reader(2)
    r.read({"kind": "moved", "seat": 0, "to": "kitchen", "steps": 5})
    attack = {
        "kind": "attack",
        "seat": 0,
        "attacker": "scarlet",
        "target": "mustard",
        "revealed": ["mustard"],
        "dice": 1,
    }
    assert r.read(attack) == [Shown("0", "mustard"), HasNone("0", ("kitchen",))]
    r.read({"kind": "moved", "seat": 1, "to": "kitchen", "steps": 2})
    shown = {
        "kind": "defender_revealed",
        "seat": 1,
        "character": "mustard",
        "revealed": ["kitchen"],
        "dice": 2,
    }
    assert r.read(shown) == [Shown("1", "kitchen")]


def test_the_hallway_and_a_move_out_of_a_room_give_no_kill_zone_fact() -> None:
    r = reader(2)
    r.read({"kind": "passage", "seat": 0, "from": "lounge", "to": "conservatory"})
    r.read({"kind": "moved", "seat": 0, "to": [7, 5], "steps": 3})
    r.read({"kind": "escape", "character": "mustard", "to": "study"})
    r.read({"kind": "escape", "character": "mustard", "to": [3, 3]})
    r.read({"kind": "escape", "character": "mustard", "to": None})  # stayed in the hallway
    attack = {
        "kind": "attack",
        "seat": 0,
        "attacker": "scarlet",
        "target": "mustard",
        "revealed": ["mustard"],
        "dice": 1,
    }
    assert r.read(attack) == [Shown("0", "mustard")]
    defence = {
        "kind": "defender_revealed",
        "seat": 1,
        "character": "mustard",
        "revealed": [],
        "dice": 1,
    }
    assert r.read(defence) == []


def test_an_unplayed_defender_is_named_by_its_character() -> None:
    event = {
        "kind": "defender_revealed",
        "seat": None,
        "character": "green",
        "revealed": ["knife"],
        "dice": 2,
    }
    assert reader(0).read(event) == [Shown("green", "knife")]


def test_a_pickup_shows_the_weapon_card() -> None:
    event = {
        "kind": "pickup",
        "seat": 2,
        "character": "white",
        "weapon": "rope",
        "revealed": "rope",
    }
    assert reader(0).read(event) == [Shown("2", "rope")]


def test_a_kill_hands_every_card_over_and_only_the_assassin_sees_them() -> None:
    public = {"kind": "killed", "assassin": "white", "victim": "plum", "cards": 3, "weapons": []}
    assert reader(0).read(public) == [HandOver("plum", "2")]
    own = dict(public, cards=["scarlet", "study", "knife"])
    assert reader(2).read(own) == [
        HandOver("plum", "2"),
        Shown("2", "scarlet"),
        Shown("2", "study"),
        Shown("2", "knife"),
    ]


def test_a_bystander_sees_the_drawers_card_go_and_an_unseen_one_come_back() -> None:
    r = reader(2)
    assert r.read({"kind": "own_card_drawn", "character": "scarlet"}) == [Shown("0", "scarlet")]
    assert r.read({"kind": "swapped", "character": "scarlet", "with": "mustard"}) == [
        Transfer("1", "0", category="suspect"),
        Transfer("0", "1", card="scarlet"),
    ]
    assert r.read({"kind": "new_target", "character": "scarlet"}) == [HasNone("0", ("scarlet",))]
    back = {"kind": "new_target", "character": "mustard", "target": "scarlet"}
    assert r.read(back) == [HasNone("1", ("mustard",))]


@pytest.mark.parametrize("seat", [0, 1])
def test_the_two_players_of_a_swap_see_both_cards(seat: int) -> None:
    r = reader(seat)
    swapped = {"kind": "swapped", "character": "scarlet", "with": "mustard"}
    assert r.read(swapped) == [Transfer("0", "1", card="scarlet")]
    mine = {"kind": "new_target", "character": "scarlet", "target": "plum"}
    assert r.read(mine) == [Transfer("1", "0", card="plum"), HasNone("0", ("scarlet",))]
    # The public new target of the other player moves no further card.
    theirs = {"kind": "new_target", "character": "mustard", "target": "scarlet"}
    assert r.read(theirs) == [HasNone("1", ("mustard",))]


def test_a_new_target_after_a_kill_means_the_assassin_lacks_its_own_card() -> None:
    assert reader(1).read({"kind": "new_target", "character": "white"}) == [
        HasNone("2", ("white",))
    ]


# -- the notebook over hand-made games -----------------------------------------------


def test_the_notebook_follows_a_kill_for_the_table_and_the_assassin() -> None:
    events: list[dict[str, Any]] = [
        {
            "kind": "attack",
            "seat": 2,
            "attacker": "white",
            "target": "plum",
            "revealed": ["plum"],
            "dice": 1,
        },
        {"kind": "killed", "assassin": "white", "victim": "plum", "cards": 3, "weapons": []},
    ]
    watcher = book(0, dealt(0, ["green", "kitchen", "rope"]), *events)
    # Plum's cards are White's now, whatever they were; Plum's card never was Plum's.
    assert watcher.possible("plum") == {2}
    assert all("plum" not in watcher.possible(c) for c in (*SUSPECTS, *WEAPONS, *ROOMS))
    assert watcher.possible("kitchen") == {0}
    assert watcher.why_estimated is None and watcher.exact  # counted slot by slot
    assert watcher.solution() is None  # no envelope in this game
    assert watcher.status("hall", "face_up") is True
    assert 0.0 < watcher.probability("study", 2) < 1.0
    killer_events = [*events[:1], dict(events[1], cards=["scarlet", "study", "knife"])]
    killer = book(2, dealt(2, ["plum", "lounge", "wrench"]), *killer_events)
    for card in ("scarlet", "study", "knife", "plum", "lounge", "wrench"):
        assert killer.possible(card) == {2}
    assert killer.possible("kitchen") == {0, 1, "green", "peacock", UNUSED}


def test_the_notebook_follows_a_swap_for_a_bystander() -> None:
    events: list[dict[str, Any]] = [
        {
            "kind": "attack",
            "seat": 0,
            "attacker": "scarlet",
            "target": "plum",
            "revealed": ["plum"],
            "dice": 1,
        },
        {"kind": "killed", "assassin": "scarlet", "victim": "plum", "cards": 3, "weapons": []},
        {"kind": "own_card_drawn", "character": "scarlet"},
        {"kind": "swapped", "character": "scarlet", "with": "mustard"},
        {"kind": "new_target", "character": "scarlet"},
        {"kind": "new_target", "character": "mustard", "target": "scarlet"},
    ]
    bystander = book(2, dealt(2, ["green", "kitchen", "rope"]), *events)
    assert bystander.possible("scarlet") == {1}
    assert bystander.possible("plum") == {0}  # Plum's card stayed with its killer
    # Mustard's old target card went to Scarlet unseen: any character card Mustard
    # may have held may now be Scarlet's, and Mustard's only one is Scarlet's card.
    assert bystander.possible("white") == {0, "green", "peacock"}
    assert bystander.possible("green") == {2}
    drawer = book(
        0,
        dealt(0, ["plum", "study", "knife"]),
        *events[:1],
        dict(events[1], cards=["scarlet", "lounge", "wrench"]),
        *events[2:4],
        {"kind": "new_target", "character": "scarlet", "target": "white"},
        *events[5:],
    )
    assert drawer.possible("white") == {0} and drawer.possible("scarlet") == {1}


# -- whole games against the truth ---------------------------------------------------


def places_of(game: Game) -> dict[str, int | str]:
    rules = game.rules
    assert isinstance(rules, ClussassinRules) and isinstance(game.state, ClussassinState)
    return rules.card_places(game.state)


def test_the_truth_names_the_same_places_as_the_notebook() -> None:
    game = new_game("clussassin", players=3, seed=2)
    state = game.state
    assert isinstance(state, ClussassinState)
    truth = places_of(game)
    assert sorted(truth) == sorted((*SUSPECTS, *WEAPONS, *ROOMS))
    layout = ClussassinReader(0, CATS).read(game.log_for(0)[0])[0]
    assert isinstance(layout, Layout)
    assert set(truth.values()) == set(layout.places)  # every place holds cards at the start
    assert truth[state.safe_room] == "face_up"
    assert [truth[c] for c in state.unused_rooms] == [UNUSED, UNUSED]
    for seat, character in enumerate(state.characters):
        assert {c for c, p in truth.items() if p == seat} == set(state.holdings[character])
    for character in set(SUSPECTS) - set(state.characters):
        assert {c for c, p in truth.items() if p == character} == set(state.holdings[character])


def certain(book: CardKnowledge) -> int:
    """Cards whose holder the seat knows."""
    return sum(1 for c in (*SUSPECTS, *WEAPONS, *ROOMS) if book.where(c) is not None)


def checked_game(players: int, seed: int, bots: list[str]) -> tuple[Game, TruthTally]:
    game = new_game("clussassin", players=players, seed=seed)
    agents = {
        s: make_agent(bots[s % len(bots)], s, seed=seed + s, rules="clussassin")
        for s in range(players)
    }
    tally = check_game(game, agents, complete_every=40)
    assert game.finished
    return game, tally


@pytest.mark.parametrize(
    ("players", "bots", "seeds"),
    [
        (3, ["random"], (2, 5)),
        (3, ["hunter"], range(4)),
        (3, ["hunter", "random"], range(4)),
        (6, ["hunter"], (0, 1)),
        (6, ["hunter", "random"], (2, 3)),
    ],
)
def test_truth_no_seat_is_ever_told_a_false_holder(
    players: int, bots: list[str], seeds: tuple[int, ...] | range
) -> None:
    assert set(bots) <= set(bots_for("clussassin"))
    kills = swaps = 0
    for seed in seeds:
        game, tally = checked_game(players, seed, bots)
        state = game.state
        assert isinstance(state, ClussassinState)
        kills += len(state.kills)
        swaps += state.swaps
        # Every seat's slot count answered the complete checks, all game long.
        assert tally.facts > 0 and tally.exact_checks > 0
        assert tally.estimated_seats == set()
    assert kills > 0 and swaps > 0  # the moves that make cards change hands happened


def test_truth_the_last_player_alive_knows_every_card_it_took() -> None:
    game, _ = checked_game(4, 1, ["hunter"])
    state = game.state
    assert isinstance(state, ClussassinState)
    (winner,) = state.winners
    knowledge = CardKnowledge(game.rules.card_reader(winner))  # type: ignore[arg-type]
    knowledge.observe_events(game.log_for(winner))
    character = state.characters[winner]
    held = state.holdings[character]
    assert len(held) > 3  # it killed somebody
    assert all(knowledge.where(c) == winner for c in held)
    assert certain(knowledge) >= len(held) + 1  # and the safe room


def test_truth_a_spectator_notebook_stays_sound_through_kills_and_swaps() -> None:
    game = new_game("clussassin", players=5, seed=0)
    agents = {s: make_agent("hunter", s, seed=s, rules="clussassin") for s in range(5)}
    spectator = CardKnowledge(game.rules.card_reader(None))  # type: ignore[arg-type]
    tally, seen = TruthTally(), 0
    while not game.finished:
        seat = game.to_act()[0]
        view = game.view(seat, log_since=agents[seat].log_cursor)
        agents[seat].log_cursor = view["log_end"]
        game.apply(agents[seat].choose(view, game.legal_actions(seat)))
        log = game.log_for(None, since=seen)
        seen += len(log)
        spectator.observe_events(log)
        check_seat(spectator, places_of(game), tally, complete=False)
    state = game.state
    assert isinstance(state, ClussassinState)
    assert state.kills and state.swaps
    assert certain(spectator) >= 1 + len(state.kills)  # the safe room and every victim's card


def test_truth_the_referee_catches_a_card_placed_wrongly() -> None:
    # The certainties have teeth: move one card the winner is sure of elsewhere in
    # the truth, and the referee calls its notebook wrong.
    game, _ = checked_game(3, 0, ["hunter"])
    state = game.state
    assert isinstance(state, ClussassinState)
    (winner,) = state.winners
    knowledge = CardKnowledge(game.rules.card_reader(winner))  # type: ignore[arg-type]
    knowledge.observe_events(game.log_for(winner))
    truth = places_of(game)
    check_seat(knowledge, truth, TruthTally(), complete=True)
    card = state.holdings[state.characters[winner]][-1]
    with pytest.raises(FalseFact):
        check_seat(knowledge, {**truth, card: "unused"}, TruthTally(), complete=False)


# -- the exact count (slot deals) against every deal -----------------------------------

SMALL = {"suspect": ("a", "b", "c", "d"), "room": tuple(f"r{k}" for k in range(1, 8))}
# a, b, c play seats 0, 1, 2; d is unplayed. The deal has a and d hunting each
# other, b and c likewise: a kills d, draws its own card and swaps with b.
SMALL_LOG: list[dict[str, Any]] = [
    {"kind": "setup", "characters": ["a", "b", "c"], "safe_room": "r5"},
    {"kind": "dealt", "seat": 0, "hand": ["d", "r1"]},
    {"kind": "dealt", "seat": 1, "hand": ["c", "r3"]},
    {"kind": "dealt", "seat": 2, "hand": ["b", "r2"]},
    {"kind": "moved", "seat": 1, "to": "r4", "steps": 4},
    {"kind": "moved", "seat": 2, "to": "r4", "steps": 5},
    {"kind": "attack", "seat": 2, "attacker": "c", "target": "b", "revealed": ["b"]},
    {"kind": "defender_revealed", "seat": 1, "character": "b", "revealed": []},
    {"kind": "attack", "seat": 0, "attacker": "a", "target": "d", "revealed": ["d"]},
    {"kind": "defender_revealed", "seat": None, "character": "d", "revealed": []},
    {"kind": "killed", "assassin": "a", "victim": "d", "cards": 2, "weapons": []},
    {"kind": "own_card_drawn", "character": "a"},
    {"kind": "swapped", "character": "a", "with": "b"},
    {"kind": "new_target", "character": "a", "target": "c"},
    {"kind": "new_target", "character": "b", "target": "a"},
]


def seat_log(seat: int | None) -> list[dict[str, Any]]:
    """SMALL_LOG as ``seat`` sees it: others' deals dropped, secrets kept for their knowers."""
    out = []
    for event in SMALL_LOG:
        kind = event["kind"]
        if kind == "dealt" and event["seat"] != seat:
            continue
        if kind == "killed" and seat == 0:
            event = dict(event, cards=["a", "r6"])
        if kind == "new_target" and event["character"] == "a" and seat not in (0, 1):
            event = {k: v for k, v in event.items() if k != "target"}
        out.append(event)
    return out


def brute_force(seat: int | None) -> dict[str, Counter[Place]]:
    """Where each card is at the end, over every deal agreeing with what ``seat`` saw."""
    chars = SMALL["suspect"]
    seen = seat_log(seat)
    found: dict[str, Counter[Place]] = {c: Counter() for c in (*chars, *SMALL["room"])}
    name: dict[str, Place] = {"a": 0, "b": 1, "c": 2, "d": "d"}
    for targets in itertools.permutations(chars):
        if any(t == c for t, c in zip(targets, chars, strict=True)):
            continue
        others = [r for r in SMALL["room"] if r != "r5"]
        for order in itertools.permutations(others):  # r5 is the safe room, seen by all
            rooms = (*order[:4], "r5", *order[4:])
            held = {c: [targets[i], rooms[i]] for i, c in enumerate(chars)}
            target = dict(zip(chars, targets, strict=True))
            where: dict[str, str] = {}
            if _agrees(seen, held, target, where, rooms):
                for c, cards in held.items():
                    for card in cards:
                        found[card][name[c]] += 1
                found[rooms[4]]["face_up"] += 1
                for r in rooms[5:]:
                    found[r][UNUSED] += 1
    return found


def _agrees(
    seen: list[dict[str, Any]],
    held: dict[str, list[str]],
    target: dict[str, str],
    where: dict[str, str],
    rooms: tuple[str, ...],
) -> bool:
    """Replay the log on one deal by the rules; False at the first event it contradicts."""
    played = ["a", "b", "c"]
    for e in seen:
        kind = e["kind"]
        if kind == "setup" and rooms[4] != e["safe_room"]:
            return False
        if kind == "dealt" and sorted(held[played[e["seat"]]]) != sorted(e["hand"]):
            return False
        if kind == "moved":
            where[played[e["seat"]]] = e["to"]
        if kind in ("attack", "defender_revealed"):
            who = e["attacker"] if kind == "attack" else e["character"]
            if kind == "attack" and target[who] != e["target"]:
                return False
            zone = where.get(who)  # a kill zone stood in is always shown
            modifiers = e["revealed"][1:] if kind == "attack" else e["revealed"]
            if modifiers != ([zone] if zone in held[who] else []):
                return False
        if kind == "killed":
            assassin, victim = e["assassin"], e["victim"]
            if isinstance(e["cards"], list) and sorted(e["cards"]) != sorted(held[victim]):
                return False
            held[assassin] += held.pop(victim)
            target[assassin] = target.pop(victim)
        if kind == "own_card_drawn" and target[e["character"]] != e["character"]:
            return False
        if kind == "swapped":
            me, other = e["character"], e["with"]
            theirs = target[other]
            held[me].remove(me)
            held[other].remove(theirs)
            held[me].append(theirs)
            held[other].append(me)
            target[me], target[other] = theirs, me
        if kind == "new_target" and "target" in e and target[e["character"]] != e["target"]:
            return False
    return True


@pytest.mark.parametrize("seat", [0, 1, 2, None])
def test_exact_count_equals_every_deal_replayed_by_the_rules(seat: int | None) -> None:
    count = ClussassinCount(seat, SMALL)
    for event in seat_log(seat):
        count.observe_event(event)
    found = brute_force(seat)
    deals = sum(found["a"].values())
    assert deals > 0
    assert count.deal.count() == deals
    for card, places in found.items():
        expected = {p: Fraction(n, deals) for p, n in places.items()}
        assert count.deal.distribution(card) == expected, card


def test_exact_count_keeps_a_victims_card_where_the_estimate_loses_it_in_a_swap() -> None:
    # Mustard kills Green, so holds Green's card and Green's target card; then
    # Scarlet draws its own card and swaps with Mustard. The table knows the card
    # that left Mustard was Mustard's target - not Green's card, which stays.
    events: list[dict[str, Any]] = [
        {
            "kind": "attack",
            "seat": 1,
            "attacker": "mustard",
            "target": "green",
            "revealed": ["green"],
        },
        {"kind": "killed", "assassin": "mustard", "victim": "green", "cards": 3, "weapons": []},
        {"kind": "new_target", "character": "mustard"},
        {
            "kind": "attack",
            "seat": 0,
            "attacker": "scarlet",
            "target": "plum",
            "revealed": ["plum"],
        },
        {"kind": "killed", "assassin": "scarlet", "victim": "plum", "cards": 3, "weapons": []},
        {"kind": "own_card_drawn", "character": "scarlet"},
        {"kind": "swapped", "character": "scarlet", "with": "mustard"},
        {"kind": "new_target", "character": "scarlet"},
        {"kind": "new_target", "character": "mustard", "target": "scarlet"},
    ]
    count = ClussassinCount(2, CATS)
    estimate = book(2, dealt(2, ["peacock", "kitchen", "rope"]), *events)
    for event in [SETUP, dealt(2, ["peacock", "kitchen", "rope"]), *events]:
        count.observe_event(event)
    assert count.deal.distribution("green") == {1: 1}
    assert estimate.possible("green") == {0, 1}  # sound, but it lost track
    for card in (*SUSPECTS, *WEAPONS, *ROOMS):
        assert set(count.deal.distribution(card)) <= estimate.possible(card)
    # Green hunted White (Mustard drew no own card; the other cards are placed), and
    # the target card that left Mustard was White's: the count knows, the estimate
    # only that it is Scarlet's or Mustard's.
    assert count.deal.distribution("white") == {0: 1}
    assert estimate.possible("white") == {0, 1}


@pytest.mark.parametrize(("players", "seed"), [(3, 4), (6, 0)])
def test_exact_count_keeps_the_truth_possible_in_whole_games(players: int, seed: int) -> None:
    game = new_game("clussassin", players=players, seed=seed)
    agents = {s: make_agent("hunter", s, seed=s, rules="clussassin") for s in range(players)}
    counts = {s: ClussassinCount(s, CATS) for s in range(players)}
    seen = dict.fromkeys(counts, 0)
    while not game.finished:
        seat = game.to_act()[0]
        view = game.view(seat, log_since=agents[seat].log_cursor)
        agents[seat].log_cursor = view["log_end"]
        game.apply(agents[seat].choose(view, game.legal_actions(seat)))
        truth = places_of(game)
        for s, count in counts.items():
            log = game.log_for(s, since=seen[s])
            seen[s] += len(log)
            for event in log:
                count.observe_event(event)
            if any(e["kind"] not in ("roll", "moved", "turn", "stayed") for e in log):
                for card, place in truth.items():
                    assert count.deal.distribution(card).get(place, 0) > 0, (s, card, place)
    state = game.state
    assert isinstance(state, ClussassinState) and state.kills and state.swaps
