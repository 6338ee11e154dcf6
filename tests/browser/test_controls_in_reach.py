"""What a player does every turn is on the first screen of a 390 × 844 phone, for every game and role;
the host's controls for other seats wait behind one "for another player" switch."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import screenshot
from tests.browser.test_table_on_phones import create_table, join
from tests.browser.test_words_on_a_phone import import_table

pytestmark = pytest.mark.browser

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
SCREEN = 844
# A worked example of each game, played part of the way (a count of entries; None: half of them).
MOMENTS = {
    "welcome-to-the-moon": ("welcome-to-the-moon", "welcome-to-the-moon-quarters.json", None),
    "mission-red-planet": ("mission-red-planet", "mission-red-planet.json", None),
    "andromeda-trade": ("andromeda", "andromeda.json", None),
    "andromeda-actions": ("andromeda", "andromeda.json", 14),
    "andromeda-movement": ("andromeda", "andromeda.json", 18),
    "crafting-the-cosmos": ("crafting-the-cosmos", "crafting-the-cosmos.json", None),
    "space-base": ("space-base", "space-base-abilities.json", 24),  # Ben chooses how to take a roll
}
# What a player does each turn, by the name of its button (those the phone shows at that moment).
EVERY_TURN = {
    "welcome-to-the-moon": r"Flip",
    "mission-red-planet": r"\+1: land one of my crew in .*|End round \d+.*|.*'s character is done|Pick|Change",
    "andromeda": r"End the turn|Place the stations|Play a movement card|End movement, start the trade|Offer|Lay out"
    r"|No more cards: start the exchanges|Take .*'s set|Take this set into hand|Move stations from Earth"
    r"|Upgrade .*|Build .*|Draw \d+ planet cards? for .*",
    "crafting-the-cosmos": r"End phase of round \d+|Nebula completed|Take crystals"
    r"|5 same energy cards for 6 points|Enter count",
    "space-base": r"Roll the dice|Keep the dice|Take sectors? .*|End the turn",
    "score-pad": r".*: .* plus one|.*: .* minus one",
}

# Every visible button of the board: its name (text or aria-label) and where it ends, page-wise.
BUTTONS = """() => [...document.querySelectorAll("#board button, #board summary")]
  .filter((element) => element.offsetParent !== null && element.getClientRects().length)
  .map((element) => [(element.getAttribute("aria-label") || element.innerText).trim().replace(/\\s+/g, " "),
                     element.getBoundingClientRect().bottom + window.scrollY, !!element.closest(".for-other")])"""


def played_to(moment: str) -> dict[str, Any]:
    _game, example, entries = MOMENTS[moment]
    scenario = json.loads((EXAMPLES / example).read_text())
    return {**scenario, "events": scenario["events"][: len(scenario["events"]) // 2 if entries is None else entries]}


def every_turn_controls(page: Any, game: str) -> list[tuple[str, float]]:
    """The every-turn controls of this phone's own seat, each with how far down the page it ends."""
    page.evaluate("window.scrollTo(0, 0)")
    wanted = re.compile(EVERY_TURN[game])
    return [(name, bottom) for name, bottom, other in page.evaluate(BUTTONS) if wanted.fullmatch(name) and not other]


def below_the_first_screen(page: Any, game: str, *, has_some: bool = True) -> list[tuple[str, float]]:
    """The every-turn controls that end below the first screen (a phone whose seat has something to do)."""
    controls = every_turn_controls(page, game)
    assert controls or not has_some, f"{game}: no every-turn control on this phone"
    return [(name, round(bottom)) for name, bottom in controls if bottom > SCREEN]


def seat_names(scenario: dict[str, Any]) -> list[str]:
    return [player["name"] for player in scenario["players"]]


@pytest.mark.parametrize("moment", sorted(MOMENTS))
def test_a_player_and_a_seated_host_reach_their_every_turn_controls_without_scrolling(  # type: ignore[no-untyped-def]
    live_server: str, phone, tmp_path: Path, moment: str
) -> None:
    game = MOMENTS[moment][0]
    scenario = played_to(moment)
    names = seat_names(scenario)
    host = phone()
    board = import_table(host, live_server, scenario, tmp_path / f"{moment}.json")
    link = live_server + host.locator("a[href^='/join/']").first.get_attribute("href")
    player = phone()
    join(player, link, names[1])
    screenshot(player, f"reach-{moment}-player")
    assert below_the_first_screen(player, game) == []

    for name in names[2:]:  # everyone has joined: the host's invitation folds away
        join(phone(), link, name)
    join(host, link, names[0])  # the host plays too
    host.goto(board)
    screenshot(host, f"reach-{moment}-host")
    assert host.locator("#for-others").is_checked() is False
    assert below_the_first_screen(host, game, has_some=False) == []  # another seat may be the one to act
    assert host.locator(".for-other:visible").count() == 0  # nobody else's controls, until asked for

    host.get_by_role("checkbox", name="For another player").check()  # the others' controls join, below its own
    screenshot(host, f"reach-{moment}-host-for-others")
    assert below_the_first_screen(host, game, has_some=False) == []


def test_score_pad_tally_rows_are_on_the_first_screen(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    create_table(host, live_server, "score-pad", ["Aki", "Ben", "Chika", "Dai"])
    link = live_server + host.locator("a[href^='/join/']").first.get_attribute("href")
    ben = phone()
    join(ben, link, "Ben")
    assert below_the_first_screen(ben, "score-pad") == []
    for name in ("Chika", "Dai"):
        join(phone(), link, name)
    join(host, link, "Aki")
    assert below_the_first_screen(host, "score-pad") == []


def test_the_host_sees_other_seats_controls_only_with_the_switch_each_named_for_its_seat(  # type: ignore[no-untyped-def]
    live_server: str, phone
) -> None:
    host = phone()
    create_table(host, live_server, "andromeda", ["Aki", "Ben", "Chika"])
    link = live_server + host.locator("a[href^='/join/']").first.get_attribute("href")
    join(host, link, "Aki")
    place = host.get_by_role("button", name="Place the stations", include_hidden=True)
    assert place.count() == 3  # one setup form per seat, as the server would accept from the host
    assert [place.nth(i).is_visible() for i in range(3)] == [True, False, False]

    host.get_by_role("checkbox", name="For another player").check()
    assert [place.nth(i).is_visible() for i in range(3)] == [True, True, True]
    labels = host.locator(".for-other:visible .for-label").all_inner_texts()
    assert labels == ["For Ben", "For Chika"]  # never its own seat, each named
    screenshot(host, "reach-host-switch-on")

    host.reload()  # remembered on this phone for this table
    assert host.locator("#for-others").is_checked()
    assert host.locator(".for-other:visible").count() == 2
    host.get_by_role("checkbox", name="For another player").uncheck()
    host.reload()
    assert host.locator(".for-other:visible").count() == 0


def test_a_host_without_a_seat_picks_whose_controls_under_the_switch(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    create_table(host, live_server, "score-pad", ["Aki", "Ben", "Chika"])
    if host.locator("#for-others").count() == 0:
        pytest.skip("the host took a seat when creating the table")
    minus = host.get_by_role("button", name=re.compile(r"minus one$"), include_hidden=True)
    assert host.get_by_role("radiogroup").count() == 0 or not host.locator(".act-as").is_visible()
    assert all(not minus.nth(i).is_visible() for i in range(minus.count()))
    host.get_by_role("checkbox", name="For another player").check()
    host.get_by_label("Ben", exact=True).check()
    shown = [minus.nth(i).get_attribute("aria-label") for i in range(minus.count()) if minus.nth(i).is_visible()]
    assert shown and all(label.startswith("Ben:") for label in shown)
    host.reload()
    assert host.get_by_label("Ben", exact=True).is_checked()


def test_the_cards_stay_in_view_while_a_player_scrolls_to_the_bottom_of_the_sheet(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    create_table(host, live_server, "welcome-to-the-moon", ["Aki", "Ben"])
    link = live_server + host.locator("a[href^='/join/']").first.get_attribute("href")
    aki = phone()
    join(aki, link, "Aki")
    aki.get_by_role("button", name="Flip").click()
    aki.wait_for_function("() => document.querySelectorAll('.combo').length === 3")
    aki.locator(".sheet-row").last.scroll_into_view_if_needed()
    last_row = aki.locator(".sheet-row").last.bounding_box()
    flip = aki.get_by_role("button", name="Flip").bounding_box()
    cards = [aki.locator(".combo").nth(i).bounding_box() for i in range(3)]
    assert last_row is not None and flip is not None and all(card is not None for card in cards)
    assert last_row["y"] + last_row["height"] <= SCREEN + 1  # scrolled to its end
    assert all(box["y"] >= 0 and box["y"] + box["height"] <= SCREEN for box in (*cards, flip))  # type: ignore[index]
    screenshot(aki, "reach-moon-sheet-bottom")
