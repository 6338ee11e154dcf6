"""The smallest phones and zoomed pages: nothing spills sideways."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import screenshot
from tests.browser.test_table_on_phones import create_table, join

pytestmark = pytest.mark.browser


def overflow(page) -> int:  # type: ignore[no-untyped-def]
    return int(page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth"))


def test_mission_red_planet_with_five_players_fits_a_320_px_phone(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    create_table(host, live_server, "mission-red-planet", ["Aki", "Ben", "Chika", "Dai", "Emi"])
    link = live_server + host.locator("a[href^='/join/']").first.get_attribute("href")
    aki = phone()
    aki.set_viewport_size({"width": 320, "height": 640})
    join(aki, link, "Aki")
    assert overflow(aki) == 0
    plus = aki.get_by_role("button", name="+1: land one of my crew in Zone 1", exact=True).bounding_box()
    assert plus is not None and plus["x"] + plus["width"] <= 320
    screenshot(aki, "mars-320")


def test_pages_at_200_percent_zoom_keep_their_controls_usable(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    page = phone()
    page.set_viewport_size({"width": 195, "height": 422})  # 390 × 844 at 200 %
    page.goto(live_server + "/new")
    assert overflow(page) == 0
    name = page.locator("#name-1").bounding_box()
    assert name is not None and name["width"] >= 80  # was about 21 px
    language = page.locator("header .lang button").last.bounding_box()
    assert language is not None and language["x"] + language["width"] <= 195
    screenshot(page, "new-table-200-percent")


def test_crafting_the_cosmos_with_every_section_open_fits_a_390_px_phone_in_japanese(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    create_table(host, live_server, "crafting-the-cosmos", ["Aki", "Ben", "Chika", "Dai"])
    link = live_server + host.locator("a[href^='/join/']").first.get_attribute("href")
    aki = phone(locale="ja-JP")
    join(aki, link, "Aki")
    aki.evaluate("() => document.querySelectorAll('#board details').forEach((d) => { d.open = true; })")
    assert overflow(aki) == 0
    screenshot(aki, "cosmos-open-390-ja")


# -- Every game's board at 390 px, in both languages (issue 42) ------------------------------------

# One worked example per game, and the ones whose boards show the longest controls.
BOARDS = (
    "andromeda",
    "crafting-the-cosmos",
    "mission-red-planet",
    "mission-red-planet-cards",
    "space-base-abilities",
    "welcome-to-the-moon-sabotage",
    "welcome-to-the-moon-astra",
)

# What does not fit a phone: a button or a folded section's label on more than one line, an element
# wider than the screen, a table wider than its box, a placeholder cut off in its field.
DOES_NOT_FIT = """() => {
  const width = document.documentElement.clientWidth;
  const shown = (element) => element.getClientRects().length > 0 && !element.closest(".sr-only, [hidden]");
  const words = (element) => (element.innerText || element.getAttribute("aria-label") || element.tagName)
    .trim().replace(/\\s+/g, " ").slice(0, 90);
  const lines = (element) => {
    const rects = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent.trim() || node.parentElement.closest(".sr-only")) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      rects.push(...range.getClientRects());
    }
    rects.sort((a, b) => a.top - b.top);
    let count = 0, bottom = -Infinity;
    for (const rect of rects) {
      if (rect.top >= bottom - 2) count += 1;
      bottom = Math.max(bottom, rect.bottom);
    }
    return count;
  };
  const found = [];
  for (const element of document.querySelectorAll("button, .button, summary")) {
    if (shown(element) && element.innerText.trim() && lines(element) > 1) {
      found.push(`${element.tagName.toLowerCase()} on ${lines(element)} lines: ${words(element)}`);
    }
  }
  for (const table of document.querySelectorAll("table")) {
    const box = table.parentElement;
    if (shown(table) && table.scrollWidth > box.clientWidth + 1) {
      found.push(`table ${table.className} ${table.scrollWidth} px in a ${box.clientWidth} px box`);
    }
  }
  for (const element of document.querySelectorAll("body *")) {
    if (!shown(element) || element.closest("table")) continue;
    const rect = element.getBoundingClientRect();
    if (rect.width > width + 1) {
      const name = `${element.tagName.toLowerCase()}.${element.className}`;
      found.push(`${name} ${Math.round(rect.width)} px: ${words(element)}`);
    }
  }
  const context = document.createElement("canvas").getContext("2d");
  for (const input of document.querySelectorAll("input[placeholder]")) {
    if (!shown(input) || input.value) continue;
    const style = getComputedStyle(input);
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    if (context.measureText(input.placeholder).width > room + 1) {
      found.push(`placeholder cut off: ${input.placeholder} (${Math.round(room)} px of room)`);
    }
  }
  if (document.documentElement.scrollWidth > width) {
    found.push(`the page scrolls sideways by ${document.documentElement.scrollWidth - width} px`);
  }
  return found;
}"""


@pytest.mark.parametrize("language", ["ja", "en"])
def test_every_games_board_fits_a_390_px_phone_at_every_moment(  # type: ignore[no-untyped-def]
    live_server: str, phone, tmp_path, language: str
) -> None:
    import json

    from companion.games.registry import GAMES
    from tests.browser.conftest import ARTIFACTS
    from tests.browser.test_words_on_a_phone import LANGUAGES, import_table
    from tests.web.test_japanese_pages import EXAMPLES, moments

    page = phone(LANGUAGES[language])
    found: dict[str, list[str]] = {}
    examples = [path for path in EXAMPLES if path.stem in BOARDS]
    assert {path.stem for path in examples} == set(BOARDS)
    assert {slug for slug in GAMES if any(path.stem.startswith(slug) for path in EXAMPLES)} == {
        slug for slug in GAMES if any(stem.startswith(slug) for stem in BOARDS)
    }  # every game with a worked example has one of them read here
    for example in examples:
        scenario = json.loads(example.read_text())
        # The last entry first: the server then knows the example's cards (Space Base's quick buys at the start).
        for moment, stage in sorted(moments(scenario).items(), key=lambda item: item[0] != "last entry"):
            board = import_table(page, live_server, stage, tmp_path / f"{example.stem}.json")
            seat = page.locator("#host-seat")
            if seat.count():  # the host plays too: the board as the first seat's player sees it
                with page.expect_navigation():
                    seat.locator("xpath=ancestor::form").locator("button").click()
            switch = page.locator("#for-others")
            if switch.count():  # the host sees every seat's controls, as a player sees their own
                switch.first.check()
            page.evaluate("() => document.querySelectorAll('#board details').forEach((d) => { d.open = true; })")
            found[f"{example.stem}, {moment}"] = page.evaluate(DOES_NOT_FIT)
            if found[f"{example.stem}, {moment}"]:
                screenshot(page, f"narrow-{language}-{example.stem}-{moment.replace(' ', '-')}")
            page.goto(board + "/results")
            found[f"{example.stem}, {moment}, results"] = page.evaluate(DOES_NOT_FIT)
    for slug in GAMES:
        page.goto(f"{live_server}/new?game={slug}")
        found[f"new table of {slug}"] = page.evaluate(DOES_NOT_FIT)
    for slug in sorted(slug for slug in GAMES if not any(path.stem.startswith(slug) for path in EXAMPLES)):
        page.goto(f"{live_server}/new?game={slug}")
        for seat, name in enumerate(("Aki", "Ben", "Chika"), start=1):
            page.locator(f"#name-{seat}").fill(name)
        page.locator("form button[type=submit]").first.click()
        page.wait_for_url(re.compile(r"/t/[A-Z0-9]+$"))
        board = page.url
        found[f"{slug}, start"] = page.evaluate(DOES_NOT_FIT)
        page.goto(board + "/results")
        found[f"{slug}, start, results"] = page.evaluate(DOES_NOT_FIT)
    found = {where: what for where, what in found.items() if what}
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"narrow-{language}.json").write_text(json.dumps(found, ensure_ascii=False, indent=1))
    assert found == {}
