"""A game of Crafting the Cosmos to its end on two phones: each round's goal, what to count, the counts."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import screenshot
from tests.browser.test_table_on_phones import act_for_others, board_seq, caught_up, create_table, join, submit_and_wait

pytestmark = pytest.mark.browser

KINDS = ("proto-life", "hydrogen", "carbon", "supernova", "helium", "oxygen")


def open_folded(page, details) -> None:  # type: ignore[no-untyped-def]
    """Open a folded section; one that appeared under the finger of the last tap first waits out its hold."""
    summary = details.locator("summary")
    summary.click()
    if not details.evaluate("d => d.open"):  # held: it appeared where End phase was just tapped
        page.wait_for_function("s => !s.hasAttribute('data-held-until')", arg=summary.element_handle())
        summary.click()
    assert details.evaluate("d => d.open")


def test_a_game_to_its_end_names_each_goal_and_asks_the_counts_at_the_top(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    table_url = create_table(host, live_server, "crafting-the-cosmos", ["Aki", "Ben"])
    link = host.locator("a[href^='/join/']").first.get_attribute("href")
    aki = phone()
    join(aki, live_server + link, "Aki")
    caught_up(host, board_seq(aki))
    act_for_others(host)  # the host enters Ben's counts

    for round_number in range(1, 9):
        top = aki.locator("#board section.card").first
        if top.locator("form.name-goal").count():  # a goal card was turned up: Aki names it
            open_folded(aki, top.locator("details.name-goal-new"))
            goal = int(top.locator("form.name-goal select[name=goal] option").last.get_attribute("value"))
            top.locator("select[name=goal_kind]").select_option(KINDS[goal - 1])
            submit_and_wait(aki, top.get_by_role("button", name="Name the goal"))
            top = aki.locator("#board section.card").first
        if round_number >= 3:  # goal n scores at the end of round n + 2
            goal = round_number - 2
            assert top.locator(".goal-name").inner_text().startswith(f"goal {goal}: ")
            assert top.locator(".goal-hint").inner_text().startswith("Count your")
            own = top.locator("form.goal-count").first
            assert own.locator("input[name=seat]").get_attribute("value") == "1"  # Aki's own count first
            own.locator("input[name=count]").fill(str(round_number))
            submit_and_wait(aki, own.get_by_role("button", name="Enter count"))
            caught_up(host, board_seq(aki))
            ben = host.locator("form.goal-count", has_text="Count of Ben")  # in Ben's card, for the host
            ben.locator("input[name=count]").fill("1")
            submit_and_wait(host, ben.get_by_role("button", name="Enter count"))
            caught_up(aki, board_seq(host))
        if round_number == 3:
            screenshot(aki, "crafting-the-cosmos-round-goal")
            # The end phase moves the whole table on: it sits below Aki's own count and entries.
            own = aki.locator("#board section.record", has_text="Record for Aki").bounding_box()
            end_phase = aki.get_by_role("button", name=re.compile(r"^End phase of round 3")).bounding_box()
            count = aki.locator("form.goal-count").first.bounding_box()
            assert own is not None and end_phase is not None and count is not None
            assert count["y"] < own["y"] < own["y"] + own["height"] <= end_phase["y"]
        submit_and_wait(aki, aki.get_by_role("button", name=re.compile(rf"^End phase of round {round_number}")))
        caught_up(host, board_seq(aki))

    assert "game over" in aki.locator("#cosmos-title").inner_text()
    aki.goto(table_url + "/results")
    text = " ".join(aki.locator("main").inner_text().split())
    assert "Round 8, goal 6: Most oxygen (O) stars: Aki 8, Ben 1: Aki +6" in text  # 2 players: no 2nd place
    assert "the last universal goal was scored" in text
    screenshot(aki, "crafting-the-cosmos-results")


# The galaxies table's own width and its box's.
WIDTHS = (
    "() => { const t = document.querySelector('#board table.galaxies');"
    " return [t.scrollWidth, t.parentElement.clientWidth]; }"
)


def test_a_hand_typed_by_type_in_japanese_makes_sets_and_the_galaxies_fit_390_px(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    create_table(host, live_server, "crafting-the-cosmos", ["Aki", "Benjamin", "Chika", "Daisuke"])
    link = live_server + host.locator("a[href^='/join/']").first.get_attribute("href")
    aki = phone(locale="ja-JP")
    join(aki, link, "Aki")
    entry = aki.locator("#board details.energy-cards-entry > summary")
    entry.filter(has_text="同種のエネルギーカード5枚を捨てて6ポイント").click()
    form = aki.locator("#board form.energy-cards").first
    for field, count in (("light", "11"), ("time", "4"), ("chemistry", "5")):
        form.locator(f"input[name={field}]").fill(count)
    submit_and_wait(aki, form.get_by_role("button", name="セットを捨てる"))

    row = aki.locator("#board tr[data-seat='1']")
    assert row.locator("td.points").inner_text().strip() == "18"
    assert row.locator("td.hand").inner_text().strip() == "5"  # 1 light and 4 time left in the hand
    shown = aki.locator("#board form.energy-cards .last-energy").inner_text()
    assert "光11枚：2セット（12ポイント）、残り1枚" in shown and "時間4枚：セットなし、残り4枚" in shown
    assert aki.locator("#board p.crystals").inner_text().endswith("合計15個")  # 11 in the supply, 1 on each board
    table, box = aki.evaluate(WIDTHS)
    assert table <= box  # every column of the galaxies on the screen, none off to the side
    screenshot(aki, "crafting-the-cosmos-energy-by-type-390-ja")
