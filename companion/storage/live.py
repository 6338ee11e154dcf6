"""Live updates: tell every open stream of a table that its ledger moved on.

A stream only learns "table T is now at seq N"; the page then fetches the board fragment, so the
server never renders per subscriber. One process uses the in-process broker; with
``COMPANION_REDIS_URL`` every process publishes to Redis and runs one listener (started lazily,
after the server forks) that feeds its local subscribers.
"""

from __future__ import annotations

import logging
import os
import queue
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

log = logging.getLogger(__name__)

CHANNEL_PREFIX = "companion:table:"
QUEUE_SIZE = 64
# Put in every inbox when news may have been missed (the Redis listener reconnected): each stream
# then reads its table's ledger instead of waiting for its next quiet-spell check.
RECHECK = 0
RECONNECT_FIRST_DELAY = 0.2
RECONNECT_MAX_DELAY = 10.0
PING_SECONDS = 15.0  # redis-py's health check: a silently dead connection is noticed by the next ping


class Broker:
    """Local subscribers per table; ``publish`` reaches the ones in this process."""

    def __init__(self) -> None:
        self._subscribers: dict[int, set[queue.Queue[int]]] = {}
        self._lock = threading.Lock()

    @contextmanager
    def subscribe(self, table_id: int) -> Iterator[queue.Queue[int]]:
        """Yield a queue that receives the table's new sequence numbers while open."""
        inbox: queue.Queue[int] = queue.Queue(QUEUE_SIZE)
        with self._lock:
            self._subscribers.setdefault(table_id, set()).add(inbox)
        try:
            yield inbox
        finally:
            with self._lock:
                subscribers = self._subscribers.get(table_id, set())
                subscribers.discard(inbox)
                if not subscribers:
                    self._subscribers.pop(table_id, None)

    def publish(self, table_id: int, seq: int) -> None:
        """Tell this process's subscribers of ``table_id`` about ``seq``."""
        self.deliver(table_id, seq)

    def deliver(self, table_id: int, seq: int) -> None:
        """Put ``seq`` in every local inbox of the table (a full inbox keeps its newest news)."""
        with self._lock:
            inboxes = list(self._subscribers.get(table_id, ()))
        for inbox in inboxes:
            try:
                inbox.put_nowait(seq)
            except queue.Full:
                # The reader is far behind; it only needs the newest seq to catch up.
                _drain(inbox)
                inbox.put_nowait(seq)

    def deliver_everywhere(self, seq: int) -> None:
        """Put ``seq`` in every local inbox of every table."""
        with self._lock:
            tables = list(self._subscribers)
        for table_id in tables:
            self.deliver(table_id, seq)

    def subscriber_count(self) -> int:
        """Return how many streams are open in this process."""
        with self._lock:
            return sum(len(s) for s in self._subscribers.values())


def _drain(inbox: queue.Queue[int]) -> None:
    while True:
        try:
            inbox.get_nowait()
        except queue.Empty:
            return


class RedisBroker(Broker):
    """Publishes through Redis; one listener per process feeds the local subscribers.

    The listener outlives Redis restarts and killed connections: it reconnects with redis-py's
    exponential backoff (0.2 s doubling to 10 s, with jitter), and after a reconnect tells every
    local stream to read its ledger, so news published while it was away still arrives. Its own
    client never retries by itself, so that every lost connection reaches that loop. A publish
    retries twice, briefly (a tap waits for it), then the news is delivered in this process.
    """

    def __init__(self, url: str, namespace: str = "") -> None:
        super().__init__()
        import redis
        from redis.backoff import ExponentialBackoff, ExponentialWithJitterBackoff, NoBackoff
        from redis.retry import Retry

        # News is named after the database too: two deployments (or test runs) sharing one Redis
        # never hear each other's tables, whose ids repeat from one database to the next.
        self.prefix = f"{CHANNEL_PREFIX}{namespace}:" if namespace else CHANNEL_PREFIX

        # A name per broker lets an operator (and the fault tests) find this process's connections.
        self.client_name = f"companion-live-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        options: dict[str, Any] = {
            "client_name": self.client_name,
            "socket_keepalive": True,
            "health_check_interval": PING_SECONDS,
        }
        self._redis: Any = redis.Redis.from_url(url, retry=Retry(ExponentialBackoff(cap=0.2, base=0.02), 2), **options)
        self._listening: Any = redis.Redis.from_url(url, retry=Retry(NoBackoff(), 0), **options)
        self._backoff = ExponentialWithJitterBackoff(cap=RECONNECT_MAX_DELAY, base=RECONNECT_FIRST_DELAY / 2)
        self._listener: threading.Thread | None = None
        self._start_lock = threading.Lock()
        self.reconnects = 0
        self._publish_failing = False  # Redis refused the last publish (an outage is logged once)

    @contextmanager
    def subscribe(self, table_id: int) -> Iterator[queue.Queue[int]]:
        """Start this process's listener on first use, then subscribe locally."""
        self._ensure_listener()
        with super().subscribe(table_id) as inbox:
            yield inbox

    def publish(self, table_id: int, seq: int) -> None:
        """Publish to every process (this one included) through Redis."""
        try:
            self._redis.publish(f"{self.prefix}{table_id}", seq)
        except Exception as error:  # Redis is down: local phones still get the news
            if not self._publish_failing:  # one line per outage, not one traceback per entry
                log.warning("redis publish failed (%s); delivering locally only until it answers", error)
            self._publish_failing = True
            self.deliver(table_id, seq)
        else:
            if self._publish_failing:
                log.warning("redis publish works again")
            self._publish_failing = False

    def _ensure_listener(self) -> None:
        with self._start_lock:
            if self._listener is None or not self._listener.is_alive():
                self._listener = threading.Thread(target=self._listen, name="companion-redis", daemon=True)
                self._listener.start()

    def _listen(self) -> None:
        """Listen for ever: each lost connection is logged in one line and made again."""
        failures = 0
        while True:
            started = time.monotonic()
            try:
                self._listen_once()
            except Exception as error:  # a killed connection, a restart, a network cut
                self.reconnects += 1
                if time.monotonic() - started > RECONNECT_MAX_DELAY:
                    failures = 0  # it had been working: a fresh failure starts over
                failures += 1
                delay = self._backoff.compute(failures)
                log.warning("redis listener lost its connection (%s); reconnecting in %.1f s", error, delay)
                time.sleep(delay)

    def _listen_once(self) -> None:
        """Subscribe, catch up the local streams if this is a reconnect, then pass news on."""
        pubsub = self._listening.pubsub(ignore_subscribe_messages=True)
        try:
            pubsub.psubscribe(f"{self.prefix}*")
            if self.reconnects:
                self.deliver_everywhere(RECHECK)
            while True:
                message = pubsub.get_message(timeout=1.0)  # pings when idle (the client's health check)
                if message is None or message.get("type") != "pmessage":
                    continue
                try:
                    table_id = int(message["channel"].decode().removeprefix(self.prefix))
                    self.deliver(table_id, int(message["data"]))
                except (ValueError, AttributeError):
                    log.warning("ignored a malformed live message: %r", message)
        finally:
            pubsub.close()


def make_broker(redis_url: str | None, namespace: str = "") -> Broker:
    """Return the Redis broker when a URL is configured (its news named after ``namespace``: the
    database), else the in-process one."""
    return RedisBroker(redis_url, namespace) if redis_url else Broker()
