"""A phone's session cookie and CSRF token (Flask's and Flask-WTF's, as shipped): a forged or stale one never passes."""

from __future__ import annotations

import itsdangerous.timed
import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.web.app import create_app
from tests.conftest import new_table, post_event

LIFETIME = 60 * 60 * 24 * 60  # PERMANENT_SESSION_LIFETIME


def session_cookie(client: FlaskClient) -> str:
    cookie = client.get_cookie("session")
    assert cookie is not None
    return cookie.value


def test_a_changed_session_cookie_is_not_trusted_after_the_real_one_was_seen(client: FlaskClient) -> None:
    code = new_table(client)
    assert client.get(f"/t/{code}").status_code == 200
    real = session_cookie(client)
    forged = real[:-2] + ("AA" if not real.endswith("AA") else "BB")
    client.set_cookie("session", forged)
    assert client.get(f"/t/{code}").status_code == 404  # a phone that has not joined
    client.set_cookie("session", real)
    assert client.get(f"/t/{code}").status_code == 200


def test_a_session_past_its_lifetime_is_dropped_even_when_it_was_used_before(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    code = new_table(client)
    assert client.get(f"/t/{code}").status_code == 200
    now = itsdangerous.timed.time.time()
    monkeypatch.setattr(itsdangerous.timed.time, "time", lambda: now + LIFETIME + 60)
    assert client.get(f"/t/{code}").status_code == 404


def guarded(database_url: str) -> Flask:
    return create_app({"TESTING": True, "DATABASE_URL": database_url, "SECRET_KEY": "cookie-secret"})


def token_of(client: FlaskClient) -> str:
    page = client.get("/new").text
    start = page.index('name="csrf_token" value="') + len('name="csrf_token" value="')
    return page[start : page.index('"', start)]


def test_a_phone_keeps_one_csrf_token_and_another_phone_cannot_use_it(database_url: str) -> None:
    app = guarded(database_url)
    host, stranger = app.test_client(), app.test_client()
    token = token_of(host)
    assert token_of(host).split(".")[0] == token.split(".")[0]  # the session's one token, signed for each page
    form = {"csrf_token": token, "game": "score-pad", "name-1": "Aki", "colour-1": "#E69F00"}
    created = host.post("/new", data=form)
    assert created.status_code == 303
    code = created.headers["Location"].rsplit("/", 1)[1]
    entry = {"csrf_token": token, "kind": "tally.add", "seat": "1", "category": "vp", "delta": "1"}
    assert host.post(f"/t/{code}/events", data=entry | {"key": "cookie-test-1"}).status_code == 303
    assert host.post(f"/t/{code}/events", data=entry | {"key": "cookie-test-2"}).status_code == 303
    token_of(stranger)  # the stranger has a session (and a token) of its own
    refused = stranger.post("/new", data=form)
    assert refused.status_code == 400
    assert (
        host.post(f"/t/{code}/events", data=entry | {"key": "cookie-test-3", "csrf_token": token[:-1]}).status_code
        == 400
    )


def test_a_new_secret_key_trusts_none_of_the_old_cookies(database_url: str) -> None:
    def app_with(secret: str) -> Flask:
        config = {"TESTING": True, "DATABASE_URL": database_url, "SECRET_KEY": secret, "WTF_CSRF_ENABLED": False}
        return create_app(config)

    phone = app_with("cookie-secret").test_client()
    code = new_table(phone)
    assert phone.get(f"/t/{code}").status_code == 200
    moved = app_with("another-secret").test_client()
    moved.set_cookie("session", session_cookie(phone))
    assert moved.get(f"/t/{code}").status_code == 404
    assert post_event(moved, code, kind="tally.add", seat=1, category="vp", delta=1).status_code == 404


def test_the_session_is_read_alone_or_among_other_cookies_and_a_lookalike_name_is_not_it(app: Flask) -> None:
    host = app.test_client()
    code = new_table(host)
    real = session_cookie(host)
    plain = app.test_client(use_cookies=False)  # only the header below
    for header, joined in (
        (f"session={real}", True),  # what a phone of ours sends
        (f"theme=dark; session={real}; x=1", True),
        (f'session="{real}"', True),  # quoted: Werkzeug reads it
        (f"sessionx={real}", False),
        (f"session={real};", True),
        ("session=", False),
    ):
        answer = plain.get(f"/t/{code}", headers={"Cookie": header})
        assert answer.status_code == (200 if joined else 404), header
