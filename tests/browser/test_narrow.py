"""The smallest phones and zoomed pages: nothing spills sideways."""

from __future__ import annotations

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
