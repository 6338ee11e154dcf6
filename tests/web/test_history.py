"""The season after the night: history, profiles and statistics, host recovery, scenario import."""

from __future__ import annotations

import csv
import io
import json
import urllib.parse

from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from tests.conftest import join_link, new_table, post_event


def soup(response) -> BeautifulSoup:  # type: ignore[no-untyped-def]
    return BeautifulSoup(response.text, "html.parser")


def path_of(link: str) -> str:
    return urllib.parse.urlsplit(link).path


def seated(host: FlaskClient, make_client, code: str, seat: int) -> FlaskClient:  # type: ignore[no-untyped-def]
    phone = make_client()
    assert phone.post(join_link(host, code), data={"seat": str(seat), "key": f"join-{code}-{seat}"}).status_code == 303
    return phone


def play(host: FlaskClient, code: str, points: dict[int, int]) -> None:
    for seat, value in points.items():
        post_event(host, code, kind="tally.add", seat=seat, category="vp", delta=value)
    assert post_event(host, code, kind="table.end").status_code == 303


def test_a_profile_gathers_statistics_and_head_to_head_across_tables(client: FlaskClient, make_client) -> None:  # type: ignore[no-untyped-def]
    first = new_table(client)
    ben = seated(client, make_client, first, 2)
    assert ben.post("/me", data={"name": "Ben"}).status_code == 303
    play(client, first, {1: 5, 2: 9, 3: 1})
    second = new_table(client)
    ben.post(join_link(client, second), data={"seat": "2", "key": "join-second-2"})
    play(client, second, {1: 8, 2: 4, 3: 4})

    page = soup(ben.get("/me"))
    row = [td.get_text() for td in page.select("#stats tr[data-game=score-pad] td")]
    assert row == ["2", "1", "50%", "6.5", "9"]
    heads = {
        tr.th.get_text(): [td.get_text() for td in tr.select("td")] for tr in page.select("#head-to-head tbody tr")
    }
    assert heads == {"Aki": ["2", "1", "1", "0"], "Chika": ["2", "1", "0", "1"]}

    history = soup(client.get("/history"))
    assert [li["data-code"] for li in history.select("#plays li")] == [second, first]
    rows = list(csv.DictReader(io.StringIO(client.get("/history/players.csv").data.decode("utf-8-sig"))))
    assert len(rows) == 6 and {r["Table"] for r in rows} == {first, second}


def test_deleting_a_profile_replaces_the_name_in_kept_results_but_not_the_ledger(  # type: ignore[no-untyped-def]
    client: FlaskClient, make_client
) -> None:
    code = new_table(client)
    ben = seated(client, make_client, code, 2)
    ben.post("/me", data={"name": "Ben"})
    play(client, code, {1: 5, 2: 9})
    assert ben.post("/me/delete").status_code == 303
    assert soup(ben.get("/me")).select_one("#profile-name") is not None  # back to the form
    rows = csv.DictReader(io.StringIO(client.get(f"/t/{code}/players.csv").data.decode("utf-8-sig")))
    names = [r["Player"] for r in rows]
    assert names == ["a former player", "Aki", "Chika"]
    results = soup(client.get(f"/t/{code}/results"))
    assert results.select_one(".ranking .name").get_text() == "a former player"
    shown = soup(client.get("/history")).select_one("#plays .seat-results").get_text()
    assert shown.startswith("1st a former player 9 points") and "Ben" not in shown
    scenario = client.get(f"/t/{code}/scenario.json").get_json()
    assert [p["name"] for p in scenario["players"]] == ["Aki", "Ben", "Chika"]  # the ledger is append-only


def test_a_profile_restores_its_seat_on_a_new_phone(client: FlaskClient, make_client) -> None:  # type: ignore[no-untyped-def]
    code = new_table(client)
    ben = seated(client, make_client, code, 2)
    ben.post("/me", data={"name": "Ben"})
    link = soup(ben.get("/me")).select_one("#restore-link")["href"]
    new_phone = make_client()
    assert new_phone.get(f"/t/{code}").status_code == 404  # not joined: the same answer as an unknown code
    assert soup(new_phone.get(path_of(link))).select_one("form button") is not None
    assert new_phone.post(path_of(link)).status_code == 303
    assert "You are Ben." in soup(new_phone.get(f"/t/{code}")).get_text()
    assert post_event(new_phone, code, kind="tally.add", seat=2, category="vp", delta=1).status_code == 303


def test_the_host_recovery_link_is_shown_once_and_makes_a_new_phone_host(  # type: ignore[no-untyped-def]
    client: FlaskClient, make_client
) -> None:
    code = new_table(client)
    page = soup(client.post(f"/t/{code}/recovery"))
    link = page.select_one("#recovery-link")["href"]
    assert page.select_one("#recovery-qr")["src"].startswith("data:image/svg+xml;base64,")
    new_phone = make_client()
    assert new_phone.post(path_of(link)).status_code == 303
    assert "You are the host." in soup(new_phone.get(f"/t/{code}")).get_text()
    assert new_phone.get("/host/not-a-real-token").status_code == 404
    player = seated(client, make_client, code, 1)
    assert player.post(f"/t/{code}/recovery").status_code == 403


def test_importing_a_scenario_recreates_the_table_with_the_same_scores(client: FlaskClient, make_client) -> None:  # type: ignore[no-untyped-def]
    code = new_table(client)
    play(client, code, {1: 5, 2: 9, 3: 2})
    exported = client.get(f"/t/{code}/scenario.json").data
    other = make_client()
    response = other.post("/import", data={"scenario": (io.BytesIO(exported), "table.json")})
    assert response.status_code == 303
    new_code = response.headers["Location"].rsplit("/", 1)[1]
    assert new_code != code
    original = client.get(f"/t/{code}/players.csv").text.replace(code, "X").splitlines()
    copied = other.get(f"/t/{new_code}/players.csv").text.replace(new_code, "X").splitlines()
    strip_time = lambda lines: [line.split(",")[:3] + line.split(",")[4:] for line in lines]  # noqa: E731
    assert strip_time(copied) == strip_time(original)
    again = json.loads(other.get(f"/t/{new_code}/scenario.json").data)
    assert again["seed"] == json.loads(exported)["seed"]


def test_a_broken_scenario_file_is_refused_with_a_message(client: FlaskClient) -> None:
    response = client.post("/import", data={"scenario": (io.BytesIO(b"not json"), "x.json")})
    assert response.status_code == 422
    assert "not a JSON file" in soup(response).select_one(".error").get_text()


def test_the_history_gives_each_table_its_moment_for_the_phone_to_show_in_its_time_zone(client: FlaskClient) -> None:
    code = new_table(client)
    play(client, code, {1: 3, 2: 1})
    (moment,) = soup(client.get("/history")).select("#plays time")
    assert moment["data-utc"] == "date" and moment["datetime"].endswith("+00:00")  # static/js/app.js rewrites it
    assert moment.text.endswith(" UTC")  # until it does, or without JavaScript


def test_the_history_lists_each_play_by_rank_in_words_with_points(client: FlaskClient) -> None:
    code = new_table(client)
    play(client, code, {1: 5, 2: 1, 3: 5})
    english = soup(client.get("/history")).select_one(f'#plays li[data-code="{code}"] .seat-results').get_text()
    assert english == "1st (tied) Aki 5 points, 1st (tied) Chika 5 points, 3rd Ben 1 point"
    japanese = soup(client.get("/history", headers={"Accept-Language": "ja"}))
    ranks = japanese.select_one(f'#plays li[data-code="{code}"] .seat-results').get_text()
    assert ranks == "1位（同点） Aki 5点、1位（同点） Chika 5点、3位 Ben 1点"


def test_a_negative_total_in_a_rank_line_carries_the_minus_sign() -> None:
    from companion.results import SeatResult, ordinal, rank_line

    seat = SeatResult(seat=1, name="Aki", colour="#E69F00", rank=12, total=-5, winner=False, categories=())
    assert rank_line(seat, tied=False).render() == "12th Aki \u22125 points"
    assert [ordinal(rank).render() for rank in (1, 2, 3, 4, 11, 21, 22, 113)] == [
        "1st", "2nd", "3rd", "4th", "11th", "21st", "22nd", "113th",
    ]  # fmt: skip
