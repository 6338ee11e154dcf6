"""Welcome to the Moon in real browsers: two phones show the same combos after a flip and an undo."""

from __future__ import annotations

import re
import time

import pytest

from tests.browser.conftest import PATIENCE_MS, PHONE, screenshot
from tests.browser.test_accessibility import violations
from tests.browser.test_live_table import live
from tests.browser.test_table_on_phones import board_seq, caught_up, create_table, join, submit_and_wait

pytestmark = pytest.mark.browser


def combos(page) -> list[str]:  # type: ignore[no-untyped-def]
    """Each combo as "number action", e.g. "7 plant"."""
    return [
        f"{c.locator('.combo-number').inner_text()} {c.get_attribute('data-action')}"
        for c in page.locator(".combo").all()
    ]


def new_moon_table(host, server: str, names: list[str], **options: str) -> str:  # type: ignore[no-untyped-def]
    """Create a Welcome to the Moon table with the given options; return the join link."""
    host.goto(server + "/new")
    host.locator("select[name=game]").select_option("welcome-to-the-moon")
    host.wait_for_load_state("networkidle")  # the game's options are in place before we set them
    for key, value in options.items():
        host.locator(f"select[name=option-{key}]").select_option(value)
    host.locator("#play-as").select_option("host")  # the players join from their own phones
    for seat, name in enumerate(names, start=1):
        host.locator(f"#name-{seat}").fill(name)
    host.locator(f"#name-{len(names)}").press("Enter")  # Enter in a name box starts the table
    host.wait_for_url(re.compile(r"/t/[A-Z0-9]+$"))
    return server + host.locator("a[href^='/join/']").first.get_attribute("href")


def axe_phone(browser):  # type: ignore[no-untyped-def]
    """A phone whose pages axe can check (the app's CSP forbids the inline script otherwise)."""
    context = browser.new_context(bypass_csp=True, **PHONE)
    context.set_default_timeout(PATIENCE_MS)
    return context.new_page()


def test_two_phones_show_the_same_combos_after_a_flip_and_after_an_undo(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    create_table(host, live_server, "welcome-to-the-moon", ["Aki", "Ben"])
    link = live_server + host.locator("a[href^='/join/']").first.get_attribute("href")
    aki, ben = phone(), phone()
    join(aki, link, "Aki")
    join(ben, link, "Ben")
    live(ben)
    submit_and_wait(aki, aki.get_by_role("button", name="Flip"))
    first = combos(aki)
    assert len(first) == 3 and all(re.fullmatch(r"\d+ \w+", c) for c in first)
    ben.wait_for_function("n => document.querySelectorAll('.combo').length === n", arg=3)
    assert combos(ben) == first
    submit_and_wait(aki, aki.get_by_role("button", name="Flip"))
    second = combos(aki)
    ben.wait_for_function("() => document.querySelector('#deck-title').innerText.includes('Turn 2')")
    assert combos(ben) == second
    screenshot(ben, "moon-combos")

    aki.get_by_role("link", name="Log").click()
    aki.get_by_role("button", name=re.compile("Undo entry")).first.click()
    ben.wait_for_function("() => document.querySelector('#deck-title').innerText.includes('Turn 1')")
    assert combos(ben) == first
    aki.get_by_role("link", name="Board").click()
    assert combos(aki) == first


def test_a_flip_tapped_offline_for_a_turn_already_flipped_is_refused_on_that_phone(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    create_table(host, live_server, "welcome-to-the-moon", ["Aki", "Ben"])
    link = live_server + host.locator("a[href^='/join/']").first.get_attribute("href")
    aki, ben = phone(), phone()
    join(aki, link, "Aki")
    join(ben, link, "Ben")
    live(aki)
    live(ben)
    ben.context.set_offline(True)
    ben.locator("#connection:not([hidden])").wait_for()
    ben.get_by_role("button", name="Flip").click()  # queued on Ben's phone for turn 0
    ben.locator("#pending:not([hidden])").wait_for()
    submit_and_wait(aki, aki.get_by_role("button", name="Flip"))
    first = combos(aki)

    ben.context.set_offline(False)
    ben.locator("#messages .error").wait_for()
    assert "The cards were already flipped: the table is on turn 1." in ben.locator("#messages").inner_text()
    ben.locator("#pending[hidden]").wait_for(state="attached")
    ben.wait_for_function("() => document.querySelector('#deck-title').innerText.includes('Turn 1')")
    assert combos(ben) == first  # one flip, not two: no turn of cards went unseen
    screenshot(ben, "moon-stale-flip-refused")


def test_a_table_with_its_own_cards_enters_its_missions_and_combos(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    link = new_moon_table(host, live_server, ["Aki", "Ben"], components="own", adventure="2")
    aki = phone()
    join(aki, link, "Aki")
    assert aki.get_by_role("button", name="Flip").count() == 0  # the app turns no cards at this table

    mission_a = aki.locator("form", has=aki.locator("input[name=letter][value=A]")).filter(
        has=aki.locator("select[name=mission]")
    )
    mission_a.locator("select[name=mission]").select_option("71")
    submit_and_wait(aki, mission_a.get_by_role("button", name="Set"))
    assert "Circle all the plants for 2 space stations" in aki.locator("article.mission").first.inner_text()

    entry = aki.locator("form", has=aki.get_by_role("button", name="Record the combos"))
    for i, (number, action) in enumerate(((3, "water"), (8, "robot"), (12, "plant")), start=1):
        entry.locator(f"select[name=number_{i}]").select_option(str(number))
        entry.locator(f"select[name=action_{i}]").select_option(action)
    submit_and_wait(aki, entry.get_by_role("button", name="Record the combos"))
    assert combos(aki)[:3] == ["3 water", "8 robot", "12 plant"]
    assert "Turn 1" in aki.locator("#deck-title").inner_text()
    host.wait_for_function("() => document.querySelector('#deck-title').innerText.includes('Turn 1')")
    assert combos(host)[:3] == ["3 water", "8 robot", "12 plant"]
    screenshot(aki, "moon-own-components")


def test_a_phone_typing_in_a_sheet_box_keeps_updating_and_keeps_what_it_typed(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    link = new_moon_table(host, live_server, ["Aki", "Ben"], adventure="2")
    aki, ben = phone(), phone()
    join(aki, link, "Aki")
    join(ben, link, "Ben")
    live(aki)
    box = aki.locator("input[name=value][type=number]").first
    box.click()
    box.fill("")
    box.type("7")  # typing, not yet left the box
    submit_and_wait(ben, ben.get_by_role("button", name="Flip"))
    aki.wait_for_function("() => document.querySelector('#deck-title').innerText.includes('Turn 1')")
    assert len(combos(aki)) == 3  # the cards changed under the box
    focused = aki.evaluate("() => [document.activeElement.name, document.activeElement.value]")
    assert focused == ["value", "7"]


def test_a_number_typed_in_a_sheet_box_and_sent_with_enter_is_recorded_once(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    link = new_moon_table(host, live_server, ["Aki", "Ben"], adventure="2")
    aki = phone()
    join(aki, link, "Aki")
    seq = board_seq(aki)
    box = aki.locator("input[name=value][type=number]").first
    box.fill("7")
    box.press("Enter")  # the value changes and the form is sent: one entry, not one for each
    caught_up(aki, seq + 1)
    time.sleep(1.5)
    aki.reload()
    assert board_seq(aki) == seq + 1
    aki.evaluate(
        """() => {
            for (const kind of [HTMLFormElement, HTMLInputElement]) {
                const report = kind.prototype.reportValidity;
                kind.prototype.reportValidity = function () { window.reported = true; return report.call(this); };
            }
        }"""
    )
    box = aki.locator("input[name=value][type=number]").first
    box.fill("999")  # above the box's maximum: leaving the box, the phone says so, and nothing is sent
    box.press("Tab")
    aki.wait_for_function("() => window.reported === true")
    time.sleep(1)
    assert board_seq(aki) == seq + 1


def test_a_seated_players_first_screen_shows_the_cards_and_flip(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    create_table(host, live_server, "welcome-to-the-moon", ["Aki", "Ben", "Chika", "Dai"])
    link = live_server + host.locator("a[href^='/join/']").first.get_attribute("href")
    aki = phone()
    join(aki, link, "Aki")
    submit_and_wait(aki, aki.get_by_role("button", name="Flip"))
    aki.evaluate("window.scrollTo(0, 0)")
    flip = aki.get_by_role("button", name="Flip").bounding_box()
    last_card = aki.locator(".combo").last.bounding_box()
    assert flip is not None and last_card is not None
    assert flip["y"] + flip["height"] <= 844 and last_card["y"] + last_card["height"] <= 844
    screenshot(aki, "moon-first-screen")


def test_the_sheet_takes_one_tap_per_box_and_shows_the_running_total(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    link = new_moon_table(host, live_server, ["Aki", "Ben"], adventure="2")
    aki = phone()
    join(aki, link, "Aki")

    def row(key: str):  # type: ignore[no-untyped-def]
        return aki.locator(".sheet-row", has=aki.locator(f"#f-{key}-label"))

    submit_and_wait(aki, row("station-1-multiplier").get_by_role("button", name="×6"))  # its big one, as printed
    assert row("station-1-multiplier").locator("button[aria-pressed=true]").inner_text() == "×6"
    submit_and_wait(aki, row("station-1-plants").get_by_role("button", name="3", exact=True))
    submit_and_wait(aki, row("tank-1").locator("button.choice"))
    assert "yes" in row("tank-1").locator("button.choice").inner_text()
    submit_and_wait(aki, row("completed-zones").get_by_role("button", name=re.compile("plus one")))
    assert row("completed-zones").locator("input[type=number]").input_value() == "1"
    running = aki.locator(".running .total").inner_text()
    assert int(running) > 0  # the plants of a station with a circled multiplier, the tank, the zone
    screenshot(aki, "moon-quick-sheet")


def test_one_players_plant_track_activates_a_virus_on_all_four_phones(live_server: str, phone, browser) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    names = ["Aki", "Ben", "Chika", "Dai"]
    link = new_moon_table(host, live_server, names, adventure="6")
    aki, ben, chika, dai = phones = [phone(), phone(), phone(), axe_phone(browser)]
    for page, name in zip(phones, names, strict=True):
        join(page, link, name)
        live(page)
    submit_and_wait(aki, aki.get_by_role("button", name="Flip"))
    plus = ben.locator("[aria-labelledby='f-plant-boxes-label'] button.step").nth(1)
    for _ in range(5):  # Ben marks five plant boxes, one tap each
        submit_and_wait(ben, plus)
    for page in phones:
        alert = page.locator("#viruses [role=alert]")
        alert.wait_for()
        assert "A virus is active: infect now" in alert.inner_text()
        assert "green virus activated on turn 1 by Ben's plant track" in page.locator("#viruses").inner_text()
    screenshot(dai, "moon-virus")
    assert violations(dai) == []
    chika.locator("#viruses input[name=spaces]").fill("2")
    submit_and_wait(chika, chika.get_by_role("button", name="Infected", exact=True))
    assert chika.locator("#viruses [role=alert]").count() == 0
    aki.wait_for_function(
        "() => document.querySelector('#viruses').innerText.includes('Still to infect: Aki, Ben, Dai')"
    )
    dai.context.close()


@pytest.mark.parametrize("adventure", ["1", "3", "5"])
def test_the_sabotage_and_bonus_race_panels_pass_axe(live_server: str, phone, browser, adventure: str) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    link = new_moon_table(host, live_server, ["Aki", "Ben"], adventure=adventure)
    aki = axe_phone(browser)
    join(aki, link, "Aki")
    submit_and_wait(aki, aki.get_by_role("button", name="Flip"))
    if adventure == "1":
        submit_and_wait(aki, aki.get_by_role("button", name="Sabotage the others"))
    else:
        submit_and_wait(aki, aki.get_by_role("button", name="Reached").first)
    assert violations(aki) == []
    aki.context.close()


@pytest.mark.parametrize("adventure", ["1", "2"])
def test_a_seated_players_turn_and_sheet_fit_a_390_px_phone_in_ja(live_server: str, phone, adventure: str) -> None:  # type: ignore[no-untyped-def]
    """No button on two lines (the sabotage, the journey's printed multipliers), nothing wider than the phone."""
    from tests.browser.test_narrow import DOES_NOT_FIT

    host = phone()
    link = new_moon_table(host, live_server, ["Aki", "Ben"], adventure=adventure)
    aki = phone("ja-JP")
    join(aki, link, "Aki")
    submit_and_wait(aki, aki.locator("form:has(input[name=kind][value='wttm.flip']) button"))
    if adventure == "1":
        assert aki.get_by_role("button", name="妨害効果を使う").is_visible()
    else:
        assert aki.get_by_role("button", name="×10").is_visible()  # station 4's big multiplier, as printed
    assert aki.evaluate(DOES_NOT_FIT) == []
    screenshot(aki, f"moon-{adventure}-turn-390-ja")
