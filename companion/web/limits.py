"""Rate limits per client address, by Flask-Limiter: creating tables, joining, and table codes that do not answer.

A table code is six characters read aloud; a client that guesses codes is stopped after a few
dozen misses (only 404 answers count, and a phone that has joined the table it asks for is never
counted, so a table in play never comes near the limit). Counters live in Redis when
``COMPANION_REDIS_URL`` is set (shared by every app server), in memory otherwise; if Redis stops
answering, each process counts in its own memory meanwhile (Flask-Limiter's in-memory fallback).
Each limit is a string of the ``limits`` library ("60 per hour"), configurable
(``COMPANION_RATE_LIMIT_*``). A refusal is a 429 with the translated page of companion/web/errors.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

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


def _joined() -> bool:
    """True when this phone has joined the table it asks for: it knows the code, it is not guessing."""
    code = (request.view_args or {}).get("code")
    return isinstance(code, str) and membership(code) is not None


def _missed(response: Response) -> bool:
    return response.status_code == 404


def init_app(app: Flask) -> None:
    """Give ``app`` its limits (call after the blueprints are registered: they are applied to their views)."""
    for key, value in DEFAULT_LIMITS.items():
        app.config.setdefault(key, value)
    app.config.setdefault("RATELIMIT_STORAGE_URI", app.config.get("REDIS_URL") or "memory://")
    app.config.setdefault("RATELIMIT_KEY_PREFIX", "companion-limits")
    app.config.setdefault("RATELIMIT_IN_MEMORY_FALLBACK_ENABLED", True)
    limiter = Limiter(get_remote_address, app=app)  # one per app: each keeps its own storage
    # The decorated views refer to it weakly; with RATELIMIT_ENABLED false nothing else would hold it.
    app.extensions["companion.limiter"] = limiter
    new_table = limiter.shared_limit(_configured("RATE_LIMIT_NEW_TABLE"), scope="new-table")
    join = limiter.limit(_configured("RATE_LIMIT_JOIN"))
    for views, limit in ((NEW_TABLE_VIEWS, new_table), (JOIN_VIEWS, join)):
        for endpoint in views:  # decorated here, so that the views and their blueprints know nothing of limits
            app.view_functions[endpoint] = cast(Any, limit(app.view_functions[endpoint]))
    # A phone at the table it joined is let through before Flask-Limiter looks anything up: a by-code
    # request then cost 0.4 M instructions of an entry's 4.3 M (bench/instructions.py, 2026-11-26).
    limiter.request_filter(_joined)
    # Every view by table code: its "no such table" answers count as misses, and past the limit it is
    # refused (tests/web/test_security.py tries each). A join or watch link holds 24 random bytes
    # (nobody guesses one) and joining has a limit of its own, so mistyped codes never stop a phone
    # at the same address from joining a table.
    # A blueprint whose every view is by code takes the limit whole: a decorated view is checked
    # again as it is called (a board GET: 2.90 M instructions so, 2.45 M by blueprint; bench/instructions.py).
    misses = limiter.shared_limit(_configured("RATE_LIMIT_MISSES"), scope="misses", deduct_when=_missed)
    by_code = {rule.endpoint for rule in app.url_map.iter_rules() if "code" in rule.arguments}
    for name, blueprint in app.blueprints.items():
        endpoints = {endpoint for endpoint in app.view_functions if endpoint.startswith(f"{name}.")}
        if endpoints and endpoints <= by_code:
            misses(cast(Blueprint, blueprint))
            by_code -= endpoints
    for endpoint in sorted(by_code):
        app.view_functions[endpoint] = cast(Any, misses(app.view_functions[endpoint]))
