"""A play's exports: CSV per player and per category (safe in a spreadsheet), and BG Stats."""

from __future__ import annotations

import csv
import io
import json
import urllib.parse
import uuid
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.games.registry import GAMES
from companion.games.words import NP_, without_context
from companion.results import FORMER_PLAYER, PlayResult, SeatResult

# Columns by name; the header row says each in the reader's language. Keys (the game's slug, a
# category's key) stand only in their own key columns: every other column is in the reader's words.
PLAYER_COLUMNS = (
    "table", "game", "game_key", "ended_at", "decided", "seat", "player", "rank", "winner", "total",
)  # fmt: skip
CATEGORY_COLUMNS = (
    "table", "game", "game_key", "ended_at", "seat", "player", "category", "category_key", "points",
)  # fmt: skip
COLUMN_NAMES = {
    "table": NP_("CSV column", "Table"),
    "game": NP_("CSV column", "Game"),
    "game_key": NP_("CSV column", "Game key"),
    "ended_at": NP_("CSV column", "Ended at"),
    "decided": NP_("CSV column", "Decided"),
    "seat": NP_("CSV column", "Seat"),
    "player": NP_("CSV column", "Player"),
    "rank": NP_("CSV column", "Rank"),
    "winner": NP_("CSV column", "Winner"),
    "total": NP_("CSV column", "Total"),
    "category": NP_("CSV column", "Category"),
    "category_key": NP_("CSV column", "Category key"),
    "points": NP_("CSV column", "Points"),
}
# Excel (Japanese Windows' above all) reads a CSV as the system's code page unless it starts with
# UTF-8's byte order mark.
BOM = "\ufeff"


def _header(columns: Sequence[str], translate: Callable[[str], str]) -> list[str]:
    return [without_context(translate(COLUMN_NAMES[column])) for column in columns]


def game_name(slug: str, translate: Callable[[str], str]) -> str:
    """Return a game's name in the reader's language (its slug only for a game this server no longer has)."""
    game = GAMES.get(slug)
    return without_context(translate(game.name)) if game is not None else slug


def ended_at(play: PlayResult) -> str:
    """When the play ended, in ISO 8601 with the offset of the players' time zone."""
    return play.local_end.isoformat(timespec="seconds")


def shown_name(seat: SeatResult, translate: Callable[[str], str]) -> str:
    """Return the player's name, or "a former player" once they asked to be forgotten."""
    return translate(FORMER_PLAYER) if seat.forgotten else seat.name


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _cell(text: str) -> str:
    """Return typed text as a CSV cell a spreadsheet shows as text, never runs (OWASP's CSV injection advice)."""
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def players_csv(plays: Sequence[PlayResult], translate: Callable[[str], str] = lambda s: s) -> str:
    """Return a CSV with one row per player per play (starting with the byte order mark)."""
    buffer = io.StringIO()
    buffer.write(BOM)
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(_header(PLAYER_COLUMNS, translate))
    for play in plays:
        for seat in play.seats:
            writer.writerow(
                (
                    play.code,
                    _cell(game_name(play.game, translate)),
                    play.game,
                    ended_at(play),
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
    """Return a CSV with one row per score category per player per play (starting with the byte order mark)."""
    buffer = io.StringIO()
    buffer.write(BOM)
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(_header(CATEGORY_COLUMNS, translate))
    for play in plays:
        for seat in play.seats:
            for category in seat.categories:
                writer.writerow(
                    (
                        play.code,
                        _cell(game_name(play.game, translate)),
                        play.game,
                        ended_at(play),
                        seat.seat,
                        _cell(shown_name(seat, translate)),
                        _cell(without_context(translate(category.label))),
                        _cell(category.key),
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
BGSTATS_DATE = "%Y-%m-%d %H:%M:%S"  # the players' local time: BG Stats keeps a play's date as its players lived it


def bgstats_push(play: PlayResult, game_name: str, bgg_id: int | None, location: str) -> dict[str, Any]:
    """Return the play as the JSON that BG Stats' push link carries."""
    game: dict[str, Any] = {"name": game_name, "highestWins": True, "noPoints": False, "sourceGameId": play.game}
    if bgg_id is not None:
        game["bggId"] = bgg_id
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play.code,
        "playDate": play.local_end.strftime(BGSTATS_DATE),
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
                "playDate": play.local_end.strftime(BGSTATS_DATE),
                "playDateYmd": int(play.local_end.strftime("%Y%m%d")),
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
