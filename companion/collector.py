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
once the frozen objects have tripled since the last collection that went through everything,
they are unfrozen, and the next full collection goes through everything once (what CPython
does on every full one), so such garbage never grows past twice what is alive. (Measured: 20 s
of taps and board fetches at full speed left 686 such objects, against 120,000 frozen.) A full
sweep stops the worker as long as before, but only when the worker has grown threefold.
"""

from __future__ import annotations

import gc

GROWTH_BEFORE_SWEEP = 3.0  # frozen objects, against their number after the last full sweep


class SurvivorFreezer:
    """Freezes the survivors of every full collection; sweeps everything again when they double."""

    def __init__(self, growth_before_sweep: float = GROWTH_BEFORE_SWEEP) -> None:
        self.growth_before_sweep = growth_before_sweep
        self.frozen_after_sweep = 0
        self.sweeps = 0

    def start(self) -> None:
        """Collect and freeze what exists now (the loaded app), then freeze each full collection's survivors."""
        gc.collect()
        gc.freeze()
        self.frozen_after_sweep = gc.get_freeze_count()
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
        swept = gc.get_freeze_count() == 0  # nothing was left out: this collection went through everything
        gc.freeze()
        frozen = gc.get_freeze_count()
        if swept:
            self.frozen_after_sweep = frozen
            self.sweeps += 1
        elif frozen > self.growth_before_sweep * max(self.frozen_after_sweep, 1):
            gc.unfreeze()  # the next full collection goes through everything (a collection cannot start one)


survivors = SurvivorFreezer()
