"""The page in a real headless browser (Debian's Chromium driven by Playwright)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from browser_kit import (
    CHROMIUM,
    CHROMIUM_ARGS,
    LiveServer,
    game_over,
    log_length,
    my_turn,
    play_until_over,
    take_one_action,
    wait_for_turn,
    wait_until,
)
from playwright.sync_api import Browser, Page, sync_playwright

from cluedo.engine import available


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One server for the module (starting one takes a while); tables keep tests apart."""
    live = LiveServer(tmp_path_factory.mktemp("web") / "web.sqlite").start()
    yield live
    live.kill()


def new_page(browser: Browser, width: int = 1100) -> Page:
    page = browser.new_context(viewport={"width": width, "height": 900}).new_page()
    page.set_default_timeout(30_000)
    return page


def create_from_lobby(
    page: Page, server: LiveServer, name: str, people: int = 1, character: str = "", bot: str = ""
) -> str:
    """Open a three-player classic table from the front page, as a person would; its code."""
    page.goto(server.url + "/")
    page.wait_for_selector("#rules option", state="attached")
    page.select_option("#rules", "classic")
    page.fill("#players", "3")
    page.dispatch_event("#players", "change")
    for seat in range(1, 3):
        if seat < people:
            page.select_option(f"select[data-seat='{seat}']", "person")
        elif bot:
            page.select_option(f"select[data-seat='{seat}']", "bot:" + bot)
    page.fill("#bot-delay", "0")
    page.fill("#my-name", name)
    page.select_option("#my-character", character)
    page.click("#create")
    page.wait_for_url("**/t/*")
    return page.url.split("/t/")[1].split("?")[0]


def test_a_person_creates_a_table_and_plays_a_whole_game_against_bots(
    browser: Browser, server: LiveServer
) -> None:
    page = new_page(browser)
    create_from_lobby(page, server, "Ann", character="plum")
    assert wait_for_turn(page) or game_over(page)
    assert "Professor Plum" in page.inner_text("#status-panel")
    assert page.locator("#hand .card").count() == 6
    assert page.locator("#board circle[data-piece]").count() == 6
    assert "Shuffle commitment:" in page.inner_text("#shuffle")
    assert "secret" not in page.inner_text("#shuffle")  # not before the end
    actions = play_until_over(page, accuse_after=3)
    assert actions > 0
    assert "Game over" in page.inner_text("#game-over")
    page.click("text=Replay with every card shown")
    page.wait_for_selector("#rp-log li")
    assert page.locator("#rp-log li[data-kind]").count() == 0  # replay lines are plain
    assert "dealt" in page.inner_text("#rp-log")  # the narrated log, every card named
    assert page.locator("#rp-reveal .card").count() == 18 + 3  # the hands and the envelope
    page.wait_for_selector("#rp-shuffle[data-verified='yes']")
    assert page.inner_text("#rp-shuffle").startswith("verified: the shuffle matches its commitment")


def test_two_people_play_each_other_and_one_comes_back_after_closing_the_tab(
    browser: Browser, server: LiveServer
) -> None:
    host = new_page(browser)
    # The third seat is a random bot: it accuses at once, almost surely wrongly, so
    # the game ends soon after the two people have accused too.
    code = create_from_lobby(host, server, "<i>Host</i>", people=2, bot="random")

    guest = new_page(browser, width=390)  # a phone-sized screen
    guest.goto(f"{server.url}/t/{code}")
    guest.fill("#join-name", "Guest")
    guest.click("#join")
    guest.wait_for_url("**token=*")
    guest.wait_for_selector("#hand .card")
    # Names are shown as text, never as markup.
    assert "<i>Host</i>" in guest.inner_text("#seat-list")
    assert guest.locator("#seat-list i").count() == 0
    # Each sees only their own hand.
    host_hand = set(host.locator("#hand .card").all_inner_texts())
    guest_hand = set(guest.locator("#hand .card").all_inner_texts())
    assert host_hand and guest_hand and not host_hand & guest_hand

    host_url = host.url
    pages = {"host": host, "guest": guest}
    reopened = False
    acted = {"host": 0, "guest": 0}
    for _ in range(600):
        if any(game_over(p) for p in pages.values()):
            break
        moved = False
        for who, page in pages.items():
            if my_turn(page) and page.locator("#actions button, #actions form").count():
                # Nobody accuses before both have played: a wrong accusation by one,
                # then the bot's, would end the game before the other's first turn.
                take_one_action(page, accuse=acted[who] >= 2 and min(acted.values()) > 0)
                acted[who] += 1
                moved = True
        if not reopened and acted["host"] >= 1:
            # Close the host's tab mid-game and open the seat's link again.
            before = log_length(pages["host"])
            pages["host"].context.close()
            host = browser.new_context().new_page()
            host.goto(host_url)
            wait_until(host, f"document.querySelectorAll('#log li').length >= {before}")
            assert set(host.locator("#hand .card").all_inner_texts()) == host_hand
            pages["host"] = host
            reopened = True
        if not moved:
            pages["host"].wait_for_timeout(30)
    assert reopened
    for page in pages.values():
        page.wait_for_selector("#game-over")
    assert acted["host"] > 0 and acted["guest"] > 0


def test_a_killed_server_restarts_and_the_game_goes_on(
    browser: Browser, server: LiveServer
) -> None:
    # The module's server: restarted on the same database and port, it serves the
    # tests after this one as before.
    seats = [{"kind": "person"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    made = server.post(
        "/api/tables",
        {"rules": "classic", "players": 3, "seats": seats, "settings": {"bot_delay": 0}},
    )
    joined = server.post(f"/api/tables/{made['code']}/join", {"name": "Ann"})
    page = new_page(browser)
    page.goto(server.url + joined["url"])
    for _ in range(2):
        assert wait_for_turn(page)
        take_one_action(page)
    before = log_length(page)
    server.kill()
    wait_until(page, "document.body.dataset.connected === 'no'")
    # A banner says so at once (no click needed), and again when the page is back.
    assert page.get_by_role("status").filter(has_text="Connection lost").is_visible()
    server.start()  # same database, same port: the page reconnects by itself
    wait_until(page, "document.body.dataset.connected === 'yes'", timeout=20_000)
    assert page.get_by_role("status").filter(has_text="Connected again").is_visible()
    wait_until(page, f"document.querySelectorAll('#log li').length >= {before}")
    assert play_until_over(page, accuse_after=1) >= 0
    assert "Game over" in page.inner_text("#game-over")


@pytest.mark.parametrize("rules", available())
def test_every_registered_rule_set_loads_in_the_page_and_can_act(
    browser: Browser, server: LiveServer, rules: str
) -> None:
    made = server.post("/api/tables", {"rules": rules, "settings": {"bot_delay": 0}})
    joined = server.post(f"/api/tables/{made['code']}/join", {"name": "Ann"})
    page = new_page(browser)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # The page works under its Content-Security-Policy: nothing it does is refused.
    page.on("console", lambda m: errors.append(m.text) if "Security Policy" in m.text else None)
    page.goto(server.url + joined["url"])
    page.wait_for_selector("#board rect")
    assert wait_for_turn(page)
    take_one_action(page)
    assert errors == []
    # A spectator of the same table sees the board but no hand and no actions.
    watcher = new_page(browser)
    watcher.goto(f"{server.url}/t/{made['code']}?spectate=1")
    watcher.wait_for_selector("#board rect")
    assert watcher.locator("#hand .card").count() == 0
    assert watcher.locator("#actions button, #actions form").count() == 0


@pytest.mark.parametrize("rules", ["classic", "clue-or-cruel"])
def test_the_notebook_shows_every_place_in_words_and_keeps_the_persons_own_marks(
    browser: Browser, server: LiveServer, rules: str
) -> None:
    made = server.post("/api/tables", {"rules": rules, "players": 3, "settings": {"bot_delay": 0}})
    joined = server.post(f"/api/tables/{made['code']}/join", {"name": "Ann"})
    page = new_page(browser)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + joined["url"])
    assert wait_for_turn(page)
    page.click("#nb-toggle")
    page.wait_for_selector("#notebook table.nb")
    heads = page.locator("#notebook th.place").all_inner_texts()
    extra = ["Envelope", "Clue pile"] if rules == "clue-or-cruel" else ["Envelope"]
    assert len(heads) == 3 + len(extra) and heads[3:] == extra
    assert heads[0].replace("\n", " ").startswith("Ann (")
    words = page.inner_text("#notebook")
    for raw in ("null", "undefined", "_", "Seat 0", "NaN"):
        assert raw not in words
    page.check("#odds")
    wait_until(page, "document.querySelectorAll('#notebook td .odds').length > 0")

    # An own mark: clicked into a square, shown in blue beside the automatic mark.
    def frames() -> int:  # notebook frames the page has had from the server
        return int(page.evaluate("+(document.getElementById('notebook').dataset.frames || 0)"))

    row = page.locator("#notebook tr[data-card='rope']")
    before = frames()
    row.locator("td[data-place='1']").click()
    wait_until(page, f"+document.getElementById('notebook').dataset.frames > {before}")
    assert row.locator("td[data-place='1'] .own").inner_text() == "✓"
    note = row.locator("input.note")
    note.fill("Bob asked twice")
    before = frames()
    note.press("Enter")
    wait_until(page, f"+document.getElementById('notebook').dataset.frames > {before}")
    page.reload()
    assert wait_for_turn(page)
    page.click("#nb-toggle")
    page.wait_for_selector("#notebook table.nb")
    row = page.locator("#notebook tr[data-card='rope']")
    assert row.locator("td[data-place='1'] .own").inner_text() == "✓"
    assert row.locator("input.note").input_value() == "Bob asked twice"
    assert errors == []
