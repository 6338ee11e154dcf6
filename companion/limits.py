"""Rate limits per client address: creating tables, joining, and table codes that do not answer.

A table code is six characters read aloud; a client that guesses codes is stopped after a few
dozen misses (only 404 answers count, so a table in play never comes near the limit). Counters
live in Redis when ``COMPANION_REDIS_URL`` is set (shared by every app server), in memory
otherwise. Each limit is a Flask-Limiter string, configurable (``COMPANION_RATE_LIMIT_*``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from flask import Flask, Response
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

LIMITER_KEY = "companion.limiter"

# Generous: a café where every table shares one public address stays far below them.
DEFAULT_LIMITS = {
    "RATE_LIMIT_NEW_TABLE": "60 per hour",
    "RATE_LIMIT_JOIN": "120 per minute",
    "RATE_LIMIT_MISSES": "30 per minute",
}

# Which views each limit guards; the misses limit guards every view that looks up a code or link.
GUARDED = {
    "RATE_LIMIT_NEW_TABLE": ("tables.create_table",),
    "RATE_LIMIT_JOIN": ("tables.join",),
}
LOOKUP_BLUEPRINTS = ("play", "live")
LOOKUP_VIEWS = ("tables.watch", "tables.join")


def init_app(app: Flask) -> None:
    """Give ``app`` its own limiter and put the limits on the views (call after the blueprints)."""
    for key, value in DEFAULT_LIMITS.items():
        app.config.setdefault(key, value)
    app.config.setdefault("RATELIMIT_STORAGE_URI", app.config.get("REDIS_URL") or "memory://")
    app.config.setdefault("RATELIMIT_KEY_PREFIX", "companion-limits")
    # Redis down: count in this process's memory rather than refuse or crash every request.
    app.config.setdefault("RATELIMIT_SWALLOW_ERRORS", True)
    app.config.setdefault("RATELIMIT_IN_MEMORY_FALLBACK_ENABLED", True)
    # No X-RateLimit-* or Retry-After on every answer: errors.py adds Retry-After to 429 and 503.
    app.config.setdefault("RATELIMIT_HEADERS_ENABLED", False)
    limiter = Limiter(get_remote_address, app=app)
    app.extensions[LIMITER_KEY] = limiter
    for key, endpoints in GUARDED.items():
        for endpoint in endpoints:
            _guard(app, limiter, endpoint, key, None)
    lookups = [e for e in app.view_functions if e.split(".")[0] in LOOKUP_BLUEPRINTS] + list(LOOKUP_VIEWS)
    for endpoint in lookups:
        _guard(app, limiter, endpoint, "RATE_LIMIT_MISSES", _missed)


def _guard(
    app: Flask, limiter: Limiter, endpoint: str, key: str, deduct_when: Callable[[Response], bool] | None
) -> None:
    """Wrap one view in the limit named ``key`` (read from the config on each request).

    The scope is the limit's name, so one counter per client covers all the views it guards:
    guesses spread over several addresses of a table count together.
    """
    view = app.view_functions[endpoint]
    limit = limiter.shared_limit(lambda: str(app.config[key]), scope=key, deduct_when=deduct_when)
    app.view_functions[endpoint] = cast(Any, limit(view))  # Flask-Limiter's wrapper is typed as maybe-async


def _missed(response: Response) -> bool:
    """Count only the answers that say "no such table": guessing codes, not playing."""
    return response.status_code == 404
