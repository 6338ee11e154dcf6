"""The words on the rendered pages, read as a Japanese player reads them (docs/words.md).

Every worked example in docs/examples is imported as it stood at its start, half way, at its last entry
and once its table ended; its board, log and results are read in Japanese, and so are the history,
the exports and the pages that answer a broken file. Each piece of text a reader sees on its own (a
line of the log, a cell, a button, a paragraph) is checked for what the style guide rules out:

- half-width punctuation inside Japanese text: ``アキ: 参加済み``, ``2d6:``, ``1. ユウ``, ``(`` and ``)``
  around Japanese, `` → `` or `` / `` between Japanese words, an ASCII ``-5`` where 「−5」 is meant;
- a key instead of a word: ``open-errors``, ``welcome-to-the-moon``, ``plant_track``;
- a library's error text: ``Expecting value``, ``line 1 column 1``, ``Traceback``, ``ValueError:``;
- a chain of labels glued with colons, two 「：」 in one label: 「オプション：同数のとき：誰も得点しない」;
- 「勝者」 on the results of a table that has not ended (it is 「首位」 until then).

The CSV exports start with a byte order mark (a spreadsheet then reads them as UTF-8) and no column
heading is a key. What the players typed (their names, cards, abilities) is theirs: it is read as a
single Japanese character, so punctuation glued to it is still found.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient

from companion.games.registry import GAMES, catalogue_games
from tests.conftest import PLAYERS, new_table, post_event
from tests.web.test_japanese_pages import ATTRIBUTES, CODES, EXAMPLES, imported, moments, typed

BOM = b"\xef\xbb\xbf"
# The pieces a reader takes in one at a time: a piece of text is read within the innermost of these.
BLOCKS = [
    "p",
    "li",
    "dt",
    "dd",
    "td",
    "th",
    "caption",
    "summary",
    "legend",
    "label",
    "button",
    "option",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "figcaption",
    "blockquote",
    "pre",
    "div",
    "section",
    "article",
    "aside",
    "nav",
    "header",
    "footer",
    "main",
    "form",
    "fieldset",
    "details",
    "dialog",
    "table",
    "tr",
    "thead",
    "tbody",
    "tfoot",
    "ul",
    "ol",
    "dl",
    "svg",
    "text",
    "title",
    "desc",
]
KANA_KANJI = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\u3005\u3006\u3013"  # 〓 stands for what a player typed
JAPANESE = re.compile(f"[{KANA_KANJI}\u3000-\u303f\uff01-\uff60]")
THEIRS = "〓"

J = f"[{KANA_KANJI}）」]"  # a Japanese word's last (or first) character
HALF_WIDTH = {
    "half-width colon": re.compile(r"(?<!\d):|:(?!\d)"),  # 19:30 is a time
    "half-width bracket": re.compile(r"[()]"),
    "half-width comma": re.compile(r",(?!\d{3})"),  # 1,000 is a number
    "half-width question mark or semicolon": re.compile(r"[?;]"),
    "a number with a Western full stop": re.compile(rf"(?<![\d.])\d+\. +{J}"),
    "an arrow between Japanese words": re.compile(rf"{J}\s*(→|->)\s*{J}"),
    "a slash between Japanese words": re.compile(rf"{J}\s*/\s*{J}"),
}
ASCII_MINUS = re.compile(r"(?<![0-9A-Za-z])-\s?\d")  # every page is read in Japanese: −5 wherever a number is negative
KEYS = re.compile(r"(?<![\w./#-])(?:[a-z][a-z0-9]*(?:-[a-z0-9]+)+|[a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?![\w/-])")
LIBRARY_ERRORS = re.compile(
    r"Traceback|Expecting (?:value|property name|',' delimiter)|line \d+ column \d+|\(char \d+\)"
    r"|\b[A-Z][A-Za-z]*(?:Error|Exception)\b|\bError:|\bNone\b"
)
COLON_CHAIN = re.compile(r"：[^：、。\n]*：")
WINNER = "勝者"


def pieces(html: str, theirs: list[str]) -> list[list[str]]:
    """The pieces of text a reader sees on a page (and the labels read out to them), one per block,
    each as the strings it is made of (a message is one string; a tag in between starts another)."""
    soup = BeautifulSoup(html, "html.parser")
    for element in soup(["script", "style", "code", "head", "template", "noscript"]):
        element.decompose()
    for element in soup.select('.code, [lang="en"]'):  # table codes; the switch to English, in English
        element.decompose()
    found = [[str(element[name])] for name in ATTRIBUTES for element in soup.find_all(attrs={name: True})]
    blocks: dict[int, list[str]] = {}
    for string in soup.find_all(string=True):
        if string.strip():
            block = string.find_parent(BLOCKS) or soup
            blocks.setdefault(id(block), []).append(" ".join(string.split()))
    found += blocks.values()
    return [[their_words_out(CODES.sub(" ", text), theirs) for text in piece] for piece in found]


def their_words_out(text: str, theirs: list[str]) -> str:
    for words in theirs:
        text = text.replace(words, THEIRS)
    return text


def theirs_in(scenario: dict[str, Any]) -> list[str]:
    """The players' names and the words they typed (not the keys of the choices they made), longer first."""
    names = {player["name"] for player in scenario["players"]}
    names |= {words for words in typed(scenario) if len(words) > 1 and (" " in words or words[0].isupper())}
    return sorted(names, key=len, reverse=True)


def around(text: str, match: re.Match[str]) -> str:
    return "«" + text[max(0, match.start() - 20) : match.end() + 20] + "»"


def findings(page: str, pieces_of_it: list[list[str]], ended: bool = True) -> list[str]:
    """What a page says that the style guide rules out, each as ``kind: «the words around it»``."""
    found = []
    for strings in pieces_of_it:
        text = " ".join(strings)
        in_japanese = bool(JAPANESE.search(text))
        checks = {**(HALF_WIDTH if in_japanese else {}), "an ASCII minus before a number": ASCII_MINUS}
        checks |= {"a key": KEYS, "a library's error text": LIBRARY_ERRORS}
        for kind, pattern in checks.items():
            found += [f"{kind}: {around(text, match)}" for match in pattern.finditer(text)]
        for string in strings:  # one message, or pieces glued in a template
            found += [f"labels glued with colons: {around(string, match)}" for match in COLON_CHAIN.finditer(string)]
        if not ended and page.endswith("results") and WINNER in text:
            found.append(f"「勝者」 before the table ended: {around(text, re.search(WINNER, text))}")  # type: ignore[arg-type]
    return sorted(set(found))


def heading_findings(body: bytes) -> list[str]:
    """What is wrong with a CSV export: no byte order mark, or a key as a column heading."""
    found = [] if body.startswith(BOM) else ["no UTF-8 byte order mark at the start"]
    header = next(csv.reader(io.StringIO(body.decode("utf-8-sig"))), [])
    found += [f"a key as a column heading: «{name}»" for name in header if re.fullmatch(r"[a-z0-9_.-]+", name)]
    found += [f"a key in a column heading: «{name}»" for name in header if KEYS.search(name)]
    return found


Pages = dict[str, list[str]]  # "example moment page" -> what is wrong there


def app_client(url: str) -> tuple[Flask, FlaskClient]:
    from companion.web.app import create_app

    app = create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "x", "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "ja"
    return app, client


def read_example(client: FlaskClient, example: Path) -> Pages:
    """Board, log and results of a worked example at every moment and ended; its exports; the history."""
    scenario = json.loads(example.read_text())
    theirs = theirs_in(scenario)
    found: Pages = {}
    code = ""
    for moment, stage in [*moments(scenario).items(), ("ended", None)]:
        if stage is None:
            assert post_event(client, code, kind="table.end").status_code == 303
        else:
            code = imported(client, stage)
        for page in ("board", "log", "results"):
            html = client.get(f"/t/{code}" + ("" if page == "board" else f"/{page}")).text
            found[f"{moment} {page}"] = findings(page, pieces(html, theirs), ended=stage is None)
    for export in ("players.csv", "categories.csv"):
        found[f"ended {export}"] = heading_findings(client.get(f"/t/{code}/{export}").data)
    found["history"] = findings("history", pieces(client.get("/history").text, theirs))
    for export in ("players.csv", "categories.csv"):
        found[f"history {export}"] = heading_findings(client.get(f"/history/{export}").data)
    return found


def read_new_table(client: FlaskClient, slug: str) -> Pages:
    """Board, log and results of a new table of a game, at its start and ended; its exports."""
    players = PLAYERS[: max(GAMES[slug].min_players, 3)]
    code = new_table(client, slug, players=players)
    theirs = [name for name, _ in players]
    found: Pages = {}
    for moment in ("start", "ended"):
        if moment == "ended":
            assert post_event(client, code, kind="table.end").status_code == 303
        for page in ("board", "log", "results"):
            html = client.get(f"/t/{code}" + ("" if page == "board" else f"/{page}")).text
            found[f"{moment} {page}"] = findings(page, pieces(html, theirs), ended=moment == "ended")
    for export in ("players.csv", "categories.csv"):
        found[f"ended {export}"] = heading_findings(client.get(f"/t/{code}/{export}").data)
    return found


def read_broken_files(client: FlaskClient) -> Pages:
    """The pages that answer a file that is not what it should be: a scenario and each card catalogue."""
    found: Pages = {}
    for name, body in (("not JSON", b"{ this is not json"), ("empty", b""), ("not a scenario", b'{"a": 1}')):
        data = {"scenario": (io.BytesIO(body), "scenario.json")}
        response = client.post("/import", data=data, content_type="multipart/form-data")
        found[f"import, {name}"] = findings("import", pieces(response.text, []))
    for game in catalogue_games().values():
        for name, body in (("not JSON", b"{ this is not json"), ("not a catalogue", b'{"cards": [{"x": 1}]}')):
            data = {"catalogue": (io.BytesIO(body), "cards.json")}
            response = client.post(f"/cards/{game.slug}", data=data, content_type="multipart/form-data")
            found[f"cards of {game.slug}, {name}"] = findings("cards", pieces(response.text, []))
    return found


@pytest.fixture(scope="module")
def every_page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Pages]]:
    """What is wrong on every page, by worked example (an app per example: imports are rate-limited)."""
    from companion.storage.migrate import upgrade

    url = f"sqlite:///{tmp_path_factory.mktemp('rendered') / 'words.sqlite3'}"
    upgrade(url)
    read: dict[str, Pages] = {}
    for example in EXAMPLES:
        app, client = app_client(url)
        read[example.stem] = read_example(client, example)
        app.extensions["companion.engine"].dispose()
    app, client = app_client(url)
    read["broken files"] = read_broken_files(client)
    app.extensions["companion.engine"].dispose()
    yield read


def wrong(pages: Pages) -> dict[str, list[str]]:
    return {where: what for where, what in pages.items() if what}


@pytest.mark.parametrize("example", [path.stem for path in EXAMPLES])
def test_every_page_of_a_worked_example_reads_as_the_style_guide_says(
    every_page: dict[str, Pages], example: str
) -> None:
    assert wrong(every_page[example]) == {}


def test_a_broken_file_is_answered_in_our_own_words(every_page: dict[str, Pages]) -> None:
    assert wrong(every_page["broken files"]) == {}


WITHOUT_EXAMPLE = sorted(slug for slug in GAMES if not any(path.stem.startswith(slug) for path in EXAMPLES))


@pytest.fixture
def japanese(client: FlaskClient) -> FlaskClient:
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "ja"
    return client


@pytest.mark.parametrize("slug", WITHOUT_EXAMPLE)
def test_a_new_table_of_a_game_without_a_worked_example_reads_as_the_style_guide_says(
    japanese: FlaskClient, slug: str
) -> None:
    assert wrong(read_new_table(japanese, slug)) == {}


# The checks themselves, on pages made up to break each rule once.


def test_half_width_punctuation_in_japanese_is_caught() -> None:
    page = (
        "<li>アキ: 参加済み</li><li>出目2d6: 7</li><ol><li>1. ユウ 12点</li></ol><p>酸素 → 水</p><p>植物 / 水</p>"
        "<p>クレジット-5</p><p>勝利点(コロニー)</p><p>19:30に開始</p><p>1,000点</p><p>勝利点−5</p>"
    )
    kinds = [found.split(":")[0] for found in findings("board", pieces(page, []))]
    assert kinds == [
        "a number with a Western full stop",
        "a slash between Japanese words",
        "an ASCII minus before a number",
        "an arrow between Japanese words",
        "half-width bracket",
        "half-width colon",
        "half-width colon",
    ]


def test_a_player_may_type_anything_but_the_punctuation_around_it_is_ours() -> None:
    page = "<li>Aki (2): 参加済み</li><li>Aki (2)：参加済み</li>"
    assert findings("log", pieces(page, ["Aki (2)"])) == ["half-width colon: «〓: 参加済み»"]


def test_keys_library_errors_colon_chains_and_an_early_winner_are_caught() -> None:
    page = (
        "<p>open-errors</p><p>plant_track</p>"
        "<p>JSONファイルではありません：Expecting value: line 1 column 1 (char 0)</p>"
        "<dl><dt>オプション：同数のとき：誰も得点しない</dt></dl><p>勝者：アキ</p><p>SHA-256</p>"
        "<a href='/t/x'>https://example.org/welcome-to-the-moon</a>"
    )
    found = findings("results", pieces(page, []), ended=False)
    assert [kind for kind in (f.split(":")[0] for f in found) if not kind.startswith("half-width")] == [
        "a key",
        "a key",
        "a library's error text",
        "a library's error text",
        "a library's error text",
        "labels glued with colons",
        "「勝者」 before the table ended",
    ]
    assert findings("results", pieces("<p>勝者：アキ</p>", []), ended=True) == []


def test_an_export_without_its_byte_order_mark_or_with_a_key_as_a_heading_is_caught() -> None:
    assert heading_findings(BOM + "プレイヤー,得点\r\n".encode()) == []
    assert heading_findings(b"player,open_errors\r\n") == [
        "no UTF-8 byte order mark at the start",
        "a key as a column heading: «player»",
        "a key as a column heading: «open_errors»",
        "a key in a column heading: «open_errors»",
    ]
