"""At 390 px, in Japanese and in English: no button breaks its label over two lines, no English on a
Japanese page once its scripts have run, and every moment in the phone's own time zone."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.games.registry import GAMES
from tests.browser.conftest import ARTIFACTS, screenshot
from tests.web.test_japanese_pages import EXAMPLES, english_on, moments, typed

pytestmark = pytest.mark.browser

LANGUAGES = {"ja": "ja-JP", "en": "en-GB"}
TOKYO = "Asia/Tokyo"

# Each visible button or column heading with more than one line of text: its label and its lines.
WRAPPED_BUTTONS = """() => [...document.querySelectorAll("button, .button, .grid thead th")]
  .filter((element) => element.offsetParent !== null && element.innerText.trim())
  .map((element) => {
    const rects = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent.trim() || node.parentElement.closest(".sr-only")) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      rects.push(...range.getClientRects());
    }
    rects.sort((a, b) => a.top - b.top);
    let lines = 0, bottom = -Infinity;  // a rect below every rect so far starts a line
    for (const rect of rects) {
      if (rect.top >= bottom - 2) lines += 1;
      bottom = Math.max(bottom, rect.bottom);
    }
    return [element.innerText.trim().replace(/\\s+/g, " "), lines];
  })
  .filter(([, lines]) => lines > 1)"""


def import_table(page: Any, server: str, scenario: dict[str, Any], path: Path) -> str:
    """Recreate a table from a scenario through the import page; the phone becomes its host."""
    path.write_text(json.dumps(scenario))
    page.goto(server + "/import")
    page.set_input_files("input[name=scenario]", str(path))
    page.locator("form button[type=submit]").click()
    page.wait_for_url("**/t/*")
    return str(page.url)


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_no_button_or_heading_wraps_at_390_px_on_any_page_of_a_table(  # type: ignore[no-untyped-def]
    live_server: str, phone, tmp_path: Path, language: str
) -> None:
    page = phone(LANGUAGES[language])
    wrapped: dict[str, str] = {}  # each label that wraps: where it first did
    for example in EXAMPLES:
        scenario = json.loads(example.read_text())
        for moment, stage in moments(scenario).items():
            board = import_table(page, live_server, stage, tmp_path / f"{example.stem}.json")
            for where in (board, board + "/log", board + "/results"):
                page.goto(where)
                for label, _lines in page.evaluate(WRAPPED_BUTTONS):
                    wrapped.setdefault(label, f"{example.stem}, {moment}")
                    screenshot(page, f"wrapped-{language}-{example.stem}")
    for where in ("/", "/import", "/me", "/history", *(f"/new?game={slug}" for slug in GAMES)):
        page.goto(live_server + where)
        for label, _lines in page.evaluate(WRAPPED_BUTTONS):
            wrapped.setdefault(label, where)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"wrapped-buttons-{language}.json").write_text(json.dumps(wrapped, ensure_ascii=False, indent=1))
    assert sorted(wrapped) == []


def test_a_japanese_phone_in_tokyo_reads_japanese_and_its_own_time(browser, live_server: str, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from tests.browser.conftest import PATIENCE_MS, PHONE

    context = browser.new_context(locale="ja-JP", timezone_id=TOKYO, **PHONE)
    context.set_default_timeout(PATIENCE_MS)
    page = context.new_page()
    try:
        scenario = json.loads(EXAMPLES[0].read_text())
        board = import_table(page, live_server, scenario, tmp_path / "table.json")
        page.goto(board + "/log")
        names = {player["name"] for player in scenario["players"]} | typed(scenario)
        assert english_on(page.content(), names) == []
        first = page.locator("time[datetime]").first  # the table keeps the zone of the phone that imported it
        assert first.get_attribute("data-zone") == TOKYO
        utc = first.get_attribute("datetime")
        assert utc is not None
        tokyo = "{timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit', second: '2-digit'}"
        shown = page.evaluate(f"(at) => new Date(at).toLocaleString('ja-JP', {tokyo})", utc)
        assert first.inner_text() == shown and "UTC" not in first.inner_text()
    finally:
        context.close()
