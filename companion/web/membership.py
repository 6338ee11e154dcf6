"""Who this phone is at each table, kept in the signed session cookie."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from flask import session

DEVICE_KEY = "device"
TABLES_KEY = "tables"
PROFILE_KEY = "profile"
MAX_REMEMBERED = 30


@dataclass(frozen=True)
class Membership:
    """This phone's entry for a table in its cookie: host or not, the seat it took (the ledger says if it holds it)."""

    host: bool = False
    seat: int | None = None


def device_id() -> str:
    """Return this phone's random id, creating it on first use."""
    if DEVICE_KEY not in session:
        session[DEVICE_KEY] = secrets.token_urlsafe(16)
        session.permanent = True
    return str(session[DEVICE_KEY])


def membership(code: str) -> Membership | None:
    """Return this phone's role at table ``code``, or None if it has not joined."""
    entry = session.get(TABLES_KEY, {}).get(code)
    if entry is None:
        return None
    return Membership(host=bool(entry.get("host")), seat=entry.get("seat"))


def remember(code: str, *, host: bool | None = None, seat: int | None = None, watcher: bool = False) -> None:
    """Record this phone's role at ``code`` (keeping the most recent tables only)."""
    tables = dict(session.get(TABLES_KEY, {}))
    entry = dict(tables.pop(code, {}))
    if host is not None:
        entry["host"] = host or entry.get("host", False)
    if seat is not None:
        entry["seat"] = seat
    if watcher:
        entry.setdefault("seat", None)
    tables[code] = entry
    session[TABLES_KEY] = dict(list(tables.items())[-MAX_REMEMBERED:])
    session.permanent = True


def joined_codes() -> list[str]:
    """Return the codes of the tables this phone has joined, most recent first."""
    return list(reversed(list(session.get(TABLES_KEY, {}))))


def hosted_codes() -> list[str]:
    """Return the codes of the tables this phone hosts."""
    return [code for code, entry in session.get(TABLES_KEY, {}).items() if entry.get("host")]


def held_seats() -> dict[str, int]:
    """Return the seats this phone holds, by table code."""
    return {code: entry["seat"] for code, entry in session.get(TABLES_KEY, {}).items() if entry.get("seat") is not None}


def profile_token() -> str | None:
    """Return the private token of this phone's profile, if it has one."""
    token = session.get(PROFILE_KEY)
    return str(token) if token else None


def keep_profile(token: str, device: str) -> None:
    """Keep a profile's token on this phone, whose id the profile now lives on."""
    session[PROFILE_KEY] = token
    session[DEVICE_KEY] = device
    session.permanent = True


def forget_profile() -> None:
    """Drop the profile's token from this phone."""
    session.pop(PROFILE_KEY, None)
