"""The presentation layer: every event, decision, item and option of every rule set in
words a person can read, with no seat numbers, raw ids or empty values, and nothing a
viewer may not know.

The samples (tests/golden/narration/<rules>.json) come from seeded games of bots
(see narration_kit.py); the golden text beside each is every sample worded for the
actor, a seat the event names, a seat standing by and a spectator. After a change of
words, regenerate and review the diff:

    CLUEDO_REGEN_GOLDEN=1 .venv/bin/pytest tests/presentation
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from narration_kit import (
    GOLDEN,
    RULE_SETS,
    as_event,
    load,
    narrator,
    render,
    worded_events,
)

from cluedo.agents.random_bot import RandomAgent
from cluedo.content.cards import load_card_set
from cluedo.engine import Action, Event, new_game
from cluedo.presentation import Narrator, Words, option_labels, words_for

REGENERATE = os.environ.get("CLUEDO_REGEN_GOLDEN") == "1"

# -- what text for people must never hold -----------------------------------------------

PLAYING_CARD_ID = re.compile(r"\b(10|[2-9JQKA])[SHDC]\b")
SNAKE_CASE = re.compile(r"\b[a-z]+_[a-z_]+\b")
SEAT_NUMBER = re.compile(r"\b(seat|seats|player|players|winners?|attacker|target)\s*#?\d", re.I)
EMPTY = re.compile(r"\bNone\b|\bnull\b|\[\]|\{\}|\(\)|, ,|,\s*\.|\s\.$|^\s*$|\s{2,}")
BAD_GRAMMAR = re.compile(
    r"\b(You|you) (is|has|does|tries|shows|rolls|comes|goes|misses|takes|was)\b"
    r"|\b[Yy]ou's\b|\bthey (comes|goes|is|has|tries)\b"
)


def card_ids(rules: str) -> set[str]:
    """Every card id of the rule set's card set (and the classic one), as a whole word."""
    ids = set(load_card_set("classic").ids)
    if rules == "pendragon":
        ids |= set(load_card_set("pendragon").ids)
    return ids


def faults(text: str, rules: str) -> list[str]:
    """What is wrong with a text meant for people (empty list: nothing)."""
    found = []
    for name, pattern in (
        ("a playing card's id", PLAYING_CARD_ID),
        ("a snake_case id", SNAKE_CASE),
        ("a seat number", SEAT_NUMBER),
        ("an empty value", EMPTY),
        ("a verb that does not agree", BAD_GRAMMAR),
    ):
        match = pattern.search(text)
        if match:
            found.append(f"{name} ({match.group(0)!r})")
    words = set(re.findall(r"\b[a-z][a-z_]+\b", text))
    raw = sorted(words & card_ids(rules))
    if raw:
        found.append(f"card ids {raw}")
    return found


def texts_for_people(rules: str) -> Iterator[tuple[str, str]]:
    """Every text the samples give a person: (where it came from, the text)."""
    data = load(rules)
    for sample, reader, seat, text in worded_events(data):
        if text is not None:
            yield f"{sample['event']['kind']} read by {reader} {seat}", text
    for sample in data["decisions"]:
        view = sample["view"]
        legal = [Action.from_json(a) for a in sample["legal"]]
        speaker = narrator(data, sample["table"], sample["seat"])
        prompt = speaker.prompt(view, legal)
        where = f"prompt {view['pending']}"
        yield where, prompt.text
        for choice in prompt.choices:
            yield where, choice.label
            yield where, choice.group
        for kind in {a.kind for a in legal}:
            for key, _ in next(a for a in legal if a.kind == kind).params:
                yield f"{where} parameter {key}", speaker.parameter_label(kind, key)
    for sample in data["views"]:
        speaker = narrator(data, sample["table"], sample["seat"])
        players = data["tables"][sample["table"]]["players"]
        for seat in [None, *range(players)]:
            for item in speaker.items(sample["view"], seat):
                yield f"item of {seat}", item.label
                yield f"item of {seat}", item.value
            if seat is not None:
                yield "seat name", speaker.seat(seat)
                yield "seat name", speaker.seat_long(seat)
    for option in option_labels(rules):
        yield f"option {option.key}", option.label
        yield f"option {option.key}", option.description
        yield f"option {option.key}", option.default
        for value in option.choices:
            yield f"option {option.key}", value.label


# -- the golden files -----------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULE_SETS)
def test_golden_narration_reads_as_stored(rules: str) -> None:
    """Every sample worded for each reader matches the reviewed golden text."""
    text = render(load(rules))
    path = GOLDEN / f"{rules}.txt"
    if REGENERATE:
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), (
        f"the words for {rules} changed: review, then CLUEDO_REGEN_GOLDEN=1 to store them"
    )


@pytest.mark.parametrize("rules", RULE_SETS)
def test_samples_hold_every_kind_the_rule_set_words(rules: str) -> None:
    """The golden file covers every event kind the rule set has words of its own for
    (each kind a words module adds), so none goes unreviewed."""
    words = words_for(rules)
    own = {name.removeprefix("event_") for name in vars(type(words)) if name.startswith("event_")}
    sampled = {s["event"]["kind"] for s in load(rules)["events"]}
    assert own <= sampled, f"no sample of {sorted(own - sampled)}"


# -- words for every kind -----------------------------------------------------------------


@pytest.mark.parametrize("rules", RULE_SETS)
def test_every_declared_event_kind_has_words_and_a_golden_sample(rules: str) -> None:
    """Each event kind the rule set declares (its typed contracts) has words of its
    own and is read in the golden file."""
    from cluedo.engine.contracts import contracts_for

    declared = contracts_for(rules)
    if declared is None:
        pytest.skip(f"{rules} declares no event kinds")
    words = words_for(rules)
    assert sorted(k for k in declared.event_kinds if not words.knows(k)) == []
    sampled = {s["event"]["kind"] for s in load(rules)["events"]}
    assert sorted(set(declared.event_kinds) - sampled) == []


@pytest.mark.parametrize("rules", RULE_SETS)
def test_every_sampled_event_kind_has_words(rules: str) -> None:
    """No event kind a game of the rule set emitted falls back to the generic listing."""
    words = words_for(rules)
    kinds = {s["event"]["kind"] for s in load(rules)["events"]}
    assert sorted(k for k in kinds if not words.knows(k)) == []


@pytest.mark.parametrize("rules", RULE_SETS)
def test_every_event_of_a_fresh_game_has_words_and_reads_clean(rules: str) -> None:
    """A seeded game played now (random bots) emits no kind without words, and each of
    its events reads clean for every seat and a spectator - so a kind added to the rules
    later fails here until it has words."""
    game = new_game(rules, players=3, seed=11)
    agents = [RandomAgent(s, 11 + s) for s in range(3)]
    for _ in range(250):
        if game.finished:
            break
        seat = game.to_act()[0]
        game.apply(agents[seat].choose(game.view(seat), game.legal_actions(seat)))
    table = game.view(None)
    words = words_for(rules)
    for event in game.events:
        assert words.knows(event.kind), f"{rules} has no words for {event.kind!r}"
        for viewer in (0, 1, 2, None):
            text = Narrator(rules, table, viewer).event(event)
            if text is not None:
                assert faults(text, rules) == [], (event.full(), viewer, text)


# -- text for people ----------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULE_SETS)
def test_text_for_people_shows_no_seat_number_raw_id_or_empty_value(rules: str) -> None:
    """Narration, prompts, choices, items and option labels name seats, cards and
    places in words, and never show None, null or an empty list."""
    bad = [
        f"{where}: {text!r}: {', '.join(found)}"
        for where, text in texts_for_people(rules)
        if (found := faults(text, rules))
    ]
    assert bad == [], "\n".join(bad[:20])


def test_the_fault_finder_catches_what_it_must() -> None:
    """The checks above would fail on the faults people saw before this layer."""
    for text in (
        "You tries to grab from you.",
        "they comes",
        "You's servant fetches the Rope.",
        "winners 0",
        "seat 2 rolls 4.",
        "carried , , ,",
        "materials null, null",
        "Mrs White shows the JS.",
        "Colonel Mustard suggests plum.",
        "pending kind: refute_card",
        "Show one of: None.",
    ):
        assert faults(text, "classic"), text
    assert faults("Miss Scarlet shows you the Rope.", "classic") == []


# -- grammar: the viewer is "you", verbs agree ------------------------------------------------


@pytest.fixture(scope="module")
def classic_table() -> dict[str, Any]:
    view: dict[str, Any] = new_game("classic", players=3, seed=7).view(None)
    return view


def test_the_viewer_is_you_and_verbs_agree(classic_table: Mapping[str, Any]) -> None:
    shown = {"kind": "card_shown", "seat": 0, "to": 1, "card": "rope"}
    assert Narrator("classic", classic_table, 0).event(shown) == (
        "You show Colonel Mustard the Rope."
    )
    assert Narrator("classic", classic_table, 1).event(shown) == (
        "Miss Scarlet shows you the Rope."
    )
    hidden = {"kind": "card_shown", "seat": 0, "to": 1}
    assert Narrator("classic", classic_table, 2).event(hidden) == (
        "Miss Scarlet shows Colonel Mustard a card."
    )
    roll = {"kind": "roll", "seat": 2, "roll": 4}
    assert Narrator("classic", classic_table, 2).event(roll) == "You roll 4."
    assert Narrator("classic", classic_table, None).event(roll) == "Mrs. White rolls 4."


def test_a_refutation_prompt_names_the_suggestion_and_the_cards_to_show(
    classic_table: Mapping[str, Any],
) -> None:
    view = {
        **classic_table,
        "seat": 1,
        "pending": {"kind": "refute", "seats": [1], "suggester": 0},
        "log": [
            {"kind": "suggestion", "seat": 0, "suspect": "plum", "weapon": "rope", "room": "lounge"}
        ],
    }
    legal = [Action.make(1, "show", card="rope"), Action.make(1, "show", card="lounge")]
    prompt = Narrator("classic", classic_table, 1).prompt(view, legal)
    assert prompt.text == (
        "Miss Scarlet suggests Professor Plum with the Rope in the Lounge. "
        "Show one of: Rope, Lounge."
    )
    assert [c.label for c in prompt.choices] == ["Show the Rope", "Show the Lounge"]
    assert [c.action for c in prompt.choices] == legal


def test_an_assault_names_the_one_assaulted_not_the_viewer() -> None:
    """The terminal once said 'Mrs White assaults you' when another player was assaulted."""
    table = new_game("killer-kloo-doo", players=4, seed=3).view(None)
    contest = {
        "kind": "contest",
        "type": "assault",
        "seat": 3,
        "attacker": 2,
        "target": 3,
        "person": "green",
    }
    assert Narrator("killer-kloo-doo", table, 0).event(contest) == (
        "Mrs White assaults Reverend Green. Reverend Green must answer."
    )
    assert Narrator("killer-kloo-doo", table, 3).event(contest) == (
        "Mrs White assaults you. You must answer."
    )


def test_a_failed_persuasion_reads_as_a_failure() -> None:
    table = new_game("killer-kloo-doo", players=3, seed=3).view(None)
    failed = {
        "kind": "persuasion",
        "seat": 1,
        "person": "peacock",
        "card_played": "6H",
        "against": "JH",
        "won": False,
    }
    text = Narrator("killer-kloo-doo", table, 0).event(failed)
    assert text == (
        "Colonel Mustard fails to persuade Mrs Peacock: the Six of Hearts (6) against "
        "the Jack of Hearts (12)."
    )


def test_playing_cards_are_named_with_their_value() -> None:
    table = new_game("killer-kloo-doo", players=3, seed=3).view(0)
    narrator = Narrator("killer-kloo-doo", table, 0)
    view = {**table, "playing_cards": ["QH", "2C", "AS"]}
    items = {item.label: item.value for item in narrator.items(view, 0)}
    assert items["Playing cards"] == "Queen of Hearts (13), Two of Clubs (2) and Ace of Spades (20)"


def test_pendragon_names_knights_and_the_staircase_chamber() -> None:
    table = new_game("pendragon", players=3, seed=1).view(None)
    narrator = Narrator("pendragon", table, None)
    moved = {"kind": "moved", "seat": 0, "to": "staircase", "steps": 4}
    assert narrator.event(moved) == (
        f"{table['knights'][0]} goes into the chamber with the Staircase."
    )


def test_a_gossip_prompt_names_the_knights_not_their_numbers() -> None:
    """The terminal once offered Pendragon's Gossip targets as '1 1 / 2 2 / 3 3'."""
    game = new_game("pendragon", players=3, seed=1)
    view = {**game.view(0), "pending": {"kind": "turn", "seats": [0], "stage": "glimpse"}}
    legal = [Action.make(0, "glimpse", target=1), Action.make(0, "glimpse", target=2)]
    prompt = Narrator("pendragon", view, 0).prompt(view, legal)
    knights = view["knights"]
    assert prompt.question == f"Whose card do you see: {knights[1]} or {knights[2]}?"
    assert [c.label for c in prompt.choices] == [
        f"See a card of {knights[1]}",
        f"See a card of {knights[2]}",
    ]


def test_a_critical_trait_roll_ends_its_sentence_with_one_full_stop() -> None:
    """The narration once read 'on a d20: 1, a critical success!.'."""
    table = new_game("pendragon", players=3, seed=1).view(None)
    roll = {
        "kind": "trait_roll",
        "seat": 0,
        "stat": "valorous",
        "value": 12,
        "roll": 12,
        "result": "critical",
        "checked": True,
    }
    text = Narrator("pendragon", table, None).event(roll)
    assert text is not None and text.endswith("a critical success. The box is checked.")
    assert "!." not in text


@pytest.mark.parametrize(("steps", "words"), [(1, "up to 1 square."), (5, "up to 5 squares.")])
def test_a_pendragon_move_counts_its_squares_in_good_english(steps: int, words: str) -> None:
    """The prompt once read 'you may move up to 1 squares'."""
    game = new_game("pendragon", players=3, seed=1)
    pending = {"kind": "turn", "seats": [0], "stage": "move", "roll": steps, "steps": steps}
    view = {**game.view(0), "pending": pending}
    legal = game.legal_actions(0)
    prompt = Narrator("pendragon", view, 0).prompt(view, legal)
    assert prompt.situation.endswith(words)


# -- hidden information ---------------------------------------------------------------------


def other_value(value: Any) -> Any:
    """A different value of the same kind, to stand in for a secret."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return (
            "2C"
            if re.fullmatch(r"(10|[2-9JQKA])[SHDC]", value)
            else ("knife" if value != "knife" else "rope")
        )
    if isinstance(value, list):
        return [other_value(v) for v in value] + [other_value(value[0])] if value else ["rope"]
    return None


@pytest.mark.parametrize("rules", RULE_SETS)
def test_narration_never_words_a_secret_for_a_seat_that_may_not_know_it(rules: str) -> None:
    """An event's secret part (a card shown, a card drawn, a new target) never reaches
    the words of a seat outside its knowers, or of a spectator; a private event is not
    worded for them at all."""
    data = load(rules)
    checked = 0
    for sample in data["events"]:
        event = as_event(sample)
        if not event.secret and not event.private:
            continue
        players = data["tables"][sample["table"]]["players"]
        outsiders = [s for s in range(players) if s not in event.knowers] + [None]
        for seat in outsiders:
            reader = narrator(data, sample["table"], seat)
            text = reader.event(event)
            if event.private:
                assert text is None, (sample["event"], seat)
                continue
            assert text == reader.event(event.for_seat(seat) or {}), (sample["event"], seat)
            # Whatever the secret was, the outsider reads the same words.
            changed = Event(
                event.kind,
                event.data,
                {k: other_value(v) for k, v in event.secret.items()},
                event.knowers,
                event.private,
            )
            assert reader.event(changed) == text, (sample["event"], seat, text)
            checked += 1
    assert checked


def test_a_narrator_given_an_engine_event_redacts_it_for_its_viewer(
    classic_table: Mapping[str, Any],
) -> None:
    shown = Event(
        "card_shown", {"seat": 0, "to": 1}, secret={"card": "rope"}, knowers=frozenset({0, 1})
    )
    assert Narrator("classic", classic_table, 2).event(shown) == (
        "Miss Scarlet shows Colonel Mustard a card."
    )
    assert "Rope" in (Narrator("classic", classic_table, 1).event(shown) or "")
    dealt = Event("dealt", {"seat": 0}, {"hand": ["rope"]}, frozenset({0}), private=True)
    assert Narrator("classic", classic_table, 1).event(dealt) is None
    assert Narrator("classic", classic_table, None).event(dealt) is None


def test_a_seat_reads_its_log_as_the_engine_redacts_it() -> None:
    """Wording the view's log gives the same lines as wording the game's events for
    that seat: the words come only from what the seat sees."""
    game = new_game("clue-or-cruel", players=3, seed=5)
    agents = [RandomAgent(s, s) for s in range(3)]
    for _ in range(60):
        if game.finished:
            break
        seat = game.to_act()[0]
        game.apply(agents[seat].choose(game.view(seat), game.legal_actions(seat)))
    for viewer in (0, 1, None):
        reader = Narrator("clue-or-cruel", game.view(None), viewer)
        from_log = reader.events(game.view(viewer)["log"])
        from_events = reader.events(game.events)
        assert from_log == from_events


# -- options and the convention -------------------------------------------------------------


@pytest.mark.parametrize("rules", RULE_SETS)
def test_every_option_has_a_label_a_description_and_named_values(rules: str) -> None:
    from cluedo.engine import rules_class

    fields = rules_class(rules).options_type.model_fields
    labels = option_labels(rules)
    assert [o.key for o in labels] == list(fields)
    for option in labels:
        assert option.label and option.description.endswith("."), option
        assert all(choice.label for choice in option.choices), option


def test_notebook_places_are_named_in_words(classic_table: Mapping[str, Any]) -> None:
    narrator = Narrator("classic", classic_table, 0)
    assert [narrator.place(p) for p in (0, 1, "envelope")] == [
        "you",
        "Colonel Mustard",
        "the envelope",
    ]
    table = new_game("clussassin", players=3, seed=1).view(None)
    clussassin = Narrator("clussassin", table, None)
    assert clussassin.place("unused") == "the rooms nobody uses"
    assert clussassin.place("plum") == "Professor Plum (nobody plays them)"


def test_a_rule_set_without_a_words_module_gets_the_generic_words() -> None:
    from cluedo.rules.classic.rules import ClassicRules

    class Unworded(ClassicRules):
        name = "unworded-test"

    Unworded.__module__ = "unworded_test_rules"
    assert type(words_for(Unworded)) is Words
    assert type(words_for("classic")).__name__ == "ClassicWords"


def test_a_wound_past_zero_leaves_no_survival_points_not_a_negative_count() -> None:
    """The page once read "You lose 18 survival points, leaving -13."."""
    table = new_game("killer-kloo-doo", players=3, seed=3).view(None)
    person = table["characters"][0]
    wound = {"kind": "wounded", "person": person, "damage": 18, "survival": -13}
    assert Narrator("killer-kloo-doo", table, 0).event(wound) == (
        "You lose 18 survival points, leaving none."
    )
    alive = {**wound, "damage": 4, "survival": 9}
    assert Narrator("killer-kloo-doo", table, 0).event(alive) == (
        "You lose 4 survival points, leaving 9."
    )
