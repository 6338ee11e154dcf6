"""Full garbage collections that stop a server worker only for what is new since the last one.

CPython's collector (3.11) goes through every object it tracks on a full collection, and the whole
worker stops meanwhile: every open stream and every request waits. A worker holding 5,000 open
streams holds some 400,000 such objects (about 80 per stream: its connection, greenlet, parser,
response), and its full collections then take 300-500 ms on a 2-core machine; CPython starts one
whenever a quarter as many objects again have lived long enough, which short-lived objects of the
streams' bursts do too.

Here an object that survived a full collection counts as long-lived: it is frozen (``gc.freeze``),
and later full collections leave it out. Frozen objects are still freed by reference counting
when released (a closed stream is, entirely). Only garbage in reference cycles among them waits:
once the objects frozen since the last collection that went through everything (a sweep)
outnumber twice what that sweep kept, everything is unfrozen and the next full collection is a
sweep again (what CPython does on every full one). So such garbage never grows past twice the
worker's size at its last sweep; a sweep stops the worker as long as a full collection did
before, but only after that much growth or turnover. (Measured: 20 s of taps and board fetches
at full speed left 686 such objects, against 120,000 frozen.)

Counting frozen objects (``gc.get_freeze_count``) walks all of them, so it is not done while the
worker waits: each full collection counts only its own survivors, the objects it went through.
"""

from __future__ import annotations

import gc

TURNOVER_BEFORE_SWEEP = 2.0  # objects frozen since the last sweep, against what that sweep kept


class SurvivorFreezer:
    """Freezes the survivors of every full collection; sweeps everything again after enough of them."""

    def __init__(self, turnover_before_sweep: float = TURNOVER_BEFORE_SWEEP) -> None:
        self.turnover_before_sweep = turnover_before_sweep
        self.kept_by_last_sweep = 0
        self.frozen_since_sweep = 0
        self.sweep_due = False
        self.sweeps = 0

    def start(self) -> None:
        """Collect and freeze what exists now (the loaded app), then freeze each full collection's survivors."""
        if self.after_collection in gc.callbacks:
            return
        gc.collect()
        self.kept_by_last_sweep = len(gc.get_objects())
        gc.freeze()
        gc.callbacks.append(self.after_collection)

    def stop(self) -> None:
        """Stop freezing, and unfreeze everything (CPython's own behaviour again)."""
        if self.after_collection in gc.callbacks:
            gc.callbacks.remove(self.after_collection)
        gc.unfreeze()

    def after_collection(self, phase: str, info: dict[str, int]) -> None:
        """After a full collection: freeze its survivors, or unfreeze all when a sweep is due."""
        if phase != "stop" or info["generation"] != 2:
            return
        survivors = len(gc.get_objects(generation=2))  # the objects this collection went through and kept
        gc.freeze()
        if self.sweep_due:  # this collection went through everything
            self.sweep_due = False
            self.kept_by_last_sweep = survivors
            self.frozen_since_sweep = 0
            self.sweeps += 1
            return
        self.frozen_since_sweep += survivors
        if self.frozen_since_sweep > self.turnover_before_sweep * max(self.kept_by_last_sweep, 1):
            gc.unfreeze()  # the next full collection goes through everything (a collection cannot start one)
            self.sweep_due = True


survivors = SurvivorFreezer()
