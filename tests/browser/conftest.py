"""A live server on a free port and Debian's Chromium driven by Playwright, phone-sized."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from companion.storage.migrate import upgrade
from companion.web.app import create_app

CHROMIUM = os.environ.get("COMPANION_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
# How long a phone waits for something that must happen (a page, a button, a live update)
# before the test fails. Generous, because a shared CI machine can run several times slower
# than a desk: the tests check what happens, never how fast (benchmarks in bench/ do that).
PATIENCE_MS = int(os.environ.get("COMPANION_BROWSER_PATIENCE_MS", "30000"))


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[str]:
    url = f"sqlite:///{tmp_path / 'browser.sqlite3'}"
    upgrade(url)
    app = create_app({"DATABASE_URL": url, "SECRET_KEY": "browser-tests"})
    # Served as ./scripts/run serves it, on every network of the machine: the host's browser opens
    # it through 127.0.0.1, and the links it shows (results, QR codes) name the machine's address.
    server = make_server("0.0.0.0", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(5)
    app.extensions["companion.engine"].dispose()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        pytest.skip(
            f"Chromium not found at {CHROMIUM}: install Debian's chromium package (scripts/test does it as root)"
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def phone(browser) -> Iterator[Callable[..., object]]:  # type: ignore[no-untyped-def]
    """Open a new phone (its own cookies) in the given language."""
    contexts = []

    def open_phone(locale: str = "en-GB") -> object:
        context = browser.new_context(locale=locale, **PHONE)
        context.set_default_timeout(PATIENCE_MS)
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        context.close()


def screenshot(page, name: str) -> None:  # type: ignore[no-untyped-def]
    """Keep a picture of the screen for a person to look at (test-artifacts/, git-ignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
