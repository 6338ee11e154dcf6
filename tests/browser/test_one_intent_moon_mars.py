"""One tap, one intent (issue 40) on 390 × 844 phones, for Welcome to the Moon and Mission: Red Planet:
once the host has flipped, the controls a Moon turn needs (its boxes, missions and system error) are on
a seated player's first screen; a double tap on a move allowed once a turn records it once."""

from __future__ import annotations

import re
import time

import pytest

from companion.games.welcome_to_the_moon.sheets import ADVENTURES
from companion.games.words import msg
from tests.browser.conftest import screenshot
from tests.browser.test_live_table import live
from tests.browser.test_moon_deck import new_moon_table
from tests.browser.test_one_step import GAPS_MS, latest_entries, ready, record
from tests.browser.test_table_on_phones import board_seq, caught_up, join, submit_and_wait

pytestmark = pytest.mark.browser

SCREEN = 844
FOUR = ["Aki", "Ben", "Chika", "Dai"]
# Every control of the phone's "This turn" strip: its name, and where it starts and ends on the page.
THIS_TURN = """() => [...document.querySelectorAll('#this-turn button, #this-turn output')]
  .filter((e) => e.offsetParent !== null)
  .map((e) => [(e.getAttribute('aria-label') || e.innerText).trim().replace(/\\s+/g, ' '),
               e.getBoundingClientRect().top + window.scrollY, e.getBoundingClientRect().bottom + window.scrollY])"""


def flipped_by_the_host(host, players) -> None:  # type: ignore[no-untyped-def]
    """The host taps Flip; every player's phone shows the new cards by itself."""
    time.sleep(1.1)  # a flip within a second of the last one would be taken for the same burst of taps
    caught_up(host, max(board_seq(page) for page in players))
    ready(host, "wttm.flip", board_seq(host))
    submit_and_wait(host, host.get_by_role("button", name="Flip"))
    for page in players:
        caught_up(page, board_seq(host))


def this_turn(page) -> list[tuple[str, float, float]]:  # type: ignore[no-untyped-def]
    """The controls of the phone's "This turn" strip, seen from the top of the page."""
    page.evaluate("window.scrollTo(0, 0)")
    return [(name, top, bottom) for name, top, bottom in page.evaluate(THIS_TURN)]


def longest_boxes(adventure: str, count: int = 3) -> list[str]:
    """The sheet's boxes with the longest English names (the tallest rows on a phone), longest first."""
    fields = [f for f in ADVENTURES[int(adventure)].fields if not f.legacy]
    return [
        f.key
        for f in sorted(
            fields, key=lambda f: -len(msg(f.label).render() if isinstance(f.label, str) else f.label.render())
        )
    ][:count]


@pytest.mark.parametrize("adventure", [str(n) for n in ADVENTURES])
def test_once_the_host_has_flipped_a_seated_players_turn_controls_are_on_the_first_screen(  # type: ignore[no-untyped-def]
    live_server: str, phone, adventure: str
) -> None:
    host = phone()
    link = new_moon_table(host, live_server, FOUR, adventure=adventure)
    aki = phone()
    join(aki, link, "Aki")
    live(aki)
    # The worst case: the player last entered the three boxes with the longest names (then the boxes of
    # the actions on the table come first, where the seed names one).
    for key in reversed(longest_boxes(adventure)):
        record(aki, "wttm.sheet", seat=1, field=key, value=1)
    flipped_by_the_host(host, [aki])

    controls = this_turn(aki)
    names = [name for name, _top, _bottom in controls]
    assert "Aki: system error" in names
    assert {"Mission A accomplished", "Mission B accomplished", "Mission C accomplished"} <= set(names)
    assert aki.locator("#this-turn .sheet-row").count() == (2 if adventure == "1" else 3)
    if adventure == "1":
        assert "Sabotage the others" in names
    screenshot(aki, f"moon-this-turn-{adventure}")
    assert [(name, round(bottom)) for name, _top, bottom in controls if bottom > SCREEN] == []


def test_this_turn_fits_the_first_screen_in_japanese_too(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    link = new_moon_table(host, live_server, FOUR, adventure="7")  # the longest box names
    aki = phone("ja-JP")
    join(aki, link, "Aki")
    live(aki)
    for key in reversed(longest_boxes("7")):
        record(aki, "wttm.sheet", seat=1, field=key, value=1)
    flipped_by_the_host(host, [aki])
    controls = this_turn(aki)
    assert len(controls) >= 9  # three boxes' − count +, three missions, the errors' count and +
    screenshot(aki, "moon-this-turn-ja")
    assert [(name, round(bottom)) for name, _top, bottom in controls if bottom > SCREEN] == []


def test_a_double_tap_on_a_system_error_circles_one_and_the_next_turn_takes_one_again(  # type: ignore[no-untyped-def]
    live_server: str, phone
) -> None:
    host = phone()
    link = new_moon_table(host, live_server, FOUR[:2], adventure="2")
    aki = phone()
    join(aki, link, "Aki")
    live(aki)
    errors = aki.locator("#this-turn output.count").last
    for turn, gap_ms in enumerate(GAPS_MS, start=1):
        flipped_by_the_host(host, [aki])
        seq = board_seq(aki)
        at = ready(aki, "wttm.error", seq)
        aki.touchscreen.tap(*at)
        time.sleep(gap_ms / 1000)
        aki.touchscreen.tap(*at)
        caught_up(aki, seq + 1)
        time.sleep(1.0)  # any second request has been answered
        assert errors.inner_text() == f"{turn}/3", latest_entries(aki)
        assert aki.locator("#this-turn .tag", has_text="one this turn").is_visible()
        assert aki.get_by_role("button", name="Aki: system error").first.is_disabled()
    screenshot(aki, "moon-one-error-a-turn")


def test_a_double_tap_on_sabotage_gives_every_other_player_one_error(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    link = new_moon_table(host, live_server, FOUR[:3], adventure="1")
    aki, ben = phone(), phone()
    join(aki, link, "Aki")
    join(ben, link, "Ben")
    live(aki)
    flipped_by_the_host(host, [aki, ben])
    seq = board_seq(aki)
    at = ready(aki, "wttm.sabotage", seq)
    aki.touchscreen.tap(*at)
    time.sleep(0.3)
    aki.touchscreen.tap(*at)
    caught_up(ben, seq + 1)
    time.sleep(1.0)
    ben.reload()
    ben_errors = ben.locator("#this-turn output.count").last
    assert ben_errors.inner_text() == "1/8", latest_entries(aki)
    assert re.search(r"7 sabotage spaces left\s+sabotaged this turn", aki.locator("#this-turn").inner_text())
