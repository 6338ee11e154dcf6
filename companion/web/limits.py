"""Rate limits per client address: creating tables, joining, and table codes that do not answer.

A table code is six characters read aloud; a client that guesses codes is stopped after a few
dozen misses (only 404 answers count, so a table in play never comes near the limit). Counters
live in Redis when ``COMPANION_REDIS_URL`` is set (shared by every app server), in memory
otherwise; if Redis stops answering, each process counts in its own memory meanwhile. Each
limit is a string of the ``limits`` library ("60 per hour"), configurable (``COMPANION_RATE_LIMIT_*``).

The counters are the ``limits`` library's (the one Flask-Limiter is built on), called directly
from two request hooks: a request to a view that no limit guards costs one set look-up.
"""

from __future__ import annotations

import logging
from functools import lru_cache

from flask import Flask, Request, Response, current_app, request
from limits import RateLimitItem, parse
from limits.storage import MemoryStorage, storage_from_string
from limits.strategies import FixedWindowRateLimiter
from werkzeug.exceptions import TooManyRequests

from companion.web.membership import membership

log = logging.getLogger(__name__)

LIMITER_KEY = "companion.limiter"

# Generous: a café where every table shares one public address stays far below them.
DEFAULT_LIMITS = {
    "RATE_LIMIT_NEW_TABLE": "60 per hour",
    "RATE_LIMIT_JOIN": "120 per minute",
    "RATE_LIMIT_MISSES": "30 per minute",
}

# Which views each limit guards: every request to them counts.
GUARDED = {
    # An import makes a table; a catalogue import stores cards for every table of the server.
    "RATE_LIMIT_NEW_TABLE": frozenset({"tables.create_table", "results.import_scenario", "catalogue.import_cards"}),
    "RATE_LIMIT_JOIN": frozenset({"tables.join"}),
}
# The views that look up a code or link: their "no such table" answers count as misses. Only the
# views by code are refused past the limit: a join or watch link holds 24 random bytes (nobody
# guesses one) and joining has a limit of its own, so mistyped codes never stop a phone at the same
# address from joining a table.
LOOKUP_BLUEPRINTS = ("play", "live")
LOOKUP_VIEWS = ("tables.watch", "tables.join")
MISSES = "RATE_LIMIT_MISSES"


@lru_cache(maxsize=64)
def _parsed(limit: str) -> RateLimitItem:
    return parse(limit)


class Limiter:
    """Fixed-window counters per (limit, client address), shared through Redis when configured."""

    def __init__(self, app: Flask) -> None:
        self.prefix = str(app.config["RATELIMIT_KEY_PREFIX"])
        self.shared = FixedWindowRateLimiter(storage_from_string(app.config["RATELIMIT_STORAGE_URI"]))
        self.local = FixedWindowRateLimiter(MemoryStorage())
        self.by_code = frozenset(
            endpoint for endpoint in app.view_functions if endpoint.split(".")[0] in LOOKUP_BLUEPRINTS
        )
        self.lookups = self.by_code | frozenset(LOOKUP_VIEWS)
        self.guarded = {endpoint: name for name, endpoints in GUARDED.items() for endpoint in endpoints}

    def _count(self, name: str, *, hit: bool) -> bool:
        """Hit (or only test) the counter of ``name`` for this client; False when over its limit."""
        item = _parsed(str(current_app.config[name]))
        identifiers = (self.prefix, name, request.remote_addr or "unknown")
        try:
            return self.shared.hit(item, *identifiers) if hit else self.shared.test(item, *identifiers)
        except Exception as error:  # Redis away: count here rather than refuse or fail every request
            log.warning("rate-limit counters unavailable (%s); counting in this process", type(error).__name__)
            return self.local.hit(item, *identifiers) if hit else self.local.test(item, *identifiers)

    def before(self) -> None:
        """Refuse the request (429) when its view's limit, or the misses limit, is used up."""
        sent = request._get_current_object()  # type: ignore[attr-defined]  # the proxy, resolved once
        endpoint = sent.endpoint or ""
        name = self.guarded.get(endpoint)
        if name is not None and not self._count(name, hit=True):
            raise TooManyRequests()
        if endpoint in self.by_code and not self._joined(sent) and not self._count(MISSES, hit=False):
            raise TooManyRequests()

    @staticmethod
    def _joined(sent: Request) -> bool:
        """True when this phone has joined the table it asks for: it knows the code, it is not guessing."""
        code = (sent.view_args or {}).get("code")
        return isinstance(code, str) and membership(code) is not None

    def after(self, response: Response) -> Response:
        """Count an answer that says "no such table": guessing codes, not playing."""
        if response.status_code == 404 and (request.endpoint or "") in self.lookups:
            self._count(MISSES, hit=True)
        return response


def init_app(app: Flask) -> None:
    """Give ``app`` its limiter and its two hooks (call after the blueprints are registered)."""
    for key, value in DEFAULT_LIMITS.items():
        app.config.setdefault(key, value)
    app.config.setdefault("RATELIMIT_STORAGE_URI", app.config.get("REDIS_URL") or "memory://")
    app.config.setdefault("RATELIMIT_KEY_PREFIX", "companion-limits")
    limiter = Limiter(app)
    app.extensions[LIMITER_KEY] = limiter
    app.before_request(limiter.before)
    app.after_request(limiter.after)
