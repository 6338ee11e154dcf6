"""The `companion` command: scenarios replay to the same scores as the tables they came from."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from click.testing import CliRunner
from flask.testing import FlaskClient

from companion.cli import main
from tests.conftest import ROOT, new_table, post_event


def score(path: Path, *args: str) -> dict:  # type: ignore[type-arg]
    result = CliRunner().invoke(main, ["score", str(path), *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)  # type: ignore[no-any-return]


@pytest.mark.parametrize("example", sorted((ROOT / "docs/examples").glob("*.json")), ids=lambda p: p.stem)
def test_documented_examples_replay(example: Path) -> None:
    board = score(example)
    assert board["players"] and board["skipped"] == []


def test_score_prints_ranks_breakdown_and_explanations() -> None:
    board = score(ROOT / "docs/examples/space-base-extra-round.json")
    assert [(p["name"], p["rank"], p["total"]) for p in board["players"]] == [("Ben", 1, 42), ("Aki", 2, 40)]
    assert board["winners"] == [{"seat": 2, "name": "Ben"}] and board["decided"]
    assert board["players"][0]["categories"]["colonies"] == 3
    assert "Extra round 1 between Ben, Aki decided the game." in board["notes"]
    japanese = score(ROOT / "docs/examples/space-base-extra-round.json", "--lang", "ja")
    assert any("追加ラウンド" in note for note in japanese["notes"])


def test_bad_scenarios_are_refused_with_a_message(tmp_path: Path) -> None:
    for name, text in {"broken": "{", "no game": '{"game": "chess", "players": [{"name": "A"}]}'}.items():
        path = tmp_path / f"{name.replace(' ', '-')}.json"
        path.write_text(text)
        result = CliRunner().invoke(main, ["score", str(path)])
        assert result.exit_code != 0 and "Error" in result.output, name


def test_an_exported_table_replays_to_the_same_scores(
    client: FlaskClient, database_url: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    code = new_table(client, game="mission-red-planet")
    for seat, zone, count in ((1, 1, 3), (2, 1, 3), (3, 2, 2), (1, 3, 1)):
        post_event(client, code, kind="mrp.land", seat=seat, zone=zone, count=count)
    post_event(client, code, kind="dice.roll", count=2, sides=6)
    post_event(client, code, kind="mrp.bonus", seat=1, points=4)
    for round_number in range(1, 11):
        post_event(client, code, kind="mrp.end-round", round=round_number)
    page = BeautifulSoup(client.get(f"/t/{code}/results").text, "html.parser")
    page_totals = {
        li.select_one(".name").get_text(): int(li.select_one(".total").get_text()) for li in page.select(".ranking li")
    }
    monkeypatch.setenv("COMPANION_DATABASE_URL", database_url)
    monkeypatch.setenv("COMPANION_SECRET_KEY", "cli")
    exported = CliRunner().invoke(main, ["export", code])
    assert exported.exit_code == 0, exported.output
    path = tmp_path / "table.json"
    path.write_text(exported.output)
    board = score(path)
    assert board["game"] == "mission-red-planet" and board["skipped"] == []
    totals = {p["name"]: p["total"] for p in board["players"]}
    assert totals == page_totals
    assert sum(totals.values()) > 0
    assert CliRunner().invoke(main, ["export", "NOPE99"]).exit_code != 0


def test_score_uses_the_pure_core_only(tmp_path: Path) -> None:
    """`companion score` replays without the database, the live broker or the web layer."""
    import subprocess
    import sys

    example = sorted((ROOT / "docs/examples").glob("*.json"))[0]
    program = (
        "import sys\n"
        "from companion.cli import main\n"
        f"main(['score', {str(example)!r}], standalone_mode=False)\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('sqlalchemy', 'sqlmodel', 'flask', 'redis', 'psycopg', 'jinja2', 'werkzeug') "
        "or m in ('companion.services', 'companion.storage', 'companion.storage.live'))\n"
        "sys.stderr.write(repr(loaded))\n"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True)
    assert done.stderr == "[]"
    assert json.loads(done.stdout)["players"]


def test_score_names_the_winners_and_in_solo_the_verdict_against_astra(tmp_path: Path) -> None:
    solo = {
        "game": "welcome-to-the-moon",
        "players": [{"name": "Aki"}],
        "options": {"mode": "solo", "adventure": "2", "astra-level": 8},
        "seed": "x",
        "events": [],
    }
    path = tmp_path / "solo.json"
    path.write_text(json.dumps(solo))
    board = score(path)
    assert board["players"][0]["rank"] == 1
    assert board["winners"] == []
    assert board["verdict"]["automa"] == "ASTRA" and board["verdict"]["winner"] == "automa"
    assert board["verdict"]["score"] < board["verdict"]["automa_score"]
    together = tmp_path / "together.json"
    together.write_text(
        json.dumps(
            {
                "game": "score-pad",
                "players": [{"name": "Aki"}, {"name": "Ben"}],
                "seed": "x",
                "events": [{"kind": "tally.set", "payload": {"seat": 2, "category": "vp", "value": 40}}],
            }
        )
    )
    board = score(together)
    assert board["winners"] == [{"seat": 2, "name": "Ben"}] and "verdict" not in board
