"""The holes an attacker found around the rights (issue "One door"): each reproduction, refused.

Every test here replays one of the attacks as it was reported and asserts what a player cares
about: the server answers quickly with a 4xx and a message, stores nothing it should not, and
keeps every secret with the phone that holds its seat.
"""

from __future__ import annotations

import csv
import io
import json
import time
import uuid
from typing import Any

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from companion.web.app import create_app
from tests.conftest import join_link, new_table, post_event


def error_text(response: Any) -> str:
    element = BeautifulSoup(response.text, "html.parser").select_one(".error")
    assert element is not None, response.text[:300]
    return element.get_text(" ", strip=True)


def upload(client: FlaskClient, scenario: Any, *, raw: bytes | None = None) -> Any:
    data = raw if raw is not None else json.dumps(scenario).encode()
    return client.post("/import", data={"scenario": (io.BytesIO(data), "table.json")})


def score_pad(events: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {"version": 1, "game": "score-pad", "players": [{"name": "A"}], "seed": "s", "events": events, **extra}


def tables_listed(client: FlaskClient) -> int:
    return len(BeautifulSoup(client.get("/").text, "html.parser").select("a[href^='/t/']"))


# -- 1. An imported entry is checked by its move's record before anything describes or folds it -----


def test_an_imported_roll_of_thirty_million_dice_refuses_the_file_at_once(client: FlaskClient) -> None:
    scenario = score_pad([{"kind": "dice.roll", "payload": {"count": 30_000_000, "sides": 7}}])
    started = time.monotonic()
    response = upload(client, scenario)
    assert time.monotonic() - started < 2
    assert response.status_code == 422
    assert "Event #1" in error_text(response)
    assert tables_listed(client) == 0


def test_an_entry_of_an_unknown_kind_refuses_the_file(client: FlaskClient) -> None:
    response = upload(client, score_pad([{"kind": "x" * 5000, "payload": {}}]))
    assert response.status_code == 422
    assert "Unknown kind of entry" in error_text(response)


def test_an_imported_entry_that_no_longer_fits_is_stored_and_skipped_as_at_its_table(client: FlaskClient) -> None:
    events = [
        {"seq": 1, "kind": "seat.claim", "payload": {"seat": 1, "device": "phone-1"}, "author": 1},
        {"seq": 2, "kind": "seat.claim", "payload": {"seat": 1, "device": "phone-2"}, "author": 1},
    ]
    response = upload(client, score_pad(events))
    assert response.status_code == 303
    log = client.get(response.headers["Location"] + "/log").text
    assert "already taken by another phone" in log


def test_the_log_never_computes_from_a_stored_entry_its_record_refuses() -> None:
    from companion.games.contract import Event, Player, Setup
    from companion.games.registry import get_game
    from companion.games.table import describe, fold

    game = get_game("score-pad")
    setup = Setup("score-pad", (Player(1, "A", "#E69F00"),), {}, "s")
    event = Event(1, "dice.roll", {"count": 30_000_000, "sides": 7}, author=1)
    state = fold(game, setup, [event])
    started = time.monotonic()
    assert describe(game, state, event).render() == "Roll dice"
    assert time.monotonic() - started < 0.5
    assert 1 in state.skipped


# -- 2. Importing is limited like creating a table ---------------------------------------------------


def test_importing_counts_against_the_new_table_limit(database_url: str) -> None:
    app = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": database_url,
            "SECRET_KEY": "limits",
            "WTF_CSRF_ENABLED": False,
            "RATE_LIMIT_NEW_TABLE": "3 per hour",
        }
    )
    client = app.test_client()
    answers = [upload(client, score_pad([])).status_code for _ in range(4)]
    assert answers == [303, 303, 303, 429]
    assert client.get("/import").status_code == 200  # reading the form costs nothing
    assert client.post("/new", data={"game": "score-pad", "name-1": "A", "colour-1": "#E69F00"}).status_code == 429


# -- 7. The import takes the files the README promises ----------------------------------------------


def test_a_tables_own_export_of_120_entries_imports_whole(client: FlaskClient) -> None:
    code = new_table(client)
    for index in range(120):
        post_event(client, code, kind="tally.add", seat=1 + index % 3, category="vp", delta=1)
    post_event(client, code, kind="table.end")
    exported = client.get(f"/t/{code}/scenario.json").data
    assert len(exported) > 16 * 1024
    response = upload(client, None, raw=exported)
    assert response.status_code == 303, error_text(response)
    imported = response.headers["Location"]
    assert client.get(imported + "/scenario.json").status_code == 200


def test_a_scenario_file_with_a_byte_order_mark_imports(client: FlaskClient) -> None:
    response = upload(client, None, raw=b"\xef\xbb\xbf" + json.dumps(score_pad([])).encode())
    assert response.status_code == 303


def test_a_file_over_the_readmes_four_megabytes_is_refused_with_a_message(client: FlaskClient) -> None:
    response = upload(client, None, raw=b" " * (4 * 1024 * 1024 + 1))
    response.request.environ["wsgi.input"].close()  # the test client spooled the body to a file it never closes
    assert response.status_code in (413, 422)
    assert "4 MB" in error_text(response)


# -- 8. Crafted values get a 4xx and a message, never a 500 -------------------------------------------


CRAFTED = {
    "deep nesting": None,
    "seq of 10^20": score_pad([{"seq": 10**20, "kind": "table.end", "payload": {}}]),
    "seq of 2^40": score_pad([{"seq": 2**40, "kind": "table.end", "payload": {}}]),
    "a seed over 64 characters": score_pad([], seed="s" * 65),
    "a seed with NUL": score_pad([], seed="a\x00b"),
    "a name over 40 characters": score_pad([], players=[{"name": "n" * 41}]),
    "a NUL in a name": score_pad([], players=[{"name": "A\x00B"}]),
    "a colour over 16 characters": score_pad([], players=[{"name": "A", "colour": "#" + "0" * 20}]),
    "seat 2^40": score_pad([], players=[{"name": "A", "seat": 2**40}]),
    "a kind over 40 characters": score_pad([{"kind": "k" * 41, "payload": {}}]),
}


@pytest.mark.parametrize("case", sorted(CRAFTED))
def test_a_crafted_scenario_is_refused_with_a_message_and_stores_nothing(client: FlaskClient, case: str) -> None:
    if case == "deep nesting":
        raw = b'{"version": 1, "game": "score-pad", "x": ' + b"[" * 5000 + b"]" * 5000 + b"}"
    else:
        raw = json.dumps(CRAFTED[case]).encode()
    response = upload(client, None, raw=raw)
    assert response.status_code == 422
    assert error_text(response)
    assert tables_listed(client) == 0


def test_an_integer_of_thousands_of_digits_is_refused_with_a_message(client: FlaskClient) -> None:
    raw = b'{"version": 1, "game": "score-pad", "players": [{"name": "A"}], "seed": ' + b"9" * 5000 + b"}"
    response = upload(client, None, raw=raw)
    assert response.status_code == 422
    assert error_text(response)


def test_a_name_with_a_nul_is_refused_by_the_new_table_form_and_results_stay_readable(client: FlaskClient) -> None:
    response = client.post("/new", data={"game": "score-pad", "name-1": "A\x00B", "colour-1": "#E69F00"})
    assert response.status_code == 422
    assert "characters" in error_text(response)


def test_a_seat_number_in_unicode_digits_or_with_underscores_is_refused(client: FlaskClient) -> None:
    code = new_table(client)
    for typed in ("١", "1_0"):
        response = post_event(client, code, kind="tally.add", seat=1, category="vp", delta=typed)
        assert response.status_code == 422, typed
        assert "whole number" in error_text(response)
    assert "+1" not in client.get(f"/t/{code}/log").text


# -- 5. A phone whose seat was freed can take a seat again --------------------------------------------


def seated(host: FlaskClient, make_client: Any, code: str, seat: int) -> FlaskClient:
    phone = make_client()  # a key of its own: id(phone) was reused once a discarded phone was collected
    response = phone.post(join_link(host, code), data={"seat": str(seat), "key": f"join-{code}-{uuid.uuid4().hex}"})
    assert response.status_code == 303
    return phone


def test_a_phone_whose_seat_was_freed_can_choose_its_seat_again(client: FlaskClient, make_client: Any) -> None:
    code = new_table(client)
    aki = seated(client, make_client, code, 1)
    assert post_event(client, code, kind="seat.release", seat=1).status_code == 303
    link = join_link(client, code)
    page = aki.get(link)
    assert page.status_code == 200  # the seats to choose from, not a redirect to watching
    assert aki.post(link, data={"seat": "1", "key": "rejoin-key-1"}).status_code == 303
    assert post_event(aki, code, kind="tally.add", seat=1, category="vp", delta=2).status_code == 303


# -- 6. A double tap on "Make my profile" ----------------------------------------------------------------


def test_a_double_tap_on_make_my_profile_keeps_one_profile(client: FlaskClient, make_client: Any) -> None:
    code = new_table(client)
    ben = seated(client, make_client, code, 2)
    first = ben.post("/me", data={"name": "Ben"})
    second = ben.post("/me", data={"name": "Ben"})
    assert (first.status_code, second.status_code) == (303, 303)
    assert "Ben" in ben.get("/me").text


def test_two_profile_requests_sent_at_once_with_the_same_cookie_answer_without_a_500(
    client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client)
    ben = seated(client, make_client, code, 2)
    cookie = ben.get_cookie("session")
    assert cookie is not None
    twin = make_client()
    twin.set_cookie("session", cookie.value)
    assert ben.post("/me", data={"name": "Ben"}).status_code == 303
    assert twin.post("/me", data={"name": "Ben"}).status_code == 303  # sent before the first answer came


# -- 9. Names that a spreadsheet would run -----------------------------------------------------------


def test_csv_exports_show_formula_like_names_as_text(client: FlaskClient) -> None:
    players = (("=1+2", "#E69F00"), ("+cmd|", "#56B4E9"), ("@SUM(A1)", "#009E73"))
    code = new_table(client, players=players)
    post_event(client, code, kind="tally.add", seat=1, category="vp", delta=3)
    post_event(client, code, kind="table.end")
    for path in (f"/t/{code}/players.csv", f"/t/{code}/categories.csv", "/history/players.csv"):
        rows = list(csv.reader(io.StringIO(client.get(path).text)))
        player = rows[0].index("Player")
        names = {row[player] for row in rows[1:]}
        assert names == {"'=1+2", "'+cmd|", "'@SUM(A1)"}, path


# -- 10. The history shows a phone its own tables, not the server's --------------------------------------


def test_the_history_lists_only_the_tables_this_phone_played_or_hosted(client: FlaskClient, make_client: Any) -> None:
    code = new_table(client)
    ben = seated(client, make_client, code, 2)
    post_event(client, code, kind="table.end")
    stranger = make_client()
    for phone, expected in ((client, {code}), (ben, {code}), (stranger, set())):
        page = BeautifulSoup(phone.get("/history").text, "html.parser")
        assert {item["data-code"] for item in page.select("#plays li")} == expected
        rows = list(csv.reader(io.StringIO(phone.get("/history/players.csv").text)))
        assert {row[0] for row in rows[1:]} == expected


# -- 12. Mistyped codes never stop a phone at the same address from joining -------------------------------


def test_mistyped_codes_do_not_block_joining_from_the_same_address(database_url: str) -> None:
    app = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": database_url,
            "SECRET_KEY": "limits",
            "WTF_CSRF_ENABLED": False,
            "RATE_LIMIT_MISSES": "3 per minute",
        }
    )
    host = app.test_client()
    code = new_table(host)
    link = join_link(host, code)
    typist = app.test_client()
    answers = [typist.get(f"/t/ZZZZ{n:02d}").status_code for n in range(5)]
    assert answers[-1] == 429
    newcomer = app.test_client()
    assert newcomer.get(link).status_code == 200
    assert newcomer.post(link, data={"seat": "2", "key": "join-after-typos"}).status_code == 303


# -- Minor: a key sent again with another entry ------------------------------------------------------------


def test_the_same_key_with_another_entry_is_refused_with_409_and_the_first_stays(client: FlaskClient) -> None:
    code = new_table(client)
    first = post_event(client, code, key="same-key-123", kind="tally.add", seat=1, category="vp", delta=2)
    again = post_event(client, code, key="same-key-123", kind="tally.add", seat=1, category="vp", delta=2)
    other = post_event(client, code, key="same-key-123", kind="tally.add", seat=1, category="vp", delta=9)
    assert (first.status_code, again.status_code, other.status_code) == (303, 303, 409)
    assert "already sent" in error_text(other)
    log = client.get(f"/t/{code}/log").text
    assert "+2" in log and "+9" not in log


# -- 3. Seat management never reaches a seat's secrets ------------------------------------------------------


def test_a_host_who_frees_a_seat_cannot_take_it_and_read_its_secrets(client: FlaskClient, make_client: Any) -> None:
    code = new_table(client, game="crafting-the-cosmos")
    aki = seated(client, make_client, code, 1)
    assert post_event(client, code, kind="seat.release", seat=1).status_code == 303
    taken = client.post(f"/t/{code}/seat", data={"seat": "1", "key": "host-takes-seat-1"})
    assert taken.status_code == 422
    assert "cannot take a seat that another phone has held" in error_text(taken)
    through_link = client.post(join_link(client, code), data={"seat": "1", "key": "host-joins-seat-1"})
    assert through_link.status_code == 422
    assert aki.post(join_link(client, code), data={"seat": "1", "key": "aki-back-1"}).status_code == 303


def test_a_host_may_take_a_seat_nobody_held_and_take_their_own_back(client: FlaskClient) -> None:
    code = new_table(client)
    assert client.post(f"/t/{code}/seat", data={"seat": "1", "key": "host-plays-1"}).status_code == 303
    assert post_event(client, code, kind="seat.release", seat=1).status_code == 303
    assert client.post(f"/t/{code}/seat", data={"seat": "1", "key": "host-plays-again"}).status_code == 303


def test_another_phone_taking_over_a_freed_seat_is_written_in_the_log_for_everyone(
    client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client)
    seated(client, make_client, code, 1)
    post_event(client, code, kind="seat.release", seat=1)
    seated(client, make_client, code, 1)
    log = BeautifulSoup(client.get(f"/t/{code}/log").text, "html.parser").get_text(" ")
    assert "Aki's seat was taken over by another phone" in log
    assert log.count("Aki took their seat") == 1


# -- 11. Restoring a profile moves it, seats and all; it never copies a phone ----------------------------------


def test_restoring_a_profile_moves_its_seat_and_the_old_phone_and_link_lose_it(
    client: FlaskClient, make_client: Any
) -> None:
    code = new_table(client, game="crafting-the-cosmos")
    ben = seated(client, make_client, code, 2)
    assert ben.post("/me", data={"name": "Ben"}).status_code == 303
    link = BeautifulSoup(ben.get("/me").text, "html.parser").select_one("#restore-link")["href"]
    path = "/" + link.split("/", 3)[3]
    new_phone = make_client()
    assert new_phone.post(path).status_code == 303
    assert post_event(new_phone, code, kind="tally.add", seat=2, category="vp", delta=1).status_code in (303, 422)
    refused = post_event(ben, code, kind="seat.release", seat=2)
    assert refused.status_code == 403
    assert "You are Ben." not in ben.get(f"/t/{code}").text  # the old phone only watches
    assert "You are Ben." in new_phone.get(f"/t/{code}").text
    assert make_client().post(path).status_code == 404  # the old link stops working
    assert "Ben" not in ben.get("/me").text.split("<main", 1)[1].split("</h1>", 1)[0]
    log = BeautifulSoup(client.get(f"/t/{code}/log").text, "html.parser").get_text(" ")
    assert "Ben's seat moved to another phone (profile restored)" in log


def test_a_phone_with_its_own_profile_is_told_to_delete_it_before_restoring_another(
    client: FlaskClient, make_client: Any
) -> None:
    ben = make_client()
    ben.get("/")
    assert ben.post("/me", data={"name": "Ben"}).status_code == 303
    link = BeautifulSoup(ben.get("/me").text, "html.parser").select_one("#restore-link")["href"]
    chika = make_client()
    chika.get("/")
    assert chika.post("/me", data={"name": "Chika"}).status_code == 303
    answer = chika.post("/" + link.split("/", 3)[3])
    assert answer.status_code == 409
    assert "profile of its own" in error_text(answer)


# -- 4. An imported table cannot be played with a seed its host chose ----------------------------------------


def test_an_imported_table_draws_from_a_fresh_seed_after_its_files_entries_and_says_so(client: FlaskClient) -> None:
    rolled = {"kind": "dice.roll", "payload": {"count": 10, "sides": 20}, "author": 1}
    chosen = score_pad([{**rolled, "seq": 1}], seed="chosen-by-host")
    from companion.games.scenario import replay

    expected_first = replay(chosen)[0].rolls[0].values
    predicted_second = replay(score_pad([{**rolled, "seq": 1}, {**rolled, "seq": 2}], seed="chosen-by-host"))[0]
    response = upload(client, chosen)
    assert response.status_code == 303
    code = response.headers["Location"].rsplit("/", 1)[1]
    assert post_event(client, code, kind="dice.roll", count=10, sides=20).status_code == 303
    post_event(client, code, kind="table.end")
    exported = client.get(f"/t/{code}/scenario.json").json
    state = replay(exported)[0]
    assert state.rolls[0].values == expected_first  # the file's own entries replay with its seed
    assert state.rolls[1].values != predicted_second.rolls[1].values  # what came after did not come from it
    assert state.setup.seed != "chosen-by-host"
    for page in (f"/t/{code}", f"/t/{code}/log", f"/t/{code}/results"):
        assert BeautifulSoup(client.get(page).text, "html.parser").select_one("#imported") is not None, page
    history = BeautifulSoup(client.get("/history").text, "html.parser")
    assert history.select_one(f"#plays li[data-code='{code}'] .imported") is not None
    log = BeautifulSoup(client.get(f"/t/{code}/log").text, "html.parser").get_text(" ")
    assert "every later draw uses a fresh seed of this server" in log


def test_a_table_made_with_the_form_is_not_marked_imported(client: FlaskClient) -> None:
    code = new_table(client)
    assert BeautifulSoup(client.get(f"/t/{code}").text, "html.parser").select_one("#imported") is None


# -- Minor: the results link is not the watch link -------------------------------------------------------


def test_the_results_link_does_not_open_the_live_table(client: FlaskClient, make_client: Any) -> None:
    code = new_table(client)
    post_event(client, code, kind="table.end")
    page = BeautifulSoup(client.get(f"/t/{code}/results").text, "html.parser")
    link = next(a["href"] for a in page.select("a[href]") if "/r/" in a["href"])
    token = link.rsplit("/", 1)[1]
    stranger = make_client()
    assert stranger.get(f"/r/{token}").status_code == 200
    assert stranger.get(f"/watch/{token}").status_code == 404


# -- Found by an independent attacker's replay ------------------------------------------------------


@pytest.mark.parametrize(
    "scenario",
    [
        score_pad([], players=[{"name": "A\ud800"}]),
        score_pad([], seed="s\ud800"),
        score_pad([{"kind": "tally.add", "payload": {"seat": 1, "category": "v\ud800", "delta": 1}, "author": 1}]),
        score_pad([], players=[{"name": "\u202eAki"}]),
    ],
    ids=["name", "seed", "category", "right-to-left override"],
)
def test_unpaired_surrogates_and_direction_overrides_are_refused_with_a_message(
    client: FlaskClient, scenario: dict[str, Any]
) -> None:
    response = upload(client, scenario)
    assert response.status_code == 422
    assert error_text(response)
    assert client.get("/").status_code == 200
    assert tables_listed(client) == 0


def test_a_log_page_asked_from_unicode_digits_answers_the_first_page(client: FlaskClient) -> None:
    code = new_table(client)
    for before in ("²", "①", "١", "-1", "x"):
        assert client.get(f"/t/{code}/log", query_string={"before": before}).status_code == 200, before


def test_number_options_of_the_new_table_form_take_ascii_digits_only(client: FlaskClient) -> None:
    form = {"game": "welcome-to-the-moon", "name-1": "Aki", "colour-1": "#E69F00", "option-mode": "solo"}
    for typed in ("1_0", "١", "٣"):
        response = client.post("/new", data={**form, "option-astra-level": typed})
        assert response.status_code == 422, typed
        assert "whole number" in error_text(response)
