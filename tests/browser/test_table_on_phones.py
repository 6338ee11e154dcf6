"""Two phones at one table in a real browser: create, join by link, record, undo."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import screenshot

pytestmark = pytest.mark.browser


def create_table(page, server: str, game: str, names: list[str]) -> str:  # type: ignore[no-untyped-def]
    page.goto(server + "/")
    page.get_by_role("link", name=re.compile("Start a new table|新しい卓を作る")).click()
    page.locator("select[name=game]").select_option(game)
    page.locator("#play-as").select_option("host")  # the players join from their own phones
    for seat, name in enumerate(names, start=1):
        page.locator(f"#name-{seat}").fill(name)
    page.locator("form button[type=submit]").first.click()
    page.wait_for_url(re.compile(r"/t/[A-Z0-9]+$"))
    return str(page.url)


def board_seq(page) -> int:  # type: ignore[no-untyped-def]
    """The last entry the phone's board shows."""
    return int(page.locator("#board").get_attribute("data-seq"))


def caught_up(page, seq: int) -> None:  # type: ignore[no-untyped-def]
    """Wait until the phone's board shows entry ``seq`` (it follows other phones' entries by itself).

    Fill a form only after that: a board refresh landing mid-fill gives the form's selects back
    their defaults. While a page loads there is no board yet: the wait goes on.
    """
    page.wait_for_function("seq => Number(document.querySelector('#board')?.dataset.seq) >= seq", arg=seq)


def submit_and_wait(page, button) -> None:  # type: ignore[no-untyped-def]
    """Tap a button that records an entry and wait until the board shows it."""
    seq = board_seq(page)
    button.click()
    caught_up(page, seq + 1)


def act_for_others(page) -> None:  # type: ignore[no-untyped-def]
    """Turn on the host's "for another player" switch (remembered on the phone for the table)."""
    page.get_by_role("checkbox", name="For another player").check()


def join(page, link: str, seat_name: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(link)
    page.locator("button[name=seat]", has_text=seat_name).click()
    page.wait_for_url(re.compile(r"/t/[A-Z0-9]+$"))


def test_two_phones_record_a_tally_and_undo_it(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    table_url = create_table(host, live_server, "score-pad", ["Aki", "Ben"])
    assert host.locator("img.qr").is_visible()
    link = host.locator("a[href^='/join/']").first.get_attribute("href")
    screenshot(host, "host-table")

    ben = phone()
    join(ben, live_server + link, "Ben")
    assert "You are Ben." in ben.locator(".table-head").inner_text()
    submit_and_wait(ben, ben.get_by_role("button", name="Ben: Victory points plus one"))
    submit_and_wait(ben, ben.get_by_role("button", name="Ben: Victory points plus one"))
    assert ben.locator(".standings li", has_text="Ben").locator(".total").inner_text() == "2"
    screenshot(ben, "player-tally")

    host.goto(table_url)
    assert host.locator(".standings li", has_text="Ben").locator(".total").inner_text() == "2"

    ben.get_by_role("link", name="Log").click()
    ben.get_by_role("button", name=re.compile("Undo entry")).first.click()
    ben.wait_for_url(re.compile(r"/log$"))
    assert ben.locator(".log li.voided").count() == 1
    host.goto(table_url)
    assert host.locator(".standings li", has_text="Ben").locator(".total").inner_text() == "1"


def test_a_refused_entry_shows_a_message_and_keeps_the_board(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    create_table(host, live_server, "score-pad", ["Aki", "Ben"])
    act_for_others(host)
    host.get_by_role("button", name="Aki: Victory points minus one").click()
    assert "between 0 and" in host.locator("#messages .error").inner_text()
    assert host.locator(".standings li", has_text="Aki").locator(".total").inner_text() == "0"


def test_japanese_phone_sees_japanese_pages(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    page = phone(locale="ja-JP")
    create_table(page, live_server, "mission-red-planet", ["あき", "べん", "ちか"])
    assert page.locator("html").get_attribute("lang") == "ja"
    assert "火星" in page.locator("#mars-title").inner_text()
    screenshot(page, "mission-red-planet-ja")


def test_a_scoring_round_is_seen_on_two_phones(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    table_url = create_table(host, live_server, "mission-red-planet", ["Aki", "Ben", "Chika"])
    link = host.locator("a[href^='/join/']").first.get_attribute("href")
    other = phone()
    join(other, live_server + link, "Chika")
    caught_up(host, board_seq(other))

    host.locator("summary", has_text="More crew moves").click()  # folded under the turn's controls; stays open
    crew = host.locator("form.crew-form").first
    for name, count in (("Aki", "3"), ("Ben", "3"), ("Chika", "1")):
        crew = host.locator("form.crew-form").first
        crew.locator("select[name=seat]").select_option(label=name)
        crew.locator("select[name=zone]").select_option("4")
        crew.locator("input[name=count]").fill(count)
        submit_and_wait(host, crew.get_by_role("button", name="Land"))
    for _ in range(5):
        submit_and_wait(host, host.get_by_role("button", name=re.compile(r"^End round")))
    line = host.locator(".explain li", has_text="Zone 4")
    assert "tie" in line.inner_text() and "Aki 3, Ben 3" in line.inner_text()
    other.goto(table_url)
    assert other.locator(".explain li", has_text="Zone 4").inner_text() == line.inner_text()
    screenshot(other, "mission-red-planet-scoring")


def test_quick_taps_on_plus_one_are_each_counted(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    # The answer to a tap is "stored" and the new board follows it; taps made before it arrives
    # (queued by htmx behind the first) are entries of their own, never taken for repeats.
    aki = phone()
    create_table(aki, live_server, "score-pad", ["Aki", "Ben"])
    act_for_others(aki)  # the host, not seated: each seat's buttons are behind the switch
    plus = aki.get_by_role("button", name="Aki: Victory points plus one")
    seq = board_seq(aki)
    for _ in range(3):
        plus.click(no_wait_after=True)
    caught_up(aki, seq + 3)
    total = aki.locator(".standings li", has_text="Aki").locator(".total")
    assert total.inner_text() == "3"
    aki.reload()
    assert aki.locator(".standings li", has_text="Aki").locator(".total").inner_text() == "3"
