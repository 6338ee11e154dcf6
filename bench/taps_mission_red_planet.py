"""Mission: Red Planet's commonest entries, in taps (called by bench/taps.py; not a test: it returns figures).

* a crew move: the move's disclosure, the zone the crew leave, the zone they reach (which sends it);
* a bonus card never typed at this server: the bonus disclosure, its chips (what it counts, its zone,
  its points) and "Keep secret";
* a bonus card seen before (typed at a table that has ended): the disclosure and the card;
* the buttons of the turn and cards cards that wrap onto a second line on a 390 px phone in Japanese
  (none should).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page

from bench.taps import Taps, join, new_table
from tests.browser.conftest import PHONE

OLYMPUS = {"counts": "crew-in-zone", "zone": 4, "points": 6}  # 6 points for the most crew in Zone 4
BONUS_PRESETS = {"counts": "none", "condition": "", "resource": ""}

# How many lines each visible button's text takes: more than one is a button that wraps.
WRAPPED = """root => [...root.querySelectorAll('button')].filter(b => b.offsetParent !== null).filter(b => {
  const range = document.createRange(); range.selectNodeContents(b);
  const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
  return tops.size > 1;
}).map(b => b.innerText.trim())"""


def crew_move(taps: Taps, page: Page, source: int, target: int) -> None:
    """Move one crew from ``source`` to ``target`` with the chips."""
    taps.local(page.locator("details.crew-move > summary"))
    form = page.locator("form.crew-move")
    if not form.locator(f"input[name=from_zone][value='{source}']").is_checked():
        taps.pick(form, "from_zone", source)
    taps.tap(form.locator(f"button[name=to_zone][value='{target}']"))


def new_bonus_card(taps: Taps, page: Page, **card: object) -> None:
    """Enter a bonus card by its chips (only those that differ from the presets) and keep it secret."""
    taps.local(page.locator("details.bonus > summary"))
    form = page.locator("form.bonus-card")
    for name, value in card.items():
        if BONUS_PRESETS.get(name) != value:
            taps.pick(form, name, value)
    taps.tap(form.get_by_role("button", name="Keep secret"))


def wrapped_buttons_ja(page: Page, base: str, names: list[str]) -> list[str]:
    """Open a Japanese phone at a table about to score round 5, with a known bonus card: its wrapping buttons."""
    browser = page.context.browser
    assert browser is not None
    ja = browser.new_context(locale="ja-JP", **PHONE).new_page()  # type: ignore[arg-type]
    link = new_table(ja, base, "mission-red-planet", names)
    host_board = ja.url
    seat = browser.new_context(locale="ja-JP", **PHONE).new_page()  # type: ignore[arg-type]
    join(seat, link, names[0])
    Taps(seat).tap(seat.locator(".quick-land button").first)
    ja.goto(host_board)
    for _ in range(4):
        Taps(ja).tap(ja.locator("form.end-round button"))
    seat.reload()
    seat.locator("details.bonus > summary").click()
    seat.locator("details.crew-move > summary").click()
    ja.reload()
    assert ja.locator("form.end-round button").inner_text().strip() == "第5ターンを終えて得点計算"
    wrapped = ja.evaluate(WRAPPED, ja.locator("#board").element_handle())
    wrapped += seat.evaluate(WRAPPED, seat.locator("#board").element_handle())
    return [text for text in wrapped if text]


def measure(phone: Callable[[], Page], base: str) -> dict[str, object]:
    """Two tables on phones: a crew move, a new bonus card at the first, the same card again at the second."""
    host = phone()
    link = new_table(host, base, "mission-red-planet", ["Aki", "Ben", "Chika"])
    aki = phone()
    join(aki, link, "Aki")
    for zone in (1, 2):  # crew in two zones: the zone they leave is a chip to tap
        Taps(aki).tap(aki.get_by_role("button", name=f"+1: land one of my crew in Zone {zone}", exact=True))
    move = Taps(aki)
    crew_move(move, aki, 1, 4)
    figures: dict[str, object] = {"red_planet_crew_move_taps": move.count}
    new = Taps(aki)
    new_bonus_card(new, aki, **OLYMPUS)
    figures["red_planet_bonus_new_card_taps"] = new.count
    host.reload()
    host.locator("details.confirm > summary", has_text="End the table").click()
    host.get_by_role("button", name="End the table and reveal the seed").click()
    host.wait_for_url(re.compile(r"revealed=1"))

    second = phone()
    link = new_table(second, base, "mission-red-planet", ["Dai", "Emi", "Fumi"])
    dai = phone()
    join(dai, link, "Dai")
    join(phone(), link, "Emi")  # another table's cards are read once per step
    dai.reload()
    seen = Taps(dai)
    seen.local(dai.locator("details.bonus > summary"))
    seen.tap(dai.locator("form.known-card button", has_text="6 points for the most crew in Zone 4").first)
    figures["red_planet_bonus_seen_card_taps"] = seen.count
    figures["red_planet_buttons_wrapped_at_390px_ja"] = wrapped_buttons_ja(host, base, ["アキ", "ベン", "チカ"])
    return figures
