"""Results: the results page of a table, its exports, and the finished tables a phone played or hosted."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from sqlalchemy import Engine

from companion.exports import SOURCE_NAME, bgstats_link, bgstats_push
from companion.games.news import over
from companion.games.registry import get_game
from companion.games.scores import Scoreboard
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
from companion.services.play import keep_play, kept_play
from companion.services.screens import public_seed_hash, scoreboard
from companion.services.states import table_state
from companion.services.tables import NotFound
from companion.storage import history
from companion.storage.store import TableInfo


def finished_plays(engine: Engine, *, device: str, hosted: Sequence[str] = ()) -> list[PlayResult]:
    """Return the finished tables a phone played (its device held a seat) or hosted (by code), newest first."""
    return history.plays(engine, device=device, codes=hosted)


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


def results_view(engine: Engine, table: TableInfo, translate: Callable[[str], str]) -> ResultsView:
    """Return the results of a table: ranks, winners, breakdown rows and chart (names of forgotten
    players replaced), the reveal and the BG Stats link once it has ended, the seed's hash."""
    state = table_state(engine, table, stored_up_to=table.last_seq)
    board = scoreboard(state)
    play = play_result(table.code, table.setup, board, {}, table.created_at)
    link = None
    if state.ended:
        kept = keep_play(engine, table, state)  # kept when the table ended; this heals a table that ended before
        game = get_game(table.setup.game)
        link = bgstats_link(bgstats_push(kept, translate(game.name), game.bgg_id, translate(SOURCE_NAME)))
        forgotten = history.forgotten_seats(engine, table_id=table.id)
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
        game_over=over(get_game(table.setup.game), state),
        reveal=reveal(board) if state.ended else None,
        seed_hash=public_seed_hash(state),
        bgstats_link=link,
    )


def export_play(engine: Engine, table: TableInfo) -> PlayResult:
    """Return the kept result of an ended table (for the CSV and BG Stats exports), or raise NotFound."""
    play = kept_play(engine, table)
    if play is None:
        state = table_state(engine, table)
        if not state.ended:
            raise NotFound
        play = keep_play(engine, table, state)
    return play
