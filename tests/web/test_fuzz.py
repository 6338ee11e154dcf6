"""Property: whatever a client sends to any route or field, the answer is a 4xx at worst, with a
message, and a refused request stores nothing. Derandomised with fixed example counts, so a run
is the same every time (and quick on CI's two cores)."""

from __future__ import annotations

import io
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.config import RATE_LIMIT_KEYS
from companion.games.registry import GAMES
from companion.games.scenario import MAX_DEPTH, MAX_SCENARIO_BYTES, parse_scenario
from companion.games.space_base import catalogue
from companion.games.space_base import rules as space_base
from companion.games.space_base.cards import ABILITY_KINDS, REWARD_KINDS
from companion.games.space_base.state import SLUG
from companion.games.table_moves import moves
from companion.storage import cards
from companion.web.app import create_app
from companion.web.extensions import ENGINE_KEY, TABLES_KEY
from tests.conftest import fresh_database_url, join_link, new_table

# 60 examples per property keep CI within its time on two cores; COMPANION_FUZZ_EXAMPLES=2000 (say)
# runs a deeper search by hand.
FUZZ = settings(
    max_examples=int(os.environ.get("COMPANION_FUZZ_EXAMPLES", "60")),
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

# Values that broke things before or are known troublemakers: Unicode digits that isdigit()
# accepts and int() refuses (or accepts), signs, huge numbers, control characters, markup.
NASTY = [
    "²",
    "¹²",
    "١٢",
    "１",
    "߁",
    "-1",
    "+1",
    " 7 ",
    "0x10",
    "1e3",
    "9" * 30,
    "9" * 5000,
    "\x00",
    "\t/evil.example",
    "<script>alert(1)</script>",
    "{{ 7*7 }}",
    "%s%n",
    "ü" * 200,
    "",
]
values = st.one_of(st.sampled_from(NASTY), st.text(max_size=40), st.integers(-(10**12), 10**12).map(str))


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    url = fresh_database_url(tmp_path_factory.mktemp("fuzz"))
    config = {"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "fuzz", "WTF_CSRF_ENABLED": False}
    # Thousands of requests from one address: lift the rate limits so every route is reached.
    limits = {key: "100000 per minute" for key in RATE_LIMIT_KEYS}
    app = create_app({**config, **limits})
    yield app
    app.extensions[ENGINE_KEY].dispose()


@pytest.fixture(scope="module")
def host(fuzz_app: Flask) -> FlaskClient:
    return fuzz_app.test_client()


@pytest.fixture(scope="module")
def tables(host: FlaskClient) -> dict[str, str]:
    """One table per game, hosted by ``host``."""
    return {slug: new_table(host, game=slug) for slug in sorted(GAMES)}


def last_state(app: Flask, code: str) -> Any:
    return app.extensions[TABLES_KEY].find(code=code).state


def last_seq(app: Flask, code: str) -> int:
    return int(last_state(app, code).last_seq)


def table_count(app: Flask) -> int:
    with app.extensions[ENGINE_KEY].connect() as connection:
        return int(connection.exec_driver_sql("SELECT count(*) FROM game_table").scalar_one())


def assert_refused_with_a_message(response: Any, what: object) -> None:
    """A 4xx carries a translated sentence in the message element, never a bare status."""
    assert response.status_code < 500, (what, response.status_code)
    if response.status_code >= 400:
        message = BeautifulSoup(response.text, "html.parser").select_one(".error")
        assert message is not None and message.get_text(strip=True), (what, response.text[:200])


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_any_entry_of_any_game_with_any_field_values_is_refused_cleanly_and_stores_nothing(
    fuzz_app: Flask, host: FlaskClient, tables: dict[str, str], slug: str
) -> None:
    code = tables[slug]
    table_moves = [m for m in moves(GAMES[slug]).values() if m.kind != "table.end"]
    field_names = sorted({spec.name for m in table_moves for spec in m.payload_fields} | {"seat", "key", "next"})
    counter = iter(range(10**9))

    @FUZZ
    @given(
        kind=st.one_of(st.sampled_from([m.kind for m in table_moves]), st.sampled_from(NASTY)),
        fields=st.dictionaries(st.sampled_from(field_names), values, max_size=len(field_names)),
        htmx=st.booleans(),
    )
    def check(kind: str, fields: dict[str, str], htmx: bool) -> None:
        before = last_seq(fuzz_app, code)
        data = {"key": f"fuzz-{slug}-{next(counter):09d}", **fields, "kind": kind}
        response = host.post(f"/t/{code}/events", data=data, headers={"HX-Request": "true"} if htmx else {})
        assert_refused_with_a_message(response, data)
        if response.status_code >= 400:
            assert last_seq(fuzz_app, code) == before, data
        else:
            location = response.headers.get("Location", "")
            assert not location or location.startswith("/"), location

    check()


@FUZZ
@given(raw=values)
def test_sequence_numbers_in_queries_and_headers_never_break_a_page(
    host: FlaskClient, tables: dict[str, str], raw: str
) -> None:
    code = tables["score-pad"]
    poll = host.get(f"/t/{code}", query_string={"since": raw}, headers={"HX-Request": "true"})
    assert poll.status_code in (200, 204), raw
    # A header travels as Latin-1 without line breaks; anything else cannot reach the app.
    header = re.sub(r"[\x00-\x1f]", "", raw.encode("latin-1", "replace").decode("latin-1"))
    for stream in (
        host.get(f"/t/{code}/stream", query_string={"after": raw}, buffered=False),
        host.get(f"/t/{code}/stream", headers={"Last-Event-ID": header}, buffered=False),
    ):
        assert stream.status_code == 200 and stream.mimetype == "text/event-stream", raw
        assert next(stream.response) == b"retry: 2000\n\n"
        stream.close()


@FUZZ
@given(seat=values, key=values)
def test_joining_with_any_seat_and_key_is_refused_cleanly_and_stores_nothing(
    fuzz_app: Flask, host: FlaskClient, tables: dict[str, str], seat: str, key: str
) -> None:
    code = tables["score-pad"]
    link = join_link(host, code)
    before = last_seq(fuzz_app, code)
    phone = fuzz_app.test_client()
    response = phone.post(link, data={"seat": seat, "key": key})
    assert_refused_with_a_message(response, (seat, key))
    if response.status_code >= 400:
        assert last_seq(fuzz_app, code) == before
    else:  # a well-formed seat and key: the phone now holds that seat
        assert re.fullmatch(r"[1-3]", seat) and response.headers["Location"] == f"/t/{code}"


@FUZZ
@given(
    game=st.one_of(st.sampled_from(sorted(GAMES)), values),
    fields=st.dictionaries(
        st.one_of(st.sampled_from(["name-1", "colour-1", "name-2", "colour-2", "option-edition"]), st.text(max_size=9)),
        values,
        max_size=6,
    ),
)
def test_creating_a_table_from_any_form_is_refused_cleanly_or_creates_one_table(
    fuzz_app: Flask, game: str, fields: dict[str, str]
) -> None:
    before = table_count(fuzz_app)
    response = fuzz_app.test_client().post("/new", data={**fields, "game": game})
    assert_refused_with_a_message(response, (game, fields))
    assert table_count(fuzz_app) == before + (1 if response.status_code == 303 else 0)
    assert fuzz_app.test_client().get("/new", query_string={"game": game}).status_code < 500


@FUZZ
@given(target=st.one_of(values, st.sampled_from(["/\t/evil.example", "/\\evil.example", "//evil", "/%09/evil"])))
def test_every_next_field_stays_on_this_site(host: FlaskClient, tables: dict[str, str], target: str) -> None:
    code = tables["score-pad"]
    for path, form in (
        ("/theme", {"theme": "dark"}),
        ("/language", {"lang": "en"}),
        (f"/t/{code}/events", {"kind": "tally.add", "seat": "1", "category": "vp", "delta": "0"}),
    ):
        response = host.post(path, data={**form, "next": target, "key": f"next-{abs(hash(target)):012d}"})
        assert response.status_code in (303, 422), (path, target)
        if response.status_code == 303:
            location = response.headers["Location"]
            assert location.startswith("/") and not location.startswith("//"), (path, target)
            assert not any(c in location for c in "\\\t\n\r "), (path, target)


@FUZZ
@given(code=values, token=values)
def test_any_code_or_link_is_a_clean_refusal(host: FlaskClient, code: str, token: str) -> None:
    for url in (f"/t/{code}", f"/t/{code}/log", f"/t/{code}/results", f"/join/{token}", f"/watch/{token}"):
        response = host.get(url.replace("?", "%3F").replace("#", "%23"))
        assert_refused_with_a_message(response, url)


def test_huge_and_nested_bodies_are_refused_before_anything_is_stored(
    fuzz_app: Flask, host: FlaskClient, tables: dict[str, str]
) -> None:
    code = tables["score-pad"]
    before = last_seq(fuzz_app, code)
    huge = host.post(f"/t/{code}/events", data={"kind": "tally.add", "key": "huge-body-1", "note": "x" * 100_000})
    assert huge.status_code == 413 and "too large" in huge.text
    nested = "[" * 5000 + "]" * 5000
    for body, content_type in ((nested, "application/json"), (json.dumps({"kind": {"a": [1]}}), "application/json")):
        response = host.post(f"/t/{code}/events", data=body, content_type=content_type)
        assert response.status_code == 422 and "Unknown kind of entry" in response.text
    many = "&".join(f"f{i}=1" for i in range(3000))
    response = host.post(f"/t/{code}/events", data=many, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 413 and "too large" in response.text
    assert last_seq(fuzz_app, code) == before


def deep(levels: int) -> Any:
    value: Any = 1
    for _ in range(levels):
        value = {"a": value}
    return value


scenario_parts = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=8)),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=12,
)


@FUZZ
@given(
    game=st.one_of(st.sampled_from(sorted(GAMES)), scenario_parts),
    players=st.one_of(scenario_parts, st.lists(st.fixed_dictionaries({"name": st.text(max_size=8)}), max_size=3)),
    events=st.one_of(
        scenario_parts,
        st.lists(
            st.fixed_dictionaries(
                {"kind": st.one_of(st.sampled_from(["tally.add", "void", "dice.roll"]), scenario_parts)},
                optional={"payload": scenario_parts, "seq": scenario_parts, "author": scenario_parts},
            ),
            max_size=4,
        ),
    ),
    options=scenario_parts,
)
def test_companion_score_answers_any_file_with_a_scoreboard_or_a_one_line_error(
    tmp_path_factory: pytest.TempPathFactory, game: Any, players: Any, events: Any, options: Any
) -> None:
    path = tmp_path_factory.mktemp("score") / "scenario.json"
    path.write_text(json.dumps({"game": game, "players": players, "events": events, "options": options}))
    result = CliRunner().invoke(main, ["score", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    if result.exit_code != 0:
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    else:
        assert "players" in json.loads(result.output)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("[" * 100_000 + "]" * 100_000, f"nests at most {MAX_DEPTH} levels"),
        (json.dumps({"game": "score-pad", "players": [{"name": "A"}], "events": [deep(MAX_DEPTH)]}), "nests at most"),
        (" " * (MAX_SCENARIO_BYTES + 1), "at most 4 MB"),
        ('{"game": "score-pad", "players": "Aki, Ben"}', "“players” in a scenario is a list of objects"),
        ('{"game": "score-pad", "players": [{"name": "A"}], "events": "x"}', "“events” in a scenario is a list"),
        ('{"game": "score-pad", "players": [{"name": "A", "seat": "²"}]}', "“seat” in a scenario is a whole number"),
        ('{"game": "score-pad", "players": [{"name": "A"}], "events": [{"kind": 1}]}', "Every event in a scenario"),
        ("\udcff", "not UTF-8 text"),
        ("{", "This is not a JSON file"),
    ],
    ids=["deep", "deep-event", "huge", "players-text", "events-text", "seat", "kind", "not-utf8", "broken"],
)
def test_companion_score_refuses_a_bad_file_in_one_line(tmp_path: Path, text: str, reason: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    result = CliRunner().invoke(main, ["score", str(path)])
    assert result.exit_code == 1 and result.output.count("\n") == 1, result.output
    assert result.output.startswith("Error: ") and reason in result.output, result.output


def test_the_scenario_limits_hold_for_callers_other_than_the_command_line() -> None:
    with pytest.raises(Exception, match="at most 4 MB"):
        parse_scenario(b" " * (MAX_SCENARIO_BYTES + 1))
    assert parse_scenario(json.dumps({"events": [deep(MAX_DEPTH - 2)]})) == {"events": [deep(MAX_DEPTH - 2)]}


# -- Imports and every form's field lengths: what an attacker crafts ------------------------------

long_texts = st.one_of(
    st.sampled_from(NASTY),
    st.text(max_size=80),
    st.text(alphabet=st.characters(codec="utf-8"), min_size=20, max_size=300),
    st.sampled_from(["A\x00B", "x" * 41, "x" * 65, "#" + "0" * 20, "=1+2", "\ufeffname"]),
)
whole_numbers = st.one_of(
    st.integers(-(2**70), 2**70), st.sampled_from([0, 1, 2**31, 2**40, 10**20, -1]), st.booleans()
)
crafted_event = st.fixed_dictionaries(
    {"kind": st.one_of(st.sampled_from(["tally.add", "dice.roll", "void", "seat.claim", "table.end"]), long_texts)},
    optional={
        "seq": whole_numbers,
        "author": st.one_of(st.none(), whole_numbers),
        "by_host": st.booleans(),
        "payload": st.dictionaries(
            st.sampled_from(["seat", "category", "delta", "count", "sides", "values", "target", "device", "value"]),
            st.one_of(whole_numbers, long_texts, st.lists(whole_numbers, max_size=3), scenario_parts),
            max_size=4,
        ),
    },
)
crafted_scenario = st.fixed_dictionaries(
    {
        "version": st.just(1),
        "game": st.one_of(st.sampled_from(sorted(GAMES)), long_texts),
        "players": st.lists(
            st.fixed_dictionaries(
                {"name": long_texts},
                optional={"seat": whole_numbers, "colour": st.one_of(long_texts, st.just("#E69F00"))},
            ),
            min_size=1,
            max_size=3,
        ),
        "events": st.lists(crafted_event, max_size=5),
    },
    optional={"seed": st.one_of(long_texts, whole_numbers), "options": scenario_parts},
)


printable = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cc", "Cs"]), min_size=1, max_size=24)
# Files that pass every check but carry the longest, widest values the checks let through: the
# pages, results and exports of the table they make must answer like any other.
accepted_scenario = st.fixed_dictionaries(
    {
        "version": st.just(1),
        "game": st.just("score-pad"),
        "players": st.lists(
            st.fixed_dictionaries({"name": printable.filter(str.strip)}),
            min_size=1,
            max_size=3,
            unique_by=lambda p: p["name"].strip().casefold(),
        ),
        "seed": st.text(alphabet=st.characters(codec="ascii", min_codepoint=33, max_codepoint=126), max_size=64),
        "events": st.lists(
            st.fixed_dictionaries(
                {
                    "kind": st.just("tally.add"),
                    "author": st.just(1),
                    "payload": st.fixed_dictionaries(
                        {
                            "seat": st.just(1),
                            "category": st.sampled_from(["vp", "=1+2", "x" * 30]),
                            "delta": st.integers(-999, 999),
                        }
                    ),
                }
            ),
            max_size=4,
        ),
    }
)


def assert_a_table_answers_every_page_without_a_5xx(phone: FlaskClient, code: str) -> None:
    """Once created, a table's board, log, results and exports answer, ended or not."""
    phone.post(f"/t/{code}/events", data={"kind": "table.end", "key": f"end-{code}"})
    for path in ("", "/log", "/results", "/players.csv", "/categories.csv", "/bgstats.bgsplay", "/scenario.json"):
        assert phone.get(f"/t/{code}{path}").status_code < 500, (code, path)
    assert phone.get("/history").status_code == 200


@FUZZ
@given(scenario=st.one_of(crafted_scenario, accepted_scenario), wrap=st.sampled_from(["plain", "bom", "deep"]))
def test_importing_any_crafted_file_is_refused_cleanly_or_makes_one_table_that_answers_everywhere(
    fuzz_app: Flask, scenario: dict[str, Any], wrap: str
) -> None:
    body = json.dumps(scenario).encode()
    if wrap == "bom":
        body = b"\xef\xbb\xbf" + body
    elif wrap == "deep":
        body = body[:-1] + b', "x": ' + b"[" * 2000 + b"]" * 2000 + b"}"
    phone = fuzz_app.test_client()
    before = table_count(fuzz_app)
    response = phone.post("/import", data={"scenario": (io.BytesIO(body), "crafted.json")})
    assert_refused_with_a_message(response, scenario)
    assert table_count(fuzz_app) == before + (1 if response.status_code == 303 else 0)
    if response.status_code == 303:
        assert_a_table_answers_every_page_without_a_5xx(phone, response.headers["Location"].rsplit("/", 1)[1])


tally_entry = {"kind": "tally.add", "author": 1, "payload": {"seat": 1, "category": "vp", "delta": 1}}
# Files whose entries are tallies and undos aimed anywhere: backward, forward, at themselves, at gaps.
undoing_scenario = st.lists(
    st.one_of(
        st.just(tally_entry),
        st.builds(lambda target: {"kind": "void", "author": 1, "payload": {"target": target}}, st.integers(1, 12)),
    ),
    min_size=1,
    max_size=8,
).flatmap(
    lambda events: st.lists(st.integers(1, 12), min_size=len(events), max_size=len(events), unique=True).map(
        lambda seqs: {
            "version": 1,
            "game": "score-pad",
            "players": [{"name": "Aki"}, {"name": "Bo"}],
            "seed": "file",
            "events": [{**event, "seq": seq} for event, seq in zip(events, seqs, strict=True)],
        }
    )
)


@FUZZ
@given(scenario=undoing_scenario)
def test_no_imported_undo_ever_reaches_an_entry_recorded_after_the_import(
    fuzz_app: Flask, scenario: dict[str, Any]
) -> None:
    phone = fuzz_app.test_client()
    response = phone.post("/import", data={"scenario": (io.BytesIO(json.dumps(scenario).encode()), "undos.json")})
    assert_refused_with_a_message(response, scenario)
    if response.status_code != 303:
        return
    file_seqs = {event["seq"] for event in scenario["events"]}
    for event in scenario["events"]:
        if event["kind"] == "void":  # accepted: every undo undoes an earlier entry of the file
            assert event["payload"]["target"] in file_seqs and event["payload"]["target"] < event["seq"]
    code = response.headers["Location"].rsplit("/", 1)[1]
    for seat in (1, 2):
        player = fuzz_app.test_client()
        player.post(join_link(phone, code), data={"seat": str(seat), "key": f"join-{code}-{seat}"})
        player.post(f"/t/{code}/events", data={"kind": "tally.add", "seat": seat, "category": "vp", "delta": 1})
    state = last_state(fuzz_app, code)
    assert not {seq for seq in state.voided if seq > max(file_seqs)}, scenario
    assert len(state.claims) == 2


crafted_card = st.dictionaries(
    st.one_of(st.sampled_from(space_base.CARD_FIELDS), long_texts),
    st.one_of(whole_numbers, long_texts, scenario_parts),
    max_size=5,
)
# Cards that pass every check, with the widest values the checks let through.
accepted_card = st.fixed_dictionaries(
    {"sector": st.integers(1, 12), "cost": st.integers(0, 20)},
    optional={
        "name": printable.filter(str.strip),
        "blue_kind": st.sampled_from(REWARD_KINDS),
        "blue_amount": st.integers(0, 20),
        "red_text": printable.filter(str.strip),
        "slots": st.integers(0, 6),
        "ability": st.sampled_from(ABILITY_KINDS),
    },
)
crafted_catalogue = st.fixed_dictionaries(
    {
        "format": st.one_of(st.just(catalogue.FORMAT), long_texts),
        "version": st.one_of(st.just(catalogue.VERSION), whole_numbers),
        "game": st.one_of(st.just(SLUG), long_texts),
        "cards": st.one_of(st.lists(st.one_of(crafted_card, accepted_card), max_size=4), scenario_parts),
    },
    optional={"table": scenario_parts},
)
accepted_catalogue = st.fixed_dictionaries(
    {
        "format": st.just(catalogue.FORMAT),
        "version": st.just(catalogue.VERSION),
        "game": st.just(SLUG),
        "cards": st.lists(accepted_card, max_size=4),
    }
)


@FUZZ
@given(document=st.one_of(crafted_catalogue, accepted_catalogue))
def test_importing_any_crafted_card_catalogue_is_refused_cleanly_or_keeps_cards_every_table_offers(
    fuzz_app: Flask, host: FlaskClient, tables: dict[str, str], document: dict[str, Any]
) -> None:
    engine = fuzz_app.extensions[ENGINE_KEY]
    before = cards.stored_cards(engine, game=SLUG)
    phone = fuzz_app.test_client()
    body = json.dumps(document).encode()
    response = phone.post(f"/cards/{SLUG}", data={"catalogue": (io.BytesIO(body), "cards.json")})
    assert_refused_with_a_message(response, document)
    after = cards.stored_cards(engine, game=SLUG)
    if response.status_code >= 400:
        assert after == before, document
        return
    assert response.status_code == 303 and after[: len(before)] == before, document
    assert all(catalogue.card_facts(facts) == facts for _kind, facts in after)
    assert host.get(f"/t/{tables[SLUG]}").status_code == 200  # the board offers them all
    assert phone.get(f"/cards/{SLUG}/catalogue.json").status_code == 200


@FUZZ
@given(names=st.lists(long_texts, min_size=1, max_size=3), profile=long_texts)
def test_any_names_in_the_new_table_form_and_the_profile_form_are_refused_cleanly_or_answer_everywhere(
    fuzz_app: Flask, names: list[str], profile: str
) -> None:
    phone = fuzz_app.test_client()
    form = {"game": "score-pad"}
    for seat, (name, colour) in enumerate(zip(names, ("#E69F00", "#56B4E9", "#009E73"), strict=False), start=1):
        form.update({f"name-{seat}": name, f"colour-{seat}": colour})
    before = table_count(fuzz_app)
    response = phone.post("/new", data=form)
    assert_refused_with_a_message(response, names)
    assert table_count(fuzz_app) == before + (1 if response.status_code == 303 else 0)
    if response.status_code == 303:
        code = response.headers["Location"].rsplit("/", 1)[1]
        phone.post(f"/t/{code}/seat", data={"seat": "1", "key": f"seat-{code}"})
        assert_refused_with_a_message(phone.post("/me", data={"name": profile}), profile)
        assert_a_table_answers_every_page_without_a_5xx(phone, code)
        assert phone.get("/me").status_code == 200


@FUZZ
@given(data=st.data())
def test_every_route_of_the_app_answers_any_request_without_a_5xx(
    fuzz_app: Flask, host: FlaskClient, tables: dict[str, str], data: st.DataObject
) -> None:
    rules = sorted((rule for rule in fuzz_app.url_map.iter_rules() if rule.endpoint != "static"), key=lambda r: r.rule)
    rule = data.draw(st.sampled_from(rules))
    method = data.draw(st.sampled_from(sorted(rule.methods - {"HEAD", "OPTIONS"})))
    known = st.sampled_from(sorted(tables.values()))
    path = rule.rule
    for argument in sorted(rule.arguments):
        value = data.draw(st.one_of(known, values) if argument == "code" else values)
        path = path.replace(f"<{argument}>", value.replace("/", "%2F").replace("?", "%3F").replace("#", "%23") or "x")
    form = data.draw(st.dictionaries(st.sampled_from(["kind", "seat", "key", "name", "next", "game", "lang"]), values))
    phone = data.draw(st.sampled_from([host, fuzz_app.test_client()]))
    response = phone.open(path, method=method, data=form if method == "POST" else None, buffered=False)
    try:
        assert response.status_code < 500, (method, path, form)
    finally:
        response.close()
