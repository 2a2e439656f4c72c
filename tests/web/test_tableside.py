"""The table-side notebook at /notebook: a person's record of a real game, read by
the same exact notebook as ``cluedo solve``.

The browser test enters the six-player reference game (tests/data/
neller-clue-transcript.txt) by taps on a phone-sized page, as a person at the
table would, and checks every cell of the grid against ``cluedo solve``'s
notebook for the same record.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_kit import CHROMIUM, CHROMIUM_ARGS, LiveServer, wait_until
from playwright.sync_api import Browser, Page, sync_playwright
from starlette.testclient import TestClient
from web_kit import make_client

from cluedo.deduction.tableside import SESSION_FORMAT, Session, display_name, resolve_card
from cluedo.web.tableside import MAX_LINES, notebook_json

TRANSCRIPT = Path(__file__).resolve().parents[1] / "data" / "neller-clue-transcript.txt"
SETUP = ["players sc mu wh gr pe pl", "me sc", "hand wh li st"]


def transcript_suggestions() -> list[list[str]]:
    """The reference game's suggestions: suggester, three cards, refuter, card."""
    rows = [line.split() for line in TRANSCRIPT.read_text().splitlines()]
    return [row[2:8] for row in rows if row and row[0] == "SUGGEST"]


def solve_lines() -> list[str]:
    """The reference game as ``cluedo solve`` lines (the card only where sc saw it)."""
    lines = list(SETUP)
    for suggester, s, w, r, refuter, card in transcript_suggestions():
        seen = f" {card}" if suggester == "sc" and card not in "?-" else ""
        lines.append(f"{suggester}: {s} {w} {r} > {refuter}{seen}")
    return lines


def library_grid(lines: list[str]) -> dict[str, dict[str, float]]:
    nb = Session.from_lines(lines).notebook
    assert nb is not None
    return {
        card: {loc: float(nb.exact_probability(card, loc)) for loc in nb.locations}
        for card in nb.setup.cards
    }


# -- the server's answer -----------------------------------------------------------


def test_the_answer_for_a_record_is_the_solve_notebook_for_the_same_lines() -> None:
    lines = solve_lines()
    answer = notebook_json({"lines": lines})
    assert answer["error"] is None and answer["accepted"] == len(lines)
    nb = Session.from_lines(lines).notebook
    assert nb is not None and answer["deals"] == nb.deals
    expected = library_grid(lines)
    for card, row in expected.items():
        for place, p in row.items():
            assert answer["grid"][card][place] == pytest.approx(p, abs=1e-6)
    assert answer["solved"] == ["Mrs. Peacock", "Lead Pipe", "Billiard Room"]


def test_every_accepted_line_is_said_in_words_with_the_names_the_person_typed() -> None:
    answer = notebook_json(
        {"lines": ["players Ann Bob Cy", "me ann", "hand wh li st kn ro ha", "bob: mu kn li > cy"]}
    )
    assert answer["said"][:3] == [None, None, None]  # the page words the set-up itself
    assert answer["said"][3] == (
        "Bob suggested Colonel Mustard with the Knife in the Library; Cy showed Bob a card"
    )
    assert [p["name"] for p in answer["players"]] == ["Ann", "Bob", "Cy"]


def test_a_contradicting_line_is_named_and_the_record_before_it_is_kept() -> None:
    lines = [*SETUP, "shown mu ro", "gr: pl ro ha > -"]
    answer = notebook_json({"lines": lines})
    assert answer["error"]["line"] == 5
    assert "line 4" in answer["error"]["message"]
    assert answer["accepted"] == 4
    assert answer["grid"]["rope"]["mu"] == 1.0


def test_card_names_follow_the_edition() -> None:
    answer = notebook_json({"lines": [*SETUP, "sc: gr kn ki > mu kn"], "edition": "uk"})
    weapons = next(g for g in answer["cards"] if g["category"] == "weapon")["cards"]
    assert "Dagger" in [c["name"] for c in weapons]
    assert "you suggested Reverend Green with the Dagger" in answer["said"][3]


def test_advice_names_three_suggestions_only_when_asked() -> None:
    assert notebook_json({"lines": SETUP})["advice"] is None
    picks = notebook_json({"lines": SETUP, "advice": True})["advice"]
    assert len(picks) == 3 and all(len(p["cards"]) == 3 and p["bits"] > 0 for p in picks)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(f"sqlite:///{tmp_path / 'web.sqlite'}") as c:
        yield c


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ([1, 2], "JSON object"),
        ({"lines": "players a b"}, "list of text lines"),
        ({"lines": [], "board": "x"}, "unknown fields board"),
        ({"lines": [], "edition": "fr"}, "edition must be one of us, uk"),
        ({"lines": ["x"] * (MAX_LINES + 1)}, f"at most {MAX_LINES} lines"),
        ({"lines": [], "advice": "yes"}, "advice must be true or false"),
    ],
)
def test_a_request_that_is_not_a_record_gets_a_400_saying_what_is_allowed(
    client: TestClient, body: Any, says: str
) -> None:
    response = client.post("/api/notebook", json=body)
    assert response.status_code == 400
    assert says in response.json()["error"]


def test_the_page_and_the_api_are_served(client: TestClient) -> None:
    page = client.get("/notebook")
    assert page.status_code == 200 and "/static/notebook.js" in page.text
    answer = client.post("/api/notebook", json={"lines": SETUP}).json()
    assert answer["deals"] == notebook_json({"lines": SETUP})["deals"]


# -- in Chromium, by taps ----------------------------------------------------------


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("tableside") / "web.sqlite").start()
    yield live
    live.kill()


class Watched:
    """A phone-sized page that remembers console errors and failed requests."""

    def __init__(self, browser: Browser) -> None:
        self.context = browser.new_context(viewport={"width": 390, "height": 844})
        self.page = self.context.new_page()
        self.page.set_default_timeout(30_000)
        self.problems: list[str] = []
        self.page.on(
            "console", lambda m: self.problems.append(m.text) if m.type == "error" else None
        )
        # A reload cancels what the page was still loading: not a failure.
        self.page.on(
            "requestfailed",
            lambda r: (
                None
                if r.failure == "net::ERR_ABORTED"
                else self.problems.append(f"failed {r.url}: {r.failure}")
            ),
        )
        self.page.on(
            "response",
            lambda r: self.problems.append(f"{r.status} {r.url}") if r.status >= 400 else None,
        )


def tap(page: Page, group: str, label: str) -> None:
    page.get_by_role("group", name=group).get_by_role("button", name=label, exact=True).click()


def player_label(code: str) -> str:
    return "sc (you)" if code == "sc" else code


def enter_setup(page: Page) -> None:
    page.fill("#tn-players", "sc mu wh gr pe pl")
    page.select_option("#tn-me", "sc")
    for code in ("wh", "li", "st"):
        page.locator("#tn-hand").get_by_role(
            "button", name=display_name(resolve_card(code)), exact=True
        ).click()
    page.click("#tn-start")
    page.wait_for_selector("#tn-grid tr")


def enter_suggestion(page: Page, row: list[str]) -> None:
    suggester, s, w, r, refuter, card = row
    tap(page, "Who made the suggestion?", player_label(suggester))
    tap(page, "Which suspect?", display_name(resolve_card(s)))
    tap(page, "Which weapon?", display_name(resolve_card(w)))
    tap(page, "Which room?", display_name(resolve_card(r)))
    tap(page, "Who showed a card?", "Nobody could" if refuter == "-" else player_label(refuter))
    if suggester == "sc" and card not in "?-":
        tap(page, "Which card were you shown?", display_name(resolve_card(card)))
    before = page.locator("#tn-lines li").count()
    page.click("#tn-add")
    wait_until(page, f"document.querySelectorAll('#tn-lines li').length > {before}")


def page_grid(page: Page) -> dict[str, list[str]]:
    rows: dict[str, list[str]] = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#tn-grid tr')]
              .filter(tr => tr.querySelector('th.name'))
              .map(tr => [tr.querySelector('th.name').textContent,
                          [...tr.querySelectorAll('td')].map(td => td.textContent)]))"""
    )
    return rows


def expected_marks(lines: list[str]) -> dict[str, list[str]]:
    nb = Session.from_lines(lines).notebook
    assert nb is not None
    out: dict[str, list[str]] = {}
    for card in nb.setup.cards:
        marks = []
        for loc in nb.locations:
            p = float(nb.exact_probability(card, loc))
            marks.append(
                "✓" if p == 1 else "–" if p == 0 else "<1%" if p < 0.01 else f"{round(p * 100)}%"
            )
        out[display_name(card)] = marks
    return out


def assert_grid_agrees(page: Page, lines: list[str]) -> None:
    """Every cell as ``cluedo solve``'s notebook has it. A percentage may differ by
    one where JavaScript rounds a half up and Python rounds it to even."""
    shown, wanted = page_grid(page), expected_marks(lines)
    assert shown.keys() == wanted.keys()
    for name, marks in wanted.items():
        for got, want in zip(shown[name], marks, strict=True):
            if got.endswith("%") and want.endswith("%") and "<" not in got + want:
                assert abs(int(got[:-1]) - int(want[:-1])) <= 1, (name, shown[name], marks)
            else:
                assert got == want, (name, shown[name], marks)


def test_the_reference_game_entered_by_taps_on_a_phone_agrees_with_cluedo_solve(
    browser: Browser, server: LiveServer, tmp_path: Path
) -> None:
    watched = Watched(browser)
    page = watched.page
    page.goto(server.url + "/notebook")
    enter_setup(page)
    suggestions = transcript_suggestions()
    for row in suggestions[:12]:
        enter_suggestion(page, row)
    lines = solve_lines()
    assert_grid_agrees(page, lines[: 3 + 12])

    # A reload keeps the record (the browser's storage); undo takes back one line.
    page.reload()
    page.wait_for_selector("#tn-grid tr")
    assert page.locator("#tn-lines li").count() == 3 + 12
    page.click("#tn-undo")
    wait_until(page, "document.querySelectorAll('#tn-lines li').length === 14")
    enter_suggestion(page, suggestions[11])
    for row in suggestions[12:]:
        enter_suggestion(page, row)

    assert_grid_agrees(page, lines)
    assert (
        page.locator("#tn-solved")
        .inner_text()
        .startswith("Solved: Mrs. Peacock, Lead Pipe, Billiard Room")
    )
    said = page.locator("#tn-lines li").all_inner_texts()
    assert said[0] == "Players in turn order: sc, mu, wh, gr, pe, pl."
    assert said[3].startswith("You suggested Miss Scarlet with the Rope in the Lounge")

    # Export gives the record in the format cluedo solve resumes.
    with page.expect_download() as download:
        page.click("#tn-export")
    saved = json.loads(Path(download.value.path()).read_text())
    assert saved["format"] == SESSION_FORMAT and saved["lines"] == lines
    assert watched.problems == []


def test_a_line_that_cannot_be_right_is_refused_and_the_record_is_unchanged(
    browser: Browser, server: LiveServer, tmp_path: Path
) -> None:
    watched = Watched(browser)
    page = watched.page
    page.goto(server.url + "/notebook")
    page.evaluate("localStorage.clear()")
    page.reload()
    enter_setup(page)
    page.get_by_role("tab", name="A card shown to you").click()
    tap(page, "Who showed you a card (outside a suggestion)?", "mu")
    tap(page, "Which card were you shown?", "Mrs. White")  # sc holds Mrs. White
    page.click("#tn-add")
    page.wait_for_selector("#error:not([hidden])")
    assert "cannot be right" in page.inner_text("#error")
    assert page.locator("#tn-lines li").count() == 3
    stored = page.evaluate("JSON.parse(localStorage.getItem('cluedo.tableside.v1')).lines")
    assert stored == SETUP

    # An import that does not read is refused whole; the notebook stays as it was.
    bad = tmp_path / "bad.txt"
    bad.write_text("players a b c\nme zz\n")
    page.set_input_files("#tn-import", str(bad))
    wait_until(page, "document.querySelector('#error').textContent.includes('not imported')")
    assert page.locator("#tn-lines li").count() == 3
    page.screenshot(path=str(tmp_path / "refused.png"))
    assert watched.problems == []
