"""Every refusal becomes a translated message with a 4xx status; htmx gets it as a fragment."""

from __future__ import annotations

from typing import Any

from flask import Flask, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from companion.games.words import N_, Message, RuleError, msg
from companion.policy import Denied
from companion.services.table import KeyReused, NotFound, SeatNotHeld
from companion.storage.db import unavailable
from companion.web.htmx import wants_fragment

MESSAGES_TARGET = "#messages"
RETRY_AFTER_SECONDS = 5
LIMITED_RETRY_AFTER_SECONDS = 60
SPECTATORS_ONLY_WATCH = N_("Spectators can only watch.")
NO_TABLE = N_("There is no table with that code or link that this phone has joined. To join, scan the host's QR code.")


class Refused(Exception):
    """A request the app turns down with a 4xx status and a translatable message."""

    def __init__(self, status: int, message: Message) -> None:
        super().__init__(message.msgid)
        self.status = status
        self.message = message


def refuse(status: int, msgid: str, **params: Any) -> Refused:
    """Return a :class:`Refused` to raise."""
    return Refused(status, msg(msgid, **params))


HTTP_MESSAGES = {
    400: N_("The request could not be understood."),
    403: N_("You are not allowed to do that."),
    404: N_("There is nothing at this address."),
    405: N_("That action is not available here."),
    413: N_("That entry is too large."),
    429: N_("Too many attempts from this network. Wait a minute, then try again."),
    500: N_(
        "Something went wrong on our side, and this may not have been saved. Check the table, then try again:"
        " an entry sent again is stored only once."
    ),
}

PAGE_FAILED = N_(
    "Something went wrong on our side while showing this page. Everything recorded is kept: try again in a moment."
)


def render_error(status: int, message: Message) -> tuple[str, int, dict[str, str]]:
    """Render ``message`` as a page, or for htmx as a fragment swapped into the message area."""
    if wants_fragment():
        headers = {"HX-Retarget": MESSAGES_TARGET, "HX-Reswap": "innerHTML"}
        return render_template("partials/_error.html", message=message, status=status), status, headers
    return render_template("errors/error.html", message=message, status=status), status, {}


def init_app(app: Flask) -> None:
    """Register the error handlers."""

    @app.errorhandler(Refused)
    def refused(error: Refused) -> tuple[str, int, dict[str, str]]:
        return render_error(error.status, error.message)

    @app.errorhandler(RuleError)
    def rule_error(error: RuleError) -> tuple[str, int, dict[str, str]]:
        return render_error(422, error.message)

    @app.errorhandler(NotFound)
    def no_table(_error: NotFound) -> tuple[str, int, dict[str, str]]:
        # The same answer whether the code does not exist or this phone has not joined it, so
        # that nobody can tell existing codes from guesses.
        return render_error(404, msg(NO_TABLE))

    @app.errorhandler(SeatNotHeld)
    def seat_not_held(_error: SeatNotHeld) -> tuple[str, int, dict[str, str]]:
        return render_error(403, msg(SPECTATORS_ONLY_WATCH))

    @app.errorhandler(Denied)
    def denied(error: Denied) -> tuple[str, int, dict[str, str]]:
        if error.stranger:  # what an unknown code gets
            return no_table(NotFound())
        return render_error(403, msg(error.right.refusal))

    @app.errorhandler(KeyReused)
    def key_reused(_error: KeyReused) -> tuple[str, int, dict[str, str]]:
        return render_error(
            409, msg(N_("This form was already sent with other values. Reload the page and try again."))
        )

    @app.errorhandler(CSRFError)
    def stale_form(_error: CSRFError) -> tuple[str, int, dict[str, str]]:
        return render_error(400, msg(N_("This form is out of date or damaged. Reload the page and try again.")))

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> tuple[str, int, dict[str, str]]:
        status = error.code or 500
        body, status, headers = render_error(status, msg(HTTP_MESSAGES.get(status, HTTP_MESSAGES[400])))
        if status == 429:
            headers = {**headers, "Retry-After": str(LIMITED_RETRY_AFTER_SECONDS)}
        return body, status, headers

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> tuple[str, int, dict[str, str]]:
        reason = unavailable(error)
        if reason is not None:
            # The database is read-only, full or away: say so, and let phones send again later.
            app.logger.warning("database unavailable: %s: %s", type(error).__name__, str(error).splitlines()[0])
            body, status, headers = render_error(503, msg(reason))
            return body, status, {**headers, "Retry-After": str(RETRY_AFTER_SECONDS)}
        app.logger.exception("unexpected error", exc_info=error)
        if request.method in ("GET", "HEAD"):  # a page shown stores nothing: nothing recorded is at stake
            return render_error(500, msg(PAGE_FAILED))
        return render_error(500, msg(HTTP_MESSAGES[500]))
