"""The game page in Chromium, played as people play it.

For every rule set a person opens a table in the lobby and plays a whole game
against bots by clicks, on a laptop-sized and on a phone-sized screen; a
classic game is played with the keyboard alone. Every page is watched for
console errors and failed requests, and its words for raw values (``undefined``,
``null``, a seat counted from 0). With ``CLUEDO_SCREENSHOTS=1`` the laptop games
write screenshots of agreed moments to docs/screenshots/<rules>-<moment>.png.
"""

from __future__ import annotations

import itertools
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_kit import CHROMIUM, CHROMIUM_ARGS, LiveServer, wait_until
from playwright.sync_api import Browser, Page, sync_playwright

SHOTS = os.environ.get("CLUEDO_SCREENSHOTS") == "1"
SHOT_DIR = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
DESKTOP = (1366, 768)
PHONE = (390, 844)

# A short game of each rule set: few players, and options chosen in the lobby
# that keep it short (Killer Kloo Doo's turn limit cuts each part short; in
# Pendragon ending a move on the staircase means an accusation). On the phone
# the games are shorter still: in a classic game random bots accuse at once (after
# your first turn: you play first), and Killer Kloo Doo plays Part 2 alone.
GAMES: dict[str, dict[str, Any]] = {
    "classic": {"players": 3, "accuse_after": 3},
    "clue-or-cruel": {
        "players": 3,
        "accuse_after": 3,
        "options": {"accomplice_accusation": "wins"},  # whatever the role, the person may end it
    },
    "killer-kloo-doo": {"players": 2, "accuse_after": 10_000, "options": {"turn_limit": 12}},
    "pendragon": {"players": 3, "accuse_after": 0, "options": {"staircase": "must_accuse"}},
    "clussassin": {"players": 3, "accuse_after": 0},
}
ON_THE_PHONE: dict[str, dict[str, Any]] = {
    "classic": {"bot": "random", "accuse_after": 2},
    "clue-or-cruel": {"accuse_after": 2},  # random bots could end it before your first turn
    "killer-kloo-doo": {"options": {"parts": "survival", "turn_limit": 10}},  # Part 2 alone
}

RAW = re.compile(r"undefined|\bnull\b|\[object|\bNaN\b|\b(?:seat|player) 0\b", re.IGNORECASE)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("pages") / "web.sqlite").start()
    yield live
    live.kill()


class Watched:
    """A page of a given size that remembers console errors and failed requests."""

    def __init__(self, browser: Browser, size: tuple[int, int]) -> None:
        self.context = browser.new_context(viewport={"width": size[0], "height": size[1]})
        self.page = self.context.new_page()
        self.page.set_default_timeout(30_000)
        self.problems: list[str] = []
        page = self.page
        page.on("console", lambda m: self.problems.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))
        # A page left for another cancels what it was still loading: not a failure.
        page.on(
            "requestfailed",
            lambda r: (
                None
                if r.failure == "net::ERR_ABORTED"
                else self.problems.append(f"failed {r.url}: {r.failure}")
            ),
        )
        page.on(
            "response",
            lambda r: self.problems.append(f"{r.status} {r.url}") if r.status >= 400 else None,
        )


# -- what a person sees ---------------------------------------------------------------


def frames(page: Page) -> int:
    return int(page.evaluate("+(document.body.dataset.frames || 0)"))


def assert_words_clean(page: Page) -> None:
    """No visible text nor accessible name shows a raw value or a seat counted from 0;
    every button and every board square has a name."""
    text: str = page.evaluate("document.body.innerText")
    found = RAW.search(text)
    where = text[max(0, found.start() - 80) : found.end() + 80] if found else ""
    assert found is None, f"raw text on the page: {where!r}"
    nameless: list[str] = page.evaluate(
        """() => [...document.querySelectorAll(
                'button, [role=button], #board rect[data-loc], #rp-board rect[data-loc]')]
              .filter(e => !(e.getAttribute('aria-label') || e.textContent).trim())
              .map(e => e.outerHTML.slice(0, 120))"""
    )
    assert nameless == []
    labels: list[str] = page.evaluate(
        "() => [...document.querySelectorAll('[aria-label]')]"
        ".map(e => e.getAttribute('aria-label'))"
    )
    assert [label for label in labels if RAW.search(label)] == []


def assert_fits_the_width(page: Page) -> None:
    wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 1, f"the page is {wide} px wider than the screen"


def yours_or_over(page: Page) -> bool:
    """Wait until this page may act (True) or the game is over (False)."""
    wait_until(
        page,
        "document.querySelector('#game-over') || (document.body.dataset.yours === 'yes' &&"
        " document.querySelector('#actions button:not([disabled]),"
        " #actions select:not([disabled])'))",
        timeout=60_000,
    )
    return page.locator("#game-over").count() == 0


def fill_form(page: Page, form_selector: str) -> None:
    """Choose the first possible value of every drop-down still empty, as a person would
    (unfolding the form first when it is folded to a line)."""
    form = page.locator(form_selector).first
    fold = form.locator("xpath=ancestor::details[not(@open)][1]")
    if fold.count():
        fold.locator("summary").first.click()
    for i in range(form.locator("select").count()):
        select = form.locator("select").nth(i)
        if select.input_value():
            continue
        values = [v for v in select.locator("option").evaluate_all("o => o.map(x => x.value)") if v]
        if values:
            select.select_option(values[0])


def click_and_wait(page: Page, do: Any) -> None:
    before = frames(page)
    do()
    wait_until(
        page,
        f"+document.body.dataset.frames > {before} || !document.getElementById('error').hidden",
        timeout=60_000,
    )
    assert page.locator("#error").is_hidden(), page.inner_text("#error")


OTHER_CHOICES = ("roll", "move", "end_turn", "accuse", "suggest", "stay", "passage")


SEEN = """() => {
  const q = (css) => document.querySelectorAll(css);
  const kinds = (css) => [...q(css)].map((e) => e.dataset.kind);
  return {buttons: kinds("#actions button[data-kind]"), forms: kinds("#actions form[data-kind]"),
          targets: [...q("#board rect.target[role=button]")].map((e) => e.dataset.loc)};
}"""


def take_one_action(page: Page, accuse: bool) -> str:
    """Do one sensible thing the way a person would, by clicks; returns what."""
    seen: dict[str, list[str]] = page.evaluate(SEEN)  # one look at the page, not many
    buttons, forms, targets = seen["buttons"], seen["forms"], seen["targets"]
    actions = page.locator("#actions")
    if accuse and "accuse" in forms:
        # The accusation is folded away until asked for.
        actions.locator("details[data-kind=accuse] > summary").click()
        fill_form(page, "#actions form[data-kind=accuse]")
        actions.locator("form[data-kind=accuse] button[type=submit]").click()
        # An accusation is confirmed first, in a sentence.
        assert page.locator("#confirm").is_visible()
        assert "ccuse" in page.inner_text("#confirm-text")
        click_and_wait(page, lambda: page.click("#confirm-yes"))
        return "accuse"
    for kind in ("attack", "roll"):
        if kind in buttons:
            click_and_wait(page, actions.locator(f"button[data-kind={kind}]").first.click)
            return kind
    if targets:
        rooms = [t for t in targets if t == "staircase"] or [t for t in targets if "," not in t]
        chosen = (rooms or targets)[0]
        square = page.locator(f"#board rect.target[role=button][data-loc='{chosen}']")
        click_and_wait(page, square.click)
        return "move"
    if "suggest" in forms:
        fill_form(page, "#actions form[data-kind=suggest]")
        click_and_wait(page, actions.locator("form[data-kind=suggest] button[type=submit]").click)
        return "suggest"
    others = [b for b in buttons if b != "accuse"]
    kind = "end_turn" if "end_turn" in others else others[0] if others else ""
    if kind:
        click_and_wait(page, actions.locator(f"button[data-kind={kind}]").first.click)
        return kind
    kind = next(f for f in forms if f != "accuse")
    fill_form(page, f"#actions form[data-kind={kind}]")
    click_and_wait(page, actions.locator(f"form[data-kind={kind}] button[type=submit]").click)
    return kind


class Shots:
    """Screenshots of agreed moments of one rule set's game, each taken once."""

    def __init__(self, page: Page, rules: str, on: bool, only: set[str] | None = None) -> None:
        self.page, self.rules, self.on = page, rules, on
        self.only = only  # the moments wanted (None: all)
        self.taken: set[str] = set()

    def take(self, moment: str) -> None:
        if (
            not self.on
            or moment in self.taken
            or (self.only is not None and moment not in self.only)
        ):
            return
        self.taken.add(moment)
        if moment not in ("moment", "end"):  # a moment card would hide what this shot is of
            self.page.evaluate("document.querySelectorAll('.moment').forEach(m => m.remove())")
        self.page.evaluate("window.scrollTo(0, 0)")
        SHOT_DIR.mkdir(parents=True, exist_ok=True)
        name = self.rules if moment == "lobby" else f"{self.rules}-{moment}"
        self.page.screenshot(path=str(SHOT_DIR / f"{name}.png"))


def a_decision(page: Page) -> bool:
    """The person is asked something other than the turn's usual steps (show a card,
    answer a bluff call, a contest, a skill...)."""
    kinds: list[str] = page.evaluate(
        "[...document.querySelectorAll('#actions [data-kind]')].map(e => e.dataset.kind)"
    )
    return any(k not in OTHER_CHOICES for k in kinds)


# Counts every glide the page starts (script animations of the board's SVG, not the CSS
# ring; a token is drawn before its layer joins the board), from the moment the page
# loads: a glide lasts under half a second, so looking for running ones after each
# click could miss them all on a busy machine.
COUNT_GLIDES = """
window.__glides = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  if (this instanceof SVGElement) window.__glides += 1;
  return animate.apply(this, args);
};
"""
GLIDES = "window.__glides || 0"


def create_in_lobby(
    page: Page,
    server: LiveServer,
    rules: str,
    players: int,
    options: dict[str, Any],
    bot: str | None = None,
    shots: Shots | None = None,
) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#rules option", state="attached")
    page.select_option("#rules", rules)
    page.fill("#players", str(players))
    page.dispatch_event("#players", "change")
    assert_words_clean(page)
    # Options in words, never their keys (accuse_after_disproved, bluff_rooms ...).
    assert "_" not in page.inner_text("#create-form")
    for key, value in options.items():
        field = page.locator(f"#opt-{key}")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(f'"{value}"')
        else:
            field.fill(str(value))
    # Bots are offered by name and strength.
    bots = page.locator("select[data-seat='1'] option").all_inner_texts()
    assert any("(medium)" in b or "(easy)" in b or "(hard)" in b for b in bots), bots
    if bot:
        for seat in range(1, players):
            page.select_option(f"select[data-seat='{seat}']", "bot:" + bot)
    page.fill("#bot-delay", "0")
    page.fill("#my-name", "Ann")
    if shots is not None:
        page.evaluate("window.scrollTo(0, 0)")
        shots.take("lobby")
    page.click("#create")
    page.wait_for_url("**/t/*")


def play_whole_game(
    browser: Browser, server: LiveServer, rules: str, size: tuple[int, int], shots_on: bool
) -> Watched:
    game = dict(GAMES[rules])
    options = dict(game.get("options", {}))
    if size == PHONE:
        phone = ON_THE_PHONE.get(rules, {})
        game.update(phone)
        options.update(phone.get("options", {}))
    watched = Watched(browser, size)
    page = watched.page
    page.add_init_script(COUNT_GLIDES)
    lobby = Shots(page, "lobby", shots_on and rules == "classic" and size == DESKTOP, {"lobby"})
    create_in_lobby(page, server, rules, game["players"], options, game.get("bot"), lobby)
    if size == PHONE:  # one shot of the phone's first screen, as "<rules>-phone.png"
        shots = Shots(page, rules, shots_on, {"phone"})
    else:
        shots = Shots(page, rules, shots_on)
    page.wait_for_selector("#board rect")
    mine = 0
    moments: list[int] = []
    glides: list[int] = []
    for count in range(400):
        if not yours_or_over(page):
            break
        if count == 0:
            assert_words_clean(page)
            assert_fits_the_width(page)
            # Your token is ringed and carries initials; the hand is cards with names.
            assert page.locator("#board .token.mine text").count() == 1
            if size == DESKTOP:
                check_links(page)
            page.wait_for_timeout(300)  # let the rule set's panel arrive
            shots.take("start")
            shots.take("phone")
        if size == PHONE:
            # The prompt and its actions are on the first screen, with the board: however
            # many forms a turn offers (Killer Kloo Doo's five pushed the board two screens down).
            tops = page.evaluate(
                "['#actions', '#board'].map(s => document.querySelector(s)"
                ".getBoundingClientRect().top + window.scrollY)"
            )
            assert tops[0] < PHONE[1] and tops[1] < PHONE[1] - 120, tops
            if os.environ.get("CLUEDO_PAGES_TRACE"):
                print("board top", tops[1], repr(page.inner_text("#actions"))[:600])
        if shots.on and page.locator(".moment").count():
            page.wait_for_timeout(400)  # the card has come in
            shots.take("moment")
        if a_decision(page):
            shots.take("decision")
        if page.locator("#actions [data-kind='show']").count():
            # Asked to show a card on someone else's turn is not "your turn".
            assert page.inner_text("#turn") == "Over to you."
        if count % 10 == 0:
            assert_words_clean(page)
        moments.append(page.locator(".moment").count())
        done = take_one_action(page, accuse=mine >= game["accuse_after"])
        mine += 1
        # Tokens and weapons that moved glide there.
        glides.append(page.evaluate(GLIDES))
        if done == "roll":
            assert page.locator("#dice .die").count() >= 1
            shots.take("roll")
        if shots.on and page.locator(".moment").count():
            page.wait_for_timeout(400)
            shots.take("moment")
    else:
        raise AssertionError("the game did not end")
    if os.environ.get("CLUEDO_PAGES_TRACE"):
        print(f"{rules} {size}: {mine} actions by the person")
    page.wait_for_selector("#game-over")
    # What deserves it (a card shown to you, the end...) is a moment on screen, not only a line.
    moments.append(page.locator(".moment").count())
    assert any(moments)
    assert any(glides), "no token or weapon was seen moving on the board"
    end = page.inner_text("#game-over")
    assert end.startswith("Game over") and not re.search(r"held\s*\.", end)
    assert_words_clean(page)
    shots.take("end")
    return watched


def check_links(page: Page) -> None:
    """The invite link says what it is for; the seat's private link is shown to the seat,
    with a Copy button and a QR code a phone can scan."""
    assert (
        page.get_by_label("Link to invite friends", exact=True)
        .input_value()
        .endswith("/t/" + page.url.split("/t/")[1].split("?")[0])
    )
    page.locator("#rejoin > summary").click()
    assert "token=" in page.locator("#rejoin-link").input_value()
    assert page.get_by_role("button", name="Copy: your private link").is_visible()
    wait_until(page, "document.querySelector('#rejoin img.qr').naturalWidth > 0")
    page.locator("#rejoin > summary").click()


def check_replay(watched: Watched, shots: Shots) -> None:
    page = watched.page
    page.click("text=Replay with every card shown")
    page.wait_for_selector("#rp-board rect")
    page.wait_for_selector("#rp-log li.current")
    for button in ("First", "Back", "Play", "Forward", "Last"):
        assert page.get_by_role("button", name=re.compile(button)).count() == 1
    first = page.inner_text("#rp-log li.current")
    forward = page.get_by_role("button", name=re.compile("Forward"))
    for _ in range(6):
        if forward.is_enabled():
            forward.click()
    assert page.inner_text("#rp-log li.current") != first or page.locator("#rp-log li").count() == 1
    # Every card shown (a Killer Kloo Doo game of Part 2 alone deals no clue cards, but
    # each player has objectives).
    assert page.locator("#rp-reveal .reveal-row").count() > 0
    assert_fits_the_width(page)
    assert_words_clean(page)
    page.wait_for_timeout(200)
    shots.take("replay")


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["laptop", "phone"])
@pytest.mark.parametrize("rules", list(GAMES))
def test_a_person_plays_a_whole_game_against_bots_by_clicks(
    browser: Browser, server: LiveServer, rules: str, size: tuple[int, int]
) -> None:
    watched = play_whole_game(browser, server, rules, size, SHOTS)
    check_replay(watched, Shots(watched.page, rules, SHOTS and size == DESKTOP))
    assert watched.problems == []
    watched.context.close()


# -- the keyboard alone -------------------------------------------------------------


def tab_to(page: Page, selector: str, limit: int = 400) -> None:
    """Press Tab until the focus is on an element matching ``selector``."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(
            f"!!document.activeElement && document.activeElement.matches({selector!r})"
        ):
            return
    raise AssertionError(f"Tab never reached {selector}")


def keyboard_form(page: Page, kind: str) -> None:
    """Fill an action's form by keyboard: each drop-down moved to its first choice."""
    fields = page.locator(f"#actions form[data-kind={kind}] select")
    for i in range(fields.count()):
        key = fields.nth(i).get_attribute("data-param")
        if fields.nth(i).input_value():
            continue
        tab_to(page, f"#actions form[data-kind={kind}] select[data-param={key}]")
        page.keyboard.press("ArrowDown")
    tab_to(page, f"#actions form[data-kind={kind}] button[type=submit]")
    page.keyboard.press("Enter")


def test_a_whole_classic_game_can_be_played_with_the_keyboard_alone(
    browser: Browser, server: LiveServer
) -> None:
    watched = Watched(browser, DESKTOP)
    page = watched.page
    page.goto(server.url + "/")
    page.wait_for_selector("#rules option", state="attached")
    tab_to(page, "#players")
    page.keyboard.press("Control+A")
    page.keyboard.type("3")
    tab_to(page, "#bot-delay")
    page.keyboard.press("Control+A")
    page.keyboard.type("0")
    tab_to(page, "#create")
    page.keyboard.press("Enter")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#board rect")
    for mine in range(300):
        if not yours_or_over(page):
            break
        before = frames(page)
        actions = page.locator("#actions")
        if mine >= 3 and actions.locator("form[data-kind=accuse]").count():
            tab_to(page, "#actions details[data-kind=accuse] > summary")
            page.keyboard.press("Enter")  # unfolds it
            keyboard_form(page, "accuse")
            page.wait_for_selector("#confirm[open]")
            assert page.evaluate("document.activeElement.id") == "confirm-yes"
            page.keyboard.press("Enter")
        elif actions.locator("button[data-kind=roll]").count():
            tab_to(page, "#actions button[data-kind=roll]")
            page.keyboard.press("Enter")
        elif page.locator("#board rect.target[role=button]").count():
            tab_to(page, "#board rect.target[role=button]")
            page.keyboard.press("Enter")
        elif actions.locator("form[data-kind=suggest]").count():
            keyboard_form(page, "suggest")
        elif actions.locator("button[data-kind=end_turn]").count():
            tab_to(page, "#actions button[data-kind=end_turn]")
            page.keyboard.press("Enter")
        elif actions.locator("button[data-kind]:not([data-kind=accuse])").count():
            tab_to(page, "#actions button[data-kind]:not([data-kind=accuse])")
            page.keyboard.press("Enter")
        else:  # showing a card: a form of one drop-down
            kind = actions.locator("form:not([data-kind=accuse])").first.get_attribute("data-kind")
            keyboard_form(page, kind or "")
        wait_until(
            page,
            f"+document.body.dataset.frames > {before} || !document.getElementById('error').hidden",
            timeout=60_000,
        )
        assert page.locator("#error").is_hidden(), page.inner_text("#error")
    else:
        raise AssertionError("the game did not end")
    assert page.inner_text("#game-over").startswith("Game over")
    tab_to(page, "a[href^='/replay/']")
    page.keyboard.press("Enter")
    page.wait_for_selector("#rp-log li.current")
    tab_to(page, "#rp-next")
    page.keyboard.press("Enter")
    assert page.inner_text("#rp-step").startswith("Step 2 of")
    assert watched.problems == []
    watched.context.close()


# -- many forms on a phone ------------------------------------------------------------

FORM_KINDS = ("lure", "spy", "steal", "fetch", "bribe")


def at_a_turn_rewritten(
    browser: Browser,
    server: LiveServer,
    size: tuple[int, int],
    rewrite: Callable[[str | bytes], str | bytes],
) -> Watched:
    """A person's page at a two-seat Killer Kloo Doo table (against a random bot),
    every message the server sends passed through ``rewrite`` on its way (to show the
    page a turn the game would seldom deal)."""
    made = server.post(
        "/api/tables",
        {
            "rules": "killer-kloo-doo",
            "players": 2,
            "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}],
            "settings": {"bot_delay": 0},
        },
    )
    joined = server.post(f"/api/tables/{made['code']}/join", {"name": "Ann"})
    watched = Watched(browser, size)

    def route(ws: Any) -> None:
        real = ws.connect_to_server()
        real.on_message(lambda m: ws.send(rewrite(m)))

    watched.page.route_web_socket(re.compile(r".*/ws/.*"), route)
    watched.page.goto(server.url + joined["url"])
    return watched


def with_many_forms(message: str | bytes) -> str | bytes:
    """A state frame as the server sent it, with five forms of three fields each added
    (as a Killer Kloo Doo turn with a full hand offers); other messages unchanged."""
    import json

    if isinstance(message, bytes):
        return message
    frame = json.loads(message)
    if frame.get("type") not in ("state", "update") or not frame.get("view"):
        return message
    fields = [
        {
            "key": key,
            "label": label,
            "options": [{"value": v, "label": f"{label} {v}"} for v in ("a", "b")],
            "optional": False,
        }
        for key, label in (("card", "Card"), ("diamond", "Diamond"), ("whom", "Whom"))
    ]
    for kind in FORM_KINDS:
        frame["forms"].append(
            {"group": f"Form {kind}", "kind": kind, "fields": fields, "confirm": False}
        )
        frame["legal"] += [
            {"kind": kind, "card": c, "diamond": d, "whom": w}
            for c in "ab"
            for d in "ab"
            for w in "ab"
        ]
    return json.dumps(frame)


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["laptop", "phone"])
def test_on_a_phone_a_turn_of_many_forms_keeps_the_board_on_the_first_screen(
    browser: Browser, server: LiveServer, size: tuple[int, int]
) -> None:
    # Killer Kloo Doo's five forms, every one open, pushed the board two screens down;
    # later one open form of four drop-downs beside a row of buttons still pushed it
    # below the first screen, so a phone folds every form of a busy turn.
    watched = at_a_turn_rewritten(browser, server, size, with_many_forms)
    page = watched.page
    wait_until(page, "document.querySelector('#actions form[data-kind=bribe]')")
    tops = page.evaluate(
        "['#actions', '#board'].map(s => document.querySelector(s).getBoundingClientRect().top)"
    )
    assert tops[1] < size[1] - 120, tops
    # On a laptop (the board beside) one form is open, the others a line each; on a
    # phone every one is a line. A line unfolds on a click.
    shown = [k for k in FORM_KINDS if page.locator(f"#actions form[data-kind={k}]").is_visible()]
    assert len(shown) == (0 if size == PHONE else 1), shown
    folded = next(k for k in FORM_KINDS if k not in shown)
    page.click(f"#actions details[data-kind={folded}] > summary")
    assert page.locator(f"#actions form[data-kind={folded}]").is_visible()
    assert watched.problems == []
    watched.context.close()


def with_one_tall_form(message: str | bytes) -> str | bytes:
    """A state frame with its choices replaced by a quiet turn that is still tall: eight
    buttons of one kind, one form of four drop-downs, and ending the turn (three kinds,
    so the form is not folded for being one of many); other messages unchanged."""
    import json

    if isinstance(message, bytes):
        return message
    frame = json.loads(message)
    if frame.get("type") not in ("state", "update") or not frame.get("view"):
        return message
    keys = ("room", "card", "diamond", "whom")
    fields = [
        {
            "key": key,
            "label": key.title(),
            "options": [{"value": v, "label": f"{key.title()} {v}"} for v in ("a", "b")],
            "optional": False,
        }
        for key in keys
    ]
    frame["forms"] = [{"group": "Lure someone", "kind": "lure", "fields": fields, "confirm": False}]
    frame["legal"] = [
        {"kind": "heal", "card": f"the {n + 2} of hearts, kept for later"} for n in range(8)
    ]
    frame["legal"] += [
        {"kind": "lure", **dict(zip(keys, values, strict=True))}
        for values in itertools.product("ab", repeat=len(keys))
    ]
    frame["legal"].append({"kind": "end_turn"})
    return json.dumps(frame)


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["laptop", "phone"])
def test_on_a_phone_a_quiet_but_tall_turn_keeps_the_board_on_the_first_screen(
    browser: Browser, server: LiveServer, size: tuple[int, int]
) -> None:
    # Three kinds of choice keep their form open, but a row of eight buttons beside a
    # form of four drop-downs still pushed a phone's board below the first screen (a
    # Killer Kloo Doo turn: the board at 737 px): a phone folds the form when the
    # board would start below the first screen, measured; a laptop keeps it open.
    watched = at_a_turn_rewritten(browser, server, size, with_one_tall_form)
    page = watched.page
    wait_until(page, "document.querySelector('#actions form[data-kind=lure]')")
    top = page.evaluate(
        "document.querySelector('#board').getBoundingClientRect().top + window.scrollY"
    )
    assert top < size[1] - 120, top
    form = page.locator("#actions form[data-kind=lure]")
    assert page.locator("#actions [data-kind=heal] button").count() == 8
    if size == PHONE:
        assert not form.is_visible()
        page.click("#actions details[data-kind=lure] > summary")
    assert form.is_visible()
    assert watched.problems == []
    watched.context.close()
