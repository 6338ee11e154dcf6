"""The end of the night: a play's result as plain values, its reveal, breakdown and chart.

A :class:`PlayResult` is built from a scoreboard when a table ends (and kept in the results
tables), or read back from them. The reveal, the breakdown and the bar chart are computed from it
here, and its exports in :mod:`companion.exports`, so that views and templates only display.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from unicodedata import east_asian_width

from companion.games.contract import Setup
from companion.games.scores import Scoreboard
from companion.games.time_zones import local
from companion.games.words import N_, Message, listing, msg, number, plural

FORMER_PLAYER = N_("a former player")


@dataclass(frozen=True)
class CategoryResult:
    """Points of one scoring category."""

    key: str
    label: str  # a message id
    points: int


@dataclass(frozen=True)
class SeatResult:
    """One player's line of a finished play."""

    seat: int
    name: str
    colour: str
    rank: int
    total: int
    winner: bool
    categories: tuple[CategoryResult, ...]
    device: str | None = None
    forgotten: bool = False


@dataclass(frozen=True)
class PlayResult:
    """A finished play: the game, when it ended, whether it was decided, and every seat's line."""

    code: str
    game: str
    ended_at: datetime
    decided: bool
    seats: tuple[SeatResult, ...]
    start_seat: int | None = None  # the start player, when the game knows it
    imported: bool = False  # recreated from a scenario file
    time_zone: str | None = None  # the players' IANA zone (None: UTC)

    @property
    def local_end(self) -> datetime:
        """When the table ended, in the players' time zone (the exports say this time)."""
        return local(self.ended_at, self.time_zone)

    @property
    def winners(self) -> tuple[SeatResult, ...]:
        """The winning seats (none while undecided, or when a solo player lost to the automa)."""
        return tuple(seat for seat in self.seats if seat.winner)


def play_result(
    code: str,
    setup: Setup,
    board: Scoreboard,
    claims: Mapping[int, str],
    ended_at: datetime,
    time_zone: str | None = None,
) -> PlayResult:
    """Return the result of a table from its scoreboard (``claims``: the phone holding each seat)."""
    colours = {p.seat: p.colour for p in setup.players}
    winners = set(board.winners)
    return PlayResult(
        code=code,
        game=setup.game,
        ended_at=ended_at,
        time_zone=time_zone,
        decided=board.decided,
        start_seat=board.start_seat,
        seats=tuple(
            SeatResult(
                seat=line.seat,
                name=line.name,
                colour=colours[line.seat],
                rank=line.rank,
                total=line.total,
                winner=line.seat in winners,
                categories=tuple(CategoryResult(c.key, c.label, c.points) for c in line.categories),
                device=claims.get(line.seat),
            )
            for line in board.players
        ),
    )


# -- Ranks in words ------------------------------------------------------------------------------


def ordinal(rank: int, tied: bool = False) -> Message:
    """Return a rank as said: "1st", "2nd (tied)"; 「1位」「2位（同点）」 (docs/words.md, "Ranks")."""
    if rank % 100 in (11, 12, 13) or rank % 10 not in (1, 2, 3):
        said = msg(N_("{rank}th"), rank=rank)
    else:
        said = msg({1: N_("{rank}st"), 2: N_("{rank}nd"), 3: N_("{rank}rd")}[rank % 10], rank=rank)
    return msg(N_("{rank} (tied)"), rank=said) if tied else said


def rank_line(seat: SeatResult, tied: bool) -> Message:
    """Return one player's place in a finished play: "1st Yu 12 points", 「1位 ユウ 12点」."""
    name: str | Message = msg(FORMER_PLAYER) if seat.forgotten else seat.name
    return msg(
        plural(seat.total, N_("{rank} {name} {total} point"), N_("{rank} {name} {total} points")),
        rank=ordinal(seat.rank, tied),
        name=name,
        total=number(seat.total),
    )


def ranks_in_words(play: PlayResult) -> Message:
    """Return the places of a finished play as one list (ties said as such)."""
    shared = [seat.rank for seat in play.seats]
    return listing(rank_line(seat, shared.count(seat.rank) > 1) for seat in play.seats)


def winners_in_words(play: PlayResult) -> Message:
    """Return the names of a finished play's winners as one list (a forgotten player as such)."""
    return listing(msg(FORMER_PLAYER) if seat.forgotten else seat.name for seat in play.winners)


# -- The reveal ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Reveal:
    """The moment a game ends, as every phone shows it: who won, how a tie was settled, the ranking."""

    headline: Message  # "Aki wins!", a shared win, the automa's win, or a tie still being played out
    winners: tuple[int, ...]  # seats, for their colour chips
    settled: tuple[Message, ...]  # how ties were settled (and a solo verdict's reason)
    ranking: tuple[tuple[int, int, str, int], ...]  # (rank, seat, name, total) in rank order


def reveal(board: Scoreboard) -> Reveal:
    """Return the end of a game from its scoreboard: the winners first, then how it was settled."""
    names = {p.seat: p.name for p in board.players}
    winners = board.winners
    if not board.decided:
        headline = msg(N_("No winner yet: a tie is still being played out."))
    elif board.verdict is not None and not board.verdict.player_wins:
        headline = msg(N_("{name} wins!"), name=board.verdict.automa)
    elif len(winners) == 1:
        headline = msg(N_("{name} wins!"), name=names[winners[0]])
    elif winners:
        headline = msg(N_("Shared win: {names}!"), names=listing(names[seat] for seat in winners))
    else:
        headline = msg(N_("The game is over."))
    settled = (*board.tie_break, *((board.verdict.explanation,) if board.verdict is not None else ()))
    ranking = tuple((p.rank, p.seat, p.name, p.total) for p in board.players)
    return Reveal(headline, winners, settled, ranking)


# -- The breakdown -----------------------------------------------------------------------------


@dataclass(frozen=True)
class BreakdownRow:
    """One scoring category across the players (points in the players' column order)."""

    key: str
    label: str
    points: tuple[int, ...]


def breakdown(seats: Sequence[SeatResult]) -> tuple[BreakdownRow, ...]:
    """Return the categories of every player as rows, in the order the game scores them."""
    order: dict[str, str] = {}
    for seat in seats:
        for category in seat.categories:
            order.setdefault(category.key, category.label)
    points = [{c.key: c.points for c in seat.categories} for seat in seats]
    return tuple(BreakdownRow(key, label, tuple(p.get(key, 0) for p in points)) for key, label in order.items())


# -- The bar chart (server-rendered SVG) ---------------------------------------------------------

CHART_WIDTH = 360
LABEL_HEIGHT = 18
BAR_HEIGHT = 16
BAR_GAP = 4
GROUP_GAP = 10
LABEL_GAP = 4  # between a bar's end and its label
CHARACTER_WIDTH = 7  # a character of the 12-unit label font, a little over its average width
WIDE_CHARACTER_WIDTH = 12  # a full-width character (kana, kanji) at that size
LABEL_ROOM_MOST = CHART_WIDTH // 2  # a longer label (a very long name) is cut: its bar keeps half the chart


@dataclass(frozen=True)
class ChartBar:
    """One bar: a player's points in one category, with the coordinates to draw it."""

    name: str
    colour: str
    points: int
    x: int
    y: int
    width: int
    text_x: int
    text_anchor: str


@dataclass(frozen=True)
class ChartGroup:
    """One category: its label and a bar per player."""

    label: str
    label_y: int
    bars: tuple[ChartBar, ...]


@dataclass(frozen=True)
class BarChart:
    """A horizontal bar chart of the breakdown, laid out for a 360-unit-wide SVG."""

    width: int
    height: int
    zero_x: int
    bar_height: int
    groups: tuple[ChartGroup, ...]


def bar_chart(seats: Sequence[SeatResult], rows: Sequence[BreakdownRow]) -> BarChart:
    """Lay out one group of bars per category (one bar per player); negative points go left of zero."""
    values = [points for row in rows for points in row.points]
    most = max((v for v in values if v > 0), default=0)
    least = min((v for v in values if v < 0), default=0)
    span = max(most - least, 1)
    # Room for the labels ("name points") beside the bars: right of zero for points, left for losses.
    labels = [
        (points, _label_width(f"{seat.name} {points}"))
        for row in rows
        for seat, points in zip(seats, row.points, strict=True)
    ]
    right_room = min(LABEL_ROOM_MOST, max((width for points, width in labels if points >= 0), default=0))
    left_room = min(LABEL_ROOM_MOST, max((width for points, width in labels if points < 0), default=0))
    scale = (CHART_WIDTH - left_room - right_room) / span
    zero_x = left_room + round(-least * scale)
    groups = []
    y = 0
    for row in rows:
        label_y = y + LABEL_HEIGHT - 5
        y += LABEL_HEIGHT
        bars = []
        for seat, points in zip(seats, row.points, strict=True):
            length = round(abs(points) * scale)
            left = zero_x if points >= 0 else zero_x - length
            bars.append(
                ChartBar(
                    name=seat.name,
                    colour=seat.colour,
                    points=points,
                    x=left,
                    y=y,
                    width=max(length, 1),
                    text_x=left + length + LABEL_GAP if points >= 0 else left - LABEL_GAP,
                    text_anchor="start" if points >= 0 else "end",
                )
            )
            y += BAR_HEIGHT + BAR_GAP
        groups.append(ChartGroup(row.label, label_y, tuple(bars)))
        y += GROUP_GAP
    return BarChart(CHART_WIDTH, max(y, 1), zero_x, BAR_HEIGHT, tuple(groups))


def _label_width(text: str) -> int:
    """The room a bar's label takes beside it, estimated from its characters (the SVG is laid out here)."""
    wide = sum(1 for character in text if east_asian_width(character) in ("W", "F"))
    return LABEL_GAP + wide * WIDE_CHARACTER_WIDTH + (len(text) - wide) * CHARACTER_WIDTH
