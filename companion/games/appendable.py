"""A table's ledger (and its dice tray) as immutable sequences that every later state shares.

Every state of a table holds its ledger and its dice tray, and a fold makes a state per entry: a
tuple copied on each append would make a fold of n entries O(n²). An :class:`Appendable` is its
items in full blocks of :data:`BLOCK` and a tail of fewer; appending copies the short tail and,
every ``BLOCK`` items, the tuple of blocks (references, never the items), so a state shares the
blocks of the state before it. Nothing is ever changed in place: any thread may read or append.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import chain
from typing import Self, TypeVar, overload

from companion.games.contract import Event

T = TypeVar("T")

BLOCK = 64


class Appendable(Sequence[T]):
    """An immutable sequence; :meth:`appended` returns a longer one that shares this one's blocks."""

    __slots__ = ("_blocks", "_tail")

    def __init__(self, items: Iterable[T] = ()) -> None:
        held = tuple(items)
        cut = len(held) - len(held) % BLOCK
        self._blocks: tuple[tuple[T, ...], ...] = tuple(held[start : start + BLOCK] for start in range(0, cut, BLOCK))
        self._tail: tuple[T, ...] = held[cut:]

    def appended(self, added: Iterable[T]) -> Self:
        """Return this sequence followed by ``added`` (this one is left as it is)."""
        blocks, tail = self._blocks, self._tail + tuple(added)
        if len(tail) >= BLOCK:
            cut = len(tail) - len(tail) % BLOCK
            blocks += tuple(tail[start : start + BLOCK] for start in range(0, cut, BLOCK))
            tail = tail[cut:]
        longer = object.__new__(type(self))
        longer._blocks, longer._tail = blocks, tail
        return longer

    def __len__(self) -> int:
        return len(self._blocks) * BLOCK + len(self._tail)

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[T]: ...

    def __getitem__(self, index: int | slice) -> T | Sequence[T]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        blocks = self._blocks
        tail_start = len(blocks) * BLOCK
        if index < 0:
            index += tail_start + len(self._tail)
            if index < 0:
                raise IndexError("index out of range")
        if index >= tail_start:
            return self._tail[index - tail_start]
        block, offset = divmod(index, BLOCK)
        return blocks[block][offset]

    def __iter__(self) -> Iterator[T]:
        return chain(chain.from_iterable(self._blocks), self._tail)

    def __reversed__(self) -> Iterator[T]:
        return chain(reversed(self._tail), chain.from_iterable(reversed(block) for block in reversed(self._blocks)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Appendable):  # the same items are always cut into the same blocks
            return self._tail == other._tail and self._blocks == other._blocks
        if isinstance(other, tuple | list):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[type[Self], tuple[tuple[T, ...]]]:
        """Pickle the items (a kept fold)."""
        return type(self), (tuple(self),)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({len(self)} items)"


class Events(Appendable[Event]):
    """A table's ledger: its entries, numbered 1, 2, 3… in order."""

    __slots__ = ()

    @property
    def last_seq(self) -> int:
        """The number of the last entry (0 when there is none)."""
        return self[-1].seq if self else 0
