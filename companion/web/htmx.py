"""htmx in one place, through flask-htmx: is this request asking for a fragment, and ``Vary: HX-Request``."""

from __future__ import annotations

from flask import Flask, Response
from flask_htmx import HTMX

htmx = HTMX()


def init_app(app: Flask) -> None:
    """Give ``app`` flask-htmx and add the ``Vary: HX-Request`` header to every response with a body."""
    htmx.init_app(app)
    app.after_request(add_vary)


def wants_fragment() -> bool:
    """True for htmx requests that swap a fragment (not boosted, not a history restore)."""
    return bool(htmx) and not htmx.boosted and not htmx.history_restore_request


def add_vary(response: Response) -> Response:
    """Mark responses that differ for htmx so caches keep page and fragment apart (an empty one has nothing to keep)."""
    if response.status_code != 204:
        response.vary.add("HX-Request")
    return response
