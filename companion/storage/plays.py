"""Storage of finished plays: a table's result kept when it ends, the plays a phone took part in, the statistics.

Written when a table ends; the ledger is never touched here. Profiles are kept in
:mod:`companion.storage.profiles`, host recovery links in :mod:`companion.storage.host_links`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, or_, select

from companion.results import CategoryResult, PlayResult, SeatResult
from companion.storage.db import read_session, write_session
from companion.storage.models import PlayRecord, SeatResultRecord

FORMER_PLAYER_NAME = ""  # stored instead of the name of a player who deleted their profile


def _utc(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


# -- Plays -------------------------------------------------------------------------------------


def save_play(engine: Engine, *, table_id: int, play: PlayResult) -> bool:
    """Keep a finished table's result; False when it was already kept (a table ends once)."""
    try:
        with write_session(engine) as session:
            record = PlayRecord(
                table_id=table_id,
                code=play.code,
                game=play.game,
                decided=play.decided,
                ended_at=play.ended_at,
                start_seat=play.start_seat,
                imported=play.imported,
                time_zone=play.time_zone,
            )
            session.add(record)
            session.flush()
            assert record.id is not None
            for seat in play.seats:
                session.add(
                    SeatResultRecord(
                        play_id=record.id,
                        seat=seat.seat,
                        name=seat.name,
                        colour=seat.colour,
                        rank=seat.rank,
                        total=seat.total,
                        winner=seat.winner,
                        categories=[{"key": c.key, "label": c.label, "points": c.points} for c in seat.categories],
                        device=seat.device,
                    )
                )
    except IntegrityError:
        return False
    return True


def _play(record: PlayRecord, seats: Sequence[SeatResultRecord]) -> PlayResult:
    return PlayResult(
        code=record.code,
        game=record.game,
        ended_at=_utc(record.ended_at),
        time_zone=record.time_zone,
        decided=record.decided,
        start_seat=record.start_seat,
        imported=record.imported,
        seats=tuple(
            SeatResult(
                seat=s.seat,
                name=s.name,
                colour=s.colour,
                rank=s.rank,
                total=s.total,
                winner=s.winner,
                categories=tuple(CategoryResult(c["key"], c["label"], int(c["points"])) for c in s.categories),
                device=s.device,
                forgotten=s.forgotten,
            )
            for s in sorted(seats, key=lambda s: (s.rank, s.seat))
        ),
    )


def plays(
    engine: Engine,
    *,
    table_id: int | None = None,
    device: str | None = None,
    codes: Sequence[str] = (),
    limit: int = 200,
) -> list[PlayResult]:
    """Return finished plays, newest first: all, one table's, or those a phone held a seat in (or whose
    codes it was given: the tables it hosted)."""
    query = select(PlayRecord)
    if table_id is not None:
        query = query.where(PlayRecord.table_id == table_id)
    if device is not None:
        held = select(SeatResultRecord.play_id).where(SeatResultRecord.device == device)
        query = query.where(or_(col(PlayRecord.id).in_(held), col(PlayRecord.code).in_(list(codes))))
    query = query.order_by(col(PlayRecord.ended_at).desc(), col(PlayRecord.id).desc()).limit(limit)
    with read_session(engine) as session:
        records = session.exec(query).all()
        ids = [r.id for r in records]
        seats: dict[int, list[SeatResultRecord]] = defaultdict(list)
        for seat in session.exec(select(SeatResultRecord).where(col(SeatResultRecord.play_id).in_(ids))).all():
            seats[seat.play_id].append(seat)
        return [_play(r, seats[r.id or 0]) for r in records]


# -- Statistics --------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameStats:
    """One player's record in one game."""

    game: str
    plays: int
    wins: int
    average: float
    best: int

    @property
    def win_rate(self) -> int:
        """Wins as a whole percentage of plays."""
        return round(100 * self.wins / self.plays) if self.plays else 0


@dataclass(frozen=True)
class HeadToHead:
    """How a player fared against one opponent at the tables they shared."""

    opponent: str
    plays: int
    ahead: int  # plays in which the player ranked better
    behind: int
    level: int


def stats(results: Sequence[PlayResult], device: str) -> tuple[list[GameStats], list[HeadToHead]]:
    """Return per-game statistics and head-to-head records of the player holding ``device``."""
    by_game: dict[str, list[SeatResult]] = defaultdict(list)
    duels: dict[str, list[int]] = {}
    for play in results:
        mine = next((s for s in play.seats if s.device == device), None)
        if mine is None:
            continue
        by_game[play.game].append(mine)
        for other in play.seats:
            if other is mine:
                continue
            name = FORMER_PLAYER_NAME if other.forgotten else other.name
            record = duels.setdefault(name, [0, 0, 0, 0])
            record[0] += 1
            if mine.rank < other.rank:
                record[1] += 1
            elif mine.rank > other.rank:
                record[2] += 1
            else:
                record[3] += 1
    games = [
        GameStats(
            game=game,
            plays=len(lines),
            wins=sum(1 for line in lines if line.winner),
            average=round(sum(line.total for line in lines) / len(lines), 1),
            best=max(line.total for line in lines),
        )
        for game, lines in sorted(by_game.items())
    ]
    heads = [HeadToHead(name, *record) for name, record in sorted(duels.items(), key=lambda item: -item[1][0])]
    return games, heads


def forgotten_seats(engine: Engine, *, table_id: int) -> set[int]:
    """Return the seats of a finished table whose players asked to be forgotten."""
    query = (
        select(SeatResultRecord.seat)
        .join(PlayRecord, col(PlayRecord.id) == col(SeatResultRecord.play_id))
        .where(PlayRecord.table_id == table_id, col(SeatResultRecord.forgotten).is_(True))
    )
    with read_session(engine) as session:
        return set(session.exec(query).all())
