"""Each rule set's own panel on the table page and in the replay, in a real Chromium.

A person sits at a table with bots. Where the rule set's thing needs the game to
go on (a playing card drawn, a trait rolled), a turn timer of one second lets a
stand-in bot play the person's seat, so the test only watches the page, as a
player would, until it appears: Clussassin's target and line of sight on the
board, Killer Kloo Doo's playing cards as card faces, Pendragon's character sheet
and its d20, Clue or Cruel's gems and role. The replays of whole games among bots
show the panels step by step, and Pendragon's ends with the game master's report.
Every panel's text is in words (no raw ids, no null), also for a spectator.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from browser_kit import CHROMIUM, CHROMIUM_ARGS, LiveServer, wait_until
from playwright.sync_api import Browser, ConsoleMessage, Page, sync_playwright

from cluedo.content.cards import load_card_set
from cluedo.engine import new_game
from cluedo.presentation import Narrator
from cluedo.presentation.names import Names
from cluedo.web.words import initials_of

# Words a person must never read in a panel: raw values and ids.
RAW = re.compile(r"\b(null|undefined|NaN|true|false)\b|\[object|_|\bseat 0\b", re.IGNORECASE)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(autouse=True)
def pages_closed_after(browser: Browser) -> Iterator[None]:
    """Each test's pages close after it: a page left open would go on drawing frames."""
    yield
    for context in browser.contexts:
        context.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("panels") / "web.sqlite").start()
    yield live
    live.kill()


def watch(page: Page, problems: list[str]) -> None:
    """Note every page error, console error and complaint of a panel."""
    page.set_default_timeout(30_000)
    page.on("pageerror", lambda e: problems.append(str(e)))

    def console(message: ConsoleMessage) -> None:
        if message.type == "error" or "variant panel" in message.text:
            problems.append(message.text)

    page.on("console", console)


class Table:
    """A table page for one person (seat 1) against bots, watched for problems."""

    def __init__(
        self, browser: Browser, server: LiveServer, rules: str, moving: bool, **options: Any
    ) -> None:
        seats = [{"kind": "person"}] + [{"kind": "bot", "bot": "sensible"}] * 2
        made = server.post(
            "/api/tables",
            {
                "rules": rules,
                "players": 3,
                "seats": seats,
                "options": options,
                # moving: a stand-in bot plays the person's seat after a second, so the
                # game goes on; a short pause between bots' moves leaves the page time to
                # draw each frame. Otherwise the game waits for the person.
                "settings": {"bot_delay": 0.2, "turn_limit": 1 if moving else None},
            },
        )
        joined = server.post(f"/api/tables/{made['code']}/join", {"name": "Ann"})
        self.code = made["code"]
        self.server = server
        self.problems: list[str] = []
        self.page = self.open(browser, server.url + joined["url"])

    def open(self, browser: Browser, url: str, width: int = 1280) -> Page:
        self.context = browser.new_context(viewport={"width": width, "height": 900})
        page = self.context.new_page()
        watch(page, self.problems)
        page.goto(url)
        wait_until(page, "document.querySelector('#board rect')", 60_000)
        show_panels(page)
        return page

    def spectator(self, browser: Browser) -> Page:
        """A spectator's page (the person's page closed: one page drawing at a time)."""
        self.context.close()
        return self.open(browser, f"{self.server.url}/t/{self.code}?spectate=1")


def show_panels(page: Page) -> None:
    """The page offers panels a place (``Cluedo.registerPanel``) and loads its rule set's."""
    assert page.evaluate("!!(window.Cluedo && window.Cluedo.registerPanel)")


def panel_text(page: Page) -> str:
    wait_until(page, "document.querySelector('#variant-panel .vp')", 60_000)
    text: str = page.inner_text("#variant-panel")
    return text


def read_when(page: Page, expression: str, seconds: float) -> Any:
    """The value of a JavaScript expression once it is not null (read in one evaluation)."""
    deadline = time.monotonic() + seconds
    while (value := page.evaluate(expression)) is None:
        assert time.monotonic() < deadline, f"never there: {expression}"
        page.wait_for_timeout(50)
    return value


def shot(page: Page, name: str) -> None:
    """A screenshot for a person to look at, into the folder CLUEDO_PANEL_SHOTS names
    (none when it is not set; nothing checks it)."""
    folder = os.environ.get("CLUEDO_PANEL_SHOTS")
    if folder:
        page.screenshot(path=os.path.join(folder, name), full_page=True)


def assert_plain_words(text: str) -> None:
    found = RAW.search(text)
    assert found is None, f"raw value {found.group(0)!r} in the panel: {text}"


def test_clussassin_panel_names_your_target_and_draws_line_of_sight_and_range_on_the_board(
    browser: Browser, server: LiveServer
) -> None:
    table = Table(browser, server, "clussassin", moving=False)
    page = table.page
    wait_until(page, "document.querySelector('#variant-panel .vp-target')")
    target = page.get_attribute("#variant-panel .vp-target", "data-target")
    assert target
    text = panel_text(page)
    assert f"Your target: {load_card_set('classic', 'us').name(target)}" in text
    assert "Kill zones" in text and "Specialty weapons" in text and "Safe room" in text
    assert_plain_words(text)
    # Your start square is in the hallway: the squares you see are drawn on the board,
    # those within three squares hatched as your attack range, with words for both.
    wait_until(page, "document.querySelector('#board .vp-sight rect')")
    sight = page.locator("#board .vp-sight-square, #board .vp-range-square").count()
    in_range = page.locator("#board .vp-range-square").count()
    assert sight > 0 and 0 < in_range <= sight
    label = page.get_attribute("#board .vp-sight", "aria-label") or ""
    assert f"{sight} squares in your line of sight" in label
    assert page.locator("#board .vp-safe-room").count() == 1
    assert "in your line of sight" in page.inner_text("#variant-panel .vp-legend")
    shot(page, "w3_clussassin.png")
    # A spectator has no target and no line of sight, and the panel still reads well.
    watcher = table.spectator(browser)
    text = panel_text(watcher)
    assert "Your target" not in text and "Safe room" in text
    assert watcher.locator("#board .vp-sight").count() == 0
    assert_plain_words(text)
    assert table.problems == []


def test_killer_kloo_doo_panel_shows_playing_cards_as_faces_with_their_values(
    browser: Browser, server: LiveServer
) -> None:
    table = Table(browser, server, "killer-kloo-doo", moving=True)
    page = table.page
    text = panel_text(page)
    assert "Part 1: the investigation" in text
    assert "Weapons in the middle" in text and "Clue cards in the middle" in text
    # The weapons lie in the middle of the board at the start, drawn there and named in
    # the panel (read in one go: the game goes on meanwhile).
    drawn, row = page.evaluate(
        "[[...document.querySelectorAll('#board .vp-middle [data-vp-weapon]')].map((g) =>"
        " g.getAttribute('aria-label')), [...document.querySelectorAll('#variant-panel .vp-row')]"
        ".map((r) => r.innerText).find((t) => t.startsWith('Weapons in the middle'))]"
    )
    assert 4 <= len(drawn) <= 6 and all(w in row for w in drawn)
    # A card is drawn on entering a room: the first card face in your hand, read in one
    # go (the game goes on, and the panel is drawn again with each frame).
    face = read_when(
        page,
        "(() => { const f = document.querySelector('#variant-panel .vp-my-cards .vp-card');"
        " return f && {code: f.dataset.card, label: f.getAttribute('aria-label'),"
        " text: f.innerText, cls: f.className}; })()",
        90,
    )
    # The face says rank, suit and value in words, and shows the symbol and value.
    expected = Names.playing_card(face["code"])  # e.g. "Queen of Hearts (13)"
    rank_suit, value = expected.rsplit(" (", 1)
    assert face["label"].startswith(f"{rank_suit}, worth {value[:-1]}")
    assert value[:-1] in face["text"] and any(s in face["text"] for s in "♠♥♦♣")
    red = face["code"][-1] in "HD"
    assert ("vp-red" if red else "vp-black") in face["cls"]
    assert_plain_words(panel_text(page))
    shot(page, "w3_kkd.png")
    watcher = table.spectator(browser)
    assert "Your playing cards" not in panel_text(watcher)
    assert_plain_words(panel_text(watcher))
    assert table.problems == []


def test_pendragon_panel_lays_out_your_character_sheet_and_the_d20_of_a_trait_roll(
    browser: Browser, server: LiveServer
) -> None:
    table = Table(browser, server, "pendragon", moving=True)
    page = table.page
    wait_until(page, "document.querySelector('#variant-panel .vp-sheet.vp-mine')")
    sheet = page.locator("#variant-panel .vp-sheet.vp-mine")
    text = sheet.inner_text()
    for heading in ("Traits", "Skills", "Weapon skills"):
        assert heading.upper() in text.upper()
    # Traits in their opposed pairs, each with its value.
    assert re.search(r"Energetic\s+\d+", text) and re.search(r"Lazy\s+\d+", text)
    assert page.locator("#variant-panel .vp-sheet.vp-mine .vp-pair").count() == 4
    assert "chamber with the Staircase" in panel_text(page)
    assert page.locator("#board .vp-stair-mark").count() == 1
    # A face-down reward card in each room that still holds one, named in the panel too
    # (read in one go: the game goes on meanwhile).
    rooms, row = page.evaluate(
        "[[...document.querySelectorAll('#board .vp-reward-mark')].map((g) =>"
        " g.getAttribute('aria-label')), [...document.querySelectorAll('#variant-panel .vp-row')]"
        ".map((r) => r.innerText).find((t) => t.startsWith('Rewards still face down'))]"
    )
    assert 1 <= len(rooms) <= 11 and row
    for label in rooms:
        assert label.startswith("A reward card lies face down in the ")
        assert label.removeprefix("A reward card lies face down in the ") in row
    # The first room entered asks for a roll: the d20 is drawn with its number.
    wait_until(page, "document.querySelector('#variant-panel .vp-rolls .vp-d20')", 90_000)
    die = page.locator("#variant-panel .vp-rolls .vp-d20").first
    assert re.fullmatch(
        r"a d20 showing \d+, a (critical success|success|failure|fumble)",
        die.get_attribute("aria-label") or "",
    )
    assert re.search(r"on the d20, a (critical success|success|failure|fumble)", panel_text(page))
    assert_plain_words(panel_text(page))
    shot(page, "w3_pendragon.png")
    watcher = table.spectator(browser)
    assert "Your character sheet" not in panel_text(watcher)
    assert_plain_words(panel_text(watcher))
    assert table.problems == []


def test_clue_or_cruel_panel_draws_gems_and_your_role_and_the_tally_only_to_the_accomplice(
    browser: Browser, server: LiveServer
) -> None:
    table = Table(browser, server, "clue-or-cruel", moving=False)
    page = table.page
    wait_until(page, "document.querySelector('#variant-panel .vp-role')")
    role = page.get_attribute("#variant-panel .vp-role", "data-role")
    text = panel_text(page)
    assert ("You are the accomplice." if role == "accomplice" else "You are a guest.") in text
    assert "Gems on the board" in text and "Bluff calls" in text
    board_gems = page.get_attribute("#variant-panel .vp-row .vp-gems", "aria-label") or ""
    assert re.fullmatch(r"Gems on the board: \d+ gems?", board_gems)
    assert page.locator("#variant-panel .vp-people .vp-gems").count() == 3
    # The tally of successful bluffs is the accomplice's secret.
    assert page.locator("#variant-panel .vp-tally").count() == (1 if role == "accomplice" else 0)
    # Every gem on the board is drawn, and counted in words.
    drawn = page.locator("#variant-panel .vp-row .vp-gems .vp-gem").count()
    assert board_gems == f"Gems on the board: {drawn} gems"
    assert_plain_words(panel_text(page))
    shot(page, "w3_cruel.png")
    watcher = table.spectator(browser)
    text = panel_text(watcher)
    assert "You are" not in text and watcher.locator("#variant-panel .vp-tally").count() == 0
    assert_plain_words(text)
    assert table.problems == []


def finished_replay(browser: Browser, server: LiveServer, rules: str) -> tuple[Page, list[str]]:
    """A whole game among three bots, then its replay page (every card shown)."""
    seats = [{"kind": "bot", "bot": "sensible"}] * 3
    made = server.post(
        "/api/tables",
        {"rules": rules, "players": 3, "seats": seats, "settings": {"bot_delay": 0}},
    )
    deadline = time.monotonic() + 60
    while server.get(f"/api/tables/{made['code']}")["status"] != "finished":
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.2)
    problems: list[str] = []
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    watch(page, problems)
    page.goto(f"{server.url}/replay/{made['code']}")
    wait_until(page, "document.querySelector('#variant-panel .vp')", 60_000)
    return page, problems


def step(page: Page, button: str) -> None:
    """Click a replay control, unless the replay is already there (it is then disabled)."""
    if page.locator(button).is_enabled():
        page.click(button)


def test_pendragon_replay_ends_with_the_game_masters_report_laid_out(
    browser: Browser, server: LiveServer
) -> None:
    page, problems = finished_replay(browser, server, "pendragon")
    step(page, "#rp-first")
    wait_until(page, "!document.querySelector('#variant-panel .vp-report')")
    assert_plain_words(panel_text(page))
    step(page, "#rp-last")
    wait_until(page, "document.querySelector('#variant-panel .vp-report')")
    report = page.locator("#variant-panel .vp-report")
    text = report.inner_text()
    assert "The game master's report" in text and "Crime Folder" in text
    # A card per knight, with its Glory, every d20 roll in a table, and the boxes to check.
    knights = report.locator(".vp-report-knight")
    assert knights.count() == 3
    for i in range(3):
        knight = knights.nth(i)
        assert re.search(r"Glory \d+", knight.inner_text())
        rows = knight.locator("tbody tr")
        assert rows.count() >= 1
        first = rows.first.locator("td").all_inner_texts()
        # A knight who never rolled the d20 in this game has a line saying so.
        if first != ["No rolls."]:
            assert first[0] in "☑☐" and (len(first) == 1 or first[3].isdigit())
        assert "Boxes to check" in knight.inner_text()
    assert_plain_words(panel_text(page))
    shot(page, "w3_pendragon_report.png")
    assert problems == []


@pytest.mark.parametrize("rules", ["killer-kloo-doo", "clussassin", "clue-or-cruel"])
def test_a_variant_panel_follows_the_replay_from_first_step_to_last_in_words(
    browser: Browser, server: LiveServer, rules: str
) -> None:
    page, problems = finished_replay(browser, server, rules)
    step(page, "#rp-first")
    first = panel_text(page)
    step(page, "#rp-last")
    wait_until(page, f"document.querySelector('#variant-panel').innerText !== {json.dumps(first)}")
    for text in (first, panel_text(page)):
        assert_plain_words(text)
    assert problems == []


# -- moments a short live game seldom reaches, drawn from the engine's own views ---------


@pytest.fixture
def panel_page(browser: Browser, server: LiveServer) -> Iterator[tuple[Page, list[str]]]:
    """The front page with every panel file loaded, to draw panels from given frames."""
    problems: list[str] = []
    page = browser.new_context(viewport={"width": 900, "height": 900}).new_page()
    watch(page, problems)
    page.goto(server.url + "/")
    for name in ("clue_or_cruel", "killer_kloo_doo", "pendragon", "clussassin"):
        page.add_script_tag(url=f"/static/panels/{name}.js")
    yield page, problems


def frame_of(rules: str, seat: int, seed: int, log: list[dict[str, Any]], **changes: Any) -> Any:
    """A seat's frame: the engine's view of a new game, with ``changes`` made as later
    in a game, and ``log`` narrated for that seat."""
    game = new_game(rules, players=3, seed=seed)
    view = game.view(seat)
    view.pop("log")
    view.update(changes)
    narrator = Narrator(rules, view, viewer=seat)
    narration = [{"text": narrator.event(e), "moment": False} for e in log]
    return {"view": view, "log": log, "log_start": 0, "narration": narration, "seats": None}


def draw(page: Page, rules: str, frame: Any, edition: str = "us") -> str:
    """The panel drawn from ``frame`` on the page; its text."""
    cards = load_card_set("classic", edition)
    names = {c: cards.name(c) for c in cards.ids}
    text: str = page.evaluate(
        """([rules, frame, names]) => {
          const ctx = {names, seatLabel: (s) => 'Player ' + (s + 1), act: () => {}, board: null,
            boardGeometry: {squareSize: 1, originX: 0, originY: 0, toXY: (a) => [a[1], a[0]]}};
          const made = window.CluedoPanels[rules].panel(frame, ctx);
          const box = document.getElementById('drawn') || document.createElement('div');
          box.id = 'drawn';
          box.replaceChildren(made);
          document.body.append(box);
          return made.innerText;
        }""",
        [rules, frame, names],
    )
    return text


def test_killer_kloo_doo_contests_show_both_sides_cards_and_part_two_its_escape(
    panel_page: tuple[Page, list[str]],
) -> None:
    page, problems = panel_page
    log = [
        {"kind": "persuasion", "seat": 1, "person": "scarlet", "card_played": "9H",
         "against": "4H", "won": True},
        {"kind": "contest_result", "type": "grab", "seat": 2, "target": 0,
         "cards": ["10C", "JC"], "won": False},
    ]  # fmt: skip
    text = draw(page, "killer-kloo-doo", frame_of("killer-kloo-doo", 0, 1, log), "uk")
    contests = page.locator("#drawn .vp-contest")
    assert contests.count() == 2
    # The latest first, each with both sides' card faces and the narrator's sentence.
    grab, persuasion = contests.nth(0), contests.nth(1)
    assert [grab.locator(".vp-card").nth(i).get_attribute("data-card") for i in (0, 1)] == [
        "10C",
        "JC",
    ]
    assert "Mrs White" in grab.inner_text() and "You" in grab.inner_text()
    assert "Jack of Clubs (12)" in grab.inner_text()
    assert persuasion.locator(".vp-card").count() == 2
    assert "Colonel Mustard persuades you to come" in persuasion.inner_text()
    assert_plain_words(text)

    part_two = frame_of(
        "killer-kloo-doo", 0, 1, [], part=2, playing_cards=["KH", "3D"],
        survival={"scarlet": 18, "mustard": 30, "white": 5, "green": 7, "peacock": 9, "plum": 4},
        objectives=["plum", "rope", "hall"], achieved=[["plum"], [], []], escaping=1,
        carried=[["revolver"], [], []], middle_weapons=[], middle_clues=0,
        weapons={w: "lounge" for w in ("candlestick", "knife", "lead_pipe", "rope", "wrench")},
    )  # fmt: skip
    text = draw(page, "killer-kloo-doo", part_two, "uk")
    assert "Part 2: the escape" in text
    assert "Colonel Mustard is on the staircase with every objective done" in text
    assert "helicopter" in text
    assert page.get_attribute("#drawn .vp-escape svg", "aria-label") == "the helicopter"
    assert "Your objectives (1 of 3 done)" in text
    assert "Kill Professor Plum - done" in text
    assert "Clean the Rope in the Kitchen, then throw it out of the Hall" in text
    assert "Search and clear the Hall" in text
    assert page.get_attribute("#drawn .vp-row .vp-survival", "aria-label") == (
        "your survival points: 18"
    )
    faces = page.locator("#drawn .vp-my-cards .vp-card")
    assert (
        faces.nth(0).get_attribute("aria-label") == "King of Hearts, worth 15: a servant (or heal)"
    )
    assert_plain_words(text)
    assert problems == []


def test_clue_or_cruel_tally_is_drawn_for_the_accomplice_and_bluff_calls_for_all(
    panel_page: tuple[Page, list[str]],
) -> None:
    page, problems = panel_page
    game = new_game("clue-or-cruel", players=3, seed=5)
    accomplice = game.rules.reveal(game.state)["accomplice"]
    guest, other = (accomplice + 1) % 3, (accomplice + 2) % 3
    call = {"seat": guest, "player": other, "card": "knife", "right": False}
    tally = {"bluffs": ["rope", "plum"], "successes": [{"card": "rope", "by": guest}], "needed": 3}
    mine = frame_of("clue-or-cruel", accomplice, 5, [], tally=tally, calls=[call])
    assert mine["view"]["role"] == "accomplice"
    text = draw(page, "clue-or-cruel", mine)
    assert "You are the accomplice." in text
    assert page.get_attribute("#drawn .vp-slots", "aria-label") == "1 of 3 successful bluffs"
    assert "Bluffed with" in text and "Rope and Professor Plum" in text
    names = load_card_set("classic", "us")
    who = [names.name(c) for c in game.view(None)["characters"]]
    called = f"called {who[other]} the accomplice, bluffing with the Knife: wrong."
    assert f"{who[guest]} named the Rope" in text
    assert (
        f"{who[guest]} called {who[other]} the accomplice, bluffing with the Knife: wrong." in text
    )
    assert_plain_words(text)
    # A guest's own view holds no tally: none is drawn, and the call is there all the same.
    theirs = frame_of("clue-or-cruel", guest, 5, [], calls=[call])
    text = draw(page, "clue-or-cruel", theirs)
    assert "You are a guest." in text and page.locator("#drawn .vp-tally").count() == 0
    assert f"You {called}" in text
    assert problems == []


def test_clussassin_panel_says_who_killed_whom_and_a_dead_seat_is_told_so(
    panel_page: tuple[Page, list[str]],
) -> None:
    page, problems = panel_page
    characters = new_game("clussassin", players=3, seed=2).view(None)["characters"]
    me, other = characters[0], characters[1]
    names = load_card_set("classic", "us")
    alive = frame_of(
        "clussassin", 0, 2, [], kills=[[me, "green"], [other, "plum"]], dead=["green", "plum"]
    )
    text = draw(page, "clussassin", alive)
    assert f"You killed Mr. Green; {names.name(other)} killed Professor Plum" in text
    assert page.locator("#drawn .vp-people li.vp-gone").count() == 2
    dead = frame_of(
        "clussassin", 0, 2, [], kills=[[other, me]], dead=[me], target=None, in_sight=[]
    )
    text = draw(page, "clussassin", dead)
    assert f"You are dead, killed by {names.name(other)}." in text and "Your target" not in text
    assert_plain_words(text)
    assert problems == []


def test_the_page_and_the_panels_write_initials_by_the_servers_rule(
    panel_page: tuple[Page, list[str]],
) -> None:
    """A token of a character nobody plays gets the same kind of initials as a seated
    one ("Reverend Green" is RG, as the server would mark him, not "Gr")."""
    page, problems = panel_page
    names = ["Reverend Green", "Miss Scarlett", "Colonel Mustard", "Sir Lancelot", "Morgan",
             "Mrs. Peacock", "Jean-Luc Picard", "Dr. Orchid"]  # fmt: skip
    drawn = page.evaluate("(names) => names.map((n) => window.CluedoKit.initialsOf(n))", names)
    assert drawn == [initials_of([n])[0] for n in names]
    assert drawn[0] == "RG" and drawn[4] == "M"
    assert problems == []


def test_killer_kloo_doo_says_you_are_dead_rather_than_show_negative_survival_points(
    panel_page: tuple[Page, list[str]],
) -> None:
    page, problems = panel_page
    view = new_game("killer-kloo-doo", players=3, seed=1).view(0)
    mine = view["characters"][0]
    frame = frame_of("killer-kloo-doo", 0, 1, [], part=2, survival={mine: -7})
    text = draw(page, "killer-kloo-doo", frame, "uk")
    assert "none: you are dead" in text and "-7" not in text
    alive = frame_of("killer-kloo-doo", 0, 1, [], part=2, survival={mine: 14})
    assert "♥ 14" in draw(page, "killer-kloo-doo", alive, "uk")
    assert problems == []


def test_a_panel_is_never_drawn_before_its_stylesheet(browser: Browser, server: LiveServer) -> None:
    # The panels' stylesheet used to be added by the first panel drawn, so the panel
    # showed unstyled until it loaded (a sheet's values run into their names: read that
    # early, "Energetic13"). The page now links it with its own, before any panel.
    page = browser.new_page()
    page.goto(server.url + "/")
    loaded = page.evaluate(
        "[...document.styleSheets].filter((s) => s.href && s.href.endsWith"
        "('/static/panels/panels.css')).map((s) => s.cssRules.length)"
    )
    assert len(loaded) == 1 and loaded[0] > 0, loaded
    assert page.evaluate("document.querySelectorAll('#variant-panel > *').length") == 0
