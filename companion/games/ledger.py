"""A table's ledger as an immutable sequence that appends in O(1).

Every state of a table holds its ledger. Copying the tuple of every entry on each append made an
append O(n); here all the states of a table share one growing list, and each state sees its own
first ``len`` entries of it.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Sequence
from typing import overload

from companion.games.contract import Event


class _Shared:
    """The list the states of one table share."""

    def __init__(self, held: list[Event]) -> None:
        self.held = held
        self.lock = threading.Lock()


class Events(Sequence[Event]):
    """The first ``len(self)`` entries of a table's ledger; :meth:`appended` shares the list when it can."""

    __slots__ = ("_length", "_shared")

    def __init__(self, events: Iterable[Event] = ()) -> None:
        held = list(events)
        self._shared = _Shared(held)
        self._length = len(held)

    @classmethod
    def _view(cls, shared: _Shared, length: int) -> Events:
        events = cls.__new__(cls)
        events._shared, events._length = shared, length
        return events

    def appended(self, added: Sequence[Event]) -> Events:
        """Return this ledger followed by ``added``: O(len(added)) unless another state already appended here."""
        shared = self._shared
        with shared.lock:
            if len(shared.held) == self._length:
                shared.held.extend(added)
                return Events._view(shared, self._length + len(added))
            if shared.held[self._length : self._length + len(added)] == list(added):
                # Another state went on with these same entries (a stale state catching up with
                # what was stored meanwhile): share them.
                return Events._view(shared, self._length + len(added))
        # Another ledger went on from this one with other entries (a move decided but not stored): branch off.
        return Events._view(_Shared([*shared.held[: self._length], *added]), self._length + len(added))

    def __len__(self) -> int:
        return self._length

    @property
    def last_seq(self) -> int:
        """The number of the last entry (0 when there is none)."""
        return self._shared.held[self._length - 1].seq if self._length else 0

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | Sequence[Event]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(self._length)))
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("ledger index out of range")
        return self._shared.held[index]

    def __iter__(self) -> Iterator[Event]:
        held = self._shared.held
        for index in range(self._length):
            yield held[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Events | tuple | list):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Events({len(self)} entries)"
