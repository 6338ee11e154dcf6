"""One tap, one intent (issue 40) for Space Base on four phones of 390 × 844: the turn's choices and
End the turn on the first screen, with 16 catalogue cards known or none; a table that waits on a dead
phone says so where it waits, and the host reaches its way to take the dice for that player there."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import screenshot
from tests.browser.test_one_step import record
from tests.browser.test_table_on_phones import board_seq, caught_up, create_table, join, submit_and_wait

pytestmark = pytest.mark.browser

SCREEN = 844
NAMES = ["Aki", "Ben", "Chika", "Dan"]
# 16 printed-like cards of every level, some within a player's credits on turn 1, most above them.
COSTS = ((1, 2), (2, 3), (3, 4), (4, 5), (5, 2), (6, 3), (7, 7), (8, 8), (9, 9), (10, 7), (11, 8), (12, 12))
CATALOGUE = [
    {
        "sector": sector,
        "cost": cost,
        "blue_kind": "credits",
        "blue_amount": 1 + n % 3,
        "red_kind": "vp",
        "red_amount": 1,
    }
    for n, (sector, cost) in enumerate((*COSTS, (1, 13), (2, 14), (3, 12), (4, 9)))
]


def bottom_on_first_screen(page, locator) -> float:  # type: ignore[no-untyped-def]
    """Where ``locator`` ends on the page opened at its top (y + height of its bounding box)."""
    page.evaluate("window.scrollTo(0, 0)")
    locator.wait_for(state="visible")
    box = locator.bounding_box()
    assert box is not None
    return float(box["y"] + box["height"])


def assert_on_first_screen(page, locator, what: str) -> None:  # type: ignore[no-untyped-def]
    bottom = bottom_on_first_screen(page, locator)
    assert bottom <= SCREEN, f"{what} ends at {bottom:.0f} px, below the first {SCREEN} px"


def import_catalogue(page, server: str, path: Path) -> None:  # type: ignore[no-untyped-def]
    """Make the 16 cards known to the server through its catalogue page, as a host would."""
    path.write_text(
        json.dumps(
            {"format": "table-companion/space-base-cards", "version": 1, "game": "space-base", "cards": CATALOGUE}
        )
    )
    page.goto(server + "/cards/space-base")
    page.locator("#catalogue").set_input_files(str(path))
    page.get_by_role("button", name="Import the cards").click()
    page.get_by_text("Imported: 16 new cards kept").wait_for()


def four_phones(phone, server: str):  # type: ignore[no-untyped-def]
    """A Space Base table of four: the host plays Aki, Ben starts (sector 9), every seat taken."""
    host = phone()
    board = create_table(host, server, "space-base", NAMES)
    link = server + host.locator("a[href^='/join/']").first.get_attribute("href")
    phones = {}
    for name in NAMES[1:]:
        phones[name] = phone()
        join(phones[name], link, name)
    join(host, link, "Aki")
    host.goto(board)
    for seat, sector in zip(range(1, 5), (4, 9, 5, 6), strict=True):
        fields = {"sector": sector, "cost": 2, "blue_kind": "credits", "blue_amount": 1}
        record(host, "sb.first-ship", seat=seat, red_kind="credits", red_amount=1, **fields)
    record(host, "sb.start")
    return host, board, phones


def roll(page, dice: str) -> None:  # type: ignore[no-untyped-def]
    """Roll real dice, once the turn's start is more than a moment old (a roll moves the table on too)."""
    time.sleep(1.1)
    form = page.locator("form", has=page.get_by_role("button", name="Roll the dice"))
    form.locator("input[name=values]").fill(dice)
    submit_and_wait(page, form.get_by_role("button", name="Roll the dice"))


def own_choices(page: Any) -> Any:
    """This phone's own ways to take the dice (not those behind the "for another player" switch)."""
    return page.locator("section[aria-labelledby=sb-title] > form button", has_text="Take sector")


def for_dan(page: Any) -> Any:
    """The host's ways to take the dice for Dan, behind its switch."""
    return page.locator('#board .for-other[data-seat="4"] button', has_text="Take sector")


def credits_of(page, name: str) -> int:  # type: ignore[no-untyped-def]
    summary = page.locator("#consoles-title ~ details summary", has_text=name).inner_text()
    return int(re.search(r"(\d+) credits?,", summary).group(1))  # type: ignore[union-attr]


def test_the_turns_choices_and_end_the_turn_are_on_the_first_screen_and_a_dead_phone_is_explained(  # type: ignore[no-untyped-def]
    live_server: str, phone, tmp_path: Path
) -> None:
    host, _board, phones = four_phones(phone, live_server)
    ben, chika, dan = phones["Ben"], phones["Chika"], phones["Dan"]
    for page in (host, ben, chika):
        page.reload()
    assert_on_first_screen(ben, ben.get_by_role("button", name="Roll the dice"), "Ben's Roll the dice")

    # Turn 1: Ben rolls 4 and 2; the phones whose ways pay differently open their board on them (Aki's
    # deployed ship is in sector 4, Dan's in 6, the sum); both of Chika's ways pay nothing: the app took hers.
    roll(ben, "4 2")
    for page in (ben, host):
        caught_up(page, board_seq(ben))
        choices = own_choices(page)
        assert choices.count() >= 2
        for n in range(choices.count()):
            assert_on_first_screen(page, choices.nth(n), f"a choice of the turn ({choices.nth(n).inner_text()})")
    caught_up(chika, board_seq(ben))
    assert own_choices(chika).count() == 0
    for page in (ben, host):
        submit_and_wait(page, own_choices(page).first)
    assert ben.locator("#board .stalled").count() == 1 and ben.locator("#board .stalled").is_hidden()  # not yet
    dan.close()  # Dan's phone died before he chose

    # The table waits on Dan: every phone says what to do, where it says so.
    for page in (ben, chika, host):
        caught_up(page, board_seq(host))
        page.get_by_text("Still choosing: Dan").wait_for()
        hint = page.locator("#board .stalled")
        hint.wait_for(state="visible")  # after a while: a player choosing at once is not stalled
        assert hint.inner_text().startswith(
            "Dan's phone gone? The host can take the dice for Dan (For another player)."
        )
        assert_on_first_screen(page, hint, "the stalled-table hint")
    assert ben.locator("#board .stalled label").count() == 0
    screenshot(ben, "one-intent-space-base-stalled-player")

    # The host reaches its way to choose for Dan right there: one tap on the hint's switch.
    assert not host.locator("#for-others").is_checked()
    assert for_dan(host).first.is_hidden()
    host.locator("#board .stalled label[for=for-others]").click()
    assert host.locator("#for-others").is_checked()
    assert host.locator("#board .stalled label[for=for-others]").is_hidden()  # the switch is on: Dan's choices instead
    for n in range(for_dan(host).count()):
        assert_on_first_screen(host, for_dan(host).nth(n), "the host's ways to take the dice for Dan")
    screenshot(host, "one-intent-space-base-stalled-host")
    submit_and_wait(host, for_dan(host).first)

    # Everyone has taken the dice: End the turn on the first screen, the cards to buy below it.
    caught_up(ben, board_seq(host))
    end_turn = ben.get_by_role("button", name="End the turn")
    assert_on_first_screen(ben, end_turn, "Ben's End the turn (turn 1)")
    assert_on_first_screen(host, host.get_by_role("button", name="End Ben's turn"), "the host's End Ben's turn")

    import_catalogue(ben.context.new_page(), live_server, tmp_path / "cards.json")
    ben.reload()
    end_turn = ben.get_by_role("button", name="End the turn")
    assert_on_first_screen(ben, end_turn, "Ben's End the turn with 16 cards known")
    listed = ben.locator("#sb-buy form.known-card button:visible")
    assert listed.count() >= 5
    credits = credits_of(ben, "Ben")
    for n in range(listed.count()):
        button = listed.nth(n)
        cost = int(re.search(r"cost (\d+)", button.inner_text()).group(1))  # type: ignore[union-attr]
        assert cost <= credits, button.inner_text()  # only what Ben can pay for is listed
        assert button.bounding_box()["y"] > end_turn.bounding_box()["y"]  # below End the turn
    folded = ben.locator("#sb-buy details.dear-cards > summary")
    assert folded.inner_text().endswith(f"cost more than {credits} credits")
    screenshot(ben, "one-intent-space-base-16-cards")

    # Turn 2, with the 16 cards known: Chika's choices and End the turn, on her first screen.
    submit_and_wait(ben, end_turn)
    caught_up(chika, board_seq(ben))
    roll(chika, "4 5")  # Aki's sector 4 and Ben's 9 (the sum) pay one way only; Dan's ways pay alike
    # Chika's own ways pay alike too (her starting ships: 1 + 1 credits, or 2): the app took hers.
    assert own_choices(chika).count() == 0
    for page in (host, ben):
        caught_up(page, board_seq(chika))
        choices = own_choices(page)
        for n in range(choices.count()):
            assert_on_first_screen(page, choices.nth(n), f"a choice of turn 2 ({choices.nth(n).inner_text()})")
        submit_and_wait(page, choices.first)
    caught_up(chika, board_seq(ben))
    assert_on_first_screen(chika, chika.get_by_role("button", name="End the turn"), "Chika's End the turn (turn 2)")
    assert_on_first_screen(host, host.get_by_role("button", name="End Chika's turn"), "the host's End Chika's turn")
