"""Helpers for the browser tests: a real server process and Debian's Chromium.

The server runs as ``cluedo serve`` in its own process (so a test can kill it
with SIGKILL and start it again on the same database). Playwright drives the
system's Chromium; it never downloads a browser.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

CHROMIUM = os.environ.get("CLUEDO_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class LiveServer:
    """``cluedo serve`` in a process of its own, on ``db`` (an SQLite file, or any
    database URL; then ``files`` names where its messages go)."""

    def __init__(self, db: Path | str, port: int | None = None, files: Path | None = None) -> None:
        self.db = db
        self.database = f"sqlite:///{db}" if isinstance(db, Path) else db
        self.files = files if files is not None else Path(str(db))
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> LiveServer:
        cmd = [
            sys.executable,
            "-c",
            "from cluedo.cli import main; main()",
            "serve",
            "--port",
            str(self.port),
            "--database",
            self.database,
            "--bot-delay",
            "0",
        ]
        # The server's messages go to a file: an unread pipe could fill and stall it.
        self.stderr = self.files.with_suffix(".stderr.txt")
        with self.stderr.open("ab") as err_file:
            self.process = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err_file)
        # Generous: a loaded machine can take many seconds to import and bind.
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.url + "/api/rules", timeout=1):
                    return self
            except OSError:
                if self.process.poll() is not None:
                    err = self.stderr.read_text(errors="replace")
                    raise RuntimeError(f"the server exited: {err}") from None
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        """Stop the server at once, as a crash would (SIGKILL: no clean shutdown)."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(
            self.url + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            data: dict[str, Any] = json.loads(response.read())
            return data

    def get(self, path: str) -> dict[str, Any]:
        with urllib.request.urlopen(self.url + path, timeout=10) as response:
            data: dict[str, Any] = json.loads(response.read())
            return data


def wait_until(page: Page, expression: str, timeout: float = 30_000) -> None:
    """Wait (``timeout`` in ms) until a JavaScript expression is true in the page.

    Not ``page.wait_for_function``: that runs its predicate through ``eval`` inside
    the page, which the page's Content-Security-Policy forbids, as it should.
    ``page.evaluate`` comes from outside the page and is not subject to it.
    """
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(f"!!({expression})"):
        if time.monotonic() > deadline:
            raise AssertionError(f"not true within {timeout / 1000:.0f} s: {expression}")
        page.wait_for_timeout(50)


def log_length(page: Page) -> int:
    n: int = page.evaluate("document.querySelectorAll('#log li').length")
    return n


def game_over(page: Page) -> bool:
    return page.locator("#game-over").count() > 0


def my_turn(page: Page) -> bool:
    return bool(page.evaluate("document.body.dataset.yours === 'yes'"))


def wait_for_turn(page: Page, timeout: float = 30) -> bool:
    """Wait until this page may act (True) or the game is over (False)."""
    wait_until(
        page,
        "document.querySelector('#game-over') ||"
        " (document.body.dataset.yours === 'yes'"
        " && document.querySelector('#actions button, #actions form'))",
        timeout=timeout * 1000,
    )
    return not game_over(page)


def frames(page: Page) -> int:
    """How many table frames the page has drawn (each answer of the server is one)."""
    n: int = page.evaluate("+(document.body.dataset.frames || 0)")
    return n


def fill_form(page: Page, kind: str) -> None:
    """Choose the first still-possible value of every drop-down of an action's form and
    send it (an accusation is confirmed in its dialog first)."""
    fold = page.locator(f"#actions details[data-kind={kind}]:not([open]) > summary")
    if fold.count():  # an accusation is folded away until asked for
        fold.click()
    form = page.locator(f"#actions form[data-kind={kind}]")
    for i in range(form.locator("select").count()):
        select = form.locator("select").nth(i)
        values = [v for v in select.locator("option").evaluate_all("o => o.map(x => x.value)") if v]
        if values and not select.input_value():
            select.select_option(values[0])
    form.locator("button[type=submit]").click()
    if page.locator("#confirm[open]").count():
        page.click("#confirm-yes")


def take_one_action(page: Page, accuse: bool = False) -> str:
    """Do one sensible thing on this page, the way a person would; returns what."""
    before = frames(page)
    actions = page.locator("#actions")
    if accuse and actions.locator("form[data-kind=accuse]").count():
        fill_form(page, "accuse")
        done = "accuse"
    elif actions.locator("button[data-kind=roll]").count():
        actions.locator("button[data-kind=roll]").click()
        done = "roll"
    elif page.locator("#board rect.target").count():
        page.locator("#board rect.target").first.click()
        done = "move"
    else:
        forms = [k for k in ("show", "suggest") if actions.locator(f"form[data-kind={k}]").count()]
        buttons = actions.locator("button[data-kind]")
        if forms:
            fill_form(page, forms[0])
            done = forms[0]
        elif actions.locator("button[data-kind=end_turn]").count():
            actions.locator("button[data-kind=end_turn]").click()
            done = "end_turn"
        elif buttons.count():
            done = buttons.first.get_attribute("data-kind") or "button"
            buttons.first.click()
        else:
            kind = actions.locator("form").first.get_attribute("data-kind") or ""
            fill_form(page, kind)
            done = kind
    wait_until(
        page,
        f"+document.body.dataset.frames > {before} || !document.getElementById('error').hidden",
        timeout=30_000,  # generous: the machine running the suite may be very busy
    )
    assert page.locator("#error").is_hidden(), page.inner_text("#error")
    return done


def play_until_over(page: Page, accuse_after: int = 25, limit: int = 400) -> int:
    """Play one page's seat to the end of the game; returns how many actions it took."""
    for count in range(limit):
        if not wait_for_turn(page):
            return count
        take_one_action(page, accuse=count >= accuse_after)
    raise AssertionError("the game did not end")
