"""The game contract: what every registered game provides (``Game``), its setup, and the entries it folds.

Everything under ``companion/games/`` is pure Python. The values a game trades in have a module
each: :mod:`~companion.games.words` (translatable messages), :mod:`~companion.games.options`
(rule options), :mod:`~companion.games.moves` (the move records) and
:mod:`~companion.games.scores` (the scoreboard).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias, TypeVar

from companion.games.words import N_, RuleError

if TYPE_CHECKING:
    from companion.games.mechanics.catalogue import Catalogue
    from companion.games.moves import Move, Viewer
    from companion.games.options import RuleOption
    from companion.games.scores import Scoreboard

Payload: TypeAlias = Mapping[str, Any]
T = TypeVar("T")


def evolve(value: T, **changes: Any) -> T:
    """Return a copy of a frozen dataclass with some fields changed (``dataclasses.replace`` without ``__init__``).

    Kept for the fold: it makes a state per entry, and ``replace`` (which runs ``__init__`` and its
    checks again) made the fold of 50,000 applied entries 1.8–2.3 times as long (docs/benchmarks.md,
    "Tuning removed"), a cold board of a long table past its 500 ms.
    """
    copy = object.__new__(type(value))
    copy.__dict__.update(value.__dict__)
    copy.__dict__.update(changes)
    return copy


# -- Setup -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Player:
    """A seat at the table."""

    seat: int
    name: str
    colour: str


@dataclass(frozen=True)
class Setup:
    """Everything fixed when a table starts: the game, the players, the options, the seed."""

    game: str
    players: tuple[Player, ...]
    options: Mapping[str, Any]
    seed: str

    def player(self, seat: int) -> Player:
        """Return the player in ``seat``."""
        for player in self.players:
            if player.seat == seat:
                return player
        raise RuleError(N_("There is no seat {seat} at this table."), seat=seat)

    @property
    def seats(self) -> tuple[int, ...]:
        """Seat numbers in seat order."""
        return tuple(player.seat for player in self.players)


@dataclass(frozen=True)
class Event:
    """One entry of a table's ledger, as the games see it."""

    seq: int
    kind: str
    payload: Payload
    author: int | None = None
    at: datetime | None = None
    by_host: bool = False


# -- The contract ------------------------------------------------------------------------------


class Game(Protocol):
    """What a registered game provides. State objects are the game's own frozen values.

    A game is one package under ``companion/games/``: its rules, its cards and sheets as data,
    its view per seat and its templates. The table adds what every table has (tally, dice, seats,
    undo) and dispatches each move through its :class:`Move` record.
    """

    @property
    def slug(self) -> str:
        """The registry key, e.g. ``mission-red-planet``."""

    @property
    def name(self) -> str:
        """The game's name (a message id)."""

    @property
    def bgg_id(self) -> int | None:
        """The game's BoardGameGeek id (for BG Stats), or None when there is no single one."""

    @property
    def min_players(self) -> int:
        """Fewest players."""

    @property
    def max_players(self) -> int:
        """Most players."""

    @property
    def options(self) -> tuple[RuleOption, ...]:
        """Rule options with their defaults."""

    @property
    def moves(self) -> tuple[Move, ...]:
        """The game's own moves, each declared once."""

    @property
    def tally_categories(self) -> tuple[TallyCategory, ...]:
        """Categories the table's tally sheet starts with."""

    @property
    def table_extras(self) -> bool:
        """True when the game is kept on the table's tally sheet and dice tray (a score pad).

        A modelled game keeps every point in its own state: its tables have neither, so that no
        phone records a point the score would ignore.
        """

    @property
    def templates(self) -> str | None:
        """Folder of the game's templates (``_public.html`` and ``_private.html``), or None without a panel."""

    @property
    def catalogue(self) -> Catalogue | None:
        """How the game's cards are a catalogue file, or None when the server keeps no catalogue of them."""

    def check_setup(self, setup: Setup) -> None:
        """Raise :class:`RuleError` if the players and options cannot play this game."""

    def initial_state(self, setup: Setup) -> Any:
        """Return the game's state before any event."""

    def score(self, setup: Setup, state: Any, tally: Any) -> Scoreboard:
        """Return the scoreboard of ``state`` (``tally`` is the table's tally sheet)."""

    def view(self, setup: Setup, state: Any, viewer: Viewer) -> Any:
        """Return what ``viewer``'s phone may see and do on the game's panel; secrets are removed here."""

    def reference(self) -> tuple[str, ...]:
        """Return extra Markdown lines for docs/events.md (e.g. the boxes of a score sheet)."""


# A tally's bounds, wide enough for the money of a trading game: a tap cannot make a count run away.
TALLY_LIMIT = 999_999


@dataclass(frozen=True)
class TallyCategory:
    """A counter on the tally sheet and how it turns into points.

    ``per_unit`` multiplies the count; ``ladder`` (if given) maps a count n to ``ladder[n]``;
    ``scores`` false means the counter only breaks ties.
    """

    key: str
    label: str
    per_unit: int = 1
    ladder: tuple[int, ...] = ()
    scores: bool = True
    minimum: int = -TALLY_LIMIT
    maximum: int = TALLY_LIMIT

    def points(self, count: int) -> int:
        """Return the points that ``count`` is worth."""
        if not self.scores:
            return 0
        if self.ladder:
            return self.ladder[min(max(count, 0), len(self.ladder) - 1)]
        return count * self.per_unit
