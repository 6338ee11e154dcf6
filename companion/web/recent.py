"""A bounded map that keeps what was used most recently: the app's in-memory caches share it."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Recent(Generic[K, V]):
    """Up to ``size`` entries, the least recently used dropped first; safe across threads and greenlets."""

    def __init__(self, size: int) -> None:
        self._entries: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()
        self._size = size

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._entries.get(key)
            if value is not None:
                self._entries.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            self._drop_oldest()

    def get_or_add(self, key: K, make: Callable[[], V]) -> V:
        """Return the entry for ``key``, adding ``make()`` first when there is none."""
        with self._lock:
            value = self._entries.get(key)
            if value is None:
                value = self._entries[key] = make()
                self._drop_oldest()
            else:
                self._entries.move_to_end(key)
            return value

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def _drop_oldest(self) -> None:
        while len(self._entries) > self._size:
            self._entries.popitem(last=False)
