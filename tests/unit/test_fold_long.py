"""Long ledgers: an undo anywhere agrees with folding the whole ledger again; the fold's work grows linearly;
a table is folded once per step this process keeps (a table opened at a step kept is not folded again; one
whose row is ahead is extended from the newest step kept)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine

from companion.games import table as table_module
from companion.games.contract import Event, Game, Player, Setup
from companion.games.mission_red_planet import GAME as MRP
from companion.games.mission_red_planet import rules as mrp
from companion.games.news import News, news_between
from companion.games.options import resolve_options
from companion.games.registry import get_game
from companion.games.table import extend, fold
from companion.games.table_state import TABLE_OPTIONS, TableState
from companion.services.table import NEWS_MOST, Table, Tables
from companion.services.tables import PlayerEntry, create_table
from companion.storage import ledger_import, store
from companion.storage.db import make_engine
from companion.storage.migrate import upgrade

ROOT = Path(__file__).resolve().parent.parent.parent
PLAYERS = [PlayerEntry(n, c) for n, c in (("Aki", "#E69F00"), ("Ben", "#56B4E9"))]


def mrp_setup() -> Setup:
    players = tuple(Player(seat, f"P{seat}", "#000000") for seat in range(1, 4))
    return Setup(MRP.slug, players, resolve_options((*TABLE_OPTIONS, *MRP.options), {}), "snap")


def score_pad_setup() -> Setup:
    players = (Player(1, "Aki", "#E69F00"), Player(2, "Ben", "#56B4E9"))
    return Setup("score-pad", players, {"entries": "anyone"}, "linear")


def mrp_ledger(count: int, round_every: int = 200) -> list[Event]:
    """Crew landing, moving and leaving, a round ending every ``round_every`` entries (the game ends at the tenth)."""
    events = []
    for seq in range(1, count + 1):
        seat, zone, step = 1 + seq % 3, 1 + (seq // 15) % 10, (seq // 3) % 3
        if seq % round_every == 0:
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


# -- Undo in a long ledger ---------------------------------------------------------------------
def test_an_undo_anywhere_in_a_long_ledger_agrees_with_folding_it_all_again() -> None:
    setup, ledger = mrp_setup(), mrp_ledger(2_000)
    state = fold(MRP, setup, ledger)
    for target in (1, 777, 2_000):
        undone = extend(MRP, state, (void(len(ledger) + 1, target),))
        same(undone, fold(MRP, setup, [*ledger, void(len(ledger) + 1, target)]))
        redone = extend(MRP, undone, (void(len(ledger) + 2, len(ledger) + 1),))
        same(redone, fold(MRP, setup, [*ledger, void(len(ledger) + 1, target), void(len(ledger) + 2, len(ledger) + 1)]))


@pytest.fixture
def database(tmp_path: Path) -> Iterator[tuple[str, Engine]]:
    """A migrated SQLite database of this test's own: its URL and an engine on it."""
    url = f"sqlite:///{tmp_path / 'long.sqlite3'}"
    upgrade(url)
    engine = make_engine(url)
    yield url, engine
    engine.dispose()


def add_points(table: Table, key: str, seat: int = 1, delta: int = 1) -> None:
    table.record(
        kind="tally.add",
        payload={"seat": seat, "category": "vp", "delta": delta},
        author=None,
        by_host=True,
        idempotency_key=key,
    )


def ledger_reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Note the entry after which each read of a ledger starts, from now on."""
    reads: list[int] = []
    load_events = store.load_events

    def noted(engine: Engine, table_id: int, after: int = 0) -> list[Event]:
        reads.append(after)
        return load_events(engine, table_id, after)

    monkeypatch.setattr(store, "load_events", noted)
    return reads


def test_a_table_opened_at_an_entry_kept_is_not_folded_again(
    database: tuple[str, Engine], monkeypatch: pytest.MonkeyPatch
) -> None:
    _url, engine = database
    tables = Tables(engine)
    info = create_table(engine, slug="score-pad", players=PLAYERS, options={})
    add_points(tables.open(info), "kept-key-1")  # the step at entry 1 is kept as it is recorded
    reads = ledger_reads(monkeypatch)
    opened = tables.find(code=info.code)
    assert opened.state.last_seq == 1 and opened.state.tally.count(1, "vp") == 1
    assert tables.find(code=info.code).state is opened.state
    assert reads == []  # the row's last entry is kept: the ledger is not read, nothing is folded


def test_a_table_whose_row_is_ahead_is_extended_from_the_newest_step_kept(
    database: tuple[str, Engine], monkeypatch: pytest.MonkeyPatch
) -> None:
    url, engine = database
    tables = Tables(engine)
    info = create_table(engine, slug="score-pad", players=PLAYERS, options={})
    for n in range(3):
        add_points(tables.open(info), f"here-key-{n}", delta=2)  # kept at entries 1, 2 and 3
    other = make_engine(url)  # another server stores entries 4 and 5
    try:
        with store.appending(other, info.id) as ledger:
            ledger.append(Event(4, "tally.add", {"seat": 2, "category": "vp", "delta": 3}, by_host=True), "there-4")
            ledger.append(Event(5, "tally.add", {"seat": 2, "category": "vp", "delta": 1}, by_host=True), "there-5")
    finally:
        other.dispose()
    reads = ledger_reads(monkeypatch)
    applied = entries_applied(monkeypatch)
    state = tables.find(code=info.code).state
    assert (state.last_seq, state.tally.count(1, "vp"), state.tally.count(2, "vp")) == (5, 6, 4)
    assert reads == [3] and applied == [2]  # only the entries after the newest step kept: read and applied
    assert tables.find(code=info.code).state is state and reads == [3]  # and kept in turn
    monkeypatch.undo()
    same(state, fold(SCORE_PAD, info.setup, store.load_events(engine, info.id)))


def test_a_restarted_server_folds_a_table_from_its_first_entry(
    database: tuple[str, Engine], monkeypatch: pytest.MonkeyPatch
) -> None:
    _url, engine = database
    info = create_table(engine, slug="score-pad", players=PLAYERS, options={})
    for n in range(3):
        add_points(Tables(engine).open(info), f"before-restart-{n}")
    reads = ledger_reads(monkeypatch)
    state = Tables(engine).find(code=info.code).state  # a new process keeps no step
    assert reads == [0] and state.last_seq == 3 and state.tally.count(1, "vp") == 3


def test_an_entry_recorded_here_after_another_servers_catches_up_with_it_first(database: tuple[str, Engine]) -> None:
    url, engine = database
    here, other = Tables(engine), Tables(make_engine(url))
    try:
        info = create_table(engine, slug="score-pad", players=PLAYERS, options={})
        add_points(here.open(info), "here-1")  # this server keeps entry 1
        for n in range(3):
            add_points(other.find(code=info.code), f"there-{n}", seat=2)  # the other server stores 2 to 4
        stale = here.open(info)  # a request that read the row before the other server's entries
        add_points(stale, "here-2")  # recorded as entry 5, on the state with entries 2 to 4
        state = here.find(code=info.code).state
        assert (state.last_seq, state.tally.count(1, "vp"), state.tally.count(2, "vp")) == (5, 2, 3)
        same(state, fold(SCORE_PAD, info.setup, store.load_events(engine, info.id)))
    finally:
        other.engine.dispose()


def test_the_news_of_a_step_is_the_same_from_a_step_kept_or_from_a_fold(
    database: tuple[str, Engine], monkeypatch: pytest.MonkeyPatch
) -> None:
    url, engine = database
    other = make_engine(url)  # ``other`` stores as another server would
    try:
        info = create_table(engine, slug="score-pad", players=PLAYERS, options={})
        bulk = [Event(n, "tally.add", {"seat": 1 + n % 2, "category": "vp", "delta": 1}) for n in range(1, 3001)]
        bulk[2994] = Event(2995, "void", {"target": 2994}, by_host=True)  # an undo in the bulk
        ledger_import.insert_ledger(engine, info.id, bulk, "bulk-")
        tables = Tables(engine)
        tables.find(code=info.code)  # this server keeps the step at 3,000, and none before
        with store.appending(other, info.id) as ledger:
            ledger.append(Event(3001, "tally.add", {"seat": 1, "category": "vp", "delta": 5}, by_host=True), "n-1")
        with store.appending(other, info.id) as ledger:
            ledger.append(Event(3002, "void", {"target": 3001}, by_host=True), "n-2")  # another phone's undo
        now = tables.find(code=info.code)  # caught up at 3,002: it keeps no step at 3,001
        events = list(now.state.events)
        same(now.state, fold(SCORE_PAD, info.setup, events))  # the undo folded the table again

        def expected(since: int) -> tuple[News, ...]:
            every = news_between(SCORE_PAD, fold(SCORE_PAD, info.setup, events[:since]), now.state)
            return tuple(item for item in every if item.for_phone(None, False))[:NEWS_MOST]

        wanted = {since: expected(since) for since in (2990, 3000, 3001)}
        applied = entries_applied(monkeypatch)
        assert now.news(3000, None, False) == wanted[3000]  # from the step kept at 3,000 ...
        assert sum(applied) == 0  # ... which nothing folds again
        assert now.news(3001, None, False) == wanted[3001] != ()  # no step kept: a fold; the undo is news
        assert now.news(2990, None, False) == wanted[2990] != ()  # a phone asleep: a fold, the same news
        assert sum(applied) >= 3001 + 2990
        assert now.news(3002, None, False) == ()
        folds = sum(applied)
        assert now.news(3001, None, False) == wanted[3001] and sum(applied) == folds  # once per step
    finally:
        other.dispose()


def entries_applied(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Note how many entries each application of entries to a state applies, from now on."""
    applied: list[int] = []
    apply_all = table_module._apply_all

    def counted(game: Game, state: TableState, entries: Iterable[Event], *rest: Any) -> TableState:
        listed = list(entries)
        applied.append(len(listed))
        return apply_all(game, state, listed, *rest)

    monkeypatch.setattr(table_module, "_apply_all", counted)
    return applied


# -- The fold's work grows with the entries, no faster -------------------------------------------
SCORE_PAD = get_game("score-pad")


def score_pad_ledger(count: int) -> list[Event]:
    """Dice rolled in the app and typed in, tallies, and now and then an undo (and a redo)."""
    events: list[Event] = []
    for seq in range(1, count + 1):
        if seq % 50 == 0:
            events.append(void(seq, seq - 1 - seq % 7))
        elif seq % 3 == 0:
            events.append(Event(seq, "dice.roll", {"count": 2, "sides": 6}, author=1))
        elif seq % 3 == 1:
            events.append(Event(seq, "dice.roll", {"count": 1, "sides": 20, "values": [seq % 20 + 1]}, author=2))
        else:
            events.append(Event(seq, "tally.add", {"seat": 1 + seq % 2, "category": "vp", "delta": 1}, by_host=True))
    return events


def calls_to_fold(game: Game, setup: Setup, events: list[Event]) -> int:
    """Count the function calls (Python and built-in) that folding ``events`` makes: work, not time."""
    calls = 0

    def count(_frame: object, event: str, _arg: object) -> None:
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1

    sys.setprofile(count)
    try:
        fold(game, setup, events)
    finally:
        sys.setprofile(None)
    return calls


@pytest.mark.parametrize(
    ("game", "setup", "ledger"),
    [(SCORE_PAD, score_pad_setup(), score_pad_ledger), (MRP, mrp_setup(), lambda n: mrp_ledger(n, n // 10))],
    ids=["dice-tallies-and-undos", "mission-red-planet"],
)
def test_folding_twice_the_entries_takes_about_twice_the_work(
    game: Game, setup: Setup, ledger: Callable[[int], list[Event]]
) -> None:
    """Counted, not timed (a busy machine makes timings noisy): the time itself is bench/run.py's."""
    short, long = ledger(2_000), ledger(4_000)
    assert len(fold(game, setup, long).skipped) < 40  # nearly every entry is applied: the work is real
    assert calls_to_fold(game, setup, long) / calls_to_fold(game, setup, short) < 2.5
    # That an append copies nothing that came before (the ledger, the dice tray): tests/unit/test_ledger.py.
