"""Space Base in real browsers: each phone buys its first ship, and two phones take one roll differently."""

from __future__ import annotations

import pytest

from tests.browser.conftest import screenshot
from tests.browser.test_live_table import live
from tests.browser.test_table_on_phones import board_seq, caught_up, create_table, join, submit_and_wait

pytestmark = pytest.mark.browser


def pick(form, name: str, value: object) -> None:  # type: ignore[no-untyped-def]
    """Tap the chip that sets ``name`` to ``value``."""
    form.locator(f"label.pick:has(input[name={name}][value='{value}'])").click()


def buy_first_ship(page, sector: int, cost: int) -> None:  # type: ignore[no-untyped-def]
    form = page.locator("form", has=page.get_by_role("button", name="Buy first ship"))
    pick(form, "sector", sector)
    pick(form, "cost", cost)
    submit_and_wait(page, form.get_by_role("button", name="Buy first ship"))


def console_line(page, name: str) -> str:  # type: ignore[no-untyped-def]
    return str(page.locator("#consoles-title ~ details summary", has_text=name).inner_text())


def test_a_charge_card_on_both_sides_with_a_reroll_takes_four_chips_and_its_frame_greys_out_in_place(
    live_server: str, phone
) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    create_table(host, live_server, "space-base", ["Aki", "Ben"])
    aki = phone()
    join(aki, live_server + host.locator("a[href^='/join/']").first.get_attribute("href"), "Aki")
    form = aki.locator("form", has=aki.get_by_role("button", name="Buy first ship"))
    frame = form.locator("fieldset[data-field=ability_when]")
    style = "f => [getComputedStyle(f).pointerEvents, Number(getComputedStyle(f).opacity)]"
    assert frame.evaluate(style) == ["auto", 1]
    for name, value in (("sector", 6), ("cost", 4), ("blue_kind", "charge"), ("slots", 2)):
        pick(form, name, value)
    on_page = "f => f.getBoundingClientRect().top + window.scrollY"
    top = frame.evaluate(on_page)
    pick(form, "ability", "reroll")  # a Reroll is used after one's own roll: the frame's colour is not asked
    assert frame.evaluate(style)[0] == "none" and frame.evaluate(style)[1] < 1
    assert frame.evaluate(on_page) == top  # greyed in place: nothing below moves under a finger
    pick(form, "ability", "swap")  # a Swap's frame says when: the chips are back
    assert frame.evaluate(style) == ["auto", 1]
    pick(form, "ability", "reroll")
    submit_and_wait(aki, form.get_by_role("button", name="Buy first ship"))
    aki.reload()
    console = " ".join(aki.locator("#consoles-title ~ details", has_text="Aki").inner_text().split())
    assert "level 1 ship Blue: charge tokens 0/2 Ability: Reroll (on my turn)" in console
    ben = phone()  # the card as Ben's phone offers it: its red side charged as the blue one, as many slots
    join(ben, live_server + host.locator("a[href^='/join/']").first.get_attribute("href"), "Ben")
    offered = " ".join(ben.locator("form.known-card", has_text="Sector 6, cost 4").inner_text().split())
    assert "Blue: charge 2 charge slots Red: charge 2 charge slots Ability: Reroll (on my turn)" in offered


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
    # Sectors 1 and 4 pay Aki 1 + 1 credits, the sum 5 one: she chooses. Ben's starting ship is deployed in 4.
    roll.locator("input[name=values]").fill("1 4")
    submit_and_wait(aki, roll.get_by_role("button", name="Roll the dice"))
    ben.get_by_role("button", name="Take sector 5 (the sum):").wait_for()
    submit_and_wait(aki, aki.get_by_role("button", name="Take sectors 1 and 4:"))
    submit_and_wait(ben, ben.get_by_role("button", name="Take sector 5 (the sum):"))
    aki.wait_for_function(
        "() => document.querySelector('#consoles-title').parentElement.innerText.includes('took the sum')"
    )
    assert "took the two dice" in console_line(aki, "Aki") and "took the sum" in console_line(aki, "Ben")
    # Aki (start player, no bonus): 5 − 2 = 3 credits, + the stationed starting ships of sectors 1 and 4 (1 each).
    assert "Aki: 5 credits, 0 income, 0 VP" in console_line(aki, "Aki")
    # Ben (2nd: +1 credit): 5 − 3 + 1 = 3; sector 5 holds no deployed ship of his.
    assert "Ben: 3 credits, 0 income, 0 VP" in console_line(aki, "Ben")
    screenshot(ben, "space-base-two-choices")
    submit_and_wait(aki, aki.get_by_role("button", name="End the turn"))
    ben.wait_for_function("() => document.querySelector('#sb-title').innerText.includes('Turn 2')")
    assert ben.get_by_role("button", name="Roll the dice").count() == 1


class Taps:
    """Taps on one phone, counted: chips and disclosures stay on the phone, buttons record an entry."""

    def __init__(self, page) -> None:  # type: ignore[no-untyped-def]
        self.page, self.count = page, 0

    def local(self, locator) -> None:  # type: ignore[no-untyped-def]
        locator.click()
        self.count += 1

    def pick(self, form, name: str, value: object) -> None:  # type: ignore[no-untyped-def]
        self.local(form.locator(f"label.pick:has(input[name={name}][value='{value}'])"))

    def record(self, button) -> None:  # type: ignore[no-untyped-def]
        submit_and_wait(self.page, button)
        self.count += 1


def take_first_option(*pages) -> None:  # type: ignore[no-untyped-def]
    for page in pages:
        button = page.locator("form button", has_text="Take sectors").first
        button.wait_for()
        submit_and_wait(page, button)


def test_a_new_ship_takes_at_most_8_taps_and_one_seen_before_one_tap(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    create_table(host, live_server, "space-base", ["Aki", "Ben"])
    link = live_server + host.locator("a[href^='/join/']").first.get_attribute("href")
    aki, ben = phone(), phone()
    join(aki, link, "Aki")
    join(ben, link, "Ben")
    buy_first_ship(aki, 9, 2)
    caught_up(ben, board_seq(aki))
    buy_first_ship(ben, 4, 3)
    caught_up(aki, board_seq(ben))
    submit_and_wait(aki, aki.get_by_role("button", name="Start: choose the start player"))
    roll = aki.locator("form", has=aki.get_by_role("button", name="Roll the dice"))
    roll.locator("input[name=values]").fill("3 4")
    submit_and_wait(aki, roll.get_by_role("button", name="Roll the dice"))
    caught_up(ben, board_seq(aki))
    # Sectors 3 and 4, or 7: 2 credits for Aki either way (her starting ships): the app took hers.
    assert aki.locator("form button", has_text="Take sector").count() == 0
    assert "took the two dice" in console_line(aki, "Aki")
    take_first_option(ben)
    caught_up(aki, board_seq(ben))

    taps = Taps(aki)  # a card nobody has entered: every chip differs from the presets
    taps.local(aki.locator("details.new-card > summary"))
    form = aki.locator("details.new-card form")
    for name, value in (("sector", 7), ("cost", 4), ("blue_kind", "vp"), ("blue_amount", 2), ("red_kind", "income")):
        taps.pick(form, name, value)
    taps.pick(form, "red_amount", 3)
    taps.record(form.get_by_role("button", name="Buy the ship"))
    assert taps.count == 8  # the budget: open, six chips, buy
    seven = aki.locator("#consoles-title ~ details", has_text="Aki").locator("li").nth(6).inner_text()
    assert "level 1 ship Blue: +2 VP" in seven and "Deployed: starting ship Red: +1 credit" in seven
    submit_and_wait(aki, aki.get_by_role("button", name="End the turn"))

    caught_up(ben, board_seq(aki))
    roll = ben.locator("form", has=ben.get_by_role("button", name="Roll the dice"))
    roll.locator("input[name=values]").fill("1 2")
    submit_and_wait(ben, roll.get_by_role("button", name="Roll the dice"))
    take_first_option(ben)
    caught_up(aki, board_seq(ben))
    # Sectors 1 and 2, or 3: nothing for Aki either way, so the app recorded Aki's choice and Aki taps nothing.
    assert aki.locator("form button", has_text="Take sectors").count() == 0
    assert "took the two dice" in console_line(aki, "Aki")
    taps = Taps(ben)  # Aki's first ship, seen at this table: one tap
    taps.record(ben.locator("#sb-buy form.known-card button", has_text="cost 2").first)
    assert taps.count == 1  # within the budget of 4
    assert "Ben: 0 credits" in ben.locator("#consoles-title ~ details summary", has_text="Ben").inner_text()
