"""Welcome to the Moon: what a score sheet is, and the arithmetic every adventure's sheet shares.

A sheet is a set of boxes a player fills in (each with its bounds), some spaces raced for across
the table, a number of system error boxes, and a function that turns the boxes into points by
category. Its tracks count the first box not crossed; its ladders the highest box reached.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from companion.games.scores import CategoryScore
from companion.games.words import N_, Message, msg

A_BOX = N_("a box of the sheet")  # a box a log line cannot name (every sheet's boxes have their own name)


@dataclass(frozen=True)
class SheetField:
    """One box (or count) of an adventure sheet that a player enters."""

    key: str
    label: str | Message
    maximum: int
    minimum: int = 0
    flag: bool = False  # a yes/no box (0 or 1)
    choices: tuple[tuple[int, str | Message], ...] = ()  # coded boxes: each value with its name on the sheet
    legacy: bool = False  # asked by older versions only: still scored, shown only where a value was entered
    short: str | Message | None = None  # a long label's first words, where a line must stay short (This turn)
    # The box as a log line names it, inside a sentence ("Ben set {log} to 7": "the plant track"), never the
    # form's label; and the unit its count is in on the sheet ("boxes": マス, "items": 個, "": a bare number).
    log: str | Message = A_BOX
    unit: str = ""

    @property
    def name(self) -> str | Message:
        """Return the box's name in few words (its label, unless the label is long)."""
        return self.label if self.short is None else self.short


@dataclass(frozen=True)
class BonusSpace:
    """A space whose bonus is raced for across the table: the first value in the earliest turn, the later after."""

    label: str | Message
    first: int
    later: int


@dataclass(frozen=True)
class Adventure:
    """An adventure's sheet: its fields, system error boxes, and how it scores."""

    number: int
    name: str
    fields: tuple[SheetField, ...]
    error_boxes: int
    score: Callable[[Mapping[str, int], int, int, Mapping[str, object]], list[CategoryScore]]
    majority: str = ""  # sheet field compared across the table for the 20/10/5 award, if any
    mission_reward: str = "points"  # "points", "rockets" (adventure 1) or "track" (adventure 5)
    circles_errors: bool = False  # adventure 1: errors are circled, then may be crossed off
    bonus_spaces: tuple[BonusSpace, ...] = ()  # 区画ボーナス raced for across the table (adventures 3 and 5)
    bonus_name: str = ""  # what reaching a bonus space is called on this sheet
    notes: tuple[str, ...] = ()  # how the sheet reads where the seed's words are short
    # The box an action's combo changes on this sheet, where the seed ties the action to one box (the
    # phone offers it under the cards while that combo is on the table); where the seed names none
    # (the box depends on where the number went), the phone offers the boxes its player entered last.
    action_boxes: Mapping[str, str] = dataclasses.field(default_factory=dict)


def track(values: tuple[int, ...], full: int, crossed: int) -> int:
    """Value of a track: the first uncrossed box, or ``full`` once every box is crossed."""
    return values[crossed] if crossed < len(values) else full


def ladder(values: tuple[int, ...], reached: int) -> int:
    """Value of the highest box reached on a ladder (0 boxes reached: the first value)."""
    return values[min(max(reached, 0), len(values) - 1)]


def line(key: str, label: str, points: int, detail: Message | None = None) -> CategoryScore:
    """Return one category of a sheet's score."""
    return CategoryScore(key, label, points, detail)


def error_line(errors: int) -> CategoryScore:
    """Return the line of the system errors marked: −5 each."""
    return line("system-errors", N_("System errors (−5 each)"), -5 * errors, msg(N_("{count} crossed"), count=errors))


def mission_line(missions: int) -> CategoryScore:
    """Return the line of the missions' points."""
    return line("missions", N_("Missions"), missions)


def bonus_points(spaces: tuple[BonusSpace, ...], context: Mapping[str, object]) -> dict[int, int]:
    """Points of each bonus space (numbered from 1) this player reached, first or later, by the table's entries."""
    reached: Mapping[int, bool] = context.get("bonuses", {})  # type: ignore[assignment]
    return {n: spaces[n - 1].first if first else spaces[n - 1].later for n, first in reached.items()}
