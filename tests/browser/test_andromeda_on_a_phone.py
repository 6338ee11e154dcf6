"""Andromeda on a 390 px phone: a player draws the setup cards with one tap, and the stations table of
five players fits its card without sideways scrolling."""

from __future__ import annotations

import pytest

from tests.browser.conftest import screenshot
from tests.browser.test_table_on_phones import create_table, join

pytestmark = pytest.mark.browser

NAMES = ["Aki", "Ben", "Chika", "Dai", "Emi"]
SPILL = """() => {
  const region = document.querySelector("#board table.stations").closest(".scroll-x");
  return region.scrollWidth - region.clientWidth;
}"""


def test_five_players_draw_their_setup_cards_with_one_tap_each_and_the_stations_fit_a_390_px_phone(  # type: ignore[no-untyped-def]
    live_server: str, phone
) -> None:
    host = phone()
    create_table(host, live_server, "andromeda", NAMES)
    link = live_server + host.locator("a[href^='/join/']").first.get_attribute("href")
    phones = []
    for name in NAMES:
        page = phone()
        join(page, link, name)
        phones.append(page)
    for page, name in zip(phones, NAMES, strict=True):
        page.reload()
        seq = int(page.locator("#board").get_attribute("data-seq"))
        page.get_by_role("button", name=f"Draw 6 planet cards for {name}").click()
        page.wait_for_function("s => Number(document.querySelector('#board').dataset.seq) > s", arg=seq)
    aki = phones[0]
    aki.reload()
    setup = aki.locator("section[aria-labelledby=setup-title]")
    for name in NAMES:
        assert setup.get_by_text(f"{name}: ").count() == 1
    assert aki.get_by_role("button", name="Play a movement card").first.is_visible()
    assert aki.evaluate(SPILL) == 0, "the stations table is no wider than its card"
    box = aki.locator("table.stations").bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390
    screenshot(aki, "andromeda-stations-5-players")
