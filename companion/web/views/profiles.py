"""A player's profile on this phone: made, shown with its statistics, deleted, restored on another phone."""

from __future__ import annotations

from flask import redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from companion.games.registry import GAMES
from companion.games.words import N_, RuleError
from companion.policy import Action
from companion.services import profiles
from companion.web.door import Blueprint
from companion.web.errors import refuse
from companion.web.extensions import broker, engine, tables
from companion.web.membership import device_id, forget_profile, held_seats, keep_profile, profile_token, remember
from companion.web.qr import qr_response
from companion.web.views.tables import shared_url

bp = Blueprint("profiles", __name__)


@bp.get("/me", action=Action.MANAGE_PROFILE)
def me() -> ResponseReturnValue:
    """Show this phone's profile and statistics, or the form to make one."""
    profile = profiles.find_profile(engine(), profile_token())
    context: dict[str, object] = {"profile": profile, "games": GAMES, "error": None}
    if profile is not None:
        plays, stats, heads = profiles.player_stats(engine(), profile)
        context.update(plays=plays, stats=stats, heads=heads, restore_link=_restore_link())
    return render_template("me.html", **context)


def _restore_link() -> str:
    return shared_url("profiles.restore", token=profile_token())


@bp.post("/me", action=Action.MANAGE_PROFILE)
def create_profile() -> ResponseReturnValue:
    """Make a profile for this phone, linking the seats it holds."""
    try:
        profile, token = profiles.create_profile(
            tables(), name=request.form.get("name", ""), device=device_id(), seats=held_seats()
        )
    except RuleError as error:
        return render_template("me.html", profile=None, games=GAMES, error=error.message), 422
    except profiles.ProfileExists:
        return redirect(url_for("profiles.me"), 303)  # a second tap: the first one made it
    keep_profile(token, profile.device)
    return redirect(url_for("profiles.me"), 303)


@bp.get("/me/qr.svg", action=Action.MANAGE_PROFILE)
def profile_qr() -> ResponseReturnValue:
    """Return this phone's profile restore link as an SVG QR code."""
    if profiles.find_profile(engine(), profile_token()) is None:
        raise refuse(404, N_("This phone has no profile."))
    return qr_response(_restore_link())


@bp.post("/me/delete", action=Action.MANAGE_PROFILE)
def delete_profile() -> ResponseReturnValue:
    """Delete this phone's profile and replace its name in past results."""
    profile = profiles.find_profile(engine(), profile_token())
    if profile is not None:
        profiles.delete_profile(engine(), profile)
    forget_profile()
    return redirect(url_for("profiles.me"), 303)


@bp.route("/me/restore/<token>", methods=["GET", "POST"], action=Action.RESTORE_PROFILE)
def restore(token: str) -> ResponseReturnValue:
    """Restore a profile (and the seats its phone held) on this phone."""
    profile = profiles.find_profile(engine(), token)
    if profile is None:
        raise refuse(404, N_("This restore link is not valid (the profile may have been deleted)."))
    if request.method == "GET":
        return render_template("restore.html", profile=profile)
    device = device_id()
    try:
        new_token, seats = profiles.restore_profile(tables(), profile, device=device, broker=broker())
    except profiles.ProfileExists:
        raise refuse(409, N_("This phone has a profile of its own: delete it first, then restore.")) from None
    keep_profile(new_token, device)
    for table, seat in seats:
        remember(table.code, seat=seat)
    return redirect(url_for("profiles.me"), 303)
