"""Every game to its results page on a phone: winners, breakdown, chart, seed, exports, 390 px wide."""

from __future__ import annotations

import re

import pytest

from companion.games.registry import GAMES
from tests.browser.conftest import screenshot
from tests.browser.test_table_on_phones import act_for_others, create_table, submit_and_wait

pytestmark = pytest.mark.browser

PLAYERS = {
    "welcome-to-the-moon": ["Aki", "Ben"],
    "space-base": ["Aki", "Ben"],
    "andromeda": ["Aki", "Ben", "Chika"],
    "mission-red-planet": ["Aki", "Ben", "Chika"],
    "crafting-the-cosmos": ["Aki", "Ben"],
    "score-pad": ["Aki", "Ben"],
}


def test_every_registered_game_has_a_player_list_here() -> None:
    assert set(PLAYERS) == set(GAMES)


def post_entry(page, table_url: str, **fields: str) -> None:  # type: ignore[no-untyped-def]
    """Post one entry through the board's own form endpoint, with this phone's cookies and token."""
    token = page.locator("input[name=csrf_token]").first.get_attribute("value")
    response = page.request.post(table_url + "/events", form={**fields, "csrf_token": token}, max_redirects=0)
    assert response.status == 303, response.text()


def end_table(page, table_url: str) -> None:  # type: ignore[no-untyped-def]
    """Post the end of the table."""
    post_entry(page, table_url, kind="table.end", key=f"end-{table_url[-6:]}")


@pytest.mark.parametrize("slug", sorted(PLAYERS))
def test_a_short_game_reaches_its_results_page(live_server: str, phone, slug: str) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    table_url = create_table(host, live_server, slug, PLAYERS[slug])
    if slug == "score-pad":  # the short game is played with the board's own buttons
        act_for_others(host)  # the host, not seated, records for Ben
        submit_and_wait(host, host.get_by_role("button", name="Ben: Victory points plus one"))
    end_table(host, table_url)
    host.goto(table_url + "/results")
    winners = host.locator("#winners").inner_text()
    assert re.search(r"Winner|No winner yet|wins\.", winners)
    if slug == "score-pad":
        assert winners.startswith("Winner: Ben")
    assert host.locator(".ranking li").count() == len(PLAYERS[slug])
    assert host.locator("#breakdown tbody tr").count() >= 1
    assert host.locator("svg.bar-chart").is_visible()
    assert host.locator("svg.bar-chart").get_attribute("role") == "img"
    assert len(host.locator("#seed").inner_text()) > 0
    assert host.locator("#bgstats-push").get_attribute("href").startswith("https://app.bgstatsapp.com/")
    # Nothing but the breakdown table (which scrolls in its own box) is wider than the phone.
    assert host.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(host, f"results-{slug}")

    link = host.locator("#results-link").get_attribute("href")
    stranger = phone(locale="ja-JP")
    stranger.goto(link)
    assert stranger.locator("html").get_attribute("lang") == "ja"
    assert stranger.locator(".ranking li").count() == len(PLAYERS[slug])


CHART_LABELS_OUTSIDE = """() => {
  const svg = document.querySelector('svg.bar-chart');
  const width = svg.viewBox.baseVal.width;
  return [...svg.querySelectorAll('text.chart-value')]
    .filter(text => { const box = text.getBBox(); return box.x < -0.5 || box.x + box.width > width + 0.5; })
    .map(text => text.textContent);
}"""


def test_the_charts_labels_stay_inside_it_with_long_names_and_big_scores(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    table_url = create_table(host, live_server, "score-pad", ["Christopher", "千代子"])
    for seat, value in ((1, 123456), (2, 98765)):
        key = f"set-{seat}-{table_url[-6:]}"
        post_entry(host, table_url, kind="tally.set", seat=str(seat), category="vp", value=str(value), key=key)
    end_table(host, table_url)
    host.goto(table_url + "/results")
    assert host.locator("svg.bar-chart text.chart-value").count() == 2
    assert host.evaluate(CHART_LABELS_OUTSIDE) == []
