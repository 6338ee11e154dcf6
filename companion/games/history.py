"""A table's ledger as an immutable sequence that appends in O(1) and may load its older part on demand.

Every state of a table holds its ledger. Copying the tuple of every entry on each append made an
append O(n); here all the states of a table share one growing list, and each state sees its own
first ``len`` entries of it. A state folded from a snapshot (after a restart) holds only the
entries after the snapshot: the older ones are fetched in chunks, through a loader the caller
gives, only when something asks for them (the log page, an undo's target).

Entries are numbered 1, 2, 3… without gaps (the store numbers them so), so entry ``seq`` sits at
index ``seq - 1``; a lazy prefix relies on that and checks it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import overload

from companion.games.contract import Event

CHUNK = 256

# Return the entries numbered ``after + 1`` to ``up_to``, in order.
Loader = Callable[[int, int], Sequence[Event]]


class _Shared:
    """The list the states of one table share, after an optional prefix loaded on demand."""

    def __init__(self, held: list[Event], offset: int, loader: Loader | None) -> None:
        self.held = held  # entries offset + 1, offset + 2, ...
        self.offset = offset  # entries 1..offset come from the loader
        self.loader = loader
        self.chunks: dict[int, Sequence[Event]] = {}
        self.lock = threading.Lock()

    def older(self, index: int) -> Event:
        number = index // CHUNK
        chunk = self.chunks.get(number)
        if chunk is None:
            assert self.loader is not None
            after, up_to = number * CHUNK, min((number + 1) * CHUNK, self.offset)
            chunk = tuple(self.loader(after, up_to))
            if len(chunk) != up_to - after or (chunk and chunk[0].seq != after + 1):
                raise LookupError(f"entries {after + 1} to {up_to} are not numbered without gaps")
            self.chunks[number] = chunk
        return chunk[index - number * CHUNK]


class Events(Sequence[Event]):
    """The first ``len(self)`` entries of a table's ledger; :meth:`appended` shares the list when it can."""

    __slots__ = ("_length", "_shared")

    def __init__(self, events: Iterable[Event] = ()) -> None:
        held = list(events)
        self._shared = _Shared(held, 0, None)
        self._length = len(held)

    @classmethod
    def after_prefix(cls, length: int, loader: Loader) -> Events:
        """Return a ledger of ``length`` entries none of which is held yet: ``loader`` fetches them."""
        events = cls.__new__(cls)
        events._shared = _Shared([], length, loader)
        events._length = length
        return events

    @classmethod
    def _view(cls, shared: _Shared, length: int) -> Events:
        events = cls.__new__(cls)
        events._shared, events._length = shared, length
        return events

    def appended(self, added: Sequence[Event]) -> Events:
        """Return this ledger followed by ``added``: O(len(added)) unless another state already appended here."""
        shared = self._shared
        with shared.lock:
            if shared.offset + len(shared.held) == self._length:
                shared.held.extend(added)
                return Events._view(shared, self._length + len(added))
            start = self._length - shared.offset
            if shared.held[start : start + len(added)] == list(added):
                # Another state went on with these same entries (a stale state catching up with
                # what was stored meanwhile): share them.
                return Events._view(shared, self._length + len(added))
        # Another ledger went on from this one with other entries (a move decided but not stored): branch off.
        held = shared.held[: self._length - shared.offset]
        branch = _Shared([*held, *added], shared.offset, shared.loader)
        branch.chunks = shared.chunks
        return Events._view(branch, self._length + len(added))

    def prefix(self, length: int) -> Events:
        """Return the first ``length`` entries (shared, not copied)."""
        return Events._view(self._shared, min(length, self._length))

    def __len__(self) -> int:
        return self._length

    @property
    def last_seq(self) -> int:
        """The number of the last entry (0 when there is none): every request asks, without a look-up."""
        shared, length = self._shared, self._length
        if length > shared.offset:
            return shared.held[length - shared.offset - 1].seq
        return self[length - 1].seq if length else 0

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
        shared = self._shared
        if index >= shared.offset:
            return shared.held[index - shared.offset]
        return shared.older(index)

    def __iter__(self) -> Iterator[Event]:
        for index in range(self._length):
            yield self[index]

    def __reversed__(self) -> Iterator[Event]:
        for index in range(self._length - 1, -1, -1):
            yield self[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Events | tuple | list):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Events({len(self)} entries)"
