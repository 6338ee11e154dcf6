"""The strict CSP forbids inline styles and scripts: pages must not rely on them."""

from __future__ import annotations

from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from companion.services.tables import PLAYER_COLOURS
from tests.conftest import ROOT, new_table


def test_pages_have_no_inline_styles_or_scripts(client: FlaskClient) -> None:
    code = new_table(client, game="mission-red-planet")
    for path in ("/", "/new", f"/t/{code}", f"/t/{code}/log", f"/t/{code}/results"):
        page = BeautifulSoup(client.get(path).text, "html.parser")
        assert not page.select("[style]"), path
        assert all(script.get("src") for script in page.select("script")), path
    assert "style-src 'self'" in client.get("/").headers["Content-Security-Policy"]


def test_every_player_colour_has_a_chip_rule() -> None:
    css = (ROOT / "static/css/app.css").read_text()
    for colour in PLAYER_COLOURS:
        assert f'.chip[data-colour="{colour}"]' in css
