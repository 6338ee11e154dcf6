"""Pages: creating a table, joining by link, recording, undoing, and every kind of bad input."""

from __future__ import annotations

import re
from typing import Any

from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import join_link, new_table, post_event
from tests.web.test_moves import joined_phone


def soup(response) -> BeautifulSoup:  # type: ignore[no-untyped-def]
    return BeautifulSoup(response.text, "html.parser")


def totals(client: FlaskClient, code: str) -> dict[str, int]:
    page = soup(client.get(f"/t/{code}"))
    return {
        li.select_one(".name").get_text(strip=True): int(li.select_one(".total").get_text())
        for li in page.select(".standings li")
    }


def test_host_creates_a_table_and_sees_the_join_qr_code(client: FlaskClient) -> None:
    code = new_table(client)
    page = soup(client.get(f"/t/{code}"))
    assert page.select_one("img.qr")["src"] == f"/t/{code}/qr.svg"
    qr = client.get(f"/t/{code}/qr.svg")
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml" and b"<svg" in qr.data
    home = soup(client.get("/"))
    assert code in home.get_text()


def test_a_phone_joins_through_the_link_picks_a_seat_and_keeps_it(client: FlaskClient, make_client) -> None:  # type: ignore[no-untyped-def]
    code = new_table(client)
    link = join_link(client, code)
    phone = make_client()
    seats = soup(phone.get(link)).select("button[name=seat]")
    assert [b.get_text(strip=True) for b in seats] == ["AAki", "BBen", "CChika"]
    key = soup(phone.get(link)).select_one("input[name=key]")["value"]
    response = phone.post(link, data={"seat": "2", "key": key})
    assert response.status_code == 303 and response.headers["Location"] == f"/t/{code}"
    page = soup(phone.get(f"/t/{code}"))
    assert "You are Ben." in page.get_text()
    assert phone.get(link).headers["Location"] == f"/t/{code}"  # already seated: straight back to the table
    # Ben may record for himself, not for Aki.
    assert post_event(phone, code, kind="tally.add", seat=2, category="vp", delta=3).status_code == 303
    refused = post_event(phone, code, kind="tally.add", seat=1, category="vp", delta=3)
    assert refused.status_code == 422
    assert "own seat" in refused.text
    assert totals(phone, code) == {"Ben": 3, "Aki": 0, "Chika": 0}


def test_a_seat_taken_by_another_phone_and_a_full_table_are_refused(client: FlaskClient, make_client) -> None:  # type: ignore[no-untyped-def]
    code = new_table(client, game="welcome-to-the-moon", players=(("Aki", "#E69F00"),))
    link = join_link(client, code)
    first, second = make_client(), make_client()
    assert first.post(link, data={"seat": "1", "key": "join-key-first"}).status_code == 303
    taken = second.post(link, data={"seat": "1", "key": "join-key-second"})
    assert taken.status_code == 422 and "already taken" in taken.text
    full = second.get(link)
    assert full.status_code == 409 and "Every seat" in soup(full).select_one(".error").text
    watch = soup(full).select_one("a[href^='/watch/']")
    assert watch is not None and second.get(str(watch["href"])).status_code == 303  # the phone can watch


def test_ending_the_table_asks_first_and_enter_in_a_name_box_creates_the_table(client: FlaskClient) -> None:
    code = new_table(client, game="score-pad")
    end = soup(client.get(f"/t/{code}")).select_one("details.confirm input[name=kind][value='table.end']")
    assert end is not None  # the End button sits behind a disclosure that says what it does
    form = soup(client.get("/new")).select_one("form[method=post][action='/new']")
    first_submit = form.select("button")[0]
    assert first_submit.get("formmethod") is None and first_submit.get("type") == "submit"


def test_unknown_codes_links_and_strangers_get_clear_refusals(client: FlaskClient, make_client) -> None:  # type: ignore[no-untyped-def]
    code = new_table(client)
    assert client.get("/t/ZZZZZZ").status_code == 404
    assert "no table" in client.get("/join/not-a-real-token").text
    stranger = make_client()
    response = stranger.get(f"/t/{code}")
    assert response.status_code == 404 and "QR code" in response.text
    assert post_event(stranger, code, kind="tally.add", seat=1, category="vp", delta=1).status_code == 404


def test_spectators_watch_but_cannot_record(client: FlaskClient, make_client) -> None:  # type: ignore[no-untyped-def]
    code = new_table(client)
    watch = re.search(r'href="(/watch/[^"]+)"', client.get(f"/t/{code}").text).group(1)  # type: ignore[union-attr]
    spectator = make_client()
    assert spectator.get(watch).status_code == 303
    page = soup(spectator.get(f"/t/{code}"))
    assert "You are watching." in page.get_text()
    assert not page.select("form[action$='/events']")
    assert post_event(spectator, code, kind="tally.add", seat=1, category="vp", delta=1).status_code == 403


def test_bad_entries_get_a_4xx_and_store_nothing(client: FlaskClient) -> None:
    code = new_table(client)
    cases = {
        "unknown kind": ({"kind": "rocket.launch"}, 422),
        "not a number": ({"kind": "tally.add", "seat": "1", "category": "vp", "delta": "lots"}, 422),
        "missing field": ({"kind": "tally.add", "seat": "1", "category": "vp"}, 422),
        "no such seat": ({"kind": "tally.add", "seat": "9", "category": "vp", "delta": "1"}, 422),
        "no such category": ({"kind": "tally.add", "seat": "1", "category": "gold", "delta": "1"}, 422),
        "out of range": ({"kind": "tally.add", "seat": "1", "category": "vp", "delta": "100000"}, 422),
    }
    for name, (fields, status) in cases.items():
        response = post_event(client, code, **fields)
        assert response.status_code == status, name
        assert soup(response).select_one(".error").get_text(strip=True), name
    malformed_key = client.post(
        f"/t/{code}/events",
        data={"kind": "tally.add", "key": "<x>", "seat": "1", "category": "vp", "delta": "1"},
    )
    assert malformed_key.status_code == 400
    oversized = client.post(
        f"/t/{code}/events", data={"kind": "tally.category", "key": "big-entry-1", "name": "x" * 20000}
    )
    assert oversized.status_code == 413
    log = soup(client.get(f"/t/{code}/log"))
    assert log.select(".log li.muted")  # "Nothing recorded yet."


def test_a_double_tap_is_recorded_once(client: FlaskClient) -> None:
    code = new_table(client)
    for _ in range(3):
        response = post_event(client, code, key="double-tap-key", kind="tally.add", seat=1, category="vp", delta=5)
        assert response.status_code == 303
    assert totals(client, code)["Aki"] == 5
    assert len(soup(client.get(f"/t/{code}/log")).select(".log li")) == 1


def test_htmx_gets_the_board_fragment_and_a_page_load_gets_the_page(client: FlaskClient) -> None:
    code = new_table(client)
    before = client.get(f"/t/{code}", headers={"HX-Request": "true"})
    seq = BeautifulSoup(before.text, "html.parser").select_one("#board")["data-seq"]  # type: ignore[index]
    # An entry from a phone is answered "stored" (204); the phone then fetches its board.
    stored = post_event(client, code, htmx=True, kind="tally.add", seat=1, category="vp", delta=2)
    assert stored.status_code == 204 and stored.text == ""
    fragment = client.get(f"/t/{code}?since={seq}", headers={"HX-Request": "true"})
    assert fragment.status_code == 200
    assert fragment.text.lstrip().startswith('<div id="board"')
    assert "<html" not in fragment.text
    assert "HX-Request" in fragment.headers["Vary"]
    assert totals(client, code)["Aki"] == 2
    page = client.get(f"/t/{code}")
    assert "<html" in page.text and soup(page).select_one("#board")
    assert "HX-Request" in page.headers["Vary"]
    boosted = client.get(f"/t/{code}", headers={"HX-Request": "true", "HX-Boosted": "true"})
    assert "<html" in boosted.text
    restoring = client.get(f"/t/{code}", headers={"HX-Request": "true", "HX-History-Restore-Request": "true"})
    assert "<html" in restoring.text  # htmx restoring a page it lost from its history gets the whole page
    error = post_event(client, code, htmx=True, kind="tally.add", seat=1, category="vp", delta="x")
    assert error.status_code == 422 and error.headers["HX-Retarget"] == "#messages"


def test_undo_and_redo_from_the_log(client: FlaskClient) -> None:
    code = new_table(client)
    post_event(client, code, kind="tally.add", seat=1, category="vp", delta=4)
    log = soup(client.get(f"/t/{code}/log"))
    row = log.select_one(".log li")
    assert "Aki: Victory points +4" in row.get_text(" ", strip=True)
    form = row.select_one("form")
    fields = {i["name"]: i["value"] for i in form.select("input")}
    assert client.post(form["action"], data=fields).status_code == 303
    assert totals(client, code)["Aki"] == 0
    log = soup(client.get(f"/t/{code}/log"))
    assert "voided" in log.select(".log li")[1]["class"]
    redo = log.select_one(".log li form")
    assert redo.select_one("button").get_text(strip=True) == "Redo"
    client.post(redo["action"], data={i["name"]: i["value"] for i in redo.select("input")})
    assert totals(client, code)["Aki"] == 4
    lines = [span.get_text() for span in soup(client.get(f"/t/{code}/log")).select(".log li .what")]
    assert lines[:2] == ["Redid entry #1: Aki: Victory points +4", "Undid entry #1: Aki: Victory points +4"]


def test_dice_tray_rolls_in_the_app_or_records_real_dice(client: FlaskClient) -> None:
    code = new_table(client)
    post_event(client, code, kind="dice.roll", count=2, sides=6)
    post_event(client, code, kind="dice.roll", count=2, sides=6, values="6 6")
    rolls = soup(client.get(f"/t/{code}")).select(".rolls li")
    assert "6 + 6 = 12" in rolls[0].get_text(" ", strip=True)
    values = [int(v) for v in re.findall(r"\d+", rolls[1].select_one(".dice").get_text())]
    assert len(values) == 3 and all(1 <= v <= 6 for v in values[:2]) and values[2] == values[0] + values[1]


def test_ending_the_table_reveals_the_seed_that_matches_the_hash(client: FlaskClient) -> None:
    import hashlib

    code = new_table(client)
    page = soup(client.get(f"/t/{code}")).get_text()
    shown_hash = re.search(r"SHA-256 is ([0-9a-f]{64})", page).group(1)  # type: ignore[union-attr]
    assert client.get(f"/t/{code}/scenario.json").status_code == 403
    assert post_event(client, code, kind="table.end").status_code == 303
    page = soup(client.get(f"/t/{code}")).get_text()
    seed = re.search(r"Seed: ([0-9a-f]{64})", page).group(1)  # type: ignore[union-attr]
    assert hashlib.sha256(seed.encode()).hexdigest() == shown_hash
    assert client.get(f"/t/{code}/scenario.json").json["seed"] == seed
    assert post_event(client, code, kind="tally.add", seat=1, category="vp", delta=1).status_code == 422


def test_new_table_form_rejects_bad_setups_with_a_message(client: FlaskClient) -> None:
    bad = {
        "no players": {"game": "score-pad"},
        "same names": {
            "game": "score-pad",
            "name-1": "Aki",
            "colour-1": "#E69F00",
            "name-2": "aki",
            "colour-2": "#56B4E9",
        },
        "too few for the game": {"game": "andromeda", "name-1": "Aki", "colour-1": "#E69F00"},
        "odd colour": {
            "game": "score-pad",
            "name-1": "Aki",
            "colour-1": "red",
            "name-2": "Ben",
            "colour-2": "#56B4E9",
        },
    }
    for name, form in bad.items():
        response = client.post("/new", data=form)
        assert response.status_code == 422, name
        assert soup(response).select_one(".error"), name
    assert client.post("/new", data={"game": "chess"}).status_code == 422


def test_the_options_fragment_follows_the_chosen_game(client: FlaskClient) -> None:
    fragment = client.get("/new?game=space-base", headers={"HX-Request": "true"})
    assert soup(fragment).select_one("fieldset#options")
    assert "<html" not in fragment.text


def test_csrf_protects_every_form(app: Flask) -> None:
    app.config["WTF_CSRF_ENABLED"] = True
    client = app.test_client()
    response = client.post("/new", data={"game": "score-pad", "name-1": "Aki", "colour-1": "#E69F00"})
    assert response.status_code == 400 and "out of date" in response.text
    page = soup(client.get("/new"))
    token = page.select_one("input[name=csrf_token]")["value"]
    ok = client.post(
        "/new",
        data={
            "csrf_token": token,
            "game": "score-pad",
            "name-1": "Aki",
            "colour-1": "#E69F00",
            "name-2": "Ben",
            "colour-2": "#56B4E9",
        },
    )
    assert ok.status_code == 303


def test_pages_speak_japanese_by_browser_language_and_by_switch(client: FlaskClient) -> None:
    home = client.get("/", headers={"Accept-Language": "ja,en;q=0.5"})
    assert soup(home).html["lang"] == "ja"
    assert "新しい卓" in home.text
    client.post("/language", data={"lang": "en", "next": "/"})
    english = client.get("/", headers={"Accept-Language": "ja"})
    assert soup(english).html["lang"] == "en"
    client.post("/language", data={"lang": "ja", "next": "/"})
    code = new_table(client)
    refused = post_event(client, code, kind="tally.add", seat=9, category="vp", delta=1)
    assert refused.status_code == 422
    assert "席" in soup(refused).select_one(".error").get_text()


def test_the_host_frees_the_seat_of_a_lost_phone(client: FlaskClient, make_client) -> None:  # type: ignore[no-untyped-def]
    code = new_table(client)
    link = join_link(client, code)
    lost, replacement = make_client(), make_client()
    assert lost.post(link, data={"seat": "1", "key": "lost-phone-key"}).status_code == 303
    assert replacement.post(link, data={"seat": "1", "key": "new-phone-key"}).status_code == 422
    page = soup(client.get(f"/t/{code}"))
    free = page.select_one("form button[aria-label^='Free the seat of Aki']").find_parent("form")
    fields = {i["name"]: i["value"] for i in free.select("input")}
    assert client.post(free["action"], data=fields).status_code == 303
    assert replacement.post(link, data={"seat": "1", "key": "new-phone-key-2"}).status_code == 303
    assert "You are Aki." in soup(replacement.get(f"/t/{code}")).get_text()
    # the lost phone no longer holds the seat: it only watches now
    assert post_event(lost, code, kind="tally.add", seat=1, category="vp", delta=1).status_code == 403
    assert "You are watching." in soup(lost.get(f"/t/{code}")).get_text()


def test_without_javascript_the_options_follow_the_game_through_a_get(client: FlaskClient) -> None:
    page = soup(client.get("/new?game=mission-red-planet&name-1=Aki"))
    assert page.select_one("select[name=option-edition]")
    assert page.select_one("#name-1")["value"] == "Aki"
    assert page.select_one("button[formmethod=get]")


def test_the_benchmark_route_exists_only_when_asked_for(app, client: FlaskClient) -> None:  # type: ignore[no-untyped-def]
    assert client.post("/bench/constant").status_code == 404


def test_only_the_host_sees_the_flip_button_when_the_option_says_so(client: FlaskClient, make_client) -> None:  # type: ignore[no-untyped-def]
    code = new_table(client, game="welcome-to-the-moon", flip="host")
    phone = make_client()
    assert phone.post(join_link(client, code), data={"seat": "1", "key": "flip-join-key"}).status_code == 303

    def flip_buttons(c: FlaskClient) -> int:
        return len(soup(c.get(f"/t/{code}")).select("input[name=kind][value='wttm.flip']"))

    assert flip_buttons(client) == 1 and flip_buttons(phone) == 0
    refused = post_event(phone, code, kind="wttm.flip", turn=0)
    assert refused.status_code == 422
    assert "Only the host can do this." in soup(refused).select_one(".error").text
    assert post_event(client, code, kind="wttm.flip", turn=0).status_code == 303


def test_the_hosts_seat_list_says_joined_as_soon_as_a_player_joins(client: FlaskClient, make_client: Any) -> None:
    code = new_table(client)
    page = BeautifulSoup(client.get(f"/t/{code}").text, "html.parser")
    assert "free" in page.select_one("#seats li").get_text(" ", strip=True)  # type: ignore[union-attr]
    aki = joined_phone(client, make_client, code, 1)
    board = BeautifulSoup(client.get(f"/t/{code}", headers={"HX-Request": "true"}).text, "html.parser")
    seats = board.select_one("#seats[hx-swap-oob]")  # swapped into the invite card with the board
    assert seats is not None and "joined" in seats.select_one("li").get_text(" ", strip=True)  # type: ignore[union-attr]
    free = seats.select_one("form")
    assert free is not None and not free.select("input[name=csrf_token], input[name=key]")  # added on the phone as sent
    for_aki = BeautifulSoup(aki.get(f"/t/{code}", headers={"HX-Request": "true"}).text, "html.parser")
    assert for_aki.select_one("#board") is not None and for_aki.select_one("#seats") is None  # the host's alone
