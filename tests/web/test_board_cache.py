"""One board per table, entry and view: the same bytes for every phone with that view, nothing of one phone in it.

It is rendered once and kept (a bounded LRU): a kept board is what a fresh render shows that view.

The board htmx fetches holds no CSRF token (htmx sends it as a header) and no idempotency key
(the phone makes one per tap); the table page a phone without JavaScript posts from carries both.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient

from companion.games.crafting_the_cosmos import rules as ctc
from companion.games.registry import GAMES
from companion.web import boards as shared_boards
from companion.web.app import create_app
from tests.conftest import new_table, post_event
from tests.web.test_moves import joined_phone

HTMX = {"HX-Request": "true"}


def fields(html: str, name: str) -> list[str]:
    return [str(i.get("value", "")) for i in BeautifulSoup(html, "html.parser").select(f'input[name="{name}"]')]


def spectator(client: FlaskClient, make_client: Any, code: str) -> FlaskClient:
    """A phone that opened the table's watch link."""
    phone: FlaskClient = make_client()
    watch = BeautifulSoup(client.get(f"/t/{code}").text, "html.parser").find("a", href=re.compile("^/watch/"))
    assert watch is not None
    assert phone.get(str(watch["href"])).status_code in (200, 303)
    return phone


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_two_phones_with_the_same_view_get_byte_identical_boards(
    slug: str, client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game=slug)
    first, second = spectator(client, make_client, code), spectator(client, make_client, code)
    seated = joined_phone(client, make_client, code, 1)
    boards = {}
    for name, phone in (("first", first), ("second", second), ("host", client), ("seat 1", seated)):
        shared_boards.shared.cache_clear()  # each one rendered for its phone
        boards[name] = phone.get(f"/t/{code}", headers=HTMX).data
    assert first.get(f"/t/{code}", headers=HTMX).data == boards["first"]  # and the same from the cache
    assert boards["first"] == boards["second"]
    assert boards["host"] != boards["first"] and boards["seat 1"] != boards["host"]  # views differ
    for name, board in boards.items():
        assert not fields(board.decode(), "key") and not fields(board.decode(), "csrf_token"), name


def test_another_seats_secret_is_never_in_a_board(
    client: FlaskClient, make_client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ctc, "life_stack", lambda seed, players: (987654,) * 20)
    code = new_table(client, game=ctc.SLUG)
    seat_1, seat_2 = (joined_phone(client, make_client, code, seat) for seat in (1, 2))
    watcher = spectator(client, make_client, code)
    assert post_event(seat_1, code, kind=ctc.NEBULA, seat=1, size=2, points=5).status_code == 303
    assert post_event(seat_1, code, kind=ctc.ADVANCED_LIFE, seat=1).status_code == 303
    shared_boards.shared.cache_clear()
    assert "987654" in seat_1.get(f"/t/{code}", headers=HTMX).text  # now kept for seat 1's view
    for name, phone in (("seat 2", seat_2), ("host", client), ("spectator", watcher)):
        assert "987654" not in phone.get(f"/t/{code}", headers=HTMX).text, name
        assert "987654" not in phone.get(f"/t/{code}").text, name


@pytest.fixture
def guarded_app(database_url: str) -> Flask:
    """The app with CSRF checks on, as in production."""
    return create_app({"TESTING": True, "DATABASE_URL": database_url, "SECRET_KEY": "test-secret"})


def guarded_table(app: Flask) -> tuple[FlaskClient, str, str]:
    """A host phone, its table's code and its CSRF token (from the page's header for htmx)."""
    host = app.test_client()
    (token,) = set(fields(host.get("/new").text, "csrf_token"))
    form = {"csrf_token": token, "game": "score-pad", "name-1": "Aki", "colour-1": "#E69F00"}
    code = host.post("/new", data=form | {"name-2": "Ben", "colour-2": "#56B4E9"}).headers["Location"].rsplit("/", 1)[1]
    page = host.get(f"/t/{code}").text
    assert f'"X-CSRFToken": "{session_part(token)}.' in page  # what htmx sends with every request
    return host, code, token


def session_part(token: str) -> str:
    """The part of a signed CSRF token that is the same in every page of a phone's session (its raw token)."""
    return token.split(".", 1)[0]


def test_a_phones_csrf_token_never_appears_in_a_board(guarded_app: Flask) -> None:
    host, code, token = guarded_table(guarded_app)
    board = host.get(f"/t/{code}", headers=HTMX).text
    assert session_part(token) not in board
    tap = {"kind": "tally.add", "seat": "1", "category": "vp", "delta": "1", "key": "phone-made-key-1"}
    assert host.post(f"/t/{code}/events", data=tap, headers=HTMX | {"X-CSRFToken": token}).status_code == 204
    assert session_part(token) not in host.get(f"/t/{code}", headers=HTMX).text
    refused = host.post(f"/t/{code}/events", data=tap | {"key": "phone-made-key-2"}, headers=HTMX)
    assert refused.status_code == 400  # no header, no token: refused


def test_a_page_without_javascript_posts_its_own_forms(guarded_app: Flask) -> None:
    host, code, token = guarded_table(guarded_app)
    form = BeautifulSoup(host.get(f"/t/{code}").text, "html.parser").select_one("#board form.stepper")
    assert form is not None
    sent = {str(i["name"]): str(i.get("value", "")) for i in form.select("input[type=hidden]")}
    assert session_part(sent["csrf_token"]) == session_part(token) and sent["key"]
    assert host.post(f"/t/{code}/events", data=sent | {"delta": "1"}).status_code == 303
    assert host.post(f"/t/{code}/events", data=sent | {"delta": "1"}).status_code == 303  # sent again: back, reload
    counts = BeautifulSoup(host.get(f"/t/{code}", headers=HTMX).text, "html.parser").select("output.count")
    assert counts[0].text == "1"


def test_a_retried_tap_is_stored_once_and_its_key_with_other_values_is_refused(client: FlaskClient) -> None:
    code = new_table(client)
    tap = {"kind": "tally.add", "seat": 1, "category": "vp", "delta": 1}
    key = "9b2f6a0e-6c1d-4c2a-9f51-3d2e8b7c4a10"  # as crypto.randomUUID() makes it on the phone
    before = seq(client, code)
    assert post_event(client, code, key=key, htmx=True, **tap).status_code == 204
    assert post_event(client, code, key=key, htmx=True, **tap).status_code == 204  # the offline queue's resend
    assert post_event(client, code, key=key, htmx=True, **(tap | {"delta": 2})).status_code == 409
    assert seq(client, code) == before + 1
    board = BeautifulSoup(client.get(f"/t/{code}", headers=HTMX).text, "html.parser")
    assert board.select("output.count")[0].text == "1"


def seq(phone: FlaskClient, code: str) -> int:
    board = BeautifulSoup(phone.get(f"/t/{code}", headers=HTMX).text, "html.parser").select_one("#board")
    assert board is not None
    return int(str(board["data-seq"]))
