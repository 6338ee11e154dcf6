"""Fair randomness: every shuffle and roll is derived from the table's secret seed.

The same seed and labels always give the same numbers, so a finished table can be replayed and
checked by anyone once the seed is revealed; the seed's hash is shown while the game runs.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def new_seed() -> str:
    """Return a fresh secret seed (64 hex characters)."""
    return secrets.token_hex(32)


def seed_hash(seed: str) -> str:
    """Return the SHA-256 of the seed, shown to the table before the seed is revealed."""
    return hashlib.sha256(seed.encode()).hexdigest()


def rng_for(seed: str, *labels: object) -> random.Random:
    """Return a generator determined by the seed and the labels (e.g. ``"dice", 12``)."""
    material = ":".join([seed, *(str(label) for label in labels)]).encode()
    return random.Random(int.from_bytes(hashlib.sha256(material).digest(), "big"))


def shuffled(items: Sequence[T], seed: str, *labels: object) -> tuple[T, ...]:
    """Return ``items`` shuffled by the generator for ``seed`` and ``labels``."""
    deck = list(items)
    rng_for(seed, *labels).shuffle(deck)
    return tuple(deck)


def roll(count: int, sides: int, seed: str, *labels: object) -> tuple[int, ...]:
    """Return ``count`` rolls of a ``sides``-sided die."""
    rng = rng_for(seed, *labels)
    return tuple(rng.randint(1, sides) for _ in range(count))
