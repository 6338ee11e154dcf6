"""The phone never loses a tap: a 5xx, a 429 or no answer in time keeps the entry on the phone
(with its idempotency key), says so in the phone's language, and sends it until it is stored once."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.browser.conftest import PATIENCE_MS, screenshot
from tests.browser.test_live_table import live, open_table, wait_total

pytestmark = pytest.mark.browser

KEPT = {
    "500": "Not stored yet: the server had a problem.",
    "503": "Not stored yet: the server had a problem.",
    "429": "Not stored yet: the server is busy.",
    "timeout": "Not stored yet: the server did not answer in time.",
}


class FailingRoute:
    """Answer the first ``times`` entry posts with ``failure``; then let them through.

    "timeout" sends the entry on to the server (which stores it) and never delivers the answer:
    the case where only a resend with the same key can tell the phone it was stored.
    """

    def __init__(self, failure: str, times: int) -> None:
        self.failure, self.times, self.calls = failure, times, 0

    def __call__(self, route: Any) -> None:
        self.calls += 1
        if self.calls > self.times:
            route.continue_()
        elif self.failure == "timeout":
            route.fetch()  # stored on the server; the answer is held back until htmx gives up
        else:
            body = "<!doctype html><p class='error'>failed on purpose</p>"
            route.fulfill(status=int(self.failure), body=body, headers={"Content-Type": "text/html"})


def wait_calls(page: Any, failing: FailingRoute, count: int) -> None:
    deadline = time.monotonic() + PATIENCE_MS / 1000
    while failing.calls < count:
        assert time.monotonic() < deadline, f"only {failing.calls} sends of the entry"
        page.wait_for_timeout(100)


def log_count(page: Any, text: str) -> int:
    page.goto(page.url.split("/log")[0] + "/log")
    return int(page.locator(".log li", has_text=text).count())


@pytest.mark.parametrize("failure", ["500", "503", "429", "timeout"])
def test_a_failed_answer_keeps_the_tap_on_the_phone_until_it_is_stored_once(
    live_server: str, phone: Any, failure: str
) -> None:
    _host, (aki, ben) = open_table(phone, live_server, ["Aki", "Ben"])
    live(aki)
    live(ben)
    if failure == "timeout":
        aki.evaluate("() => { htmx.config.timeout = 1500; }")  # instead of 15 s, to keep the test short
    # A server error fails the tap and its first resend; a lost answer happens once.
    failing = FailingRoute(failure, times=1 if failure == "timeout" else 2)
    aki.route("**/events", failing)

    aki.get_by_role("button", name="Aki: Victory points plus one").click()
    message = aki.locator("#messages .error")
    message.wait_for()
    assert KEPT[failure] in message.inner_text()
    assert aki.locator("#pending li").count() == 1
    screenshot(aki, f"failed-answer-{failure}")
    if failure != "timeout":
        wait_calls(aki, failing, 2)  # the resend failed too: still kept
        assert aki.locator("#pending li").count() == 1 and ben.locator("#pending li").count() == 0

    aki.locator("#pending[hidden]").wait_for(state="attached")
    wait_total(ben, "Aki", "1")
    wait_total(aki, "Aki", "1")
    assert aki.locator("#messages .error").count() == 0  # the warning goes once the entry is stored
    aki.unroute("**/events")
    assert log_count(aki, "Victory points +1") == 1  # stored once, even when the first send arrived


def test_a_tap_made_while_entries_wait_goes_behind_them(live_server: str, phone: Any) -> None:
    _host, (aki,) = open_table(phone, live_server, ["Aki"])
    live(aki)
    failing = FailingRoute("500", times=2)
    aki.route("**/events", failing)
    aki.get_by_role("button", name="Aki: Victory points plus one").click()
    aki.locator("#messages .error").wait_for()
    aki.get_by_role("button", name="Aki: Victory points minus one").click()
    assert aki.locator("#pending li").count() == 2
    assert "behind the entries still waiting" in aki.locator("#messages .error").inner_text()
    aki.locator("#pending[hidden]").wait_for(state="attached")
    wait_total(aki, "Aki", "0")  # +1 then -1, in the order tapped (the other order is refused below 0)
    aki.unroute("**/events")
    assert log_count(aki, "Victory points") == 2


def test_the_failure_message_is_in_the_phones_language(live_server: str, phone: Any) -> None:
    _host, (aki,) = open_table(phone, live_server, ["あき"], locale="ja-JP")
    live(aki)
    aki.route("**/events", FailingRoute("500", times=1))
    aki.get_by_role("button", name="あき：勝利点を1増やす").click()
    message = aki.locator("#messages .error")
    message.wait_for()
    assert "まだ保存されていません" in message.inner_text()
    aki.locator("#pending[hidden]").wait_for(state="attached")
    wait_total(aki, "あき", "1")
