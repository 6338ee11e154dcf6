"""A play's exports: CSV per player and per category (safe in a spreadsheet), and BG Stats."""

from __future__ import annotations

import csv
import io
import json
import urllib.parse
import uuid
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.games.words import NP_, without_context
from companion.results import FORMER_PLAYER, PlayResult, SeatResult

PLAYER_COLUMNS = ("table", "game", "ended_at", "decided", "seat", "player", "rank", "winner", "total")
CATEGORY_COLUMNS = ("table", "game", "ended_at", "seat", "player", "category", "label", "points")
# The header row in the reader's language (the English names are the columns' names as they were).
COLUMN_NAMES = {
    "table": NP_("CSV column", "table"),
    "game": NP_("CSV column", "game"),
    "ended_at": NP_("CSV column", "ended_at"),
    "decided": NP_("CSV column", "decided"),
    "seat": NP_("CSV column", "seat"),
    "player": NP_("CSV column", "player"),
    "rank": NP_("CSV column", "rank"),
    "winner": NP_("CSV column", "winner"),
    "total": NP_("CSV column", "total"),
    "category": NP_("CSV column", "category"),
    "label": NP_("CSV column", "label"),
    "points": NP_("CSV column", "points"),
}


def _header(columns: Sequence[str], translate: Callable[[str], str]) -> list[str]:
    return [without_context(translate(COLUMN_NAMES[column])) for column in columns]


def shown_name(seat: SeatResult, translate: Callable[[str], str]) -> str:
    """Return the player's name, or "a former player" once they asked to be forgotten."""
    return translate(FORMER_PLAYER) if seat.forgotten else seat.name


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _cell(text: str) -> str:
    """Return typed text as a CSV cell a spreadsheet shows as text, never runs (OWASP's CSV injection advice)."""
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def players_csv(plays: Sequence[PlayResult], translate: Callable[[str], str] = lambda s: s) -> str:
    """Return a CSV with one row per player per play."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(_header(PLAYER_COLUMNS, translate))
    for play in plays:
        for seat in play.seats:
            writer.writerow(
                (
                    play.code,
                    play.game,
                    play.ended_at.isoformat(timespec="seconds"),
                    int(play.decided),
                    seat.seat,
                    _cell(shown_name(seat, translate)),
                    seat.rank,
                    int(seat.winner),
                    seat.total,
                )
            )
    return buffer.getvalue()


def categories_csv(plays: Sequence[PlayResult], translate: Callable[[str], str] = lambda s: s) -> str:
    """Return a CSV with one row per score category per player per play."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(_header(CATEGORY_COLUMNS, translate))
    for play in plays:
        for seat in play.seats:
            for category in seat.categories:
                writer.writerow(
                    (
                        play.code,
                        play.game,
                        play.ended_at.isoformat(timespec="seconds"),
                        seat.seat,
                        _cell(shown_name(seat, translate)),
                        _cell(category.key),
                        _cell(without_context(translate(category.label))),
                        category.points,
                    )
                )
    return buffer.getvalue()


# BG Stats (bgstatsapp.com): the push link of "Push plays to BG Stats from other apps or websites",
# and the single-play file that its own export writes (the "about" line is the one it writes).
BGSTATS_PUSH = "https://app.bgstatsapp.com/createPlay.html"
BGSTATS_ABOUT = (
    "This is a Play file that can be read by Board Game Stats. If you see this text, try to use a share, "
    "export or open-in function to open it with Board Game Stats."
)
SOURCE_NAME = "Table Companion"
BGSTATS_DATE = "%Y-%m-%d %H:%M:%S"


def bgstats_push(play: PlayResult, game_name: str, bgg_id: int | None, location: str) -> dict[str, Any]:
    """Return the play as the JSON that BG Stats' push link carries."""
    game: dict[str, Any] = {"name": game_name, "highestWins": True, "noPoints": False, "sourceGameId": play.game}
    if bgg_id is not None:
        game["bggId"] = bgg_id
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play.code,
        "playDate": play.ended_at.strftime(BGSTATS_DATE),
        "location": location,
        "board": "",
        "comments": "",
        "game": game,
        "players": [
            {
                "name": shown_name(seat, lambda s: s),
                "sourcePlayerId": f"{play.code}-{seat.seat}",
                "rank": seat.rank,
                "score": seat.total,
                "winner": seat.winner,
                "startPlayer": seat.seat == play.start_seat,
                "role": "",
            }
            for seat in play.seats
        ],
    }


def bgstats_link(push: Mapping[str, Any]) -> str:
    """Return the "send to BG Stats" link for a push play."""
    data = json.dumps(push, ensure_ascii=False, separators=(",", ":"))
    return f"{BGSTATS_PUSH}?{urllib.parse.urlencode({'data': data}, quote_via=urllib.parse.quote)}"


def bgstats_file(play: PlayResult, game_name: str, bgg_id: int | None, location: str) -> dict[str, Any]:
    """Return a BG Stats play file holding this one play."""
    game: dict[str, Any] = {
        "id": 1,
        "uuid": str(uuid.uuid5(uuid.NAMESPACE_URL, f"table-companion:game:{play.game}")),
        "name": game_name,
        "highestWins": True,
        "noPoints": False,
        "cooperative": False,
        "usesTeams": False,
        "sourceGameId": play.game,
    }
    if bgg_id is not None:
        game["bggId"] = bgg_id
    players = [
        {
            "id": index,
            "uuid": str(uuid.uuid5(uuid.NAMESPACE_URL, f"table-companion:player:{play.code}:{seat.seat}")),
            "name": shown_name(seat, lambda s: s),
            "isAnonymous": seat.forgotten,
        }
        for index, seat in enumerate(play.seats, start=1)
    ]
    return {
        "about": BGSTATS_ABOUT,
        "games": [game],
        "locations": [{"id": 1, "name": location}],
        "players": players,
        "plays": [
            {
                "uuid": str(uuid.uuid5(uuid.NAMESPACE_URL, f"table-companion:play:{play.code}")),
                "gameRefId": 1,
                "locationRefId": 1,
                "playDate": play.ended_at.strftime(BGSTATS_DATE),
                "playDateYmd": int(play.ended_at.strftime("%Y%m%d")),
                "ignored": False,
                "manualWinner": False,
                "rounds": 0,
                "scoringSetting": 0,
                "board": "",
                "comments": "",
                "playerScores": [
                    {
                        "playerRefId": index,
                        "score": str(seat.total),
                        "rank": seat.rank,
                        "winner": seat.winner,
                        "newPlayer": False,
                        "startPlayer": seat.seat == play.start_seat,
                        "seatOrder": seat.seat,
                        "role": "",
                    }
                    for index, seat in enumerate(play.seats, start=1)
                ],
            }
        ],
        "userInfo": {"meRefId": 1},
    }
