"""After the game: the read-only results link, each table's exports, and this phone's history of finished tables."""

from __future__ import annotations

import json

from flask import Response, render_template
from flask.typing import ResponseReturnValue
from flask_babel import gettext

from companion.exports import SOURCE_NAME, bgstats_file, categories_csv, players_csv
from companion.games.registry import GAMES, get_game
from companion.policy import Action
from companion.results import PlayResult, ranks_in_words, winners_in_words
from companion.services import results as table_results
from companion.services.table import NotFound
from companion.web.door import Blueprint, this_table
from companion.web.extensions import engine, tables
from companion.web.membership import device_id, hosted_codes
from companion.web.qr import qr_response
from companion.web.views.play import results_context
from companion.web.views.tables import shared_url

bp = Blueprint("results", __name__)


# -- The read-only results link ----------------------------------------------------------------


@bp.get("/r/<token>", action=Action.VIEW_SHARED_RESULTS)
def public(token: str) -> ResponseReturnValue:
    """Show a table's results to anyone holding its results link (read-only, no seat, no cookie)."""
    table = tables().find(results_token=token)
    return render_template("tables/results.html", **results_context(table), role=None)


@bp.get("/r/<token>/qr.svg", action=Action.VIEW_SHARED_RESULTS)
def public_qr(token: str) -> ResponseReturnValue:
    """Return the results link as an SVG QR code."""
    return qr_response(shared_url("results.public", token=tables().find(results_token=token).info.results_token))


# -- Exports of one table ----------------------------------------------------------------------


def _ended_play() -> PlayResult:
    """The kept result of this request's table (the door lets only an ended table through)."""
    play = table_results.export_play(this_table())
    if play is None:
        raise NotFound
    return play


def _download(body: str, mimetype: str, filename: str) -> Response:
    return Response(body, mimetype=mimetype, headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@bp.get("/t/<code>/players.csv", action=Action.EXPORT_RESULTS)
def table_players_csv(code: str) -> ResponseReturnValue:
    """Download the table's result as CSV, one row per player."""
    body = players_csv([_ended_play()], gettext)
    return _download(body, "text/csv", f"table-{this_table().code}-players.csv")


@bp.get("/t/<code>/categories.csv", action=Action.EXPORT_RESULTS)
def table_categories_csv(code: str) -> ResponseReturnValue:
    """Download the table's breakdown as CSV, one row per player and score category."""
    body = categories_csv([_ended_play()], gettext)
    return _download(body, "text/csv", f"table-{this_table().code}-categories.csv")


@bp.get("/t/<code>/bgstats.bgsplay", action=Action.EXPORT_RESULTS)
def table_bgstats(code: str) -> ResponseReturnValue:
    """Download the play as a BG Stats play file."""
    play = _ended_play()
    game = get_game(play.game)
    body = json.dumps(bgstats_file(play, gettext(game.name), game.bgg_id, gettext(SOURCE_NAME)), ensure_ascii=False)
    return _download(body, "application/json", f"table-{play.code}.bgsplay")


# -- History -----------------------------------------------------------------------------------


@bp.get("/history", action=Action.VIEW_HISTORY)
def history() -> ResponseReturnValue:
    """List the finished tables of this server, with exports of them all."""
    return render_template(
        "history.html", plays=_my_plays(), games=GAMES, ranks_in_words=ranks_in_words, winners_in_words=winners_in_words
    )


def _my_plays() -> list[PlayResult]:
    """The finished tables this phone played or hosted (a profile restored on it brings its seats along)."""
    return table_results.finished_plays(engine(), device=device_id(), hosted=hosted_codes())


@bp.get("/history/players.csv", action=Action.VIEW_HISTORY)
def history_players_csv() -> ResponseReturnValue:
    """Download this phone's finished tables as CSV, one row per player per play."""
    return _download(players_csv(_my_plays(), gettext), "text/csv", "plays-players.csv")


@bp.get("/history/categories.csv", action=Action.VIEW_HISTORY)
def history_categories_csv() -> ResponseReturnValue:
    """Download this phone's finished tables' breakdown as CSV, one row per score category."""
    return _download(categories_csv(_my_plays(), gettext), "text/csv", "plays-categories.csv")
