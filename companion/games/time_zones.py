"""The players' time zone: the one a table keeps (its phones', else the host's), and times shown in it.

A phone sends its IANA zone name (``Intl.DateTimeFormat().resolvedOptions().timeZone``) with the
new-table form and the join; a name this server's zone database does not know is ignored, and a
table that never got one is shown and exported in UTC (docs/words.md, "Times").
"""

from __future__ import annotations

import re
from datetime import datetime
from functools import cache
from zoneinfo import ZoneInfo, available_timezones

UTC_NAME = "UTC"
ZONE_FIELD = "time_zone"  # the hidden field of the new-table form and the join (static/js/app.js fills it in)
_ZONE_NAME = re.compile(r"[A-Za-z0-9_+\-/]{1,64}", re.ASCII)


@cache
def _known() -> frozenset[str]:
    return frozenset(available_timezones())


def known_zone(raw: str | None) -> str | None:
    """Return ``raw`` if it names a time zone this server knows ("Asia/Tokyo"), else None (never an error)."""
    if not raw or not _ZONE_NAME.fullmatch(raw):
        return None
    return raw if raw in _known() else None


def zone(name: str | None) -> ZoneInfo:
    """Return the zone named ``name``, or UTC for a table that has none (or a name no longer known)."""
    return ZoneInfo(name if name and known_zone(name) else UTC_NAME)


def local(moment: datetime, name: str | None) -> datetime:
    """Return ``moment`` (aware) in the zone named ``name`` (UTC when there is none)."""
    return moment.astimezone(zone(name))
