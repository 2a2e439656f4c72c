"""Every rule set keeps to its declared kinds of event and action (``rules/<name>/events.py``).

Seeded random games of each built-in rule set, at 3 to 6 players and with random
options, check every event (its public and secret parts, and what each seat and a
spectator receive) and every legal action against the declarations; that every kind
met is declared; and the reverse, that every declared kind shows up or is marked rare
with the reason.
"""

from __future__ import annotations

from importlib.metadata import distribution

import pytest
from play_kit import played

from cluedo.engine.contracts import Contracts, contracts_for
from cluedo.engine.events import Event

BUILT_IN = sorted(
    point.name for point in distribution("cluedo").entry_points if point.group == "cluedo.rulesets"
)


def declared(rules: str) -> Contracts:
    contracts = contracts_for(rules)
    assert contracts is not None, f"{rules} has no events module declaring CONTRACTS"
    return contracts


def test_every_built_in_rule_set_declares_its_kinds_decisions_and_stages() -> None:
    assert len(BUILT_IN) == 5
    for rules in BUILT_IN:
        contracts = declared(rules)
        assert contracts.event_kinds and contracts.action_kinds, rules
        assert "turn" in contracts.decision_kinds and "start" in contracts.stage_names, rules
        for kind, spec in {**contracts.event_kinds, **contracts.action_kinds}.items():
            assert spec.description, f"{rules}: {kind} has no docstring"
        for kind, reason in {**contracts.rare_events, **contracts.rare_actions}.items():
            assert len(reason) > 20, f"{rules}: rare {kind} needs a reason"


@pytest.mark.parametrize("rules", BUILT_IN)
def test_random_play_emits_events_and_offers_actions_as_declared(rules: str) -> None:
    record = played(rules)
    assert record.games >= 4 and record.events
    assert record.problems == [], "\n".join(record.problems)


@pytest.mark.parametrize("rules", BUILT_IN)
def test_every_kind_decision_and_stage_met_in_play_is_declared(rules: str) -> None:
    record, contracts = played(rules), declared(rules)
    assert set(record.events) <= set(contracts.event_kinds)
    assert set(record.actions) <= set(contracts.action_kinds)
    assert record.decisions <= set(contracts.decision_kinds)
    assert record.stages <= set(contracts.stage_names)


@pytest.mark.parametrize("rules", BUILT_IN)
def test_every_declared_kind_shows_up_in_play_or_is_marked_rare(rules: str) -> None:
    record, contracts = played(rules), declared(rules)
    unseen_events = set(contracts.event_kinds) - set(record.events) - set(contracts.rare_events)
    unseen_actions = set(contracts.action_kinds) - set(record.actions) - set(contracts.rare_actions)
    assert not unseen_events and not unseen_actions, (
        f"declared but never met in random play: events {sorted(unseen_events)}, actions "
        f"{sorted(unseen_actions)}; play more, or mark them rare with the reason"
    )
    assert set(contracts.decision_kinds) <= record.decisions
    assert set(contracts.stage_names) <= record.stages


# -- the checks themselves can fail -------------------------------------------------------


def test_a_secret_sent_in_the_open_or_an_open_field_kept_secret_is_caught() -> None:
    classic = declared("classic")
    leaked = Event("card_shown", {"seat": 1, "to": 0, "card": "rope"})
    assert classic.split_problems(leaked) == [
        "card_shown: secret field 'card' is in the public part"
    ]
    hidden = Event("card_shown", {"seat": 1}, {"to": 0, "card": "rope"}, frozenset({0, 1}))
    assert classic.split_problems(hidden) == [
        "card_shown: field 'to' is declared public but is secret"
    ]
    clussassin = declared("clussassin")
    counted = Event(
        "killed",
        {"assassin": "plum", "victim": "white", "cards": 3, "weapons": []},
        {"cards": ["white", "hall", "rope"]},
        frozenset({0}),
    )
    assert clussassin.split_problems(counted) == []
    listed = Event("killed", {**counted.data, "cards": ["white"]})
    assert clussassin.split_problems(listed) == [
        "killed: the public 'cards' must be an integer, got a list"
    ]


def test_an_undeclared_kind_a_missing_field_or_a_wrong_type_is_caught() -> None:
    classic = declared("classic")
    assert classic.event_problems({"kind": "teleported", "seat": 0})[0].startswith(
        "undeclared event kind 'teleported'"
    )
    assert classic.event_problems({"kind": "moved", "seat": 0, "to": "hall"}) == [
        "moved needs 'steps'"
    ]
    assert classic.event_problems({"kind": "roll", "seat": 0, "roll": 7}) == [
        "roll: 'roll' must be at most 6, got 7"
    ]
    assert classic.action_problems({"seat": 0, "kind": "move", "to": {"row": 1}}) == [
        "move: 'to' must be string or [integer, integer], got an object"
    ]
    assert classic.action_problems({"seat": True, "kind": "roll"}) == [
        "roll: 'seat' must be an integer, got a boolean"
    ]
