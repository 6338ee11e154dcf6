"""Nobody rewrites or peeks at the record (issue 39): each attack as it was reported, closed.

An imported file cannot reach what the table records after it; a seen secret is never dealt to
anyone else; the server's remembered cards learn only what a table has revealed; a host recovery
link is logged, revocable and expires; one watcher cannot take every live stream of a table.
"""

from __future__ import annotations

import io
import json
from typing import Any

from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from companion.games.contract import Event, Player, Setup
from companion.games.registry import get_game
from companion.games.table import fold
from tests.conftest import post_event


def upload(client: FlaskClient, scenario: Any) -> Any:
    return client.post("/import", data={"scenario": (io.BytesIO(json.dumps(scenario).encode()), "table.json")})


def score_pad(events: list[dict[str, Any]]) -> dict[str, Any]:
    players = [{"name": "Aki"}, {"name": "Bo"}]
    return {"version": 1, "game": "score-pad", "players": players, "seed": "file-seed", "events": events}


def error_text(response: Any) -> str:
    element = BeautifulSoup(response.text, "html.parser").select_one(".error")
    assert element is not None, response.text[:300]
    return element.get_text(" ", strip=True)


def tables_listed(client: FlaskClient) -> int:
    return len(BeautifulSoup(client.get("/").text, "html.parser").select("a[href^='/t/']"))


TALLY = {"kind": "tally.add", "payload": {"seat": 1, "category": "vp", "delta": 2}, "author": None}


# -- 1. An imported file is a closed history ------------------------------------------------------


def test_an_imported_undo_aimed_at_a_later_entry_refuses_the_file(client: FlaskClient) -> None:
    events = [{**TALLY, "seq": 1}, *({"seq": n, "kind": "void", "payload": {"target": n + 5}} for n in (2, 3))]
    response = upload(client, score_pad(events))
    assert response.status_code == 422
    assert "Event #2 undoes entry #7, which is not an earlier entry of the file" in error_text(response)
    assert tables_listed(client) == 0


def test_an_imported_undo_aimed_at_a_number_the_file_skips_refuses_the_file(client: FlaskClient) -> None:
    events = [{**TALLY, "seq": 1}, {**TALLY, "seq": 5}, {"seq": 6, "kind": "void", "payload": {"target": 3}}]
    response = upload(client, score_pad(events))
    assert response.status_code == 422
    assert "Event #6 undoes entry #3" in error_text(response)


def test_an_imported_undo_of_an_earlier_entry_of_the_file_imports_and_replays(client: FlaskClient) -> None:
    events = [{**TALLY, "seq": 1}, {**TALLY, "seq": 2}, {"seq": 3, "kind": "void", "payload": {"target": 1}}]
    response = upload(client, score_pad(events))
    assert response.status_code == 303
    code = response.headers["Location"].rsplit("/", 1)[1]
    assert post_event(client, code, kind="tally.add", seat=1, category="vp", delta=3).status_code == 303
    log = BeautifulSoup(client.get(f"/t/{code}/log").text, "html.parser").get_text(" ")
    assert log.count("+3") == 1 and "Undid entry #1" in log


def test_an_undo_stored_before_the_fix_that_aims_forward_voids_nothing_recorded_later() -> None:
    """Tables imported before imports were checked may hold such undos: the fold leaves them out."""
    game = get_game("score-pad")
    setup = Setup("score-pad", (Player(1, "Aki", "#E69F00"), Player(2, "Bo", "#56B4E9")), {}, "s")
    forged = [Event(1, "void", {"target": 3}, None, by_host=True), Event(2, "void", {"target": 4}, None, by_host=True)]
    later = [
        Event(3, "tally.add", {"seat": 1, "category": "vp", "delta": 2}, 1),
        Event(4, "tally.add", {"seat": 2, "category": "vp", "delta": 3}, 2),
    ]
    state = fold(game, setup, [*forged, *later])
    assert state.voided == frozenset()
    assert (state.tally.count(1, "vp"), state.tally.count(2, "vp")) == (2, 3)
    assert set(state.skipped) == {1, 2}
    assert "earlier entry" in state.skipped[1].render(lambda text: text)
