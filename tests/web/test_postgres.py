"""The whole web flow on PostgreSQL (skipped where the server is not running)."""

from __future__ import annotations

import pytest

from companion.web.app import create_app
from tests.conftest import join_link, migrated_postgres_url, new_table, post_event

pytestmark = pytest.mark.postgres


@pytest.fixture
def pg_client():  # type: ignore[no-untyped-def]
    url = migrated_postgres_url()
    app = create_app({"DATABASE_URL": url, "SECRET_KEY": "pg", "WTF_CSRF_ENABLED": False, "ADVANCE_HOLD_SECONDS": 0})
    yield app.test_client, app
    app.extensions["companion.engine"].dispose()


def test_create_join_record_undo_and_score_on_postgres(pg_client) -> None:  # type: ignore[no-untyped-def]
    make_client, _app = pg_client
    host = make_client()
    code = new_table(host, game="mission-red-planet")
    phone = make_client()
    link = join_link(host, code)
    assert phone.post(link, data={"seat": "2", "key": "pg-join-key-1"}).status_code == 303
    assert post_event(phone, code, kind="mrp.land", seat=2, zone=3, count=2).status_code == 303
    assert post_event(phone, code, key="pg-same-key", kind="mrp.land", seat=2, zone=3, count=1).status_code == 303
    assert post_event(phone, code, key="pg-same-key", kind="mrp.land", seat=2, zone=3, count=1).status_code == 303
    for round_number in range(1, 6):
        assert post_event(host, code, kind="mrp.end-round", round=round_number).status_code == 303
    results = host.get(f"/t/{code}/results").text
    assert "Round 5, Zone 3: Ben 3: Ben takes 1" in results
    log = host.get(f"/t/{code}/log").text
    assert log.count("crew in Zone 3") == 2  # the repeated key was stored once
