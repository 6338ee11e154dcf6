"""The results page, the read-only results link, and the exports of a finished table."""

from __future__ import annotations

import csv
import io
import json
import urllib.parse

from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from tests.conftest import new_table, post_event


def soup(response) -> BeautifulSoup:  # type: ignore[no-untyped-def]
    return BeautifulSoup(response.text, "html.parser")


def score_pad_ended(client: FlaskClient) -> str:
    code = new_table(client)
    post_event(client, code, kind="tally.add", seat=1, category="vp", delta=7)
    post_event(client, code, kind="tally.add", seat=2, category="vp", delta=12)
    post_event(client, code, kind="tally.add", seat=3, category="vp", delta=7)
    assert post_event(client, code, kind="table.end").status_code == 303
    return code


def test_results_name_the_winner_rank_the_players_and_break_down_the_points(client: FlaskClient) -> None:
    code = score_pad_ended(client)
    page = soup(client.get(f"/t/{code}/results"))
    assert page.select_one("#winners").get_text(" ", strip=True).startswith("Winner: Ben")
    ranking = [
        (li.select_one(".rank").get_text(), li.select_one(".name").get_text()) for li in page.select(".ranking li")
    ]
    assert ranking[0] == ("1", "Ben") and sorted(ranking[1:]) == [("2", "Aki"), ("2", "Chika")]
    header = [th.get_text(strip=True) for th in page.select("#breakdown thead th")]
    assert header[0] == "Category" and header[1] == "Ben"
    row = page.select_one("#breakdown tr[data-category=vp]")
    assert [td.get_text() for td in row.select("td")] == ["12", "7", "7"]
    svg = page.select_one("svg.bar-chart")
    assert svg["role"] == "img" and svg.select_one("title").get_text()
    assert [rect["fill"] for rect in svg.select("rect")] == ["#56B4E9", "#E69F00", "#009E73"]
    assert not page.select("[style]")  # the strict CSP allows no inline style attribute


def test_the_revealed_seed_is_shown_with_its_hash_and_how_to_replay_it(client: FlaskClient, app) -> None:  # type: ignore[no-untyped-def]
    import hashlib

    code = score_pad_ended(client)
    page = soup(client.get(f"/t/{code}/results"))
    seed = page.select_one("#seed").get_text(strip=True)
    assert page.select_one("#seed-hash").get_text(strip=True) == hashlib.sha256(seed.encode()).hexdigest()
    assert f"companion score table-{code}.json" in page.get_text()


def test_the_results_link_shows_the_results_to_a_phone_that_never_joined(client: FlaskClient, make_client) -> None:  # type: ignore[no-untyped-def]
    code = score_pad_ended(client)
    link = soup(client.get(f"/t/{code}/results")).select_one("#results-link")["href"]
    stranger = make_client()
    assert stranger.get(f"/t/{code}/results").status_code == 404  # not joined: the same answer as an unknown code
    path = urllib.parse.urlsplit(link).path
    page = soup(stranger.get(path))
    assert page.select_one("#winners").get_text(" ", strip=True).startswith("Winner: Ben")
    assert not page.select(".exports")  # exports stay with the table's phones
    qr = stranger.get(path + "/qr.svg")
    assert qr.mimetype == "image/svg+xml" and b"<svg" in qr.data
    japanese = soup(stranger.get(path, headers={"Accept-Language": "ja"}))
    assert japanese.select_one("html")["lang"] == "ja"


def test_exports_wait_for_the_end_of_the_table(client: FlaskClient) -> None:
    code = new_table(client)
    assert client.get(f"/t/{code}/players.csv").status_code == 403
    assert client.get(f"/t/{code}/bgstats.bgsplay").status_code == 403


def csv_rows(client: FlaskClient, path: str) -> list[dict[str, str]]:
    """The rows of a CSV export by their English headings (after the byte order mark Excel needs)."""
    return list(csv.DictReader(io.StringIO(client.get(path).data.decode("utf-8-sig"))))


def test_the_players_csv_reads_back_field_by_field(client: FlaskClient) -> None:
    code = score_pad_ended(client)
    rows = csv_rows(client, f"/t/{code}/players.csv")
    assert [
        (r["Table"], r["Game"], r["Game key"], r["Seat"], r["Player"], r["Rank"], r["Winner"], r["Total"], r["Decided"])
        for r in rows
    ] == [
        (code, "Score pad (any other game)", "score-pad", "2", "Ben", "1", "1", "12", "1"),
        (code, "Score pad (any other game)", "score-pad", "1", "Aki", "2", "0", "7", "1"),
        (code, "Score pad (any other game)", "score-pad", "3", "Chika", "2", "0", "7", "1"),
    ]
    assert all(r["Ended at"][:4].isdigit() for r in rows)


def test_the_categories_csv_has_one_row_per_player_and_category(client: FlaskClient) -> None:
    code = score_pad_ended(client)
    rows = csv_rows(client, f"/t/{code}/categories.csv")
    assert [(r["Player"], r["Category"], r["Category key"], r["Points"]) for r in rows] == [
        ("Ben", "Victory points", "vp", "12"),
        ("Aki", "Victory points", "vp", "7"),
        ("Chika", "Victory points", "vp", "7"),
    ]


def test_the_bg_stats_file_reads_back_as_one_play(client: FlaskClient) -> None:
    code = score_pad_ended(client)
    response = client.get(f"/t/{code}/bgstats.bgsplay")
    assert response.headers["Content-Disposition"] == f'attachment; filename="table-{code}.bgsplay"'
    data = json.loads(response.data)
    assert data["about"].startswith("This is a Play file that can be read by Board Game Stats.")
    assert [(g["id"], g["name"], g["highestWins"], "bggId" in g) for g in data["games"]] == [
        (1, "Score pad (any other game)", True, False)
    ]
    players = {p["id"]: p["name"] for p in data["players"]}
    (play,) = data["plays"]
    assert play["gameRefId"] == 1 and play["locationRefId"] == data["locations"][0]["id"]
    assert len(play["playDate"]) == 19 and play["playDateYmd"] == int(play["playDate"][:10].replace("-", ""))
    assert [(players[s["playerRefId"]], s["score"], s["rank"], s["winner"]) for s in play["playerScores"]] == [
        ("Ben", "12", 1, True),
        ("Aki", "7", 2, False),
        ("Chika", "7", 2, False),
    ]


def test_send_to_bg_stats_is_the_push_link_with_the_play_and_the_bgg_id(client: FlaskClient) -> None:
    code = new_table(client, game="welcome-to-the-moon", players=(("Aki", "#E69F00"), ("Ben", "#56B4E9")))
    assert post_event(client, code, kind="table.end").status_code == 303
    link = soup(client.get(f"/t/{code}/results")).select_one("#bgstats-push")["href"]
    parts = urllib.parse.urlsplit(link)
    assert (parts.scheme, parts.netloc, parts.path) == ("https", "app.bgstatsapp.com", "/createPlay.html")
    push = json.loads(urllib.parse.parse_qs(parts.query)["data"][0])
    assert push["game"] == {
        "name": "Welcome to the Moon",
        "bggId": 339789,
        "highestWins": True,
        "noPoints": False,
        "sourceGameId": "welcome-to-the-moon",
    }
    assert push["sourcePlayId"] == code
    assert [(p["name"], p["rank"], p["score"], p["winner"]) for p in push["players"]] == [
        ("Aki", 1, 0, True),
        ("Ben", 1, 0, True),
    ]


def test_before_the_end_the_results_name_who_leads_and_after_the_games_end_ask_the_host_to_end_the_table(
    client: FlaskClient,
) -> None:
    code = new_table(client)
    post_event(client, code, kind="tally.add", seat=2, category="vp", delta=3)
    verdict = soup(client.get(f"/t/{code}/results")).select_one("#winners").get_text(" ", strip=True)
    assert verdict.startswith("Leading: Ben") and "standings so far" in verdict
    mars = new_table(client, game="mission-red-planet")
    for round_number in range(1, 11):  # nobody lands: ten rounds end, and the game with them
        assert post_event(client, mars, kind="mrp.end-round", round=round_number).status_code == 303
    verdict = soup(client.get(f"/t/{mars}/results")).select_one("#winners").get_text(" ", strip=True)
    assert verdict.startswith("Leading") and "the game is over: the host ends the table" in verdict


def test_before_the_end_nobody_is_called_the_winner_in_either_language(client: FlaskClient) -> None:
    code = new_table(client)
    post_event(client, code, kind="tally.add", seat=2, category="vp", delta=3)
    for language, leading, winner in (("en", "Leading: Ben", "winner"), ("ja", "首位：Ben", "勝者")):
        page = soup(client.get(f"/t/{code}/results", headers={"Accept-Language": language}))
        assert page.select_one("#winners").get_text(" ", strip=True).startswith(leading)
        assert not page.select(".ranking .winner")
        assert winner not in page.select_one("#winners").get_text() + page.select_one(".ranking").get_text()
    assert post_event(client, code, kind="table.end").status_code == 303
    page = soup(client.get(f"/t/{code}/results", headers={"Accept-Language": "ja"}))
    assert [tag.get_text() for tag in page.select(".ranking .winner")] == ["勝者"]  # Ben's row, once it has ended


def test_each_rule_option_on_the_results_is_one_line_with_one_colon(client: FlaskClient) -> None:
    code = new_table(client, game="welcome-to-the-moon", players=(("Aki", "#E69F00"), ("Ben", "#56B4E9")))
    page = soup(client.get(f"/t/{code}/results", headers={"Accept-Language": "ja"}))
    lines = [li.get_text() for li in page.select("#options-applied li")]
    assert lines and all(line.count("：") >= 1 and ":" not in line for line in lines)


def test_a_tie_settled_by_a_tie_breaker_names_each_value_with_its_criterion(client: FlaskClient) -> None:
    from companion.games.mechanics.ranking import TieBreaker, rank_scores

    names = {1: "Aki", 2: "Ben", 3: "Chika"}
    chain = [TieBreaker("Technology level", {1: 3, 2: 3, 3: 0}), TieBreaker("Ship level", {1: 2, 2: 1, 3: 0})]
    settled = rank_scores({1: 10, 2: 10, 3: 1}, names, chain).explanation[0].render()
    assert settled == (
        "Aki, Ben tie on 10 points and are settled by Technology level, Ship level"
        " (Technology level: Aki 3, Ben 3; Ship level: Aki 2, Ben 1)."
    )
    still = rank_scores({1: 1, 2: 1, 3: 0}, names, [TieBreaker("Technology level", {})]).explanation[0].render()
    assert still == "Aki, Ben tie on 1 point and on Technology level 0: they share rank 1."
    assert "→" not in settled + still and " / " not in settled + still


def test_a_tie_is_not_explained_by_an_extra_round_its_players_did_not_play() -> None:
    from companion.games.mechanics.ranking import TieBreaker, rank_scores

    names = {1: "Aki", 2: "Ben", 3: "Chika", 4: "Dai"}
    extra = TieBreaker("VP gained in the extra round", {1: 3, 2: 1}, among={1, 2})
    explanation = [m.render() for m in rank_scores({1: 40, 2: 40, 3: 20, 4: 20}, names, [extra]).explanation]
    assert explanation[0].startswith("Aki, Ben tie on 40 points and are settled by VP gained in the extra round")
    assert explanation[1] == "Chika, Dai tie on 20 points and share rank 3."
