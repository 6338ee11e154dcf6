"""The board is rendered once per (table, entry, seat view, language) and served from memory after that.

A cached board must be exactly what a fresh render would show that phone (no other seat's
secrets), and every answer carries the phone's own CSRF token and fresh idempotency keys.
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
from companion.web import boards
from companion.web.app import create_app
from tests.conftest import new_table, post_event
from tests.web.test_moves import joined_phone

HTMX = {"HX-Request": "true"}


def keys(html: str) -> list[str]:
    return [str(i["value"]) for i in BeautifulSoup(html, "html.parser").select('input[name="key"]')]


def tokens(html: str) -> set[str]:
    return {str(i["value"]) for i in BeautifulSoup(html, "html.parser").select('input[name="csrf_token"]')}


def without_request_values(html: str) -> str:
    """The board with its per-answer values (form keys, CSRF tokens) blanked."""
    html = re.sub(r'name="key" value="[^"]*"', 'name="key" value=""', html)
    return re.sub(r'name="csrf_token" value="[^"]*"', 'name="csrf_token" value=""', html)


def phones_at(client: FlaskClient, make_client: Any, code: str) -> dict[str, FlaskClient]:
    """The host, two seated players and a spectator holding the watch link."""
    spectator: FlaskClient = make_client()
    watch = BeautifulSoup(client.get(f"/t/{code}").text, "html.parser").find("a", href=re.compile("^/watch/"))
    assert watch is not None
    spectator.get(str(watch["href"]))
    return {
        "host": client,
        "seat 1": joined_phone(client, make_client, code, 1),
        "seat 2": joined_phone(client, make_client, code, 2),
        "spectator": spectator,
    }


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_a_cached_board_is_what_a_fresh_render_shows_that_phone(
    slug: str, client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game=slug)
    phones = phones_at(client, make_client, code)
    fresh = {}
    for name, phone in phones.items():
        boards.rendered.clear()
        fresh[name] = without_request_values(phone.get(f"/t/{code}", headers=HTMX).text)
    assert len(set(fresh.values())) > 1  # the views differ, so a board served to the wrong phone shows
    boards.rendered.clear()
    for _round in range(2):  # the first phone fills the cache, then every phone reads from it
        for name, phone in phones.items():
            assert without_request_values(phone.get(f"/t/{code}", headers=HTMX).text) == fresh[name], name


def test_another_seats_secret_never_comes_from_the_cache(
    client: FlaskClient, make_client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ctc, "life_stack", lambda seed, players: (987654,) * 20)
    code = new_table(client, game=ctc.SLUG)
    phones = phones_at(client, make_client, code)
    assert post_event(phones["seat 1"], code, kind=ctc.NEBULA, seat=1, size=2, points=5).status_code == 303
    assert post_event(phones["seat 1"], code, kind=ctc.ADVANCED_LIFE, seat=1).status_code == 303
    boards.rendered.clear()
    assert "987654" in phones["seat 1"].get(f"/t/{code}", headers=HTMX).text  # now cached for seat 1
    for name in ("seat 2", "host", "spectator"):
        assert "987654" not in phones[name].get(f"/t/{code}", headers=HTMX).text, name
        assert "987654" not in phones[name].get(f"/t/{code}").text, name


def test_every_answer_has_fresh_keys_of_its_own(client: FlaskClient) -> None:
    code = new_table(client)
    first, second = (keys(client.get(f"/t/{code}", headers=HTMX).text) for _ in range(2))
    assert first and len(set(first)) == len(first)  # one key per form
    assert not set(first) & set(second)  # a cached board never repeats a key
    assert not any(boards.KEY_PLACEHOLDER in key for key in first + second)


@pytest.fixture
def guarded_app(database_url: str) -> Flask:
    """The app with CSRF checks on, as in production."""
    return create_app({"TESTING": True, "DATABASE_URL": database_url, "SECRET_KEY": "test-secret"})


def test_each_phone_gets_its_own_csrf_token_from_a_cached_board(guarded_app: Flask) -> None:
    host = guarded_app.test_client()
    page = host.get("/new").text
    token = BeautifulSoup(page, "html.parser").select_one('input[name="csrf_token"]')["value"]  # type: ignore[index]
    form = {"csrf_token": str(token), "game": "score-pad", "name-1": "Aki", "colour-1": "#E69F00"}
    form |= {"name-2": "Ben", "colour-2": "#56B4E9"}
    code = host.post("/new", data=form).headers["Location"].rsplit("/", 1)[1]
    watch = BeautifulSoup(host.get(f"/t/{code}").text, "html.parser").find("a", href=re.compile("^/watch/"))
    other = guarded_app.test_client()
    other.get(str(watch["href"]))  # type: ignore[index]
    host_board = host.get(f"/t/{code}", headers=HTMX).text
    assert boards.CSRF_PLACEHOLDER not in host_board
    (host_token,) = tokens(host_board)
    # The host's own board form is accepted with the token the (cached) board carried.
    form = {"csrf_token": host_token, "key": keys(host_board)[0], "kind": "tally.add", "seat": "1"}
    answer = host.post(f"/t/{code}/events", data=form | {"category": "vp", "delta": "1"}, headers=HTMX)
    assert answer.status_code == 204
    fresh = host.get(f"/t/{code}", headers=HTMX).text
    assert boards.CSRF_PLACEHOLDER not in fresh and boards.KEY_PLACEHOLDER not in fresh
    assert tokens(fresh) == {host_token}
    # Another phone's session does not accept the host's token.
    refused = other.post(f"/t/{code}/events", data=form | {"key": "another-key-1"})
    assert refused.status_code == 400
