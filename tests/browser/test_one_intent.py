"""One tap, one intent (issue 40), on real phones: every turn announced, nothing lost in silence,
what is typed survives another phone's update, only what lands under the finger waits."""

from __future__ import annotations

import time

import pytest

from companion.network import lan_addresses
from tests.browser.test_joining import network_server  # noqa: F401 (a fixture)
from tests.browser.test_live_table import live, open_table
from tests.browser.test_moon_deck import new_moon_table
from tests.browser.test_news import notice_in_view, to_the_bottom
from tests.browser.test_one_step import (
    GAPS_MS,
    NAMES,
    button,
    latest_entries,
    ready,
    record,
    seated,
    settled_seq,
    shown,
    space_base,
    space_base_turn,
)
from tests.browser.test_table_on_phones import board_seq, caught_up, create_table, join, submit_and_wait

pytestmark = pytest.mark.browser

SHOWN_NOTICES = """() => window.__shown = window.__shown || (function () {
    const seen = [];
    new MutationObserver(() => {
        document.querySelectorAll('#notices .notice').forEach((n) => {
            if (!n.__counted) { n.__counted = true; seen.push(n.textContent); }
        });
    }).observe(document.getElementById('notices'), {childList: true, subtree: true});
    return seen;
})()"""


def test_your_turn_is_shown_on_every_turn_of_three_rounds_while_scrolled_to_the_bottom(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host, phones = space_base(phone, live_server)
    for page in phones:
        page.evaluate(SHOWN_NOTICES)
    for _turn in range(6):  # three rounds of two turns
        space_base_turn(host)
        seq = board_seq(host)
        for page in phones:
            caught_up(page, seq)
        player = next(page for page in phones if button(page, "sb.end-turn").count())
        waiting = phones[1] if player is phones[0] else phones[0]
        name = NAMES[phones.index(waiting)]
        to_the_bottom(waiting)
        button(player, "sb.end-turn").click()
        notice_in_view(waiting, "turn", f"Your turn, {name}.")
        waiting.locator("#notices .notice-turn").wait_for(state="detached", timeout=15000)
    for page, name in zip(phones, NAMES, strict=False):
        shown = page.evaluate("() => window.__shown")
        assert shown.count(f"Your turn, {name}.") >= 3, shown


def test_a_value_typed_in_a_sheet_box_survives_another_phones_flip_and_is_never_sent_for_the_player(
    live_server: str, phone
) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    link = new_moon_table(host, live_server, ["Aki", "Ben"], adventure="2")
    aki, ben = phone(), phone()
    join(aki, link, "Aki")
    join(ben, link, "Ben")
    for page in (aki, ben):
        live(page)
    for turn in range(3):
        seq = board_seq(aki)
        boxes = aki.locator("form[hx-trigger] input[name=value]")
        box = boxes.nth(turn % boxes.count())
        box.scroll_into_view_if_needed()
        at = box.bounding_box()
        aki.touchscreen.tap(at["x"] + at["width"] / 2, at["y"] + at["height"] / 2)
        aki.keyboard.press("Control+A")
        typed = str(turn + 5)
        aki.keyboard.type(typed)  # typed, not sent: the player has not left the box
        submit_and_wait(ben, ben.get_by_role("button", name="Flip"))
        caught_up(aki, seq + 1)
        aki.wait_for_timeout(500)
        focused = aki.evaluate("() => [document.activeElement.name, document.activeElement.value]")
        assert focused == ["value", typed], (turn, focused)
        assert board_seq(aki) == seq + 1  # nothing sent for Aki by the update
        aki.evaluate("() => document.activeElement.blur()")  # leaving the box sends it: once, as typed
        caught_up(aki, seq + 2)
        aki.wait_for_timeout(1200)
        assert board_seq(aki) == seq + 2 and box.input_value() == typed, turn


# -- A double tap takes one step; a control under the finger waits; elsewhere a tap counts at once --


def double_tap(page, kind: str, gap_ms: int) -> int:  # type: ignore[no-untyped-def]
    """Tap the button of ``kind`` twice, ``gap_ms`` apart, where it is; return the entry it showed before."""
    seq = board_seq(page)
    at = ready(page, kind, seq)
    page.touchscreen.tap(*at)
    time.sleep(gap_ms / 1000)
    page.touchscreen.tap(*at)
    caught_up(page, seq + 1)
    return seq


def test_a_double_tap_on_character_is_done_records_it_once_and_lands_no_crew(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host, phones = seated(phone, live_server, "mission-red-planet")
    for seat, character in ((1, 2), (2, 5), (3, 8)):
        record(host, "mrp.character", seat=seat, character=character)
    for turn, gap in enumerate(GAPS_MS):
        player = phones[turn]
        player.reload()
        seq = double_tap(player, "mrp.acted", gap)
        assert settled_seq(host) == seq + 1, (f"{gap} ms apart", latest_entries(host))


def test_a_choice_that_appears_elsewhere_on_the_screen_takes_a_deliberate_tap_at_once(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host, (_aki, ben) = space_base(phone, live_server)
    time.sleep(1.1)
    host.reload()
    turn = shown(host, "sb.roll", "turn")
    seq = board_seq(ben)
    record(host, "sb.roll", values="3 4", turn=turn)
    choice = ben.locator("form:has(input[name=kind][value='sb.assign']) button").first
    choice.wait_for()
    time.sleep(0.2)  # a quick, deliberate tap: the choice appeared where Ben's finger was not
    box = choice.bounding_box()
    ben.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    caught_up(ben, seq + 2)  # the roll and Ben's choice
    assert settled_seq(ben) == seq + 2, latest_entries(ben)


# -- The end: the host sees the reveal; an undo of the final step takes it away -------------------


def test_the_host_who_ends_the_table_sees_the_reveal_like_everyone_else(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host, (aki, _ben) = open_table(phone, live_server, ["Aki", "Ben"])
    submit_and_wait(aki, aki.get_by_role("button", name="Aki: Victory points plus one"))
    caught_up(host, board_seq(aki))
    host.get_by_text("End the table…").click()
    host.get_by_role("button", name="End the table and reveal the seed").click()
    host.locator("#reveal").wait_for()
    assert host.locator("#reveal-headline").inner_text() == "Aki wins!"
    host.get_by_role("button", name="Back to the table").click()
    host.locator("#reveal").wait_for(state="detached")


def cosmos_at_its_last_end_phase(phone, server: str):  # type: ignore[no-untyped-def]
    host, phones = seated(phone, server, "crafting-the-cosmos", players=2)
    record(host, "ctc.nebula", seat=1, size=2, points=5)
    record(host, "ctc.crystal", seat=1, count=6)  # the supply is empty: this end phase ends the game
    for page in (host, *phones):
        page.reload()
        live(page)
    return host, phones


def test_an_undo_of_the_step_that_ended_the_game_takes_the_reveal_away_on_every_phone(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host, phones = cosmos_at_its_last_end_phase(phone, live_server)
    seq = board_seq(host)
    submit_and_wait(host, button(host, "ctc.end-phase"))
    for page in (host, *phones):
        page.locator("#reveal").wait_for()
    record(host, "void", target=seq + 1)
    for page in (host, *phones):
        page.locator("#reveal").wait_for(state="detached")
        assert page.locator("#board").get_attribute("data-over") == "false"


@pytest.mark.parametrize("gap", GAPS_MS)
def test_a_double_tap_on_the_last_end_phase_leaves_the_reveal_open(live_server: str, phone, gap: int) -> None:  # type: ignore[no-untyped-def]
    host, _phones = cosmos_at_its_last_end_phase(phone, live_server)
    double_tap(host, "ctc.end-phase", gap)
    host.locator("#reveal").wait_for()
    time.sleep(1.2)
    assert host.locator("#reveal").count() == 1  # the second tap did not close it unseen


# -- In reach: the invite box, a lost phone, the screen on a LAN address ---------------------------


def test_the_invite_box_closes_once_every_seat_is_taken_and_opens_again_on_demand(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    create_table(host, live_server, "score-pad", ["Aki", "Ben"])
    live(host)
    invite = host.locator("#invite")
    assert invite.get_attribute("open") is not None
    link = live_server + host.locator("a[href^='/join/']").first.get_attribute("href")
    for name in ("Aki", "Ben"):
        join(phone(), link, name)
    host.wait_for_function("() => !document.querySelector('#invite').open")
    host.locator("#invite > summary").click()
    assert invite.get_attribute("open") is not None  # reopened on demand


def test_a_replacement_phone_is_told_to_ask_the_host_and_free_seat_asks_once(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host, _phones = open_table(phone, live_server, ["Aki", "Ben"])
    link = live_server + host.locator("a[href^='/join/']").first.get_attribute("href")
    newcomer = phone()
    newcomer.goto(link)
    assert "Ask the host to free your seat" in newcomer.locator("#ask-the-host").inner_text()
    host.reload()
    host.locator("#invite > summary").click()
    seq = board_seq(host)
    host.locator(".free-seat summary").first.click()  # the first tap only asks
    assert board_seq(host) == seq
    host.get_by_role("button", name="Free the seat of Aki (a lost or changed phone)").click()
    host.wait_for_load_state()
    newcomer.goto(link)
    newcomer.locator("button[name=seat]", has_text="Aki").wait_for()


def test_on_plain_http_a_joined_phone_is_told_in_its_language_how_to_keep_the_screen_on(
    network_server: int,  # noqa: F811 (the fixture)
    phone,  # type: ignore[no-untyped-def]
) -> None:
    server = f"http://{lan_addresses()[0]}:{network_server}"
    host = phone()
    create_table(host, server, "score-pad", ["Aki", "Ben"])
    link = server + host.locator("a[href^='/join/']").first.get_attribute("href")
    aki = phone("ja-JP")
    join(aki, link, "Aki")
    note = aki.locator("#wake-http")
    note.wait_for()
    assert "暗号化された接続" in note.inner_text() and "画面" in note.inner_text()
    assert "README" not in note.inner_text()  # the guide is the host's business
