"""Backups and imports: `companion backup FILE` copies the whole database while it is in use,
`companion import FILE` restores a backup (same codes, links and phones) or adds a scenario's
table under a new code."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient

from companion.cli import main
from companion.games.scenario import replay
from companion.services.screens import scoreboard
from companion.web.app import create_app
from companion.web.extensions import ENGINE_KEY, TABLES_KEY
from tests.conftest import fresh_database_url, join_link, migrated_postgres_url, new_table, post_event


def run(monkeypatch: pytest.MonkeyPatch, database_url: str, *args: str) -> Any:
    monkeypatch.setenv("COMPANION_DATABASE_URL", database_url)
    monkeypatch.setenv("COMPANION_SECRET_KEY", "backup")
    return CliRunner().invoke(main, list(args))


def make_app(url: str) -> Flask:
    return create_app(
        {
            "TESTING": True,
            "DATABASE_URL": url,
            "SECRET_KEY": "backup",
            "WTF_CSRF_ENABLED": False,
            "ADVANCE_HOLD_SECONDS": 0,
        }
    )


def results(client: FlaskClient, code: str) -> str:
    """The results page's words (without the per-page form tokens)."""
    page = client.get(f"/t/{code}/results")
    assert page.status_code == 200
    main = BeautifulSoup(page.text, "html.parser").select_one("main")
    assert main is not None
    return " ".join(main.get_text(" ").split())


def played_table(app: Flask) -> tuple[FlaskClient, FlaskClient, str]:
    """A Mission: Red Planet table with a seated phone, a few landings, an undo and a round."""
    host, phone = app.test_client(), app.test_client()
    code = new_table(host, game="mission-red-planet")
    assert phone.post(join_link(host, code), data={"seat": "2", "key": "backup-join"}).status_code == 303
    for seat, zone, count in ((1, 1, 3), (2, 1, 2), (3, 2, 2)):
        assert post_event(host, code, kind="mrp.land", seat=seat, zone=zone, count=count).status_code == 303
    log = host.get(f"/t/{code}/log").text
    assert "Undo entry" in log
    assert post_event(host, code, kind="void", target=3).status_code == 303
    assert post_event(host, code, kind="mrp.end-round", round=1).status_code == 303
    return host, phone, code


def test_a_backup_restored_into_an_empty_database_gives_back_every_table_and_phone(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, sqlite_url: str
) -> None:
    app = make_app(sqlite_url)
    host, phone, code = played_table(app)
    second = new_table(host)
    before = results(host, code)

    backup = tmp_path / "night.sqlite3"
    made = run(monkeypatch, sqlite_url, "backup", str(backup))
    assert made.exit_code == 0 and "restore with: companion import" in made.output, made.output
    assert run(monkeypatch, sqlite_url, "backup", str(backup)).exit_code == 1  # never overwritten

    (tmp_path / "new-server").mkdir()
    empty = fresh_database_url(tmp_path / "new-server")  # SQLite, or PostgreSQL in the PostgreSQL run
    restored = run(monkeypatch, empty, "import", str(backup))
    assert restored.exit_code == 0, restored.output
    assert restored.output.split(":")[1].split() == [code, second]

    new_server = make_app(empty)
    host_again, phone_again = new_server.test_client(), new_server.test_client()
    for old, new in ((host, host_again), (phone, phone_again)):
        cookie = old.get_cookie("session")
        assert cookie is not None
        new.set_cookie("session", cookie.value)  # the same phones, now talking to the new server
    assert results(host_again, code) == before
    assert "You are Ben." in phone_again.get(f"/t/{code}").text  # still holds its seat
    assert post_event(phone_again, code, kind="mrp.land", seat=2, zone=4, count=1).status_code == 303

    again = run(monkeypatch, empty, "import", str(backup))
    assert again.exit_code == 0 and "restored 0 tables" in again.output
    assert f"left alone: table {code} is already in the database" in again.output


@pytest.mark.postgres
def test_a_sqlite_backup_restores_into_postgresql(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, sqlite_url: str
) -> None:
    app = make_app(sqlite_url)
    host, _phone, code = played_table(app)
    before = results(host, code)
    backup = tmp_path / "night.sqlite3"
    assert run(monkeypatch, sqlite_url, "backup", str(backup)).exit_code == 0
    postgres = migrated_postgres_url()
    restored = run(monkeypatch, postgres, "import", str(backup))
    assert restored.exit_code == 0 and code in restored.output, restored.output
    on_postgres = make_app(postgres)
    client = on_postgres.test_client()
    cookie = host.get_cookie("session")
    assert cookie is not None
    client.set_cookie("session", cookie.value)
    assert results(client, code) == before
    on_postgres.extensions[ENGINE_KEY].dispose()


def test_backing_up_postgresql_gives_pg_dump_advice(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    result = run(monkeypatch, "postgresql+psycopg://someone:secret@db.example/companion", "backup", "x.dump")
    assert result.exit_code == 1 and "pg_dump --format=custom --file x.dump" in result.output
    assert "secret" not in result.output


def test_importing_a_scenario_recreates_the_table_under_a_new_code(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, database_url: str
) -> None:
    app = make_app(database_url)
    host, _phone, code = played_table(app)
    assert post_event(host, code, kind="table.end").status_code == 303
    scenario = host.get(f"/t/{code}/scenario.json").json
    path = tmp_path / "table.json"
    path.write_text(json.dumps(scenario))

    imported = run(monkeypatch, database_url, "import", str(path))
    assert imported.exit_code == 0, imported.output
    new_code = imported.output.split("table ")[1].split()[0]
    assert new_code != code
    table = app.extensions[TABLES_KEY].find(code=new_code)
    state = table.state
    original, _board = replay(scenario)
    assert table.scoreboard == scoreboard(original)
    assert state.voided == original.voided and state.claims == {2: "phone-1"}
    watcher = app.test_client()
    assert watcher.get(imported.output.split("watch it at ")[1].split(",")[0]).status_code == 303
    assert watcher.get(f"/t/{new_code}/results").status_code == 200


def test_a_bad_file_to_import_is_refused_in_one_line_and_stores_nothing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, database_url: str
) -> None:
    app = make_app(database_url)
    cases = {
        "chess.json": '{"game": "chess", "players": [{"name": "A"}]}',
        "same-seq.json": json.dumps(
            {
                "game": "score-pad",
                "players": [{"name": "A"}],
                "events": [{"seq": 1, "kind": "table.end"}, {"seq": 1, "kind": "table.end"}],
            }
        ),
        "fake.sqlite3": "SQLite format 3\x00 but not a database",
    }
    for name, text in cases.items():
        path = tmp_path / name
        path.write_text(text)
        result = run(monkeypatch, database_url, "import", str(path))
        assert result.exit_code == 1 and result.output.count("\n") == 1, (name, result.output)
    with app.extensions[ENGINE_KEY].connect() as connection:
        assert connection.exec_driver_sql("SELECT count(*) FROM game_table").scalar_one() == 0
