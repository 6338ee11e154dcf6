"""Bad input never gets a 500: every malformed request is answered with a 4xx and a message."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from companion.games.registry import GAMES
from companion.games.table_moves import moves
from tests.conftest import new_table, post_event

GARBAGE = ["", "x", "-1", "0", "99999999999999999999", "1.5", "<script>", "１", "1 2 x", " " * 3, "ü" * 70]


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_event_kind_with_garbage_fields_is_refused_cleanly(client: FlaskClient, slug: str) -> None:
    code = new_table(client, game=slug, players=(("Aki", "#E69F00"), ("Ben", "#56B4E9"), ("Chika", "#009E73")))
    for kind in moves(GAMES[slug]).values():
        if kind.kind == "table.end":
            continue
        for value in GARBAGE:
            fields = {f.name: value for f in kind.payload_fields}
            response = post_event(client, code, kind=kind.kind, **fields)
            assert response.status_code < 500, (kind.kind, value)
            if response.status_code >= 400:
                assert BeautifulSoup(response.text, "html.parser").select_one(".error"), (kind.kind, value)
    assert client.get(f"/t/{code}/log").status_code == 200
    assert client.get(f"/t/{code}/results").status_code == 200
    assert client.get(f"/t/{code}").status_code == 200


def test_malformed_requests_elsewhere_are_4xx(client: FlaskClient) -> None:
    code = new_table(client)
    checks = [
        client.get("/t/%00%00"),
        client.get(f"/t/{code}?since=abc", headers={"HX-Request": "true"}),
        client.get(f"/t/{code}/stream?after=-5", buffered=False),
        client.post("/join/whatever", data={"seat": "1", "key": "abcdefgh1"}),
        client.post(
            "/new",
            data={"game": "mission-red-planet", "name-1": "A", "colour-1": "#E69F00", "option-token-values": "a b c"},
        ),
        client.post("/new", data={"game": "score-pad", "option-unknown": "1"}),
        client.post("/language", data={"lang": "fr", "next": "//evil.example"}),
        client.get("/no/such/page"),
        client.delete(f"/t/{code}"),
    ]
    for response in checks:
        assert response.status_code < 500, response.request.path
        response.close()
    assert post_event(client, code, kind="tally.add", seat=1, category="vp", delta=1).status_code == 303


def error_text(response: object) -> str:
    found = BeautifulSoup(response.text, "html.parser").select_one(".error")  # type: ignore[attr-defined]
    assert found is not None
    return found.get_text(" ", strip=True)


def test_numbers_typed_on_a_japanese_keyboard_count_as_numbers(client: FlaskClient) -> None:
    code = new_table(client)
    assert post_event(client, code, kind="tally.add", seat="１", category="vp", delta="１２").status_code == 303
    assert post_event(client, code, kind="tally.add", seat=1, category="vp", delta="－２").status_code == 303
    assert post_event(client, code, kind="dice.roll", count="２", sides=6, values="３、５").status_code == 303
    page = client.get(f"/t/{code}/log").text
    assert "2d6" in page and "3, 5" in page
    assert "10" in BeautifulSoup(client.get(f"/t/{code}").text, "html.parser").select_one(".standings").get_text()  # type: ignore[union-attr]


def test_an_empty_box_and_a_huge_number_are_refused_in_a_players_words(client: FlaskClient) -> None:
    code = new_table(client)
    empty = post_event(client, code, kind="tally.add", seat=1, category="vp", delta="")
    assert (
        empty.status_code == 422 and error_text(empty) == "A box of this form is empty: fill it in, then send it again."
    )
    huge = post_event(client, code, kind="tally.add", seat=1, category="vp", delta="99999999999999999999")
    assert huge.status_code == 422 and error_text(huge) == "“999999999999…” is too large a number."


@pytest.mark.parametrize(
    ("body", "english", "japanese"),
    [
        (
            b"",
            "Choose a scenario file",
            "シナリオファイル",
        ),
        (
            b"{ this is not json",
            "This is not a JSON file: it cannot be read from line 1, character 3.",
            "JSONファイルではありません。1行目の3文字目から読み取れません。",
        ),
        (
            b'{"players": [],\n "events": [}',
            "This is not a JSON file: it cannot be read from line 2, character 13.",
            "JSONファイルではありません。2行目の13文字目から読み取れません。",
        ),
    ],
)
def test_a_file_that_is_not_json_is_refused_in_our_own_words(
    client: FlaskClient, body: bytes, english: str, japanese: str
) -> None:
    import io

    for language, expected in (("en", english), ("ja", japanese)):
        data = {"scenario": (io.BytesIO(body), "table.json")}
        response = client.post("/import", data=data, headers={"Accept-Language": language})
        assert response.status_code == 422
        said = BeautifulSoup(response.text, "html.parser").select_one(".error").get_text()
        assert expected in said
        assert not [word for word in ("Expecting", "char ", "column", "JSONDecodeError") if word in said]
