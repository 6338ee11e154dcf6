"""Rate limits per client address, by Flask-Limiter: creating tables, joining, and table codes that do not answer.

A table code is six characters read aloud; a client that guesses codes is stopped after a few
dozen misses (only 404 answers count, and a phone that has joined the table it asks for is never
counted, so a table in play never comes near the limit). Counters live in Redis when
``COMPANION_REDIS_URL`` is set (shared by every app server), in memory otherwise; if Redis stops
answering, each process counts in its own memory meanwhile (Flask-Limiter's in-memory fallback).
Each limit is a string of the ``limits`` library ("60 per hour"), configurable
(``COMPANION_RATE_LIMIT_*``). A refusal is a 429 with the translated page of companion/web/errors.py.

The views and their blueprints know nothing of limits: each limit is given to the blueprints whose
views it counts, and says which of their views it leaves alone (``exempt_when``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from flask import Blueprint, Flask, Response, current_app, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

from companion.web.membership import membership

# Generous: a café where every table shares one public address stays far below them.
DEFAULT_LIMITS = {
    "RATE_LIMIT_NEW_TABLE": "60 per hour",
    "RATE_LIMIT_JOIN": "120 per minute",
    "RATE_LIMIT_MISSES": "30 per minute",
}

# An import makes a table; a catalogue import stores cards for every table of the server: one count for all three.
NEW_TABLE_VIEWS = ("tables.create_table", "tables.import_scenario", "catalogue.import_cards")
JOIN_VIEWS = ("tables.join",)


def _configured(name: str) -> Callable[[], str]:
    return lambda: str(current_app.config[name])


def _not_one_of(endpoints: tuple[str, ...]) -> Callable[[], bool]:
    return lambda: request.endpoint not in endpoints


def _not_by_code() -> bool:
    """True for a request that names no table code (only those count as misses)."""
    return "code" not in (request.view_args or {})


def _joined() -> bool:
    """True when this phone has joined the table it asks for: it knows the code, it is not guessing."""
    code = (request.view_args or {}).get("code")
    return isinstance(code, str) and membership(code) is not None


def _missed(response: Response) -> bool:
    return response.status_code == 404


def init_app(app: Flask) -> None:
    """Give ``app`` its limits (call after the blueprints are registered: the limits are given to them)."""
    for key, value in DEFAULT_LIMITS.items():
        app.config.setdefault(key, value)
    app.config.setdefault("RATELIMIT_STORAGE_URI", app.config.get("REDIS_URL") or "memory://")
    app.config.setdefault("RATELIMIT_KEY_PREFIX", "companion-limits")
    app.config.setdefault("RATELIMIT_IN_MEMORY_FALLBACK_ENABLED", True)
    limiter = Limiter(
        get_remote_address,
        app=app,
        # Every view by table code, one count: its "no such table" answers are misses, and past the
        # limit it is refused (tests/web/test_security.py tries each). A join or watch link holds 24
        # random bytes (nobody guesses one) and joining has a limit of its own, so mistyped codes never
        # stop a phone at the same address from joining a table.
        application_limits=[_configured("RATE_LIMIT_MISSES")],
        application_limits_exempt_when=_not_by_code,
        application_limits_deduct_when=_missed,
    )
    limiter.request_filter(_joined)  # a phone at the table it joined is never counted
    new_table = limiter.shared_limit(
        _configured("RATE_LIMIT_NEW_TABLE"), scope="new-table", exempt_when=_not_one_of(NEW_TABLE_VIEWS)
    )
    join = limiter.shared_limit(_configured("RATE_LIMIT_JOIN"), scope="join", exempt_when=_not_one_of(JOIN_VIEWS))
    for views, limit in ((NEW_TABLE_VIEWS, new_table), (JOIN_VIEWS, join)):
        for blueprint in sorted({endpoint.partition(".")[0] for endpoint in views}):
            limit(cast(Blueprint, app.blueprints[blueprint]))  # app.blueprints is typed with Flask's sansio base
