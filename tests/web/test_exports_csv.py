"""CSV exports open right in a spreadsheet, Japanese Excel's included, and speak the reader's words.

They start with UTF-8's byte order mark (Excel reads a CSV without one as the system's code page),
their headings and game names are in the reader's language, and keys (a game's slug, a score
category's key) stand only in their own key columns.
"""

from __future__ import annotations

import csv
import io
import re

import pytest
from flask.testing import FlaskClient

from tests.conftest import new_table, post_event

BOM = b"\xef\xbb\xbf"
EXPORTS = ("players.csv", "categories.csv")
ENGLISH = {
    "players.csv": ["Table", "Game", "Game key", "Ended at", "Decided", "Seat", "Player", "Rank", "Winner", "Total"],
    "categories.csv": [
        "Table", "Game", "Game key", "Ended at", "Seat", "Player", "Category", "Category key", "Points",
    ],
}  # fmt: skip
JAPANESE = {
    "players.csv": ["卓", "ゲーム", "ゲームのキー", "終了日時", "決着", "席", "プレイヤー", "順位", "勝者", "合計"],
    "categories.csv": [
        "卓",
        "ゲーム",
        "ゲームのキー",
        "終了日時",
        "席",
        "プレイヤー",
        "得点項目",
        "得点項目のキー",
        "点数",
    ],
}
KEY = re.compile(r"[a-z0-9]+(?:[-_][a-z0-9]+)+")  # score-pad, welcome-to-the-moon, open_errors


def ended_table(client: FlaskClient, game: str = "score-pad") -> str:
    code = new_table(client, game=game, players=(("Aki", "#E69F00"), ("Ben", "#56B4E9"), ("Chika", "#009E73")))
    if game == "score-pad":
        post_event(client, code, kind="tally.add", seat=1, category="vp", delta=7)
    assert post_event(client, code, kind="table.end").status_code == 303
    return code


def read(client: FlaskClient, path: str, language: str = "en") -> tuple[bytes, list[list[str]]]:
    body = client.get(path, headers={"Accept-Language": language}).data
    return body, list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("export", EXPORTS)
def test_every_csv_starts_with_the_byte_order_mark_excel_needs(client: FlaskClient, export: str, language: str) -> None:
    code = ended_table(client)
    for path in (f"/t/{code}/{export}", f"/history/{export}"):
        body, _rows = read(client, path, language)
        assert body.startswith(BOM), path
        assert body.count(BOM) == 1, path  # once, at the very start, not before every play


@pytest.mark.parametrize("export", EXPORTS)
def test_the_headings_are_in_the_readers_language(client: FlaskClient, export: str) -> None:
    code = ended_table(client)
    assert read(client, f"/t/{code}/{export}", "en")[1][0] == ENGLISH[export]
    assert read(client, f"/t/{code}/{export}", "ja")[1][0] == JAPANESE[export]


def test_game_names_and_categories_are_in_the_readers_words_and_keys_in_their_own_columns(client: FlaskClient) -> None:
    code = ended_table(client)
    _body, players = read(client, f"/t/{code}/players.csv", "ja")
    assert {(row[1], row[2]) for row in players[1:]} == {("スコアパッド（その他のゲーム）", "score-pad")}
    _body, categories = read(client, f"/t/{code}/categories.csv", "ja")
    assert {(row[6], row[7]) for row in categories[1:]} == {("勝利点", "vp")}
    _body, english = read(client, f"/t/{code}/categories.csv", "en")
    assert {(row[1], row[6]) for row in english[1:]} == {("Score pad (any other game)", "Victory points")}


@pytest.mark.parametrize("game", ["welcome-to-the-moon", "mission-red-planet", "space-base", "andromeda"])
def test_no_key_stands_in_a_heading_or_a_words_column(client: FlaskClient, game: str) -> None:
    code = ended_table(client, game)
    for export in EXPORTS:
        for language in ("en", "ja"):
            _body, rows = read(client, f"/t/{code}/{export}", language)
            header, *lines = rows
            keyed = {
                index
                for index, name in enumerate(header)
                if name in ("Game key", "Category key", "ゲームのキー", "得点項目のキー")
            }
            assert not [name for name in header if KEY.fullmatch(name)]
            found = [
                (header[index], cell)
                for line in lines
                for index, cell in enumerate(line)
                if index not in keyed and KEY.search(cell) and not re.fullmatch(r"[\d:+T-]+", cell)
            ]
            assert found == [], (export, language)
