"""The ways one phone may take the dice of a roll, for its own seat or another's, and what each gives.

Once a roll is final, the app records the choice of every player whom both ways pay the same (for
the other players nothing at all, most often; for the active player, their blue rewards): nobody
taps for a choice that changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations_with_replacement, product

from companion.games.contract import Event, Player, Setup, evolve
from companion.games.space_base.abilities import abilities_now, charged_cards
from companion.games.space_base.cards import DIRECTIONS, DOUBLE, EXCHANGE, SHIFT, SWAP
from companion.games.space_base.rewards import INDIVIDUAL, SUM, Gain, chosen_sectors, gain_for, needs_direction, take
from companion.games.space_base.state import Console, Recorded, SpaceBase


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


def waits_on(state: SpaceBase) -> int | None:
    """Return the active seat while its roll waits on their Reroll (the others take the dice after), else None."""
    roll_ = state.roll
    return roll_.seat if roll_ is not None and not roll_.final else None


def may_choose(state: SpaceBase, seat: int) -> bool:
    """True when ``seat`` may take the dice now: the roll is final, or it is their own."""
    roll_ = state.roll
    return roll_ is not None and (roll_.final or seat == roll_.seat)


def _same(gain: Gain) -> tuple[object, ...]:
    """A gain as a value to compare: the same rewards whatever the order they came in."""
    return (gain.credits, gain.income, gain.vp, tuple(sorted(gain.charges.items())), tuple(sorted(gain.abilities)))


# The abilities that change what a roll pays a player who uses them before taking the dice: the sum
# moved right, a sector paid again, two sectors' cards swapped, a card moved (seed, 効果詳細).
CHANGES_THE_PAY = frozenset({SHIFT, DOUBLE, SWAP, EXCHANGE})


def equal_choice(state: SpaceBase, seat: int) -> Option | None:
    """Return the way the app takes the dice for ``seat``, or None when they are asked.

    Asked: a player already chosen or not in the extra round, a player whose ways pay differently
    or pay an ability done by hand, and a player who may use an ability now that changes what the
    roll pays them (dice shift, 2X, Swap, Exchange). The active player too is spared the tap when
    both ways pay their blue rewards the same.
    """
    roll_ = state.roll
    if roll_ is None or not roll_.final or seat in roll_.choices:
        return None
    if state.extra_round and seat not in state.extra_players:
        return None
    for _number, _place, card, tokens in charged_cards(state, seat):
        needed = card.ability.tokens if card.ability is not None else 1
        if tokens >= needed and CHANGES_THE_PAY & set(abilities_now(state, seat, card)):
            return None
    options = take_options(state.console(seat), roll_.dice, own_turn=seat == roll_.seat)
    first = options[0]
    if first.gain.abilities or any(_same(option.gain) != _same(first.gain) for option in options):
        return None
    return first


def record_equal(state: SpaceBase, seq: int) -> SpaceBase:
    """Record the choice of every player whom both ways pay the same, once entry ``seq`` made the roll final."""
    assert state.roll is not None
    players = state.extra_players if state.extra_round else state.order
    seats = []
    for seat in players:
        option = equal_choice(state, seat)
        if option is not None:
            state = take(state, seat, option.choice, option.gain)
            seats.append(seat)
    if not seats:
        return state
    assert state.roll is not None
    return evolve(
        state,
        roll=evolve(state.roll, recorded_for=(*state.roll.recorded_for, *seats)),
        recorded=state.recorded.appended((Recorded(seq, tuple(seats)),)),
    )


Apply = Callable[[Setup, SpaceBase, Event], SpaceBase]


def recording_equal(apply: Apply) -> Apply:
    """Return ``apply`` followed by :func:`record_equal` when the entry makes a roll final (or throws new dice)."""

    def applied(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
        after = apply(setup, state, event)
        roll_, before = after.roll, state.roll
        if roll_ is None or not roll_.final:
            return after
        if before is not None and before.final and after.throws == state.throws:
            return after
        return record_equal(after, event.seq)

    return applied
