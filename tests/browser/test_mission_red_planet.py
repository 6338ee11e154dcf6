"""A game of Mission: Red Planet to round 10 on two phones: characters, a bonus card, a discovery card."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import screenshot
from tests.browser.test_table_on_phones import act_for_others, board_seq, caught_up, create_table, join, submit_and_wait

pytestmark = pytest.mark.browser


def test_a_game_to_round_10_with_characters_and_cards(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    table_url = create_table(host, live_server, "mission-red-planet", ["Aki", "Ben", "Chika"])
    link = host.locator("a[href^='/join/']").first.get_attribute("href")
    aki = phone()
    join(aki, live_server + link, "Aki")
    caught_up(host, board_seq(aki))

    # Aki keeps a bonus card face down, entered by what it does, and places a discovery card.
    aki.locator("details.bonus > summary").click()
    card = aki.locator("form.bonus-card")
    for name, value in (("counts", "crew-in-zone"), ("zone", "4"), ("points", "6")):  # chips: a tap each
        card.locator(f"label.pick:has(input[name={name}][value='{value}'])").click()
    card.locator("details.more > summary").click()
    card.locator("input[name=name]").fill("Olympus")
    submit_and_wait(aki, card.get_by_role("button", name="Keep secret"))
    assert "Olympus" in aki.locator(".my-bonus").inner_text()
    place = aki.locator("form.crew-form", has=aki.locator("input[name=kind][value='mrp.discovery']"))
    place.locator("select[name=zone]").select_option("2")
    submit_and_wait(aki, place.get_by_role("button", name="Place"))

    caught_up(host, board_seq(aki))
    host.locator("summary", has_text="More crew moves").click()  # folded under the turn's controls; stays open
    for name, zone, count in (("Aki", "4", "3"), ("Ben", "4", "2"), ("Chika", "2", "1")):
        crew = host.locator("form.crew-form").first
        crew.locator("select[name=seat]").select_option(label=name)
        crew.locator("select[name=zone]").select_option(zone)
        crew.locator("input[name=count]").fill(count)
        submit_and_wait(host, crew.get_by_role("button", name="Land"))
    host.goto(table_url)
    assert "Olympus" not in host.content()  # the host's phone never sees Aki's card

    # Aki lands one crew in Zone 5 and moves it to Zone 4: the zone it leaves, then the zone it reaches.
    caught_up(aki, board_seq(host))
    submit_and_wait(aki, aki.get_by_role("button", name="+1: land one of my crew in Zone 5", exact=True))
    aki.locator("details.crew-move > summary").click()
    move = aki.locator("form.crew-move")
    move.locator("label.pick:has(input[name=from_zone][value='5'])").click()
    submit_and_wait(aki, move.locator("button[name=to_zone][value='4']"))
    assert aki.locator("#zones-title ~ div tr", has_text="Zone 4").locator("td").first.inner_text() == "4"
    caught_up(host, board_seq(aki))

    # Round 1's characters: Aki picks on her phone, the host for Ben and Chika.
    caught_up(aki, board_seq(host))
    pick = aki.locator("form.pick").first
    pick.locator("select[name=character]").select_option("3")
    submit_and_wait(aki, pick.get_by_role("button", name="Pick"))
    caught_up(host, board_seq(aki))
    act_for_others(host)
    for name, character in (("Ben", "7"), ("Chika", "1")):
        form = host.locator("form.pick", has_text=f"Character of {name}")
        form.locator("select[name=character]").select_option(character)
        submit_and_wait(host, form.get_by_role("button", name="Pick"))
    caught_up(aki, board_seq(host))
    assert aki.locator(".acting-now").inner_text() == "Acting now: Chika, Recruiter (1)"
    screenshot(aki, "mission-red-planet-characters")
    submit_and_wait(host, host.get_by_role("button", name="Chika's character is done"))
    caught_up(aki, board_seq(host))
    assert aki.locator(".acting-now").inner_text() == "Acting now: Aki, character 3"
    submit_and_wait(aki, aki.get_by_role("button", name="Aki's character is done"))
    caught_up(host, board_seq(aki))
    submit_and_wait(host, host.get_by_role("button", name="Ben's character is done"))
    assert host.locator("select[name=first_player] option").first.inner_text() == "— (Ben acted last)"
    submit_and_wait(host, host.get_by_role("button", name=re.compile(r"^End round 1")))
    assert host.locator("#mars-title ~ p", has_text="First player").inner_text() == "First player: Ben"

    for _ in range(2, 10):
        submit_and_wait(host, host.get_by_role("button", name=re.compile(r"^End round")))
    # Round 10: the discovery card is turned up before the last scoring.
    reveal = host.locator("form.reveal")
    reveal.locator("select[name=effect]").select_option("more-tokens")
    reveal.locator("input[name=amount]").fill("2")
    submit_and_wait(host, reveal.get_by_role("button", name="Turn up"))
    submit_and_wait(host, host.get_by_role("button", name=re.compile(r"^End round 10")))

    aki.goto(table_url + "/results")
    text = " ".join(aki.locator("main").inner_text().split())
    assert "Round 10, Zone 2: Chika 1: Chika takes 5 " in text  # 3 + 2 tokens of the colour drawn there
    assert "(discovery card: +2 score tokens in the final scoring)" in text
    assert "Bonus card of Aki (“Olympus”: 6 points for the most crew in Zone 4): 4, the most: met, +6" in text
    screenshot(aki, "mission-red-planet-cards-results")
    host.goto(table_url)
    screenshot(host, "mission-red-planet-cards-board")
