"""The detective notebook in the terminal, read off the screen as a player reads it.

The notebook a person sees must be the one knowledge layer's
(:class:`~cluedo.deduction.person.PersonNotebook` built from the rule set's
reader for that seat and fed that seat's log): the same mark in every cell,
for every rule set with a card notebook. The tests here draw the notebook page,
turn it back into marks by reading the glyphs under each column head (the way
a player reads it), and compare. They also check what the page says in words:
card names, place names, no raw ids and no seats counted from 0.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from test_terminal import Person

from cluedo.agents import make_agent
from cluedo.content.cards import load_card_set
from cluedo.deduction.errors import ContradictionError
from cluedo.deduction.person import PersonNotebook
from cluedo.deduction.places import Place
from cluedo.engine import Action, Game, new_game
from cluedo.terminal.menus import Menu
from cluedo.terminal.session import Session, read_save

NOTEBOOK_RULES = ("classic", "clue-or-cruel", "pendragon", "killer-kloo-doo", "clussassin")
"""The rule sets whose cards have a notebook."""

SEAT_GLYPHS = {"+": "has", "-": "not", ".": "unknown"}
ENVELOPE_GLYPHS = {"!": "has", "x": "not", "?": "unknown"}
PLACE_HEADS = {
    "env": "envelope",
    "pile": "pile",
    "mid": "middle",
    "up": "face_up",
    "safe": "face_up",
    "unused": "unused",
}
"""How the page heads each place that is not a character's."""


# -- reading the page -------------------------------------------------------------------


class Page:
    """A notebook page's text, read back into marks per card and column head."""

    def __init__(self, text: str) -> None:
        lines = text.splitlines()
        self.top = next(i for i, line in enumerate(lines) if line.startswith("card "))
        self.header = lines[self.top]
        heads = self.header.split()
        assert heads[:2] == ["card", "cd"], self.header
        self.name_width = self.header.index(" cd ") + 1
        self.heads: dict[str, int] = {}
        at = self.name_width + 2
        for head in heads[2:]:
            if head in ("env%", "notes"):
                break
            start = self.header.index(f" {head} ", at) + 1
            self.heads[head] = start + (len(head) - 1) // 2
            at = start + len(head)
        self.rows: dict[str, str] = {}
        for line in lines[self.top + 1 :]:
            if not self.is_row(line):
                break
            self.rows[line[: self.name_width].strip()] = line
        self.legend = lines[self.top + 1 + len(self.rows) :]

    def is_row(self, line: str) -> bool:
        """A card's line: a name, then a glyph (or a bracketed mark) under every head."""
        if not line[: self.name_width].strip():
            return False
        for at in self.heads.values():
            cell = line[at - 1 : at + 2]
            if len(cell) < 3 or not (cell[1] in "+-.!x?" or cell[0] + cell[2] == "[]"):
                return False
        return True

    def glyph(self, card_name: str, head: str) -> str:
        line = self.rows[card_name]
        return line[self.heads[head]] if self.heads[head] < len(line) else " "

    def own(self, card_name: str, head: str) -> str | None:
        """The person's own mark in a cell (drawn in brackets), or None."""
        line, at = self.rows[card_name], self.heads[head]
        if line[at - 1 : at] == "[" and line[at + 1 : at + 2] == "]":
            return line[at]
        return None

    def odds(self, card_name: str) -> str:
        at = self.header.index("env%")
        return self.rows[card_name][at - 1 : at + 4].strip()


def head_places(session: Session, seat: int) -> dict[str, Place]:
    """Which place each column head stands for, as the board and the help say it."""
    layout = session.layout
    assert layout is not None
    out: dict[str, Place] = {}
    for place in session.notebooks[seat].places:
        if isinstance(place, int):
            out[layout.letter(session.characters[place])] = place
        elif place in PLACE_HEADS.values():
            out.update({h: p for h, p in PLACE_HEADS.items() if p == place})
        else:  # a character nobody plays (Clussassin)
            out[layout.letter(place)] = place
    return out


def session_for(game: Game, seats: list[int], width: int = 100, height: int = 40) -> Session:
    """A terminal session with people at ``seats`` (nobody plays the other seats here)."""
    console = Console(file=io.StringIO(), width=width, height=height, force_terminal=False)
    people = {s: f"P{s + 1}" for s in seats}
    bots = {s: "random" for s in range(game.players) if s not in seats}
    return Session(game, people, {}, bots, console)


def page_text(session: Session, seat: int) -> str:
    page = session.notebook_page(seat)
    assert page is not None
    return "\n".join(line.plain for line in page)


def card_names(session: Session) -> dict[str, str]:
    assert session.cards is not None
    return {c: session.cards.name(c) for c in session.cards.ids}


def expected_marks(game: Game, seat: int) -> PersonNotebook:
    """The library's notebook for ``seat``, built afresh from that seat's log."""
    reader = game.rules.card_reader(seat)
    assert reader is not None
    book = PersonNotebook(reader)
    book.update(game.log_for(seat))
    return book


def assert_page_shows(session: Session, game: Game, seat: int) -> int:
    """The page's every cell is the library notebook's mark, and true of the real
    game; returns the cells read."""
    page = Page(page_text(session, seat))
    truth = expected_marks(game, seat)
    real = game.rules.card_places(game.state)
    places = head_places(session, seat)
    names = card_names(session)
    shown = {places[h] for h in page.heads}
    layout = truth.knowledge.layout
    assert layout is not None
    can_hold = {p for p in truth.places if isinstance(p, int) or layout.sizes.get(p, 0) > 0}
    assert shown == can_hold | ({"envelope"} & set(truth.places)), page.header
    cells = 0
    for card in truth.cards:
        for head, place in places.items():
            if head not in page.heads:
                continue
            glyphs = ENVELOPE_GLYPHS if place == "envelope" else SEAT_GLYPHS
            if page.own(names[card], head) is not None:
                continue
            got = glyphs.get(page.glyph(names[card], head))
            assert got == truth.mark(card, place), (seat, card, place, got)
            if got != "unknown":
                assert (got == "has") == (real[card] == place), (seat, card, place, got)
            cells += 1
    return cells


def play(game: Game, agents: dict[int, Any], actions: int) -> None:
    """Let the bots play ``actions`` actions (or to the end)."""
    for _ in range(actions):
        if game.finished:
            return
        seat = game.to_act()[0]
        agent = agents[seat]
        view = game.view(seat, log_since=agent.log_cursor)
        agent.log_cursor = view["log_end"]
        game.apply(agent.choose(view, game.legal_actions(seat)))


# -- (a) the terminal shows the library's marks ------------------------------------------


@pytest.mark.parametrize("rules", NOTEBOOK_RULES)
def test_the_terminal_notebook_shows_exactly_the_library_marks(rules: str) -> None:
    # Whole bot games; the session follows every seat's log as it grows (as in a
    # hot-seat game), and at checkpoints each seat's page must match a notebook
    # built afresh from that seat's log.
    players = 4
    game = new_game(rules, players=players, seed=3)
    agents = {s: make_agent("random", s, seed=s, rules=rules) for s in range(players)}
    session = session_for(game, list(range(players)))
    cells = 0
    for _ in range(6):
        for seat in range(players):
            cells += assert_page_shows(session, game, seat)
        if game.finished:
            break
        play(game, agents, 25)
    assert cells > 6 * 21 * players


def test_the_classic_notebook_page_matches_the_library_over_whole_sensible_games() -> None:
    for seed in (1, 2):
        game = new_game("classic", players=5, seed=seed)
        agents = {s: make_agent("sensible", s, seed=s) for s in range(5)}
        session = session_for(game, [0, 3])
        while not game.finished:
            play(game, agents, 15)
            for seat in (0, 3):
                assert_page_shows(session, game, seat)


def test_killer_kloo_doo_survival_alone_has_no_notebook() -> None:
    # Part 2 alone deals no clue card: there is nothing to deduce.
    game = new_game("killer-kloo-doo", players=3, seed=1, options={"parts": "survival"})
    session = session_for(game, [0])
    assert session.notebooks == {} and session.notebook_page(0) is None
    assert session._global_command(0, "notes", Menu("", []))
    assert session.message is not None
    assert session.message.plain == "This game has no detective notebook."


# -- (b) a Clue or Cruel guest is never told two envelope cards of a kind -----------------


def test_a_cruel_guest_never_sees_two_cards_of_a_category_in_the_envelope() -> None:
    # The fault that started issue 14: a guest's notebook once marked three
    # suspects as in the envelope. The page is read after every action.
    rules = "clue-or-cruel"
    game = new_game(rules, players=3, seed=5)
    agents = {s: make_agent("sensible", s, seed=s, rules=rules) for s in range(3)}
    guest = next(s for s in range(3) if game.view(s)["role"] == "guest")
    session = session_for(game, [guest])
    assert session.cards is not None
    kind = {session.cards.name(c): session.cards.category_of(c) for c in session.cards.ids}
    envelope = {session.cards.name(c) for c in game.state.envelope}  # type: ignore[attr-defined]
    others = [h for h in "SMW" if h != "SMW"[guest]]
    solved_early = seen_held = pages = 0
    while not game.finished:
        play(game, agents, 1)
        page = Page(page_text(session, guest))
        inside = [name for name in page.rows if page.glyph(name, "env") == "!"]
        per_kind = [kind[name] for name in inside]
        assert len(per_kind) == len(set(per_kind)), (len(game.actions), inside)
        assert set(inside) <= envelope, (len(game.actions), inside)
        if not game.finished:
            solved_early = max(solved_early, len(inside))
        held = sum(page.glyph(name, h) == "+" for name in page.rows for h in others)
        seen_held = max(seen_held, held)
        pages += 1
    # A game worth the check: long, with cards drawn and shown, and the guest
    # sure of envelope cards before the end showed it.
    assert pages > 100 and seen_held >= 5 and solved_early >= 1


# -- (c) the person's own marks -----------------------------------------------------------


def test_own_marks_survive_every_update_and_stand_over_the_automatic_ones() -> None:
    game = new_game("classic", players=3, seed=4)
    agents = {s: make_agent("random", s, seed=s) for s in (1, 2)}
    session = session_for(game, [0])
    book = session.notebooks[0]
    envelope = list(game.state.envelope)  # type: ignore[attr-defined]
    held = next(c for c in game.state.hands[1])  # type: ignore[attr-defined]
    menu_free = session._global_command  # the commands a person types anywhere
    no_menu = Menu("", [])
    assert session.cards is not None
    code = session.cards.card
    assert menu_free(0, f"mark {code(envelope[0]).code} env ?", no_menu)
    assert menu_free(0, f"mark {code(held).code} mu 7", no_menu)
    assert menu_free(0, f"mark {code(envelope[1]).code} suspicious", no_menu)
    names = card_names(session)
    before = {
        (envelope[0], "envelope"): book.mark(envelope[0], "envelope"),
        (held, 1): book.mark(held, 1),
    }
    # Seat 0 accuses wrongly at once: it looks into the envelope, and the bots play on.
    game.apply(
        Action.make(0, "accuse", suspect="plum", weapon="rope", room="kitchen")
        if list(envelope) != ["plum", "rope", "kitchen"]
        else Action.make(0, "accuse", suspect="white", weapon="rope", room="kitchen")
    )
    while not game.finished:
        if 0 in game.to_act():
            legal = game.legal_actions(0)
            game.apply(legal[0])
            continue
        play(game, agents, 1)
    page = Page(page_text(session, 0))
    assert page.own(names[envelope[0]], "env") == "?"
    assert page.own(names[held], "M") == "7"
    assert names[envelope[1]] in page.rows and "suspicious" in page.rows[names[envelope[1]]]
    # The automatic mark under the first one changed (the envelope is now known),
    # and is still kept apart: rubbing the own mark out shows it again.
    assert before[(envelope[0], "envelope")] == "unknown"
    assert book.mark(envelope[0], "envelope") == "has"
    assert book.own_mark(envelope[0], "envelope") == "?"
    assert menu_free(0, f"unmark {code(envelope[0]).code} env", no_menu)
    page = Page(page_text(session, 0))
    assert page.own(names[envelope[0]], "env") is None
    assert page.glyph(names[envelope[0]], "env") == "!"


def test_a_notebook_that_cannot_follow_the_game_shows_only_the_person_s_marks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Should a rule set's reading ever fail, the game goes on; stale automatic
    # marks could be false once cards move, so none are shown.
    game = new_game("killer-kloo-doo", players=3, seed=2)
    session = session_for(game, [0])
    session._global_command(0, "mark ro mu x", Menu("", []))

    def fails(log: Any) -> None:
        raise ContradictionError(None, "a test's impossible event")

    monkeypatch.setattr(session.notebooks[0], "update", fails)
    text = page_text(session, 0)
    page = Page(text)
    assert "could not follow the game" in text and "impossible event" in text
    assert page.own("Rope", "M") == "x"
    for name in page.rows:
        for head in page.heads:
            if page.own(name, head) is None:
                assert page.glyph(name, head) in ".?", (name, head)


def test_own_marks_on_every_column_are_saved_and_loaded_again() -> None:
    session = session_for(new_game("clue-or-cruel", players=3, seed=2), [0])
    no_menu = Menu("", [])
    for typed in ("mark ro pile x", "mark kn env !", "mark pl mu 2", "mark ha seen twice"):
        message = session._global_command(0, typed, no_menu)
        assert message
        assert session.message is not None and "Marked" in session.message.plain, typed
    # Seats are counted from 1 on screen: "0" names no column, so this is a note.
    session._global_command(0, "mark wr 0 x", no_menu)
    assert session.notebooks[0].notes["wrench"] == "0 x"
    data = session.save_data()
    cells = data["terminal"]["notes"]["0"]["cells"]
    assert sorted(map(tuple, cells)) == [
        ("knife", "envelope", "!"),
        ("plum", 1, "2"),
        ("rope", "pile", "x"),
    ]
    # A loaded game keeps them; cells for places this game does not have are dropped.
    cells += [["rope", 9, "x"], ["rope", "attic", "x"], ["nope", 1, "x"]]
    saved = read_save(json.dumps(data))
    console = Console(file=io.StringIO(), width=100, height=40, force_terminal=False)
    again = Session(
        saved.game, {0: "you"}, {}, {1: "random", 2: "random"}, console, 0.0, None, saved.notes
    )
    book = again.notebooks[0]
    assert book.cell_notes == {
        ("knife", "envelope"): "!",
        ("plum", 1): "2",
        ("rope", "pile"): "x",
    }
    assert book.notes == {"hall": "seen twice", "wrench": "0 x"}
    page = Page(page_text(again, 0))
    assert page.own("Rope", "pile") == "x" and page.own("Knife", "env") == "!"
    assert page.own("Professor Plum", "M") == "2"


# -- what a player reads --------------------------------------------------------------------


def assert_reads_well(screen: str, seats: int, card_set: str = "classic") -> None:
    """Card names, not ids; seats by letter, never counted from 0; no bare place ids."""
    for card in load_card_set(card_set).ids:
        assert not re.search(rf"\b{card}\b", screen), (card, screen)
    assert "face_up" not in screen and "_" not in screen
    page = Page(screen)
    assert "0" not in page.heads and all(not h.isdigit() or int(h) >= 1 for h in page.heads)
    assert len([h for h in page.heads if len(h) == 1]) >= seats


def test_a_clue_or_cruel_guest_reads_the_clue_pile_column(tmp_path: Path) -> None:
    person = Person("--rules clue-or-cruel --players 3 --seed 2 --no-race", tmp_path)
    assert "You are a guest" in person.screen
    person.say("mark ro pile ?")
    screen = person.say("notes")
    assert_reads_well(screen, 3)
    page = Page(screen)
    assert list(page.heads) == ["S", "M", "W", "env", "pile"]
    assert "pile the clue pile" in screen and "env the envelope" in screen
    assert page.own("Rope", "pile") == "?"
    # Before any gem is taken every card is in the envelope or the pile: nobody holds one.
    assert all(page.glyph(name, h) == "-" for name in page.rows for h in "SMW")
    assert "Enter: back" in screen
    person.say("")
    person.say("quit", "[Y/n] ")
    person.say("y", "File to save to")
    person.say("cruel.json", "Resume with")
    assert person.finish() == 0
    game = read_save((tmp_path / "cruel.json").read_bytes()).game
    truth = expected_marks(game, 0)
    names = {v: k for k, v in card_names_of(game).items()}
    for name in page.rows:
        card = names[name]
        assert ENVELOPE_GLYPHS[page.glyph(name, "env")] == truth.mark(card, "envelope")
        if page.own(name, "pile") is None:
            assert SEAT_GLYPHS[page.glyph(name, "pile")] == truth.mark(card, "pile")


def card_names_of(game: Game) -> dict[str, str]:
    session = session_for(game, [0])
    return card_names(session)


def test_a_killer_kloo_doo_player_reads_the_middle_column(tmp_path: Path) -> None:
    person = Person("--rules killer-kloo-doo --players 3 --seed 4", tmp_path)
    screen = person.say("notes")
    assert_reads_well(screen, 3)
    page = Page(screen)
    assert list(page.heads) == ["S", "M", "W", "env", "mid"]
    assert "mid the middle" in screen
    # Your own clue cards are yours; the others' are unknown to you until seen.
    hand = [n for n in page.rows if page.glyph(n, "S") == "+"]
    assert hand and all(page.glyph(n, "env") == "x" for n in hand)
    person.say("")
    person.say("quit", "[Y/n] ")
    person.say("y", "File to save to")
    person.say("kkd.json", "Resume with")
    assert person.finish() == 0
    game = read_save((tmp_path / "kkd.json").read_bytes()).game
    session = session_for(game, [0])
    truth = expected_marks(game, 0)
    names = {v: k for k, v in card_names_of(game).items()}
    heads = head_places(session, 0)
    for name in page.rows:
        for head, place in heads.items():
            glyphs = ENVELOPE_GLYPHS if place == "envelope" else SEAT_GLYPHS
            assert glyphs[page.glyph(name, head)] == truth.mark(names[name], place)


def test_the_classic_notebook_page_fits_an_80x24_terminal(tmp_path: Path) -> None:
    person = Person("--players 6 --bots 5 --seed 3", tmp_path)
    screen = person.say("notes")
    lines = screen.splitlines()
    # Header, 21 cards, the column words and the marks' meaning with the prompt: 24.
    assert len(lines) == 24 and lines[0].startswith("card ")
    assert_reads_well(screen, 6)
    assert "env the envelope" in screen and "! in the envelope" in lines[-1]
    assert lines[-1].rstrip().endswith("Enter: back >")
    person.say("")
    person.say("quit", "[Y/n] ")
    person.say("n", "Goodbye")
    assert person.finish() == 0
