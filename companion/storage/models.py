"""Storage format: the only SQLModel tables. Converted to domain values in ``companion.storage.store``."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Column, UniqueConstraint
from sqlmodel import Field, SQLModel


def utcnow() -> datetime:
    """Return the current UTC time."""
    return datetime.now(UTC)


class TableRecord(SQLModel, table=True):
    """A table: its game, players, options and seed; ``last_seq`` numbers its ledger."""

    __tablename__ = "game_table"

    id: int | None = Field(default=None, primary_key=True)
    code: str = Field(max_length=12, unique=True, index=True)
    join_token: str = Field(max_length=64, unique=True, index=True)
    watch_token: str = Field(max_length=64, unique=True, index=True)
    results_token: str = Field(max_length=64, unique=True, index=True)
    game: str = Field(max_length=40)
    players: list[dict[str, Any]] = Field(sa_column=Column(JSON, nullable=False))
    options: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    seed: str = Field(max_length=64)
    imported: bool = False  # recreated from a scenario file
    last_seq: int = 0
    time_zone: str | None = Field(default=None, max_length=64)  # the players' IANA zone, once a phone sent it
    created_at: datetime = Field(default_factory=utcnow)


class EventRecord(SQLModel, table=True):
    """One ledger entry. Rows are only ever inserted, never updated or deleted."""

    __tablename__ = "ledger_event"
    __table_args__ = (
        UniqueConstraint("table_id", "seq", name="uq_ledger_event_seq"),
        UniqueConstraint("table_id", "idempotency_key", name="uq_ledger_event_key"),
    )

    id: int | None = Field(default=None, primary_key=True)
    table_id: int = Field(foreign_key="game_table.id")  # both unique constraints start with it
    seq: int
    kind: str = Field(max_length=40)
    payload: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    author_seat: int | None = None
    by_host: bool = False
    idempotency_key: str = Field(max_length=64)
    created_at: datetime = Field(default_factory=utcnow)


# -- Results and history: written when a table ends (the ledger itself is never changed) ---------


class PlayRecord(SQLModel, table=True):
    """A finished table's result, kept for the history and the statistics."""

    __tablename__ = "play_result"

    id: int | None = Field(default=None, primary_key=True)
    table_id: int = Field(foreign_key="game_table.id", unique=True, index=True)
    code: str = Field(max_length=12)
    game: str = Field(max_length=40, index=True)
    decided: bool = True
    imported: bool = False
    ended_at: datetime = Field(default_factory=utcnow, index=True)
    start_seat: int | None = None  # the start player, when the game knows it (for BG Stats)
    time_zone: str | None = Field(default=None, max_length=64)  # the table's zone: exports say its local time


class SeatResultRecord(SQLModel, table=True):
    """One player's line of a finished table. ``forgotten``: the player deleted their profile."""

    __tablename__ = "play_seat_result"

    id: int | None = Field(default=None, primary_key=True)
    play_id: int = Field(foreign_key="play_result.id", index=True)
    seat: int
    name: str = Field(max_length=40)
    colour: str = Field(max_length=16)
    rank: int
    total: int
    winner: bool = False
    categories: list[dict[str, Any]] = Field(sa_column=Column(JSON, nullable=False))
    device: str | None = Field(default=None, max_length=64, index=True)
    forgotten: bool = False


class ProfileRecord(SQLModel, table=True):
    """A player's optional profile: a name, and the hash of a token kept on their phone."""

    __tablename__ = "player_profile"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=40)
    token_hash: str = Field(max_length=64, unique=True, index=True)
    device: str = Field(max_length=64, unique=True, index=True)
    created_at: datetime = Field(default_factory=utcnow)


class ProfileSeatRecord(SQLModel, table=True):
    """A seat a profile's phone holds at a table, so that the profile can restore it on a new phone."""

    __tablename__ = "profile_seat"
    __table_args__ = (UniqueConstraint("profile_id", "table_id", name="uq_profile_seat"),)

    id: int | None = Field(default=None, primary_key=True)
    profile_id: int = Field(foreign_key="player_profile.id", index=True)
    table_id: int = Field(foreign_key="game_table.id")
    seat: int


class HostKeyRecord(SQLModel, table=True):
    """The hash of a host recovery link: the phone that opens it first becomes a host of the table.

    ``closed_at``: when it stopped working (used, revoked, or replaced by a newer link).
    """

    __tablename__ = "host_recovery"

    id: int | None = Field(default=None, primary_key=True)
    table_id: int = Field(foreign_key="game_table.id", index=True)
    token_hash: str = Field(max_length=64, unique=True, index=True)
    created_at: datetime = Field(default_factory=utcnow)
    closed_at: datetime | None = None


class CatalogueCardRecord(SQLModel, table=True):
    """A card of an imported catalogue file: card facts only (no table, player or time), once per game and move.

    ``kind`` is the move whose remembered fields the facts are (the game's ``Catalogue.kind``);
    ``digest`` (SHA-256 of the facts as sorted JSON) keeps each card once.
    """

    __tablename__ = "catalogue_card"
    __table_args__ = (UniqueConstraint("game", "kind", "digest", name="uq_catalogue_card"),)

    id: int | None = Field(default=None, primary_key=True)
    game: str = Field(max_length=40)  # the unique constraint starts with it: cards are read by game
    kind: str = Field(max_length=40)
    facts: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    digest: str = Field(max_length=64)
