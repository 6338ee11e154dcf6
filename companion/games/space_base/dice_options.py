"""The ways one phone may take the dice of a roll, for its own seat or another's, and what each gives."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement, product

from companion.games.contract import Player
from companion.games.space_base.cards import DIRECTIONS
from companion.games.space_base.rewards import INDIVIDUAL, SUM, Gain, chosen_sectors, gain_for, needs_direction
from companion.games.space_base.state import Console


@dataclass(frozen=True)
class Option:
    """One way to take the dice for this phone's seat, and what it gives."""

    choice: str
    sectors: tuple[int, ...]
    gain: Gain
    ways: tuple[str | None, ...] = ()  # per sector, the way its two-way arrow points (None: no such arrow)

    @property
    def arrows(self) -> tuple[tuple[int, str], ...]:
        """The sectors whose two-way arrow this option points, and which way: what its button says."""
        return tuple((sector, way) for sector, way in zip(self.sectors, self.ways, strict=False) if way is not None)


def take_options(console: Console, dice: tuple[int, int], own_turn: bool) -> tuple[Option, ...]:
    """Return every way to take ``dice``: both dice or the sum, and each die's two-way arrow either way."""
    options: list[Option] = []
    for choice in (INDIVIDUAL, SUM):
        sectors = chosen_sectors(dice, choice)
        per_sector = [
            tuple(DIRECTIONS) if needs_direction(console, (number,), own_turn) else (None,) for number in sectors
        ]
        # A double taken as two dice: left then right pays as right then left, so it is offered once.
        combos = combinations_with_replacement(per_sector[0], 2) if len(set(sectors)) < len(sectors) else None
        for ways in combos or product(*per_sector):
            gain = Gain()
            for number, way in zip(sectors, ways, strict=True):
                gain = gain.plus(gain_for(console, (number,), own_turn, None if way is None else DIRECTIONS[way]))
            options.append(Option(choice, sectors, gain, ways if any(ways) else ()))
    return tuple(options)


@dataclass(frozen=True)
class SeatOptions:
    """The ways one player may take the dice of this roll."""

    player: Player
    options: tuple[Option, ...]


@dataclass(frozen=True)
class Waiting:
    """A player the table still waits on for this roll, as one phone sees it."""

    player: Player
    # This phone's way to take the dice for that player (the host's, behind the "for another player"
    # switch; anyone's by the entry option); empty when it may not.
    options: tuple[Option, ...]
    # Say where the table waits that the host can take the dice for a phone that is gone: shown once
    # this phone has nothing of its own left to choose (right after a roll nobody's phone is gone).
    hint: bool
