"""The installable app shell: manifest, service worker (served from the root), offline page."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, current_app, render_template
from flask.typing import ResponseReturnValue

bp = Blueprint("shell", __name__)


@bp.get("/manifest.webmanifest")
def manifest() -> ResponseReturnValue:
    """Return the web app manifest (name in the page language)."""
    body = render_template("manifest.webmanifest")
    return Response(body, mimetype="application/manifest+json")


@bp.get("/sw.js")
def service_worker() -> ResponseReturnValue:
    """Serve the service worker from the root so that it controls every page."""
    script = Path(current_app.static_folder or "static", "js", "sw.js").read_text()
    headers = {"Service-Worker-Allowed": "/", "Cache-Control": "no-cache"}
    return Response(script, mimetype="text/javascript", headers=headers)


@bp.get("/offline")
def offline() -> ResponseReturnValue:
    """The page shown when a page is opened without a connection."""
    return render_template("offline.html")
