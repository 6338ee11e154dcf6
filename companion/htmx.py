"""htmx in one place: is this request asking for a fragment, and ``Vary: HX-Request``."""

from __future__ import annotations

from flask import Flask, Response, request

from companion import cookies


def init_app(app: Flask) -> None:
    """Add the ``Vary: HX-Request`` header to every response with a body."""
    app.after_request(add_vary)


def wants_fragment() -> bool:
    """True for htmx requests that swap a fragment (not boosted, not a history restore).

    Read off the request's headers as htmx sends them (``HX-Request: true`` and so on), without
    Werkzeug's header map: every tap and every board fetch asks.
    """
    environ = request.environ
    return (
        environ.get("HTTP_HX_REQUEST") == "true"
        and environ.get("HTTP_HX_BOOSTED") != "true"
        and environ.get("HTTP_HX_HISTORY_RESTORE_REQUEST") != "true"
    )


def add_vary(response: Response) -> Response:
    """Mark responses that differ for htmx so caches keep page and fragment apart (an empty one has nothing to keep)."""
    if response.status_code != 204:
        cookies.add_vary(response, "HX-Request")
    return response
