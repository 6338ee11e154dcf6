"""A table's ledger (and its dice tray) as immutable sequences that append in O(1).

Every state of a table holds its ledger. Copying the tuple of every entry on each append made an
append O(n), and a fold of n entries O(n²); here all the states of a table share one growing
list, and each state sees its own first ``len`` entries of it.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Sequence
from typing import Generic, Self, TypeVar, overload

from companion.games.contract import Event

T = TypeVar("T")


class _Shared(Generic[T]):
    """The list the states of one table share."""

    def __init__(self, held: list[T]) -> None:
        self.held = held
        self.lock = threading.Lock()


class Appendable(Sequence[T]):
    """The first ``len(self)`` items of a list that the states of one table share; :meth:`appended`
    shares the list when it can."""

    __slots__ = ("_length", "_shared")

    def __init__(self, items: Iterable[T] = ()) -> None:
        held = list(items)
        self._shared: _Shared[T] = _Shared(held)
        self._length = len(held)

    @classmethod
    def _view(cls, shared: _Shared[T], length: int) -> Self:
        view = cls.__new__(cls)
        view._shared, view._length = shared, length
        return view

    def appended(self, added: Sequence[T]) -> Self:
        """Return this ledger followed by ``added``: O(len(added)) unless another state already appended here."""
        shared = self._shared
        with shared.lock:
            if len(shared.held) == self._length:
                shared.held.extend(added)
                return self._view(shared, self._length + len(added))
            if shared.held[self._length : self._length + len(added)] == list(added):
                # Another state went on with these same items (a stale state catching up with
                # what was stored meanwhile): share them.
                return self._view(shared, self._length + len(added))
        # Another state went on from this one with other items (a move decided but not stored): branch off.
        return self._view(_Shared([*shared.held[: self._length], *added]), self._length + len(added))

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[T]: ...

    def __getitem__(self, index: int | slice) -> T | Sequence[T]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(self._length)))
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("ledger index out of range")
        return self._shared.held[index]

    def __iter__(self) -> Iterator[T]:
        held = self._shared.held
        for index in range(self._length):
            yield held[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Appendable | tuple | list):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[type[Self], tuple[list[T]]]:
        """Pickle the items alone (a kept fold): the list shared with other states, and its lock, stay here."""
        return type(self), (list(self),)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({len(self)} items)"


class Events(Appendable[Event]):
    """A table's ledger: its entries, numbered 1, 2, 3… in order."""

    __slots__ = ()

    @property
    def last_seq(self) -> int:
        """The number of the last entry (0 when there is none)."""
        return self[-1].seq if self else 0
