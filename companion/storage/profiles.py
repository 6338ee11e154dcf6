"""Storage of profiles: a player's name across tables, the seats it holds, moved between phones by a link.

Written when a phone asks; deleting a profile replaces its name in every kept result.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

from sqlalchemy import Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, delete, select

from companion.storage.db import read_session, write_session
from companion.storage.models import ProfileRecord, ProfileSeatRecord, SeatResultRecord
from companion.storage.plays import FORMER_PLAYER_NAME


def token_hash(token: str) -> str:
    """Return the stored form of a secret token (its SHA-256): the token itself stays on the phone."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    """Return a fresh secret token for a link."""
    return secrets.token_urlsafe(24)


# -- Profiles ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Profile:
    """A player's profile as the app sees it."""

    id: int
    name: str
    device: str


def _profile(record: ProfileRecord) -> Profile:
    assert record.id is not None
    return Profile(record.id, record.name, record.device)


class ProfileExists(Exception):
    """The phone already has a profile (a second tap on "Make my profile", or two at once)."""


def create_profile(engine: Engine, *, name: str, device: str, token: str) -> Profile:
    """Store a profile for the phone ``device`` with the hash of its token; one per phone (else ProfileExists)."""
    try:
        with write_session(engine) as session:
            if session.exec(select(ProfileRecord).where(ProfileRecord.device == device)).first() is not None:
                raise ProfileExists
            record = ProfileRecord(name=name, token_hash=token_hash(token), device=device)
            session.add(record)
            session.flush()
            return _profile(record)
    except IntegrityError:  # the same phone's other request stored its profile first
        raise ProfileExists from None


def find_profile(engine: Engine, *, token: str) -> Profile | None:
    """Return the profile whose token this is, or None."""
    with read_session(engine) as session:
        record = session.exec(select(ProfileRecord).where(ProfileRecord.token_hash == token_hash(token))).first()
        return None if record is None else _profile(record)


def move_profile(engine: Engine, *, profile: Profile, device: str, token: str) -> Profile:
    """Move a profile to the phone ``device`` under a new token: its old link and old phone lose it,
    and its kept results follow it (ProfileExists if that phone has a profile of its own)."""
    try:
        with write_session(engine) as session:
            record = session.get(ProfileRecord, profile.id)
            if record is None:
                raise LookupError(profile.id)
            other = session.exec(select(ProfileRecord).where(ProfileRecord.device == device)).first()
            if other is not None and other.id != profile.id:
                raise ProfileExists
            for line in session.exec(select(SeatResultRecord).where(SeatResultRecord.device == profile.device)).all():
                line.device = device
                session.add(line)
            record.device, record.token_hash = device, token_hash(token)
            session.add(record)
            session.flush()
            return _profile(record)
    except IntegrityError:
        raise ProfileExists from None


def link_seat(engine: Engine, *, profile_id: int, table_id: int, seat: int) -> None:
    """Remember that the profile's phone holds ``seat`` at a table (once per table)."""
    try:
        with write_session(engine) as session:
            session.add(ProfileSeatRecord(profile_id=profile_id, table_id=table_id, seat=seat))
    except IntegrityError:
        return


def linked_seats(engine: Engine, *, profile_id: int) -> list[tuple[int, int]]:
    """Return (table id, seat) pairs that the profile's phone holds."""
    with read_session(engine) as session:
        rows = session.exec(select(ProfileSeatRecord).where(ProfileSeatRecord.profile_id == profile_id)).all()
        return [(row.table_id, row.seat) for row in rows]


def delete_profile(engine: Engine, *, profile: Profile) -> int:
    """Delete a profile and replace its name in every kept result; return how many results changed."""
    with write_session(engine) as session:
        lines = session.exec(select(SeatResultRecord).where(SeatResultRecord.device == profile.device)).all()
        for line in lines:
            line.name = FORMER_PLAYER_NAME
            line.forgotten = True
            line.device = None
            session.add(line)
        session.exec(delete(ProfileSeatRecord).where(col(ProfileSeatRecord.profile_id) == profile.id))
        session.exec(delete(ProfileRecord).where(col(ProfileRecord.id) == profile.id))
        return len(lines)
