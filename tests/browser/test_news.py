"""News where the player is looking: a notice over the page wherever it is scrolled, the reveal at
the end on every phone, brief refusals that move nothing, and the screen kept on."""

from __future__ import annotations

import re

import pytest

from companion.network import lan_addresses
from tests.browser.conftest import screenshot
from tests.browser.test_joining import network_server  # noqa: F401 (a fixture)
from tests.browser.test_live_table import live, open_table
from tests.browser.test_space_base import buy_first_ship
from tests.browser.test_table_on_phones import act_for_others, board_seq, caught_up, create_table, join, submit_and_wait

pytestmark = pytest.mark.browser

SCREEN_HEIGHT = 844


def to_the_bottom(page) -> None:  # type: ignore[no-untyped-def]
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_function("() => window.scrollY > 0 || document.body.scrollHeight <= window.innerHeight")


def notice_in_view(page, kind: str, text: str, scrolled: bool = True) -> None:  # type: ignore[no-untyped-def]
    """A notice of ``kind`` saying ``text`` floats inside the screen, and screen readers hear it."""
    notice = page.locator(f"#notices .notice-{kind}", has_text=text)
    notice.wait_for()
    box = notice.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= SCREEN_HEIGHT
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390  # the page fits: nothing zoomed out
    if scrolled:
        assert page.evaluate("() => window.scrollY") > 0  # still scrolled down: the notice came to the player
    assert text in page.locator("#announcer").inner_text()


def test_a_scoring_round_is_seen_by_a_phone_scrolled_to_the_bottom(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    create_table(host, live_server, "mission-red-planet", ["Aki", "Ben", "Chika"])
    link = live_server + host.locator("a[href^='/join/']").first.get_attribute("href")
    ben = phone()
    join(ben, link, "Ben")
    live(ben)
    to_the_bottom(ben)
    for _ in range(4):
        submit_and_wait(host, host.get_by_role("button", name=re.compile(r"^End round")))
    caught_up(ben, board_seq(host))
    assert ben.locator("#notices .notice").count() == 0  # rounds 1 to 4 are not scored: no news
    submit_and_wait(host, host.get_by_role("button", name=re.compile(r"^End round")))
    notice_in_view(ben, "scoring", "Round 5 has been scored.")
    screenshot(ben, "news-scoring-round")
    ben.locator("#notices .notice-scoring").wait_for(state="detached", timeout=15000)  # it goes by itself


def test_your_turn_is_seen_by_the_player_whose_turn_it_is_only(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
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
    live(aki)
    aki.get_by_role("button", name="Start: choose the start player").click()
    notice_in_view(aki, "turn", "Your turn, Aki.", scrolled=False)  # the highest sector starts
    roll = aki.locator("form", has=aki.get_by_role("button", name="Roll the dice"))
    roll.locator("input[name=values]").fill("1 4")  # two dice or the sum pay Aki and Ben differently
    submit_and_wait(aki, roll.get_by_role("button", name="Roll the dice"))
    submit_and_wait(aki, aki.get_by_role("button", name="Take sectors 1 and 4:"))
    ben.get_by_role("button", name="Take sector 5 (the sum):").wait_for()
    submit_and_wait(ben, ben.get_by_role("button", name="Take sector 5 (the sum):"))
    caught_up(aki, board_seq(ben))
    live(ben)
    to_the_bottom(ben)
    submit_and_wait(aki, aki.get_by_role("button", name="End the turn"))
    notice_in_view(ben, "turn", "Your turn, Ben.")
    caught_up(host, board_seq(aki))
    assert host.locator("#notices .notice-turn").count() == 0  # the host holds no seat: not its turn
    assert aki.locator("#notices .notice-turn", has_text="Ben").count() == 0
    screenshot(ben, "news-your-turn")


def test_another_phones_undo_is_seen_by_a_phone_scrolled_to_the_bottom(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    _host, (aki, ben) = open_table(phone, live_server, ["Aki", "Ben"])
    submit_and_wait(aki, aki.get_by_role("button", name="Aki: Victory points plus one"))
    live(ben)
    caught_up(ben, board_seq(aki))
    to_the_bottom(ben)
    aki.get_by_role("link", name="Log").click()
    aki.get_by_role("button", name=re.compile("Undo entry")).first.click()
    notice_in_view(ben, "undo", "Aki: Undid entry #")
    assert "Victory points +1" in ben.locator("#notices .notice-undo").inner_text()


def test_the_end_is_revealed_on_every_phone_at_once(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host, (aki, ben) = open_table(phone, live_server, ["Aki", "Ben"])
    submit_and_wait(ben, ben.get_by_role("button", name="Ben: Victory points plus one"))
    for page in (aki, ben):
        live(page)
        caught_up(page, board_seq(ben))
        to_the_bottom(page)
    host.get_by_text("End the table…").click()
    host.get_by_role("button", name="End the table and reveal the seed").click()
    for page in (aki, ben):
        notice_in_view(page, "end", "The game is over. Ben wins!")
        reveal = page.locator("#reveal")
        reveal.wait_for()
        assert page.locator("#reveal-headline").inner_text() == "Ben wins!"
        assert "How it was settled" in reveal.inner_text()
        box = reveal.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] < SCREEN_HEIGHT
    screenshot(aki, "news-reveal")
    aki.get_by_role("link", name="See the breakdown").click()
    aki.wait_for_url(re.compile(r"/results$"))
    assert aki.locator("#reveal-headline").inner_text() == "Ben wins!"  # the reveal first, then the breakdown
    assert aki.locator("#breakdown").is_visible()
    ben.get_by_role("button", name="Back to the table").click()
    ben.locator("#reveal").wait_for(state="detached")


def test_the_reveal_is_still_when_the_phone_asks_for_less_motion(live_server: str, browser) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 390, "height": SCREEN_HEIGHT}, reduced_motion="reduce")
    try:
        page = context.new_page()
        create_table(page, live_server, "score-pad", ["Aki", "Ben"])
        page.get_by_text("End the table…").click()
        page.get_by_role("button", name="End the table and reveal the seed").click()
        page.wait_for_url(re.compile(r"/t/[A-Z0-9]+\?revealed=1$"))  # the phone that ended it: with the reveal
        page.goto(page.url.split("?")[0] + "/results")
        names = page.evaluate(
            "() => ['.reveal-winner', '.reveal-settled', '.after-reveal']"
            ".map(s => document.querySelector(s)).filter(Boolean).map(e => getComputedStyle(e).animationName)"
        )
        assert names and set(names) == {"none"}
    finally:
        context.close()


def test_a_refused_tap_says_so_briefly_without_moving_the_controls(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    create_table(host, live_server, "score-pad", ["Aki", "Ben"])
    act_for_others(host)  # the host, not seated, records for Aki
    live(host)  # the "Reconnecting…" banner is gone: nothing above the controls changes while they are measured
    minus = host.get_by_role("button", name="Aki: Victory points minus one")
    minus.scroll_into_view_if_needed()
    where = "() => document.querySelector('form.stepper').getBoundingClientRect().top + window.scrollY"
    before = host.evaluate(where)
    minus.click()
    message = host.locator("#messages .error[role=alert]")
    assert "between 0 and" in message.inner_text()
    host.wait_for_timeout(300)  # the message has settled in
    assert host.evaluate(where) == before  # nothing was pushed down
    box = message.bounding_box()
    assert box is not None and box["y"] + box["height"] <= SCREEN_HEIGHT
    message.wait_for(state="detached", timeout=15000)  # brief: it goes by itself
    assert host.locator(".standings li", has_text="Aki").locator(".total").inner_text() == "0"


def test_the_screen_stays_on_while_a_table_is_open_unless_turned_off(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    create_table(host, live_server, "score-pad", ["Aki", "Ben"])  # 127.0.0.1: a secure context
    toggle = host.get_by_label("Keep the screen on while this table is open")
    toggle.wait_for()
    assert toggle.is_checked()
    assert host.locator("#wake-http").is_hidden()  # the note about HTTPS is for plain HTTP only
    toggle.uncheck()
    host.reload()
    assert not host.get_by_label("Keep the screen on while this table is open").is_checked()  # remembered


def test_on_plain_http_the_host_is_told_once_how_to_keep_the_screen_on(network_server: int, phone) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    server = f"http://{lan_addresses()[0]}:{network_server}"  # not this machine's loopback: not a secure context
    host = phone()
    create_table(host, server, "score-pad", ["Aki", "Ben"])
    assert host.evaluate("() => window.isSecureContext") is False
    note = host.locator("#wake-http")
    note.wait_for()
    assert "HTTPS at home" in note.inner_text()  # where the README says how
    assert host.locator("#wake-control").is_hidden()  # no wake lock to offer here
    host.get_by_role("button", name="Got it").click()
    assert note.is_hidden()
    host.reload()
    host.locator("#board").wait_for()
    assert host.locator("#wake-http").is_hidden()  # told once: the phone remembers
