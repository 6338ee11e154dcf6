"""Welcome to the Moon: the table as the rules keep it, turn by turn.

What is on the table (the three piles and the cards just flipped, or the solo hand), the missions
in play and who accomplished them, and what each player marked that the rules must know: system
errors, sabotages, bonus spaces, viruses and the sheet's boxes. Once a player triggers the end,
the turn the game ends with and why.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from companion.games.welcome_to_the_moon.cards import Card, Mission
from companion.games.words import Message

SLUG = "welcome-to-the-moon"
PILES = 3
PILE_SIZE = 21
LETTERS = ("A", "B", "C")  # the missions, and the solo cards


@dataclass(frozen=True)
class Completion:
    """A player accomplishing a mission on a turn, for the first or the later value."""

    seat: int
    turn: int
    first: bool


@dataclass(frozen=True)
class Activation:
    """Adventure 6: a virus activated for the whole table, by whom (None: recorded by the table) and why."""

    virus: str
    turn: int
    seat: int | None
    cause: str  # "mission", a sheet box key (plant-boxes, water-boxes), or "table"


@dataclass(frozen=True)
class Moon:
    """The table's deck, the missions in play, and every player's errors and sheet."""

    turn: int = 0
    piles: tuple[tuple[Card, ...], ...] = ()
    flipped: tuple[Card | None, ...] = ()
    discards: tuple[tuple[Card, ...], ...] = ()
    reshuffles: int = 0
    missions: tuple[Mission, ...] = ()
    completions: Mapping[str, tuple[Completion, ...]] = field(default_factory=dict)
    errors: Mapping[int, int] = field(default_factory=dict)
    crossed: Mapping[int, int] = field(default_factory=dict)  # adventure 1: circled errors crossed off
    sheets: Mapping[tuple[int, str], int] = field(default_factory=dict)
    full: frozenset[int] = frozenset()
    end_turn: int | None = None
    end_reasons: tuple[Message, ...] = ()
    # Solo
    deck: tuple[Card, ...] = ()
    hand: tuple[Card, ...] = ()
    chosen: bool = True
    set_aside: tuple[Card, ...] = ()
    solo_seen: Mapping[str, int] = field(default_factory=dict)
    astra: Mapping[str, int] = field(default_factory=dict)
    # Our own components: the combos entered for this turn, and every card identified as turned.
    entered: tuple[tuple[int, str], ...] = ()
    paper_totals: Mapping[int, int] = field(default_factory=dict)  # seat -> total scored on paper
    turned: tuple[tuple[int, int, str], ...] = ()  # (turn, number, action)
    # Table-wide events (version 2)
    sabotages: Mapping[int, int] = field(default_factory=dict)  # adventure 1: sabotage spaces used, by seat
    astra_sabotages: int = 0  # adventure 1 solo: sabotage spaces ASTRA crossed off
    bonuses: Mapping[int, tuple[Completion, ...]] = field(default_factory=dict)  # bonus space -> who reached it
    viruses: tuple[Activation, ...] = ()  # adventure 6, in order of activation
    infections: Mapping[int, int] = field(default_factory=dict)  # seat -> activations it has infected for
    astra_bonuses: tuple[int, ...] = ()  # solo, adventures 3 and 5: bonus spaces whose first value ASTRA crossed off
    # Once per turn (entries that say their turn): the turns of each seat's own system errors and sabotages
    error_turns: Mapping[int, frozenset[int]] = field(default_factory=dict)
    sabotage_turns: Mapping[int, frozenset[int]] = field(default_factory=dict)
    recent: Mapping[int, tuple[str, ...]] = field(default_factory=dict)  # seat -> sheet boxes it entered last
    # Adventure 1: seat -> the rockets its missions had given when it last entered its rocket track (those are
    # crossed off; any given since are still to cross off)
    rockets_entered: Mapping[int, int] = field(default_factory=dict)

    def combos(self) -> tuple[tuple[int, str], ...]:
        """The three (number, action) combos now on the table (none before the first flip)."""
        if self.entered:
            return self.entered
        if self.turn == 0 or not self.piles:
            return ()
        return tuple((pile[0].number, card.action) for pile, card in zip(self.piles, self.flipped, strict=True) if card)
