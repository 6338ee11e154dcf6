"""No English reaches a Japanese page: every page of every game, at several moments, read in Japanese.

Each worked example in docs/examples is imported as it stood at its start, half way, at its last entry and
once its table ended; the board, the log, the results, the history and the exports' headers are read,
and so are the pages around a table (home, new table for each game, import, profile). Latin letters
are allowed only in players' names and what they typed, codes (``<code>``, table codes, links),
numbers, single letters printed on the components (mission A, X, H) and the proper names below.
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from companion.games.registry import GAMES
from tests.conftest import PLAYERS, new_table, post_event

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "docs" / "examples").glob("*.json"))
# Names the Japanese editions and services print in Latin letters; the longer first.
PROPER_NAMES = (
    "Board Game Arena",
    "BG Stats",
    "YOU WIN",  # Space Base's card, 「勝利(YOU WIN!)」 in seed 001
    "ASTRA",  # Welcome to the Moon's solo opponent
    "SHA-256",
    "JSON",
    "UTF-8",
    "CSV",
    "QR",
    "VP",
    "MB",
    "UTC",  # the time as the server writes it, until the phone rewrites it in its own zone
    "He",  # helium, as seed 004 prints it: ヘリウム(He)
)
ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
# Links, digests and commands shown to be copied or typed, as they are typed.
CODES = re.compile(r"https?://\S+|(?<![0-9A-Za-z])[0-9a-f]{16,}(?![0-9A-Za-z])|sha256sum|companion score")


def english_on(html: str, names: set[str]) -> list[str]:
    """Return the Latin-letter words a reader sees (or hears) on a page, apart from the allowed ones."""
    soup = BeautifulSoup(html, "html.parser")
    for element in soup(["script", "style", "code", "head"]):
        element.decompose()
    for element in soup.select('.code, body [lang="en"]'):  # table codes; the switch to English, in English
        element.decompose()
    texts = [soup.get_text(" ")]
    texts += [str(element[name]) for name in ATTRIBUTES for element in soup.find_all(attrs={name: True})]
    return words_in(" ".join(texts), names)


def words_in(text: str, names: set[str]) -> list[str]:
    text = CODES.sub(" ", text)
    for proper in PROPER_NAMES:
        text = text.replace(proper, " ")
    theirs = set(LATIN_WORD.findall(" ".join(names)))
    return [word for word in LATIN_WORD.findall(text) if word not in theirs]


@pytest.fixture
def japanese(client: FlaskClient) -> FlaskClient:
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "ja"
    return client


def imported(client: FlaskClient, scenario: dict[str, Any]) -> str:
    data = {"scenario": (io.BytesIO(json.dumps(scenario).encode()), "scenario.json")}
    response = client.post("/import", data=data, content_type="multipart/form-data")
    assert response.status_code == 303, response.text
    return str(response.headers["Location"]).rsplit("/", 1)[1]


def typed(scenario: dict[str, Any]) -> set[str]:
    """What the players typed in the example (card names, abilities): theirs, in their words."""
    payloads = [event.get("payload", {}) for event in scenario["events"]]
    return {value for payload in payloads for value in payload.values() if isinstance(value, str)}


def moments(scenario: dict[str, Any]) -> dict[str, dict[str, Any]]:
    events = scenario["events"]
    return {
        "start": {**scenario, "events": []},
        "half way": {**scenario, "events": events[: len(events) // 2]},
        "last entry": scenario,
    }


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda path: path.stem)
def test_every_page_of_a_worked_example_is_japanese_at_every_moment(japanese: FlaskClient, example: Path) -> None:
    scenario = json.loads(example.read_text())
    names = {player["name"] for player in scenario["players"]} | typed(scenario)
    found: dict[str, list[str]] = {}
    for moment, stage in moments(scenario).items():
        code = imported(japanese, stage)
        for page in ("", "/log", "/results"):
            found[f"{moment} {page or 'board'}"] = english_on(japanese.get(f"/t/{code}{page}").text, names)
    assert post_event(japanese, code, kind="table.end").status_code == 303
    for page in ("", "/log", "/results"):
        found[f"ended {page or 'board'}"] = english_on(japanese.get(f"/t/{code}{page}").text, names)
    found["history"] = english_on(japanese.get("/history").text, names)
    for export in ("players.csv", "categories.csv"):
        header = next(csv.reader(io.StringIO(japanese.get(f"/t/{code}/{export}").text)))
        found[export] = words_in(" ".join(header), names)
    assert {where: words for where, words in found.items() if words} == {}


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_a_new_table_of_every_game_is_japanese(japanese: FlaskClient, slug: str) -> None:
    found = {"new table form": english_on(japanese.get(f"/new?game={slug}").text, set())}
    players = PLAYERS[: max(GAMES[slug].min_players, 3)]
    code = new_table(japanese, slug, players=players)
    for page in ("", "/log", "/results"):
        found[page or "board"] = english_on(japanese.get(f"/t/{code}{page}").text, {name for name, _ in players})
    assert {where: words for where, words in found.items() if words} == {}


CHOICES = [
    (slug, option.key, choice.value)
    for slug, game in sorted(GAMES.items())
    for option in game.options
    if option.kind == "choice"
    for choice in option.choices
]


@pytest.mark.parametrize(("slug", "key", "value"), CHOICES, ids=lambda v: str(v))
def test_a_new_table_with_each_choice_of_each_option_is_japanese(
    japanese: FlaskClient, slug: str, key: str, value: str
) -> None:
    solo = (key, value) == ("mode", "solo")
    players = PLAYERS[:1] if solo else PLAYERS[: max(GAMES[slug].min_players, 3)]
    code = new_table(japanese, slug, players=players, **{key: value})
    names = {name for name, _ in players}
    found = {page or "board": english_on(japanese.get(f"/t/{code}{page}").text, names) for page in ("", "/results")}
    assert {where: words for where, words in found.items() if words} == {}


def test_the_pages_around_the_tables_are_japanese(japanese: FlaskClient) -> None:
    found = {page: english_on(japanese.get(page).text, set()) for page in ("/", "/import", "/me", "/history")}
    assert {where: words for where, words in found.items() if words} == {}


def test_a_page_with_english_on_it_is_caught() -> None:
    page = "<p>あきら：Plant thresholds reached = 3</p><p>はい</p><code>astra-1-track</code>"
    assert english_on(page, {"あきら"}) == ["Plant", "thresholds", "reached"]
