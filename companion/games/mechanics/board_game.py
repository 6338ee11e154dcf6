"""A game with a board model of its own, declared from the functions of its package.

Each modelled game's ``__init__`` builds one :class:`BoardGame` from its rules module (state,
moves, score) and its view; the table keeps the tally sheet and dice around it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.games.contract import Setup, TallyCategory
from companion.games.mechanics.catalogue import Catalogue
from companion.games.moves import Move, Viewer
from companion.games.options import RuleOption
from companion.games.scores import Scoreboard

if TYPE_CHECKING:
    from companion.games.news import News


@dataclass(frozen=True)
class BoardGame:
    """A registered game whose rules, view and templates live in its own package."""

    slug: str
    name: str
    min_players: int
    max_players: int
    options: tuple[RuleOption, ...]
    moves: tuple[Move, ...]
    templates: str | None
    check_setup: Callable[[Setup], None]
    initial_state: Callable[[Setup], Any]
    score_state: Callable[[Setup, Any], Scoreboard]
    view: Callable[[Setup, Any, Viewer], Any]
    reference_lines: tuple[str, ...] = ()
    tally_categories: tuple[TallyCategory, ...] = ()
    bgg_id: int | None = None  # BoardGameGeek, for BG Stats (None: BG Stats matches the play by name)
    table_extras: bool = False  # every point lives in the game's state: no tally sheet, no dice tray
    # Shuffle again, from the fresh seed of the second setup, what is still hidden in a state (undrawn
    # cards, a stack): an imported table's file chose its seed, and nothing it fixed may stay predictable.
    redraw_hidden: Callable[[Setup, Setup, Any], Any] | None = None
    # The seat whose turn it is (None before the game starts or after it ends): moves declared
    # ``who=ACTIVE`` are that seat's (or the host's).
    active_seat: Callable[[Any], int | None] | None = None
    catalogue: Catalogue | None = None  # the cards the server keeps, exports and imports as a file
    # What is news between two of the game's states beyond the turn, the end and undos (which the
    # table finds itself): a scoring round, a turn the game keeps without ``active_seat``.
    news: Callable[[Setup, Any, Any], Iterable[News]] | None = None
    # True once the game's own end has come (the table may still be open): the end is news then.
    is_over: Callable[[Any], bool] | None = None

    def score(self, setup: Setup, state: Any, tally: Any) -> Scoreboard:
        """Return the game's scoreboard (its own state holds every point: the tally is not counted)."""
        return self.score_state(setup, state)

    def reference(self) -> tuple[str, ...]:
        """Return extra Markdown lines for docs/events.md."""
        return self.reference_lines
