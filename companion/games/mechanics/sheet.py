"""Games scored from a tally sheet of their own categories, with their own tie-break chain.

This is how a game is played before it has a full board model: the table records each scoring
category per player, and the game turns the counts into points and settles ties its way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.contract import Setup, TallyCategory
from companion.games.mechanics.tally import TallySheet, tally_scoreboard
from companion.games.moves import Move, Viewer
from companion.games.options import RuleOption, applied_options
from companion.games.scores import Scoreboard
from companion.games.words import N_, RuleError, msg


@dataclass(frozen=True)
class SheetGame:
    """A game whose score sheet is a set of tally categories."""

    slug: str
    name: str
    min_players: int
    max_players: int
    tally_categories: tuple[TallyCategory, ...]
    tie_breakers: tuple[str, ...] = ()
    options: tuple[RuleOption, ...] = ()
    moves: tuple[Move, ...] = ()
    notes: tuple[str, ...] = ()
    templates: str | None = None
    table_extras: bool = True  # the tally sheet is the game's score sheet
    bgg_id: int | None = None
    catalogue: None = None  # a score sheet has no cards

    def check_setup(self, setup: Setup) -> None:
        """Raise RuleError unless the player count fits the game."""
        check_player_count(self.min_players, self.max_players, len(setup.players))

    def initial_state(self, setup: Setup) -> None:
        """A sheet game keeps everything on the tally sheet."""
        return None

    def score(self, setup: Setup, state: Any, tally: TallySheet) -> Scoreboard:
        """Return the standings from the tally sheet and the game's tie-break chain."""
        board = tally_scoreboard(setup, tally, self.tie_breakers, applied_options(self.options, setup.options))
        return Scoreboard(
            board.players,
            board.tie_break,
            board.options,
            tuple(msg(note) for note in self.notes),
        )

    def view(self, setup: Setup, state: Any, viewer: Viewer) -> None:
        """A sheet game has no panel: the tally sheet is its board."""
        return None

    def reference(self) -> tuple[str, ...]:
        """Nothing beyond the tally categories."""
        return ()


def check_player_count(minimum: int, maximum: int, count: int) -> None:
    """Raise RuleError unless ``minimum <= count <= maximum``."""
    if not minimum <= count <= maximum:
        raise RuleError(N_("This game is for {minimum}–{maximum} players."), minimum=minimum, maximum=maximum)
