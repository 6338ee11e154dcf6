"""The state of a Space Base table: every console's sectors and tracks, the dice, the turn, the end.

A console is a player's row of sectors 1–12: each holds one stationed card (its blue reward
pays on the owner's turn) and the cards deployed under it (their red rewards pay on other
players' turns), with the charge tokens on each. Stationing a card deploys the one it replaces.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from companion.games.appendable import Appendable
from companion.games.contract import Setup, evolve
from companion.games.space_base.cards import Card
from companion.games.words import N_, Message, RuleError, listing

SLUG = "space-base"
STATION = 0  # a card's place in its sector: 0 = stationed, n = the n-th deployed card

# Sources of VP on the results.
SOURCE_STATIONS, SOURCE_DEPLOYED, SOURCE_COLONIES, SOURCE_ABILITIES = "stations", "deployed", "colonies", "abilities"


@dataclass(frozen=True)
class Sector:
    """One sector of a console: the stationed card, the deployed ones, and their charge tokens."""

    station: Card
    deployed: tuple[Card, ...] = ()
    charges: int = 0  # on the stationed card
    deployed_charges: tuple[int, ...] = ()  # on each deployed card, in the order of ``deployed``

    @property
    def colonised(self) -> bool:
        """True once a colony stands here: no more ships are stationed in this sector."""
        return self.station.is_colony

    def card(self, place: int) -> Card:
        """Return the card at ``place`` (0 = stationed, n = the n-th deployed), or raise RuleError."""
        if place == STATION:
            return self.station
        if 1 <= place <= len(self.deployed):
            return self.deployed[place - 1]
        raise RuleError(N_("There is no deployed card number {place} there."), place=place)

    def tokens(self, place: int) -> int:
        """Return the charge tokens on the card at ``place``."""
        if place == STATION:
            return self.charges
        return self.deployed_charges[place - 1] if place <= len(self.deployed_charges) else 0

    def with_tokens(self, place: int, tokens: int) -> Sector:
        """Return the sector with ``tokens`` on the card at ``place``."""
        if place == STATION:
            return evolve(self, charges=tokens)
        padded = list(self.deployed_charges) + [0] * (len(self.deployed) - len(self.deployed_charges))
        padded[place - 1] = tokens
        return evolve(self, deployed_charges=tuple(padded))


@dataclass(frozen=True)
class Console:
    """One player's console and tracks."""

    credits: int
    income: int = 0
    vp: int = 0
    sectors: Mapping[int, Sector] = field(default_factory=dict)
    bought_this_turn: bool = False
    vp_by_source: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class DiceRoll:
    """The active player's two dice, and each player's choice of sectors for them."""

    seat: int
    dice: tuple[int, int]
    in_app: bool
    choices: Mapping[int, str] = field(default_factory=dict)  # seat -> INDIVIDUAL, SUM, SHIFTED or DOUBLED
    before: tuple[tuple[int, int], ...] = ()  # the dice before each reroll of this turn, shown to all
    # False while the active player may still reroll (seed, ダイスリロール: after the own roll, the new dice
    # pay everyone): the others take the dice once the roll is final, as at the cardboard table.
    final: bool = True
    # Seats whose choice the app recorded when the roll became final: both ways paid them the same.
    recorded_for: tuple[int, ...] = ()


@dataclass(frozen=True)
class Throw:
    """The two dice a roll or a reroll left showing, by its entry: what the log says of it."""

    seq: int
    dice: tuple[int, int]


@dataclass(frozen=True)
class Recorded:
    """The seats whose choice the app recorded when entry ``seq`` made a roll final: what its log line says."""

    seq: int
    seats: tuple[int, ...]


@dataclass(frozen=True)
class SpaceBase:
    """The game: consoles, the turn order, the current turn and roll, the end and extra rounds."""

    consoles: Mapping[int, Console]
    started: bool = False
    order: tuple[int, ...] = ()  # seats in turn order, start player first
    turn: int = 0  # turns begun, all players together
    active: int | None = None
    roll: DiceRoll | None = None
    rolls: int = 0  # app rolls so far (roll-offs and rerolls included): each is numbered by the rolls before it
    throws: int = 0  # dice thrown so far (app or real, rerolls included): what a reroll screen showed
    set_dice: tuple[int, ...] = ()  # dice set by an ability for the active player's coming roll
    end_triggered_by: int | None = None
    extra_round: int = 0  # 0 = the regular game; n = the n-th extra round
    extra_players: tuple[int, ...] = ()
    extra_vp: Mapping[int, int] = field(default_factory=dict)  # VP gained in the current extra round
    extra_turns_left: tuple[int, ...] = ()
    over: bool = False
    winner_by_ability: int | None = None
    start_rolls: tuple[tuple[int, int], ...] = ()  # (seat, total) of the start-player roll-off
    thrown: Appendable[Throw] = field(default_factory=Appendable)  # every roll and reroll, in entry order
    recorded: Appendable[Recorded] = field(default_factory=Appendable)  # choices the app recorded, by entry

    def console(self, seat: int) -> Console:
        """Return ``seat``'s console."""
        return self.consoles[seat]


def kept_tokens(tokens: int, slots: int) -> int:
    """Tokens a card keeps when it changes side: as many as the new side has slots (none without)."""
    return min(tokens, slots)


def station(console: Console, card: Card) -> Console:
    """Station ``card`` in its sector; the one stationed there before is deployed (tokens kept on red slots)."""
    sector = console.sectors[card.sector]
    if sector.colonised:
        raise RuleError(N_("Sector {sector} holds a colony: no ship can be stationed there."), sector=card.sector)
    carried = kept_tokens(sector.charges, sector.station.red_slots)
    charges = (*_padded(sector), carried)
    placed = Sector(card, (*sector.deployed, sector.station), 0, charges)
    return evolve(console, sectors={**console.sectors, card.sector: placed})


def _padded(sector: Sector) -> tuple[int, ...]:
    """The tokens of every deployed card (states folded before deployed tokens were kept hold none)."""
    return tuple(sector.tokens(place) for place in range(1, len(sector.deployed) + 1))


def put_card(sector: Sector, place: int, card: Card, tokens: int) -> Sector:
    """Return ``sector`` with ``card`` at ``place``, keeping its tokens up to the slots of that side."""
    if place == STATION:
        return evolve(sector, station=card).with_tokens(STATION, kept_tokens(tokens, card.slots))
    deployed = list(sector.deployed)
    deployed[place - 1] = card
    return evolve(sector, deployed=tuple(deployed)).with_tokens(place, kept_tokens(tokens, card.red_slots))


def gain_vp(console: Console, amount: int, source: str) -> Console:
    """Add VP (never below 0) and book them under ``source``."""
    vp = max(console.vp + amount, 0)
    by_source = {**console.vp_by_source, source: console.vp_by_source.get(source, 0) + (vp - console.vp)}
    return evolve(console, vp=vp, vp_by_source=by_source)


def player_names(setup: Setup, seats: list[int] | tuple[int, ...]) -> Message:
    """Return the names of ``seats``, listed."""
    return listing(setup.player(seat).name for seat in seats)
