"""One public board per table step: rendered once for every phone, each phone's own parts filled in.

What every phone sees alike is rendered once per step (``companion.web.boards._public``) and kept
with the step; each phone's board is that public board with its own controls and secrets filled
in, and never another seat's. The same view gets the same bytes; a new entry makes a new public board.

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

from companion.games import kinds
from companion.games.crafting_the_cosmos import rules as ctc
from companion.games.registry import GAMES
from companion.web import boards
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


def public_boards_made(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Count the public boards rendered from now on (one item per render: whether it was a fragment)."""
    made: list[bool] = []
    render = boards._public

    def counted(table: Any, fragment: bool) -> boards.PublicBoard:
        made.append(fragment)
        return render(table, fragment)

    monkeypatch.setattr(boards, "_public", counted)
    return made


def seats_with_controls(html: str, kind: str) -> set[str]:
    """The seats this board offers the move ``kind`` for (the forms' hidden ``seat`` fields)."""
    forms = BeautifulSoup(html, "html.parser").select("form")
    return {
        str(seat["value"])
        for form in forms
        if form.select_one(f'input[name="kind"][value="{kind}"]') is not None
        for seat in form.select('input[name="seat"]')
    }


def test_four_phones_at_one_step_share_one_public_board_each_with_only_its_own_controls(
    client: FlaskClient, make_client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    code = new_table(client)  # three seats, each player recording for their own seat (the host for all)
    seat_1, seat_2 = (joined_phone(client, make_client, code, seat) for seat in (1, 2))
    phones = {"host": client, "seat 1": seat_1, "seat 2": seat_2, "spectator": spectator(client, make_client, code)}
    assert post_event(client, code, kind=kinds.TALLY_ADD, seat=3, category="vp", delta=1).status_code == 303
    made = public_boards_made(monkeypatch)

    fetched = {name: phone.get(f"/t/{code}", headers=HTMX).text for name, phone in phones.items()}
    assert made == [True]  # one public board for the four phones at this step
    own = {name: seats_with_controls(board, kinds.TALLY_ADD) for name, board in fetched.items()}
    assert own == {"host": {"1", "2", "3"}, "seat 1": {"1"}, "seat 2": {"2"}, "spectator": set()}
    assert not BeautifulSoup(fetched["spectator"], "html.parser").select("form")  # watching: no controls at all
    for name, board in fetched.items():
        counts = {output.text for output in BeautifulSoup(board, "html.parser").select("output.count")}
        assert counts == {"0", "1"}, name  # every phone sees seat 3's point

    assert [phone.get(f"/t/{code}", headers=HTMX).text for phone in phones.values()] == list(fetched.values())
    assert made == [True]  # asked again at the same step: the same boards, nothing rendered again

    assert post_event(seat_1, code, kind=kinds.TALLY_ADD, seat=1, category="vp", delta=1).status_code == 303
    after = {name: phone.get(f"/t/{code}", headers=HTMX).text for name, phone in phones.items()}
    assert made == [True, True]  # a new entry, a new public board: once again for the four phones
    for name, board in after.items():
        assert board != fetched[name], name
        assert seats_with_controls(board, kinds.TALLY_ADD) == own[name], name


def test_the_table_page_shares_one_public_board_per_step_too(
    client: FlaskClient, make_client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    code = new_table(client)
    phones = [client, joined_phone(client, make_client, code, 1), spectator(client, make_client, code)]
    assert post_event(client, code, kind=kinds.TALLY_ADD, seat=2, category="vp", delta=1).status_code == 303
    made = public_boards_made(monkeypatch)
    for phone in phones:
        assert phone.get(f"/t/{code}").status_code == 200
    assert made == [False]  # the page's board (its forms carry each phone's token and keys) is made once


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_two_phones_with_the_same_view_get_byte_identical_boards(
    slug: str, client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game=slug)
    first, second = spectator(client, make_client, code), spectator(client, make_client, code)
    seated = joined_phone(client, make_client, code, 1)
    boards_of = {
        name: phone.get(f"/t/{code}", headers=HTMX).data
        for name, phone in (("first", first), ("second", second), ("host", client), ("seat 1", seated))
    }
    assert first.get(f"/t/{code}", headers=HTMX).data == boards_of["first"]  # and the same when asked again
    assert boards_of["first"] == boards_of["second"]
    assert boards_of["host"] != boards_of["first"] and boards_of["seat 1"] != boards_of["host"]  # views differ
    for name, board in boards_of.items():
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
    assert "987654" in seat_1.get(f"/t/{code}", headers=HTMX).text  # in seat 1's own part, not the public board
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
