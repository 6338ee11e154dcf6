"""htmx in one place: is this request asking for a fragment, and the headers that go with it."""

from __future__ import annotations

from flask import Response, request


def wants_fragment() -> bool:
    """True for htmx requests that swap a fragment (not boosted, not a history restore)."""
    headers = request.headers
    return (
        headers.get("HX-Request") == "true"
        and headers.get("HX-Boosted") != "true"
        and headers.get("HX-History-Restore-Request") != "true"
    )


def add_vary(response: Response) -> Response:
    """Mark responses that differ for htmx so caches keep page and fragment apart."""
    response.vary.add("HX-Request")
    return response


def redirect_for_htmx(response: Response, location: str) -> Response:
    """Turn a redirect into an ``HX-Redirect`` for htmx requests."""
    if request.headers.get("HX-Request") == "true":
        response.status_code = 200
        response.headers["HX-Redirect"] = location
    return response
