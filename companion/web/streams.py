"""How many live streams may be open at once, so that streams never take every connection of a process.

A gevent worker answers nothing more once all its connections are taken. Each open stream is
counted (in this process) against its table's seat, the table's spectators (the watch link), the
phone's address and the whole process; a spectator's stream also against its own phone (its
cookie) and its address at that table, so that one client cannot take every spectator's slot.
Beyond a limit the stream is refused with 429 and the page polls for the board instead
(``static/js/app.js`` does so whenever its stream fails).
"""

from __future__ import annotations

import os
import threading
from collections import Counter
from collections.abc import Callable, Hashable

from flask import Flask, current_app

LIMITS = {
    # Phones of one seat (a phone with a second tab, a tablet on the side).
    "STREAMS_PER_SEAT": 4,
    # The host's phones at one table.
    "STREAMS_PER_HOST": 4,
    # Spectators of one table through its watch link.
    "STREAMS_PER_WATCH_LINK": 100,
    # One spectator's phone (its cookie) at one table: a few tabs, never the whole watch link.
    "STREAMS_PER_WATCHER": 4,
    # Spectators of one table from one address (fresh cookies cost nothing): a room full, not all.
    "STREAMS_PER_WATCH_ADDRESS": 25,
    # One address: a whole table on one Wi-Fi shares it.
    "STREAMS_PER_ADDRESS": 200,
    # The whole process: kept below the server's connections (companion/web/gunicorn_conf.py sets it).
    "STREAMS_PER_PROCESS": 9000,
}
# Where an app keeps its gate: each app its own, so two apps in one process never share counts.
EXTENSION = "companion.stream_gate"


def init_app(app: Flask) -> None:
    """Set the limits (the app's config, else ``COMPANION_<NAME>`` from the environment, else the default)
    and give the app its own gate: two apps in one process (tests, a second server) never share counts."""
    for name, default in LIMITS.items():
        app.config.setdefault(name, int(os.environ.get(f"COMPANION_{name}", default)))
    app.extensions[EXTENSION] = StreamGate()


class StreamGate:
    """Counts open streams per key; :meth:`enter` refuses one more beyond a key's limit."""

    def __init__(self) -> None:
        self._open: Counter[Hashable] = Counter()
        self._lock = threading.Lock()

    def enter(self, keys: dict[Hashable, int]) -> Callable[[], None] | None:
        """Count a stream under every key (key -> limit); return its release, or None if a limit is reached."""
        with self._lock:
            if any(self._open[key] >= limit for key, limit in keys.items()):
                return None
            for key in keys:
                self._open[key] += 1
        released = threading.Event()

        def release() -> None:
            if released.is_set():
                return
            released.set()
            with self._lock:
                for key in keys:
                    self._open[key] -= 1
                    if self._open[key] <= 0:
                        del self._open[key]

        return release

    def count(self, key: Hashable) -> int:
        """Return how many streams are open under ``key``."""
        with self._lock:
            return self._open[key]


def gate(app: Flask | None = None) -> StreamGate:
    """Return the app's stream gate (by default the current app's)."""
    gate_of_app: StreamGate = (app or current_app).extensions[EXTENSION]
    return gate_of_app


def stream_keys(table_id: int, seat: int | None, host: bool, address: str | None, phone: str) -> dict[Hashable, int]:
    """Return the keys a phone's stream counts under, each with its limit from the app's config."""
    config = current_app.config
    address = address or "?"
    keys: dict[Hashable, int] = {
        ("address", address): config["STREAMS_PER_ADDRESS"],
        ("process",): config["STREAMS_PER_PROCESS"],
    }
    if seat is not None:
        keys[("seat", table_id, seat)] = config["STREAMS_PER_SEAT"]
    elif host:
        keys[("host", table_id)] = config["STREAMS_PER_HOST"]
    else:
        keys[("watch", table_id)] = config["STREAMS_PER_WATCH_LINK"]
        keys[("watcher", table_id, phone)] = config["STREAMS_PER_WATCHER"]
        keys[("watch-address", table_id, address)] = config["STREAMS_PER_WATCH_ADDRESS"]
    return keys
