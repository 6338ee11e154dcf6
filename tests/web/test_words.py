"""Words that read well in both languages: options as words, Japanese list separators, no tie line
where nothing changed, and a number with its noun in the singular when it is one."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from companion.games.registry import GAMES
from tests.conftest import new_table, post_event
from tests.web.test_japanese_pages import EXAMPLES, imported, moments, typed

LANGUAGES = ("en", "ja")
WESTERN_COMMA = re.compile(r"[A-Za-z0-9\u3040-\u30ff\u4e00-\u9fff）)]\s*,\s*\S")  # a list joined the English way
NOTHING_CHANGED = re.compile(r"\b(\w+) (\d+) → \2\b|\b0 → 0\b")
ONE_AND_A_PLURAL = re.compile(
    r"(?<![\d.,])\+?1 (credits|places|tokens|charge tokens|actions|cards|sabotage spaces|new cards)\b"
)


def text_of(client: FlaskClient, path: str) -> str:
    """What a reader sees on a page (scripts and digests left out)."""
    soup = BeautifulSoup(client.get(path).text, "html.parser")
    for element in soup(["script", "style", "head", "code"]):
        element.decompose()
    return soup.get_text(" ")


def pages_of_an_example(client: FlaskClient, example: Path) -> dict[str, str]:
    """Board, log and results of a worked example at every moment, then ended."""
    pages = {}
    scenario = json.loads(example.read_text())
    theirs = sorted(typed(scenario), key=len, reverse=True)  # what the players typed is in their words

    def read(path: str) -> str:
        text = text_of(client, path)
        for words in theirs:
            text = text.replace(words, "…")
        return text

    for moment, stage in moments(scenario).items():
        code = imported(client, stage)
        for page in ("", "/log", "/results"):
            pages[f"{example.stem} {moment} {page or 'board'}"] = read(f"/t/{code}{page}")
    assert post_event(client, code, kind="table.end").status_code == 303
    pages[f"{example.stem} ended results"] = read(f"/t/{code}/results")
    return pages


@pytest.fixture(scope="module")
def every_page(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, str]]:
    """Every page of every worked example, in each language (an app per example: imports are rate-limited)."""
    from companion.storage.migrate import upgrade
    from companion.web.app import create_app

    url = f"sqlite:///{tmp_path_factory.mktemp('words') / 'words.sqlite3'}"
    upgrade(url)
    pages: dict[str, dict[str, str]] = {language: {} for language in LANGUAGES}
    for language in LANGUAGES:
        for example in EXAMPLES:
            app = create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "x", "WTF_CSRF_ENABLED": False})
            client = app.test_client()
            client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
            pages[language] |= pages_of_an_example(client, example)
            app.extensions["companion.engine"].dispose()
    return pages


def found(pages: dict[str, str], pattern: re.Pattern[str]) -> dict[str, list[str]]:
    """Each page where ``pattern`` occurs, with the words around it."""
    hits = {}
    for where, text in pages.items():
        around = [text[max(0, m.start() - 25) : m.end() + 25] for m in pattern.finditer(text)]
        if around:
            hits[where] = around
    return hits


def test_japanese_pages_list_with_the_japanese_comma(every_page: dict[str, dict[str, str]]) -> None:
    assert found(every_page["ja"], WESTERN_COMMA) == {}


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_page_says_true_or_false(every_page: dict[str, dict[str, str]], language: str) -> None:
    assert found(every_page[language], re.compile(r"\b(True|False)\b")) == {}


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_line_shows_a_count_that_changed_nothing(every_page: dict[str, dict[str, str]], language: str) -> None:
    assert found(every_page[language], NOTHING_CHANGED) == {}


def test_one_of_anything_is_said_in_the_singular(every_page: dict[str, dict[str, str]]) -> None:
    assert found(every_page["en"], ONE_AND_A_PLURAL) == {}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_option_of_a_new_table_reads_as_words_on_its_results(
    client: FlaskClient, language: str, slug: str
) -> None:
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    players = (("Aki", "#E69F00"), ("Ben", "#56B4E9"), ("Chika", "#009E73"))
    toggles = {option.key: "on" for option in GAMES[slug].options if isinstance(option.default, bool)}
    for options in ({}, toggles):
        code = new_table(client, slug, players=players, **options)
        page = BeautifulSoup(client.get(f"/t/{code}/results").text, "html.parser")
        values = [li.get_text(" ", strip=True) for li in page.select("#options-applied li")]
        assert not [value for value in values if re.search(r"\b(True|False|None)\b", value)], values


def test_a_tie_that_nothing_settles_says_the_values_once(client: FlaskClient) -> None:
    code = new_table(client, "andromeda", players=(("Aki", "#E69F00"), ("Ben", "#56B4E9"), ("Chika", "#009E73")))
    tie = text_of(client, f"/t/{code}/results")
    assert "tie on 4 points and on technology level 0, ship level 0: they share rank 1." in tie
    assert "0 / 0" not in tie


def test_a_majority_nobody_has_says_so_in_words(client: FlaskClient) -> None:
    scenario = json.loads(Path(EXAMPLES[0].parent / "welcome-to-the-moon-quarters.json").read_text())
    code = imported(client, {**scenario, "events": []})
    assert "Most astronauts: nobody has any yet, so nobody scores." in text_of(client, f"/t/{code}/results")
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "ja"
    assert "宇宙飛行士の最多：該当者なし、得点なし。" in text_of(client, f"/t/{code}/results")
