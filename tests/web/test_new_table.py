"""The new-table form and joining from any phone: only the options that apply, "I play as", and
links that other phones can open even when the host's browser came in through 127.0.0.1."""

from __future__ import annotations

import ipaddress
import urllib.parse
from typing import Any

import pytest
from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient

from companion.network import lan_addresses
from companion.web.app import create_app
from tests.conftest import PLAYERS, join_link, new_table, post_event
from tests.qr import decode_svg

MOON = "welcome-to-the-moon"


def soup(response) -> BeautifulSoup:  # type: ignore[no-untyped-def]
    return BeautifulSoup(response.text, "html.parser")


def option_fields(page: BeautifulSoup) -> set[str]:
    return {str(field["name"]) for field in page.select("#options [name^=option-]")}


def form_of(players: tuple[tuple[str, str], ...], **fields: str) -> dict[str, str]:
    form = {"game": "score-pad"}
    for row, (name, colour) in enumerate(players, start=1):
        form[f"name-{row}"] = name
        form[f"colour-{row}"] = colour
    return {**form, **fields}


# -- Only the options that apply -------------------------------------------------------------


def test_the_form_opens_with_only_the_default_adventures_options(client: FlaskClient) -> None:
    fields = option_fields(soup(client.get(f"/new?game={MOON}")))
    assert {"option-adventure", "option-mode", "option-adventure-1-rockets"} <= fields
    assert not {f for f in fields if f.startswith(("option-adventure-6", "option-adventure-8", "option-astra"))}


def test_choosing_another_adventure_swaps_its_options_in(client: FlaskClient) -> None:
    shown = soup(client.get(f"/new?game={MOON}"))
    form = {str(f["name"]): str(f.get("value", "")) for f in shown.select("#options input[type=hidden]")}
    fragment = client.get(
        "/new", query_string={**form, "game": MOON, "option-adventure": "8"}, headers={"HX-Request": "true"}
    )
    page = soup(fragment)
    assert page.select_one("html") is None  # the choices alone, for htmx to swap
    fields = option_fields(page)
    assert {"option-adventure-8-plants", "option-adventure-8-water", "option-adventure-8-planning"} <= fields
    assert not {f for f in fields if f.startswith("option-adventure-1")}
    assert page.select_one("#option-adventure option[selected]")["value"] == "8"


def test_solo_play_shows_astras_options_and_a_page_without_javascript_re_renders_them(client: FlaskClient) -> None:
    page = soup(client.get("/new", query_string={"game": MOON, "option-mode": "solo", "name-1": "Aki"}))
    assert page.select_one("html") is not None  # the no-JavaScript submit gets the whole form back
    assert {"option-astra-level", "option-astra-1-launch-rockets"} <= option_fields(page)
    assert page.select_one("#name-1")["value"] == "Aki"


def test_switching_games_shows_the_new_games_own_options_with_their_defaults(client: FlaskClient) -> None:
    moon = soup(client.get(f"/new?game={MOON}"))
    shown = moon.select_one(f"#options input[type=hidden][value={MOON}]")
    assert shown is not None
    page = soup(
        client.get(
            "/new",
            query_string={"game": "mission-red-planet", str(shown["name"]): MOON},
            headers={"HX-Request": "true"},
        )
    )
    fields = option_fields(page)
    assert "option-edition" in fields and "option-adventure" not in fields


# -- "I play as" -----------------------------------------------------------------------------


def test_i_play_as_lists_the_players_typed_and_defaults_to_the_first(client: FlaskClient) -> None:
    empty = soup(client.get("/new"))
    assert [o.get_text() for o in empty.select("#play-as option")] == [
        "the first player",
        "I only host (no seat on this phone)",
    ]
    assert empty.select_one("#play-as option[selected]")["value"] == "1"
    typed = soup(client.get("/new", query_string={"name-1": "Aki", "name-3": "Chika"}, headers={"HX-Request": "true"}))
    assert [(o["value"], o.get_text()) for o in typed.select("#play-as option")][:2] == [("1", "Aki"), ("3", "Chika")]


def test_a_host_who_plays_lands_on_their_own_seat(client: FlaskClient, make_client) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/new", data=form_of(PLAYERS, **{"play-as": "2"}))
    assert response.status_code == 303
    code = response.headers["Location"].rsplit("/", 1)[1]
    page = soup(client.get(response.headers["Location"]))
    assert "You are Ben." in page.get_text()
    assert page.select_one("#invite[open]") is not None  # the QR code stays open while seats are free
    phone = make_client()
    free = [b.get_text(strip=True) for b in soup(phone.get(join_link(client, code))).select("button[name=seat]")]
    assert free == ["AAki", "CChika"]


def test_rows_left_empty_do_not_shift_the_hosts_seat(client: FlaskClient) -> None:
    players = (("Aki", "#E69F00"), ("", "#56B4E9"), ("Chika", "#009E73"))
    response = client.post("/new", data=form_of(players, **{"play-as": "3"}))
    assert "You are Chika." in soup(client.get(response.headers["Location"])).get_text()


def test_a_host_who_only_hosts_holds_no_seat(client: FlaskClient, make_client) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/new", data=form_of(PLAYERS, **{"play-as": "host"}))
    code = response.headers["Location"].rsplit("/", 1)[1]
    page = soup(client.get(response.headers["Location"]))
    assert "You are Aki" not in page.get_text() and page.select_one("#host-seat") is not None
    seats = soup(make_client().get(join_link(client, code))).select("button[name=seat]")
    assert len(seats) == len(PLAYERS)


@pytest.mark.parametrize("chosen", ["4", "0", "9" * 40, "Aki"])
def test_playing_as_a_row_without_a_name_is_refused_and_nothing_is_stored(client: FlaskClient, chosen: str) -> None:
    before = soup(client.get("/")).get_text()
    response = client.post("/new", data=form_of(PLAYERS, **{"play-as": chosen}))
    assert response.status_code == 422
    assert "I only host" in soup(response).select_one("[role=alert]").get_text()
    assert soup(client.get("/")).get_text() == before


# -- Links that another phone can open ----------------------------------------------------------


class BrowserAt(FlaskClient):
    """A browser that reaches the app through one address: every request carries its Host header."""

    def __init__(self, app: Flask, host: str) -> None:
        super().__init__(app, app.response_class, use_cookies=True)
        self.host = host

    def open(self, *args: Any, **kwargs: Any) -> Any:
        kwargs["environ_overrides"] = {**kwargs.get("environ_overrides", {}), "HTTP_HOST": self.host}
        return super().open(*args, **kwargs)


def browser_at(app: Flask, host: str) -> FlaskClient:
    """Return a browser that reaches the app through ``host`` (the Host header it sends)."""
    return BrowserAt(app, host)


def shown_links(client: FlaskClient, code: str) -> tuple[str, str]:
    """Return the join link the host's page shows as text and the one its QR code encodes."""
    page = soup(client.get(f"/t/{code}"))
    text = page.select_one("#invite a[href^='/join/']").get_text()
    return text, decode_svg(client.get(page.select_one("img.qr")["src"]).data)


@pytest.fixture
def lan() -> str:
    found = lan_addresses()
    if not found:
        pytest.skip("this machine has no network address besides loopback")
    return found[0]


@pytest.mark.parametrize(
    "loopback", ["127.0.0.1:5123", "localhost:5123", "[::1]:5123", "127.1:5123", "[::ffff:127.0.0.1]:5123", "0:5123"]
)
def test_a_page_opened_through_loopback_shares_the_lan_address_and_port(app: Flask, lan: str, loopback: str) -> None:
    host = browser_at(app, loopback)
    code = new_table(host)
    text, encoded = shown_links(host, code)
    assert text == encoded
    link = urllib.parse.urlsplit(encoded)
    assert link.hostname == lan and not ipaddress.ip_address(lan).is_loopback
    assert link.port == 5123 and link.path.startswith("/join/")
    assert join_link(host, code) == link.path


def test_a_page_opened_through_a_lan_address_keeps_it(app: Flask) -> None:
    host = browser_at(app, "192.168.1.20:8000")
    text, encoded = shown_links(host, new_table(host))
    assert text == encoded and encoded.startswith("http://192.168.1.20:8000/join/")


@pytest.mark.parametrize(
    "spoofed", ["evil.example/x?", "a b", "under_score.example", "games.example.org:99999", '"><b>']
)
def test_a_malformed_host_header_is_never_shown(app: Flask, lan: str, spoofed: str) -> None:
    host = browser_at(app, spoofed)
    text, encoded = shown_links(host, new_table(host))
    assert text == encoded and urllib.parse.urlsplit(encoded).hostname == lan


def test_one_browsers_host_header_never_reaches_another_phone(app: Flask, lan: str) -> None:
    host = browser_at(app, "localhost:5000")
    code = new_table(host)
    assert post_event(host, code, kind="table.end").status_code == 303
    link = soup(host.get(f"/t/{code}/results")).select_one("#results-link")["href"]
    qr = urllib.parse.urlsplit(str(link)).path + "/qr.svg"  # the results link's QR: anyone may fetch it
    spoofing = browser_at(app, "attacker.example")
    assert decode_svg(spoofing.get(qr).data).startswith("http://attacker.example/r/")  # shown to itself only
    assert urllib.parse.urlsplit(decode_svg(host.get(qr).data)).hostname == lan
    assert urllib.parse.urlsplit(decode_svg(browser_at(app, "127.0.0.1:5000").get(qr).data)).hostname == lan


def test_the_public_url_setting_names_the_address_whatever_the_request(database_url: str) -> None:
    app = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": database_url,
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
            "PUBLIC_URL": "https://games.example.org/",
        }
    )
    for name in ("127.0.0.1:5000", "attacker.example"):
        host = browser_at(app, name)
        text, encoded = shown_links(host, new_table(host))
        assert text == encoded and encoded.startswith("https://games.example.org/join/")


@pytest.mark.parametrize("wrong", ["games.example.org", "ftp://games.example.org", "https://x.org/?a=1"])
def test_a_public_url_that_is_not_an_http_address_stops_the_app(database_url: str, wrong: str) -> None:
    with pytest.raises(ValueError, match="COMPANION_PUBLIC_URL"):
        create_app({"TESTING": True, "DATABASE_URL": database_url, "SECRET_KEY": "t", "PUBLIC_URL": wrong})


def test_the_name_boxes_keep_a_short_placeholder_and_say_the_rest_above_them(client: FlaskClient) -> None:
    for language, placeholder in (("en", "Name"), ("ja", "名前")):
        page = BeautifulSoup(client.get("/new", headers={"Accept-Language": language}).text, "html.parser")
        boxes = page.select("#players input[name^=name-]")
        assert boxes and {box["placeholder"] for box in boxes} == {placeholder}  # fits the narrowest phone's box
        hint = page.select_one(f"#{boxes[0]['aria-describedby']}")
        assert hint is not None and hint.get_text(strip=True)  # what to leave empty, read before the boxes
