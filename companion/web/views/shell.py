"""The installable app shell: manifest, service worker (served from the root), offline page."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from flask import Response, current_app, render_template, url_for
from flask.typing import ResponseReturnValue

from companion.policy import Action
from companion.web.door import Blueprint

bp = Blueprint("shell", __name__)

# The app shell kept for offline starts: what every page loads (see templates/base.html).
SHELL_FILES = (
    "css/app.css",
    "js/htmx.min.js",
    "js/sse.min.js",
    "js/idiomorph-ext.min.js",
    "js/app.js",
    "icons/icon.svg",
    "icons/icon-192.png",
)


@bp.get("/manifest.webmanifest", action=Action.USE_SITE)
def manifest() -> ResponseReturnValue:
    """Return the web app manifest (name in the page language)."""
    body = render_template("manifest.webmanifest")
    return Response(body, mimetype="application/manifest+json")


@bp.get("/sw.js", action=Action.USE_SITE)
def service_worker() -> ResponseReturnValue:
    """Serve the service worker from the root so that it controls every page."""
    static = Path(current_app.static_folder or "static")
    shell = [url_for("shell.offline"), *(url_for("static", filename=name) for name in SHELL_FILES)]
    script = (
        (static / "js" / "sw.js")
        .read_text()
        .replace("__SHELL_VERSION__", _shell_version(static))
        .replace("__SHELL_URLS__", json.dumps(shell))
    )
    headers = {"Service-Worker-Allowed": "/", "Cache-Control": "no-cache"}
    return Response(script, mimetype="text/javascript", headers=headers)


def _shell_version(static: Path) -> str:
    """A digest of the app shell's files: a new release makes phones fetch it again."""
    digest = hashlib.sha256()
    for path in sorted(static.rglob("*")):
        if path.is_file():
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


@bp.get("/offline", action=Action.USE_SITE)
def offline() -> ResponseReturnValue:
    """The page shown when a page is opened without a connection."""
    return render_template("offline.html")
