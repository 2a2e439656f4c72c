"""The terminal's sentences read as English whoever reads them: "you" for the
reader, the character's name for everyone else, verbs that agree, and a contest
aimed at someone else never addressed to the reader.

These are the faults issue 15 lists ("they comes", "You tries to grab from you",
"You's servant", "3 x = 15", a contest aimed at another player addressed to the
reader, a failed persuasion told as a success, "Your turn" over a card to show on
someone else's turn, the Gossip menu as "1 1 / 2 2 / 3 3", knights drawn as "Si").
The terminal's lines come from the presentation layer
(:class:`cluedo.presentation.Narrator`), so each test reads the line the terminal
shows and checks the fault is gone, not the exact wording.
"""

from __future__ import annotations

from typing import Any

import pytest

from cluedo.engine import Action, new_game
from cluedo.terminal.present import Presenter, Table
from cluedo.terminal.presenters import presenter_class


def presenter(rules: str, players: int = 3) -> Presenter:
    game = new_game(rules, players=players, seed=1)
    names = [f"Player {n + 1}" for n in range(players)]
    return presenter_class(rules)(Table.from_view(game.view(0), names))


def said(p: Presenter, event: dict[str, Any], viewer: int | None) -> str:
    text = p.describe(event, viewer)
    assert text is not None
    assert text == p.narrator(viewer).event(event)  # the terminal speaks with the layer's voice
    return text


CLASSIC_ROLL = {"kind": "roll", "seat": 0, "roll": 5}


def test_your_own_roll_is_told_to_you_as_yours() -> None:
    p = presenter("classic")
    scarlet = p.names(1).seat(0)
    assert said(p, CLASSIC_ROLL, 0).startswith("You roll 5")
    assert said(p, CLASSIC_ROLL, 1).startswith(f"{scarlet} rolls 5")
    assert said(p, CLASSIC_ROLL, None).startswith(f"{scarlet} rolls 5")


def test_your_suggestion_and_accusation_agree_with_you() -> None:
    p = presenter("classic")
    suggestion = {
        "kind": "suggestion",
        "seat": 0,
        "suspect": "plum",
        "weapon": "rope",
        "room": "hall",
    }
    assert said(p, suggestion, 0).startswith("You suggest Professor Plum with the Rope")
    assert " suggests Professor Plum with the Rope" in said(p, suggestion, 1)
    accusation = {**suggestion, "kind": "accusation", "correct": False}
    mine = said(p, accusation, 0)
    assert mine.startswith("You accuse ") and " are wrong" in mine and " is " not in mine
    theirs = said(p, accusation, 2)
    assert " accuses " in theirs and " is wrong" in theirs


KKD = "killer-kloo-doo"


def kkd_contest(kind: str, attacker: int, asked: int, **extra: Any) -> dict[str, Any]:
    return {"kind": "contest", "type": kind, "attacker": attacker, "seat": asked, **extra}


def test_a_grab_you_make_is_worded_as_yours() -> None:
    # It read "You tries to grab from you".
    p = presenter(KKD)
    other = p.names(0).seat(1)
    text = said(p, kkd_contest("grab", 0, 1), 0)
    assert text.startswith(f"You try to grab a weapon from {other}")
    assert f"{other} must answer" in text
    assert "tries" not in text and "from you" not in text


@pytest.mark.parametrize("kind", ["grab", "assault", "spy", "steal"])
def test_a_contest_between_two_others_does_not_address_the_reader(kind: str) -> None:
    # Mrs White "assaults you" when another player was the target.
    p = presenter(KKD)
    names = p.names(2)
    text = said(p, kkd_contest(kind, 0, 1, person=p.table.characters[1]), 2)
    assert "you" not in text.lower().replace(".", " ").split(), text
    assert text.startswith(names.seat(0)) and f"{names.seat(1)} must answer." in text


def test_a_contest_aimed_at_you_says_so_and_how_to_answer() -> None:
    p = presenter(KKD)
    attacker = p.names(1).seat(0)
    character = p.table.characters[1]
    contest = kkd_contest("assault", 0, 1, person=character)
    assert said(p, contest, 1).startswith(f"{attacker} assaults you")
    pending = {**contest, "kind": "contest", "seats": [1]}
    title = p.title(1, {"pending": pending}, [])
    assert title.startswith(f"{attacker} assaults you.") and "clubs" in title


def test_a_persuasion_you_are_asked_to_answer_names_you() -> None:
    p = presenter(KKD)
    mine = p.table.characters[1]
    text = said(p, kkd_contest("persuade", 0, 1, person=mine, room="hall"), 1)
    assert "wants to persuade you to come to the Hall" in text


def test_a_failed_persuasion_is_not_reported_as_a_success() -> None:
    # It read "persuaded Colonel Mustard: ... they comes".
    p = presenter(KKD)
    person = p.names(2).card(p.table.characters[1])
    event = {
        "kind": "persuasion",
        "seat": 0,
        "person": p.table.characters[1],
        "won": False,
        "card_played": "5H",
        "against": "9H",
    }
    text = said(p, event, 2)
    assert "fails to persuade " + person in text
    assert "they comes" not in text and " persuades " not in text
    won = said(p, {**event, "won": True}, 2)
    assert f"persuades {person} to come" in won


def test_your_servant_is_yours_not_you_s() -> None:
    p = presenter(KKD)
    fetched = {"kind": "fetched", "seat": 0, "weapon": "rope", "card_played": "QD"}
    assert said(p, fetched, 0).startswith("Your servant fetches the Rope")
    servant = {"kind": "servant", "seat": 0, "type": "spy", "target": 1, "won": True}
    assert said(p, servant, 0).startswith("Your servant")
    assert "You's" not in said(p, fetched, 0) + said(p, servant, 0)
    assert said(p, fetched, 1).startswith(f"{p.names(1).seat(0)}'s servant")


def test_an_attack_shows_the_roll_times_the_weapon_power() -> None:
    # It read "3 x = 15".
    p = presenter(KKD)
    event = {
        "kind": "attack",
        "seat": 0,
        "person": p.table.characters[1],
        "weapon": "rope",
        "roll": 3,
        "score": 15,
    }
    text = said(p, event, 2)
    assert "3 times 5 is 15" in text and " x = " not in text
    assert said(p, event, 1).startswith(f"{p.names(1).seat(0)} attacks you with the Rope")


@pytest.mark.parametrize("rules", ["classic", KKD, "pendragon"])
def test_showing_a_card_on_someone_elses_turn_is_not_called_your_turn(rules: str) -> None:
    p = presenter(rules)
    cards = p.table.cards
    assert cards is not None
    suspect, weapon, room = (cards.category(c)[0] for c in ("suspect", "weapon", "room"))
    view = {
        "pending": {"kind": "refute", "seats": [1], "suggester": 0, "cards": [weapon]},
        "log": [
            {"kind": "suggestion", "seat": 0, "suspect": suspect, "weapon": weapon, "room": room}
        ],
    }
    title = p.title(1, view, [Action.make(1, "show", card=weapon)])
    names = p.names(1)
    assert "Your turn" not in title
    assert title.startswith(names.seat(0)) and names.the(suspect) in title
    assert title.endswith(f"Show one of: {names.card(weapon)}.")


def test_knights_are_drawn_by_their_own_names_not_their_titles() -> None:
    from cluedo.terminal.render import BoardLayout

    view = new_game("pendragon", players=5, seed=1).view(0)
    layout = BoardLayout.for_view(view)
    codes = [layout.code(knight) for knight in view["characters"]]
    assert len(set(codes)) == len(codes), codes
    assert "Si" not in codes and "Da" not in codes
    for knight, code in zip(view["characters"], codes, strict=True):
        own = knight.split()[-1]  # "Amig" of "Sir Amig"
        assert code[0] == own[0] and code[1].lower() in own[1:].lower(), (knight, code)


def test_a_seat_to_choose_is_offered_by_name() -> None:
    # The Squire's Gossip menu offered "1 1 / 2 2 / 3 3".
    p = presenter("pendragon")
    assert p.value_words("target", 1) == p.names(None).seat(1)
    assert p.action_text(Action.make(0, "glimpse", target=2), {}).endswith(p.names(None).seat(2))
