"""The tally sheet: per-player counters in named categories, and a scoreboard made from them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from companion.games.contract import Setup, TallyCategory, evolve
from companion.games.mechanics.ranking import TieBreaker, standings
from companion.games.scores import CategoryScore, Scoreboard
from companion.games.words import N_, RuleError, msg

POINTS = TallyCategory("points", N_("Points"))


@dataclass(frozen=True)
class TallySheet:
    """Categories in display order and the count of each (seat, category)."""

    categories: tuple[TallyCategory, ...]
    counts: Mapping[tuple[int, str], int] = field(default_factory=dict)

    def category(self, key: str) -> TallyCategory:
        """Return the category named ``key``."""
        for category in self.categories:
            if category.key == key:
                return category
        raise RuleError(N_("There is no tally category “{key}”."), key=key)

    def count(self, seat: int, key: str) -> int:
        """Return the count of ``key`` for ``seat`` (0 if never entered)."""
        return self.counts.get((seat, key), 0)

    def with_count(self, seat: int, key: str, value: int) -> TallySheet:
        """Return the sheet with one count set, after checking the category's bounds."""
        category = self.category(key)
        if not category.minimum <= value <= category.maximum:
            raise RuleError(
                N_("{label} must stay between {minimum} and {maximum}."),
                label=msg(category.label),
                minimum=category.minimum,
                maximum=category.maximum,
            )
        return evolve(self, counts={**self.counts, (seat, key): value})

    def with_category(self, label: str) -> TallySheet:
        """Return the sheet with a new user-named points category."""
        if any(c.label.casefold() == label.casefold() for c in self.categories):
            raise RuleError(N_("There is already a category called “{label}”."), label=label)
        if len(self.categories) >= 20:
            raise RuleError(N_("A tally sheet holds at most 20 categories."))
        key = f"c{len(self.categories) + 1}"
        return evolve(self, categories=(*self.categories, TallyCategory(key, label)))

    def breakdown(self, seat: int) -> tuple[CategoryScore, ...]:
        """Return the points of each scoring category for ``seat``."""
        return tuple(
            CategoryScore(c.key, c.label, c.points(self.count(seat, c.key))) for c in self.categories if c.scores
        )


def new_sheet(categories: Sequence[TallyCategory]) -> TallySheet:
    """Return an empty sheet with the game's categories (or a single Points category)."""
    return TallySheet(tuple(categories) or (POINTS,))


def tally_scoreboard(
    setup: Setup,
    sheet: TallySheet,
    tie_breakers: Sequence[str] = (),
    options: tuple[tuple[str, str], ...] = (),
) -> Scoreboard:
    """Return the standings of a tally sheet; ``tie_breakers`` are category keys, in order."""
    breakdowns = {seat: sheet.breakdown(seat) for seat in setup.seats}
    chain = [
        TieBreaker(sheet.category(key).label, {seat: sheet.count(seat, key) for seat in setup.seats})
        for key in tie_breakers
    ]
    players, explanation = standings(setup, breakdowns, chain)
    return Scoreboard(players, explanation, options)
