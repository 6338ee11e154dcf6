"""One step per burst of taps, through the app with its real hold: a second tap on the new board is
refused with a short message, one phone or two; a tap a moment later is a new intent and counts."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient

from companion.web.app import create_app
from tests.conftest import new_table, post_event
from tests.web.test_moves import error_text, joined_phone, table_state


@pytest.fixture
def app(database_url: str, tmp_path: Path) -> Flask:
    """The app as a table runs it: advancing moves wait ADVANCE_HOLD_SECONDS (1 s) after the table moved on."""
    return create_app(
        {"TESTING": True, "DATABASE_URL": database_url, "SECRET_KEY": "one-step", "WTF_CSRF_ENABLED": False}
    )


def shown_turn(phone: FlaskClient, code: str) -> str:
    """The turn that the phone's Flip button carries (the guard of the board it shows)."""
    page = BeautifulSoup(phone.get(f"/t/{code}").text, "html.parser")
    kind = page.select_one('input[name="kind"][value="wttm.flip"]')
    assert kind is not None and kind.has_attr("data-advances")
    form = kind.find_parent("form")
    return str(form.select_one('input[name="turn"][data-step]')["value"])


def flip(phone: FlaskClient, code: str) -> Any:
    return post_event(phone, code, htmx=True, kind="wttm.flip", turn=shown_turn(phone, code))


def test_a_second_flip_from_the_new_board_is_refused_and_a_flip_a_moment_later_counts(
    app: Flask, client: FlaskClient
) -> None:
    code = new_table(client, game="welcome-to-the-moon")
    assert flip(client, code).status_code == 204
    second = flip(client, code)  # the board already shows turn 1: the guard alone would take it
    assert second.status_code == 422
    assert "The table has just moved on (Flipped the starship cards)" in error_text(second)
    assert table_state(app, code).game.turn == 1
    time.sleep(1.05)
    assert flip(client, code).status_code == 204
    assert table_state(app, code).game.turn == 2


def test_two_phones_flipping_at_once_flip_once_and_the_second_is_told(
    app: Flask, client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game="welcome-to-the-moon")
    aki, ben = (joined_phone(client, make_client, code, seat) for seat in (1, 2))
    assert flip(aki, code).status_code == 204
    refused = flip(ben, code)
    assert refused.status_code == 422 and "just moved on" in error_text(refused)
    assert table_state(app, code).game.turn == 1


def test_the_refusal_is_in_japanese_on_a_japanese_phone(app: Flask, client: FlaskClient) -> None:
    code = new_table(client, game="mission-red-planet")
    client.post("/language", data={"lang": "ja", "next": "/"})
    assert post_event(client, code, htmx=True, kind="mrp.end-round", round=1).status_code == 204
    refused = post_event(client, code, htmx=True, kind="mrp.end-round", round=2)
    assert refused.status_code == 422
    assert error_text(refused).startswith("卓が進んだところです（")
    assert table_state(app, code).game.round == 2
