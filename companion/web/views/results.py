"""After the game: the read-only results link, each table's exports, and this phone's history of finished tables."""

from __future__ import annotations

import json

from flask import Blueprint, Response, render_template
from flask.typing import ResponseReturnValue
from flask_babel import gettext

from companion import services
from companion.exports import SOURCE_NAME, bgstats_file, categories_csv, players_csv
from companion.games.registry import GAMES, get_game
from companion.policy import Action, require
from companion.results import PlayResult
from companion.storage.store import TableInfo
from companion.web.membership import device_id, hosted_codes
from companion.web.requests import engine, qr_response, table_state
from companion.web.views.play import member, results_context
from companion.web.views.tables import shared_url

bp = Blueprint("results", __name__)


# -- The read-only results link ----------------------------------------------------------------


@bp.get("/r/<token>")
def public(token: str) -> ResponseReturnValue:
    """Show a table's results to anyone holding its results link (read-only, no seat, no cookie)."""
    table = services.find_table(engine(), results_token=token)
    return render_template("tables/results.html", **results_context(table), role=None)


@bp.get("/r/<token>/qr.svg")
def public_qr(token: str) -> ResponseReturnValue:
    """Return the results link as an SVG QR code."""
    table = services.find_table(engine(), results_token=token)
    return qr_response(shared_url("results.public", token=table.results_token))


# -- Exports of one table ----------------------------------------------------------------------


def _ended(code: str) -> TableInfo:
    table, role = member(code)
    require(Action.EXPORT_RESULTS, role.roles, ended=table_state(table).ended)
    return table


def _download(body: str, mimetype: str, filename: str) -> Response:
    return Response(body, mimetype=mimetype, headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@bp.get("/t/<code>/players.csv")
def table_players_csv(code: str) -> ResponseReturnValue:
    """Download the table's result as CSV, one row per player."""
    table = _ended(code)
    body = players_csv([services.export_play(engine(), table)], gettext)
    return _download(body, "text/csv", f"table-{table.code}-players.csv")


@bp.get("/t/<code>/categories.csv")
def table_categories_csv(code: str) -> ResponseReturnValue:
    """Download the table's breakdown as CSV, one row per player and score category."""
    table = _ended(code)
    body = categories_csv([services.export_play(engine(), table)], gettext)
    return _download(body, "text/csv", f"table-{table.code}-categories.csv")


@bp.get("/t/<code>/bgstats.bgsplay")
def table_bgstats(code: str) -> ResponseReturnValue:
    """Download the play as a BG Stats play file."""
    table = _ended(code)
    play = services.export_play(engine(), table)
    game = get_game(play.game)
    body = json.dumps(bgstats_file(play, gettext(game.name), game.bgg_id, gettext(SOURCE_NAME)), ensure_ascii=False)
    return _download(body, "application/json", f"table-{table.code}.bgsplay")


# -- History -----------------------------------------------------------------------------------


@bp.get("/history")
def history() -> ResponseReturnValue:
    """List the finished tables of this server, with exports of them all."""
    return render_template("history.html", plays=_my_plays(), games=GAMES)


def _my_plays() -> list[PlayResult]:
    """The finished tables this phone played or hosted (a profile restored on it brings its seats along)."""
    return services.finished_plays(engine(), device=device_id(), hosted=hosted_codes())


@bp.get("/history/players.csv")
def history_players_csv() -> ResponseReturnValue:
    """Download this phone's finished tables as CSV, one row per player per play."""
    return _download(players_csv(_my_plays(), gettext), "text/csv", "plays-players.csv")


@bp.get("/history/categories.csv")
def history_categories_csv() -> ResponseReturnValue:
    """Download this phone's finished tables' breakdown as CSV, one row per score category."""
    return _download(categories_csv(_my_plays(), gettext), "text/csv", "plays-categories.csv")
