"""What each phone sees of a table: its controls and the game's panel, the tally sheet, the log page, the scoreboard."""

from __future__ import annotations

import bisect
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.games import kinds
from companion.games.contract import Event
from companion.games.mechanics.randomness import seed_hash
from companion.games.moves import Control, Viewer
from companion.games.registry import get_game
from companion.games.scores import Scoreboard
from companion.games.table import describe, score, skip_reason, undo_chain, undoable, viewer
from companion.games.table_state import TableState


@dataclass(frozen=True)
class TallyCell:
    """One player's counter in one category."""

    seat: int
    count: int
    points: int
    editable: bool


@dataclass(frozen=True)
class TallyRow:
    """One category of the tally sheet across the table."""

    key: str
    label: str
    scores: bool
    cells: tuple[TallyCell, ...]


def tally_view(state: TableState, controls: Mapping[str, Control]) -> list[TallyRow]:
    """Return the tally sheet as rows of cells, marking the ones this phone may change."""
    if kinds.TALLY_ADD not in controls:
        return []  # a modelled game keeps its points in its own state: no tally sheet
    editable = set(controls[kinds.TALLY_ADD].seats)
    rows = []
    for category in state.tally.categories:
        cells = tuple(
            TallyCell(
                seat=player.seat,
                count=state.tally.count(player.seat, category.key),
                points=category.points(state.tally.count(player.seat, category.key)),
                editable=player.seat in editable,
            )
            for player in state.setup.players
        )
        rows.append(TallyRow(category.key, category.label, category.scores, cells))
    return rows


@dataclass(frozen=True)
class SeatView:
    """What one phone sees and may do at a table: its controls and the game's panel."""

    controls: Mapping[str, Control]
    panel: Any
    tally: list[TallyRow]
    viewer: Viewer


def seat_view(
    state: TableState, seat: int | None, host: bool, known: Mapping[str, tuple[Mapping[str, Any], ...]] | None = None
) -> SeatView:
    """Return what the phone of ``seat`` (or the host, or a spectator) sees and may do."""
    game = get_game(state.setup.game)
    phone = viewer(game, state, seat, host, known)
    panel = game.view(state.setup, state.game, phone)
    return SeatView(phone.controls, panel, tally_view(state, phone.controls), phone)


@dataclass(frozen=True)
class LogLine:
    """One row of the log page."""

    event: Event
    author: str
    text: Any
    voided: bool
    skipped: Any
    undoable: bool
    redo: bool  # its button brings an undone entry back (else it takes one away)
    entry: int  # the entry its button undoes or redoes: its own, or the one its chain of undos reaches


LOG_PAGE = 50


@dataclass(frozen=True)
class LogPage:
    """One page of the log, newest first, and where the next (older) page starts."""

    lines: list[LogLine]
    older: int | None


def log_page(state: TableState, seat: int | None, host: bool, before: int | None = None) -> LogPage:
    """Return up to :data:`LOG_PAGE` entries in plain words, newest first, from the one before ``before``.

    Undo is offered where this phone may undo. ``older`` is the ``before`` of the next page, or
    None on the last one. Only the page's entries are described: a long ledger costs no more.
    """
    game = get_game(state.setup.game)
    names = {p.seat: p.name for p in state.setup.players}
    events = state.events
    end = len(events) if before is None else bisect.bisect_left(events, before, key=lambda e: e.seq)
    start = max(0, end - LOG_PAGE)
    lines = []
    for index in range(end - 1, start - 1, -1):
        event = events[index]
        author = names.get(event.author, "") if event.author is not None else ""
        entry, depth = undo_chain(state, event)
        lines.append(
            LogLine(
                event=event,
                author=author,
                text=describe(game, state, event, seat),
                voided=event.seq in state.voided,
                skipped=skip_reason(game, state, event, seat),
                undoable=undoable(game, state, event, seat, host),
                redo=depth % 2 == 1,
                entry=entry.seq,
            )
        )
    return LogPage(lines, events[start].seq if start > 0 else None)


def latest_news(state: TableState) -> Any:
    """Return the newest entry in plain words (for the screen-reader announcement), or None."""
    if not state.events:
        return None
    return describe(get_game(state.setup.game), state, state.events[-1])


def scoreboard(state: TableState) -> Scoreboard:
    """Return the game's scoreboard for the table."""
    return score(get_game(state.setup.game), state)


def public_seed_hash(state: TableState) -> str:
    """Return the hash of the seed in force (safe to show at any time; after an import, the server's fresh one)."""
    return seed_hash(state.setup.seed)
