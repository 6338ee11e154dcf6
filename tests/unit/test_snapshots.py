"""Snapshots of the fold: appends share the ledger; undo and a cold start fold from the newest snapshot that fits."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine

from companion import services
from companion.db import make_engine
from companion.games.contract import Event, Player, Setup, resolve_options
from companion.games.history import Events
from companion.games.mission_red_planet import GAME as MRP
from companion.games.mission_red_planet import rules as mrp
from companion.games.registry import GAMES, get_game
from companion.games.scenario import replay
from companion.games.table import SNAPSHOT_EVERY, TABLE_OPTIONS, Snapshot, TableState, extend, fold
from companion.ledger import snapshots, store
from companion.migrate import upgrade

ROOT = Path(__file__).resolve().parent.parent.parent
PLAYERS = [services.PlayerEntry(n, c) for n, c in (("Aki", "#E69F00"), ("Ben", "#56B4E9"))]


def mrp_setup() -> Setup:
    players = tuple(Player(seat, f"P{seat}", "#000000") for seat in range(1, 4))
    return Setup(mrp.SLUG, players, resolve_options((*TABLE_OPTIONS, *MRP.options), {}), "snap")


def mrp_ledger(count: int) -> list[Event]:
    """Crew landing, moving and leaving, a round ending now and then: every entry counts."""
    events = []
    for seq in range(1, count + 1):
        seat, zone, step = 1 + seq % 3, 1 + (seq // 15) % 10, (seq // 3) % 3
        if seq % 200 == 0:
            events.append(Event(seq, mrp.END_ROUND, {}, by_host=True))
        elif step == 0:
            events.append(Event(seq, mrp.LAND, {"seat": seat, "zone": zone, "count": 1}, by_host=True))
        elif step == 1:
            payload = {"seat": seat, "from_zone": zone, "to_zone": 1 + zone % 10, "count": 1}
            events.append(Event(seq, mrp.MOVE, payload, by_host=True))
        else:
            events.append(Event(seq, mrp.REMOVE, {"seat": seat, "zone": 1 + zone % 10, "count": 1}, by_host=True))
    return events


def void(seq: int, target: int) -> Event:
    return Event(seq, "void", {"target": target}, by_host=True)


def same(a: TableState, b: TableState) -> None:
    assert a.game == b.game
    assert a.tally == b.tally
    assert a.voided == b.voided
    assert dict(a.skipped) == dict(b.skipped)
    assert a.last_seq == b.last_seq and list(a.events) == list(b.events)


# -- The ledger sequence ------------------------------------------------------------------------


def test_appending_shares_the_ledger_and_a_stale_state_branches_off() -> None:
    first = Events([Event(1, "a", {})])
    second = first.appended((Event(2, "b", {}),))
    third = second.appended((Event(3, "c", {}),))
    assert [e.seq for e in third] == [1, 2, 3] and len(second) == 2 and len(first) == 1
    assert third._shared is first._shared  # no copy
    other = second.appended((Event(3, "x", {}),))  # second was already extended by third
    assert [e.kind for e in other] == ["a", "b", "x"] and [e.kind for e in third] == ["a", "b", "c"]
    assert other._shared is not first._shared


def test_a_stale_state_catching_up_with_the_entries_stored_meanwhile_shares_them() -> None:
    first = Events([Event(1, "a", {})])
    second = first.appended((Event(2, "b", {"n": 1}),))
    caught_up = first.appended((Event(2, "b", {"n": 1}),))  # the same entry, read back from the store
    assert caught_up._shared is first._shared and list(caught_up) == list(second)
    third = caught_up.appended((Event(3, "c", {}),))
    assert third._shared is first._shared and [e.kind for e in third] == ["a", "b", "c"]


def test_an_older_part_is_loaded_in_chunks_only_when_asked_for() -> None:
    asked: list[tuple[int, int]] = []

    def loader(after: int, up_to: int) -> list[Event]:
        asked.append((after, up_to))
        return [Event(seq, "a", {}) for seq in range(after + 1, up_to + 1)]

    events = Events.after_prefix(1000, loader).appended((Event(1001, "b", {}),))
    assert events[-1].kind == "b" and asked == []
    assert events[599].seq == 600 and events[300].seq == 301
    assert asked == [(512, 768), (256, 512)]


def test_the_last_entry_number_is_that_of_the_ledgers_own_last_entry() -> None:
    assert Events().last_seq == 0
    first = Events([Event(1, "a", {})])
    second = first.appended((Event(2, "b", {}),))
    assert first.last_seq == 1 and second.last_seq == 2  # the shared list is longer than the first's view
    assert second.prefix(1).last_seq == 1 and second.prefix(0).last_seq == 0
    asked: list[tuple[int, int]] = []

    def loader(after: int, up_to: int) -> list[Event]:
        asked.append((after, up_to))
        return [Event(seq, "a", {}) for seq in range(after + 1, up_to + 1)]

    lazy = Events.after_prefix(300, loader)
    assert lazy.appended((Event(301, "b", {}),)).last_seq == 301 and asked == []
    assert lazy.last_seq == 300 and asked == [(256, 300)]  # nothing held yet: read from the store


def test_a_gap_in_a_lazily_loaded_part_is_an_error_not_a_wrong_entry() -> None:
    events = Events.after_prefix(10, lambda after, up_to: [Event(s, "a", {}) for s in range(after + 2, up_to + 1)])
    with pytest.raises(LookupError):
        events[0]


# -- Folding from snapshots ----------------------------------------------------------------------


def test_undo_folds_from_the_newest_snapshot_before_what_it_undoes_and_agrees_with_a_full_fold() -> None:
    setup, ledger = mrp_setup(), mrp_ledger(3 * SNAPSHOT_EVERY + 40)
    taken: list[TableState] = []
    state = fold(MRP, setup, ledger, on_snapshot=taken.append)
    assert [s.last_seq for s in taken] == [SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY, 3 * SNAPSHOT_EVERY]
    loaded: list[int] = []

    def snapshot(s: TableState) -> Snapshot:
        return Snapshot(s.last_seq, s.voided, lambda: loaded.append(s.last_seq) or s)  # type: ignore[func-returns-value]

    held = [snapshot(s) for s in taken]
    target = 2 * SNAPSHOT_EVERY + 7
    undone = extend(MRP, state, (void(len(ledger) + 1, target),), snapshots=held)
    assert loaded == [2 * SNAPSHOT_EVERY]
    same(undone, fold(MRP, setup, [*ledger, void(len(ledger) + 1, target)]))
    # Redo (undo the undo): the newest snapshot fits again.
    loaded.clear()
    redone = extend(MRP, undone, (void(len(ledger) + 2, len(ledger) + 1),), snapshots=held)
    assert loaded == [3 * SNAPSHOT_EVERY]
    same(redone, fold(MRP, setup, [*ledger, void(len(ledger) + 1, target), void(len(ledger) + 2, len(ledger) + 1)]))


def test_a_snapshot_that_cannot_be_loaded_is_passed_over() -> None:
    setup, ledger = mrp_setup(), mrp_ledger(SNAPSHOT_EVERY + 10)
    state = fold(MRP, setup, ledger)

    def gone() -> TableState:
        raise LookupError("gone")

    undone = extend(
        MRP, state, (void(len(ledger) + 1, len(ledger)),), snapshots=[Snapshot(SNAPSHOT_EVERY, frozenset(), gone)]
    )
    same(undone, fold(MRP, setup, [*ledger, void(len(ledger) + 1, len(ledger))]))


# -- Stored snapshots -----------------------------------------------------------------------------


@pytest.mark.parametrize("example", sorted((ROOT / "docs/examples").glob("*.json")), ids=lambda p: p.stem)
def test_every_games_state_is_stored_and_read_back_exactly(example: Path) -> None:
    state, _board = replay(json.loads(example.read_text()))
    back = snapshots.loads(snapshots.dumps(state), state.setup, state.events)
    same(back, state)
    assert back.rolls == state.rolls and back.claims == state.claims and back.voids == state.voids


@pytest.mark.parametrize(
    "document",
    [
        {"format": snapshots.FORMAT, "state": {"game": {"c": "os:system", "v": {}}}},
        {"format": snapshots.FORMAT + 1, "state": {}},
        "not json",
    ],
)
def test_a_snapshot_naming_anything_else_is_refused(document: Any) -> None:
    state, _ = replay(json.loads((ROOT / "docs/examples/mission-red-planet.json").read_text()))
    good = json.loads(snapshots.dumps(state))
    if isinstance(document, dict) and "game" in document["state"]:
        document["state"] = {**good["state"], **document["state"]}
    text = document if isinstance(document, str) else json.dumps(document)
    with pytest.raises(ValueError):
        snapshots.loads(text, state.setup, state.events)


def test_a_snapshot_of_a_class_whose_fields_changed_is_refused() -> None:
    state, _ = replay(json.loads((ROOT / "docs/examples/mission-red-planet.json").read_text()))
    document = json.loads(snapshots.dumps(state))
    document["state"]["game"]["v"]["renamed"] = document["state"]["game"]["v"].pop("round")
    with pytest.raises(ValueError):
        snapshots.loads(json.dumps(document), state.setup, state.events)


@pytest.fixture
def engine(tmp_path: Path) -> Engine:
    url = f"sqlite:///{tmp_path / 'snapshots.sqlite3'}"
    upgrade(url)
    return make_engine(url)


def played_table(engine: Engine, entries: int) -> store.TableInfo:
    table = services.create_table(engine, slug="score-pad", players=PLAYERS, options={})
    for n in range(entries):
        services.record(
            engine,
            table,
            kind="tally.add",
            payload={"seat": 1 + n % 2, "category": "vp", "delta": 1 + n % 3},
            author=None,
            by_host=True,
            idempotency_key=f"entry-{n:06d}",
        )
    return table


def restart(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Forget every folded state (as a restart does); return the list of ``after`` the ledger is read from."""
    monkeypatch.setattr(services, "_cache", services._StateCache())
    reads: list[int] = []
    load_events = store.load_events

    def spy(engine: Engine, table_id: int, after: int = 0) -> list[Event]:
        reads.append(after)
        return load_events(engine, table_id, after)

    monkeypatch.setattr(store, "load_events", spy)
    return reads


def test_a_restarted_server_folds_only_the_entries_after_the_newest_stored_snapshot(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    entries = 2 * SNAPSHOT_EVERY + 30
    table = played_table(engine, entries)
    keys = store.snapshot_keys(engine, table_id=table.id, rule_version=1, format=snapshots.FORMAT)
    assert [k.seq for k in keys] == [SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY]
    reads = restart(monkeypatch)
    state = services.table_state(engine, table)
    assert reads == [2 * SNAPSHOT_EVERY]
    same(state, fold(get_game("score-pad"), table.setup, store.load_events(engine, table.id)))
    # An undo after the restart folds from the snapshot before its target.
    services.record(
        engine, table, kind="void", payload={"target": entries - 3}, author=None, by_host=True, idempotency_key="undo-1"
    )
    undone = services.table_state(engine, table)
    assert entries - 3 in undone.voided
    same(undone, fold(get_game("score-pad"), table.setup, store.load_events(engine, table.id)))
    assert services.log_page(undone, None, True).lines[-1].event.seq == entries + 1 - services.LOG_PAGE + 1


def test_snapshots_of_another_rule_version_are_not_used_and_are_made_again(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = played_table(engine, SNAPSHOT_EVERY + 5)
    game = dataclasses.replace(get_game("score-pad"), rule_version=2)
    monkeypatch.setitem(GAMES, "score-pad", game)
    reads = restart(monkeypatch)
    state = services.table_state(engine, table)
    assert reads == [0]  # the whole ledger again
    same(state, fold(game, table.setup, store.load_events(engine, table.id)))
    keys = store.snapshot_keys(engine, table_id=table.id, rule_version=2, format=snapshots.FORMAT)
    assert [k.seq for k in keys] == [SNAPSHOT_EVERY]


def test_an_unreadable_stored_snapshot_means_folding_from_further_back(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = played_table(engine, SNAPSHOT_EVERY + 5)
    connection = engine.raw_connection()
    connection.cursor().execute('UPDATE fold_snapshot SET state = \'{"format": 1, "state": {}}\'')
    connection.commit()
    connection.close()
    reads = restart(monkeypatch)
    state = services.table_state(engine, table)
    assert reads == [0]
    same(state, fold(get_game("score-pad"), table.setup, store.load_events(engine, table.id)))
