"""A tap's form is read by Werkzeug as shipped: a broken body never answers 5xx or stores half an entry."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.conftest import new_table, post_event


def test_a_form_that_is_not_utf8_never_breaks_the_table(client: FlaskClient) -> None:
    code = new_table(client)
    assert post_event(client, code, kind="tally.add", seat=1, category="vp", delta=1).status_code == 303
    response = client.post(
        f"/t/{code}/events",
        data=b"kind=tally.add&seat=1&category=\xff\xfe&delta=1&key=abcdefgh9",
        content_type="application/x-www-form-urlencoded",
    )
    assert 400 <= response.status_code < 500
    assert client.get(f"/t/{code}/log").text.count("+1") == 1
