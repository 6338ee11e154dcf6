"""A server worker's full garbage collections leave out what survived the ones before."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from companion.collector import SurvivorFreezer


class Node:
    """Something a worker holds: an open stream's parts, a cached state."""

    def __init__(self) -> None:
        self.other: Node | None = None


@pytest.fixture
def freezer() -> Iterator[SurvivorFreezer]:
    """A freezer on this process, whose collections happen only where a test asks for them."""
    freezer = SurvivorFreezer()
    enabled = gc.isenabled()
    gc.disable()
    freezer.start()
    try:
        yield freezer
    finally:
        freezer.stop()
        if enabled:
            gc.enable()


def test_what_is_loaded_at_start_is_left_out_of_collections(freezer: SurvivorFreezer) -> None:
    assert gc.get_freeze_count() > 1000  # this process's modules, functions, classes
    assert freezer.frozen_after_sweep > 1000


def test_the_survivors_of_a_full_collection_are_left_out_of_the_next(freezer: SurvivorFreezer) -> None:
    held = [Node() for _ in range(5000)]
    before = gc.get_freeze_count()
    gc.collect()
    assert gc.get_freeze_count() >= before + len(held)
    assert not any(node is held[0] for node in gc.get_objects())  # the collector no longer goes through it


def test_a_frozen_object_is_still_freed_when_released(freezer: SurvivorFreezer) -> None:
    node = Node()
    gone = weakref.ref(node)
    gc.collect()
    del node  # a closed stream: nothing refers to it any more
    assert gone() is None


def test_garbage_cycles_among_frozen_objects_are_swept_once_the_frozen_objects_tripled(
    freezer: SurvivorFreezer,
) -> None:
    first, second = Node(), Node()
    first.other, second.other = second, first  # a reference cycle: only a collection frees it
    gone = weakref.ref(first)
    gc.collect()
    del first, second
    gc.collect()
    assert gone() is not None, "frozen: full collections leave it out"

    growth = [Node() for _ in range(int(freezer.frozen_after_sweep * 2.2))]  # the worker grows threefold
    gc.collect()  # survivors frozen: now three times as many as after the last sweep, so all are unfrozen
    assert gc.get_freeze_count() == 0
    gc.collect()  # the next full collection goes through everything
    assert gone() is None
    assert freezer.sweeps == 1
    assert freezer.frozen_after_sweep >= len(growth)
