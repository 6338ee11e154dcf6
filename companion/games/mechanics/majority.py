"""Majority awards: who takes a pot, how ties split it, and what carries over."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

TIE_CARRIES = "carry"  # nobody takes anything; the whole pot stays
TIE_SPLITS_REMAINDER_CARRIES = "split-carry"  # split evenly; the remainder stays
TIE_SPLITS_REMAINDER_DISCARDED = "split-discard"  # split evenly; the remainder is discarded


@dataclass(frozen=True)
class PotAward:
    """How one pot was settled."""

    leaders: tuple[int, ...]
    shares: Mapping[int, int] = field(default_factory=dict)
    carried: int = 0
    discarded: int = 0

    @property
    def sole(self) -> bool:
        """True when exactly one seat had the majority."""
        return len(self.leaders) == 1


def leaders(counts: Mapping[int, int]) -> tuple[int, ...]:
    """Return the seats with the highest positive count (empty if nobody has any)."""
    best = max(counts.values(), default=0)
    if best <= 0:
        return ()
    return tuple(sorted(seat for seat, count in counts.items() if count == best))


def award_pot(counts: Mapping[int, int], pot: int, tie_policy: str) -> PotAward:
    """Award ``pot`` to the sole majority; settle ties by ``tie_policy``; nobody present keeps it."""
    top = leaders(counts)
    if not top or pot == 0:
        return PotAward(top, {}, carried=pot)
    if len(top) == 1:
        return PotAward(top, {top[0]: pot})
    if tie_policy == TIE_CARRIES:
        return PotAward(top, {}, carried=pot)
    each, remainder = divmod(pot, len(top))
    shares = {seat: each for seat in top} if each else {}
    if tie_policy == TIE_SPLITS_REMAINDER_CARRIES:
        return PotAward(top, shares, carried=remainder)
    return PotAward(top, shares, discarded=remainder)


def split_bonus(counts: Mapping[int, int], bonus: int) -> dict[int, int]:
    """Give ``bonus`` to the sole leader, or split it evenly (rounded down) among tied leaders."""
    top = leaders(counts)
    return {seat: bonus // len(top) for seat in top}
