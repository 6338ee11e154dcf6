"""The log page: newest first, a page at a time; "Older entries" appends the next page (a link without JavaScript)."""

from __future__ import annotations

from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from companion.services.screens import LOG_PAGE
from tests.conftest import new_table, post_event


def seqs(html: str) -> list[int]:
    rows = BeautifulSoup(html, "html.parser").select("li:not(.more) > span.muted:first-child")
    return [int(row.get_text().lstrip("#")) for row in rows]


def older_link(html: str) -> str | None:
    link = BeautifulSoup(html, "html.parser").select_one("li.more a")
    if link is None:
        return None
    assert link["href"] == link["hx-get"]
    return str(link["href"])


def test_the_log_comes_a_page_at_a_time_newest_first(client: FlaskClient) -> None:
    code = new_table(client)
    total = 2 * LOG_PAGE + 7
    for _ in range(total):
        post_event(client, code, kind="tally.add", seat=1, category="vp", delta=1)

    first = client.get(f"/t/{code}/log").text
    assert seqs(first) == list(range(total, total - LOG_PAGE, -1))
    link = older_link(first)
    assert link == f"/t/{code}/log?before={total - LOG_PAGE + 1}"

    # htmx swaps the link's row for the next page's rows (and the next link): no page around them.
    second = client.get(link, headers={"HX-Request": "true"})
    assert "<html" not in second.text
    assert BeautifulSoup(second.text, "html.parser").find("li") is not None
    assert seqs(second.text) == list(range(total - LOG_PAGE, total - 2 * LOG_PAGE, -1))

    # Without JavaScript the same link opens the page of older entries.
    third_link = older_link(second.text)
    assert third_link is not None
    third = client.get(third_link).text
    assert "<html" in third
    assert seqs(third) == list(range(total - 2 * LOG_PAGE, 0, -1))
    assert older_link(third) is None


def test_a_short_log_has_no_older_entries_link(client: FlaskClient) -> None:
    code = new_table(client)
    post_event(client, code, kind="tally.add", seat=1, category="vp", delta=1)
    page = client.get(f"/t/{code}/log").text
    assert seqs(page) == [1]
    assert older_link(page) is None


def test_undo_is_offered_on_older_pages_too(client: FlaskClient) -> None:
    code = new_table(client)
    for _ in range(LOG_PAGE + 1):
        post_event(client, code, kind="tally.add", seat=1, category="vp", delta=1)
    older = BeautifulSoup(client.get(f"/t/{code}/log?before=2").text, "html.parser")
    assert [int(v["value"]) for v in older.select("form input[name=target]")] == [1]
    post_event(client, code, kind="void", target=1)
    log = BeautifulSoup(client.get(f"/t/{code}/log?before=2").text, "html.parser")
    assert log.select_one("li.voided") is not None


def test_an_undo_and_a_redo_each_say_which_entry_and_what_it_said(client: FlaskClient) -> None:
    code = new_table(client)
    post_event(client, code, kind="tally.add", seat=1, category="vp", delta=2)
    post_event(client, code, kind="void", target=1)
    post_event(client, code, kind="void", target=2)  # undoing the undo brings entry 1 back
    for language, expected in (
        (
            "en",
            [
                "Redid entry #1: Aki: Victory points +2",
                "Undid entry #1: Aki: Victory points +2",
                "Aki: Victory points +2",
            ],
        ),
        ("ja", ["記録#1をやり直し：Aki：勝利点+2", "記録#1を取り消し：Aki：勝利点+2", "Aki：勝利点+2"]),
    ):
        page = BeautifulSoup(client.get(f"/t/{code}/log", headers={"Accept-Language": language}).text, "html.parser")
        assert [span.get_text() for span in page.select("li .what")] == expected


def test_a_screen_reader_hears_redo_on_the_redo_button_with_the_entry_it_brings_back(client: FlaskClient) -> None:
    code = new_table(client)
    post_event(client, code, kind="tally.add", seat=1, category="vp", delta=2)
    post_event(client, code, kind="void", target=1)  # entry 2 undoes entry 1: its button redoes entry 1
    page = BeautifulSoup(client.get(f"/t/{code}/log").text, "html.parser")
    buttons = {button.get_text(strip=True): button["aria-label"] for button in page.select("li form button")}
    assert buttons == {"Redo": "Redo entry 1"}  # entry 1, undone, offers no undo of its own


def test_each_button_of_a_chain_of_undos_says_what_it_does_to_the_entry(client: FlaskClient) -> None:
    code = new_table(client)
    post_event(client, code, kind="tally.add", seat=1, category="vp", delta=2)
    post_event(client, code, kind="void", target=1)
    post_event(client, code, kind="void", target=2)  # redid entry 1: its button takes entry 1 away again
    page = BeautifulSoup(client.get(f"/t/{code}/log").text, "html.parser")
    buttons = [(b.get_text(strip=True), b["aria-label"]) for b in page.select("li form button")]
    assert buttons == [("Undo", "Undo entry 1"), ("Undo", "Undo entry 1")]  # entries 3 and 1
    post_event(client, code, kind="void", target=3)  # undid entry 1 again
    page = BeautifulSoup(client.get(f"/t/{code}/log").text, "html.parser")
    assert page.select("li .what")[0].get_text() == "Undid entry #1: Aki: Victory points +2"
    buttons = [(b.get_text(strip=True), b["aria-label"]) for b in page.select("li form button")]
    assert buttons == [("Redo", "Redo entry 1"), ("Redo", "Redo entry 1")]  # entries 4 and 2: each brings 1 back
    post_event(client, code, kind="void", target=4)
    assert client.get(f"/t/{code}/log").text.count("Redid entry #1") == 2  # entries 5 and 3


def test_a_negative_change_in_the_log_carries_the_minus_sign(client: FlaskClient) -> None:
    code = new_table(client)
    post_event(client, code, kind="tally.add", seat=1, category="vp", delta=7)
    assert post_event(client, code, kind="tally.add", seat=1, category="vp", delta=-5).status_code == 303
    page = BeautifulSoup(client.get(f"/t/{code}/log").text, "html.parser")
    assert [span.get_text() for span in page.select("li .what")] == [
        "Aki: Victory points \u22125",
        "Aki: Victory points +7",
    ]
