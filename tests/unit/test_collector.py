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


def collected_by_the_collector(thing: object) -> bool:
    """Whether full collections still go through ``thing`` (frozen objects are left out)."""
    return any(other is thing for other in gc.get_objects())


@pytest.fixture
def collections_on_request() -> Iterator[None]:
    """This process's collections happen only where a test asks for them, and nothing stays frozen."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.unfreeze()
        if enabled:
            gc.enable()


@pytest.fixture
def freezer(collections_on_request: None) -> Iterator[SurvivorFreezer]:
    freezer = SurvivorFreezer()
    try:
        freezer.start()
        yield freezer
    finally:
        freezer.stop()


def test_what_is_loaded_at_start_is_left_out_of_collections(freezer: SurvivorFreezer) -> None:
    assert not collected_by_the_collector(pytest)  # a module, loaded before the start
    assert freezer.kept_by_last_sweep > 1000  # this process's modules, functions, classes


def test_the_survivors_of_a_full_collection_are_left_out_of_the_next(freezer: SurvivorFreezer) -> None:
    held = [Node() for _ in range(5000)]
    assert collected_by_the_collector(held[0])
    gc.collect()
    assert not collected_by_the_collector(held[0])
    assert freezer.frozen_since_sweep >= len(held)


def test_a_frozen_object_is_still_freed_when_released(freezer: SurvivorFreezer) -> None:
    node = Node()
    gone = weakref.ref(node)
    gc.collect()
    assert not collected_by_the_collector(node)
    del node  # a closed stream: nothing refers to it any more
    assert gone() is None


def test_starting_twice_changes_nothing(freezer: SurvivorFreezer) -> None:
    freezer.start()
    assert gc.callbacks.count(freezer.after_collection) == 1


def test_garbage_cycles_among_frozen_objects_wait_for_the_next_sweep(collections_on_request: None) -> None:
    freezer = SurvivorFreezer(turnover_before_sweep=0.05)  # a sweep after little turnover, to keep the test small
    try:
        freezer.start()
        first, second = Node(), Node()
        first.other, second.other = second, first  # a reference cycle: only a collection frees it
        gone = weakref.ref(first)
        gc.collect()
        del first, second
        gc.collect()
        assert gone() is not None, "frozen: full collections leave it out"
        assert freezer.sweeps == 0

        turnover = [Node() for _ in range(int(freezer.kept_by_last_sweep * 0.06))]
        gc.collect()  # more was frozen since the last sweep than it allows: everything is unfrozen
        assert collected_by_the_collector(turnover[0])
        gc.collect()  # the sweep: goes through everything
        assert gone() is None
        assert freezer.sweeps == 1
        assert freezer.frozen_since_sweep == 0
        assert not collected_by_the_collector(turnover[0])
    finally:
        freezer.stop()
