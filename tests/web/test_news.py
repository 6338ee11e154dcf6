"""Each board fetch brings this phone's news since the board it showed: out-of-band notices for the
tray and the live region, the reveal at the end, and nothing when nothing is news."""

from __future__ import annotations

from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from tests.conftest import join_link, new_table, post_event

HTMX = {"HX-Request": "true"}


def news_parts(client: FlaskClient, code: str, since: int) -> BeautifulSoup:
    response = client.get(f"/t/{code}?since={since}", headers=HTMX)
    assert response.status_code == 200
    return BeautifulSoup(response.text, "html.parser")


def notices(page: BeautifulSoup) -> list[tuple[str, str]]:
    tray = page.select_one('[hx-swap-oob="beforeend:#notices"]')
    return [(p["data-kind"], p.get_text()) for p in tray.select("p.notice")] if tray else []


def test_another_phones_undo_is_news_for_the_others_only(client: FlaskClient, make_client) -> None:  # type: ignore[no-untyped-def]
    code = new_table(client)
    aki = make_client()
    assert aki.post(join_link(client, code), data={"seat": "1", "key": "join-aki"}).status_code == 303
    post_event(aki, code, kind="tally.add", seat=1, category="vp", delta=2)
    post_event(aki, code, kind="void", target=2)
    ((kind, text),) = notices(news_parts(client, code, since=2))  # the host's phone showed entry 2
    assert kind == "undo" and text.startswith("Aki: Undid entry #2")
    page = news_parts(client, code, since=2)
    assert text in page.select_one('[hx-swap-oob="beforeend:#announcer"]').get_text()  # screen readers hear it
    assert notices(news_parts(aki, code, since=2)) == []  # Aki's own undo: Aki knows
    assert client.get(f"/t/{code}?since=3", headers=HTMX).status_code == 204  # a board showing it: nothing new


def test_the_end_brings_the_reveal_with_the_winner_and_how_ties_were_settled(client: FlaskClient) -> None:
    code = new_table(client)
    post_event(client, code, kind="tally.add", seat=2, category="vp", delta=4)
    post_event(client, code, kind="table.end")
    page = news_parts(client, code, since=1)
    assert notices(page) == [("end", "The game is over. Ben wins!")]
    reveal = page.select_one('[hx-swap-oob="innerHTML:#reveal-slot"] #reveal')
    assert reveal is not None and reveal.select_one("#reveal-headline").get_text() == "Ben wins!"
    assert reveal.select_one("#reveal-settled") is not None
    assert reveal.select_one(".reveal-ranking li .name").get_text() == "Ben"  # first in rank order


def test_a_board_fetch_without_news_carries_no_notice(client: FlaskClient) -> None:
    code = new_table(client)
    post_event(client, code, kind="tally.add", seat=1, category="vp", delta=1)
    page = news_parts(client, code, since=0)
    assert notices(page) == [] and page.select_one("#board") is not None
    assert page.select_one('[hx-swap-oob="innerHTML:#reveal-slot"]') is None


def test_the_results_page_opens_with_the_reveal_then_the_breakdown(client: FlaskClient) -> None:
    code = new_table(client)
    post_event(client, code, kind="tally.add", seat=3, category="vp", delta=1)
    post_event(client, code, kind="table.end")
    page = BeautifulSoup(client.get(f"/t/{code}/results").text, "html.parser")
    reveal = page.select_one("main #reveal")
    assert reveal is not None and reveal.select_one("#reveal-headline").get_text() == "Chika wins!"
    assert reveal.find_next("table", id="breakdown") is not None  # the breakdown comes after it
