"""Profiles and host recovery: a player's name and statistics across tables, moved between phones by a link."""

from __future__ import annotations

import secrets
from collections.abc import Mapping

from sqlalchemy import Engine

from companion.games import kinds
from companion.games.scenario import PLAYER_COLOURS as PLAYER_COLOURS  # the new-table form lists them
from companion.games.scenario import all_options as all_options  # the new-table form lists them
from companion.games.scenario import checked_name
from companion.results import PlayResult
from companion.services.table import NotFound, Tables
from companion.storage import host_links, plays, profiles, store
from companion.storage.live import Broker
from companion.storage.store import TableInfo


def player_stats(
    engine: Engine, profile: profiles.Profile
) -> tuple[list[PlayResult], list[plays.GameStats], list[plays.HeadToHead]]:
    """Return a profile's plays, its statistics per game, and its head-to-head records."""
    mine = plays.plays(engine, device=profile.device, limit=1000)
    games, heads = plays.stats(mine, profile.device)
    return mine, games, heads


ProfileExists = profiles.ProfileExists


def create_profile(tables: Tables, *, name: str, device: str, seats: Mapping[str, int]) -> tuple[profiles.Profile, str]:
    """Create this phone's profile and link the seats it holds (``seats``: code → seat); return it and its token.

    Raises :class:`ProfileExists` when the phone has one already (its token stays the one it has).
    """
    engine = tables.engine
    clean = checked_name(name)
    token = profiles.new_token()
    profile = profiles.create_profile(engine, name=clean, device=device, token=token)
    for table in store.tables_by_code(engine, list(seats)):
        if tables.open(table).state.claims.get(seats[table.code]) == device:
            profiles.link_seat(engine, profile_id=profile.id, table_id=table.id, seat=seats[table.code])
    return profile, token


def find_profile(engine: Engine, token: str | None) -> profiles.Profile | None:
    """Return the profile of a token, or None."""
    return profiles.find_profile(engine, token=token) if token else None


def restore_profile(
    tables: Tables, profile: profiles.Profile, *, device: str, broker: Broker | None = None
) -> tuple[str, list[tuple[TableInfo, int]]]:
    """Move a profile and the seats its phone holds to the phone ``device``; return its new token and the seats.

    A move, not a copy: each seat still held by the profile's old phone is moved by a ``seat.move``
    entry that every phone at the table sees in the log, the old phone only watches from then on,
    and the old restore link stops working (the profile gets a new token). Raises
    :class:`ProfileExists` if ``device`` has a profile of its own.
    """
    engine = tables.engine
    token = profiles.new_token()
    moved = profiles.move_profile(engine, profile=profile, device=device, token=token)
    seats = dict(profiles.linked_seats(engine, profile_id=profile.id))
    restored = []
    for table in store.tables_by_ids(engine, list(seats)):
        seat = seats[table.id]
        state = tables.open(table).state
        if state.claims.get(seat) == profile.device and not state.ended:
            tables.open(table).record(
                kind=kinds.SEAT_MOVE,
                payload={"seat": seat, "device": moved.device},
                author=seat,
                by_host=False,
                idempotency_key=f"move-{secrets.token_hex(12)}",
                broker=broker,
                joining=True,
            )
        if tables.find(code=table.code).state.claims.get(seat) == moved.device:  # read again: it may have moved
            restored.append((table, seat))
    return token, restored


def delete_profile(engine: Engine, profile: profiles.Profile) -> int:
    """Delete a profile and its name from every kept result."""
    return profiles.delete_profile(engine, profile=profile)


def new_host_key(engine: Engine, table: TableInfo) -> str:
    """Return a new host recovery token for a table (only its hash is kept: it is shown once).

    The table's earlier links stop working: one link works at a time.
    """
    token = profiles.new_token()
    host_links.add_host_link(engine, table_id=table.id, token=token)
    return token


def host_key_table(tables: Tables, token: str) -> TableInfo:
    """Return the table whose working recovery link this is, or raise NotFound (used, revoked, expired)."""
    table_id = host_links.host_link_table(tables.engine, token=token)
    return _recoverable(tables, table_id)


def use_host_key(tables: Tables, token: str, broker: Broker | None = None) -> TableInfo:
    """Spend a recovery link and write its use in the table's log for every phone; return the table.

    Raises NotFound when the link does not work (any more), or its table has ended. Of phones
    opening the same link at once, exactly one gets the table.
    """
    host_key_table(tables, token)  # a link of an ended table is refused before it is spent
    table = _recoverable(tables, host_links.use_host_link(tables.engine, token=token))
    tables.open(table).record(
        kind=kinds.HOST_RECOVERED,
        payload={},
        author=None,
        by_host=False,
        idempotency_key=f"host-link-{profiles.token_hash(token)[:48]}",
        joining=True,
        broker=broker,
    )
    return table


def _recoverable(tables: Tables, table_id: int | None) -> TableInfo:
    found = store.tables_by_ids(tables.engine, [table_id]) if table_id is not None else []
    if not found or tables.open(found[0]).state.ended:
        raise NotFound
    return found[0]


def revoke_host_keys(engine: Engine, table: TableInfo) -> int:
    """Stop the table's recovery link from working; return how many links were closed."""
    return host_links.revoke_host_links(engine, table_id=table.id)


def live_host_key(engine: Engine, table: TableInfo) -> host_links.LiveHostLink | None:
    """Return the table's working recovery link (when it was made, until when it works), if any."""
    return host_links.live_host_link(engine, table_id=table.id)
