"""Exports and pages in the players' time: a table keeps the time zone its phones sent (the host's first).

The new-table form, the import and the join carry the phone's IANA zone in a hidden field; a table
keeps the first known one, a name this server does not know is ignored, and a table without one
stays in UTC. The CSVs say when the table ended in ISO 8601 with the zone's offset, BG Stats gets
the players' local date and time, and the pages show times in that zone.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

import companion.services.table
from tests.conftest import PLAYERS, join_link, new_table, post_event


def table_from_a_phone_in(client: FlaskClient, time_zone: str | None, game: str = "score-pad") -> str:
    """Create a table through the form as a phone in ``time_zone`` sends it (None: a phone without JavaScript)."""
    form = {"game": game}
    for seat, (name, colour) in enumerate(PLAYERS, start=1):
        form[f"name-{seat}"], form[f"colour-{seat}"] = name, colour
    if time_zone is not None:
        form["time_zone"] = time_zone
    response = client.post("/new", data=form)
    assert response.status_code == 303, response.text
    return response.headers["Location"].rsplit("/", 1)[1]


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[datetime]]:
    """The time entries are stored at: set ``clock[0]``; each entry comes five seconds after the one before."""
    now = [datetime(2026, 11, 28, 10, 34, 31, tzinfo=UTC)]

    class Clock(datetime):
        @classmethod
        def now(cls, tz=None):  # type: ignore[no-untyped-def,override]
            now[0] += timedelta(seconds=5)
            return now[0] - timedelta(seconds=5)

    monkeypatch.setattr(companion.services.table, "datetime", Clock)
    yield now


def end_at(client: FlaskClient, code: str, clock: list[datetime], moment: datetime) -> None:
    """Score the table and end it at ``moment`` (UTC)."""
    post_event(client, code, kind="tally.add", seat=1, category="vp", delta=7)
    post_event(client, code, kind="tally.add", seat=2, category="vp", delta=12)
    clock[0] = moment
    assert post_event(client, code, kind="table.end").status_code == 303


def ended_at_cells(client: FlaskClient, path: str) -> set[str]:
    rows = csv.DictReader(io.StringIO(client.get(path).data.decode("utf-8-sig")))
    return {row["Ended at"] for row in rows}


def test_a_tokyo_evening_game_is_exported_in_tokyo_time(client: FlaskClient, clock: list[datetime]) -> None:
    code = table_from_a_phone_in(client, "Asia/Tokyo")
    end_at(client, code, clock, datetime(2026, 11, 28, 10, 34, 31, tzinfo=UTC))  # 19:34:31 in Tokyo
    for export in ("players.csv", "categories.csv"):
        assert ended_at_cells(client, f"/t/{code}/{export}") == {"2026-11-28T19:34:31+09:00"}
        assert ended_at_cells(client, f"/history/{export}") == {"2026-11-28T19:34:31+09:00"}
    play = json.loads(client.get(f"/t/{code}/bgstats.bgsplay").data)["plays"][0]
    assert (play["playDate"], play["playDateYmd"]) == ("2026-11-28 19:34:31", 20261128)


def test_a_game_past_midnight_in_tokyo_is_logged_on_the_players_date_not_utcs(
    client: FlaskClient, clock: list[datetime]
) -> None:
    code = table_from_a_phone_in(client, "Asia/Tokyo")
    end_at(client, code, clock, datetime(2026, 11, 28, 15, 30, tzinfo=UTC))  # 00:30 on the 29th in Tokyo
    play = json.loads(client.get(f"/t/{code}/bgstats.bgsplay").data)["plays"][0]
    assert (play["playDate"], play["playDateYmd"]) == ("2026-11-29 00:30:00", 20261129)
    link = BeautifulSoup(client.get(f"/t/{code}/results").text, "html.parser").select_one("#bgstats-push")["href"]
    assert "2026-11-29%2000%3A30%3A00" in link
    assert ended_at_cells(client, f"/t/{code}/players.csv") == {"2026-11-29T00:30:00+09:00"}


def test_the_history_and_the_log_show_the_tables_own_time(client: FlaskClient, clock: list[datetime]) -> None:
    code = table_from_a_phone_in(client, "Asia/Tokyo")
    end_at(client, code, clock, datetime(2026, 11, 28, 10, 34, 31, tzinfo=UTC))
    history = BeautifulSoup(client.get("/history").text, "html.parser")
    assert history.select_one(f'#plays li[data-code="{code}"] time').get_text() == "2026-11-28 19:34"
    japanese = BeautifulSoup(client.get("/history", headers={"Accept-Language": "ja"}).text, "html.parser")
    assert japanese.select_one(f'#plays li[data-code="{code}"] time').get_text() == "2026年11月28日 19:34"
    log = BeautifulSoup(client.get(f"/t/{code}/log").text, "html.parser")
    assert log.select_one("li time").get_text() == "19:34:31"  # the end, newest first


def test_a_table_without_a_zone_takes_the_first_joining_phones_and_keeps_it(
    client: FlaskClient,
    make_client,
    clock: list[datetime],  # type: ignore[no-untyped-def]
) -> None:
    code = table_from_a_phone_in(client, None)
    link = join_link(client, code)
    for seat, time_zone in ((2, "Asia/Tokyo"), (3, "America/New_York")):
        phone = make_client()
        form = {"seat": str(seat), "key": f"join-{code}-{seat}", "time_zone": time_zone}
        assert phone.post(link, data=form).status_code == 303
    end_at(client, code, clock, datetime(2026, 11, 28, 10, 34, 31, tzinfo=UTC))
    assert ended_at_cells(client, f"/t/{code}/players.csv") == {"2026-11-28T19:34:31+09:00"}


@pytest.mark.parametrize("sent", ["", "Mars/Olympus_Mons", "../../etc/passwd", "Asia/Tokyo\x00", "x" * 5000])
def test_a_zone_this_server_does_not_know_is_ignored_and_the_table_stays_in_utc(
    client: FlaskClient, clock: list[datetime], sent: str
) -> None:
    code = table_from_a_phone_in(client, sent)
    end_at(client, code, clock, datetime(2026, 11, 28, 10, 34, 31, tzinfo=UTC))
    assert ended_at_cells(client, f"/t/{code}/players.csv") == {"2026-11-28T10:34:31+00:00"}


def test_every_form_that_makes_or_joins_a_table_carries_the_phones_zone(client: FlaskClient) -> None:
    code = new_table(client)
    pages = {"new table": "/new", "import": "/import", "join": join_link(client, code)}
    for page, path in pages.items():
        html = BeautifulSoup(client.get(path).text, "html.parser")
        assert html.select_one("form input[type=hidden][name=time_zone][data-time-zone]") is not None, page
    script = (Path(__file__).resolve().parents[2] / "static" / "js" / "app.js").read_text()
    assert re.search(r"resolvedOptions\(\)\.timeZone", script)  # what fills the field in
