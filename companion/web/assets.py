"""What goes over the wire: compressed answers, and static files fingerprinted and cached for a year.

Every ``url_for('static', filename=...)`` carries ``v=<digest of the file>``: a changed file gets a
new URL, so a phone may keep the old one forever. A request with the current digest is answered
``immutable`` for a year; anything else (no digest, an old one) must be revalidated.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from flask import Flask, Response, current_app, request
from flask_compress import Compress

VERSION_ARG = "v"
YEAR = 365 * 24 * 60 * 60
# Never text/event-stream: a stream is compressed only as it ends, which an event stream never does.
COMPRESSED_TYPES = (
    "text/html",
    "text/css",
    "text/javascript",
    "application/javascript",
    "application/json",
    "application/manifest+json",
    "image/svg+xml",
)

_digests: dict[tuple[str, int], str] = {}


def init_app(app: Flask) -> None:
    """Compress HTML, CSS, JS, JSON and SVG (brotli or gzip, by Flask-Compress) and fingerprint static URLs."""
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    app.config.setdefault("COMPRESS_MIMETYPES", list(COMPRESSED_TYPES))
    app.config.setdefault("COMPRESS_MIN_SIZE", 512)
    # Every answer is compressed anew, pages and boards as they are made and static files as Flask
    # streams them: brotli 5 for both, which puts a phone's first visit with its service worker's
    # downloads under 45 KB (gzip 6 on the streams and brotli 1 on pages: 45.8 KB) for about 0.2 ms
    # more per 10 KB board (docs/benchmarks.md, "Against the floor").
    app.config.setdefault("COMPRESS_BR_LEVEL", 5)
    app.config.setdefault("COMPRESS_ALGORITHM_STREAMING", ["br", "gzip"])
    # No page carries an ETag: making it conditional would only add a second Date header to the server's.
    app.config.setdefault("COMPRESS_EVALUATE_CONDITIONAL_REQUEST", False)
    Compress(app)
    app.url_defaults(_fingerprint)
    app.after_request(_cache_lifetime)


def static_version(filename: str) -> str:
    """Return the digest of a static file (12 hex digits; recomputed when the file changes)."""
    path = Path(current_app.static_folder or "static") / filename
    try:
        stat = path.stat()
    except OSError:
        return "0"
    key = (str(path), stat.st_mtime_ns)
    digest = _digests.get(key)
    if digest is None:
        digest = _digests[key] = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
    return digest


def _fingerprint(endpoint: str | None, values: dict[str, Any]) -> None:
    if endpoint == "static" and "filename" in values and VERSION_ARG not in values:
        values[VERSION_ARG] = static_version(values["filename"])


def _cache_lifetime(response: Response) -> Response:
    if response.status_code not in (200, 304) or request.endpoint != "static":
        return response
    filename = (request.view_args or {}).get("filename", "")
    if hasattr(response.response, "close"):
        # Flask-Compress replaces the file a compressed stream reads with its compressor, whose
        # closing does not reach the file: the response closes it when the answer is sent.
        response.call_on_close(response.response.close)
    if request.args.get(VERSION_ARG) == static_version(filename):
        response.cache_control.no_cache = None  # Flask's default for static files: it would undo the year
        response.cache_control.public = True
        response.cache_control.max_age = YEAR
        response.cache_control.immutable = True
    else:
        response.cache_control.no_cache = True
    return response
