"""Long ledgers for the benchmarks: a night of Mission: Red Planet, stored straight into a database."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from sqlalchemy import Engine

from companion.games.contract import Event, Player
from companion.games.mission_red_planet import rules as mrp
from companion.games.mission_red_planet.state import SLUG as MRP_SLUG
from companion.services.tables import PlayerEntry, create_table
from companion.storage.store import TableInfo

PLAYERS = tuple(
    Player(seat, f"P{seat}", colour)
    for seat, colour in enumerate(("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2"), start=1)
)


def mrp_events(events: int, round_every: int = 1000) -> list[Event]:
    """A long night: crew land, move on and leave again (every seat keeps a few on Mars), rounds end.

    With the round ending every 1,000 entries (as the fold benchmark has always measured it) the
    game is over at 10,000 and later entries are refused by the fold; ``round_every = events // 10``
    makes every entry count.
    """
    ledger = []
    for seq in range(1, events + 1):
        seat, zone, step = 1 + seq % 5, 1 + (seq // 15) % 10, (seq // 5) % 3
        if seq % round_every == 0:
            ledger.append(Event(seq, mrp.END_ROUND, {}, by_host=True))
        elif step == 0:
            ledger.append(Event(seq, mrp.LAND, {"seat": seat, "zone": zone, "count": 1}, by_host=True))
        elif step == 1:
            target = 1 + zone % 10
            ledger.append(
                Event(seq, mrp.MOVE, {"seat": seat, "from_zone": zone, "to_zone": target, "count": 1}, by_host=True)
            )
        else:
            ledger.append(Event(seq, mrp.REMOVE, {"seat": seat, "zone": 1 + zone % 10, "count": 1}, by_host=True))
    return ledger


def stored_mrp_table(engine: Engine, events: int, round_every: int = 1000) -> TableInfo:
    """Create a Mission: Red Planet table holding ``events`` entries (inserted in bulk, as if played)."""
    table = create_table(engine, slug=MRP_SLUG, players=[PlayerEntry(p.name, p.colour) for p in PLAYERS], options={})
    sqlite = engine.dialect.name == "sqlite"
    mark = "?" if sqlite else "%s"
    now = datetime.now(UTC)
    at = now.replace(tzinfo=None).isoformat(" ") if sqlite else now
    rows = [
        (table.id, e.seq, e.kind, json.dumps(e.payload), None, True, f"bench-{e.seq}", at)
        for e in mrp_events(events, round_every)
    ]
    connection = engine.raw_connection()
    try:
        cursor = connection.cursor()
        if sqlite:
            cursor.execute("BEGIN IMMEDIATE")
        cursor.executemany(
            "INSERT INTO ledger_event (table_id, seq, kind, payload, author_seat, by_host, idempotency_key, created_at)"
            f" VALUES ({', '.join([mark] * 8)})",
            rows,
        )
        cursor.execute(f"UPDATE game_table SET last_seq = {mark} WHERE id = {mark}", (events, table.id))
        connection.commit()
    finally:
        connection.close()
    return table
