"""After the game: the read-only results link, exports, history, profiles, host recovery, import."""

from __future__ import annotations

import json

from flask import Blueprint, Response, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext

from companion import services
from companion.exports import SOURCE_NAME, bgstats_file, categories_csv, players_csv
from companion.games.registry import GAMES, get_game
from companion.games.scenario import MAX_SCENARIO_BYTES
from companion.games.words import N_, RuleError
from companion.policy import Action, require
from companion.results import PlayResult
from companion.storage.store import TableInfo
from companion.web.membership import (
    device_id,
    forget_profile,
    held_seats,
    hosted_codes,
    keep_profile,
    membership,
    profile_token,
    remember,
)
from companion.web.requests import broker, engine, qr_data_uri, qr_response, refuse, table_state
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


# -- Profiles ----------------------------------------------------------------------------------


@bp.get("/me")
def me() -> ResponseReturnValue:
    """Show this phone's profile and statistics, or the form to make one."""
    profile = services.find_profile(engine(), profile_token())
    context: dict[str, object] = {"profile": profile, "games": GAMES, "error": None}
    if profile is not None:
        plays, stats, heads = services.player_stats(engine(), profile)
        context.update(plays=plays, stats=stats, heads=heads, restore_link=_restore_link())
    return render_template("me.html", **context)


def _restore_link() -> str:
    return shared_url("results.restore", token=profile_token())


@bp.post("/me")
def create_profile() -> ResponseReturnValue:
    """Make a profile for this phone, linking the seats it holds."""
    try:
        profile, token = services.create_profile(
            engine(), name=request.form.get("name", ""), device=device_id(), seats=held_seats()
        )
    except RuleError as error:
        return render_template("me.html", profile=None, games=GAMES, error=error.message), 422
    except services.ProfileExists:
        return redirect(url_for("results.me"), 303)  # a second tap: the first one made it
    keep_profile(token, profile.device)
    return redirect(url_for("results.me"), 303)


@bp.get("/me/qr.svg")
def profile_qr() -> ResponseReturnValue:
    """Return this phone's profile restore link as an SVG QR code."""
    if services.find_profile(engine(), profile_token()) is None:
        raise refuse(404, N_("This phone has no profile."))
    return qr_response(_restore_link())


@bp.post("/me/delete")
def delete_profile() -> ResponseReturnValue:
    """Delete this phone's profile and replace its name in past results."""
    profile = services.find_profile(engine(), profile_token())
    if profile is not None:
        services.delete_profile(engine(), profile)
    forget_profile()
    return redirect(url_for("results.me"), 303)


@bp.route("/me/restore/<token>", methods=["GET", "POST"])
def restore(token: str) -> ResponseReturnValue:
    """Restore a profile (and the seats its phone held) on this phone."""
    profile = services.find_profile(engine(), token)
    if profile is None:
        raise refuse(404, N_("This restore link is not valid (the profile may have been deleted)."))
    if request.method == "GET":
        return render_template("restore.html", profile=profile)
    device = device_id()
    try:
        new_token, seats = services.restore_profile(engine(), profile, device=device, broker=broker())
    except services.ProfileExists:
        raise refuse(409, N_("This phone has a profile of its own: delete it first, then restore.")) from None
    keep_profile(new_token, device)
    for table, seat in seats:
        remember(table.code, seat=seat)
    return redirect(url_for("results.me"), 303)


# -- Host recovery -----------------------------------------------------------------------------


@bp.post("/t/<code>/recovery")
def host_recovery(code: str) -> ResponseReturnValue:
    """Make a host recovery link and show it once, as a QR code to photograph."""
    table, role = member(code)
    require(Action.MAKE_HOST_KEY, role.roles)
    link = shared_url("results.recover_host", token=services.new_host_key(engine(), table))
    response = Response(render_template("host_recovery.html", table=table, link=link, qr=qr_data_uri(link)))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.route("/host/<token>", methods=["GET", "POST"])
def recover_host(token: str) -> ResponseReturnValue:
    """Give this phone the host's powers at the table of a recovery link."""
    try:
        table = services.host_key_table(engine(), token)
    except services.NotFound:
        raise refuse(404, N_("This host recovery link is not valid.")) from None
    if request.method == "GET":
        current = membership(table.code)
        return render_template("host_restore.html", table=table, already=current is not None and current.host)
    device_id()
    remember(table.code, host=True)
    return redirect(url_for("play.table", code=table.code), 303)


# -- Import ------------------------------------------------------------------------------------


@bp.get("/import")
def import_form() -> ResponseReturnValue:
    """Show the form that recreates a table from a scenario file."""
    return render_template("import.html", error=None)


@bp.post("/import")
def import_scenario() -> ResponseReturnValue:
    """Recreate a table from a scenario file; this phone becomes its host (limited like creating a table)."""
    upload = request.files.get("scenario")
    data = upload.read(MAX_SCENARIO_BYTES + 1) if upload is not None else b""
    for spooled in request.files.values():  # a large file is spooled to disk: closed now, not by the collector
        spooled.close()
    try:
        if not data:
            raise RuleError(N_("Choose a scenario file (at most {limit} MB)."), limit=MAX_SCENARIO_BYTES // 2**20)
        table = services.import_scenario(engine(), data)
    except RuleError as error:
        return render_template("import.html", error=error.message), 422
    device_id()
    remember(table.code, host=True)
    return redirect(url_for("play.table", code=table.code), 303)
