"""A tap's form is read exactly as Werkzeug reads it; a broken body is a clean 400 and stores nothing."""

from __future__ import annotations

import io
from urllib.parse import parse_qsl

import pytest
from flask import Flask
from flask import Request as FlaskRequest
from flask.testing import FlaskClient
from hypothesis import given
from hypothesis import strategies as st
from werkzeug.exceptions import BadRequest
from werkzeug.test import EnvironBuilder

from companion.web import Request, split_form
from tests.conftest import new_table, post_event

BODIES = [
    b"kind=tally.add&seat=1&category=vp&delta=1&key=abcdefgh1",
    b"note=&empty&seat=2&seat=3",  # blank values kept, a key repeated
    b"name=%E3%82%A2%E3%82%AD+%F0%9F%9A%80&x=a%2Bb%26c%3Dd",  # Japanese, an emoji, plus as a space
    b"broken=%zz%4&half=%E3",  # escapes that do not decode are kept as typed
    b"&&a==b&=c&%3D=%26&+=+",  # empty fields, "=" in a value, no name, escaped names
    b"",
]


def form_as(request_class: type[FlaskRequest], body: bytes, app: Flask) -> list[tuple[str, str]]:
    environ = EnvironBuilder(method="POST", data=body, content_type="application/x-www-form-urlencoded").get_environ()
    with app.app_context():
        return list(request_class(environ).form.items(multi=True))


@pytest.mark.parametrize("body", BODIES)
def test_a_short_form_reads_as_werkzeug_reads_it(app: Flask, body: bytes) -> None:
    assert form_as(Request, body, app) == form_as(FlaskRequest, body, app)


@given(st.text(alphabet="ab=&+%E3829fz ", max_size=40) | st.text(max_size=20))
def test_a_form_splits_into_the_fields_python_parses(text: str) -> None:
    assert split_form(text) == parse_qsl(text, keep_blank_values=True, errors="werkzeug.url_quote")


def test_a_body_shorter_than_it_says_is_a_bad_request(app: Flask) -> None:
    environ = EnvironBuilder(method="POST", data=b"a=1", content_type="application/x-www-form-urlencoded").get_environ()
    environ["CONTENT_LENGTH"] = "40"
    environ["wsgi.input"] = io.BytesIO(b"a=1")
    with app.app_context(), pytest.raises(BadRequest):
        _ = Request(environ).form


def test_a_form_that_is_not_utf8_is_refused_with_a_message_and_stores_nothing(client: FlaskClient) -> None:
    code = new_table(client)
    assert post_event(client, code, kind="tally.add", seat=1, category="vp", delta=1).status_code == 303
    response = client.post(
        f"/t/{code}/events",
        data=b"kind=tally.add&seat=1&category=vp&delta=1&key=abcdefgh9&note=\xff\xfe",
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 400 and "could not be understood" in response.text
    log = client.get(f"/t/{code}/log").text
    assert log.count("+1") == 1


def test_the_app_reads_forms_with_it(app: Flask) -> None:
    assert app.request_class is Request
