"""Results: the results page of a table, its exports, and the finished tables a phone played or hosted."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from sqlalchemy import Engine

from companion.exports import SOURCE_NAME, bgstats_link, bgstats_push
from companion.games import kinds
from companion.games.news import over
from companion.games.registry import get_game
from companion.games.scores import Scoreboard
from companion.games.table import score
from companion.games.table_state import TableState
from companion.results import (
    FORMER_PLAYER,
    BarChart,
    BreakdownRow,
    PlayResult,
    Reveal,
    SeatResult,
    bar_chart,
    breakdown,
    play_result,
    reveal,
)
from companion.storage import plays, store
from companion.storage.store import TableInfo

if TYPE_CHECKING:  # the table records through keep_play below
    from companion.services.table import Table


def finished_plays(engine: Engine, *, device: str, hosted: Sequence[str] = ()) -> list[PlayResult]:
    """Return the finished tables a phone played (its device held a seat) or hosted (by code), newest first."""
    return plays.plays(engine, device=device, codes=hosted)


@dataclass(frozen=True)
class ResultsView:
    """What the results page shows, computed here so that the template only displays."""

    state: TableState
    board: Scoreboard
    seats: tuple[SeatResult, ...]  # in rank order, names as shown
    winners: tuple[str, ...]
    rows: tuple[BreakdownRow, ...]
    chart: BarChart
    ended: bool
    game_over: bool  # the game says its end has come, though the table has not been ended yet
    reveal: Reveal | None  # the winner and how it was settled, shown first once the table has ended
    seed_hash: str
    bgstats_link: str | None  # sends the ended play to the BG Stats app


def results_view(table: Table, translate: Callable[[str], str]) -> ResultsView:
    """Return the results of a table: ranks, winners, breakdown rows and chart (names of forgotten
    players replaced), the reveal and the BG Stats link once it has ended, the seed's hash."""
    engine, state, board = table.tables.engine, table.state, table.scoreboard
    info = table.info
    play = play_result(info.code, info.setup, board, {}, info.created_at)
    link = None
    if state.ended:
        kept = keep_play(engine, info, state)  # kept when the table ended; this heals a table that ended before
        game = table.game
        link = bgstats_link(bgstats_push(kept, translate(game.name), game.bgg_id, translate(SOURCE_NAME)))
        forgotten = plays.forgotten_seats(engine, table_id=info.id)
        play = replace(
            play,
            seats=tuple(
                replace(seat, name=translate(FORMER_PLAYER), forgotten=True) if seat.seat in forgotten else seat
                for seat in play.seats
            ),
        )
    rows = breakdown(play.seats)
    return ResultsView(
        state=state,
        board=board,
        seats=play.seats,
        winners=tuple(seat.name for seat in play.winners),
        rows=rows,
        chart=bar_chart(play.seats, rows),
        ended=state.ended,
        game_over=over(table.game, state),
        reveal=reveal(board) if state.ended else None,
        seed_hash=table.seed_hash,
        bgstats_link=link,
    )


def export_play(table: Table) -> PlayResult | None:
    """Return the kept result of an ended table (for the CSV and BG Stats exports), or None while it runs."""
    engine = table.tables.engine
    play = kept_play(engine, table.info)
    if play is None and table.state.ended:
        play = keep_play(engine, table.info, table.state)
    return play


def keep_play(engine: Engine, table: TableInfo, state: TableState) -> PlayResult:
    """Keep the result of an ended table for the history (once; later calls return the kept one)."""
    ended_at = next((e.at for e in reversed(state.events) if e.kind == kinds.TABLE_END and e.at), None)
    board = score(get_game(table.setup.game), state)
    time_zone = store.table_time_zone(engine, table.id)  # a joining phone may have given it since the row was read
    play = play_result(table.code, table.setup, board, state.claims, ended_at or table.created_at, time_zone)
    play = replace(play, imported=table.imported)
    plays.save_play(engine, table_id=table.id, play=play)
    return kept_play(engine, table) or play


def kept_play(engine: Engine, table: TableInfo) -> PlayResult | None:
    """Return the kept result of a table, if it has ended."""
    found = plays.plays(engine, table_id=table.id, limit=1)
    return found[0] if found else None
