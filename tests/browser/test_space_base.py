"""Space Base in real browsers: each phone buys its first ship, and two phones take one roll differently."""

from __future__ import annotations

import pytest

from tests.browser.conftest import screenshot
from tests.browser.test_live_table import live
from tests.browser.test_table_on_phones import board_seq, caught_up, create_table, join, submit_and_wait

pytestmark = pytest.mark.browser


def buy_first_ship(page, sector: int, cost: int) -> None:  # type: ignore[no-untyped-def]
    form = page.locator("form", has=page.get_by_role("button", name="Buy first ship"))
    form.locator("select[name=sector]").select_option(str(sector))
    form.locator("input[name=cost]").fill(str(cost))
    submit_and_wait(page, form.get_by_role("button", name="Buy first ship"))


def console_line(page, name: str) -> str:  # type: ignore[no-untyped-def]
    return str(page.locator("#consoles-title ~ details summary", has_text=name).inner_text())


def test_two_phones_choose_differently_on_one_roll(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    create_table(host, live_server, "space-base", ["Aki", "Ben"])
    link = live_server + host.locator("a[href^='/join/']").first.get_attribute("href")
    aki, ben = phone(), phone()
    join(aki, link, "Aki")
    join(ben, link, "Ben")
    caught_up(aki, board_seq(ben))
    buy_first_ship(aki, 9, 2)
    caught_up(ben, board_seq(aki))
    buy_first_ship(ben, 4, 3)
    live(ben)
    aki.get_by_role("button", name="Start: choose the start player").wait_for()
    aki.get_by_role("button", name="Start: choose the start player").click()
    aki.get_by_text("Aki's turn").wait_for()  # the highest sector starts
    ben.get_by_text("Aki's turn").wait_for()
    assert ben.get_by_role("button", name="Roll the dice").count() == 0  # only the active player rolls

    roll = aki.locator("form", has=aki.get_by_role("button", name="Roll the dice"))
    roll.locator("input[name=values]").fill("3 4")
    submit_and_wait(aki, roll.get_by_role("button", name="Roll the dice"))
    ben.get_by_role("button", name="Take sector 7 (the sum):").wait_for()
    submit_and_wait(aki, aki.get_by_role("button", name="Take sectors 3 and 4:"))
    submit_and_wait(ben, ben.get_by_role("button", name="Take sector 7 (the sum):"))
    aki.wait_for_function(
        "() => document.querySelector('#consoles-title').parentElement.innerText.includes('took the sum')"
    )
    assert "took the two dice" in console_line(aki, "Aki") and "took the sum" in console_line(aki, "Ben")
    # Aki (start player, no bonus): 5 − 2 = 3 credits, + the stationed starting ships of sectors 3 and 4 (1 each).
    assert "Aki ▶: 5 credits, 0 income, 0 VP" in console_line(aki, "Aki")
    # Ben (2nd: +1 credit): 5 − 3 + 1 = 3; sector 7 holds no deployed ship of his.
    assert "Ben: 3 credits, 0 income, 0 VP" in console_line(aki, "Ben")
    screenshot(ben, "space-base-two-choices")
    submit_and_wait(aki, aki.get_by_role("button", name="End the turn"))
    ben.wait_for_function("() => document.querySelector('#sb-title').innerText.includes('Turn 2')")
    assert ben.get_by_role("button", name="Roll the dice").count() == 1
