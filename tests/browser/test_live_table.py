"""Several phones at one table stay in sync without reloading, through undo and a lost connection."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import screenshot
from tests.browser.test_table_on_phones import create_table, join, submit_and_wait

pytestmark = pytest.mark.browser


def total(page, name: str) -> str:  # type: ignore[no-untyped-def]
    return str(page.locator(".standings li", has_text=name).locator(".total").inner_text())


def wait_total(page, name: str, value: str) -> None:  # type: ignore[no-untyped-def]
    page.locator(".standings li", has_text=name).locator(".total", has_text=re.compile(f"^{value}$")).wait_for()


def open_table(phone, server: str, names: list[str], locale: str = "en-GB"):  # type: ignore[no-untyped-def]
    host = phone(locale)
    create_table(host, server, "score-pad", names)
    link = server + host.locator("a[href^='/join/']").first.get_attribute("href")
    phones = []
    for name in names:
        page = phone(locale)
        join(page, link, name)
        phones.append(page)
    return host, phones


def live(page) -> None:  # type: ignore[no-untyped-def]
    """Wait until the phone's stream is open (the reconnecting banner is gone)."""
    page.wait_for_function("() => document.querySelector('#connection').hidden")


def test_three_phones_see_an_entry_and_its_undo_live(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    _host, (aki, ben, chika) = open_table(phone, live_server, ["Aki", "Ben", "Chika"])
    for page in (aki, ben, chika):
        live(page)
    submit_and_wait(aki, aki.get_by_role("button", name="Aki: Victory points plus one"))
    for page in (ben, chika):
        wait_total(page, "Aki", "1")  # no reload: the stream told them
    assert "Aki" in ben.locator("#announcer").inner_text()
    screenshot(ben, "live-three-phones")

    aki.get_by_role("link", name="Log").click()
    aki.get_by_role("button", name=re.compile("Undo entry")).first.click()
    for page in (ben, chika):
        wait_total(page, "Aki", "0")


def test_an_entry_made_offline_arrives_exactly_once(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    _host, (aki, ben) = open_table(phone, live_server, ["Aki", "Ben"])
    live(aki)
    live(ben)
    aki.context.set_offline(True)
    aki.locator("#connection:not([hidden])").wait_for()
    assert "Offline" in aki.locator("#connection").inner_text()
    plus = aki.get_by_role("button", name="Aki: Victory points plus one")
    plus.click()
    plus.click()
    assert aki.locator("#pending li").count() == 2
    assert aki.locator("form.queued", has=plus).count() == 1  # the tapped control says it waits
    aki.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    banner = aki.locator("#connection").bounding_box()
    assert banner is not None and 0 <= banner["y"] < 100  # the banner stays in view, under the header
    aki.evaluate("window.scrollTo(0, 0)")
    screenshot(aki, "offline-pending")
    assert total(ben, "Aki") == "0"

    aki.context.set_offline(False)
    aki.locator("#pending[hidden]").wait_for(state="attached")
    wait_total(ben, "Aki", "2")
    wait_total(aki, "Aki", "2")
    aki.reload()
    assert total(aki, "Aki") == "2"  # sent once each, never doubled
    aki.goto(aki.url + "/log")
    assert aki.locator(".log li", has_text="Victory points +1").count() == 2
    assert "UTC" not in aki.locator(".log time").first.inner_text()  # shown in the phone's own time


def test_the_whole_flow_in_japanese(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    _host, (aki, ben) = open_table(phone, live_server, ["あき", "べん"], locale="ja-JP")
    live(ben)
    assert aki.locator("html").get_attribute("lang") == "ja"
    submit_and_wait(aki, aki.get_by_role("button", name="あき：勝利点を1増やす"))
    wait_total(ben, "あき", "1")
    assert "順位" in ben.locator("#standings-title").inner_text()
    ben.get_by_role("link", name="ログ").click()
    assert "あき：勝利点+1" in ben.locator(".log").inner_text()
    screenshot(ben, "log-ja")
    ben.get_by_role("link", name="結果").click()
    assert "同点" in ben.locator("main").inner_text()
    screenshot(ben, "results-ja")


def test_news_appearing_above_does_not_move_what_a_phone_is_looking_at(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    create_table(host, live_server, "mission-red-planet", ["Aki", "Ben", "Chika"])
    link = live_server + host.locator("a[href^='/join/']").first.get_attribute("href")
    aki, ben = phone(), phone()
    join(aki, link, "Aki")
    join(ben, link, "Ben")
    live(ben)
    submit_and_wait(aki, aki.get_by_role("button", name="+1: land one of my crew in Zone 1", exact=True))
    ben.set_viewport_size({"width": 390, "height": 320})  # a short screen: only the last card is in view
    ben.evaluate("document.getElementById('fairness').scrollIntoView()")
    before = ben.evaluate("document.getElementById('fairness').getBoundingClientRect().top")
    for _ in range(5):  # round 5 is scored: an explanation card appears above the fairness note
        submit_and_wait(aki, aki.locator("button", has_text="End round").first)
    ben.locator("#scoring-title").wait_for(state="attached")
    ben.wait_for_timeout(300)
    after = ben.evaluate("document.getElementById('fairness').getBoundingClientRect().top")
    assert abs(after - before) < 3


def test_a_board_fetch_that_fails_is_made_again_while_the_stream_stays_open(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    # The stream announced an entry, but the board's answer was lost (a dropped connection, a
    # timeout on a busy machine): the phone fetches it again by itself instead of staying behind
    # until the next entry comes.
    _host, (aki, ben) = open_table(phone, live_server, ["Aki", "Ben"])
    live(ben)
    dropped = []

    def drop_first(route) -> None:  # type: ignore[no-untyped-def]
        if not dropped:
            dropped.append(route.request.url)
            route.abort("connectionreset")
        else:
            route.continue_()

    ben.route(re.compile(r"/t/[A-Z0-9]+\?since="), drop_first)
    submit_and_wait(aki, aki.get_by_role("button", name="Aki: Victory points plus one"))
    wait_total(ben, "Aki", "1")
    assert dropped  # the first answer was lost, and the board came all the same
