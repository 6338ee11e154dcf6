"""Adding a game is adding one package: a trivial game plays through the whole app with no other change."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup
from flask import Flask

from companion.games import registry
from companion.games.contract import Event, Setup, TallyCategory
from companion.games.moves import ANYONE, Move, Viewer
from companion.games.scores import CategoryScore, PlayerScore, Scoreboard
from companion.games.words import N_, msg
from companion.web.app import create_app
from tests.conftest import new_table, post_event

SLUG = "coin-toss"
TOSS = "coin.toss"


def _toss(setup: Setup, heads: int, event: Event) -> int:
    return heads + 1


@dataclass(frozen=True)
class CoinView:
    heads: int


class CoinToss:
    """The whole game, as its own package would hold it."""

    slug = SLUG
    name = N_("Coin toss")
    min_players = 1
    max_players = 2
    options = ()
    tally_categories: tuple[TallyCategory, ...] = ()
    table_extras = False
    moves = (Move(TOSS, N_("Toss"), (), _toss, lambda setup, state, e, who: msg(N_("Tossed")), who=ANYONE),)

    def __init__(self, templates: str) -> None:
        self.templates = templates

    def check_setup(self, setup: Setup) -> None:
        return None

    def initial_state(self, setup: Setup) -> int:
        return 0

    def score(self, setup: Setup, state: int, tally: Any) -> Scoreboard:
        first = setup.players[0]
        line = PlayerScore(first.seat, first.name, (CategoryScore("heads", N_("Heads"), state),), state, 1)
        return Scoreboard((line,), ())

    def view(self, setup: Setup, state: int, viewer: Viewer) -> CoinView:
        return CoinView(state)

    def reference(self) -> tuple[str, ...]:
        return ()


@pytest.fixture
def app_with_a_new_game(tmp_path: Path, database_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    templates = tmp_path / "coin_toss_templates"
    templates.mkdir()
    (templates / "_public.html").write_text(
        '<section class="card" id="coins"><p class="heads">{{ panel.heads }}</p>{{ private("toss") }}</section>'
    )
    (templates / "_private.html").write_text(
        '{% from "macros/ui.html" import hidden_common %}'
        f"{{% macro toss() %}}{{% if viewer.control('{TOSS}').allowed %}}"
        '<form method="post" action="{{ post }}">'
        f'{{{{ hidden_common(key, viewer.control("{TOSS}")) }}}}<button>Toss</button></form>'
        "{% endif %}{% endmacro %}"
    )
    monkeypatch.setitem(registry.GAMES, SLUG, CoinToss(str(templates)))
    yield create_app({"TESTING": True, "DATABASE_URL": database_url, "SECRET_KEY": "x", "WTF_CSRF_ENABLED": False})


def test_a_game_added_as_one_package_plays_through_the_app(app_with_a_new_game: Flask) -> None:
    client = app_with_a_new_game.test_client()
    code = new_table(client, game=SLUG, players=(("Aki", "#E69F00"),))
    page = BeautifulSoup(client.get(f"/t/{code}").text, "html.parser")
    assert page.select_one("#coins .heads").text == "0"
    assert page.select_one("#coins input[name=kind]")["value"] == TOSS
    assert post_event(client, code, kind=TOSS).status_code == 303
    page = BeautifulSoup(client.get(f"/t/{code}").text, "html.parser")
    assert page.select_one("#coins .heads").text == "1"
    log = BeautifulSoup(client.get(f"/t/{code}/log").text, "html.parser")
    assert "Tossed" in log.select_one(".log").text
    assert "1" in client.get(f"/t/{code}/results").text
